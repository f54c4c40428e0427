"""mkdocs-macros module: the macros that site_src pages may call (only pages that set
``render_macros: true`` in their front matter are rendered; see mkdocs.yml)."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from edition.pages import totals  # noqa: E402
from macros.state import edition  # noqa: E402


def define_env(env):
    """Register the macros."""
    root = Path(env.conf.config_file_path).resolve().parent

    @env.macro
    def apparatus_totals() -> str:
        """A Markdown table: emendations per work and per page."""
        rows = ["| Work | Page | Emendations | Words of the witness | Unchanged | Editorial notes | Variants |",
                "| --- | --- | ---: | ---: | ---: | ---: | ---: |"]
        grand = 0
        for entry in totals(edition(root, env.conf.site_url or "http://127.0.0.1:8000/")):
            work = entry["work"]
            for p in entry["pages"]:
                link = "../" + p["uri"]
                rows.append(f"| *{work.title}* | [{p['title']}]({link}) | {p['emendations']:,} | "
                            f"{p['witness_words']:,} | {p['kept_share']:.1%} | {p['notes']} | {p['variants']} |")
            if entry["pages"]:
                rows.append(f"| **{work.title}** | **all pages** | **{entry['emendations']:,}** | | | | |")
            grand += entry["emendations"]
        rows.append(f"| **The edition** | | **{grand:,}** | | | | |")
        return "\n".join(rows)
