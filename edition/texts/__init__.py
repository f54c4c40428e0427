"""The lowest layer: the texts and their checks.

Errors that name file, line and what to do (``errors``); the typography policy (``typography``);
the one loader of data files (``datafiles``); the edition markup parsed (``syntax``); the verbatim
witnesses (``witnesses``) and a long one's parts (``witness_parts``); reading-text files
(``reading``); the word alignment of witness and reading text that makes the apparatus
(``align``); the spelling check (``spelling``, ``scripts/spelling``). These modules import the
standard library, PyYAML and one another only.
"""
