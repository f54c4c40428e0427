"""mkdocs-macros module: the macros that site_src pages may call (only pages that set
``render_macros: true`` in their front matter are rendered; see mkdocs.yml)."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from edition.framework.templating import href, md_text, render_block  # noqa: E402
from edition.site.law_pages import home_data  # noqa: E402
from edition.site.pages import totals  # noqa: E402
from macros.state import edition  # noqa: E402


def define_env(env):
    """Register the macros."""
    root = Path(env.conf.config_file_path).resolve().parent

    def loaded():
        return edition(root, env.conf.site_url or "http://127.0.0.1:8000/")

    @env.macro
    def front_door() -> str:
        """The home page's body: the three tasks, the works, how the edition is made (templates/pages/home.md.j2)."""
        return render_block("home.md.j2", **home_data(loaded()))

    @env.macro
    def example_citation() -> str:
        """The plain-text citation of Law 19 (or the edition's first law), as its Cite box gives it."""
        laws = loaded().laws
        law = laws.get(19) or next(iter(laws.values()), None)
        return law.citation if law else ""

    def written(found) -> dict:
        """A licence's name, title and url as a page's Markdown sets them: text escaped for Markdown, the
        address for a link (edition/framework/templating.py: each value escaped for where it lands)."""
        return {"name": md_text(found.name), "title": md_text(found.title), "url": href(found.url)} if found else {}

    @env.macro
    def licence() -> dict:
        """The licence of the edition's own matter (content/edition.yml): name, title, url."""
        return written(loaded().record.licence)

    @env.macro
    def code_licence() -> dict:
        """The licence of the code that builds the edition (content/edition.yml): name, title, url."""
        return written(loaded().record.code_licence)

    @env.macro
    def edition_version() -> str:
        """The edition's version (content/edition.yml): a page's link to the version as it stood."""
        return loaded().version

    @env.macro
    def apparatus_totals() -> str:
        """A Markdown table: emendations per work and per page (templates/pages/emendations-by-work.md.j2)."""
        works = totals(loaded())
        return render_block("emendations-by-work.md.j2", works=works, link_prefix="../")
