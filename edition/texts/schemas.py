"""Every data file of content/ against its schema: the keys it may have, which it must have, the type
of each value, the words allowed, how large a number and how long a text may be.

A data file ``content/NAME.yml`` has its schema in ``content/schemas/NAME.yml`` (a reading text's
front matter in ``content/schemas/front-matter.yml``, a version's snapshot ``content/versions/V.json``
in ``content/schemas/versions.yml``): JSON Schema (draft 2020-12) written in YAML, checked by the
``jsonschema`` library. A data file without a schema is refused, so that a new file cannot slip
through unchecked; a schema is itself checked, against JSON Schema's own and against the edition's
rules: every mapping says which keys it allows (``additionalProperties``), every text has a
``maxLength``, every whole number a ``minimum`` and a ``maximum``, every list a ``maxItems``.

What the library finds is said in the edition's words, at the line of the data file: an unknown key
with the key it was probably meant to be ("did you mean"), a required key that is missing (both are
reported, so a misspelt required key is named twice: as unknown and as missing), a value of the
wrong type with the text as it was written (``witness: 000`` is the number 0 to YAML), a word not
among those allowed, a number out of its range, a text too long. The schema's ``title`` of a
mapping names it in messages ("a claim") and a key's ``description`` is the advice.

>>> schema = Schema("content/schemas/x.yml", {"type": "object", "title": "the file",
...     "additionalProperties": False, "required": ["version"],
...     "properties": {"version": {"type": "string", "maxLength": 20, "description": "the version"}}})
>>> for e in schema.check({"verison": "1.1"}, "verison: '1.1'\\n", "content/x.yml"): print(e)
content/x.yml:1: unknown key 'verison' in the file. What to do: did you mean 'version'? (the keys of the file: version)
content/x.yml:1: the file has no 'version'. What to do: add 'version:' (the version)
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from .errors import EditionError
from .shown import code_points

SCHEMA_DIR = "content/schemas"
FRONT_MATTER = f"{SCHEMA_DIR}/front-matter.yml"
VERSIONS = f"{SCHEMA_DIR}/versions.yml"

#: How each JSON Schema type is named in messages.
TYPE_WORDS = {"string": "text", "integer": "a whole number", "number": "a number", "boolean": "true or false",
              "array": "a list ('- ' items)", "object": "a mapping (key: value lines)", "null": "nothing (null)"}


def schema_name(name: str | Path) -> str:
    """Where the schema of the data file *name* (its path in the project) is.

    >>> schema_name("content/claims.yml"), schema_name("content/witnesses/witnesses.yml")
    ('content/schemas/claims.yml', 'content/schemas/witnesses/witnesses.yml')
    >>> schema_name("content/texts/foster/03-laws.md"), schema_name("content/versions/1.0.json")
    ('content/schemas/front-matter.yml', 'content/schemas/versions.yml')
    """
    name = Path(name).as_posix()
    if name.startswith("content/texts/"):
        return FRONT_MATTER
    if name.startswith("content/versions/"):
        return VERSIONS
    rest = name.removeprefix("content/")
    return f"{SCHEMA_DIR}/{rest.rsplit('.', 1)[0]}.yml"


def missing_schema(name: str | Path) -> EditionError:
    """The error of a data file that has no schema."""
    where = schema_name(name)
    return EditionError(name, None, f"the data file has no schema ({where})",
                        f"write its schema in {where}: the keys it holds, their types and bounds "
                        "(content/EDITING.md, 'Writing a schema'); every data file has one")


def compile_schema(where: str, schema: Any) -> Schema:
    """The schema read from *where* (its data), checked: valid JSON Schema, and every value bounded."""
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.SchemaError as e:
        raise EditionError(where, None, f"not a valid JSON Schema at {_dotted(e.absolute_path) or 'the top'} "
                           f"({e.message})", "correct the schema (JSON Schema, draft 2020-12)") from None
    for path, problem in unbounded(schema):
        raise EditionError(where, None, f"{problem} at {path or 'the top'}",
                           "bound every value: maxLength for a text, minimum and maximum for a number, "
                           "maxItems for a list, additionalProperties for a mapping")
    return Schema(where, schema)


def unbounded(schema: Any, path: str = "") -> list[tuple[str, str]]:
    """Where a schema leaves a value unbounded: (its place in the schema, what is missing).

    >>> unbounded({"type": "object", "properties": {"n": {"type": "integer", "minimum": 0}}})
    [('', 'a mapping without additionalProperties'), ('properties.n', 'a whole number without a maximum')]
    """
    found: list[tuple[str, str]] = []
    if isinstance(schema, dict):
        types = schema.get("type", [])
        types = [types] if isinstance(types, str) else types
        if "object" in types and "additionalProperties" not in schema:
            found.append((path, "a mapping without additionalProperties"))
        if "string" in types and "maxLength" not in schema and "enum" not in schema and "const" not in schema:
            found.append((path, "a text without a maxLength"))
        if "array" in types and "maxItems" not in schema:
            found.append((path, "a list without a maxItems"))
        for kind, word in (("integer", "a whole number"), ("number", "a number")):
            for bound in ("minimum", "maximum"):
                if kind in types and bound not in schema and "enum" not in schema:
                    found.append((path, f"{word} without a {bound}"))
        for key, sub in schema.items():
            if key in ("properties", "$defs", "patternProperties"):
                for name, each in sub.items():
                    found += unbounded(each, f"{path}.{key}.{name}".lstrip("."))
            elif key in ("items", "additionalProperties", "propertyNames", "not", "if", "then", "else"):
                found += unbounded(sub, f"{path}.{key}".lstrip("."))
            elif key in ("anyOf", "oneOf", "allOf", "prefixItems"):
                for n, each in enumerate(sub):
                    found += unbounded(each, f"{path}.{key}[{n}]".lstrip("."))
    return found


@dataclass(frozen=True, eq=False)
class Schema:
    """One data file's schema, compiled once."""

    name: str  # its path in the project: "content/schemas/claims.yml"
    schema: dict

    @property
    def validator(self) -> jsonschema.Draft202012Validator:
        return _validator(self)

    def check(self, data: Any, raw: str, name: str | Path, first_line: int = 1) -> list[EditionError]:
        """Every way *data* (parsed from *raw*) breaks the schema, each at its line of the file *name*."""
        problems = sorted(self.validator.iter_errors(data), key=lambda e: (list(map(str, e.absolute_path)),
                                                                           e.validator))
        if not problems:
            return []
        tree = Tree(raw, first_line)
        errors: list[EditionError] = []
        for problem in problems:
            errors.extend(_messages(problem, tree, name, self.schema))
        return errors


@lru_cache(maxsize=64)
def _validator(schema: Schema) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema.schema)


class Tree:
    """The YAML's nodes, composed only when a problem is to be placed on a line (of a value at a path of
    the data: ``nodes``, ``line``)."""

    def __init__(self, raw: str, first_line: int):
        self.first_line = first_line
        try:
            self.root = yaml.compose(raw, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        except yaml.YAMLError:  # JSON that YAML reads otherwise: no lines, the path says where
            self.root = None

    def nodes(self, path) -> tuple[yaml.Node | None, yaml.Node | None]:
        """The (key node, value node) at *path*; (None, None) where the path leaves the tree."""
        key_node, node = None, self.root
        for step in path:
            if isinstance(node, yaml.MappingNode):
                found = next(((k, v) for k, v in node.value if str(k.value) == str(step)), None)
                if found is None:
                    return key_node, node
                key_node, node = found
            elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
                key_node, node = None, node.value[step]
            else:
                return key_node, node
        return key_node, node

    def line(self, node: yaml.Node | None) -> int | None:
        return node.start_mark.line + self.first_line if node is not None else None

    def written(self, path) -> str | None:
        """The scalar at *path* as the file writes it (``000``, not the 0 YAML made of it)."""
        _key, node = self.nodes(path)
        return node.value if isinstance(node, yaml.ScalarNode) else None


def _dotted(path) -> str:
    """A place in the data as the messages write it: entries.bobtail.see_also[2]."""
    out = ""
    if path and isinstance(path[0], int):  # an item of a file that is a list: its line says which
        path = path[1:]
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else str(step))
    return out


def _shown(value: Any, written: str | None = None) -> str:
    """A value as a message shows it: short, and as the file wrote it."""
    text = written if written is not None else (str(value).lower() if isinstance(value, bool) else str(value))
    if isinstance(value, int) and not isinstance(value, bool) and len(text) > 24:
        return f"{text[:12]}… ({len(text)} digits)"
    return text if len(text) <= 40 else text[:37] + "…"


def _named(value: Any) -> str:
    """After a name a schema allows only ASCII in (a key, a word of an enum, a slug of a pattern): every
    character of it beyond ASCII named by its code point, for a letter that only looks like the one
    meant (a Cyrillic а in "kаtty"); "" for none."""
    named = code_points(str(value)) if isinstance(value, str) else ""
    return f" ({named})" if named else ""


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return "nothing (null)" if value is None else type(value).__name__


def _title(schema: dict, default: str) -> str:
    return schema.get("title") or default


def _suggest(word: str, choices) -> str:
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'? " if close else ""


def _messages(e: jsonschema.ValidationError, tree: Tree, name: str | Path, top: dict) -> list[EditionError]:
    path = list(e.absolute_path)
    key_node, node = tree.nodes(path)
    here = _dotted(path)
    what = f"'{here}'" if here else "the file"
    described = e.schema.get("description", "") if isinstance(e.schema, dict) else ""
    kind = e.validator
    if kind == "additionalProperties" and isinstance(e.instance, dict):
        allowed = list(e.schema.get("properties", {}))
        patterns = list(e.schema.get("patternProperties", {}))
        extra = [k for k in e.instance if k not in allowed and not any(re.search(p, str(k)) for p in patterns)]
        where = _title(e.schema, what if here else "the file")
        out = []
        for key in extra:
            knode, _ = tree.nodes([*path, key])
            listed = f"the keys of {where}: {', '.join(allowed)}" if allowed else ""
            suggestion = _suggest(key, allowed)
            advice = f"{suggestion}({listed})" if suggestion else f"remove it; {listed}" if listed else "remove it"
            out.append(EditionError(name, tree.line(knode) or tree.line(node),
                                    f"unknown key '{_shown(key)}'{_named(key)} in {where}", advice))
        if out:
            return out
        sub = e.schema.get("additionalProperties")  # a mapping whose keys are names: the value's own schema failed
        return [EditionError(name, tree.line(node), f"{what}: {e.message}", described or "see its schema")] \
            if not isinstance(sub, dict) else []
    if kind == "required":
        missing = [k for k in e.validator_value if isinstance(e.instance, dict) and k not in e.instance]
        where = _title(e.schema, what if here else "the file")
        named = next((e.instance[k] for k in ("id", "slug") if isinstance(e.instance.get(k), str)), None)
        if named:  # an entry with an id: named by it ("a claim 'foster-…'")
            where = f"{where} '{_shown(named, None)}'"
        props = e.schema.get("properties", {})
        return [EditionError(name, tree.line(key_node) or tree.line(node), f"{where} has no '{k}'",
                             f"add '{k}:'" + (f" ({props[k]['description']})" if props.get(k, {}).get("description")
                                              else "")) for k in missing]
    written = tree.written(path)
    if kind == "type":
        expected = e.validator_value if isinstance(e.validator_value, list) else [e.validator_value]
        wanted = " or ".join(TYPE_WORDS.get(t, t) for t in expected)
        shown = f" ({_shown(e.instance, written)})" if not isinstance(e.instance, (dict, list)) else ""
        advice = described or f"write {wanted}"
        if "string" in expected and written is not None and not isinstance(e.instance, str):
            advice = f"quote it, \"{written}\", for YAML reads {written} as {_kind(e.instance)}" + \
                     (f" ({described})" if described else "")
        return [EditionError(name, tree.line(key_node) or tree.line(node),
                             f"{what} is {_kind(e.instance)}{shown}, not {wanted}", advice)]
    if kind == "enum":
        words = [str(w) for w in e.validator_value]
        return [EditionError(name, tree.line(node), f"{what} is '{_shown(e.instance, written)}'"
                             f"{_named(e.instance)}, not one of the words allowed ({', '.join(words)})",
                             (_suggest(e.instance, words) + (described or f"write one of {', '.join(words)}")))]
    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        side = "less than" if "inimum" in kind else "more than"
        return [EditionError(name, tree.line(node), f"{what} is {_shown(e.instance, written)}, {side} "
                             f"{'the smallest' if side == 'less than' else 'the largest'} allowed, "
                             f"{e.validator_value:,}", described or "correct the number")]
    if kind in ("maxLength", "minLength"):
        if kind == "minLength":
            return [EditionError(name, tree.line(node), f"{what} is empty",
                                 described or "write the text, or leave the key out")]
        return [EditionError(name, tree.line(node), f"{what} is {len(e.instance):,} characters long, more than "
                             f"the {e.validator_value:,} allowed", described or "shorten it")]
    if kind in ("maxItems", "minItems"):
        side = "more" if kind == "maxItems" else "fewer"
        return [EditionError(name, tree.line(key_node) or tree.line(node), f"{what} has {len(e.instance):,} items, "
                             f"{side} than the {e.validator_value:,} allowed", described or "see its schema")]
    if kind == "pattern" and "propertyNames" in e.schema_path and isinstance(e.instance, str):
        # a key of a mapping whose keys are names (a glossary slug): named at the key, which was edited
        knode, _ = tree.nodes([*path, e.instance])
        return [EditionError(name, tree.line(knode) or tree.line(node), f"the key '{_shown(e.instance)}'"
                             f"{_named(e.instance)} of {what} is not of the form the schema asks",
                             described or f"match {e.validator_value}")]
    if kind == "pattern":
        return [EditionError(name, tree.line(node), f"{what} is '{_shown(e.instance, written)}'"
                             f"{_named(e.instance)}, not of the form the schema asks",
                             described or f"match {e.validator_value}")]
    if kind == "propertyNames":
        return [EditionError(name, tree.line(node), f"the key '{_shown(e.instance)}'{_named(e.instance)} of {what}: "
                             f"{e.message}",
                             described or "rename it")]
    if kind == "uniqueItems":
        return [EditionError(name, tree.line(key_node) or tree.line(node), f"{what} lists an item twice",
                             described or "keep each item once")]
    return [EditionError(name, tree.line(key_node) or tree.line(node), f"{what}: {e.message}",
                         described or f"see {schema_name(name)}")]
