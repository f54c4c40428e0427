"""Errors in the edition's input. Each names the file, the line and what to do about it."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass
class EditionError(Exception):
    """Bad input in content/: stops the build with a message naming file, line and the fix.

    >>> str(EditionError("content/texts/foster/03-laws.md", 12, "unknown markup {foo}", "use one of ..."))
    'content/texts/foster/03-laws.md:12: unknown markup {foo}. What to do: use one of ...'
    """

    path: str | Path
    line: int | None
    problem: str
    advice: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else f"{self.path}"
        return f"{where}: {self.problem}. What to do: {self.advice}"
