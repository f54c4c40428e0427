"""The page *How good are the old figures?* (figures.md): its data, for templates/pages/figures.md.j2.

Every sentence of the page is in the templates (templates/pages/figures.md.j2 and the sections it
includes from templates/pages/figures/); this module gathers the plain data they fill in: the
verdicts counted by source, the books' tables computed, the figures that do not hold, the figures
that are not claims, and Foster's experiment, list of draws and table of averages, worked again.
"""
from __future__ import annotations

from engine.claims import computed_table
from engine.experiments import Z95, binomial_range, chi_square
from engine.idiom import Odds, number_in_words
from engine.ranking import describe
from engine.rules import rule_names, rule_set

from ..model.edition import Edition, Page
from ..sources.averages import describe_band
from ..sources.claims import COMPUTED_TABLES, LABEL, SHORT, SYMBOL, draw_list
from ..sources.coverage import KINDS
from ..texts.addresses import FIGURES, reading_text, rel_link
from .glossary_page import distinct_titles

#: The page of Foster's list of draws and table of averages (the list is every claim of the page).
DRAWING_TO_IMPROVE = reading_text("foster", "drawing-to-improve")
#: The recomputed sections of figures.md and their anchors, which the reading texts' pages link to
#: (their titles are in templates/pages/figures/sections.j2).
RECOMPUTED = {
    "experiment": "experiment-coming-into-jack-pots",
    "draws": "computed-drawing-to-improve",
    "averages": "computed-averages",
}


def figures_data(edition: Edition) -> dict:
    """How good are the old figures? (templates/pages/figures.md.j2): counts by verdict for each
    source, and the errors explained."""
    verdicts = list(LABEL)
    titles = {p.text.page_uri: p.text.title for p in edition.pages}
    page_titles = distinct_titles(edition)  # "Poker (Hoyle's Games Modernized)"
    works = {p.text.page_uri: edition.works[p.text.work].title for p in edition.pages}
    sources = []
    for work in edition.works.values():
        mine = [c for c in edition.claims if c.work == work.slug]
        if mine:
            sources.append({"title": work.title, "counts": [sum(1 for c in mine if c.verdict == v) for v in verdicts],
                            "total": len(mine)})
    notable = [{"claim": c, "lost": c.figure == "{lacuna}", "page_title": titles[c.page_uri],
                "link": f"{rel_link(FIGURES, c.page_uri)}#claim-{c.id}"}
               for c in edition.claims if c.verdict in ("author-error", "slip", "misprint", "missing", "unchecked")]
    not_claims = [{"kind": kind,
                   "items": [{"figure": n.figure, "page_title": titles[n.page_uri],
                              "link": rel_link(FIGURES, n.page_uri), "work_title": works[n.page_uri],
                              "reason": n.reason}
                             for n in edition.not_claims if n.kind == kind]}
                  for kind in KINDS]
    return dict(
        verdicts=[{"symbol": SYMBOL[v], "label": LABEL[v], "short": SHORT[v]} for v in verdicts],
        count={v: sum(1 for c in edition.claims if c.verdict == v) for v in verdicts},
        findings=[{"id": f.id, "title": f.title, "text": f.text, "page_title": page_titles.get(f.page_uri, ""),
                   "link": rel_link(FIGURES, f.page_uri) + (f"#{f.anchor}" if f.anchor else "")}
                  for f in edition.findings],
        symbol=SYMBOL, label=LABEL, uri=FIGURES,  # uri: its references to laws are linked from it (law_links)
        sources=sources,
        all_counts=[sum(1 for c in edition.claims if c.verdict == v) for v in verdicts],
        all_total=len(edition.claims),
        tables=computed_tables(edition),
        anchors=RECOMPUTED,
        experiments=[experiment_data(edition, e) for e in edition.experiments],
        draws=draws_data(edition) if _has_draws(edition) else None,
        averages=averages_data(edition) if edition.averages else None,
        notable=notable,
        not_claims=[k for k in not_claims if k["items"]] if edition.not_claims else [],
    )


def method_data(edition: Edition) -> dict:
    """How the figures are checked (templates/pages/figures-method.md.j2): the tolerance rule, the
    rule sets named, the commands."""
    return dict(
        verdicts=[{"label": LABEL[v]} for v in LABEL if v not in ("exact", "fair", "unchecked")],
        rule_sets=[{"name": name, "title": rule_set(name).title} for name in rule_names()],
        experiments=[{"seed": e.record.seed, "trials": e.record.trials, "command": e.command}
                     for e in edition.experiments],
    )


def computed_tables(edition: Edition) -> list[dict]:
    """Each table the books print, computed exactly by the engine, to set beside the printed one."""
    tables = []
    for name, uri, anchor in COMPUTED_TABLES:
        t = edition.engine_calls(computed_table, name)
        tables.append({
            "name": name, "title": t.title, "witness": str(t.source.witness), "lines": t.source.lines,
            "link": rel_link(FIGURES, uri) + (f"#{anchor}" if anchor else ""), "note": t.note,
            "convention": edition.conventions.get(name),
            "rows": [{"label": r.label, "count": r.count, "total": r.total, "odds": r.odds.to_one(),
                      "chance": str(r.chance)} for r in t.rows],
        })
    return tables


def _has_draws(edition: Edition) -> bool:
    return any(c.page_uri == DRAWING_TO_IMPROVE for c in edition.claims)


def recomputed_links(edition: Edition, page_uri: str) -> list[str]:
    """The recomputed sections of *How good are the old figures?* (keys of RECOMPUTED) that work
    again what a page prints."""
    on = {"experiment": any(e.page_uri == page_uri for e in edition.experiments),
          "draws": page_uri == DRAWING_TO_IMPROVE and _has_draws(edition),
          "averages": edition.averages is not None and edition.averages.page_uri == page_uri}
    return [key for key in RECOMPUTED if on[key]]


def para_anchor(page: Page, line: int) -> str:
    """The anchor of the paragraph (or table) of a reading text that holds a source line."""
    anchor = ""
    for n, start in page.document.paras:
        if start <= line:
            anchor = f"para-{n}"
    return anchor


def holding_markdown(cards, discard) -> str:
    """Five cards with suit symbols, each discard marked with an asterisk: "J♠ J♥ 7♦\\* 4♣\\* 2♠\\*"."""
    return " ".join(c.symbol + ("\\*" if c in discard else "") for c in cards)


def _symbols(cards) -> str:
    return " ".join(c.symbol for c in cards)


def verdict_counts(claims) -> list[dict]:
    """How many of *claims* have each verdict, in the order first met: [{"n", "verdict"}]."""
    counts: dict[str, int] = {}
    for c in claims:
        counts[c.verdict] = counts.get(c.verdict, 0) + 1
    return [{"n": n, "verdict": v} for v, n in counts.items()]


def experiment_data(edition: Edition, e) -> dict:
    """Foster's experiment (coming into jack-pots) and the edition's simulation of it."""
    r = e.record
    page = next(p for p in edition.pages if p.text.page_uri == e.page_uri)
    here = rel_link(FIGURES, e.page_uri)
    printed_n = sum(int(c.value) for c in e.printed)
    shares = [r.share(i) for i in range(len(r.hands))]
    rows = []
    for i, (who, hand, claim) in enumerate(zip(e.letters, r.hands, e.printed, strict=False)):
        low, high = binomial_range(printed_n, shares[i])
        lo, hi = r.interval(i)
        n = int(claim.value)
        rows.append({"who": who, "hand": _symbols(hand), "wins": r.wins[i], "share": shares[i], "lo": lo, "hi": hi,
                     "claim": claim, "low": low, "high": high, "inside": low <= n <= high})
    x, p = chi_square([int(c.value) for c in e.printed], shares)
    challengers = list(range(1, len(r.hands)))
    ivals = [r.interval(i) for i in challengers]
    others = [c for c in edition.claims if c.page_uri == e.page_uri and c.form == "number"
              and c.id not in {x.id for x in e.printed}]
    return {
        "here": here, "table_link": f"{here}#{para_anchor(page, e.printed[0].source_line)}",
        "printed_n": printed_n, "drawn_words": number_in_words(r.drawn), "trials": r.trials, "seed": r.seed,
        "rest": 52 - sum(len(h) for h in r.hands), "command": e.command, "z95": float(Z95),
        "hands": [{"who": who, "cards": _symbols(h)} for who, h in zip(e.letters, r.hands, strict=False)],
        "ties": sum(r.ties.values()),
        "tie_groups": [{"players": [e.letters[i] for i in who], "n": n} for who, n in sorted(r.ties.items())],
        "rows": rows, "all_inside": all(row["inside"] for row in rows),
        "chi_square": x, "p": p, "p_in_100": round(p * 100),
        "challengers": [{"who": e.letters[i], "share": shares[i]} for i in challengers],
        "challengers_mean": sum(shares[i] for i in challengers) / len(challengers),
        "apart": all(ivals[k][0] > ivals[k + 1][1] for k in range(len(ivals) - 1)),
        "arithmetic": {"count": len(others), "verdicts": verdict_counts(others)},
    }


def draws_data(edition: Edition) -> dict:
    """Foster's list of draws (Drawing to Improve), one row a figure, with the exact odds."""
    here = rel_link(FIGURES, DRAWING_TO_IMPROVE)
    rows = []
    for row in draw_list(edition.claims, DRAWING_TO_IMPROVE):
        c = row.claim
        odds = Odds(c.value) if c.value is not None else None
        rows.append({
            "claim": c, "example": holding_markdown(row.cards, row.discard) if row.cards else None,
            "drawn": len(row.discard), "drawn_for": row.drawn_for,
            "one_in": float(1 / c.value) if odds and c.form == "one-in" else None,
            "against": float(odds.against) if odds and c.form == "odds" else None,
            "n_in": odds.n_in() if odds else "", "ratio": odds.ratio() if odds else "",
        })
    return {"here": here, "rows": rows}


def hand_words(value) -> str:
    """A hand in the period's words with the cards that decide: "ace high (ace, king, queen, nine, five)",
    "a pair of deuces, with a king, a queen and a five"."""
    short, full = describe(value), describe(value, full=True)
    return full if full.startswith(short) else f"{short} ({full})"


def averages_data(edition: Edition) -> dict:
    """Foster's table of averages, each draw's middle hand computed, and the comparison."""
    a = edition.averages
    page = next(p for p in edition.pages if p.text.page_uri == a.page_uri)
    here = rel_link(FIGURES, a.page_uri)
    rows = []
    tally: dict[str, int] = {}
    for row in a.rows:
        for h in row.holdings:
            agreement = row.agreement(h)
            tally[agreement] = tally.get(agreement, 0) + 1
            rows.append({"drawing": row.drawing, "example": holding_markdown(h.cards, h.discard),
                         "middle": hand_words(h.median), "below": h.below, "above": h.above,
                         "printed": row.printed, "band": describe_band(row.band) if row.band and row.reading else "",
                         "agreement": agreement, "share": h.against_low})
    pair = next((h for r in a.rows for h in r.holdings if len(h.discard) == 3
                 and h.cards[0].rank == h.cards[1].rank), None)
    return {
        "table_link": f"{here}#{para_anchor(page, a.rows[0].source_line)}" if a.rows else here,
        "rows": rows,
        "total": sum(n for k, n in tally.items() if k),
        "agrees": tally.get("agrees", 0), "higher": tally.get("higher", 0), "lower": tally.get("lower", 0),
        "pair": {"improved": pair.improved, "unimproved": 1 - pair.improved} if pair else None,
        "lost": [r.drawing for r in a.rows if r.printed is None],
        "readings": [{"printed": r.printed or "", "reading": r.reading} for r in a.rows if r.reading],
    }
