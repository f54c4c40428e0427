"""How bench/search.py judges a result and reads its questions: a law is right at its page or in
its chapter, a term at its glossary entry, a place only at its exact address, a situation when its
first law is among the question's; a malformed question stops the run naming its line."""
from __future__ import annotations

from pathlib import Path

import pytest

from bench.search import Outcome, Question, address, check_answers, copied_into_situations, load_questions
from edition.texts.errors import EditionError

BENCH = Path(__file__).resolve().parent.parent / "bench"
#: Every set of questions and how many it holds: the set the search was tuned on, then the held-out
#: sets, each written before a tuning by someone who had not seen the others, and measured once.
QUESTION_SETS = {"questions.yml": 106, "questions-holdout.yml": 24, "questions-holdout-2.yml": 58}


def _folded(text: str) -> str:
    return " ".join(text.lower().rstrip("?").split())

QUESTION = Question("he has six cards", 64, laws=(22, 24), terms=("foul-hand",), places=("keller/rules/#the-deal",))


@pytest.mark.parametrize("result, right", [
    ("laws/24/", True), ("foster/laws/#law-22", True), ("glossary/#foul-hand", True),
    ("keller/rules/#the-deal", True), ("keller/rules/", False), ("laws/23/", False), ("foster/laws/", False),
    ("situations/#too-many-cards", True),  # its first law is 22
    ("situations/#six-and-four", True),  # 24
    ("situations/#misdeal", False),  # 15
    ("situations/", False),
    ("situations/six-and-four/", True),  # a situation on a page of its own
    ("situations/misdeal/", False),
])
def test_a_result_is_right_at_an_answers_exact_address(result, right):
    outcome = Outcome(QUESTION, [result], {"too-many-cards": 22, "six-and-four": 24, "misdeal": 15})
    assert outcome.right() is right
    assert outcome.right(with_situations=False) is (right and not result.startswith("situations/"))


def test_only_the_first_three_results_count():
    outcome = Outcome(QUESTION, ["glossary/", "glossary/#fours", "laws/8/", "laws/24/"])
    assert outcome.right() is False and outcome.right(top=4) is True


def test_a_results_link_is_read_as_the_sites_address():
    assert address("http://127.0.0.1:8000/laws/19/?h=law+19") == "laws/19/"
    assert address("http://127.0.0.1:8000/glossary/?h=kitty#kitty") == "glossary/#kitty"


def test_the_benchmarks_questions_are_read_with_their_lines():
    questions = load_questions()
    first = questions[0]
    assert (first.q, first.line, first.laws) == ("the dealer flipped a card over while dealing", 35, (19, 15))
    assert len(questions) == 106 and len({q.q for q in questions}) == 106


@pytest.mark.parametrize("text, message", [
    ("- q: he has six cards\n  laws: [99]\n", "bench/questions.yml:1: the question 'he has six cards' names law 99, "
     "which is not one of Foster's 1-77. What to do: name a law by its number"),
    ("- q: one\n  laws: [1]\n- q: two\n", "bench/questions.yml:3: the question 'two' has no answer. What to do: "
     "give the laws, terms or places that answer it"),
    ("- q: one\n  law: [1]\n", "bench/questions.yml:1: the question 'one' has the key 'law'. What to do: use only "
     "q, laws, terms and places (see the top of the file)"),
])
def test_a_malformed_question_stops_the_run_naming_its_line(tmp_path, text, message):
    path = tmp_path / "questions.yml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(EditionError) as e:
        load_questions(path)
    assert str(e.value) == message


def test_an_answer_the_site_does_not_publish_stops_the_run(tmp_path):
    (tmp_path / "laws" / "19").mkdir(parents=True)
    (tmp_path / "laws" / "19" / "index.html").write_text('<p id="x">Law 19</p>', encoding="utf-8")
    check_answers([Question("law 19", 3, places=("laws/19/",))], tmp_path)
    with pytest.raises(EditionError, match=r"^bench/questions.yml:3: the question 'law 19' names laws/19/#law-19, "
                                           r"which the site does not publish"):
        check_answers([Question("law 19", 3, places=("laws/19/#law-19",))], tmp_path)


def test_no_question_of_the_benchmark_is_copied_into_the_situations(tmp_path):
    assert copied_into_situations(load_questions()) == []
    path = tmp_path / "situations.yml"
    path.write_text("situations:\n- slug: a\n  question: Law 19?\n  happened: He had seven\n"
                    "  asked: [He has six cards]\n", encoding="utf-8")
    questions = [QUESTION, Question("law 19", 1, laws=(19,)), Question("he had seven", 2, laws=(20,))]
    assert copied_into_situations(questions, path) == ["he has six cards", "law 19", "he had seven"]


def test_every_set_of_questions_in_bench_is_known_here():
    assert sorted(p.name for p in BENCH.glob("questions*.yml")) == sorted(QUESTION_SETS)


@pytest.mark.parametrize("name, count", sorted(QUESTION_SETS.items()))
def test_each_set_of_questions_is_read_whole(name, count):
    questions = load_questions(BENCH / name)
    assert len(questions) == count and len({_folded(q.q) for q in questions}) == count
    assert all(q.line > 0 for q in questions)


@pytest.mark.parametrize("name", sorted(QUESTION_SETS))
def test_each_set_names_only_glossary_entries_that_exist(name, real_edition):
    slugs = {e.slug for e in real_edition.glossary}
    assert [(q.q, t) for q in load_questions(BENCH / name) for t in q.terms if t not in slugs] == []


@pytest.mark.parametrize("name", sorted(QUESTION_SETS))
def test_no_question_of_any_set_is_copied_into_the_situations(name):
    assert copied_into_situations(load_questions(BENCH / name)) == []


def test_the_sets_of_questions_share_no_question():
    sets = {name: {_folded(q.q) for q in load_questions(BENCH / name)} for name in QUESTION_SETS}
    names = sorted(sets)
    shared = {(a, b): sets[a] & sets[b] for i, a in enumerate(names) for b in names[i + 1:]}
    assert all(not both for both in shared.values()), "a held-out question is asked in another set"
