"""The engine's errors. Each message says what was wrong, in plain words.

>>> str(CardError("unknown card 'XQ'"))
"unknown card 'XQ'"
>>> issubclass(CardError, EngineError) and issubclass(EngineError, ValueError)
True
"""
from __future__ import annotations


class EngineError(ValueError):
    """Bad input to the poker engine."""


class CardError(EngineError):
    """A card that is unknown, ambiguous, duplicated, or not in the pack."""


class RulesError(EngineError):
    """An unknown rule set or class of hand, or variants that cannot be combined."""


class HandError(EngineError):
    """A hand of the wrong size, or hands that share a card."""


class BettingError(EngineError):
    """A stake the stated rules do not allow: a raise over the limit, a player who is out."""
