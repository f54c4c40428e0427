"""A long witness shown in parts: each part a page of a reasonable size, its lines numbered as in the
whole file, and the part that holds each line.

A witness whose page would be small stays one page (``witnesses/ID.md``). A longer one is cut
where a chapter of its reading texts begins, the chapters packed in the file's order into parts
of at most ``BUDGET`` bytes of page (a chapter longer than that is cut between its lines); its
page ``witnesses/ID.md`` then lists the parts, and each part is ``witnesses/ID/lines-A-B.md``.
Pure functions over plain data: the caller gives the lines and where each chapter starts.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import addresses

#: The most page one part may carry: its lines' bytes with their markup (LINE_MARKUP each). With
#: the theme's header and navigation (about 40 KB) a part's page stays near 120 KB, under 150 KB.
BUDGET = 75_000
#: The bytes of markup around each line on a witness page (its anchor, number and link).
LINE_MARKUP = 80


@dataclass(frozen=True)
class Part:
    """Lines *first* … *last* (1-based, inclusive) of witness *witness*: part *number* of *of*."""

    witness: str
    number: int
    of: int
    first: int
    last: int
    chapters: tuple[str, ...] = ()  # the titles of the reading texts whose lines this part shows

    @property
    def whole(self) -> bool:
        """The witness is shown on one page, this one."""
        return self.of == 1

    @property
    def uri(self) -> str:
        """The part's page under the docs folder.

        >>> Part("000", 2, 6, 503, 1004).uri, Part("001", 1, 1, 1, 73).uri
        ('witnesses/000/lines-503-1004.md', 'witnesses/001.md')
        """
        return addresses.witness(self.witness) if self.whole else \
            addresses.witness_part(self.witness, self.first, self.last)


def split(witness: str, lines: list[str], starts: dict[int, str], budget: int = BUDGET) -> list[Part]:
    """The parts of a witness of *lines*; *starts* maps the first line of each chapter to its title.

    >>> [(p.first, p.last, p.chapters) for p in split("9", ["x" * 20] * 6, {1: "A", 3: "B", 5: "C"}, 250)]
    [(1, 2, ('A',)), (3, 4, ('B',)), (5, 6, ('C',))]
    >>> [(p.first, p.last) for p in split("9", ["x" * 20] * 6, {1: "A", 3: "B", 5: "C"}, 400)]
    [(1, 4), (5, 6)]
    >>> [p.uri for p in split("9", ["x"] * 6, {1: "A"})]
    ['witnesses/9.md']
    """
    cost = [len(line.encode("utf-8")) + LINE_MARKUP for line in lines]
    cuts = sorted({1, *(n for n in starts if 1 <= n <= len(lines))})
    chapters = [(a, b - 1) for a, b in zip(cuts, [*cuts[1:], len(lines) + 1], strict=True)]
    ranges: list[list[int]] = []  # [first, last, bytes]
    for first, last in chapters:
        size = sum(cost[first - 1:last])
        if ranges and ranges[-1][2] + size <= budget:
            ranges[-1][1:] = [last, ranges[-1][2] + size]
            continue
        start, size = first, 0
        for n in range(first, last + 1):  # a chapter of its own, cut between lines if it is longer than a part
            if size and size + cost[n - 1] > budget:
                ranges.append([start, n - 1, size])
                start, size = n, 0
            size += cost[n - 1]
        ranges.append([start, last, size])
    return [Part(witness, i, len(ranges), first, last, _chapters(starts, first, last))
            for i, (first, last, _size) in enumerate(ranges, 1)]


def _chapters(starts: dict[int, str], first: int, last: int) -> tuple[str, ...]:
    """The titles of the chapters lines *first* … *last* show, in order, each once (the one a part
    opens in among them).

    >>> _chapters({1: "A", 5: "B", 8: "B", 9: "C"}, 6, 9)
    ('B', 'C')
    """
    opening = max((n for n in starts if n <= first), default=None)  # the chapter line *first* is in
    titles = [starts[n] for n in sorted(starts) if n == opening or first < n <= last]
    return tuple(dict.fromkeys(titles))


def part_of(parts: list[Part], line: int) -> Part:
    """The part that shows *line* (the last part for a line past the end).

    >>> part_of([Part("0", 1, 2, 1, 9), Part("0", 2, 2, 10, 20)], 10).first
    10
    """
    return next((p for p in parts if p.first <= line <= p.last), parts[-1])
