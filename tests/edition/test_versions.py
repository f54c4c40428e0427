"""A versioned edition (#13 item 6): each version's readings and verdicts stored
(content/versions/V.json, ``scripts/cut-version``), the build stopped when the edition
no longer reads as its version's snapshot, and the page of changes between versions."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from edition.framework.templating import day, render_page
from edition.model.edition import EditionErrors, load_edition
from edition.model.snapshot import Snapshot, changes, dumps, read, read_all, take
from edition.site.versions import changes_data, changes_page_data, cut, main, word_changes
from edition.texts.errors import EditionError

ROOT = Path(__file__).resolve().parents[2]

WITNESS = """
THE LAWS

1. The age puts up the blind.
2. The dealer deals five cards.

The blind is a bet made before the cards are seen.
"""

BODY = """# THE LAWS

{law 1} The age puts up the blind.

{law 2} The dealer deals five cards.

The blind is a bet made before the cards are seen.
"""

SNAPSHOT_1_0 = """{
 "date": "2026-01-02",
 "readings": {
  "fixture/laws/#para-1": "The blind is a bet made before the cards are seen.",
  "laws/1/": "1. The age puts up the blind.",
  "laws/2/": "2. The dealer deals five cards."
 },
 "verdicts": {},
 "version": "1.0"
}
"""


@pytest.fixture
def versioned(project):
    """A fixture project with two laws and a paragraph, at version 1.0, not yet cut."""
    project.witness("900", "fixture", WITNESS)
    project.text("fixture", "01-laws.md", f"---\ntitle: The Laws\nwitness: \"900\"\nlines: 1-6\n---\n{BODY}")
    (project.path / "content" / "edition.yml").write_text('version: "1.0"\n')
    return project


def errors_of(root: Path) -> list[str]:
    with pytest.raises(EditionErrors) as info:
        load_edition(root)
    return [str(e) for e in info.value.errors]


def test_cut_stores_every_laws_and_paragraphs_text_by_its_address_with_sorted_keys(versioned):
    path, done = cut(versioned.path, today="2026-01-02")
    assert (path, done) == (versioned.path / "content" / "versions" / "1.0.json", "written")
    assert path.read_text(encoding="utf-8") == SNAPSHOT_1_0
    assert load_edition(versioned.path).snapshots[0].version == "1.0"  # the build accepts it


def test_cutting_the_same_edition_again_writes_the_same_bytes_and_keeps_its_day(versioned):
    cut(versioned.path, today="2026-01-02")
    assert cut(versioned.path, today="2030-12-31")[1] == "unchanged"
    assert (versioned.path / "content" / "versions" / "1.0.json").read_text(encoding="utf-8") == SNAPSHOT_1_0


def test_a_changed_reading_stops_the_build_until_the_version_is_raised_and_cut(versioned):
    cut(versioned.path, today="2026-01-02")
    laws = versioned.path / "content" / "texts" / "fixture" / "01-laws.md"
    laws.write_text(laws.read_text().replace("deals five cards", "deals five cards face down"))
    assert errors_of(versioned.path) == [
        "content/versions/1.0.json:6: the edition's readings or verdicts differ from version 1.0's snapshot "
        "(1 reading, 0 verdicts; first: laws/2/). What to do: a published version's text must not change "
        "silently: raise 'version:' in content/edition.yml above 1.0 and run `scripts/cut-version`"
        "; while 1.0 is not yet published, `scripts/cut-version --replace` stores its "
        "snapshot again instead"]
    # The version already cut is not written again without --replace.
    with pytest.raises(EditionErrors) as info:
        cut(versioned.path, today="2026-02-03")
    assert [str(e) for e in info.value.errors] == [
        "content/versions/: version 1.0 is already cut (content/versions/1.0.json) and the edition now reads "
        "otherwise. What to do: raise 'version:' in content/edition.yml and cut again; `cut --replace` rewrites "
        "content/versions/1.0.json only while 1.0 is not yet published"]
    # Raised but not cut: the build says to cut.
    (versioned.path / "content" / "edition.yml").write_text('version: "1.1"\n')
    assert errors_of(versioned.path) == [
        "content/edition.yml:1: version 1.1 has no snapshot. What to do: run `scripts/cut-version`"
        " to store what it quotes (content/versions/1.1.json), and commit it"]
    assert cut(versioned.path, today="2026-02-03")[1] == "written"
    ed = load_edition(versioned.path)
    assert [s.version for s in ed.snapshots] == ["1.0", "1.1"]
    assert (versioned.path / "content" / "versions" / "1.0.json").read_text(encoding="utf-8") == SNAPSHOT_1_0
    step = changes(*ed.snapshots)
    assert step.readings == [{"address": "laws/2/", "old": "2. The dealer deals five cards.",
                              "new": "2. The dealer deals five cards face down."}]
    assert step.verdicts == []


def test_replace_rewrites_the_current_versions_snapshot_keeping_its_day(versioned):
    cut(versioned.path, today="2026-01-02")
    laws = versioned.path / "content" / "texts" / "fixture" / "01-laws.md"
    laws.write_text(laws.read_text().replace("deals five cards", "deals five cards face down"))
    assert cut(versioned.path, replace=True, today="2026-02-03")[1] == "replaced"
    assert (versioned.path / "content" / "versions" / "1.0.json").read_text(encoding="utf-8") == \
        SNAPSHOT_1_0.replace("deals five cards.", "deals five cards face down.")


def test_an_older_version_than_the_latest_snapshot_is_refused(versioned):
    cut(versioned.path, today="2026-01-02")
    (versioned.path / "content" / "edition.yml").write_text('version: "0.9"\n')
    assert errors_of(versioned.path) == [
        "content/edition.yml:1: version 0.9 is older than the latest snapshot (content/versions/1.0.json). "
        "What to do: give the version 1.0 or a higher one"]


def test_the_command_line_cuts_and_says_what_it_did(versioned, capsys):
    assert main(["cut"], root=versioned.path) == 0
    assert capsys.readouterr().out == "content/versions/1.0.json: written\n"
    (versioned.path / "content" / "edition.yml").write_text("version: [\n")
    assert main(["cut"], root=versioned.path) == 1
    err = capsys.readouterr().err
    assert err.startswith("content/edition.yml:") and err.count("\n") == 1 and "Traceback" not in err


# --- the edition's own snapshot --------------------------------------------------------------

def test_the_stored_snapshot_of_the_current_version_is_the_edition_as_it_stands(real_edition):
    snapshots, errors = read_all(ROOT)
    assert errors == []
    current = next(s for s in snapshots if s.version == real_edition.version)
    assert dumps(take(real_edition, current.date)) == (ROOT / current.path).read_text(encoding="utf-8")
    paras = sum(len(p.document.paras) for p in real_edition.pages)
    assert len(current.readings) == 77 + paras
    assert len(current.verdicts) == len(real_edition.claims)
    assert current.readings["laws/19/"] == (
        "19. If any card is faced in dealing it to a player, the player must accept the faced card, provided it "
        "was not faced in the pack; but if two cards are exposed in the same deal, even to different players, "
        "there must be a new deal.")
    assert current.readings["britannica/poker/#para-13"] == (
        "A very important attribute of a successful poker player is sound judgment in discarding, and this is "
        "principally based on the following mathematical table of approximate chances.")
    assert current.verdicts["hoyle-five-players-ten"] == {"verdict": "author-error", "printed": "ten",
                                                          "computed": "12"}


def _fake_next(real: Snapshot) -> Snapshot:
    """Version 1.1 made from the stored 1.0: Law 19 reworded, a paragraph gone, one added, a verdict changed."""
    readings = dict(real.readings)
    readings["laws/19/"] = readings["laws/19/"].replace("the player must accept", "he must take")
    del readings["britannica/poker/#para-13"]
    readings["keller/preface/#para-99"] = "A new paragraph."
    verdicts = dict(real.verdicts)
    verdicts["hoyle-five-players-ten"] = {"verdict": "exact", "printed": "twelve", "computed": "12"}
    return Snapshot("1.1", "2026-12-24", readings, verdicts)


def test_the_changes_to_a_fake_1_1_in_a_tmp_folder_are_listed_exactly(tmp_path):
    real = json.loads((ROOT / "content" / "versions" / "1.0.json").read_text(encoding="utf-8"))
    folder = tmp_path / "content" / "versions"
    folder.mkdir(parents=True)
    shutil.copytree(ROOT / "content" / "schemas", tmp_path / "content" / "schemas")
    shutil.copy(ROOT / "content" / "versions" / "1.0.json", folder / "1.0.json")
    one = Snapshot(real["version"], real["date"], real["readings"], real["verdicts"])
    (folder / "1.1.json").write_text(dumps(_fake_next(one)), encoding="utf-8")
    snapshots, errors = read_all(tmp_path)
    assert (errors, [s.version for s in snapshots]) == ([], ["1.0", "1.1"])
    step = changes(*snapshots)
    para_13 = real["readings"]["britannica/poker/#para-13"]
    assert step.readings == [
        {"address": "britannica/poker/#para-13", "old": para_13, "new": ""},
        {"address": "keller/preface/#para-99", "old": "", "new": "A new paragraph."},
        {"address": "laws/19/", "old": real["readings"]["laws/19/"],
         "new": real["readings"]["laws/19/"].replace("the player must accept", "he must take")},
    ]
    assert step.verdicts == [{"claim": "hoyle-five-players-ten",
                              "old": {"verdict": "author-error", "printed": "ten", "computed": "12"},
                              "new": {"verdict": "exact", "printed": "twelve", "computed": "12"}}]
    data = changes_data(snapshots, "1.1", {"laws/19/": "laws/19.md"})
    newest = data["versions"][0]
    assert (newest["version"], newest["first"], newest["previous"]) == ("1.1", False, "1.0")
    assert newest["readings"][2]["link"] == "../laws/19.md"
    assert newest["readings"][2]["edits"] == [
        {"before": "it to a player,", "old": "the player", "new": "he", "after": "must accept the faced"},
        {"before": "player, the player must", "old": "accept", "new": "take", "after": "the faced card, provided"}]


def test_the_page_of_changes_lists_each_change_of_a_fake_1_1(real_edition):
    one = real_edition.snapshots[0]
    page = render_page("changes.md.j2", **changes_page_data(type(real_edition)(real_edition.root, {}, {}, version="1.1",
                                               snapshots=[one, _fake_next(one)])))
    assert "Version 1.1, of 24 December 2026, changes 3 readings and 1 verdict of version 1.0." in page
    assert ("- `britannica/poker/#para-13`, no longer in the edition; it read: “A very important attribute of a "
            "successful poker player") in page
    assert "- `keller/preface/#para-99`, new: “A new paragraph.”" in page
    assert ("- `laws/19/`: “… it to a player, <del>the player</del> → <ins>he</ins> must accept the faced …”; "
            "“… player, the player must <del>accept</del> → <ins>take</ins> the faced card, provided …”") in page
    assert ("- `hoyle-five-players-ten`: the author's error (printed ten, computed 12) → exact (printed twelve, "
            "computed 12)") in page
    assert "## Version 1.1 { #version-1-1 }" in page and "## Version 1.0 { #version-1-0 }" in page


def test_each_changed_reading_and_verdict_is_a_list_item_of_its_own(real_edition):
    one = real_edition.snapshots[0]
    readings = dict(one.readings)
    readings["laws/18/"] = readings["laws/18/"] + " Added."
    readings["laws/19/"] = readings["laws/19/"] + " Added."
    verdicts = dict(one.verdicts)
    verdicts["hoyle-five-players-ten"] = {"verdict": "exact", "printed": "twelve", "computed": "12"}
    first = sorted(verdicts)[0]
    verdicts[first] = {**verdicts[first], "verdict": "misprint"}
    page = render_page("changes.md.j2", **changes_page_data(type(real_edition)(real_edition.root, {}, {}, version="1.1",
                                               snapshots=[one, Snapshot("1.1", "2026-12-24", readings, verdicts)])))
    items = [line for line in page.splitlines() if line.startswith("- `")]
    assert [item.split("`")[1] for item in items] == ["laws/18/", "laws/19/", first, "hoyle-five-players-ten"]


def test_a_computed_value_stored_as_a_fraction_is_shown_with_its_decimal_as_on_the_figures_page(real_edition):
    one = real_edition.snapshots[0]
    verdicts = dict(one.verdicts)
    verdicts["hoyle-five-players-ten"] = {"verdict": "fair", "printed": "150", "computed": "19176/125"}
    page = render_page("changes.md.j2", **changes_page_data(type(real_edition)(real_edition.root, {}, {}, version="1.1",
                                               snapshots=[one, Snapshot("1.1", "2026-12-24", one.readings, verdicts)])))
    assert ("- `hoyle-five-players-ten`: the author's error (printed ten, computed 12) → fair rounding (printed 150, "
            "computed 153.4080 (19176/125))") in page


def test_with_one_version_the_page_says_it_is_the_first_and_what_it_holds(real_edition):
    page = render_page("changes.md.j2", **changes_page_data(real_edition))
    one = real_edition.snapshots[0]
    # what version 1.0 holds, from its own snapshot (the edition has moved on since)
    paras = sum(1 for address in one.readings if "#para-" in address)
    by = {}
    for v in one.verdicts.values():
        by[v["verdict"]] = by.get(v["verdict"], 0) + 1
    assert (f"Version 1.0, of {day(one.date)}, is the first version of the edition. It holds the text of 77 laws and "
            f"{paras:,} paragraphs in 4 works, and the verdicts on {len(one.verdicts):,} printed figures: "
            f"{by['exact']:,} exact; {by['fair']:,} fair rounding;") in page


def test_a_versions_day_is_written_in_words():
    assert (day("2026-11-25"), day("2027-01-02")) == ("25 November 2026", "2 January 2027")


def test_word_changes_name_only_the_words_that_differ():
    assert word_changes("a b c d e f g h", "a b c X e f g h", 2) == [
        {"before": "b c", "old": "d", "new": "X", "after": "e f"}]
    assert word_changes("a b c", "a b c d", 2) == [{"before": "b c", "old": "", "new": "d", "after": ""}]


def test_a_snapshot_that_is_not_utf8_is_refused_naming_the_byte_and_its_line(tmp_path):
    path = tmp_path / "1.0.json"
    path.write_bytes(b'{\n"version": "1.0",\n"x\xff"}\n')
    with pytest.raises(EditionError) as info:
        read(path, "content/versions/1.0.json")
    assert str(info.value) == (
        "content/versions/1.0.json:3: byte 0xFF (column 3) is not UTF-8 text. What to do: restore it (git checkout "
        "content/versions/1.0.json) or write it again with `scripts/cut-version --replace`")
