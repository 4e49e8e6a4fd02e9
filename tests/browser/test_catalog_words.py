"""The site's own words around the engine's, as Chromium shows them on the built pages, in every language.

- The Yu-Gi-Oh! page's "When time is called" box says Top Cut with the word the language's pages use
  (translations/terminology.yaml, concept top-cut): トップカット in Japanese, "top cut" in French.
- "What changed, and when" says which edition replaced an earlier one in words that fit every title: a
  title may be plural or masculine ("Tournament Rules", "Magic Tournament Rules", "Regras de evento"), so no
  article that agrees with one of them stands before it (Portuguese "por", never "pela").
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from rules_engine.rule_ids import PAGES
from tests.browser.test_checker import site_string
from tests.site.sitebuild import LANGUAGES, prefix
from tests.test_terminology import concepts

pytestmark = pytest.mark.browser

# Articles (and contractions with one) that agree with a gender or a number: none may stand before a title.
ARTICLES = {"en": r"the", "fr": r"la|le|les|l’|du|de la|des", "pt": r"pela|pelo|pelas|pelos|a|o|as|os",
            "ja": r"(?!)"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_site_s_words_use_the_language_s_terms_and_fit_every_title(page: Any, site_server: str, lang: str) -> None:
    top_cut = next(c for c in concepts() if c["id"] == "top-cut")["terms"][lang]
    page.goto(f"{site_server}{prefix(lang)}{PAGES['yugioh']}/")
    box = page.locator("#time-called").inner_text()
    assert top_cut in box, box
    for other in {"Top Cut", "top cut", "トップカット"} - {top_cut}:
        assert other not in box, (other, box)

    page.goto(f"{site_server}{prefix(lang)}editions/")
    lead = site_string(lang, "**Replaced:** on %(date)s, by %(title)s").split("**")[1]
    items = [t for t in page.locator("article li").all_inner_texts() if t.startswith(lead)]
    assert len(items) >= 10
    titles = [h.strip().rstrip("¶").strip() for h in page.locator("article h3").all_inner_texts()]
    for item in items:
        title = max((t for t in titles if item.endswith(t) or f"{t}に置き換えられました" in item), key=len)
        before = item[:item.rindex(title)]
        assert not re.search(rf"\b(?:{ARTICLES[lang]})\s*$", before), item
    assert page.traffic.console_errors == []
