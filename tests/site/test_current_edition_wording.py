"""The pages that speak of Yu-Gi-Oh! in passing (the home page's card, the tracker) state the
rule of the edition in force, Policy v2.5, in the words of the procedure page's summary box;
the earlier edition is named as such. Read from the Markdown sources (no build needed)."""

from __future__ import annotations

import datetime as dt
import re
import sys

import pytest
from babel.dates import format_date

from rules_engine.editions import EDITIONS, newest
from tests.site.sitebuild import LANGUAGES, ROOT

sys.path.insert(0, str(ROOT / "overrides" / "hooks"))
import site_catalog  # noqa: E402
import site_editions  # noqa: E402

# The words of the summary box's double-loss sentence that a mention of the rule must repeat.
DOUBLE_LOSS = {"en": "both Duelists receive a loss", "fr": "les deux Duellistes reçoivent une défaite",
               "pt": "ambos os Duelistas recebem uma derrota", "ja": "両方のデュエリストが敗北となり"}


def _summary_sentences(lang: str) -> list[str]:
    current = newest("yugioh")
    catalog = site_catalog.translations(lang)
    return [catalog.gettext(sentence) for sentence in site_editions.SUMMARIES[("yugioh", current.id)]]


def _yugioh_card(lang: str) -> str:
    text = (ROOT / "docs" / lang / "index.md").read_text(encoding="utf-8")
    cards = re.split(r"\n-   ", text)
    card = next(card for card in cards if "yugioh/end-of-match.md#checker" in card)
    return card


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_page_states_the_current_yugioh_rule(lang: str) -> None:
    words = DOUBLE_LOSS[lang]
    assert any(words in sentence for sentence in _summary_sentences(lang)), \
        f"{lang}: the summary box no longer says {words!r}: update DOUBLE_LOSS"
    card = _yugioh_card(lang)
    assert words in card, f"{lang}: the home page's Yu-Gi-Oh! card does not state the v2.5 double loss"
    assert "v2.5" in card
    # The v2.3 procedure (Phase, then Life Points) may be named only as the earlier edition's.
    assert "v2.3" in card or not re.search(r"Phase|フェイズ|Fase", card)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_tracker_page_states_the_current_yugioh_rule_first(lang: str) -> None:
    text = (ROOT / "docs" / lang / "tracker.md").read_text(encoding="utf-8")
    paragraph = next(p for p in text.split("\n\n") if p.startswith("Yu-Gi-Oh!") or "Yu-Gi-Oh!" in p[:20])
    assert DOUBLE_LOSS[lang] in paragraph, f"{lang}: the tracker's Yu-Gi-Oh! paragraph does not state v2.5"
    assert paragraph.index("v2.5") < paragraph.index("v2.3")


# --- A replaced edition is never said to be in force "since" its date -------------------------------------

# "In force since <date>" says the edition still is: said of an edition that was replaced, it is wrong (French:
# « entrée en vigueur le … », not « en vigueur depuis le … »). Each language's phrase, and how it writes a date.
SINCE = {"en": r"in force since", "fr": r"en vigueur depuis(?: le)?", "pt": r"em vigor desde"}
DATE_FORMAT = {"en": "d MMMM y", "fr": "d MMMM y", "pt": "d 'de' MMMM 'de' y"}


def _written(lang: str, day: str) -> str:
    text = format_date(dt.date.fromisoformat(day), DATE_FORMAT[lang], locale=lang)
    # The first of the month: "1er avril", "1º de abril".
    return re.sub(r"^1 ", {"fr": "1(?:er)? ", "pt": "1 ", "en": "1 "}[lang], re.escape(text)) if day.endswith("-01") else re.escape(text)


@pytest.mark.parametrize("lang", sorted(SINCE))
def test_a_replaced_edition_is_never_said_in_force_since_its_date(lang: str) -> None:
    replaced = [e for e in EDITIONS if e.replaced is not None and e.effective is not None]
    # The date may be the second of two ("… since 25 January 2025 and 14 February 2025").
    patterns = [re.compile(SINCE[lang] + r" (?:[^.;:()]{0,40}? (?:and|et|e) (?:le )?)?" + _written(lang, e.effective))
                for e in replaced]
    texts = {path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8")
             for path in sorted((ROOT / "docs" / lang).rglob("*.md"))}
    if lang != "en":
        texts[f"translations/site/{lang}.po"] = (ROOT / "translations" / "site" / f"{lang}.po").read_text(encoding="utf-8")
    found = [f"{name}: …{match.group(0)}…" for name, text in texts.items()
             for pattern in patterns for match in pattern.finditer(" ".join(text.split()))]
    assert not found, f"an edition replaced since is said to be in force: {found}"
