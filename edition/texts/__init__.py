"""The lowest layer: the texts and their checks.

Errors that name file, line and what to do (``errors``); the typography policy (``typography``);
the one loader of data files (``datafiles``), each checked against its schema (``schemas``) and
every string of it against the HTML policy (``html_policy``); ``content/`` walked by rule
(``files``); the grammar of the edition markup and of a line's Markdown (``syntax``); each reading
text parsed once into its document (``document``); the verbatim witnesses (``witnesses``) and a
long one's parts (``witness_parts``); reading-text files (``reading``); the word alignment of
witness and reading text that makes the apparatus (``align``); the spelling check (``spelling``,
``scripts/spelling``). These modules import the standard library, PyYAML, jsonschema, nh3 and
Python-Markdown (the HTML policy renders as the site does), and one another only.
"""
