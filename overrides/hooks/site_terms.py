"""The glossary's table of terms, from translations/terminology.yaml (one source of truth).

Each glossary page holds the marker below where the table goes: one row per concept, the
term to use in each of the four languages, the reader's language first. The same file is
what tests/test_terminology.py enforces on every page and catalog entry.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

import site_registry  # noqa: F401  (puts the repository root on sys.path for the engine)
from rules_engine.contract.fields import choice_label

ROOT = Path(__file__).resolve().parents[2]
TERMINOLOGY = ROOT / "translations" / "terminology.yaml"
MARKER = "<!-- terminology -->"
LANGUAGES = {"en": "English", "fr": "Français", "pt": "Português", "ja": "日本語"}
def table(lang: str) -> str:
    concepts = yaml.safe_load(TERMINOLOGY.read_text(encoding="utf-8"))["concepts"]
    order = [lang] + [code for code in LANGUAGES if code != lang]
    rows = ["| " + " | ".join(LANGUAGES[code] for code in order) + " |", "|" + "---|" * len(order)]
    for concept in concepts:
        game = concept.get("only") or concept.get("game")
        cells = [str(concept["terms"][code]).replace("|", "\\|") for code in order]
        name = choice_label(lang, "/game", game) if game else ""  # the game's name as the forms give it
        if name and name not in cells[0]:  # a concept kept to one game: the reader's column says which
            if cells[0].endswith(("）", ")")):  # a term with its own parenthesis: the game's name before it
                cells[0] = f"{name} の{cells[0]}" if lang == "ja" else f"{cells[0]} — {name}"
            else:
                cells[0] += f"（{name}）" if lang == "ja" else f" ({name})"
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


def on_page_markdown(markdown: str, page: Page, config: Any, files: Files) -> str:
    if MARKER not in markdown:
        return markdown
    lang = config.theme["language"]  # the language being built (mkdocs-static-i18n)
    return markdown.replace(MARKER, table(lang if lang in LANGUAGES else "en"))
