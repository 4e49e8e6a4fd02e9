"""The checker's own words, quoted on a page: written by the engine at build time.

Where a page says what the checker does in a case, it can quote what the checker says, so
that the page cannot say something else: the page holds a marker

    <!-- ruling: NAME -->            the summary (first sentence) of the ruling of scenario NAME
    <!-- ruling: NAME RULE-ID -->    the ruling's step that cites the paragraph RULE-ID

and this hook replaces it with that sentence, in the page's language, between that language's
quotation marks. The scenarios are named below; an unknown name, or a ruling that gives no
such step, fails the build. tests/site/test_page_statements.py checks what each scenario is
ruled (the head judge, the double loss) against the page's own words around the quotation.
"""

from __future__ import annotations

import re
from typing import Any

from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

import site_registry  # noqa: F401  (puts the repository root on sys.path for the engine)
from rules_engine import judge

MARKER = re.compile(r"<!-- ruling: ([a-z0-9-]+)(?: ([a-z0-9-]+))? -->")

# The cases the Yu-Gi-Oh! page says Policy v2.5 leaves unknown, as a scenario each.
SCENARIOS: dict[str, dict[str, Any]] = {
    "ygo-v2-5-timed-single-elimination": {
        "game": "yugioh", "edition": "2.5", "round": "single-elimination", "games_won": [1, 0],
        "time_called": "during-game"},
    "ygo-v2-5-best-of-one": {
        "game": "yugioh", "edition": "2.5", "round": "swiss", "best_of": 1, "games_won": [0, 0],
        "time_called": "during-game"},
    # A date after the newest edition took effect, with no region: the event may be anywhere,
    # and may be a local event keeping the earlier procedure.
    "ygo-v2-5-any-other-event": {
        "game": "yugioh", "event_date": "2099-01-01", "round": "swiss", "games_won": [0, 0],
        "time_called": "during-game"},
}

QUOTES = {"en": ("“", "”"), "fr": ("« ", " »"), "pt": ("“", "”"), "ja": ("「", "」")}


def quoted(name: str, rule: str | None, lang: str) -> str:
    """The sentence the checker gives for scenario ``name`` (its summary, or its step citing
    ``rule``), in ``lang``, quoted."""
    if name not in SCENARIOS:
        raise KeyError(f"site_rulings: no scenario named {name!r}")
    ruling = judge({"version": 1, **SCENARIOS[name]}, lang)
    if rule is None:
        text = ruling["summary"]
    else:
        steps = [step["text"] for step in ruling["explanation"] if step["rule"] == rule]
        if not steps:
            raise KeyError(f"site_rulings: the ruling of {name!r} has no step citing #{rule}")
        text = steps[-1]
    if lang == "ja":  # a sentence quoted in 「」 drops its own full stop
        text = text.removesuffix("。")
    opening, closing = QUOTES.get(lang, QUOTES["en"])
    return f"{opening}{text}{closing}"


def render(markdown: str, lang: str) -> str:
    return MARKER.sub(lambda match: quoted(match[1], match[2], lang), markdown)


def on_page_markdown(markdown: str, page: Page, config: Any, files: Files) -> str:
    if "<!-- ruling:" not in markdown:
        return markdown
    return render(markdown, config.theme["language"])
