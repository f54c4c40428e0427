"""How the edition is cited: one format, used by the "Cite" blocks and documented on the site.

    R. F. Foster, Practical Poker (1905), Law 19. In: Draw Poker: The Laws and the Literature,
    <SITE/laws/19/>.
"""
from __future__ import annotations

EDITION_TITLE = "Draw Poker: The Laws and the Literature"


def law_short_path(n: int) -> str:
    """The permanent short path of Foster's Law *n*, relative to the site root.

    >>> law_short_path(19)
    'laws/19/'
    """
    return f"laws/{n}/"


def citation(author: str, title: str, year: int | None, locator: str, url: str) -> str:
    """A plain-text citation.

    >>> citation("R. F. Foster", "Practical Poker", 1905, "Law 19", "http://127.0.0.1:8000/laws/19/")
    'R. F. Foster, Practical Poker (1905), Law 19. In: Draw Poker: The Laws and the Literature, <http://127.0.0.1:8000/laws/19/>.'
    """
    when = f" ({year})" if year else ""
    return f"{author}, {title}{when}, {locator}. In: {EDITION_TITLE}, <{url}>."
