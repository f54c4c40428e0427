"""Engine benchmark: classifying all 2,598,960 pat hands, against treys in the same run, and the
time to compute every table the books print.

    .venv/bin/python bench/engine.py

Figures (targets in brackets):
- seconds of CPU time to classify all 2,598,960 hands, and hands per second: the engine's
  ``classify_all`` from cold (its tables built inside the timing; its wall clock beside it) and
  warm; treys' public API (``Evaluator.evaluate`` and ``get_rank_class``) over the same hands;
  the ratio [engine cold at least 100 times faster than treys' evaluate + class];
- for comparison, the engine one hand at a time (``ranking.evaluator``), not a target;
- each table the books print, computed from cold caches [each at most 1 s].
"""
from __future__ import annotations

import os
import sys
import time
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import deal, ranking  # noqa: E402
from engine.rules import HandClass  # noqa: E402
from engine.tables import TABLES  # noqa: E402

HANDS = 2_598_960
EXPECTED = {
    HandClass.NO_PAIR: 1_302_540, HandClass.ONE_PAIR: 1_098_240, HandClass.TWO_PAIRS: 123_552,
    HandClass.THREE_OF_A_KIND: 54_912, HandClass.STRAIGHT: 10_200, HandClass.FLUSH: 5_108,
    HandClass.FULL_HAND: 3_744, HandClass.FOUR_OF_A_KIND: 624, HandClass.STRAIGHT_FLUSH: 36,
    HandClass.ROYAL_FLUSH: 4,
}


def clear_caches() -> None:
    deal.clear_caches()


def timed(fn, repeat: int = 1) -> tuple[float, object]:
    """The best of *repeat* runs, in seconds of this process's CPU time (``time.process_time``): on a
    machine whose two cores other builds share, the wall clock of a run of a tenth of a second
    doubles or more while the CPU time it takes stays put (see bench/README.md)."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.process_time()
        result = fn()
        best = min(best, time.process_time() - start)
    return best, result


def wall(fn, repeat: int = 3) -> float:
    """The best of *repeat* runs in wall-clock seconds, printed beside the CPU time."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def engine_cold() -> bytes:
    clear_caches()
    return deal.classify_all("foster")


def engine_warm() -> bytes:
    deal.clear_classified()
    return deal.classify_all("foster")


def engine_one_by_one() -> int:
    order = ranking.evaluator("foster")
    n = 0
    for hand in combinations(range(52), 5):
        order(hand)
        n += 1
    return n


def treys_runs() -> tuple[float, float] | None:
    try:
        from treys import Card, Evaluator  # bench-only, and optional: the comparison is skipped without it
    except ImportError:
        return None
    deck = [Card.new(r + s) for r in "23456789TJQKA" for s in "cdhs"]

    def evaluate_only() -> int:
        evaluator = Evaluator()
        evaluate = evaluator.evaluate
        n = 0
        for hand in combinations(deck, 5):
            evaluate([], list(hand))
            n += 1
        return n

    def classify() -> int:
        evaluator = Evaluator()
        evaluate, rank_class = evaluator.evaluate, evaluator.get_rank_class
        n = 0
        for hand in combinations(deck, 5):
            rank_class(evaluate([], list(hand)))
            n += 1
        return n

    t_eval, n = timed(evaluate_only)
    assert n == HANDS
    t_class, n = timed(classify)
    assert n == HANDS
    return t_eval, t_class


def line(label: str, seconds: float, n: int = HANDS) -> str:
    return f"  {label:<46} {seconds:8.3f} s   {n / seconds:>13,.0f} hands/s"


def main() -> None:
    print(f"Classifying all {HANDS:,} pat hands (Python {sys.version.split()[0]}; CPU seconds, best of runs; "
          f"load average {os.getloadavg()[0]:.2f})")
    t_cold, codes = timed(engine_cold, repeat=7)
    assert deal.count_codes(codes, "foster") == EXPECTED, "wrong class counts"
    t_warm, _ = timed(engine_warm, repeat=7)
    print(line("engine classify_all, cold (tables built)", t_cold))
    print(f"  {'the same, wall clock':<46} {wall(engine_cold, 7):8.3f} s")
    print(line("engine classify_all, warm (tables cached)", t_warm))
    t_one, n = timed(engine_one_by_one)
    print(line("engine one hand at a time (evaluator)", t_one))
    treys = treys_runs()
    if treys is None:
        print("  treys is not installed: no comparison")
    else:
        t_eval, t_class = treys
        print(line("treys Evaluator.evaluate", t_eval))
        print(line("treys evaluate + get_rank_class", t_class))
        print(f"  ratio, treys evaluate + class / engine cold:   {t_class / t_cold:7.1f}x  [>= 100x]")
        print(f"  ratio, treys evaluate only / engine cold:      {t_eval / t_cold:7.1f}x")
        print(f"  ratio, treys evaluate + class / engine warm:   {t_class / t_warm:7.1f}x")
    print()
    print("Tables the books print, each from cold caches [each <= 1 s]")
    total = 0.0
    worst = 0.0
    for name, make in TABLES.items():
        clear_caches()
        t, table = timed(make)
        total += t
        worst = max(worst, t)
        print(f"  {name:<24} {t:7.3f} s   ({len(table.rows)} rows, {table.source})")
    print(f"  {'slowest':<24} {worst:7.3f} s   [<= 1 s]")
    clear_caches()
    t_all, _ = timed(lambda: [make() for make in TABLES.values()])
    print(f"  {'all, one after another':<24} {t_all:7.3f} s   (cold caches at the start only)")


if __name__ == "__main__":
    main()
