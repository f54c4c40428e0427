"""The edition's text pipeline: witness → reading text → page, with the apparatus.

Plain Python over plain data; nothing here knows about MkDocs.

- ``errors``      EditionError: every bad input names file, line and what to do.
- ``witnesses``   the verbatim source files and their checksums.
- ``reading``     reading-text files: front matter, body, spans of the witness.
- ``markup``      the edition markup ({law N}, {supplied: ...}, ...) → Markdown, and → compare text.
- ``typography``  the typography policy: folding for comparison, checks for the source.
- ``align``       word alignment of witness and reading text → emendations.
- ``edition``     loads everything once: works, texts, apparatus, totals.
"""
