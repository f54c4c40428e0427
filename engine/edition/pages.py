"""The edition's pages as Markdown documents: reading texts with their apparatus, witnesses.

Generator-neutral: the output is Python-Markdown with the extensions named in mkdocs.yml
(attr_list, pymdownx.details, tables, footnotes, def_list); links are relative .md paths.
"""
from __future__ import annotations

import html

from .align import Emendation
from .edition import Edition, Page, Work
from .markup import notes_html, rel_link
from .witnesses import Witness

KIND_LABEL = {
    "correction": "corrected",
    "omission": "omitted",
    "addition": "added",
    "supplied": "supplied",
}


def witness_uri(wid: str) -> str:
    return f"witnesses/{wid}.md"


def md_escape(text: str) -> str:
    r"""Escape text for a Markdown table cell, shown literally.

    >>> md_escape('a *b* | [c] <d>')
    'a \\*b\\* \\| \\[c\\] &lt;d&gt;'
    """
    text = html.escape(text, quote=False)
    for ch in "\\`*_[]|#":
        text = text.replace(ch, "\\" + ch)
    return text


def _yaml_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def apparatus_markdown(page: Page) -> str:
    """The collapsed apparatus block of a reading-text page."""
    t = page.text
    a = page.alignment
    uri = t.page_uri
    wlink = rel_link(uri, witness_uri(t.witness))
    spans = ", ".join(f"{s.start}–{s.end}" + (f" (column {str(s).split('@')[1]})" if s.first_field else "")
                      for s in t.spans)
    count = len(a.emendations)
    noun = "emendation" if count == 1 else "emendations"
    lines = [
        f'??? abstract "Apparatus: {count} {noun} against witness {t.witness}"',
        "",
        f"    This text is the reading text of [witness {t.witness}]({wlink}), lines {spans}"
        + (" (the edition's order differs from the witness's)" if _moved(t.spans) else "")
        + f". Of its {a.witness_words:,} words, {a.kept_words:,} ({a.kept_share:.1%}) stand unchanged; "
        "every other difference, after the typography policy is applied, is listed here.",
        "",
    ]
    if count:
        lines += _table(a.emendations, wlink, t.witness, indent="    ")
    if page.variants is not None:
        v = page.variants
        other = t.collate or ""
        olink = rel_link(uri, witness_uri(other))
        vcount = len(v.emendations)
        lines += [
            "",
            f"    **Collation with [witness {other}]({olink})**: over the {v.witness_words:,} words the two "
            f"witnesses share, after the scraping damage of {other} is folded away, they differ in wording "
            f"at {vcount} {'point' if vcount == 1 else 'points'}.",
            "",
        ]
        if vcount:
            lines += _variant_table(v.emendations, wlink, olink, t.witness, other, indent="    ")
    return "\n".join(lines)


def _moved(spans: list) -> bool:
    return any(b.start < a.start for a, b in zip(spans, spans[1:]))


def _table(entries: list[Emendation], wlink: str, wid: str, indent: str) -> list[str]:
    rows = [f"{indent}| Witness line | Witness reads | Edition reads | Kind | In context |",
            f"{indent}| ---: | --- | --- | --- | --- |"]
    for e in entries:
        wit = f"`{e.witness}`".replace("|", "\\|") if e.witness else "*(nothing)*"
        ed = md_escape(e.edition) if e.edition else "*(nothing)*"
        ctx = f"…{md_escape(e.before)} **{md_escape(e.edition) or '⁁'}** {md_escape(e.after)}…"
        rows.append(f"{indent}| [{wid}:{e.witness_line}]({wlink}#L{e.witness_line}) | {wit} | {ed} "
                    f"| {KIND_LABEL[e.kind]} | {ctx} |")
    return rows


def _variant_table(entries: list[Emendation], blink: str, olink: str, bid: str, oid: str, indent: str) -> list[str]:
    rows = [f"{indent}| Witness {bid} | reads | Witness {oid} | reads |",
            f"{indent}| ---: | --- | ---: | --- |"]
    for e in entries:
        b = f"`{e.witness}`".replace("|", "\\|") if e.witness else "*(nothing)*"
        o = f"`{e.edition}`".replace("|", "\\|") if e.edition else "*(nothing)*"
        rows.append(f"{indent}| [{bid}:{e.witness_line}]({blink}#L{e.witness_line}) | {b} "
                    f"| [{oid}:{e.text_line}]({olink}#L{e.text_line}) | {o} |")
    return rows


def page_markdown(page: Page, work: Work, claims=()) -> str:
    """The complete Markdown of a reading-text page."""
    t = page.text
    parts = [
        "---",
        f"title: {_yaml_str(t.title)}",
        f"work: {work.slug}",
    ]
    if page.rendered.laws:  # the laws are what readers search for most: rank them first
        parts += ["search:", "  boost: 3"]
    parts += [
        "---",
        "",
        page.rendered.markdown.strip("\n"),
        "",
    ]
    notes = notes_html(page.rendered.notes)
    if notes:
        parts += [notes, ""]
    if claims:
        parts += [figures_block(claims, rel_link(t.page_uri, "figures.md")), ""]
    parts += [apparatus_markdown(page), ""]
    return "\n".join(parts)


def figures_block(claims, figures_link: str) -> str:
    """The collapsed list of the figures checked on a page, with their verdicts."""
    from .figures import LABEL, SYMBOL
    counts: dict[str, int] = {}
    for c in claims:
        counts[c.verdict] = counts.get(c.verdict, 0) + 1
    summary = ", ".join(f"{n} {LABEL[v]}" for v, n in counts.items())
    lines = [f'??? info "Figures checked: {len(claims)} ({summary})"', "",
             "    Each figure the text prints is computed by the edition's engine; the mark after it gives the "
             "verdict (✓ exact, ≈ fair rounding, ✗ the author's error, † misprint, + lost and supplied, "
             "? not checked). See [How good are the old figures?](" + figures_link + ").", "",
             "    | Printed | Verdict | Computed | Note |", "    | --- | --- | --- | --- |"]
    for c in claims:
        printed = "*(lost)*" if c.figure == "{lacuna}" else md_escape(c.figure)
        lines.append(f"    | [{printed}](#claim-{c.id}) | {SYMBOL[c.verdict]} {LABEL[c.verdict]} | "
                     f"{md_escape(c.exact)} | {md_escape(c.reason)} |")
    return "\n".join(lines)


def figures_markdown(edition: Edition) -> str:
    """How good are the old figures? Counts by verdict for each source, and the errors explained."""
    from .figures import LABEL, SYMBOL
    verdicts = list(LABEL)
    out = ["---", "title: How good are the old figures?", "---", "", "# How good are the old figures?", "",
           "Every figure the texts print that the edition has marked as a claim — odds, counts, chances — is "
           "computed exactly by the edition's engine at every build and given a verdict. The printed figure is "
           "never changed: the page shows it with a small mark, and the exact value and the reasoning on hover "
           "and in the *Figures checked* block at the foot of the page.", "",
           "**The tolerance rule.** A printed figure is *exact* when it equals the exact value. It is a *fair "
           "rounding* when it is the exact value rounded to the precision the author printed — to the nearest "
           "whole number when he prints a whole number, to the nearest quarter when he prints quarters, to the nearest tenth for odds like 13 to 10, and so "
           "on — or, where his words say \"about\", \"nearly\", \"almost\" or \"not quite\", when it is "
           "within 5 per cent of it. Any other figure disagrees; the build refuses it unless the edition's "
           "register of verdicts says why: *the author's error*, a *misprint or OCR damage*, or a figure *lost* "
           "from the witness and supplied by computation (shown in brackets).", "",
           "| Source | " + " | ".join(f"{SYMBOL[v]} {LABEL[v]}" for v in verdicts) + " | all |",
           "| --- | " + " | ".join("---:" for _ in verdicts) + " | ---: |"]
    for work in edition.works.values():
        mine = [c for c in edition.claims if c.work == work.slug]
        if not mine:
            continue
        row = [str(sum(1 for c in mine if c.verdict == v)) for v in verdicts]
        out.append(f"| *{md_escape(work.title)}* | " + " | ".join(row) + f" | {len(mine)} |")
    row = [str(sum(1 for c in edition.claims if c.verdict == v)) for v in verdicts]
    out += [f"| **all** | " + " | ".join(row) + f" | {len(edition.claims)} |", ""]
    titles = {p.text.page_uri: p.text.title for p in edition.pages}
    out += _computed_tables(edition)
    notable = [c for c in edition.claims if c.verdict in ("author-error", "misprint", "missing", "unchecked")]
    if notable:
        out += ["## The figures that do not hold", ""]
        for c in notable:
            printed = "a lost figure" if c.figure == "{lacuna}" else f"“{md_escape(c.figure)}”"
            out += [f"- **{printed}** — [{md_escape(titles[c.page_uri])}]({rel_link('figures.md', c.page_uri)}#claim-{c.id}): "
                    f"{SYMBOL[c.verdict]} {LABEL[c.verdict]}. {md_escape(c.reason)} *{md_escape(c.exact)}*"]
        out.append("")
    return "\n".join(out)


def witness_markdown(witness: Witness, work: Work) -> str:
    """A witness shown verbatim, every line numbered and anchored (#L1, #L2 …)."""
    rows = []
    for n, line in enumerate(witness.lines, 1):
        rows.append(f'<span class="wl" id="L{n}"><a class="ln" href="#L{n}" aria-label="line {n}">{n}</a>'
                    f"{html.escape(line, quote=False)}</span>")
    body = "\n".join(rows)
    return "\n".join([
        "---",
        f"title: {_yaml_str(f'Witness {witness.id}')}",
        "search:",
        "  exclude: true",
        "---",
        "",
        f"# Witness {witness.id}: {html.escape(work.author)}, *{html.escape(work.title)}*",
        "",
        f"{witness.kind.capitalize()}. The file `{witness.path.name}` exactly as received "
        f"(SHA-256 `{witness.sha256}`), {len(witness.lines):,} lines. The reading texts are made "
        "from it; each page's apparatus links to the lines shown here.",
        "",
        f'<pre class="witness-text">{body}</pre>',
        "",
    ])


def totals(edition: Edition) -> list[dict]:
    """Emendations per work and per page, for the apparatus overview."""
    result = []
    for work in edition.works.values():
        pages = []
        for p in work.texts:
            by_kind: dict[str, int] = {}
            for e in p.alignment.emendations:
                by_kind[e.kind] = by_kind.get(e.kind, 0) + 1
            pages.append({
                "title": p.text.title, "uri": p.text.page_uri, "emendations": len(p.alignment.emendations),
                "by_kind": by_kind, "witness_words": p.alignment.witness_words,
                "kept_share": p.alignment.kept_share,
                "variants": len(p.variants.emendations) if p.variants else 0,
                "notes": len(p.rendered.notes),
            })
        result.append({"work": work, "pages": pages,
                       "emendations": sum(p["emendations"] for p in pages)})
    return result


def page_url(uri: str) -> str:
    """The published folder URL of a page source path: foster/laws.md -> foster/laws/."""
    return uri[:-len("index.md")] if uri.endswith("index.md") else uri[:-3] + "/"


def short_url_html(n: int, law_url: str, law_html: str, citation_text: str) -> str:
    """The page at laws/N/: sends the browser on to the law, and shows the law itself to a reader
    (or a program) that does not follow the redirect."""
    target = f"../../{law_url}#law-{n}"
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Law {n} — Foster's Laws of Poker</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="0; url={target}">
<link rel="canonical" href="{target}">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
</head>
<body>
<p><a href="{target}">Law {n} in R. F. Foster's Laws of Poker</a></p>
<blockquote>{law_html}</blockquote>
<p>Cite as: {html.escape(citation_text)}</p>
</body>
</html>
"""


def glossary_markdown(edition: Edition) -> str:
    """The A–Z glossary page: one entry per term, each author's definition quoted and linked."""
    from .edition import GLOSSARY_URI
    entries = edition.glossary
    titles = {p.text.page_uri: p.text.title for p in edition.pages}
    works = edition.works
    letters: dict[str, list] = {}
    for e in entries:
        letters.setdefault(e.headword[0].upper(), []).append(e)
    bar = " · ".join(f"[{L}](#letter-{L.lower()})" for L in letters)
    multi = sum(1 for e in entries if len(e.definitions) > 1)
    out = [
        "---", "title: Glossary", "---", "",
        "# Glossary", "",
        f"The technical terms of the game as the authorities define them: {len(entries)} entries, "
        f"{multi} of them defined by more than one source. Every definition is quoted from its reading "
        "text (the arrow leads to it); where the authorities disagree, a note says so. Each entry lists "
        "the places in the edition that use the term, and every such use in the texts links here, with "
        "the short definition on hover.", "",
        f'<nav class="az-bar" aria-label="Letters" markdown>{bar}</nav>', "",
    ]
    for letter, group in letters.items():
        out += [f"## {letter} {{ #letter-{letter.lower()} }}", ""]
        for e in group:
            out += [f"### {e.headword} {{ #{e.slug} .gloss-term }}", ""]
            if e.aliases:
                out += [f"*Also:* {', '.join(e.aliases)}", "{: .gloss-aliases }", ""]
            for d in e.definitions:
                work = works[d.work]
                src = rel_link(GLOSSARY_URI, d.page_uri) + "#" + d.anchor
                out += [f"> **{md_escape(work.author.split(',')[0])}, {md_escape(titles[d.page_uri])}** "
                        f"({md_escape(d.printed)}): “{md_escape(d.text)}” [↗]({src} \"Read it in "
                        f"{md_escape(titles[d.page_uri])}\")", ""]
            if e.example:
                out += [_example_markdown(e, edition), ""]
            if e.note:
                out += ['!!! note "The authorities differ"', "", f"    {e.note}", ""]
            if e.see_also:
                by_slug = {x.slug: x for x in entries}
                links = ", ".join(f"[{by_slug[s].headword}](#{s})" for s in e.see_also)
                out += [f"*See also:* {links}", "{: .gloss-see }", ""]
            out += [_uses_line(e, titles), ""]
    return "\n".join(out)


def _uses_line(entry, titles: dict[str, str]) -> str:
    from .edition import GLOSSARY_URI
    if not entry.uses:
        how = "Not linked in the texts (too common a word)." if not entry.link else \
            "Defined, but not used elsewhere in the edition's texts."
        return f"*{how}*\n{{: .gloss-uses }}"
    by_page: dict[str, list[tuple[str, str]]] = {}
    for uri, anchor, label in entry.uses:
        by_page.setdefault(uri, []).append((anchor, label))
    parts = []
    for uri, places in by_page.items():
        rel = rel_link(GLOSSARY_URI, uri)
        laws = [(a, lab) for a, lab in places if a.startswith("law-")]
        if laws:
            links = ", ".join(f"[{lab}]({rel}#{a})" for a, lab in laws)
            parts.append(f"{md_escape(titles[uri])}: {links}")
        rest = [(a, lab) for a, lab in places if not a.startswith("law-")]
        if rest:
            first = rest[0][0]
            count = f" ({len(rest)} places)" if len(rest) > 1 else ""
            parts.append(f"[{md_escape(titles[uri])}]({rel}{'#' + first if first else ''}){count}")
    return f"*Used in:* {'; '.join(parts)}\n{{: .gloss-uses }}"


AUTHORITY_NAMES = {"foster": "Foster (1905)", "britannica": "Britannica (1911)",
                   "hoyle": "Hoyle (Hoffmann)", "keller": "Keller (1887)"}


def _quotation_lines(topic, from_uri: str, titles: dict[str, str]) -> list[str]:
    from .concordance import AUTHORITIES
    out = []
    for work in AUTHORITIES:
        quotes = topic.quotations.get(work, [])
        if not quotes:
            out += [f"**{AUTHORITY_NAMES[work]}**: *does not treat the point.*", "{: .conc-silent }", ""]
            continue
        for q in quotes:
            where = f"{titles[q.page_uri]}, {q.label}" if q.label else titles[q.page_uri]
            href = rel_link(from_uri, q.page_uri) + (f"#{q.anchor}" if q.anchor else "")
            out += [f"> **{AUTHORITY_NAMES[work]}** — [{md_escape(where)}]({href}): “{md_escape(q.text)}”", ""]
    return out


def concordance_markdown(edition: Edition) -> str:
    titles = {p.text.page_uri: p.text.title for p in edition.pages}
    uri = "concordance.md"
    out = ["---", "title: Concordance of the laws", "---", "", "# Concordance of the laws", "",
           f"{len(edition.concordance)} points of play on which arguments arise, and what each of the four "
           "authorities says on each, quoted from the reading texts (each quotation links to its law or "
           "paragraph). Under each point, a plain statement of where they agree and where they differ; "
           "[Where the authorities disagree](disagreements.md) gathers the differences.", ""]
    out += [" · ".join(f"[{md_escape(t.title)}](#{t.slug})" for t in edition.concordance), "{: .conc-index }", ""]
    for t in edition.concordance:
        out += [f"## {md_escape(t.title)} {{ #{t.slug} }}", ""]
        out += _quotation_lines(t, uri, titles)
        if t.agree:
            out += [f"**Where they agree.** {t.agree}", ""]
        if t.differ:
            out += [f"**Where they differ.** {t.differ}", "{: .conc-differ }", ""]
    return "\n".join(out)


def disagreements_markdown(edition: Edition) -> str:
    titles = {p.text.page_uri: p.text.title for p in edition.pages}
    uri = "disagreements.md"
    differ = [t for t in edition.concordance if t.differ]
    out = ["---", "title: Where the authorities disagree", "---", "", "# Where the authorities disagree", "",
           f"Of the {len(edition.concordance)} points in the [concordance](concordance.md), the authorities "
           f"differ on {len(differ)}. Each difference is stated plainly, then the words of each authority.", ""]
    for t in differ:
        out += [f"## {md_escape(t.title)} {{ #{t.slug} }}", "", t.differ, ""]
        out += _quotation_lines(t, uri, titles)
    return "\n".join(out)


def _example_markdown(entry, edition: Edition) -> str:
    """An entry's example hand, made and ranked by the engine, with the texts' checked figures."""
    from .examples import example
    from .figures import LABEL, SYMBOL
    spec = entry.example
    ex = edition.engine_calls(example, spec["cards"], spec.get("rules", "foster"))
    rules = f"under the rules where it is played (`{ex.rules}`)" if ex.rules != "foster" else "in Foster's standard game"
    lines = [f'!!! example "An example, made by the engine"', "",
             f"    **{ex.cards}** — {md_escape(ex.described)}. {rules.capitalize()} it ranks above "
             f"*{ex.beats.lower()}* and below *{ex.loses_to.lower()}*; it is dealt {ex.dealt:,} times in "
             f"{ex.total:,} hands ({ex.odds} against)."]
    by_id = {c.id: c for c in edition.claims}
    checked = [by_id[c] for c in spec.get("claims", []) if c in by_id]
    if checked:
        items = "; ".join(f"[{md_escape(c.figure)}]({rel_link('glossary.md', c.page_uri)}#claim-{c.id}) "
                          f"{SYMBOL[c.verdict]} {LABEL[c.verdict]}" for c in checked)
        lines += ["", f"    The texts' figures, checked: {items}."]
    return "\n".join(lines)


# The books' tables, regenerated by the engine, with where each is printed (work page, anchor).
COMPUTED_TABLES = [
    ("poker-hands", "foster/poker-calculations.md", "table-of-poker-hands"),
    ("two-pairs", "foster/poker-calculations.md", "table-of-two-pairs"),
    ("no-pairs", "foster/poker-calculations.md", "table-of-no-pairs"),
    ("improvement-in-pairs", "foster/odds-against-improving.md", "table-of-improvement-in-pairs"),
    ("proper-rank", "foster/poker-hands.md", ""),
    ("cavendish", "hoyle/poker.md", ""),
    ("britannica-chances", "britannica/poker.md", ""),
]


def _computed_tables(edition: Edition) -> list[str]:
    """Each table the books print, computed exactly by the engine, to set beside the printed one."""
    from engine.claims import _book_table
    out = ["## The tables, computed", "",
           "Each table the books print, regenerated by the engine from exact counts (the printed tables "
           "stand on their pages, each figure marked with its verdict).", ""]
    for name, uri, anchor in COMPUTED_TABLES:
        t = edition.engine_calls(_book_table, name)
        link = rel_link("figures.md", uri) + (f"#{anchor}" if anchor else "")
        out += [f"### {md_escape(t.title)} {{ #computed-{name} }}", "",
                f"Printed in [{md_escape(str(t.source.witness))}:{t.source.lines}]({link}); computed:", "",
                "| Hand or condition | Number | Out of | Odds against | Exact chance |",
                "| --- | ---: | ---: | ---: | ---: |"]
        for r in t.rows:
            number = f"{r.count:,}" if r.count is not None else ""
            total = f"{r.total:,}" if r.total is not None else ""
            out.append(f"| {md_escape(r.label)} | {number} | {total} | {r.odds.to_one()} | {r.chance} |")
        if t.note:
            out += ["", f"*{md_escape(t.note)}*"]
        out.append("")
    return out
