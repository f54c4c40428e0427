"""The one thin bridge between MkDocs and the engine.

- ``hooks.py``  MkDocs hooks: load the edition once, add its pages, build the navigation.
- ``main.py``   mkdocs-macros module: the macros that site_src pages may call.
- ``state.py``  the loaded edition, shared by both, reloaded when content/ changes.
"""
