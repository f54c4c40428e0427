"""The page *The deals replayed* (deals.md): its data, for templates/pages/deals.md.j2.

Each deal the texts play through (edition/sources/replays.py replays them) as plain data: the rules the text
states, the hands and what the text says of each, the draw, the counters step by step and the
endings. Every sentence of the page is in the template.
"""
from __future__ import annotations

from engine.ranking import describe

from ..model.edition import Edition
from ..sources.claims import LABEL, SYMBOL
from ..texts.addresses import DEALS, rel_link


def deals_data(edition: Edition) -> dict:
    """The deals replayed (templates/pages/deals.md.j2): each deal the texts play through, hand by
    hand and counter by counter."""
    return {"deals": [deal_data(edition, r) for r in edition.deals], "symbol": SYMBOL, "label": LABEL}


def deal_data(edition: Edition, r) -> dict:
    """One replayed deal (edition.deals.Replay) as the template reads it."""
    claims = {c.id: c for c in edition.claims}
    page = next(p for p in edition.pages if p.text.page_uri == r.page_uri)
    given = {h.player for h in r.hands}
    return {
        "id": r.id, "title": r.title, "link": rel_link(DEALS, r.page_uri), "page_title": page.text.title,
        "work_title": edition.works[page.text.work].title, "players": r.players,
        "rules": [{"name": name, "value": value, "quote": quote} for name, (value, quote, _line) in r.rules.items()],
        "not_given": [p for p in r.players if p not in given],
        "hands": [{"player": h.player, "dealt": h.dealt, "dealt_words": describe(h.dealt_value), "says": h.says}
                  for h in r.hands],
        "draws": [{"player": h.player, "discard": h.discard, "drawn": h.drawn, "final": h.final,
                   "improve": h.improve, "after": h.after} for h in r.hands if h.drawn],
        "instead": [{"player": h.player, "kept": [c for c in h.dealt if c not in h.discard],
                     "discarded": len(h.discard), "improve": h.improve, "other": len(h.instead[0]),
                     "kept_other": [c for c in h.dealt if c not in h.instead[0]], "odds": h.instead[1],
                     "quote": h.instead_quote} for h in r.hands if h.instead],
        "steps": _steps(r, claims),
        "unchecked": [{"quote": u.quote, "reason": u.reason} for u in r.unchecked],
        "endings": [{"player": e.steps[-1].action.player, "act": e.steps[-1].action.act,
                     "amount": e.steps[-1].action.amount, "quote": e.quote, "paid": e.steps[-1].paid,
                     "pool": e.pool, "showdown": e.showdown, "winner": e.winner, "holds": e.holds,
                     "net": [{"player": p, "amount": v} for p, v in e.net.items()]} for e in r.endings],
    }


def _steps(r, claims: dict) -> list[dict]:
    """The counters, step by step: the draw unnumbered, each action numbered, with the figure the
    text states there (a checked claim), if any."""
    steps, n = [], 0
    for i, (s, (quote, _line)) in enumerate(zip(r.steps, r.quotes, strict=False)):
        draw = s.action.act == "draw"
        n += 0 if draw else 1
        steps.append({"draw": draw, "n": n, "player": s.action.player, "quote": quote, "paid": s.paid,
                      "total": s.total, "stake": s.stake, "pool": s.pool,
                      "stated": claims.get(r.stated.get(i, ""))})
    return steps
