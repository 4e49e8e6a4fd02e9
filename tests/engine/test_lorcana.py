"""Disney Lorcana TCG: the turn plans of each region and edition, and the refusals that only
Lorcana's facts bring (a region, an edition of another region, lore, a best of two), each in its
own words in the four languages, naming its field.

- Worldwide (Ravensburger's Tournament Rules): turn 0, then five turns; seven with a Slow Play
  penalty given before time was called (this site's reading: two added to the five).
- Japan (Takara Tomy's rules): turn 0, then one turn; three with such a penalty.
"""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from rules_engine import LANGUAGES, ScenarioError, judge
from rules_engine.contract.fields import field_name
from rules_engine.editions import editions_of

BASE: dict[str, Any] = {"game": "lorcana", "round": "swiss", "games_won": [0, 0], "time_called": "during-game",
                        "active_player": "A"}
OTHER = {"A": "B", "B": "A"}

# --- The turn plans --------------------------------------------------------------------------------

WORLDWIDE = [e.id for e in editions_of("lorcana", None)]
JAPAN = [e.id for e in editions_of("lorcana", "japan")]
PLANS = [(edition, region, penalty, turns)
         for region, editions, base in ((None, WORLDWIDE, 5), ("japan", JAPAN, 1))
         for edition in editions
         for penalty, turns in ((None, base), ("before", base + 2), ("after", base))]


def alternating(first: str, count: int) -> list[dict[str, Any]]:
    """Turn 0 to turn ``count``: the active player's, then every turn in turn, whoever takes it."""
    return [{"number": n, "player": first if n % 2 == 0 else OTHER[first], "extra": False} for n in range(count + 1)]


@pytest.mark.parametrize("active", ["A", "B"])
@pytest.mark.parametrize("edition, region, penalty, count", PLANS,
                         ids=[f"{e}-{r or 'worldwide'}-{p or 'no-penalty'}" for e, r, p, _ in PLANS])
def test_the_turn_plan_of_each_region_and_edition(edition: str, region: str | None, penalty: str | None,
                                                   count: int, active: str) -> None:
    scenario = {**BASE, "edition": edition, "active_player": active}
    if region is not None:
        scenario["region"] = region
    if penalty is not None:
        scenario["slow_play_penalties"] = [{"player": OTHER[active], "during_additional_turns": penalty == "after"}]
    ruling = judge(scenario)
    assert ruling["edition"]["id"] == edition
    assert ruling["additional_turns"] == count
    assert ruling["turns"] == alternating(active, count)


@pytest.mark.parametrize("region, count", [(None, 5), ("japan", 1)])
def test_the_newest_rules_of_each_region_by_default(region: str | None, count: int) -> None:
    scenario = {**BASE} if region is None else {**BASE, "region": region}
    ruling = judge(scenario)
    assert ruling["edition"]["id"] == editions_of("lorcana", region)[-1].id
    assert ruling["additional_turns"] == count


def test_five_turns_worldwide_two_for_the_active_player_three_for_the_other() -> None:
    turns = judge(BASE)["turns"][1:]
    assert [t["player"] for t in turns].count("A") == 2 and [t["player"] for t in turns].count("B") == 3


@pytest.mark.parametrize("region, count", [(None, 7), ("japan", 3)])
def test_a_slow_play_penalty_adds_two_turns_in_single_elimination_too(region: str | None, count: int) -> None:
    scenario = {**BASE, "round": "single-elimination", "games_won": [1, 1], "slow_play_penalties": [{"player": "B"}]}
    if region is not None:
        scenario["region"] = region
    ruling = judge(scenario)
    assert ruling["additional_turns"] == count and len(ruling["turns"]) == count + 1


@pytest.mark.parametrize("region", [None, "japan"])
def test_two_slow_play_penalties_send_the_players_to_the_head_judge(region: str | None) -> None:
    for penalties in ([{"player": "A"}, {"player": "B"}], [{"player": "B"}, {"player": "B"}]):
        scenario = {**BASE, "slow_play_penalties": penalties}
        if region is not None:
            scenario["region"] = region
        ruling = judge(scenario)
        assert ruling["turns"] == [] and ruling["match"]["next"] == "head-judge"


# --- The refusals ---------------------------------------------------------------------------------

# name: (scenario, code, field). Each is Lorcana's own: a region, an edition of another region, lore
# below 0 or where nothing reads it, its keys in another game and theirs in it, a best of two.
REFUSALS: dict[str, tuple[dict[str, Any], str, str]] = {
    "unknown region": ({**BASE, "region": "usa"}, "invalid-value", "/region"),
    "region not a string": ({**BASE, "region": 81}, "wrong-type", "/region"),
    "region in a Magic scenario": ({**BASE, "game": "mtg", "region": "japan"}, "not-applicable", "/region"),
    "region in a Grand Archive scenario": ({**BASE, "game": "grand-archive", "region": "japan"}, "not-applicable", "/region"),
    "worldwide edition with region Japan": ({**BASE, "region": "japan", "edition": "2026-07-14"}, "impossible-state", "/edition"),
    "Japanese edition with another region": ({**BASE, "region": "usa", "edition": "japan-2026-02-12"}, "invalid-value", "/region"),
    "event before Japan's first edition": ({**BASE, "region": "japan", "event_date": "2025-01-24"}, "out-of-range", "/event_date"),
    "lore below 0": ({**BASE, "round": "single-elimination", "current_game": {"lore": [3, -1]}}, "out-of-range", "/current_game/lore/1"),
    "lore past its bound": ({**BASE, "round": "single-elimination", "current_game": {"lore": [1000, 4]}}, "out-of-range", "/current_game/lore/0"),
    "lore in Swiss": ({**BASE, "current_game": {"lore": [4, 9]}}, "not-applicable", "/current_game/lore"),
    "lore with a leader at the time call": ({**BASE, "round": "single-elimination", "games_won": [1, 0],
                                             "current_game": {"lore": [4, 9]}}, "not-applicable", "/current_game/lore"),
    "lore with a result given": ({**BASE, "round": "single-elimination", "current_game": {"winner": "A", "during_turn": 2, "lore": [4, 9]}},
                                 "not-applicable", "/current_game/lore"),
    # No turn given: the win is taken as won in the play after equal lore, which unequal lore rules out (en-fr A1).
    "unequal lore with a win given no turn": ({**BASE, "round": "single-elimination", "current_game": {"winner": "A", "lore": [4, 9]}},
                                              "impossible-state", "/current_game/lore"),
    "lore with the turn's end declared": ({**BASE, "round": "single-elimination", "turn_pass_announced": True,
                                           "current_game": {"lore": [4, 9]}}, "not-applicable", "/current_game/lore"),
    "lore with a leader in Japan": ({**BASE, "region": "japan", "round": "single-elimination", "games_won": [0, 1],
                                     "current_game": {"lore": [4, 9]}}, "not-applicable", "/current_game/lore"),
    "lore in a Magic scenario": ({**BASE, "game": "mtg", "round": "single-elimination", "current_game": {"lore": [4, 9]}},
                                 "not-applicable", "/current_game/lore"),
    "lore in a Yu-Gi-Oh! scenario": ({**BASE, "game": "yugioh", "edition": "2.3", "current_game": {"lore": [4, 9]}},
                                     "not-applicable", "/current_game/lore"),
    "Slow Play in a Grand Archive scenario": ({**BASE, "game": "grand-archive", "slow_play_penalties": [{"player": "A"}]},
                                              "not-applicable", "/slow_play_penalties"),
    "Magic's REL in a Lorcana scenario": ({**BASE, "rel": "competitive"}, "not-applicable", "/rel"),
    "Magic's extra turns in a Lorcana scenario": ({**BASE, "extra_turns": [{"player": "A", "after_turn": 2}]},
                                                  "not-applicable", "/extra_turns"),
    "Grand Archive's clock in a Lorcana scenario": ({**BASE, "clock_expired_during_turn": 2}, "not-applicable",
                                                    "/clock_expired_during_turn"),
    "Yu-Gi-Oh!'s Side Deck in a Lorcana scenario": ({**BASE, "side_deck_accessed": True}, "not-applicable",
                                                    "/side_deck_accessed"),
    "life totals in a Lorcana scenario": ({**BASE, "round": "single-elimination", "current_game": {"life": [20, 15]}},
                                          "not-applicable", "/current_game/life"),
    "best of two under 14 July 2026": ({**BASE, "best_of": 2}, "invalid-value", "/best_of"),
    "best of two in Japan from 12 February 2026": ({**BASE, "region": "japan", "best_of": 2}, "invalid-value", "/best_of"),
    "best of two in single elimination on 22 May 2024": ({**BASE, "edition": "2024-05-22", "round": "single-elimination",
                                                          "best_of": 2}, "invalid-value", "/best_of"),
    "best of two with both games played": ({**{k: v for k, v in BASE.items() if k != "active_player"},
                                            "edition": "2024-05-22", "best_of": 2, "games_won": [1, 0], "games_drawn": 1,
                                            "time_called": "between-games"}, "impossible-state", "/games_won"),
}


def refusal(scenario: dict[str, Any], lang: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as raised:
        judge(copy.deepcopy(scenario), lang)
    return raised.value


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_each_refusal_names_its_field_in_its_own_translated_words(name: str, lang: str) -> None:
    scenario, code, field = REFUSALS[name]
    error = refusal(scenario, lang)
    assert (error.code, error.field) == (code, field), (error.code, error.field, error.message)
    # The message opens with the field as the form names it in this language, its pointer included.
    named = field_name(lang, field, scenario["game"])
    assert error.message.startswith(named), (named, error.message)
    assert field in error.message
    assert not re.search(r"\{\w+\}", error.message), error.message  # no placeholder left
    if lang != "en":
        english = refusal(scenario, "en").message
        assert error.message != english, error.message
        # The English words of the message are not left in it (a game's or an edition's name may be).
        sentence = english.split(": ", 1)[1] if ": " in english else english
        assert sentence not in error.message, error.message


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lore_refusals_say_each_why_in_its_own_words(lang: str) -> None:
    """Lore where nothing reads it is refused for its reason: Swiss, a leader at the time call, a result
    given, the head judge first, a leader in Japan: five messages, all different."""
    names = [name for name in REFUSALS if name.startswith("lore ") and "scenario" not in name
             and REFUSALS[name][1] == "not-applicable"]
    messages = {refusal(REFUSALS[name][0], lang).message for name in names}
    assert len(names) == 5 and len(messages) == len(names), messages


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_regions_refusals_name_the_region_held(lang: str) -> None:
    error = refusal(REFUSALS["unknown region"][0], lang)
    assert '"japan"' in error.message
    # An edition of another region names both fields: the edition and the region given.
    error = refusal(REFUSALS["worldwide edition with region Japan"][0], lang)
    assert "/region" in error.message and "2026-07-14" in error.message


# How each language names the two games (their choice labels).
LORCANA = {"en": "Disney Lorcana", "fr": "Disney Lorcana TCG", "pt": "Disney Lorcana TCG", "ja": "ディズニー・ロルカナ・TCG"}
MAGIC = {"en": "Magic: The Gathering", "fr": "Magic: The Gathering", "pt": "Magic: The Gathering", "ja": "マジック：ザ・ギャザリング"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_another_games_key_names_the_game_that_asks_it(lang: str) -> None:
    error = refusal(REFUSALS["lore in a Magic scenario"][0], lang)
    assert LORCANA[lang] in error.message and MAGIC[lang] in error.message, error.message
    error = refusal(REFUSALS["Magic's REL in a Lorcana scenario"][0], lang)
    assert LORCANA[lang] in error.message and MAGIC[lang] in error.message, error.message


def test_lore_of_twenty_or_more_with_no_winner_is_not_refused() -> None:
    # Card effects can change the lore a player needs to win: 20 and more with no winner is a fact.
    ruling = judge({**BASE, "round": "single-elimination", "current_game": {"lore": [22, 25]}})
    assert ruling["match"]["result"] == "B" and ruling["match"]["decided_by"] == "lore"


@pytest.mark.parametrize("edition, region", [("2023-10-03", None), ("2024-05-22", None), (JAPAN[-1], "japan")])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_unequal_lore_sent_to_the_head_judge_states_no_reading_of_a_game_won_on_lore(edition: str, region: str | None,
                                                                                     lang: str) -> None:
    """lorcana-se-lore-lead, lorcana-2024-single-elimination, lorcana-japan-se-lore-lead: these editions cover equal
    lore only; with unequal lore no game is won on lore, so the reading that such a game also wins the match
    (said where lore is equal) is not said: it would suggest the site gives the match on lore (pt-ja A3)."""
    scenario = {**BASE, "edition": edition, "round": "single-elimination", "games_won": [1, 1],
                "additional_turns_played": True, "current_game": {"lore": [9, 11]}}
    if region:
        scenario["region"] = region
    unequal = judge(scenario, lang)
    equal = judge({**scenario, "current_game": {"lore": [9, 9]}}, lang)
    assert unequal["match"]["next"] == "head-judge" and equal["match"]["next"] == "lore-lead"
    reading = next(step["text"] for step in equal["explanation"] if step["rule"] in (
        "lorcana-se-lore-lead", "lorcana-2024-single-elimination", "lorcana-japan-se-lore-lead"))
    said = lambda ruling: ruling["summary"] + " ".join(step["text"] for step in ruling["explanation"])  # noqa: E731
    clause = re.split(r"[(（]", reading)[-1][:12]  # the opening words of the reading's parenthesis
    assert clause in said(equal) and clause not in said(unequal), (lang, clause)
