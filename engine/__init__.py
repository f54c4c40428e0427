"""The edition's engine: a plain poker library that knows nothing of texts or of MkDocs.

Poker (each module imports only what it needs; nothing is imported here):

- ``cards``: the ``Card`` value type, the pack, cards in codes, suit symbols and the texts' words;
- ``rules``: the classes of hands (``HandClass``, valued by their printed names), the extra hands
  and the rule sets, each with its sources (witness and line);
- ``ranking``: the value of a hand under a rule set, show-downs and the reason in words;
- ``combinatorics``: exact counting of hands by shape; ``deal``: the pat hands, counted and all
  classified at once; ``draws``: the distribution of the hand after the draw;
- ``idiom``: odds as the authors state them ("4¼ to 1", "1 in 23½", "13 to 10");
- ``tables``: the tables the books print, computed; ``cli`` (``python -m engine``);
- ``claims``: a printed figure's computation and the tolerance rule that judges it;
  ``experiments`` (Foster's experiment of coming into jack-pots) and ``simulations`` (the seeded
  models of several players that some claims need), both replayable from their seeds.

The text pipeline is the separate top-level package ``edition``, which calls the engine; nothing
here imports from it or from MkDocs.
"""
