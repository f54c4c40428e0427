"""The top layer: what is published.

Each reading text written once as its page's Markdown (``markdown``, from its parsed document, as
the EPUB's and TEI's writers of ``exports`` write it), the generated pages as Markdown (``pages``,
with one module for each page's data), the JSON data
files (``data``), the search index made small (``search_index``), the Content-Security-Policy
(``csp``), the versions: cutting one and the page of changes (``versions``), and the edition
with its pages as a build needs them, kept in the cache between builds (``prepared``).
"""
