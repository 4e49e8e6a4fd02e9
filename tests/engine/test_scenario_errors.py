"""Bad input: a clear error naming the field (DESIGN §3.2), never a traceback or a silent default."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules_engine import ScenarioError, judge, judge_json

BASE: dict[str, Any] = {"game": "yugioh", "round": "swiss", "games_won": [0, 0], "time_called": "during-game",
                        "active_player": "A", "current_game": {"life": [8000, 7000]}}


def error_of(scenario: Any, lang: str = "en") -> tuple[str, str]:
    with pytest.raises(ScenarioError) as caught:
        judge(scenario, lang)
    assert caught.value.message
    return caught.value.code, caught.value.field


@pytest.mark.parametrize("change, code, field", [
    ({"colour": "blue"}, "unknown-key", "/colour"),
    ({"version": 2}, "unsupported-version", "/version"),
    ({"game": "poker"}, "invalid-value", "/game"),
    ({"best_of": True}, "wrong-type", "/best_of"),
    ({"best_of": "3"}, "wrong-type", "/best_of"),
    ({"best_of": 4}, "invalid-value", "/best_of"),
    ({"games_won": [0, True]}, "wrong-type", "/games_won/1"),
    ({"games_won": [0]}, "wrong-type", "/games_won"),
    ({"games_won": [2, 0]}, "impossible-state", "/games_won/0"),
    ({"games_drawn": float("nan")}, "not-finite", "/games_drawn"),
    ({"games_drawn": -1}, "out-of-range", "/games_drawn"),
    ({"extra_turns": [{"player": "A", "after_turn": 1}]}, "not-applicable", "/extra_turns"),
    ({"current_game": {"life": [8000, float("inf")]}}, "not-finite", "/current_game/life/1"),
    ({"current_game": {"lifepoints": [1, 2]}}, "unknown-key", "/current_game/lifepoints"),
    ({"current_game": {}}, "missing-field", "/current_game/life"),
    ({"current_game": []}, "not-an-object", "/current_game"),
    ({"tiebreak_game": {"winner": "A"}}, "not-applicable", "/tiebreak_game"),
    ({"round": None}, "missing-field", "/round"),
])
def test_errors_name_the_field(change: dict[str, Any], code: str, field: str) -> None:
    assert error_of(BASE | change) == (code, field)


def test_a_key_for_another_moment_is_not_applicable() -> None:
    assert error_of(BASE | {"time_called": "between-games"}) == ("not-applicable", "/active_player")


def test_a_scenario_must_be_an_object() -> None:
    assert error_of([BASE]) == ("not-an-object", "")


def test_oversized_and_too_deep_input_is_refused_before_parsing() -> None:
    assert json.loads(judge_json(" " * 20000 + "{}"))["error"]["code"] == "too-large"
    assert json.loads(judge_json("[" * 10000))["error"]["code"] == "too-deep"
    nested: Any = {}
    for _ in range(9):
        nested = {"x": nested}
    assert error_of(nested) == ("too-deep", "")


def test_duplicate_keys_are_invalid_json() -> None:
    assert json.loads(judge_json('{"game": "mtg", "game": "yugioh"}'))["error"]["code"] == "invalid-json"


def test_error_messages_are_translated() -> None:
    messages = set()
    for lang in ("en", "fr", "pt", "ja"):
        with pytest.raises(ScenarioError) as caught:
            judge(BASE | {"best_of": True}, lang)
        assert "/best_of" in caught.value.message
        messages.add(caught.value.message)
    assert len(messages) == 4


def test_an_unsupported_language_is_a_programming_error() -> None:
    with pytest.raises(ValueError):
        judge(BASE, "de")
