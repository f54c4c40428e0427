"""The edition's pages as Markdown documents: reading texts with their apparatus, witnesses.

Generator-neutral: the output is Python-Markdown with the extensions named in mkdocs.yml
(attr_list, pymdownx.details, tables, footnotes, def_list); links are relative .md paths.
"""
from __future__ import annotations

import html

from .align import Emendation
from .deals_page import deals_markdown
from .edition import Edition, Page, Work
from .glossary_page import glossary_markdown
from .figures_page import RECOMPUTED, figures_markdown, recomputed_links
from .markup import notes_html, rel_link
from .templating import md_escape, render_block
from .witnesses import Witness

KIND_LABEL = {
    "correction": "corrected",
    "omission": "omitted",
    "addition": "added",
    "supplied": "supplied",
}


def witness_uri(wid: str) -> str:
    return f"witnesses/{wid}.md"


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


def page_markdown(page: Page, work: Work, claims=(), recomputed=(), deals=()) -> str:
    """The complete Markdown of a reading-text page; ``recomputed`` names the sections of the
    figures page that work again what it prints (``recomputed_links``); ``deals`` the deals it
    plays through, replayed on the deals page."""
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
    for deal in deals:
        parts += [f'!!! example "{deal.title}, replayed"', "",
                  f"    The edition's engine replays the deal on this page at every build — every hand read from the "
                  f"text's words and evaluated, every counter stepped through, each ending played out: "
                  f"[{md_escape(deal.title)}, replayed]({rel_link(t.page_uri, 'deals.md')}#{deal.id}).", ""]
    if claims:
        parts += [figures_block(claims, rel_link(t.page_uri, "figures.md")), ""]
    if recomputed:
        parts += [recomputed_block(list(recomputed), rel_link(t.page_uri, "figures.md")), ""]
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


def generated_pages(edition: Edition) -> list[tuple[str, str]]:
    """Every page the edition generates, as (path under the docs folder, Markdown): the reading
    texts with their blocks, the glossary, the figures, the deals, the concordance, the witnesses."""
    out: list[tuple[str, str]] = []
    for work in edition.works.values():
        for page in work.texts:
            uri = page.text.page_uri
            claims = [c for c in edition.claims if c.page_uri == uri]
            deals = [d for d in edition.deals if d.page_uri == uri]
            out.append((uri, page_markdown(page, work, claims, recomputed_links(edition, uri), deals)))
    if edition.glossary:
        out.append(("glossary.md", glossary_markdown(edition)))
    if edition.claims:
        out.append(("figures.md", figures_markdown(edition)))
    if edition.deals:
        out.append(("deals.md", deals_markdown(edition)))
    if edition.concordance:
        out.append(("concordance.md", concordance_markdown(edition)))
        out.append(("disagreements.md", disagreements_markdown(edition)))
    for wid, w in edition.witnesses.items():
        out.append((witness_uri(wid), witness_markdown(w, edition.works[w.work])))
    return out


def recomputed_block(keys: list[str], figures_link: str) -> str:
    """A note at the foot of a reading-text page, pointing to the edition's recomputations
    (*keys* of figures_page.RECOMPUTED)."""
    return render_block("blocks/recomputed.md.j2", sections=keys, figures_link=figures_link, anchors=RECOMPUTED)
