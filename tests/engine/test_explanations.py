"""A ruling never says two contradicting things, and says what a newer policy changed."""

from __future__ import annotations

import pytest

from rules_engine import judge
from rules_engine.i18n import LANGUAGES


@pytest.mark.parametrize("lang", LANGUAGES)
def test_single_elimination_between_games_with_equal_wins_says_only_that_a_new_game_is_played(lang: str) -> None:
    # mtg-no-new-game ("no new game begins") against mtg-sudden-death ("a new game is played").
    ruling = judge({"game": "mtg", "round": "single-elimination", "games_won": [1, 1],
                    "time_called": "between-games"}, lang)
    cited = [step["rule"] for step in ruling["explanation"]]
    assert "mtg-sudden-death" in cited and "mtg-no-new-game" not in cited
    assert ruling["match"]["next"] == "sudden-death"


def test_between_games_with_a_leader_still_says_no_new_game_begins() -> None:
    ruling = judge({"game": "mtg", "round": "single-elimination", "games_won": [1, 0],
                    "time_called": "between-games"}, "en")
    assert "mtg-no-new-game" in [step["rule"] for step in ruling["explanation"]]


@pytest.mark.parametrize("edition", ["2.3", "2.5"])
def test_a_yugioh_ruling_under_v2_3_says_it_is_not_the_current_procedure(edition: str) -> None:
    """ygo-edition: a replaced edition is never presented as the rules in force."""
    ruling = judge({"game": "yugioh", "edition": edition, "round": "swiss", "games_won": [1, 1],
                    "time_called": "between-games"}, "en")
    replaced = [step for step in ruling["explanation"] if "not the current procedure" in step["text"]]
    assert len(replaced) == (edition == "2.3") and all(step["rule"] == "ygo-edition" for step in replaced)
    assert ruling["edition"]["replaced"] == ("2025-09-05" if edition == "2.3" else None)


def test_yugioh_v2_5_single_elimination_says_top_cuts_are_untimed_and_calls_the_head_judge() -> None:
    ruling = judge({"game": "yugioh", "round": "single-elimination", "games_won": [1, 1],
                    "time_called": "between-games"}, "en")
    # after the edition and the region (none given: the TCG Policy, not Konami Japan's OCG rules), then where
    # v2.5 is known to be in force (North America, Latin America and Europe), and when to choose v2.3
    assert [s["rule"] for s in ruling["explanation"]][:2] == ["ygo-edition", "ygo-tcg-not-ocg-note"]
    assert [s["rule"] for s in ruling["explanation"]][2:] == ["ygo-v2-5-top-cut-untimed", "ygo-v2-5-not-known", "ygo-v2-5-not-known"]
    assert ruling["match"]["next"] == "head-judge"


@pytest.mark.parametrize("games_won", [[1, 1], [1, 0]])
def test_a_magic_win_without_its_turn_claims_a_moment_only_where_it_is_certain(games_won: list[int]) -> None:
    # With equal wins in single elimination, a win whose turn and life totals are not given may
    # have come in the sudden-death play after the additional turns (mtg-sudden-death).
    ruling = judge({"game": "mtg", "round": "single-elimination", "games_won": games_won,
                    "time_called": "during-game", "active_player": "A", "current_game": {"winner": "B"}}, "en")
    step = next(s for s in ruling["explanation"] if "won the game" in s["text"])
    if games_won[0] == games_won[1]:
        assert step["rule"] == "mtg-sudden-death" and "sudden-death play" in step["text"]
    else:
        assert step["rule"] == "mtg-unfinished-game-draw" and "by the end of the additional turns" in step["text"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_drawn_new_duel_is_sent_to_the_head_judge_and_says_why(lang: str) -> None:
    ruling = judge({"game": "yugioh", "edition": "2.3", "round": "single-elimination", "games_won": [1, 1],
                    "time_called": "between-games", "tiebreak_game": {"winner": "draw", "during_turn": 2}}, lang)
    assert (ruling["match"]["result"], ruling["match"]["next"]) == ("undecided", "head-judge")
    assert ruling["explanation"][-1]["rule"] == "ygo-not-covered"


MTG_DURING = {"game": "mtg", "round": "swiss", "games_won": [0, 0], "time_called": "during-game", "active_player": "A"}


def texts(scenario: dict, lang: str = "en") -> list[str]:
    return [step["text"] for step in judge(scenario, lang)["explanation"]]


def test_mtg_slow_play_note_words_the_upgrade_as_ipg_3_does() -> None:
    # F7: IPG 3 upgrades a Warning for an offense in the same category, not any Tournament Error Warning.
    said = texts(MTG_DURING | {"rel": "competitive", "slow_play_penalties": [{"player": "B"}]})
    assert any("a Warning for an offense in the same category that day gets a Game Loss" in t for t in said)
    assert not any("Tournament Error" in t for t in said)


def test_mtg_a_game_loss_states_that_it_is_taken_as_given_in_the_game_in_progress() -> None:
    # F2: the scenario cannot say in which game the upgrade happened: the ruling states its assumption.
    said = texts(MTG_DURING | {"rel": "competitive", "slow_play_penalties": [{"player": "B"}, {"player": "B"}],
                               "current_game": {"winner": "A"}})
    assert any("which A wins" in t and "takes it as given in this game" in t for t in said)
    assert not any("did not end within the certain additional turns" in t for t in said)


def test_mtg_turn_zero_slow_play_penalty_is_this_sites_reading_never_before_the_procedure() -> None:
    # F18: a penalty after time was called, during turn 0, is inside the procedure.
    said = texts(MTG_DURING | {"rel": "competitive", "slow_play_penalties": [{"player": "B"}]})
    assert any("during turn 0" in t and "this site's reading" in t for t in said)
    assert not any("before the procedure" in t for t in said)


@pytest.mark.parametrize("game", ["mtg", "grand-archive"])
def test_a_time_extension_ruling_is_for_the_moment_the_extension_ends(game: str) -> None:
    # F8: the facts given are those of the end of the extension.
    said = texts({"game": game, "round": "swiss", "games_won": [1, 0], "time_called": "between-games",
                  "time_extension_minutes": 5})
    assert any("for the moment the extension ends" in t and "whose turn it was" in t for t in said)


@pytest.mark.parametrize("value, shown", [(2.5, "2.5-minute"), (2.75, "2.75-minute"), (4.999999999999999, "5-minute"), (1e-7, "0-minute")])
def test_minutes_are_printed_as_a_clock_shows_them(value: float, shown: str) -> None:
    # F17: never "1e-07" or "4.999999999999999"; pt-ja (reading 12): a decimal, not "2:30 minutes".
    said = " ".join(texts({"game": "grand-archive", "round": "swiss", "games_won": [1, 0],
                           "time_called": "between-games", "time_extension_minutes": value}))
    assert shown in said and "e-0" not in said and "99999" not in said


def test_grand_archive_result_while_combat_is_finished_stands_only_if_nobody_wins() -> None:
    # F9: the combat and the stack are still to be finished.
    ruling = judge({"game": "grand-archive", "round": "swiss", "games_won": [1, 0], "time_called": "during-game",
                    "active_player": "A", "clock_expired_during_turn": 2}, "en")
    assert ruling["match"]["next"] == "finish-combat-and-stack"
    assert "stand only if nobody wins while the combat" in ruling["explanation"][-1]["text"]


def test_mtg_pending_extra_turn_sentence_agrees_with_the_turn_list() -> None:
    # F10: with the turn passed, the pending extra turn is turn 0; otherwise an extra turn created in
    # turn 0 comes before it (CR 500.7).
    said = texts(MTG_DURING | {"turn_pass_announced": True, "next_turn_player": "A"})
    assert any("that extra turn is turn 0" in t for t in said) and not any("taken next" in t for t in said)
    ruling = judge(MTG_DURING | {"next_turn_player": "A", "extra_turns": [{"player": "A", "after_turn": 0}]}, "en")
    assert [t["extra"] for t in ruling["turns"][:3]] == [False, True, True]
    assert any("after any extra turn created during turn 0" in s["text"] for s in ruling["explanation"])


def test_yugioh_win_after_equal_life_points_does_not_assert_how() -> None:
    # F11: the win may have come at the end of the turn, in the turn-by-turn play, or by a win condition.
    said = texts({"game": "yugioh", "edition": "2.3", "round": "single-elimination", "games_won": [0, 0], "time_called": "during-game",
                  "active_player": "A", "current_game": {"life": [4000, 4000], "winner": "A"}})
    assert any("or by a win condition" in t for t in said)
    assert not any("had more Life Points at the end of a turn" in t for t in said)


@pytest.mark.parametrize("lang, shown", [("fr", "2,5"), ("pt", "2,5"), ("ja", "2.5分")])
def test_a_fraction_of_a_minute_is_written_with_the_languages_decimal_separator(lang: str, shown: str) -> None:
    ruling = judge({"game": "mtg", "round": "swiss", "games_won": [0, 0], "time_called": "during-game",
                    "active_player": "A", "time_extension_minutes": 2.5}, lang)
    said = ruling["summary"] + " ".join(step["text"] for step in ruling["explanation"])
    assert shown in said and "2:30" not in said
