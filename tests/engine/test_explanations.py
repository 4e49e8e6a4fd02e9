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


@pytest.mark.parametrize("round_", ["swiss", "single-elimination"])
def test_yugioh_single_elimination_rulings_say_v2_5_top_cuts_are_untimed(round_: str) -> None:
    ruling = judge({"game": "yugioh", "round": round_, "games_won": [1, 1], "time_called": "between-games"}, "en")
    untimed = [step for step in ruling["explanation"] if "untimed" in step["text"]]
    assert len(untimed) == (1 if round_ == "single-elimination" else 0)
    assert untimed == [] or untimed[0]["rule"] == "ygo-policy-version-note"


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
        assert step["rule"] == "mtg-unfinished-game-draw" and "within the additional turns" in step["text"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_drawn_new_duel_is_sent_to_the_head_judge_and_says_why(lang: str) -> None:
    ruling = judge({"game": "yugioh", "round": "single-elimination", "games_won": [1, 1],
                    "time_called": "between-games", "tiebreak_game": {"winner": "draw", "during_turn": 2}}, lang)
    assert (ruling["match"]["result"], ruling["match"]["next"]) == ("undecided", "head-judge")
    assert ruling["explanation"][-1]["rule"] == "ygo-not-covered"
