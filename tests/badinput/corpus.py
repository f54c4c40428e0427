"""The corpus of bad input: one malformed change per file in tests/badinput/cases/, and what it must give.

A case (YAML) changes one file of a copy of the project, or runs the command line once:

    # what the case is (one line)
    file: content/texts/foster/03-laws.md     # the file changed, from the project's root
    replace: "{law 77}"                       # the first occurrence of these words ...
    by: "{law 999}"                           # ... becomes this ("" deletes them)
    # or  append: "text"   (added at the end of the file)
    # or  write: "text"    (the whole file replaced)
    # or  delete: true     (the file removed)
    # or  rename: "path"   (the file moved to this path, from the project's root)
    # or  symlink: "target" (the file made a symbolic link to this path: absolute, or relative to the link)
    # or  fifo: true       (the file made a named pipe)    or  folder: true  (a folder in the file's place)
    # bytes: true          (``by``/``append``/``write`` are bytes written as Latin-1: "\\xff" is the byte FF)
    # build: true          (a whole ``mkdocs build --strict``, for what only the built site shows)
    messages:                                 # the exact lines the build prints, in order
      - "content/texts/foster/03-laws.md:204: ..."

    # env: {SITE_URL: "..."}  (added to the environment of a whole build or of a script)

    # a command line instead:
    argv: [experiment, --seed, "1", --trials, "0"]
    messages: ["python -m engine experiment: error: ..."]   # stderr, exit status 2
    # or a script of the project, run from its folder (messages: stderr's lines; status: 2 unless given)
    script: [scripts/check-site-url]
    # stdout: full         (the output a device with no space left: every write fails, ENOSPC)
    # status: 74           (the exit status it must give, when not 2)

After an edit of the content moves the lines a case names, ``--update CASE ...`` rewrites its
messages (read the diff). Run as a script it prints each case's outcome (``--summary``: only the
counts of cases that gave a
traceback or were accepted), so that the corpus can be run against any version of the code:
``python tests/badinput/corpus.py --project OTHER_CHECKOUT --summary``.
"""
from __future__ import annotations

import contextlib
import errno
import io
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import traceback
from dataclasses import dataclass
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
CASES = HERE / "cases"
ROOT = HERE.parent.parent


@dataclass
class Outcome:
    kind: str  # "refused" (one message a cause), "traceback" or "accepted"
    lines: list[str]
    status: int = 0


def cases() -> list[Path]:
    return sorted(CASES.glob("*.yml"))


def read_case(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _encode(case: dict, text: str) -> bytes:
    return text.encode("latin-1" if case.get("bytes") else "utf-8")


def apply(case: dict, root: Path) -> None:
    """Make the case's change to the project copy under *root*."""
    target = root / case["file"]
    if case.get("delete"):
        target.unlink()
        return
    if "rename" in case:
        target.rename(root / case["rename"])
        return
    if any(key in case for key in ("symlink", "fifo", "folder")):
        if target.exists() or target.is_symlink():
            target.unlink()
        target.parent.mkdir(parents=True, exist_ok=True)
        if "symlink" in case:
            target.symlink_to(case["symlink"])
        elif case.get("fifo"):
            os.mkfifo(target)
        else:
            target.mkdir()
        return
    if "write" in case:
        target.write_bytes(_encode(case, case["write"]))
        return
    old = target.read_bytes()
    if "append" in case:
        target.write_bytes(old + _encode(case, case["append"]))
        return
    needle = case["replace"].encode("utf-8")
    if needle not in old:
        raise AssertionError(f"the case's 'replace' text is not in {case['file']}: {case['replace']!r}")
    target.write_bytes(old.replace(needle, _encode(case, case["by"]), 1))


def copy_project(project: Path, dest: Path, whole: bool) -> None:
    """content/ and site_src/ copied (the edition walks both); for a whole build, the site's own files too (the
    code linked)."""
    shutil.copytree(project / "content", dest / "content")
    shutil.copytree(project / "site_src", dest / "site_src")
    if whole:
        for name in ("mkdocs.yml", "macros"):
            src = project / name
            (shutil.copytree if src.is_dir() else shutil.copy)(src, dest / name)
        for name in ("engine", "edition", "templates"):
            (dest / name).symlink_to(project / name)


class _TooLong(Exception):
    pass


def _too_long(signum, frame):
    raise _TooLong


class _FullDevice(io.StringIO):
    """An output on a device with no space left."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def flush(self) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def run_cli(argv: list[str], seconds: int = 20, stdout: str = "") -> Outcome:
    """Run the command line's ``main`` in this process; a run longer than *seconds* is stopped."""
    from engine.cli import main
    out, err = (_FullDevice() if stdout == "full" else io.StringIO()), io.StringIO()
    old = signal.signal(signal.SIGALRM, _too_long)
    signal.alarm(seconds)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(argv, out=out, err=err)
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else 1
    except _TooLong:
        return Outcome("accepted", [f"still running after {seconds} s, no message"])
    except BaseException:  # noqa: BLE001 (a traceback is what the corpus counts)
        return Outcome("traceback", traceback.format_exc().splitlines()[-1:])
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    lines = [line for line in err.getvalue().splitlines() if line.strip()]
    if status == 0:
        return Outcome("accepted", [] if stdout else out.getvalue().splitlines()[-1:], 0)
    if any("Traceback" in line for line in lines):
        return Outcome("traceback", lines[-1:], status)
    return Outcome("refused", lines[-1:], status)  # argparse prints its usage first: the message is the last line


def run_content(case: dict, project: Path) -> Outcome:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        copy_project(project, root, bool(case.get("build")))
        apply(case, root)
        if case.get("build"):
            return _build(root, case.get("env"))
        from edition.model.edition import EditionErrors, load_edition
        try:
            load_edition(root)
        except EditionErrors as exc:
            return Outcome("refused", [str(e) for e in exc.errors], 1)
        except BaseException:  # noqa: BLE001
            return Outcome("traceback", traceback.format_exc().splitlines()[-1:], 1)
        return Outcome("accepted", [])


def run_script(argv: list[str], env: dict[str, str], project: Path) -> Outcome:
    """Run a script of the project (its path from the project's folder) with *env* added; stderr's lines."""
    proc = subprocess.run([str(project / argv[0]), *argv[1:]], cwd=project, capture_output=True, text=True,
                          env={**os.environ, **env}, timeout=120)
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    if proc.returncode == 0:
        return Outcome("accepted", lines, 0)
    if any("Traceback" in line for line in lines):
        return Outcome("traceback", lines[-1:], proc.returncode)
    return Outcome("refused", lines, proc.returncode)


def _build(root: Path, extra: dict[str, str] | None = None) -> Outcome:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", **(extra or {}))
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir",
                           str(root / "site")], cwd=root, capture_output=True, text=True, env=env)
    if proc.returncode == 0:
        return Outcome("accepted", [])
    if "Traceback" in proc.stderr:
        return Outcome("traceback", proc.stderr.splitlines()[-1:], proc.returncode)
    # MkDocs: "ERROR - Error reading page ..." / "Aborted with a BuildError!"; the edition's lines are indented.
    lines = [line.strip() for line in proc.stderr.splitlines() if line.startswith("  ")]
    return Outcome("refused", lines, proc.returncode)


def run(path: Path, project: Path = ROOT) -> Outcome:
    case = read_case(path)
    if "argv" in case:
        return run_cli([str(a) for a in case["argv"]], stdout=case.get("stdout", ""))
    if "script" in case:
        return run_script([str(a) for a in case["script"]], case.get("env") or {}, project)
    return run_content(case, project)


def update(names: list[str]) -> None:
    """Rewrite the messages of the cases named (after an edit of the content moved their lines)."""
    for path in cases():
        if path.stem in names:
            case, outcome = read_case(path), run(path)
            if outcome.kind == "refused":
                case["messages"] = outcome.lines
                first = path.read_text(encoding="utf-8").splitlines()[0]
                path.write_text(first + "\n" + yaml.safe_dump(case, sort_keys=False, allow_unicode=True, width=1000),
                                encoding="utf-8")
            print(f"{path.name}: {outcome.kind}", *outcome.lines, sep="\n    ")


def main(argv: list[str]) -> int:
    project = Path(argv[argv.index("--project") + 1]) if "--project" in argv else ROOT
    sys.path.insert(0, str(project))  # the code of the project under test
    if "--update" in argv:
        update([Path(a).stem for a in argv[argv.index("--update") + 1:]])
        return 0
    counts: dict[str, int] = {}
    for path in cases():
        outcome = run(path, project)
        counts[outcome.kind] = counts.get(outcome.kind, 0) + 1
        if "--summary" not in argv:
            print(f"{path.name}: {outcome.kind} {outcome.status}")
            for line in outcome.lines:
                print(f"    {line}")
    print(f"{len(cases())} cases: " + ", ".join(f"{n} {kind}" for kind, n in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
