"""The edition's example hands for card diagrams lost from the witness (content/diagrams.yml).

Foster's chapter Poker Hands printed a card diagram of each class of hand, "asterisks ... placed
over the useless cards" (000:624); the witness lost them all, and the text never says which
cards they showed. The edition does not pretend to restore them: it sets its own example beside
each lost-figure box, labelled as the edition's. The examples are data, by standoff: the page,
words of the ``{figure: …}`` placeholder the example stands beside (``figure``), the class that
placeholder describes (``class``), the five cards (``cards``) and the rule set under which that
hand is played (``rules``, ``foster`` unless given). The engine checks that the cards make that
class under those rules and finds the useless cards (``engine.ranking.useless_cards``); a
mismatch stops the build naming the line of content/diagrams.yml.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card, parse_cards
from engine.errors import EngineError
from engine.ranking import describe, evaluate, useless_cards
from engine.rules import hand_class, rule_set

from ..framework.engine_calls import Call, EngineCalls
from ..framework.source import DataFile, Files, Scope, Source
from ..framework.templating import mark
from ..texts.addresses import named_page
from ..texts.errors import EditionError, line_of

DIAGRAMS_DATA = "content/diagrams.yml"


@dataclass(frozen=True)
class Diagram:
    """An example hand set beside a lost figure, checked and described by the engine."""

    page_uri: str
    source_line: int  # the line of the reading text that holds the {figure: …} placeholder
    cards: tuple[Card, ...]  # in the order the data gives them
    rules: str
    hand_class: str  # the class as engine/rules.py names it
    described: str  # "a pair of kings"
    useless: tuple[Card, ...]
    rules_title: str = ""  # where the hand is played, for a rule set other than Foster's standard game


def hand_facts(cards: str, rules: str):
    """What the engine says of an example: its cards, its value and its useless cards (made by
    the edition's engine worker when there is one, see engine_calls.py).

    >>> cards, value, useless = hand_facts("Kh Kc 9d 5s 2h", "foster")
    >>> describe(value), " ".join(c.code for c in useless)
    ('a pair of kings', '9d 5s 2h')
    """
    rs = rule_set(rules)
    hand = parse_cards(cards)
    return hand, evaluate(hand, rs), useless_cards(hand, rs)


def build_diagrams(pages, diagrams_file: DataFile, calls=None) -> tuple[list[Diagram], list[EditionError]]:
    """Read content/diagrams.yml, find each example's placeholder and check its hand (the engine's
    part through *calls*, see engine_calls.py)."""
    calls = calls or EngineCalls()
    if not diagrams_file.present:
        return [], []
    raw = diagrams_file.raw
    by_uri = {p.text.page_uri: p for p in pages}
    diagrams: list[Diagram] = []
    errors: list[EditionError] = []
    placed: dict[tuple[str, int], int] = {}  # (page, line) -> data line of the example there
    for n, item in enumerate(diagrams_file.data):  # its fields, each there and not empty: its schema's
        where = _item_line(raw, n)

        def fail(problem: str, advice: str) -> None:
            errors.append(EditionError(DIAGRAMS_DATA, where, problem, advice))  # noqa: B023 (called in this turn)

        uri, words = named_page(item['page']), item["figure"]
        page = by_uri.get(uri)
        if page is None:
            fail(f"the example names the page '{item['page']}', which the edition lacks",
                 "use work/slug, e.g. foster/poker-hands")
            continue
        hits = page.text.lines_where(lambda line: "{figure:" in line and words in line)  # noqa: B023 (called at once)
        if len(hits) != 1:
            problem = ("no {figure: …} line" if not hits
                       else f"{len(hits)} {{figure: …}} lines ({', '.join(map(str, hits[:4]))})")
            fail(f"the words '{words}' are on {problem} of {page.text.path}",
                 "give words of the one placeholder the example stands beside in 'figure:'")
            continue
        if (uri, hits[0]) in placed:
            fail(f"a second example for the figure at {page.text.path}:{hits[0]} (the first is at line "
                 f"{placed[(uri, hits[0])]})", "give each lost figure one example")
            continue
        placed[(uri, hits[0])] = where or 0
        rules = item.get("rules", "foster")
        try:
            rs = rule_set(rules)
            cls = hand_class(item["class"])
            cards, value, useless = calls(hand_facts, item["cards"], rules)
        except EngineError as exc:
            fail(f"the example for the figure at {page.text.path}:{hits[0]} cannot be read ({exc})",
                 "give five cards (e.g. 'Kh Kc 9d 5s 2h'), a class and a rule set the engine knows "
                 "(engine/rules.py)")
            continue
        if value.hand_class is not cls:
            fail(f"the example {_symbols(cards)} for the figure at {page.text.path}:{hits[0]} is "
                 f"{describe(value)} ({value.hand_class.value}) under the rules '{rules}', not "
                 f"{cls.value}, the class the figure shows",
                 "give cards of that class, or the rule set under which that hand is played")
            continue
        diagrams.append(Diagram(uri, hits[0], cards, rs.name, cls.value, describe(value),
                                useless, "" if rs.name == "foster" else rs.title))
    return diagrams, errors


def _item_line(raw: str, index: int) -> int | None:
    """The line of the *index*-th item ("- page: …") of the list in a data file."""
    starts = [n for n, line in enumerate(raw.splitlines(), 1) if line.startswith("- ")]
    return starts[index] if index < len(starts) else line_of(raw, "- ")


def _symbols(cards: tuple[Card, ...]) -> str:
    return " ".join(c.symbol for c in cards)


def _card_html(card: Card, useless: bool) -> str:
    """One card of an example hand (templates/pages/marks.j2, card): screen readers hear its name
    and "useless" instead of the symbols."""
    return mark("card", card.symbol[:-1], card.symbol[-1], card.suit in "hd", useless, card.words())


def diagram_html(diagram: Diagram) -> str:
    """The example inside the lost-figure box, visibly the edition's: the cards, the useless
    ones starred, and what the hand is (inline HTML: the box stands in a paragraph;
    templates/pages/marks.j2, example_hand)."""
    cards = [_card_html(c, c in diagram.useless) for c in diagram.cards]
    return mark("example_hand", cards, diagram.described, diagram.rules_title, len(diagram.useless),
                diagram.hand_class == "No pair")


def plan(files: Files) -> list[Call]:
    """The engine calls the diagrams will make: each example hand's facts."""
    data = files[DIAGRAMS_DATA].parsed
    return [(hand_facts, (item["cards"], item.get("rules", "foster"))) for item in data or []]


def build(edition: Scope, files: Files, calls: EngineCalls) -> list[EditionError]:
    edition.diagrams, errors = build_diagrams(edition.pages, files[DIAGRAMS_DATA], calls)
    return errors


SOURCE = Source("lost card diagrams", (DIAGRAMS_DATA,), build, plan, shapes={DIAGRAMS_DATA: list}, gives=("diagrams",))
