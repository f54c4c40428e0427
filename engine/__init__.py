"""The edition's engine: a plain Python library that knows nothing of MkDocs.

Poker: ``cards``, ``ranking``, combinatorics and the period's idiom for odds.
Text: ``engine.edition`` (witnesses, reading texts, typography, the apparatus).
Nothing here imports from MkDocs; the site reaches the engine only through ``macros/``.
"""
