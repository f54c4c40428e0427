"""The code's structure: the import graph of engine/, edition/ and macros/, read with ``ast``.

Data flows one way (witness → reading text → page; the engine is called, never calls back), so
the modules import one another without a cycle: a cycle hidden by imports inside functions is
still a cycle, and is found here. The engine knows nothing of the edition; only macros/ imports
MkDocs; a private name (``_x``) stays in its module; an import inside a function says why on its
line or the line above (a comment), since an import at the top is the rule.
"""
from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "edition", "macros", "bench")  # bench: scripts that use them, held to the same rules


@dataclass(frozen=True)
class Import:
    importer: str  # module, e.g. "edition.model.markup"
    imported: str  # module, e.g. "edition.texts.syntax" (the module a name is taken from)
    names: tuple[str, ...]  # the names taken ("*" for none: a whole module)
    line: int
    in_function: bool
    commented: bool  # a comment on the import's line or the line above


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(importer: str, is_package: bool, level: int, module: str | None) -> str:
    if not level:
        return module or ""
    base = importer.split(".")
    base = base if is_package else base[:-1]
    base = base[:len(base) - (level - 1)]
    return ".".join(base + ([module] if module else []))


def imports_of(path: Path, modules: set[str] | None = None) -> list[Import]:
    """Every import statement in one file, at module level or inside a function."""
    source, tree = _parsed(path)
    lines = source.splitlines()
    importer = module_name(path)
    is_package = path.name == "__init__.py"
    found: list[Import] = []

    def commented(node: ast.stmt) -> bool:
        here = lines[node.lineno - 1]
        above = lines[node.lineno - 2].strip() if node.lineno > 1 else ""
        return "#" in here or above.startswith("#")

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import):
                for alias in child.names:
                    found.append(Import(importer, alias.name, ("*",), child.lineno, in_function, commented(child)))
            elif isinstance(child, ast.ImportFrom):
                base = _resolve(importer, is_package, child.level, child.module)
                for alias in child.names:
                    # "from . import data" takes a module; "from .cite import citation" a name.
                    sub = f"{base}.{alias.name}" if base else alias.name
                    if modules is not None and sub in modules:
                        found.append(Import(importer, sub, ("*",), child.lineno, in_function, commented(child)))
                    else:
                        found.append(Import(importer, base, (alias.name,), child.lineno, in_function,
                                            commented(child)))
            visit(child, inner)

    visit(tree, False)
    return found


def private_attributes(path: Path, modules: set[str]) -> list[str]:
    """``module._name`` in one file, where *module* is one of the project's modules imported whole."""
    _source, tree = _parsed(path)
    bound = {}  # local name -> project module
    for i in imports_of(path, modules):
        if i.names == ("*",) and i.imported in modules:
            bound[i.imported.rsplit(".", 1)[-1]] = i.imported
    return [f"{module_name(path)}:{node.lineno} uses {bound[node.value.id]}.{node.attr}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in bound
            and node.attr.startswith("_") and not node.attr.startswith("__")]


def _parsed(path: Path) -> tuple[str, ast.Module]:
    """A file's source and syntax tree, parsed once for all the tests while the file is unchanged
    (parsing every module again for each test took most of this file's time)."""
    stat = path.stat()
    return _parse(path, stat.st_mtime_ns, stat.st_size)


@cache
def _parse(path: Path, _mtime: int, _size: int) -> tuple[str, ast.Module]:
    source = path.read_text(encoding="utf-8")
    return source, ast.parse(source, str(path))


def project_files() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


def all_imports() -> list[Import]:
    return list(_all_imports(ROOT, tuple((p, p.stat().st_mtime_ns) for p in project_files())))


@cache
def _all_imports(_root: Path, files: tuple[tuple[Path, int], ...]) -> tuple[Import, ...]:
    modules = {module_name(p) for p, _ in files}
    return tuple(i for p, _ in files for i in imports_of(p, modules))


def graph(imports: list[Import]) -> dict[str, set[str]]:
    """Module -> the project's modules it imports (a package's __init__ counts as the package)."""
    modules = {module_name(p) for p in project_files()}
    edges: dict[str, set[str]] = {m: set() for m in modules}
    for i in imports:
        if i.imported in modules and i.imported != i.importer:
            edges[i.importer].add(i.imported)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def strongconnect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                strongconnect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            strongconnect(v)
    return found


# --- the checker checks: each rule fails on a planted breach ---------------------------------

def test_cycles_finds_a_loop_of_three_and_nothing_in_a_chain():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_imports_inside_functions_are_read_and_resolved(tmp_path, monkeypatch):
    package = tmp_path / "edition"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text(
        "from .b import thing\n"
        "from . import c\n"
        "def f():\n"
        "    # the reason\n"
        "    from .c import _private\n"
        "    import json\n"
        "    return json\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    got = imports_of(package / "a.py", {"edition", "edition.a", "edition.b", "edition.c"})
    assert got == [
        Import("edition.a", "edition.b", ("thing",), 1, False, False),
        Import("edition.a", "edition.c", ("*",), 2, False, False),
        Import("edition.a", "edition.c", ("_private",), 5, True, True),
        Import("edition.a", "json", ("*",), 6, True, False),
    ]


# --- the rules --------------------------------------------------------------------------------

def test_no_import_cycle_among_the_modules_counting_imports_inside_functions():
    assert cycles(graph(all_imports())) == []


def test_the_engine_imports_nothing_of_the_edition_or_of_macros():
    wrong = [f"{i.importer}:{i.line} imports {i.imported}" for i in all_imports()
             if i.importer.split(".")[0] == "engine" and i.imported.split(".")[0] in ("edition", "macros")]
    assert wrong == []


def test_the_edition_imports_nothing_of_macros():
    wrong = [f"{i.importer}:{i.line} imports {i.imported}" for i in all_imports()
             if i.importer.split(".")[0] == "edition" and i.imported.split(".")[0] == "macros"]
    assert wrong == []


def test_only_macros_imports_mkdocs():
    wrong = [f"{i.importer}:{i.line} imports {i.imported}" for i in all_imports()
             if i.imported.split(".")[0] == "mkdocs" and i.importer.split(".")[0] != "macros"]
    assert wrong == []


def test_no_private_name_is_imported_from_another_module():
    wrong = [f"{i.importer}:{i.line} takes {name} from {i.imported}" for i in all_imports()
             for name in i.names if name.startswith("_") and not name.startswith("__")]
    assert wrong == []


def test_no_private_name_of_another_module_is_used_through_the_module():
    modules = {module_name(p) for p in project_files()}
    wrong = [use for p in project_files() for use in private_attributes(p, modules)]
    assert wrong == []


def test_a_private_attribute_of_an_imported_module_is_found(tmp_path, monkeypatch):
    package = tmp_path / "engine"
    package.mkdir()
    (package / "a.py").write_text("from . import b\n\ndef f():\n    return b._cache, b.public\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert private_attributes(package / "a.py", {"engine.a", "engine.b"}) == ["engine.a:4 uses engine.b._cache"]


def test_an_import_inside_a_function_states_its_reason_in_a_comment():
    wrong = [f"{i.importer}:{i.line} imports {i.imported} inside a function" for i in all_imports()
             if i.in_function and not i.commented]
    assert wrong == []


# The edition's layers, lowest first: each is a subpackage of edition/ (its __init__ says what it
# holds), and a module imports from its own layer or the layers below, never from above. A module
# outside these folders (but the package's own __init__ and __main__, the top) fails the first test.
LAYERS = ["texts", "framework", "sources", "model", "site"]
TOP = {"edition", "edition.__main__"}


def layer_of(module: str) -> int | None:
    """The layer of an edition module: its subpackage's place in LAYERS (the top: one above them all).

    >>> layer_of("edition.texts.align"), layer_of("edition.site"), layer_of("edition.__main__"), layer_of("engine.cli")
    (0, 4, 5, None)
    """
    parts = module.split(".")
    if parts[0] != "edition":
        return None
    if module in TOP:
        return len(LAYERS)
    return LAYERS.index(parts[1]) if parts[1] in LAYERS else None


def edition_modules() -> set[str]:
    return {module_name(p) for p in project_files() if module_name(p).split(".")[0] == "edition"}


def test_every_module_of_the_edition_is_in_a_layer():
    assert sorted(m for m in edition_modules() if layer_of(m) is None) == []


def test_no_module_of_the_edition_imports_from_a_layer_above_its_own():
    wrong = [f"{i.importer}:{i.line} (layer {layer_of(i.importer)}) imports {i.imported} "
             f"(layer {layer_of(i.imported)})" for i in all_imports()
             if layer_of(i.importer) is not None and layer_of(i.imported) is not None
             and layer_of(i.imported) > layer_of(i.importer)]
    assert wrong == []


def code_map() -> dict[str, set[str]]:
    """The map of the code in docs/code-map.md (*The code that makes it*): each layer's folder and the words it
    names in backticks, in a numbered item that begins with the folder: ``1. **`edition/texts/` ...``."""
    text = (ROOT / "docs" / "code-map.md").read_text(encoding="utf-8")
    section = text.split("### The code that makes it", 1)[1].split("\n#", 1)[0]
    found = {}
    for item in re.split(r"\n(?=\d\. )", section):
        head = re.match(r"\d\. \*\*`edition/(\w+)/`", item)
        if head:
            found[head[1]] = set(re.findall(r"`(\w+)`", item))
    return found


def test_the_code_maps_item_for_each_layer_names_its_folder_and_its_modules():
    modules: dict[str, set[str]] = {layer: set() for layer in LAYERS}
    for m in edition_modules():
        parts = m.split(".")
        if len(parts) == 3:
            modules[parts[1]].add(parts[2])
    every_module = set().union(*modules.values())
    named = code_map()
    assert sorted(named) == sorted(LAYERS)
    # Each folder's item names its modules, and no module of another folder.
    assert {layer: sorted(words & every_module) for layer, words in named.items()} == \
        {layer: sorted(names) for layer, names in modules.items()}


@pytest.mark.parametrize("module", sorted(m for m in edition_modules() if layer_of(m) == 0))
def test_the_lowest_layer_imports_nothing_above_it(module):
    above = sorted({i.imported for i in all_imports() if i.importer == module
                    and i.imported.split(".")[0] in PACKAGES and layer_of(i.imported) != 0})
    assert above == []
