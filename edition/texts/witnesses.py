"""The witnesses: the source files exactly as received, and their checksums."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from .datafiles import load_file
from .errors import EditionError, line_of

REGISTRY = "witnesses.yml"


@dataclass(frozen=True)
class Witness:
    """One source file. ``lines[0]`` is line 1 of the file."""

    id: str
    path: Path
    sha256: str
    work: str
    kind: str

    @cached_property
    def text(self) -> str:
        return self.path.read_bytes().decode("utf-8")

    @cached_property
    def lines(self) -> list[str]:
        """The file's lines; a final newline ends the last line rather than starting another."""
        lines = self.text.split("\n")
        return lines[:-1] if lines and lines[-1] == "" else lines

    def actual_sha256(self) -> str:
        return hashlib.sha256(self.path.read_bytes()).hexdigest()

    def verify(self) -> None:
        """Raise EditionError if the file is not byte for byte the recorded witness."""
        actual = self.actual_sha256()
        if actual != self.sha256:
            raise EditionError(
                f"content/witnesses/{self.path.name}", None,
                f"witness {self.id} has SHA-256 {actual}, not the recorded {self.sha256}",
                "witness files are never edited: restore the file from shared/seeds/ "
                "(git checkout it); corrections belong in the reading texts",
            )


# Each witness's keys (file, sha256, work, kind), their types and forms: content/schemas/witnesses/witnesses.yml.


def load_witnesses(folder: Path, name: str = f"content/witnesses/{REGISTRY}") -> dict[str, Witness]:
    """Read ``witnesses.yml`` in *folder*: {id: Witness}. *name* is how errors call the registry."""
    registry = folder / REGISTRY
    data = load_file(folder.parent.parent, name, dict)  # folder: <root>/content/witnesses
    raw = registry.read_text(encoding="utf-8")
    result: dict[str, Witness] = {}
    for wid, entry in data.items():
        line = line_of(raw, f'"{wid}":') or line_of(raw, f"{wid}:")
        path = folder / str(entry["file"])
        if not path.exists():
            raise EditionError(name, line, f"witness {wid} names {entry['file']}, which is missing",
                               "put the verbatim seed file in content/witnesses/ (git checkout it)")
        result[str(wid)] = Witness(str(wid), path, str(entry["sha256"]), str(entry["work"]), str(entry["kind"]))
    return result
