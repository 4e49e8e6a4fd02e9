"""The pages that speak of Yu-Gi-Oh! in passing (the home page's card, the tracker) state the
rule of the edition in force, Policy v2.5, in the words of the procedure page's summary box;
the earlier edition is named as such. Read from the Markdown sources (no build needed)."""

from __future__ import annotations

import re
import sys

import pytest

from rules_engine.editions import newest
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
