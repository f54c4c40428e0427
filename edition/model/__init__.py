"""The fourth layer: the whole edition, loaded once.

``edition`` loads and checks everything (``load_edition``), into the types of ``types`` (``Work``,
``Page``, ``Edition``), the texts checked against one another by ``checks``; nothing here renders
(the site writes each text: edition/site/markdown.py); ``laws`` makes Foster's Laws as a model;
``records`` holds the works' and the edition's bibliographic records, from which ``cite`` makes
every citation format; ``anchors`` holds every published address and the lock on them;
``snapshot`` what a version quotes.
"""
