"""The edition's text pipeline: witness → reading text → page, with the apparatus.

Plain Python over plain data; nothing here knows about MkDocs (``macros/`` is the bridge). The
code is in five layers, each a folder, from the lowest up; a module imports only from its own
layer, the layers below it and ``engine`` (tests/test_structure.py holds the code to this, and the
map in docs/code-map.md, *The code that makes it*, to the folders):

- ``texts``      the texts and their checks: errors, typography, data files, the edition markup,
                 witnesses, reading texts, alignment, spelling.
- ``framework``  the engine's share (a worker process), what a content source is, the templates.
- ``sources``    the content sources, one module each, each owning its data files in content/.
- ``model``      the whole edition, loaded once: markup rendered, Foster's Laws, citations, anchors.
- ``site``       what is published: the generated pages, JSON, the search index, the policy, versions.

``__main__`` is ``python -m edition FILE...`` (``scripts/apparatus``): one reading text checked, its
apparatus listed.
"""
