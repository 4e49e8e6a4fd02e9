"""The turn tracker's state, derived from timestamped taps (DESIGN §3.6)."""

from __future__ import annotations

import pytest

from rules_engine import ScenarioError
from rules_engine.tracker import track

MINUTE = 60_000


def taps(game: str, *kinds: str | dict, **start: object) -> list[dict]:
    events = [{"type": "start", "game": game, "active_player": "A", "at": 0, **start}]
    for i, kind in enumerate(kinds, start=1):
        event = {"type": kind} if isinstance(kind, str) else dict(kind)
        events.append({**event, "at": i * MINUTE})
    return events


def test_mtg_time_call_starts_turn_zero_of_the_active_player() -> None:
    state = track(taps("mtg"))
    assert (state["turn"], state["player"], state["turns_left"], state["additional_turns"]) == (0, "A", 5, 5)


def test_mtg_each_tap_moves_to_the_next_turn_and_the_procedure_ends_after_five() -> None:
    states = [track(taps("mtg", *["next-turn"] * n)) for n in range(7)]
    assert [s["player"] for s in states[:6]] == ["A", "B", "A", "B", "A", "B"]
    assert [s["turns_left"] for s in states[:6]] == [5, 4, 3, 2, 1, 0]
    assert states[6]["finished"] and states[6]["turn"] is None


def test_mtg_an_extra_turn_counts_among_the_five() -> None:
    state = track(taps("mtg", "next-turn", {"type": "extra-turn", "player": "B", "after_turn": 1}, "next-turn"))
    assert (state["turn"], state["player"], state["extra"], state["turns_left"]) == (2, "B", True, 3)


def test_mtg_slow_play_adds_two_turns_only_before_the_first_additional_turn() -> None:
    before = track(taps("mtg", {"type": "slow-play", "player": "B"}))
    assert before["additional_turns"] == 7 and before["warnings"] == []
    during = track(taps("mtg", "next-turn", {"type": "slow-play", "player": "B"}))
    assert during["additional_turns"] == 5 and during["warnings"] == [{"player": "B", "turn": 1}]


def test_mtg_two_headed_giant_has_three_turns() -> None:
    assert track(taps("mtg", two_headed_giant=True))["additional_turns"] == 3


def test_mtg_passing_the_turn_already_indicated_makes_the_next_turn_turn_zero() -> None:
    assert track(taps("mtg", turn_pass_announced=True))["player"] == "B"


def test_grand_archive_clock_starts_when_turn_zero_ends() -> None:
    state = track(taps("grand-archive", "next-turn"), now=3 * MINUTE)
    assert state["clock"]["started_at"] == MINUTE and state["clock"]["remaining_ms"] == 3 * MINUTE
    assert not state["clock"]["expired"] and state["turn"] == 1


def test_grand_archive_clock_running_out_mid_turn_ends_the_overtime() -> None:
    state = track(taps("grand-archive", "next-turn", "next-turn"), now=7 * MINUTE)
    assert state["clock"]["expired"] and state["clock"]["expired_during_turn"] == 2
    assert state["next"] == "finish-combat-and-stack" and not state["finished"]
    done = track(taps("grand-archive", "next-turn", "next-turn", "overtime-ended"), now=9 * MINUTE)
    assert done["finished"] and done["next"] is None


def test_grand_archive_three_turns_before_the_clock() -> None:
    state = track(taps("grand-archive", *["next-turn"] * 4), now=5 * MINUTE)
    assert state["finished"] and not state["clock"]["expired"]


@pytest.mark.parametrize("game", ["mtg", "grand-archive"])
def test_single_elimination_tracks_the_turns_without_the_facts_of_a_result(game: str) -> None:
    swiss = track(taps(game, "next-turn"), now=2 * MINUTE)
    single = track(taps(game, "next-turn", round="single-elimination"), now=2 * MINUTE)
    assert single["plan"] == swiss["plan"] and single["turn"] == swiss["turn"] == 1
    assert single["scenario"]["round"] == "single-elimination"


@pytest.mark.parametrize("game", ["mtg", "grand-archive"])
def test_the_explanation_speaks_of_turns_not_of_results_the_tracker_cannot_know(game: str) -> None:
    state = track(taps(game, *["next-turn"] * 6), now=20 * MINUTE)
    rules = {step["rule"] for step in state["explanation"]}
    assert state["finished"] and rules and not rules & {
        "mtg-unfinished-game-draw", "mtg-match-result-note", "ga-unfinished-game-draw", "ga-match-result"}


@pytest.mark.parametrize("events", [
    [], [{"type": "next-turn", "at": 0}], [{"type": "start", "game": "yugioh", "at": 0}],
    [{"type": "start", "game": "mtg", "active_player": "A", "at": 5}, {"type": "next-turn", "at": 1}],
    [{"type": "start", "game": "mtg", "active_player": "A", "at": 0}, {"type": "bogus", "at": 1}],
])
def test_bad_event_lists_are_refused_with_a_message(events: list) -> None:
    with pytest.raises(ScenarioError) as caught:
        track(events, "fr")
    assert caught.value.message
