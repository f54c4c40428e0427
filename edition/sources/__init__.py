"""The third layer: the content sources, one module each, each owning its data files in content/.

Each module ends with its ``SOURCE`` (``edition.framework.source.Source``); the edition
(``edition.model.edition``) walks them in order.
"""
