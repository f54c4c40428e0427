"""``python -m edition FILE...``: check reading-text files and print their apparatus.

For editors at work on a chapter: it checks one file against its witness (markup, typography
policy, alignment) without the whole-edition checks, and lists every emendation.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .model.edition import check_source, collate
from .texts.align import align_reading
from .texts.document import document
from .texts.errors import EditionError, EditionErrors, refusals
from .texts.files import shown
from .texts.reading import read_text_file
from .texts.witnesses import load_witnesses


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m edition", description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path, help="reading-text files (content/texts/<work>/NN-slug.md)")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1], help="project folder")
    parser.add_argument("--summary", action="store_true", help="print only the counts")
    args = parser.parse_args(argv)
    witnesses = load_witnesses(args.root / "content" / "witnesses")
    status = 0
    root = args.root.resolve()
    for file in args.files:
        errors: list[EditionError] = []
        if root not in file.resolve().parents:  # (its messages name it from the project's folder)
            outside = EditionError(shown(str(file)), None, "the file is outside the project",
                                   "name a reading text of the project, content/texts/<work>/NN-slug.md")
            print(f"ERROR {outside}", file=sys.stderr)
            status = 1
            continue
        try:
            text = read_text_file(file.resolve(), root)
            w = witnesses[text.witness]
            check_source(text, errors)
            doc = document(text)
            a = align_reading(w.lines, text, w.id)
        except (EditionError, EditionErrors) as e:
            errors.extend(refusals(e))
        except KeyError as e:
            errors.append(EditionError(file, None, f"unknown witness {e}", "fix 'witness:'"))
        if errors:
            for e in errors:
                print(f"ERROR {e}", file=sys.stderr)
            status = 1
            continue
        print(f"{text.path}: {len(a.emendations)} emendations; {a.kept_words}/{a.witness_words} witness words "
              f"unchanged ({a.kept_share:.1%}); {len(doc.notes)} editorial notes; laws {len(doc.laws)}; "
              f"pages {len(doc.pages)}; figures {len(doc.figures)}")
        if not args.summary:
            for e in a.emendations:
                print(f"  {w.id}:{e.witness_line:<5} line {e.text_line:<4} {e.kind:<10} "
                      f"{e.witness or '∅'!s}  →  {e.edition or '∅'!s}    "
                      f"[… {e.before} ⟨{e.edition or '⁁'}⟩ {e.after} …]")
        if text.collate:
            try:
                v = collate(w, text.spans, witnesses[text.collate], text.collate_spans, str(text.path))
                print(f"  collation with {text.collate}: {len(v.emendations)} differences in wording")
                if not args.summary:
                    for e in v.emendations:
                        print(f"    {w.id}:{e.witness_line} {e.witness or '∅'}  |  "
                              f"{text.collate}:{e.text_line} {e.edition or '∅'}")
            except EditionError as e:
                print(f"ERROR {e}", file=sys.stderr)
                status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
