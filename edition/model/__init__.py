"""The fourth layer: the whole edition, loaded once.

``edition`` loads and checks everything (``load_edition``); ``markup`` renders a reading text to
Markdown; ``laws`` makes Foster's Laws as a model; ``records`` holds the works' and the edition's
bibliographic records, from which ``cite`` makes every citation format; ``anchors`` holds every
published address and the lock on them; ``snapshot`` what a version quotes.
"""
