"""Reading-text files: front matter, body, and the spans of the witness each one covers."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from . import html_policy
from .addresses import reading_text
from .datafiles import html_problems, parse, read_text, schema_for
from .errors import EditionError, EditionErrors
from .syntax import MARKUP

FILENAME = re.compile(r"^(?P<order>\d\d)-(?P<slug>[a-z0-9-]+)\.md$")


@dataclass(frozen=True)
class Span:
    """Witness lines *start* … *end*, inclusive, 1-based; optionally only some of each line's
    tab-separated fields (a printed page set in columns: *first_field* … *last_field*, 1-based,
    last 0 meaning to the end of the line)."""

    start: int
    end: int
    first_field: int = 0
    last_field: int = 0

    def __str__(self) -> str:
        cols = ""
        if self.first_field:
            cols = f"@{self.first_field}" + ("" if self.last_field == self.first_field
                                             else f"-{self.last_field or ''}")
        return f"{self.start}-{self.end}{cols}"

    def select(self, line: str) -> str:
        """The part of a witness line this span covers."""
        if not self.first_field:
            return line
        fields = line.split("\t")
        return " ".join(fields[self.first_field - 1:self.last_field or None])


def parse_spans(value: object, path: Path, lineno: int) -> list[Span]:
    """Parse ``lines:`` front matter: "181-349" or "120-166, 60-119" (edition order).

    A page printed in columns, which the OCR ran together line by line with a tab between the
    columns, is read column by column: "2415-2442@1, 2415-2442@2-" (field 1, then fields 2 to
    the end of each line).

    >>> parse_spans("120-166, 60-119", Path("f.md"), 4)
    [Span(start=120, end=166, first_field=0, last_field=0), Span(start=60, end=119, first_field=0, last_field=0)]
    >>> [str(s) for s in parse_spans("10-20@1, 10-20@2-, 30-31@1-2", Path("f.md"), 4)]
    ['10-20@1', '10-20@2-', '30-31@1-2']
    """
    spans = []
    for part in str(value).split(","):
        m = re.fullmatch(r"\s*(\d+)\s*-\s*(\d+)\s*(?:@(\d+)(?:(-)(\d*))?)?\s*", part)
        if not m or int(m[1]) > int(m[2]) or int(m[1]) < 1:
            raise EditionError(path, lineno, f"'lines: {value}' is not a list of spans like 181-349",
                               "give inclusive 1-based witness line ranges, comma-separated, in the edition's "
                               "order (a column of tab-separated fields: 181-349@1, 181-349@2-)")
        first = int(m[3]) if m[3] else 0
        last = first if m[3] and not m[4] else (int(m[5]) if m[5] else 0)
        spans.append(Span(int(m[1]), int(m[2]), first, last))
    return spans


@dataclass
class ReadingText:
    """One reading-text file of content/texts/<work>/NN-slug.md."""

    path: Path  # relative to the project root, for messages
    work: str
    order: int
    slug: str
    title: str
    witness: str
    spans: list[Span]
    body_lines: list[str]
    body_start: int  # file line number of body_lines[0]
    meta: dict = field(default_factory=dict)
    collate: str | None = None
    collate_spans: list[Span] = field(default_factory=list)
    lines_at: dict[str, int] = field(default_factory=dict)  # witness id -> the file line of its 'lines:'

    @property
    def page_uri(self) -> str:
        """The page's source path in the site: <work>/<slug>.md."""
        return reading_text(self.work, self.slug)

    def lines_where(self, test) -> list[int]:
        """The file line numbers of the body lines for which ``test(line)`` holds (data files name
        a place in the text by words it holds: a claim's figure, a quotation, a placeholder)."""
        return [self.body_start + i for i, line in enumerate(self.body_lines) if test(line)]

    def line(self, number: int) -> str:
        """The body line at a file line number (one of ``lines_where``)."""
        return self.body_lines[number - self.body_start]


def html_policy_problems(text: ReadingText, skip: set[int] = frozenset()) -> list[EditionError]:
    """The HTML policy (edition/texts/html_policy.py) on the author's text: each block of the body (a
    paragraph, a list, a table: lines up to a blank one), its edition markup replaced by the words it
    stands for, and each note inside it, rendered and judged; a refusal is named at the line that holds
    what was refused. Blocks with a line in *skip* (already reported) are not judged again."""
    errors: list[EditionError] = []
    block: list[tuple[int, str]] = []
    notes: list[tuple[int, str]] = []

    def words(m: re.Match, lineno: int) -> str:
        if m["wordkind"]:
            notes.append((lineno, m["wnote"]))
            return m["words"]
        if m["notekind"]:
            notes.append((lineno, m["note"]))
        return " "

    def judge(lines: list[tuple[int, str]]) -> None:
        if not lines or any(n in skip for n, _ in lines):
            return
        what = html_policy.problem("\n".join(t for _, t in lines), editors=False)
        if what:
            token = html_policy.needle(what)
            line = next((n for n, t in lines if token in t), lines[0][0])
            errors.append(EditionError(text.path, line, f"{what} in the text, which the HTML policy refuses",
                                       html_policy.ADVICE[False]))

    for offset, line in enumerate(text.body_lines + [""]):
        lineno = text.body_start + offset
        if line.strip():
            block.append((lineno, MARKUP.sub(lambda m, n=lineno: words(m, n), line)))
            continue
        judge(block)
        for n, note in notes:
            judge([(n, note)])
        block, notes = [], []
    return errors


def read_text_file(path: Path, root: Path) -> ReadingText:
    """Parse one reading-text file; every malformation names the file and line."""
    rel = path.relative_to(root)
    m = FILENAME.match(path.name)
    if not m:
        raise EditionError(rel, None, "the file name is not NN-slug.md",
                           "name reading texts like 03-laws.md: two digits for the book's order, "
                           "then a lower-case slug")
    raw = read_text(path, rel)
    lines = raw.split("\n")
    if not lines or lines[0].strip() != "---":
        raise EditionError(rel, 1, "no front matter", "start the file with a '---' line, the front matter "
                           "(title, witness, lines), and a closing '---' line (see content/EDITING.md)")
    try:
        close = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        raise EditionError(rel, 1, "the front matter is not closed", "add a '---' line after it") from None
    meta = parse("\n".join(lines[1:close]), rel, first_line=2, empty_ok=True) or {}
    if not isinstance(meta, dict):
        raise EditionError(rel, 2, "the front matter is not a mapping", "write key: value lines")
    # Its keys, their types and bounds: content/schemas/front-matter.yml (every way it breaks it, at once).
    front = "\n".join(lines[1:close])
    problems = schema_for(root, rel).check(meta, front, rel, first_line=2) or html_problems(meta, front, rel, 2)
    if problems:
        raise EditionErrors(problems)

    def line_of(key: str) -> int:
        for i in range(1, close):
            if lines[i].startswith(f"{key}:"):
                return i + 1
        return 2

    collate = meta.get("collate")
    return ReadingText(
        path=rel,
        work=path.parent.name,
        order=int(m["order"]),
        slug=m["slug"],
        title=str(meta["title"]),
        witness=str(meta["witness"]),
        spans=parse_spans(meta["lines"], rel, line_of("lines")),
        body_lines=lines[close + 1:],
        body_start=close + 2,
        meta=meta,
        collate=str(collate) if collate is not None else None,
        collate_spans=parse_spans(meta["collate_lines"], rel, line_of("collate_lines"))
        if "collate_lines" in meta else [],
        lines_at={str(meta["witness"]): line_of("lines"), **({str(collate): line_of("collate_lines")}
                                                               if collate is not None else {})},
    )
