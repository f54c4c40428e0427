"""The top layer: what is published.

The generated pages as Markdown (``pages``, with one module for each page's data), the JSON data
files (``data``), the search index made small (``search_index``), the Content-Security-Policy
(``csp``), the versions: cutting one and the page of changes (``versions``), and the edition
with its pages as a build needs them, kept in the cache between builds (``prepared``).
"""
