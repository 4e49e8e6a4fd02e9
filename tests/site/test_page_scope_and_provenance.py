"""What the pages say of the engine's scope, and of whose words they hold, is what the engine
and the sources do.

- The Disney Lorcana note of what the checker does not rule on names every edition under which
  the engine sends a case there (the engine cites that note for each such case).
- The tracker page says from which edition a single-elimination leader wins the match at the time
  call, and that elsewhere (earlier editions, Japan) the turns are counted first.
- The glossary's turn 0 says that the OCG rules for Japan have one when the engine's OCG rulings do.
- The tracker page of every language says that the Yu-Gi-Oh! tracker follows the TCG Policy only.
- The About and translators pages do not say that the Play Correction Guidelines exist in English
  only while the Lorcana page quotes their French text of 2023.
- The French About page names the Lorcana sections by the French headings of the French page.
- The English Magic page quotes a sentence of MTR 2.4 as Wizards' words exactly where it is
  Wizards' words, and its provenance says so.

Read from the Markdown pages and the engine: no build needed.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import pytest

from rules_engine import ScenarioError, judge, rule_on
from rules_engine.contract.reading import read_scenario
from rules_engine.editions import editions_of, long_date
from tests.site.sitebuild import LANGUAGES, ROOT

DOCS = ROOT / "docs"
ATTRIBUTE_LINE = re.compile(r"^\{#([\w-]+)([^}]*)\}\s*$")
JAPAN = {"en": "Japan", "fr": "Japon", "pt": "Japão", "ja": "日本"}


def paragraph(lang: str, page: str, pid: str) -> str:
    """The text of the paragraph a page closes with ``{#pid …}``."""
    lines = (DOCS / lang / page).read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines):
        match = ATTRIBUTE_LINE.match(line)
        if match and match[1] == pid:
            return lines[number - 1]
    raise AssertionError(f"docs/{lang}/{page} has no paragraph #{pid}")


def section(lang: str, page: str, anchor: str) -> str:
    """A page's text from the heading ``{#anchor}`` to the next heading of any level."""
    text = (DOCS / lang / page).read_text(encoding="utf-8")
    return text.split("{#" + anchor + "}", 1)[1].split("\n#", 1)[0]


# --- Disney Lorcana: what the checker does not rule on ---------------------------------------

def not_covered_reasons(edition: str, region: str | None) -> frozenset[str]:
    """The reasons (msgids) the engine gives under ``edition`` for sending the players to the head
    judge, over the match situations a form can describe, leaving out the two that hold under
    every edition (a time call as the turn ends, two Slow Play remedies)."""
    reasons: set[str] = set()
    games: list[dict[str, Any] | None] = [None, {"lore": [10, 14]}, {"lore": [12, 12]}]
    games += [{"winner": w, "during_turn": 1} for w in ("A", "B", "draw")]
    for rnd, won, when in itertools.product(("swiss", "single-elimination"), ([0, 0], [1, 0], [0, 1], [1, 1]),
                                            ("during-game", "between-games")):
        for game in games if when == "during-game" else [None]:
            scenario: dict[str, Any] = {"game": "lorcana", "edition": edition, "round": rnd, "games_won": won,
                                        "time_called": when}
            if region:
                scenario["region"] = region
            if when == "during-game":
                scenario["active_player"] = "A"
            if game:
                scenario["current_game"] = game
            try:
                ruling = rule_on(read_scenario(scenario))
            except ScenarioError:  # a situation the form refuses (lore in Swiss, a leader's lore…)
                continue
            reasons |= {step.msgid for step in ruling.steps if step.rule == "lorcana-not-covered"}
    return frozenset(reasons - {"The text does not cover this: call the head judge."})


def scopes(region: str | None) -> list[tuple[str, frozenset[str]]]:
    """The region's editions grouped where the engine's reasons change: (first date, reasons)."""
    groups: list[tuple[str, frozenset[str]]] = []
    for edition in editions_of("lorcana", region):
        reasons = not_covered_reasons(edition.id, region)
        if not groups or groups[-1][1] != reasons:
            groups.append((edition.effective, reasons))
    return groups


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lorcana_not_covered_note_names_every_edition_the_engine_cites_it_under(lang: str) -> None:
    note = paragraph(lang, "lorcana/end-of-match.md", "lorcana-not-covered")
    missing = []
    for region in (None, "japan"):
        for number, (first, reasons) in enumerate(scopes(region)):
            if not reasons:
                continue
            if region == "japan":
                if JAPAN[lang] not in note:
                    missing.append(JAPAN[lang])
                if number == 0:  # the region's first rules: named by the region
                    continue
            if long_date(lang, first) not in note:
                missing.append(f"{long_date(lang, first)} ({region or 'worldwide'})")
    assert not missing, f"docs/{lang}/lorcana/end-of-match.md#lorcana-not-covered does not name: {missing}"


def test_unequal_lore_under_the_2023_and_2024_editions_is_sent_to_the_head_judge() -> None:
    # The case the note once left out: the engine cites the note for it under both editions.
    for edition in ("2023-10-03", "2024-05-22"):
        assert any(reason.startswith("Lore is unequal") for reason in not_covered_reasons(edition, None)), edition


# --- The tracker page -------------------------------------------------------------------------

def turns_for_a_leader(edition: str, region: str | None) -> int:
    """How many turns the engine plans for a single-elimination leader (1-0) when time is called."""
    scenario = {"game": "lorcana", "edition": edition, "round": "single-elimination", "games_won": [1, 0],
                "time_called": "during-game", "active_player": "A"} | ({"region": region} if region else {})
    return len(judge(scenario)["turns"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_tracker_page_says_when_a_lorcana_leader_wins_at_once(lang: str) -> None:
    text = section(lang, "tracker.md", "how-it-works")
    worldwide = editions_of("lorcana", None)
    at_once = [e for e in worldwide if turns_for_a_leader(e.id, None) == 0]
    played = [e for e in worldwide if turns_for_a_leader(e.id, None) > 0]
    assert at_once and played and all(turns_for_a_leader(e.id, "japan") > 0 for e in editions_of("lorcana", "japan"))
    assert long_date(lang, at_once[0].effective) in text, "the edition from which the leader wins at once"
    for edition in played:
        assert long_date(lang, edition.effective) in text, f"{edition.id}: the turns are counted first"
    # In Japan the turns are counted too: the Lorcana page's readings say so (point 16).
    assert "lorcana/end-of-match.md#lorcana-readings-note" in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_tracker_page_says_the_yugioh_tracker_follows_the_tcg_policy_only(lang: str) -> None:
    text = section(lang, "tracker.md", "how-it-works")
    yugioh = next(p for p in text.split("\n\n") if "v2.5" in p)
    assert "OCG" in yugioh and "Yu-Gi-Oh! TCG" in yugioh, f"docs/{lang}/tracker.md: the OCG rules are not followed"


# --- The glossary: turn 0 ---------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_glossarys_turn_0_covers_the_ocg_rules_when_their_rulings_have_one(lang: str) -> None:
    ocg = judge({"game": "yugioh", "region": "japan", "round": "swiss", "games_won": [0, 0],
                 "time_called": "during-game", "active_player": "A"})
    entry = section(lang, "glossary.md", "turn-zero")
    if ocg["turns"][0]["number"] == 0:
        assert "yugioh/end-of-match.md#ygo-ocg-finish-turn" in entry
    else:
        assert "ygo-ocg-finish-turn" not in entry


# --- Whose words: the Play Correction Guidelines ----------------------------------------------

# "The Guidelines exist in English only", said without "the current edition".
ENGLISH_ONLY = {
    "en": r"(?<!edition of the )Play Correction Guidelines exists? in English only",
    "fr": r"(?<!des )Play Correction Guidelines n’existen?t qu’en anglais",
    "pt": r"(?<!das )Play Correction Guidelines só existem? em inglês",
    "ja": r"Play Correction Guidelines は英語(?:版しかない|でのみ)",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_about_the_texts_says_the_guidelines_exist_in_english_only(lang: str) -> None:
    lorcana = (DOCS / lang / "lorcana" / "end-of-match.md").read_text(encoding="utf-8")
    assert "Guide des mesures correctives du jeu organisé" in lorcana  # their French text of 2023, quoted
    found = [f"docs/{lang}/{page}" for page in ("about.md", "translators.md", "glossary.md")
             if re.search(ENGLISH_ONLY[lang], (DOCS / lang / page).read_text(encoding="utf-8"))]
    assert found == [], "say that the current edition exists in English only"


def test_the_english_only_check_catches_the_old_claims() -> None:
    assert re.search(ENGLISH_ONLY["en"], "the Play Correction Guidelines exist in English only")
    assert not re.search(ENGLISH_ONLY["en"], "the current edition of the Play Correction Guidelines exists in English only")
    assert re.search(ENGLISH_ONLY["fr"], "les Play Correction Guidelines n’existent qu’en anglais")
    assert not re.search(ENGLISH_ONLY["fr"], "l’édition en vigueur des Play Correction Guidelines n’existe qu’en anglais")
    assert re.search(ENGLISH_ONLY["pt"], "as Play Correction Guidelines só existem em inglês")
    assert not re.search(ENGLISH_ONLY["pt"], "a edição em vigor das Play Correction Guidelines só existe em inglês")
    assert re.search(ENGLISH_ONLY["ja"], "Play Correction Guidelines は英語版しかないため")
    assert not re.search(ENGLISH_ONLY["ja"], "Play Correction Guidelines の現行の版は英語版しかないため")


def test_the_french_about_page_names_the_lorcana_sections_by_their_french_headings() -> None:
    page = (DOCS / "fr" / "lorcana" / "end-of-match.md").read_text(encoding="utf-8")
    worldwide = page.split("{#worldwide}", 1)[1].split("\n## ", 1)[0]
    headings = [re.sub(r"\s*\(.*\)$", "", m[1]) for m in re.finditer(r"^### \d+\.\d+ (.+?) \{#", worldwide, re.M)]
    titles = [part for heading in headings for part in heading.split(" : ")]
    item = next(line for line in (DOCS / "fr" / "about.md").read_text(encoding="utf-8").splitlines()
                if line.startswith("- **Disney Lorcana"))
    assert len(titles) >= 5 and [t for t in titles if t not in item] == []
    english = [re.sub(r"^\d+\.\d+ ", "", m[1]) for m in
               re.finditer(r"^### (.+?) \{#", (DOCS / "en" / "lorcana" / "end-of-match.md").read_text(encoding="utf-8"), re.M)]
    assert [t for t in english if t.split(": ")[0] in item] == []


# --- Whose words: the English Magic page ------------------------------------------------------

# MTR 2.4, effective 10 November 2025, sentence by sentence (Wizards of the Coast's wording).
MTR_2_4 = (
    "Once the game is complete, players may not leave the table until the result of the match is recorded "
    "unless they are doing so to record the result.",
    "If the match time limit is reached before a winner is determined, the player whose turn it is finishes "
    "their turn and five additional turns are played in total.",
    "This usually means that one player takes three turns and the other two, but a player taking extra turns "
    "may affect this.",
    "If the active player has already indicated that they would like to pass the turn when the time limit is "
    "reached, that is considered to be in the next turn.",
    "Team tournaments featuring multiple players playing together (such as Two-Headed Giant) use three turns "
    "instead of five.",
    "Once time is called, no new games should begin.",
    "If the game is incomplete at the end of additional turns, the game is considered a draw.",
    "If a judge assigned a time extension (because of a long ruling, deck check, or other reason) the "
    "end-of-match procedure does not begin until the end of the time extension.",
    "In single-elimination rounds, matches may not end in a draw.",
    "If all players have equal game wins at the end of additional turns, the player with the highest life "
    "total wins the current game.",
    "In the event all players have equal life totals (or are between games and the game wins are tied), the "
    "game/match continues with an additional state-based action: if a player does not have the highest life "
    "total, they lose the game.",
    "Two-Headed Giant teams are treated as a single player for determining a game winner.",
)
QUOTED = re.compile(r"“(?P<words>[^“”]+)” \(\[MTR 2\.4\]\(https://magic\.wizards\.com/en/rules\)\)")


def test_the_english_magic_page_quotes_wizards_words_where_it_has_them() -> None:
    path = DOCS / "en" / "mtg" / "end-of-match.md"
    lines = path.read_text(encoding="utf-8").splitlines()
    rules = [lines[n - 1] for n, line in enumerate(lines) if (m := ATTRIBUTE_LINE.match(line)) and ".rule" in m[2]]
    quoted = [m["words"] for text in rules if (m := QUOTED.fullmatch(text))]
    assert [w for w in quoted if w not in MTR_2_4] == [], "quoted as Wizards' words, but not their wording"
    assert [t for t in rules if t in MTR_2_4] == [], "Wizards' wording, given as this site's rendering"
    provenance = re.search(r'^provenance: "(.*)"$', path.read_text(encoding="utf-8"), re.M)[1]
    assert ("quoted in Wizards of the Coast's own words" in provenance) == bool(quoted)
