"""The deals the texts play through (content/deals.yml), replayed by the engine.

For each deal the replay reads every hand from the text's own words, checks that the twenty-odd
cards are all different, evaluates each hand before and after the draw against what the text says
of it, steps through the betting under the rules the text states (engine.pool) and plays out each
ending the text leaves open, down to who takes the pool and how much is in it. Amounts the text
states ("He thus contributes in all, six counters") become checked figures, marked on the page
like any other; a statement the engine does not bear out stops the build, naming the line of
content/deals.yml, unless content/verdicts.yml acknowledges it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from engine.cards import DECK, Card, format_cards, parse_cards
from engine.draws import draw, longest_sequence
from engine.errors import EngineError
from engine.idiom import Odds, number_word
from engine.pool import Action, Step, replay, totals
from engine.ranking import HandValue, compare, describe, evaluate
from engine.rules import HandClass, rule_set

from ..framework.engine_calls import EngineCalls
from ..framework.source import DataFile, Files, Scope, Source
from ..framework.templating import render_block
from ..texts.addresses import named_page
from ..texts.errors import EditionError, line_of
from ..texts.syntax import slugify

DEALS_DATA = "content/deals.yml"


@dataclass(frozen=True)
class Check:
    """Something the text says, and what the engine finds."""
    quote: str
    text_line: int  # line of the reading-text file
    engine: str  # what the engine finds, in words
    holds: bool


@dataclass
class Hand:
    player: str
    dealt: tuple[Card, ...]
    dealt_value: HandValue
    says: list[Check]
    discard: tuple[Card, ...] = ()
    drawn: tuple[Card, ...] = ()
    final: tuple[Card, ...] = ()
    after: list[Check] = field(default_factory=list)
    improve: Odds | None = None  # the chance the draw he made improves the hand
    instead: tuple[tuple[Card, ...], Odds] | None = None  # another draw the text weighs, and its chance
    instead_quote: str = ""


@dataclass
class Ending:
    quote: str
    text_line: int
    steps: list[Step]
    winner: str
    pool: int
    showdown: str  # the engine's reason, or "" when the others have passed out
    holds: bool  # the text names the same winner
    net: dict[str, int]  # what each player wins (+) or loses (-)


@dataclass(frozen=True)
class Unchecked:
    """A statement of the deal that no count decides (a judgment of play), with the reason."""
    quote: str
    text_line: int
    reason: str


@dataclass
class Replay:
    id: str
    title: str
    page_uri: str
    players: list[str]
    rules: dict[str, tuple[object, str, int]]  # name -> (value, quote, text line)
    hands: list[Hand]
    steps: list[Step]
    quotes: list[tuple[str, int]]  # each action's quote and text line
    endings: list[Ending]
    stated: dict[int, str]  # step index -> the id of the checked figure the text states there
    unchecked: list[Unchecked] = field(default_factory=list)  # what the text says that no count decides


def _amount_in(quote: str, amount: int) -> bool:
    """Whether the quoted words state the amount (in figures or in words; "single" for one)."""
    words = quote.lower().replace(",", " ").replace("(", " ").replace(")", " ").split()
    return str(amount) in words or any(number_word(w) == amount for w in words) or \
        (amount == 1 and ("single" in words or "one" in words))


def build_deals(pages, deals_file: DataFile) -> tuple[list[Replay], list[dict], list[EditionError]]:
    """Replay every deal; return the replays, the stated amounts as computed claims, and errors."""
    if not deals_file.present:
        return [], [], []
    raw = deals_file.raw
    by_uri = {p.text.page_uri: p for p in pages}
    replays: list[Replay] = []
    claims: list[dict] = []
    errors: list[EditionError] = []
    for item in deals_file.data or []:
        deal_id = item.get("id", "")
        here = line_of(raw, f"id: {deal_id}")
        page = by_uri.get(named_page(str(item.get('page'))))
        if page is None:
            errors.append(EditionError(DEALS_DATA, here, f"deal '{deal_id}' names the page '{item.get('page')}', "
                                       "which the edition lacks", "use work/slug, e.g. hoyle/poker"))
            continue
        try:
            replays.append(_replay(item, page, raw, claims))
        except EditionError as e:
            errors.append(e)
    return replays, claims, errors


@dataclass
class _Quoted:
    """One deal's quotations: where each stands in content/deals.yml and on the reading text, and
    its cards; every failure an EditionError naming the deal and the line of deals.yml."""

    deal_id: str
    text: object  # the reading text (edition.texts.reading.ReadingText) the deal is played on
    raw: str  # content/deals.yml as written

    def where(self, needle: str) -> int | None:
        """The line of content/deals.yml that holds *needle*."""
        return line_of(self.raw, needle, 60)

    def error(self, needle: str, problem: str, advice: str) -> EditionError:
        return EditionError(DEALS_DATA, self.where(needle), problem, advice)

    def find(self, quote: str) -> int:
        """The reading-text line that holds the quotation, word for word."""
        hits = self.text.lines_where(lambda line: quote in line)
        if not hits:
            raise self.error(quote, f"deal '{self.deal_id}': the words '{quote}' are not on {self.text.path}",
                             "quote the text word for word (markup such as *italics* included)")
        return hits[0]

    def cards(self, words: str, quote_needed: bool = True) -> tuple[Card, ...]:
        """The cards the words name (found on the text first, unless *quote_needed* is False)."""
        if quote_needed:
            self.find(words)
        try:
            return parse_cards(words, allow_joker=False)
        except EngineError as e:
            raise self.error(words, f"deal '{self.deal_id}': {e}", "quote the cards as the text names them") from None


def _replay(item: dict, page, raw: str, claims: list[dict]) -> Replay:
    """One deal replayed: its rules, its hands, its betting, the amounts it states (added to
    *claims*) and each ending it leaves open."""
    q = _Quoted(item["id"], page.text, raw)
    rules = {}
    for name in ("limit", "ante_limit", "going_in"):
        spec = item["rules"][name]
        rules[name] = (Fraction(str(spec["value"])), spec["quote"], q.find(spec["quote"]))
    hands = _hands(item, q)
    actions, quotes, stated = _betting(item, q)
    steps = _play(item, rules, actions, q)
    stated_ids = _stated_amounts(item, rules, steps, stated, q, claims)
    endings = [_ending(item, rules, actions, hands, spec, q) for spec in item.get("endings", [])]
    unchecked = []
    for spec in item.get("unchecked", []):
        if not str(spec.get("reason", "")).strip():
            raise q.error(spec.get("quote", "unchecked:"), f"deal '{q.deal_id}': an unchecked statement needs a "
                          "reason", "say why no count decides it")
        unchecked.append(Unchecked(spec["quote"], q.find(spec["quote"]), str(spec["reason"])))
    return Replay(q.deal_id, item["title"], page.text.page_uri, list(item["players"]), rules, hands, steps, quotes,
                  endings, stated_ids, unchecked)


def _hands(item: dict, q: _Quoted) -> list[Hand]:
    """Each player's hand from the text's words, before and after the draw, checked against what
    the text says of it; no card dealt twice."""
    hands: list[Hand] = []
    used: dict[Card, str] = {}
    for player, spec in item["hands"].items():
        h = _hand(player, spec, q)
        for c in h.dealt + h.drawn:
            if c in used:
                raise q.error(spec["dealt"]["quote"], f"deal '{q.deal_id}': the {c.words()} is given to "
                              f"{used[c]} and to {player}", "a pack has each card once: check the quotations")
            used[c] = player
        hands.append(h)
    for h in hands:
        for c in h.says + h.after:
            if not c.holds:
                raise q.error(c.quote, f"deal '{q.deal_id}': the text says '{c.quote}' of {h.player}'s hand, but "
                              f"the engine finds {c.engine}", "check the quotation and the cards; an error of the "
                              "author's is noted on the page with {sic: …}, not here")
    return hands


def _hand(player: str, spec: dict, q: _Quoted) -> Hand:
    """One player's hand: dealt, what the text says of it, and his draw (and another it weighs)."""
    dealt = q.cards(spec["dealt"]["quote"])
    says = [_check(c, dealt, None, q.find, q.deal_id, q.raw) for c in spec.get("says", [])]
    h = Hand(player, dealt, evaluate(dealt), says, final=dealt)
    if "discard" not in spec:
        return h
    q.find(spec["discard"]["quote"])
    h.discard = q.cards(spec["discard"]["cards"], quote_needed=False)
    h.drawn = q.cards(spec["drawn"]["quote"])
    if any(c not in dealt for c in h.discard) or len(h.drawn) != len(h.discard):
        raise q.error(spec["discard"]["cards"], f"deal '{q.deal_id}': {player} must discard cards he holds, as many "
                      "as he draws", "check 'discard' and 'drawn'")
    h.final = tuple(c for c in dealt if c not in h.discard) + h.drawn
    h.after = [_check(c, h.final, h.dealt_value, q.find, q.deal_id, q.raw) for c in spec.get("after", [])]
    h.after += [_outs(c, dealt, h.discard, q) for c in spec.get("draw_says", [])]
    h.improve = draw(dealt, discard=h.discard).improvement()
    if "instead" in spec:
        other = q.cards(spec["instead"]["discard"], quote_needed=False)
        h.instead = (other, draw(dealt, discard=other).improvement())
        h.instead_quote = spec["instead"]["quote"]
        q.find(h.instead_quote)
    return h


def _betting(item: dict, q: _Quoted) -> tuple[list[Action], list[tuple[str, int]], list[tuple[int, dict]]]:
    """The actions the text narrates, each with its quotation and text line, and (step index,
    spec) for the steps where the text states an amount."""
    actions, quotes = [], []
    stated: list[tuple[int, dict]] = []
    for spec in item["betting"]:
        a = Action(spec.get("player", ""), spec["act"], int(spec.get("amount", 0)))
        if a.amount and not _amount_in(spec["quote"], a.amount):
            raise q.error(spec["quote"], f"deal '{q.deal_id}': the amount {a.amount} is not in the words "
                          f"'{spec['quote']}'", "give the amount the quotation states")
        quotes.append((spec["quote"], q.find(spec["quote"])))
        if "figure" in spec:
            stated.append((len(actions), spec))
        actions.append(a)
    return actions, quotes, stated


def _play(item: dict, rules: dict, actions: list[Action], q: _Quoted) -> list[Step]:
    """The actions stepped through under the rules the text states (engine.pool.replay)."""
    limit, ante_limit, going_in = (rules[n][0] for n in ("limit", "ante_limit", "going_in"))
    try:
        return replay(actions, limit=int(limit), ante_limit=ante_limit, going_in=int(going_in),
                      players=list(item["players"]))
    except EngineError as e:
        raise q.error("betting:", f"deal '{q.deal_id}': {e}", "check the betting") from None


def _stated_amounts(item: dict, rules: dict, steps: list[Step], stated: list[tuple[int, dict]], q: _Quoted,
                    claims: list[dict]) -> dict[int, str]:
    """Each amount the text states becomes a claim (added to *claims*): step index -> claim id."""
    stated_ids: dict[int, str] = {}
    for i, spec in stated:
        value, says = _amount_at(i, spec, steps, int(rules["limit"][0]), q)
        printed = number_word(spec["figure"].split()[0])
        if printed is None:
            raise q.error(spec["figure"], f"cannot read the figure '{spec['figure']}'",
                          "begin the figure with the number, in words or figures")
        stated_ids[i] = f"{q.deal_id}-{slugify(spec['figure'])}"
        claims.append({"id": stated_ids[i], "page": item["page"], "line": spec["line"],
                       "figure": spec["figure"], "form": "number", "value": value, "printed": Fraction(printed),
                       "compute": f"the replay of {item['title']}: {says}",
                       "source": (DEALS_DATA, q.where(spec["line"]))})
    return stated_ids


def _amount_at(i: int, spec: dict, steps: list[Step], limit: int, q: _Quoted) -> tuple[int, str]:
    """The amount the replay has at step *i* for what the text states there ('what': paid, total,
    each or limit), and what it is, in words."""
    step, what = steps[i], spec["what"]
    if what == "paid":
        return step.paid, f"what {step.action.player} puts in at this step"
    if what == "total":
        return step.total, f"what {step.action.player} has in the pool altogether"
    if what == "limit":
        return limit, "the limit the text fixed"
    if what == "each":
        have = {p: t for p, t in totals(steps[:i + 1]).items() if p in step.standing}
        if len(set(have.values())) != 1:
            raise q.error(spec["figure"], f"deal '{q.deal_id}': the players still in have different amounts in "
                          f"({have})", "check the betting")
        return next(iter(have.values())), "what each player still in has in the pool"
    raise q.error(spec["figure"], f"unknown 'what: {what}'", "use paid, total, each or limit")


def _ending(item: dict, rules: dict, actions: list[Action], hands: list[Hand], spec: dict, q: _Quoted) -> Ending:
    """One ending the text leaves open, played out: who takes the pool, and what each wins or loses."""
    branch = _play(item, rules, actions + [Action(spec["player"], spec["act"])], q)
    standing = branch[-1].standing
    paid = totals(branch)
    final = {h.player: h.final for h in hands}
    if len(standing) == 1:
        winner, reason = standing[0], ""
    else:
        show = compare(*(final[p] for p in standing))
        winner = standing[show.winners[0]] if len(show.winners) == 1 else ""
        reason = show.reason
    pool = branch[-1].pool
    net = {p: (pool if p == winner else 0) - paid.get(p, 0) for p in item["players"]}
    e = Ending(spec["quote"], q.find(spec["quote"]), branch, winner, pool, reason, winner == spec["winner"], net)
    if not e.holds:
        raise q.error(spec["quote"], f"deal '{q.deal_id}': the text says '{spec['quote']}', but the engine has "
                      f"{winner or 'a tie'} win ({reason})", "check the ending")
    return e


def _outs(spec: dict, dealt: tuple[Card, ...], discard: tuple[Card, ...], q: _Quoted) -> Check:
    """What the text says a one-card draw may make ("another eight or ten, either of which would
    make him a full"): the cards of the 47 unseen that, drawn to the cards kept, make the class or
    better; the check holds when there are any, and as many as ``outs`` where the text counts them."""
    quote = spec["quote"]
    if len(discard) != 1:
        raise q.error(quote, f"deal '{q.deal_id}': 'draw_says' is for a one-card draw", "use it for one card drawn")
    try:
        cls = HandClass(spec["class"])
    except (KeyError, ValueError):
        raise q.error(quote, f"deal '{q.deal_id}': a draw check needs a known class of hand",
                      f"use one of: {', '.join(c.value for c in HandClass)}") from None
    kept = tuple(c for c in dealt if c not in discard)
    rs = rule_set("foster")
    making = [c for c in DECK if c not in dealt
              and rs.tier(evaluate(kept + (c,)).hand_class) >= rs.tier(cls)]
    wanted = spec.get("outs")
    holds = bool(making) and (wanted is None or len(making) == int(wanted))
    found = render_block("deals/found.j2", kind="outs", count=len(making), **{"class": cls.value},
                         cards=format_cards(making, "symbol"))
    return Check(quote, q.find(quote), found, holds)


def _check(spec: dict, hand: tuple[Card, ...], dealt: HandValue | None, find, deal_id: str, raw: str) -> Check:
    quote = spec["quote"]
    value = evaluate(hand)
    if "describes" in spec:
        return Check(quote, find(quote), render_block("deals/found.j2", kind="describes", hand=describe(value)),
                     describe(value) == spec["describes"])
    if "class" in spec:
        try:
            cls = HandClass(spec["class"])
        except ValueError:
            raise EditionError(DEALS_DATA, line_of(raw, quote, 60), f"deal '{deal_id}': unknown class of hand "
                               f"'{spec['class']}'", f"use one of: {', '.join(c.value for c in HandClass)}") from None
        return Check(quote, find(quote), render_block("deals/found.j2", kind="class", hand=describe(value),
                                                      **{"class": value.hand_class.value}),
                     value.hand_class is cls)
    if "in_sequence" in spec:
        run = longest_sequence(hand)
        return Check(quote, find(quote), render_block("deals/found.j2", kind="sequence", count=len(run),
                                                      cards=format_cards(run, "symbol")),
                     len(run) == int(spec["in_sequence"]))
    if spec.get("unchanged") == "class" and dealt is not None:
        return Check(quote, find(quote), render_block("deals/found.j2", kind="unchanged", hand=describe(value),
                                                      dealt=describe(dealt)),
                     value.hand_class is dealt.hand_class)
    raise EditionError(DEALS_DATA, line_of(raw, quote, 60), f"deal '{deal_id}': a check needs describes, class, "
                       "in_sequence or unchanged", "see the head of content/deals.yml")


def build(edition: Scope, files: Files, calls: EngineCalls) -> list[EditionError]:
    """The deals replayed; the amounts they state join the claims (built after them)."""
    edition.deals, edition.computed_claims, errors = build_deals(edition.pages, files[DEALS_DATA])
    return errors


SOURCE = Source("deals replayed", (DEALS_DATA,), build, shapes={DEALS_DATA: list}, gives=("deals", "computed_claims"))
