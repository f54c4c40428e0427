"""The edition's pages as Markdown documents: reading texts with their apparatus, witnesses.

Generator-neutral: the output is Python-Markdown with the extensions named in mkdocs.yml
(attr_list, pymdownx.details, tables, footnotes, def_list); links are relative .md paths.
"""
from __future__ import annotations

import html

from engine.cards import format_cards
from engine.claims import computed_table
from engine.experiments import Z95, binomial_range, chi_square
from engine.idiom import Odds, mixed, number_in_words
from engine.ranking import describe

from .align import Emendation
from .averages import describe_band
from .claims import COMPUTED_TABLES, LABEL, SYMBOL, draw_list
from .concordance import AUTHORITIES
from .coverage import KINDS
from .edition import GLOSSARY_URI, Edition, Page, Work
from .examples import example
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
    return any(b.start < a.start for a, b in zip(spans, spans[1:], strict=False))


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
    verdicts = list(LABEL)
    out = ["---", "title: How good are the old figures?", "---", "", "# How good are the old figures?", "",
           "Every figure the texts print that the edition has marked as a claim — odds, counts, chances — is "
           "computed exactly by the edition's engine at every build and given a verdict. The printed figure is "
           "never changed: the page shows it with a small mark, and the exact value and the reasoning on hover "
           "and in the *Figures checked* block at the foot of the page.", "",
           "**The tolerance rule.** A printed figure is *exact* when it equals the exact value. It is a *fair "
           "rounding* when it is the exact value rounded to the precision the author printed — to the nearest "
           "whole number when he prints a whole number, to the nearest quarter when he prints quarters, "
           "to the nearest tenth for odds like 13 to 10, and so "
           "on — or, where his words say \"about\", \"nearly\", \"almost\" or \"not quite\", when it is "
           "within 5 per cent of it; a figure his words make a bound (\"more than 5 to 1\", \"less than three "
           "to one\") is fair when the exact value lies beyond it on the side he says. Any other figure "
           "disagrees; the build refuses it unless the edition's "
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
    out += ["| **all** | " + " | ".join(row) + f" | {len(edition.claims)} |", ""]
    titles = {p.text.page_uri: p.text.title for p in edition.pages}
    out += _computed_tables(edition)
    out += _recomputed(edition)
    notable = [c for c in edition.claims if c.verdict in ("author-error", "misprint", "missing", "unchecked")]
    if notable:
        out += ["## The figures that do not hold", ""]
        for c in notable:
            printed = "a lost figure" if c.figure == "{lacuna}" else f"“{md_escape(c.figure)}”"
            href = f"{rel_link('figures.md', c.page_uri)}#claim-{c.id}"
            out += [f"- **{printed}** — [{md_escape(titles[c.page_uri])}]({href}): "
                    f"{SYMBOL[c.verdict]} {LABEL[c.verdict]}. {md_escape(c.reason)} *{md_escape(c.exact)}*"]
        out.append("")
    if edition.not_claims:
        works = {p.text.page_uri: edition.works[p.text.work].title for p in edition.pages}
        out += ["## Figures that are not claims", "",
                "Every statement of odds or chances in the texts is one of the figures above, except these, which "
                "state no chance: ranges, the terms of a wager, stakes, and odds the author only supposes. The build "
                "stops on any other figure of odds that is not a claim.", ""]
        for kind, meaning in KINDS.items():
            mine = [n for n in edition.not_claims if n.kind == kind]
            if mine:
                out += [f"**{kind.capitalize()}** — {meaning}:", ""]
                out += [f"- “{md_escape(n.figure)}” — [{md_escape(titles[n.page_uri])}]"
                        f"({rel_link('figures.md', n.page_uri)}) (*{md_escape(works[n.page_uri])}*): "
                        f"{md_escape(n.reason)}" for n in mine]
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
    spec = entry.example
    ex = edition.engine_calls(example, spec["cards"], spec.get("rules", "foster"))
    rules = (f"under the rules where it is played (`{ex.rules}`)" if ex.rules != "foster"
             else "in Foster's standard game")
    lines = ['!!! example "An example, made by the engine"', "",
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


def _computed_tables(edition: Edition) -> list[str]:
    """Each table the books print, computed exactly by the engine, to set beside the printed one."""
    out = ["## The tables, computed", "",
           "Each table the books print, regenerated by the engine from exact counts (the printed tables "
           "stand on their pages, each figure marked with its verdict).", ""]
    for name, uri, anchor in COMPUTED_TABLES:
        t = edition.engine_calls(computed_table, name)
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


_ACT_WORDS = {"ante": "antes", "come in": "goes in", "call": "makes good", "raise": "goes {n} better",
              "bet": "bets {n}", "pass": "passes out", "draw": "the draw"}


def deals_markdown(edition: Edition) -> str:
    """The deals replayed: each deal the texts play through, hand by hand and counter by counter."""

    claims = {c.id: c for c in edition.claims}
    titles = {p.text.page_uri: (p.text.title, p.text.work) for p in edition.pages}
    out = ["---", "title: The deals replayed", "---", "", "# The deals replayed", "",
           "The texts play through whole deals to teach the game. The edition's engine replays each one at every "
           "build: it reads every hand from the text's own words, evaluates it before and after the draw, steps "
           "through the counters under the rules the text states, and plays out the endings the text leaves open. "
           "Each quotation below stands word for word in the text; what the text says is set beside what the "
           "engine finds (✓ it holds, ✗ it does not). An amount the text states is one of the edition's checked "
           "figures, marked on the page and counted in [How good are the old figures?](figures.md). A statement "
           "the engine does not bear out stops the build, unless the edition's register of verdicts says why.", ""]

    def mark(ok: bool) -> str:
        return "✓" if ok else "✗"

    for r in edition.deals:
        page_title, work = titles[r.page_uri]
        title = edition.works[work].title
        link = r.page_uri
        out += [f"## {md_escape(r.title)} {{ #{r.id} }}", "",
                f"From [*{md_escape(title)}*, {md_escape(page_title)}]({link}). "
                f"Players, in their seats: {', '.join(r.players)}.", "",
                "**The rules the text states**", ""]
        labels = {"limit": "The limit of any one stake or raise: **{v}** counters",
                  "ante_limit": "The ante: at most **{v}** the limit, put up blind by the Age",
                  "going_in": "Going in: **{v}** × the ante"}
        for name, (value, quote, _line) in r.rules.items():
            out.append(f"- {labels[name].format(v=mixed(value))} — “{quote}”")
        out += ["", "### The hands", "",
                "| Player | Dealt | The text says | The engine finds | |", "| --- | --- | --- | --- | --- |"]
        for p in r.players:
            if p not in {h.player for h in r.hands}:
                out.append(f"| {p} | *(not given)* | | the text does not give his cards | |")
        for h in r.hands:
            for i, c in enumerate(h.says or [None]):
                cards = format_cards(h.dealt, "symbol") if i == 0 else ""
                out.append(f"| {h.player if i == 0 else ''} | {cards} | “{c.quote}” | {md_escape(c.engine)} | "
                           f"{mark(c.holds)} |" if c
                           else f"| {h.player} | {cards} | | {md_escape(describe(h.dealt_value))} | |")
        out += ["", "**The draw** (each drawer's new cards come from the 47 he has not seen)", "",
                "| Player | Discards | Draws | Hand after the draw | Odds against improving | The text says | "
                "The engine finds | |", "| --- | --- | --- | --- | --- | --- | --- | --- |"]
        for h in r.hands:
            if not h.drawn:
                continue
            for i, c in enumerate(h.after or [None]):
                first = i == 0
                cells = [h.player if first else "", format_cards(h.discard, "symbol") if first else "",
                         format_cards(h.drawn, "symbol") if first else "",
                         format_cards(h.final, "symbol") if first else "",
                         (f"{h.improve.to_one()} ({h.improve.chance.numerator:,} in {h.improve.chance.denominator:,})"
                          if first and h.improve else "")]
                cells += [f"“{c.quote}”", md_escape(c.engine), mark(c.holds)] if c else ["", "", ""]
                out.append("| " + " | ".join(cells) + " |")
        for h in r.hands:
            if h.instead:
                other, odds = h.instead
                kept, kept_instead = ([c for c in h.dealt if c not in h.discard],
                                      [c for c in h.dealt if c not in other])
                out += ["", f"{h.player} keeps {format_cards(kept, 'symbol')} and "
                        f"draws {len(h.discard)}: the odds against improving are {h.improve.to_one()}. Drawing "
                        f"{len(other)} instead (keeping {format_cards(kept_instead, 'symbol')}), "
                        f"they would be {odds.to_one()} ({odds.chance.numerator:,} in {odds.chance.denominator:,}). "
                        f"The text: “{h.instead_quote}.”"]
        out += ["", "### The counters", "",
                "What each player puts in at each step, what he then has in the pool, what each player must "
                "have put in during the round to stay in, and the pool.", "",
                "| Step | Player | In the text's words | Puts in | Has in | To stay in | Pool | The text states |",
                "| ---: | --- | --- | ---: | ---: | ---: | ---: | --- |"]
        n = 0
        for i, (s, (quote, _line)) in enumerate(zip(r.steps, r.quotes, strict=False)):
            c = claims.get(r.stated.get(i, ""))
            said = (f"[“{md_escape(c.figure)}”]({link}#claim-{c.id}) {SYMBOL[c.verdict]} {LABEL[c.verdict]}"
                    + (f": the replay has {md_escape(c.exact)}. {md_escape(c.reason)}"
                       if c.verdict not in ("exact", "fair") else "")) if c else ""
            if s.action.act == "draw":
                out.append(f"| | **the draw** | “{quote}” | | | | {s.pool} | {said} |")
                continue
            n += 1
            out.append(f"| {n} | {s.action.player} | “{quote}” | {s.paid} | {s.total} | {s.stake} | {s.pool} "
                       f"| {said} |")
        out += ["", "### How it ends", ""]
        for e in r.endings:
            last = e.steps[-1]
            verb = _ACT_WORDS.get(last.action.act, last.action.act).format(n=last.action.amount)
            net = ", ".join(f"{p} {'+' if v > 0 else '−' if v < 0 else ''}{abs(v)}" for p, v in e.net.items())
            how = (f"the hands are shown: {e.showdown}" if e.showdown
                   else "the others have passed out, so no hand is shown")
            out += [f"- If {last.action.player} {verb} (“{e.quote}”): he puts in {last.paid}; the pool holds "
                    f"**{e.pool}**; {how}; **{e.winner}** takes the pool {mark(e.holds)}. Won and lost over the "
                    f"deal: {net}."]
        out.append("")
    return "\n".join(out)


# --- Foster's experiment, list of draws and averages, recomputed ---------------------------------

#: The page of Foster's list of draws and table of averages (the list is every claim of the page).
DRAWING_TO_IMPROVE = "foster/drawing-to-improve.md"
#: The sections of figures.md, with the anchors the reading texts' pages link to.
RECOMPUTED = {
    "experiment": ("experiment-coming-into-jack-pots", "Coming into jack-pots: Foster’s experiment, repeated"),
    "draws": ("computed-drawing-to-improve", "Drawing to improve: Foster’s list, with the exact odds"),
    "averages": ("computed-averages", "Averages: what a draw is worth"),
}


def para_anchor(page: Page, line: int) -> str:
    """The anchor of the paragraph (or table) of a reading text that holds a source line."""
    anchor = ""
    for n, start in page.rendered.paras:
        if start <= line:
            anchor = f"para-{n}"
    return anchor


def holding_markdown(cards, discard) -> str:
    """Five cards with suit symbols, each discard marked with an asterisk: "J♠ J♥ 7♦\\* 4♣\\* 2♠\\*"."""
    return " ".join(c.symbol + ("\\*" if c in discard else "") for c in cards)


def _title(text: str) -> str:
    """Text for a Markdown link's title (in double quotes)."""
    return html.escape(text, quote=True)


def _percent(x, places: int = 1) -> str:
    return f"{100 * float(x):.{places}f}"


def recomputed_links(edition: Edition, page_uri: str) -> list[tuple[str, str]]:
    """The sections of *How good are the old figures?* that recompute what a page prints."""
    keys = [k for k, on in (("experiment", any(e.page_uri == page_uri for e in edition.experiments)),
                            ("draws", page_uri == DRAWING_TO_IMPROVE and any(c.page_uri == page_uri
                                                                             for c in edition.claims)),
                            ("averages", edition.averages is not None and edition.averages.page_uri == page_uri))
            if on]
    return [RECOMPUTED[k] for k in keys]


def recomputed_block(links: list[tuple[str, str]], figures_link: str) -> str:
    """A note at the foot of a reading-text page, pointing to the edition's recomputations."""
    items = "; ".join(f"[{title}]({figures_link}#{anchor})" for anchor, title in links)
    return (f'!!! info "Recomputed by the edition"\n\n    What this chapter reports is worked again by the '
            f"edition's engine on *How good are the old figures?*: {items}.")


def _recomputed(edition: Edition) -> list[str]:
    if not (edition.experiments or edition.averages or any(c.page_uri == DRAWING_TO_IMPROVE for c in edition.claims)):
        return []
    out = ["## Foster’s experiment, draws and averages, recomputed { #recomputed }", "",
           "Three things in Foster’s chapters are more than single figures: an experiment, a list of draws and a "
           "table of averages. Each is worked again here by the edition’s engine, and each result is labelled "
           "as the edition’s.", ""]
    for e in edition.experiments:
        out += _experiment_section(edition, e)
    if any(c.page_uri == DRAWING_TO_IMPROVE for c in edition.claims):
        out += _draws_section(edition)
    if edition.averages:
        out += _averages_section(edition)
    return out


def _experiment_section(edition: Edition, e) -> list[str]:

    r = e.record
    page = next(p for p in edition.pages if p.text.page_uri == e.page_uri)
    here = rel_link("figures.md", e.page_uri)
    table_link = f"{here}#{para_anchor(page, e.printed[0].source_line)}"
    anchor, title = RECOMPUTED["experiment"]
    printed_n = sum(int(c.value) for c in e.printed)
    hands = ", ".join(f"{' '.join(c.symbol for c in h)} ({who})" for who, h in zip(e.letters, r.hands, strict=False))
    ties = sum(r.ties.values())
    tie_words = "no deal ended in a tie" if not ties else (
        f"{ties:,} {'deal' if ties == 1 else 'deals'} in {r.trials:,} ended in a tie for the best (" + "; ".join(
            f"{' and '.join(e.letters[i] for i in who)}: {n:,}" for who, n in sorted(r.ties.items())) + ")")
    out = [f"### {title} {{ #{anchor} }}", "",
           f"Foster lays out a pair for each of four players, the opener A holding jacks, helps each to "
           f"{number_in_words(r.drawn)} cards from the rest of the pack, and notes which hand is best after the draw; "
           f"[his table]({table_link}) gives the result of one run of {printed_n} deals. The edition has repeated "
           f"the experiment by simulation, as he describes it: {r.trials:,} deals, the players’ cards taken in turn "
           f"from a fresh random order of the other {52 - sum(len(h) for h in r.hands)} cards (Python’s "
           f"`random.Random({r.seed})`; `engine/experiments.py`; re-run with `{e.command}`). The pairs laid out are "
           f"{hands}: the suits are the edition’s, since the text gives none, and they cannot matter, for a hand "
           f"that holds a pair can make neither a straight nor a flush. A tie for the best divides the pool, and "
           f"each tied player is given his share of the deal; {tie_words}. The interval is the 95 per cent one, "
           f"{float(Z95):.2f} standard errors either way. *The simulation and its figures are the edition’s.*", "",
           f"| Player | Pair laid out | Best alone | The edition’s simulated chance (95 % interval) "
           f"| Foster’s count in {printed_n} (✓: his row adds up to it) | Counts to expect in {printed_n} deals (95 %) "
           "| Within the spread? |",
           "| --- | --- | ---: | ---: | ---: | ---: | --- |"]
    shares = [r.share(i) for i in range(len(r.hands))]
    inside = []
    for i, (who, hand, claim) in enumerate(zip(e.letters, r.hands, e.printed, strict=False)):
        low, high = binomial_range(printed_n, shares[i])
        lo, hi = r.interval(i)
        n = int(claim.value)
        inside.append(low <= n <= high)
        mark = f"[{claim.figure}]({here}#claim-{claim.id} \"{LABEL[claim.verdict]}\"){SYMBOL[claim.verdict]}"
        out.append(f"| {who} | {' '.join(c.symbol for c in hand)} | {r.wins[i]:,} | {_percent(shares[i], 2)} % "
                   f"({_percent(lo, 2)}–{_percent(hi, 2)}) | {mark} | {low}–{high} | "
                   f"{'yes' if inside[-1] else '**no**'} |")
    out.append("")
    x, p = chi_square([int(c.value) for c in e.printed], shares)
    verdict = ("**Yes: Foster’s run is within ordinary sampling spread.** Each of his four counts lies within "
               "the range a run of that length gives 95 times in 100" if all(inside) else
               "**No: not every count lies within the range a run of that length gives 95 times in 100**")
    out += [f"{verdict}; taken together, Pearson’s χ² for his four counts against the simulated chances is "
            f"{x:.2f} on 3 degrees of freedom (P = {p:.2f}: a run of {printed_n} honest deals would stray as far "
            f"from the chances, or farther, {round(p * 100)} times in 100).", ""]
    # The challengers, each with an interval: are they as equal as Foster says?
    challengers = list(range(1, len(r.hands)))
    ivals = [r.interval(i) for i in challengers]
    apart = all(ivals[k][0] > ivals[k + 1][1] for k in range(len(ivals) - 1))
    mean = sum(shares[i] for i in challengers) / len(challengers)
    names = ", ".join(f"{e.letters[i]} {_percent(shares[i])} %" for i in challengers)
    out += [f"Foster draws two conclusions from his counts: that “eighteen is the average number of times that the "
            f"best improved hand will be held by one of those opposed to the opener” — the simulated average of "
            f"the three is {_percent(mean)} per cent — and that “a pair of eights is just as good as a pair of tens "
            f"or nines, when drawing against openers”. The simulation gives {names}: "
            + ("the higher pair is best more often, by more than the error of the simulation, because where two "
               "of the challengers improve to hands of one class the higher pair wins; a run of a hundred deals is "
               "too short to show it." if apart else
               "the differences are within the error of the simulation."), ""]
    claims = [c for c in edition.claims if c.page_uri == e.page_uri and c.form == "number"
              and c.id not in {x.id for x in e.printed}]
    counts: dict[str, int] = {}
    for c in claims:
        counts[c.verdict] = counts.get(c.verdict, 0) + 1
    summary = ", ".join(f"{n} {LABEL[v]}" for v, n in counts.items())
    out += [f"The arithmetic Foster works from his counts — the pool of 7 limits, what each player takes out, the "
            f"betting after the draw and his second table — is checked figure by figure on [the page]({here}) "
            f"({len(claims)} figures: {summary}).", ""]
    return out


def _exact_words(claim) -> str:
    """A claim's exact value, short: "2.48 to 1 (11,559 to 4,656)", "1 in 3.48 (4,656 in 16,215)"."""
    if claim.value is None:
        return "*(not checked)*"
    odds = Odds(claim.value)
    if claim.form == "one-in":
        return f"1 in {float(1 / claim.value):,.2f} ({odds.n_in()})"
    if claim.form == "odds":
        return f"{float(odds.against):,.2f} to 1 ({odds.ratio()})"
    return md_escape(claim.exact)


def _draws_section(edition: Edition) -> list[str]:
    anchor, title = RECOMPUTED["draws"]
    here = rel_link("figures.md", DRAWING_TO_IMPROVE)
    rows = draw_list(edition.claims, DRAWING_TO_IMPROVE)
    out = [f"### {title} {{ #{anchor} }}", "",
           f"Every figure of [Drawing to Improve]({here}), one row for each, in the order of the text; the rows "
           "are made from the edition’s claims, so they show what the page marks. Foster’s card diagrams are lost, "
           "so **the example holding is the edition’s**: the five cards dealt, each card discarded marked with an "
           "asterisk (\\*); the exact odds are the engine’s, over every draw from the 47 cards the drawer has not "
           "seen. The printed figure links to its place in the text.", "",
           "| Foster’s figure | The edition’s example | Drawn | Drawn for | Exact odds against | Verdict |",
           "| ---: | --- | ---: | --- | ---: | --- |"]
    for row in rows:
        c = row.claim
        example = holding_markdown(row.cards, row.discard) if row.cards else "—"
        drawn = str(len(row.discard)) if row.cards else "—"
        reason = f' "{_title(c.reason)}"' if c.reason else ""
        out.append(f"| [{md_escape(c.figure)}]({here}#claim-{c.id}{reason}) | {example} | {drawn} | "
                   f"{md_escape(row.drawn_for) or '—'} | {_exact_words(c)} | {SYMBOL[c.verdict]} {LABEL[c.verdict]} |")
    out.append("")
    return out


def _hand_words(value) -> str:
    """A hand in the period's words with the cards that decide: "ace high (ace, king, queen, nine, five)",
    "a pair of deuces, with a king, a queen and a five"."""
    short, full = describe(value), describe(value, full=True)
    return full if full.startswith(short) else f"{short} ({full})"


def _averages_section(edition: Edition) -> list[str]:
    a = edition.averages
    anchor, title = RECOMPUTED["averages"]
    page = next(p for p in edition.pages if p.text.page_uri == a.page_uri)
    here = rel_link("figures.md", a.page_uri)
    table_link = f"{here}#{para_anchor(page, a.rows[0].source_line)}" if a.rows else here
    out = [f"### {title} {{ #{anchor} }}", "",
           f"Foster’s [table of averages]({table_link}) gives for each draw “what the hand will be worth, on the "
           "average, after the draw”: the hand that a player standing pat on it “would beat you just about as often "
           "as you would beat him”. **The edition’s reading and method.** Heads up — the drawer against one player "
           "standing pat, a tie dividing the pool — the chances are equal, as near as the draws allow, at the "
           "*middle* final hand of the draw: fewer than half the draws end below it and no more than half above it "
           "(the median of the final hand). The engine computes it exactly, over every draw from the 47 cards the "
           "drawer has not seen (the pat hand’s own cards are not taken from the pack, as in Foster’s reckoning of "
           "the draw). **The example holdings are the edition’s** (discards marked \\*); a row that names several "
           "holdings has a line for each. The computed hand is named in the period’s words, with the cards that "
           "decide; Foster’s value stands beside it, and *agrees* when his words cover it. The last column gives "
           "the drawer’s share of the pools against the lowest hand Foster’s value covers: on his definition it "
           "would be near one half.", "",
           "| Drawing to (Foster) | The edition’s example | Computed: the middle hand | Ends below / above it "
           "| Foster’s value | Agreement | Drawer’s share against the lowest of Foster’s value |",
           "| --- | --- | --- | ---: | --- | --- | ---: |"]
    readings = []
    tally: dict[str, int] = {}
    for row in a.rows:
        if row.reading:
            readings.append(f"“{md_escape(row.printed or '')}” as {md_escape(row.reading)}")
        for h in row.holdings:
            agreement = row.agreement(h)
            tally[agreement] = tally.get(agreement, 0) + 1
            words = {"agrees": "agrees", "higher": "printed value higher", "lower": "printed value lower",
                     "": "—"}[agreement]
            printed = md_escape(row.printed) if row.printed else "*(lost in the witness)*"
            band = f" ({md_escape(describe_band(row.band))})" if row.band and row.reading else ""
            share = f"{_percent(h.against_low)} %" if h.against_low is not None else "—"
            out.append(f"| {md_escape(row.drawing)} | {holding_markdown(h.cards, h.discard)} | "
                       f"{md_escape(_hand_words(h.median))} | {_percent(h.below)} % / {_percent(h.above)} % | "
                       f"{printed}{band} | {words} | {share} |")
    out.append("")
    lost = [r for r in a.rows if r.printed is None]
    pair = next((h for r in a.rows for h in r.holdings if len(h.discard) == 3
                 and h.cards[0].rank == h.cards[1].rank), None)
    total = sum(n for k, n in tally.items() if k)
    out += [f"**The comparison.** Of the {total} holdings in the rows where Foster’s value survives, the computed "
            f"middle hand lies within his words for {tally.get('agrees', 0)}; his value is higher for "
            f"{tally.get('higher', 0)} and lower for {tally.get('lower', 0)}."
            + (f" A pair drawn to with three cards ends as the same pair, unimproved, {_percent(1 - pair.improved)} "
               "times in 100, so its middle hand is the pair itself with high side cards: against a player standing "
               f"pat on any higher pair it takes the pool only when it improves, {_percent(pair.improved)} times in "
               "100 — not “about an equal number of times”, as Foster says of deuces against a pat pair of jacks."
               if pair else "")
            + (f" Foster’s value for {', '.join('“' + md_escape(r.drawing) + '”' for r in lost)} is lost in the "
               "witness; the edition does not fill his cell, and the table above gives only its own computed value."
               if lost else ""), ""]
    if readings:
        out += ["*The edition reads* " + "; ".join(readings) + ".", ""]
    return out


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
