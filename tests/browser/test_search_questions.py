"""The question benchmark of search held (issue 24): bench/questions.yml's questions, in a player's
words, typed into the site's own search box in Chromium; a right answer among the first three
results for at least ``FLOOR`` of them (bench/search.py's logic, on the tests' build).

The target is 90 % (96 of 106), and 70 % right first (issue 32). The edition reaches 96 (91 %), 84
right first; the questions that fail stay in the file (README, Benchmarks, lists them). ``FLOOR`` and
``FLOOR_FIRST`` are the figures reached, so that no change lowers them unnoticed; raise them when the
figures rise, never lower them to let a change pass, and never change a question or its answers to
fit the results.
"""
from __future__ import annotations

import pytest

from bench.search import TOP, check_answers, load_questions, run, situation_laws, summary

pytestmark = [pytest.mark.browser, pytest.mark.site]

FLOOR = 96
FLOOR_FIRST = 84


def test_the_question_benchmark_keeps_its_figure(built_site, browser, server):
    questions = load_questions()
    check_answers(questions, built_site)  # every answer is an address the site publishes
    assert len(questions) == 106
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    outcomes = run(page, server, questions, situation_laws())
    context.close()
    figures = summary(outcomes)
    failing = [o.question.q for o in outcomes if not o.right()]
    assert errors == []
    assert figures["right"] >= FLOOR, f"{figures['right']} of {len(questions)} right in the first {TOP}; " \
                                      f"failing: {failing}"
    assert figures["right first"] >= FLOOR_FIRST, f"{figures['right first']} of {len(questions)} right first"
