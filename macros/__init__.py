"""The one thin bridge between MkDocs and the engine.

- ``hooks.py``  MkDocs hooks: load the edition once, add its pages, build the navigation.
- ``main.py``   mkdocs-macros module: the macros that site_src pages may call.
- ``state.py``  the edition and its pages, shared by both, prepared again when content/ or
  templates/pages/ changes (from the build's cache when nothing changed).
- ``serving.py`` what ``make serve`` keeps between builds, to render again only what changed.
- ``rendered.py`` each page's HTML kept in the build's cache, reused while nothing it is made from changed.
"""
