"""The editions a ruling can rest on: every Magic edition from 23 July 2021, none before a game's
oldest edition (or, for Grand Archive's undated rules, before the game existed), and inputs that
could count one extra turn twice said plainly.

The Magic editions' End-of-Match text was compared word by word with the copies of the MTR in the
history of the MTG Familiar app (RULES-FACTS.md, Magic): the same procedure throughout, section 2.5
until 13 November 2023 and 2.4 since, with the paragraph keeping players at the table added then.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest

from rules_engine import LANGUAGES, ScenarioError, judge
from rules_engine.editions import EDITIONS, day_before, earliest_date, editions_of, in_force_on, long_date, newest
from rules_engine.i18n import translate
from rules_engine.rule_ids import GAMES

BETWEEN_GAMES: dict[str, Any] = {"round": "swiss", "games_won": [1, 0], "time_called": "between-games"}
MTR_DATES = ("2021-07-23", "2021-09-24", "2022-01-25", "2022-03-07", "2023-11-13", "2023-12-04", "2024-08-26",
             "2024-09-23", "2024-12-16", "2025-11-10")


def test_magic_holds_every_mtr_edition_from_23_july_2021_each_replaced_by_the_next() -> None:
    held = editions_of("mtg")
    assert tuple(e.effective for e in held) == MTR_DATES
    assert [e.replaced for e in held] == [*MTR_DATES[1:], None]
    assert newest("mtg").id == "2025-11-10"
    for e in held:
        section = "2.5" if e.effective < "2023-11-13" else "2.4"  # type: ignore[operator]
        assert f"section {section}" in e.rules_version and f"section {section}" in e.document, e.id
        # What each edition changed, never what the procedure held before it (en-fr D7).
        assert "not changes made by this one" not in e.changes and "Current edition" not in e.changes
    first_24 = next(e for e in held if e.effective == "2023-11-13")
    assert "may not leave the table" in first_24.changes and "section 2.4" in first_24.changes


@pytest.mark.parametrize("day", MTR_DATES)
def test_an_event_on_each_magic_editions_first_and_last_day_is_ruled_under_it_and_says_so(day: str) -> None:
    e = in_force_on("mtg", day)
    assert e is not None and e.effective == day
    for on in (day, day_before(e.replaced) if e.replaced else "2026-01-01"):
        ruling = judge({"game": "mtg", "event_date": on, **BETWEEN_GAMES})
        assert ruling["edition"]["id"] == day, on
        assert ruling["rules_version"] == translate("en", e.rules_version)
        said = " ".join(step["text"] for step in ruling["explanation"] if step["rule"] == "mtg-edition")
        assert translate("en", e.title) in said
        if e.replaced:  # the section it had, and the edition that replaced it (not the newest)
            section = "2.5" if day < "2023-11-13" else "2.4"
            assert f"section {section} of the Magic Tournament Rules" in said
            assert ("no paragraph keeping players at the table" in said) == (section == "2.5")
            following = editions_of("mtg")[editions_of("mtg").index(e) + 1]
            assert translate("en", following.title) in said


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_an_event_before_a_games_oldest_edition_is_refused_naming_the_first_day(game: str, lang: str) -> None:
    first = earliest_date(game)  # type: ignore[arg-type]
    assert first is not None, game  # every game's rules have a first day (Grand Archive: the game's release)
    ruling = judge({"game": game, "event_date": first, **BETWEEN_GAMES}, lang)
    assert ruling["edition"]["id"] == editions_of(game)[0].id  # type: ignore[arg-type]
    for day in (day_before(first), "1999-01-01"):
        with pytest.raises(ScenarioError) as caught:
            judge({"game": game, "event_date": day, **BETWEEN_GAMES}, lang)
        assert (caught.value.code, caught.value.field) == ("out-of-range", "/event_date")
        assert not caught.value.message.startswith("/"), caught.value.message
        assert long_date(lang, day) in caught.value.message
        if game == "grand-archive":  # why: the game did not exist yet (en-fr A5: a 1999 event was ruled)
            assert "2023" in caught.value.message
        else:
            assert long_date(lang, first) in caught.value.message


def test_grand_archive_chosen_edition_is_refused_before_the_game_existed_too() -> None:
    with pytest.raises(ScenarioError) as caught:
        judge({"game": "grand-archive", "edition": "online", "event_date": "2022-06-01", **BETWEEN_GAMES})
    assert (caught.value.code, caught.value.field) == ("out-of-range", "/event_date")


PENDING_AND_CREATED = {"game": "mtg", "round": "swiss", "games_won": [0, 0], "time_called": "during-game",
                       "active_player": "A", "next_turn_player": "A", "extra_turns": [{"player": "A", "after_turn": 0}]}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("passed", [False, True])
def test_an_extra_turn_pending_and_one_created_in_turn_zero_are_said_to_be_two(lang: str, passed: bool) -> None:
    # en-fr A4: one Time Warp entered both as "who takes the next turn" and as an extra turn created in turn 0
    # gave two extra turns, said only after the fact. Both can be true: the ruling says it counts two.
    scenario = {**PENDING_AND_CREATED, "turn_pass_announced": passed}
    ruling = judge(scenario, lang)
    two = translate(lang, "This ruling counts two extra turns for {player}: the one pending when time was called (who takes the next turn) and one created in turn 0 (the extra turns list). If they are one and the same extra turn, enter it once: under who takes the next turn if it was pending when time was called, in the list if it was created after.", player="A")
    assert two in [step["text"] for step in ruling["explanation"]]
    assert sum(1 for turn in ruling["turns"] if turn["extra"]) == 2
    # Neither alone says it.
    for alone in ({**scenario, "extra_turns": []}, {**scenario, "next_turn_player": "B"}):
        assert two not in [step["text"] for step in judge(alone, lang)["explanation"]]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_form_says_where_a_pending_extra_turn_is_entered(lang: str) -> None:
    from rules_engine.contract.fields import form_fields

    fields = {f["path"]: f for f in form_fields("mtg", lang)}
    en = {f["path"]: f for f in form_fields("mtg", "en")}
    assert "entered here only" in en["/next_turn_player"]["help"]
    assert "already pending then is not entered here" in en["/extra_turns"]["help"]
    # translated, not left in English
    assert fields["/next_turn_player"]["help"] and fields["/extra_turns"]["help"]
    if lang != "en":
        assert fields["/next_turn_player"]["help"] != en["/next_turn_player"]["help"]
        assert fields["/extra_turns"]["help"] != en["/extra_turns"]["help"]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_edition_fields_help_is_one_plain_sentence(game: str, lang: str) -> None:
    # en-fr D1: « Laissé vide : l'édition en vigueur… ou, sans date, l'édition la plus récente : les règles en
    # vigueur aujourd'hui. »: two colons in one sentence, and a participle where other help texts say « Laissez vide ».
    from rules_engine.contract.fields import form_fields

    fields = form_fields(game, lang)  # type: ignore[arg-type]
    edition_help = next(f["help"] for f in fields if f["path"] == "/edition")
    assert edition_help.count(":") + edition_help.count("：") == 0, edition_help
    if lang == "fr":
        assert edition_help.startswith("Laissez vide")
        assert not [f["help"] for f in fields if f["help"].startswith("Laissé")]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_name_said_to_carry_its_start_date_carries_it_in_every_language(lang: str) -> None:
    """An edition whose English name says the day it took effect is not dated again in a ruling or a page
    (Edition.names_its_start reads the English msgid): each translation must say that day too, or the
    reader would be told neither."""
    for edition in EDITIONS:
        for name in (edition.title, edition.short):
            if edition.names_its_start(name):
                assert long_date(lang, edition.effective) in translate(lang, name), (lang, edition.id, name)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_dated_ruling_says_the_start_of_an_edition_whose_name_carries_it_once(lang: str) -> None:
    """mtg-edition, lorcana-edition: "the rules in force that day are Magic Tournament Rules of 7 March 2022" and
    no ", in force since 7 March 2022" after it (pt-ja D1: the date twice in a dated ruling's edition step)."""
    checked = 0
    for edition in EDITIONS:
        if not (edition.names_its_start(edition.title) and not edition.regional):
            continue
        day_after = (date.fromisoformat(edition.effective) + timedelta(days=1)).isoformat()  # not the start date itself
        scenario: dict[str, Any] = {"game": edition.game, **BETWEEN_GAMES, "event_date": day_after}
        if edition.region:
            scenario["region"] = edition.region
        ruling = judge(scenario, lang)
        text = " ".join(step["text"] for step in ruling["explanation"] if step["rule"].endswith("-edition"))
        assert text.count(long_date(lang, edition.effective)) == 1, (lang, edition.id, text)
        checked += 1
    assert checked >= 5
