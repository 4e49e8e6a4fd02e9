"""The comparison page and the About page give every region's own rules that the checker applies.

The checker rules events held in a region under that region's own rules (the engine's REGIONS: Takara Tomy's
rules for Disney Lorcana in Japan, Konami Japan's for Yu-Gi-Oh! OCG events in Japan). A judge reading the
comparison page must find them in the game's column wherever they differ, as Disney Lorcana's "Japan:" entries
are: turn 0 and the additional turns, and each ruling table and the sources at least; the About page's
translation status must say that the game's page carries them. Read from the Markdown sources (no build).
"""

from __future__ import annotations

import re

import pytest

from rules_engine.editions import REGIONS
from rules_engine.rule_ids import PAGES
from tests.site.sitebuild import LANGUAGES, ROOT
from tests.site.test_page_statements import COLUMNS, compare_tables, links

# The section of each game's procedure page that gives a region's own rules (its heading's id).
REGION_SECTIONS = {("lorcana", "japan"): "japan", ("yugioh", "japan"): "ocg"}
HEADING = re.compile(r"^(#{2,}) .*\{#([a-z0-9-]+)\}\s*$")
ANCHOR = re.compile(r"\{#([a-z0-9-]+)[ .}]")
# compare.md's tables that rule (each must give the region's rules somewhere in the game's column), and the
# rows of "When time is called" that must give them each: turn 0 and the additional turns.
TABLES = ("when-time-is-called", "results", "single-elimination", "sources")
EACH_ROW = ("when-time-is-called", (0, 1))


def test_every_region_the_checker_applies_has_its_section_here() -> None:
    regions = {(game, region) for game, ids in REGIONS.items() for region in ids}
    assert regions == set(REGION_SECTIONS), "name the procedure page's section of each region's own rules"


def section_ids(lang: str, game: str, heading: str) -> set[str]:
    """The ids (heading and paragraphs) of one H2 section of a game's procedure page, up to the next H2."""
    ids: set[str] = set()
    inside = False
    for line in (ROOT / "docs" / lang / f"{PAGES[game]}.md").read_text(encoding="utf-8").splitlines():  # type: ignore[index]
        found = HEADING.match(line)
        if found and len(found.group(1)) == 2:
            inside = found.group(2) == heading
        if inside:
            ids.update(ANCHOR.findall(line))
    assert ids, f"docs/{lang}/{PAGES[game]}.md: no section {{#{heading}}}"  # type: ignore[index]
    return ids


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "region"), sorted(REGION_SECTIONS))
def test_the_comparison_gives_a_region_s_own_rules_in_the_game_s_column(lang: str, game: str, region: str) -> None:
    ids = section_ids(lang, game, REGION_SECTIONS[(game, region)])
    tables = compare_tables(lang)
    column = COLUMNS[game]
    cited = {name: [{anchor for _, anchor in links(row[column])} & ids for row in rows]
             for name, rows in tables.items() if name in TABLES}
    missing = [name for name in TABLES if not any(cited[name])]
    table, rows = EACH_ROW
    missing += [f"{table} row {row + 1}" for row in rows if not cited[table][row]]
    assert not missing, f"docs/{lang}/compare.md, {game}: {region}'s own rules are not given in {missing}"


# The status words of the About page's legend, by language, for a page that carries this site's summary.
SUMMARY_WORD = {"en": "summary", "fr": "résumé", "pt": "resumo", "ja": "要約"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_about_page_says_the_yugioh_page_carries_the_ocg_summary(lang: str) -> None:
    """The translation status of the Yu-Gi-Oh! page (its source-language column) names each part of the page:
    the v2.5 summary, the published v2.3 text and its restated paragraphs, and the summary of the OCG rules."""
    text = (ROOT / "docs" / lang / "about.md").read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| [") and "(yugioh/end-of-match.md)" in line)
    status = [cell.strip() for cell in row.strip().strip("|").split("|")][1]  # the en column: the source's own
    legend = next((line for line in text.splitlines() if line.startswith(f"- **{status}**")), None)
    assert legend is not None, f"docs/{lang}/about.md: no legend for “{status}”"
    assert "OCG" in legend and legend.count(SUMMARY_WORD[lang]) >= 2, (
        f"docs/{lang}/about.md: the status of the Yu-Gi-Oh! page leaves out this site's summary of the OCG rules: {legend}")
