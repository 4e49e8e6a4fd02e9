"""Disney Lorcana on the built site: Ravensburger's worldwide rules and Takara Tomy's rules for
Japan, each with its own history, shown for what they are in every language.

What a judge must be able to trust: the "When time is called" box names the current edition of
both (a Japanese page leads with Japan's); "What changed, and when" says where each edition applies
and whose words this site holds of it in the page's language (Ravensburger's English, its French
for the editions it exists in, Takara Tomy's Japanese, or this site's translation: no Portuguese
text exists); the checker's form asks where the event is held, a Japanese page offering Japan
first, and its editions come region by region.
"""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path

import pytest

from rules_engine.editions import REGION_NAMES, edition_label, editions_of, newest
from rules_engine.i18n import translate
from rules_engine.rule_ids import PAGES
from tests.site.sitebuild import LANGUAGES, ROOT
from tests.site.test_pages import gettext, html_file

sys.path.insert(0, str(ROOT / "overrides" / "hooks"))
import site_editions  # noqa: E402

GAME = "lorcana"
JAPAN = translate("en", REGION_NAMES["japan"])
# The editions Ravensburger's French text is held of (facts/LORCANA.md: 03/10/2023, 11/06/2026, 14/07/2026).
FRENCH = {"2023-10-03", "2026-06-11", "2026-07-14"}


def block(markdown: str, edition_id: str) -> str:
    anchor = "{#edition-lorcana-" + re.sub(r"[^0-9a-z]+", "-", edition_id) + "}"
    return markdown.split(anchor)[1].split("\n### ")[0].split("\n## ")[0]


def whose_words(lang: str, edition_id: str, current: bool) -> str:
    """Whose words this site holds of an edition, on a page in ``lang`` (the catalog's words)."""
    if edition_id.startswith("japan-"):
        key = "japan-ja" if lang == "ja" else "japan"
    elif lang == "en" or (lang == "fr" and edition_id in FRENCH):
        key = lang
    else:
        key = "pt" if lang == "pt" else "translated"
    return gettext(lang, site_editions.LORCANA_HOLDS[key if current else key + "-earlier"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_edition_says_where_it_applies_and_whose_words_are_held(lang: str) -> None:
    markdown = site_editions.editions_page(lang)
    japan = translate(lang, REGION_NAMES["japan"])
    for edition in editions_of(GAME):
        entry = block(markdown, edition.id)
        where = next(line for line in entry.splitlines() if line.startswith("- **") and
                     gettext(lang, "**Where it applies:** %(region)s, under its organizer's own rules").split("%(")[0] in line
                     or gettext(lang, "**Where it applies:** wherever no region's own rules apply (this site holds those of %(regions)s)").split("%(")[0] in line)
        assert japan in where, (lang, edition.id)  # a Japanese edition's region, or the region the worldwide rules leave out
        if edition.region == "japan":
            assert where.startswith("- " + gettext(lang, "**Where it applies:** %(region)s, under its organizer's own rules")
                                    % {"region": japan}), where
        holds = gettext(lang, "**What this site holds:** %(holds)s.").split("%(")[0]
        line = next(line for line in entry.splitlines() if holds in line)
        assert whose_words(lang, edition.id, edition.replaced is None) in line, (lang, edition.id, line)
    # No Portuguese text exists: the Portuguese page never says it holds Ravensburger's own words.
    if lang == "pt":
        assert gettext("pt", site_editions.LORCANA_HOLDS["en"]) not in markdown


def test_the_french_page_holds_ravensburger_s_french_only_where_it_exists() -> None:
    markdown = site_editions.editions_page("fr")
    own = gettext("fr", site_editions.LORCANA_HOLDS["fr"])
    for edition in editions_of(GAME, None):
        assert (own in block(markdown, edition.id)) == (edition.id in FRENCH), edition.id


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_region_s_history_leads_with_its_current_edition(lang: str) -> None:
    """Replaced by the next edition of its own region; the oldest of each region says its procedure."""
    markdown = site_editions.editions_page(lang)
    for region in (None, "japan"):
        held = list(reversed(editions_of(GAME, region)))
        for newer, edition in zip(held, held[1:]):
            assert normalize_spaces(translate(lang, newer.title)) in normalize_spaces(block(markdown, edition.id)), edition.id
        oldest = gettext(lang, "**Its procedure for the end of a match:** %(changes)s").split("%(")[0]
        assert oldest in block(markdown, held[-1].id), held[-1].id


def normalize_spaces(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_box_names_both_current_editions_japanese_first_on_a_japanese_page(built_site: Path, lang: str) -> None:
    raw = html_file(built_site, lang, f"{PAGES[GAME]}.md").read_text(encoding="utf-8")
    box = raw[raw.index('id="time-called"'):raw.index("</aside>", raw.index('id="time-called"'))]
    worldwide = html.escape(edition_label(lang, newest(GAME).id))
    japan = html.escape(translate(lang, newest(GAME, "japan").short))
    assert worldwide in box and japan in box
    assert (box.index(japan) < box.index(worldwide)) == (lang == "ja")
    for sentence in site_editions.SUMMARIES[(GAME, newest(GAME).id)]:
        assert html.escape(gettext(lang, sentence)) in box


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_edition_note_names_each_region_s_current_and_earlier_editions(lang: str) -> None:
    # French spaces its colons (a narrow no-break space) in the list of earlier editions.
    def unspaced(text: str) -> str:
        return re.sub(r"\s*:", ":", text)

    note = unspaced(site_editions.edition_note(GAME, lang, f"{PAGES[GAME]}.md"))
    for region in (None, "japan"):
        for edition in editions_of(GAME, region):
            name = unspaced(translate(lang, edition.title if edition.replaced is None else edition.short))
            assert f"[{name}]" in note or f"[「{name}」]" in note, edition.id
    # Japanese readers read Takara Tomy's rules first.
    first = note.index(translate(lang, newest(GAME, "japan").title)) < note.index(translate(lang, newest(GAME).title))
    assert first == (lang == "ja")


def form_of(built_site: Path, lang: str) -> str:
    raw = html_file(built_site, lang, f"{PAGES[GAME]}.md").read_text(encoding="utf-8")
    start = raw.index('<form class="checker-form" data-game="lorcana"')
    return raw[start:raw.index("</form>", start)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_form_asks_where_the_event_is_held_japan_first_on_a_japanese_page(built_site: Path, lang: str) -> None:
    form = form_of(built_site, lang)
    region = form[form.index('data-path="/region"'):]
    region = region[:region.index('</fieldset>')]
    options = re.findall(r'<input type="radio"[^>]*value="([^"]*)"[^>]*?( checked)?>', region)
    # The worldwide rules are "not given" (no region in the scenario); a Japanese page offers Japan first, chosen.
    assert options == ([("japan", " checked"), ("", "")] if lang == "ja" else [("", " checked"), ("japan", "")])
    assert json.loads(html.unescape(re.search(r'data-regions="([^"]*)"', form)[1])) == {"japan": newest(GAME, "japan").id}
    # The editions: the page's region first, each region newest first.
    edition = form[form.index('data-path="/edition"'):]
    values = re.findall(r'<option value="([^"]*)"', edition[:edition.index("</select>")])
    worldwide = [e.id for e in reversed(editions_of(GAME, None))]
    japan = [e.id for e in reversed(editions_of(GAME, "japan"))]
    assert values == [""] + (japan + worldwide if lang == "ja" else worldwide + japan)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lore_and_slow_play_are_asked(built_site: Path, lang: str) -> None:
    form = form_of(built_site, lang)
    for path in ("/current_game/lore", "/slow_play_penalties", "/slow_play_penalties/-/player",
                 "/slow_play_penalties/-/during_additional_turns", "/region"):
        assert f'data-path="{path}"' in form, path
    lore = form[form.index('data-path="/current_game/lore"'):]
    assert json.loads(html.unescape(re.search(r'data-when="([^"]*)"', lore)[1])) == {"round": ["single-elimination"]}


def test_a_lorcana_address_leads_to_its_procedure() -> None:
    import site_addresses
    words = next(words for page, words, _default in site_addresses.SUGGESTIONS if page == f"{PAGES[GAME]}.md")
    assert {"lorcana", "disney", "lor"} <= set(words)
