"""The experiments the books describe, repeated by the engine: the stored records.

``content/experiments.yml`` holds each run's seed, number of trials and counts (made offline with
the command it names; ``tests/edition/test_experiments.py`` re-runs it from the seed and checks the
counts exactly). Nothing is simulated here: the build only reads the record, checks that its counts
add up and that Foster's printed counts it compares with are claims of the page, and hands the
record to the page writer.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.cards import parse_cards
from engine.errors import EngineError
from engine.experiments import Experiment

from ..framework.engine_calls import EngineCalls
from ..framework.source import DataFile, Files, Scope, Source
from ..texts.addresses import named_page
from ..texts.errors import EditionError, line_of
from .claims import Claim

EXPERIMENTS_DATA = "content/experiments.yml"


@dataclass(frozen=True)
class StoredExperiment:
    name: str
    page_uri: str
    command: str
    letters: tuple[str, ...]  # Foster's names for the players: A, B, C, D
    record: Experiment
    printed: tuple[Claim, ...]  # Foster's count for each player


def build_experiments(claims: list[Claim],
                      experiments_file: DataFile) -> tuple[list[StoredExperiment], list[EditionError]]:
    if not experiments_file.present:
        return [], []
    raw = experiments_file.raw
    try:
        data = experiments_file.data or {}
    except EditionError as e:
        return [], [e]
    by_id = {c.id: c for c in claims}
    result, errors = [], []
    for name, item in data.items():
        where = line_of(raw, f"{name}:")
        try:
            players = item["players"]
            letters = tuple(str(p["player"]) for p in players)
            hands = tuple(parse_cards(str(p["cards"])) for p in players)
            wins = tuple(int(p["best"]) for p in players)
            ties = {tuple(letters.index(x) for x in str(t["players"]).split()): int(t["deals"])
                    for t in item.get("ties") or []}
            record = Experiment(hands, int(item["drawn"]), int(item["trials"]), int(item["seed"]), wins, ties)
            uri = named_page(item['page'])
        except (ValueError, EngineError) as exc:  # a tie naming no player; cards the engine cannot read
            errors.append(EditionError(EXPERIMENTS_DATA, where, f"the experiment '{name}' is incomplete ({exc})",
                                       "give page, command, drawn, seed, trials, players (player, cards, best, "
                                       "printed) and ties (players, deals), as the file's header says"))
            continue
        if sum(wins) + sum(ties.values()) != record.trials:
            errors.append(EditionError(EXPERIMENTS_DATA, where, f"the counts of '{name}' add up to "
                                       f"{sum(wins) + sum(ties.values()):,}, not its {record.trials:,} trials",
                                       "copy the counts again from the output of its command"))
            continue
        printed = []
        for p in players:
            claim = by_id.get(str(p.get("printed", "")))
            if claim is None or claim.page_uri != uri:
                errors.append(EditionError(EXPERIMENTS_DATA, line_of(raw, f"printed: {p.get('printed')}"),
                                           f"'{p.get('printed')}' is not a claim of the page {item['page']}",
                                           "name the claim (content/claims.yml) that holds the author's count"))
                continue
            printed.append(claim)
        if len(printed) == len(players):
            result.append(StoredExperiment(name, uri, str(item.get("command", "")), letters, record, tuple(printed)))
    return result, errors


def build(edition: Scope, files: Files, calls: EngineCalls) -> list[EditionError]:
    edition.experiments, errors = build_experiments(edition.claims, files[EXPERIMENTS_DATA])
    return errors


SOURCE = Source("stored experiments", (EXPERIMENTS_DATA,), build, shapes={EXPERIMENTS_DATA: dict}, needs=("claims",),
                gives=("experiments",))
