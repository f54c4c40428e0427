"""The whole edition's types: a work, a reading text's page, the edition (edition/model/edition.py loads them).

The loader (``load_edition``) reads and checks every file into an ``Edition``; the checks of the
texts against one another are in edition/model/checks.py.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from ..framework.engine_calls import EngineCalls
from ..sources.averages import Averages
from ..sources.claims import Claim, Convention
from ..sources.concordance import Commentary, Topic
from ..sources.contents import Chapter
from ..sources.coverage import NotAClaim
from ..sources.diagrams import Diagram
from ..sources.experiments import StoredExperiment
from ..sources.findings import Finding
from ..sources.glossary import Entry
from ..sources.house_rules import HouseRules
from ..sources.replays import Replay
from ..sources.situations import NotAtTheTable, Phase, Situation
from ..sources.synonyms import Synonym
from ..texts.align import Alignment
from ..texts.document import Document
from ..texts.reading import ReadingText, Span
from ..texts.witness_parts import Part, split
from ..texts.witnesses import Witness
from .laws import Law
from .records import EditionRecord, WorkRecord
from .snapshot import Snapshot

WORKS_DATA = "content/works.yml"


@dataclass
class Work:
    slug: str
    author: str  # who sentences say it is by (WorkRecord.creator): "R. F. Foster", "Professor Hoffmann"
    title: str
    year: int | None
    witnesses: list[str]
    complete: bool = True  # False while the work's reading text is being made
    laws: int | None = None  # how many laws the work numbers ({law N}, N from 1 to this), if it numbers laws
    short_name: str = ""  # how the edition's sentences name it: "Foster"
    authority: bool = False  # quoted by the concordance and the glossary (content/works.yml)
    excluded: dict[str, list[tuple[Span, str]]] = field(default_factory=dict)
    record: WorkRecord | None = None  # its bibliographic record (edition/model/records.py): every citation's source
    texts: list[Page] = field(default_factory=list)
    unedited: dict[str, list[int]] = field(default_factory=dict)  # witness id -> lines not yet edited


@dataclass
class Page:
    """A reading text with everything the site needs to publish it."""

    text: ReadingText
    document: Document  # the text parsed once (edition/texts/document.py): its blocks, laws, notes ...
    alignment: Alignment
    variants: Alignment | None = None  # the collated witness against the base witness


@dataclass
class Edition:
    root: Path
    witnesses: dict[str, Witness]
    works: dict[str, Work]
    site_url: str = ""
    version: str = ""  # the edition's version (content/edition.yml), named in every citation
    record: EditionRecord = field(default_factory=EditionRecord)  # the edition's own record, dated by its snapshot
    cite_formats: dict[int, dict[str, str]] = field(default_factory=dict)  # law -> its citation in every format
    laws: dict[int, Law] = field(default_factory=dict)  # Foster's Laws by number (edition/model/laws.py)
    glossary: list[Entry] = field(default_factory=list)
    synonyms: list[Synonym] = field(default_factory=list)  # content/synonyms.yml: the search's thesaurus
    situations: list[Situation] = field(default_factory=list)  # content/situations.yml: "What is the rule when…"
    situation_phases: list[Phase] = field(default_factory=list)  # content/situations.yml: the phases of play, in order
    not_at_the_table: list[NotAtTheTable] = field(default_factory=list)  # situations.yml: laws that decide no question
    concordance: list[Topic] = field(default_factory=list)
    house_rules: HouseRules | None = None  # content/house-rules.yml, with the engine's rankings
    commentary: list[Commentary] = field(default_factory=list)
    laws_with_a_case: set[int] = field(default_factory=set)  # laws content/law-cases.yml gives a case
    claims: list[Claim] = field(default_factory=list)
    conventions: dict[str, Convention] = field(default_factory=dict)  # content/tables.yml: each table's rounding
    not_claims: list[NotAClaim] = field(default_factory=list)  # content/figures-not-claims.yml
    deals: list[Replay] = field(default_factory=list)
    experiments: list[StoredExperiment] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)  # content/findings.yml: the figures page's opening
    averages: Averages | None = None
    diagrams: list[Diagram] = field(default_factory=list)
    computed_claims: list[dict] = field(default_factory=list)  # claims other sources state (the deals' amounts)
    contents: dict[str, list[Chapter]] = field(default_factory=dict)  # work -> its printed Contents (for its index)
    engine_calls: EngineCalls = field(default_factory=EngineCalls)  # the engine's results (examples, tables)
    snapshots: list[Snapshot] = field(default_factory=list)  # content/versions/: what each version quotes, oldest first
    # What the site makes of the edition once and keeps with it (edition/site/markdown.py: each text written).
    made: dict = field(default_factory=dict)

    @property
    def pages(self) -> list[Page]:
        return [p for w in self.works.values() for p in w.texts]

    @property
    def authorities(self) -> dict[str, str]:
        """The works the concordance and the glossary quote, in the order of content/works.yml: slug ->
        short name."""
        return {w.slug: w.short_name for w in self.works.values() if w.authority}

    @cached_property
    def witness_parts(self) -> dict[str, list[Part]]:
        """Each witness's parts (edition/texts/witness_parts.py), cut where a chapter of its reading texts starts."""
        starts: dict[str, dict[int, str]] = {wid: {} for wid in self.witnesses}
        for p in self.pages:
            for wid, spans in ((p.text.witness, p.text.spans), (p.text.collate, p.text.collate_spans)):
                for span in spans if wid in starts else ():
                    starts[wid].setdefault(span.start, p.text.title)
        return {wid: split(wid, w.lines, starts[wid]) for wid, w in self.witnesses.items()}

    def law_anchors(self) -> dict[int, Page]:
        return {n: p for p in self.pages for n, _ in p.document.laws}
