"""The second layer: the engine's share of a build and what a content source is.

``cache`` keeps the results of pure, costly steps on disk between builds (keyed by the computation
and the code it runs); ``engine_calls`` makes the engine's results the cache does not hold in a
worker process while the texts are read;
``examples`` makes the glossary's example hands; ``source`` says what a content source is (the
data files it owns, the engine calls it plans, the model it builds); ``templating`` is the one
Jinja2 environment over templates/pages/, where the words of every generated page are.
"""
