"""The turn tracker's state, derived from timestamped taps (DESIGN §3.6)."""

from __future__ import annotations

import re

import pytest

from rules_engine import ScenarioError
from rules_engine.trackers.turns import track

MINUTE = 60_000


def taps(game: str, *kinds: str | dict, **start: object) -> list[dict]:
    """A start and its taps; Yu-Gi-Oh!'s taps are the three-rule procedure's (v2.3) unless an edition is given."""
    edition = {"edition": "2.3"} if game == "yugioh" and "event_date" not in start else {}
    events = [{"type": "start", "game": game, "active_player": "A", "at": 0, **edition, **start}]
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


def test_the_tracker_s_grand_archive_clock_says_nothing_of_results_it_cannot_know() -> None:
    from rules_engine.games.grand_archive import PROVISIONAL_RESULTS
    from rules_engine.i18n import translate
    state = track(taps("grand-archive", "next-turn", "next-turn", round="single-elimination"), now=7 * MINUTE)
    assert state["next"] == "finish-combat-and-stack"
    assert translate("en", PROVISIONAL_RESULTS) not in [step["text"] for step in state["explanation"]]


@pytest.mark.parametrize("events", [
    [], [{"type": "next-turn", "at": 0}], [{"type": "start", "game": "poker", "at": 0}],
    [{"type": "start", "game": "mtg", "active_player": "A", "at": 5}, {"type": "next-turn", "at": 1}],
    [{"type": "start", "game": "mtg", "active_player": "A", "at": 0}, {"type": "bogus", "at": 1}],
])
def test_bad_event_lists_are_refused_with_a_message(events: list) -> None:
    with pytest.raises(ScenarioError) as caught:
        track(events, "fr")
    assert caught.value.message


# --- Yu-Gi-Oh!: the Life Points at each comparison decide what comes next --------------------

def lp(a: int, b: int) -> dict:
    return {"type": "life-points", "life": [a, b]}


def test_yugioh_rule_1_play_goes_to_the_end_of_the_current_phase_then_life_points_decide() -> None:
    """ygo-rule-1-current-phase: only the current Phase is played, then more Life Points wins."""
    waiting = track(taps("yugioh"))
    assert (waiting["awaiting"], waiting["turn"], waiting["player"]) == ("phase-end", 0, "A")
    assert waiting["instruction"]["rule"] == "ygo-rule-1-current-phase"
    asked = track(taps("yugioh", "phase-ended"))
    assert asked["awaiting"] == "life-points" and asked["match"] is None
    done = track(taps("yugioh", "phase-ended", lp(2000, 500), games_won=[0, 1]))
    assert done["finished"] and done["current_game"] == {"result": "A", "decided_by": "life-points"}
    assert done["match"]["result"] == "draw" and done["match"]["record"] == [1, 1, 0]
    assert done["scenario"]["current_game"] == {"life": [2000, 500]}


def test_yugioh_rule_1_swiss_equal_life_points_is_a_draw() -> None:
    """ygo-rule-1-swiss: equal Life Points at the end of the Phase: the game is a draw."""
    done = track(taps("yugioh", "phase-ended", lp(800, 800)))
    assert done["finished"] and done["current_game"]["result"] == "draw"


def test_yugioh_rule_1_single_elimination_finishes_the_turn_then_goes_turn_by_turn() -> None:
    """ygo-rule-1-single-elimination: equal Life Points: finish the turn, then turn by turn."""
    events = taps("yugioh", "phase-ended", lp(800, 800), round="single-elimination", games_won=[1, 0])
    finishing = track(events)
    assert (finishing["awaiting"], finishing["turn"], finishing["player"]) == ("turn-end", 0, "A")
    assert finishing["instruction"]["rule"] == "ygo-rule-1-single-elimination"
    events += [{"type": "next-turn", "at": 10 * MINUTE}, {**lp(700, 700), "at": 11 * MINUTE}]
    next_turn = track(events)
    assert (next_turn["awaiting"], next_turn["turn"], next_turn["player"]) == ("turn-end", 1, "B")
    events += [{"type": "next-turn", "at": 12 * MINUTE}, {**lp(700, 300), "at": 13 * MINUTE}]
    won = track(events)
    # A was ahead on game wins: A's win of this game wins the match; no new Duel.
    assert won["finished"] and won["current_game"] == {"result": "A", "decided_by": "played-out"}
    assert won["match"]["result"] == "A" and won["scenario"]["current_game"] == {"life": [800, 800], "winner": "A"}


def test_yugioh_rule_3_a_win_during_the_phase_wins_the_game() -> None:
    """ygo-rule-3: a win condition during the procedure wins the current game."""
    done = track(taps("yugioh", {"type": "duel-won", "player": "B"}))
    assert done["finished"] and done["current_game"] == {"result": "B", "decided_by": "played-out"}
    assert done["scenario"]["current_game"] == {"winner": "B", "during_turn": 0}


def test_yugioh_rule_2_levelled_match_goes_to_a_new_duel_of_four_turns() -> None:
    """ygo-rule-2-single-elimination, ygo-new-duel-first-player, ygo-new-duel-four-turns."""
    events = taps("yugioh", "phase-ended", lp(100, 900), round="single-elimination", games_won=[1, 0])
    asked = track(events)
    assert asked["awaiting"] == "first-player" and asked["turn"] is None and not asked["finished"]
    assert asked["instruction"]["rule"] == "ygo-new-duel-first-player"
    events.append({"type": "new-duel", "first_player": "B", "at": 10 * MINUTE})
    players = []
    for i in range(4):
        state = track(events)
        players.append((state["turn"], state["player"], state["turns_left"]))
        events.append({"type": "next-turn", "at": (11 + i) * MINUTE})
    assert players == [(1, "B", 3), (2, "A", 2), (3, "B", 1), (4, "A", 0)]
    after_four = track(events)
    assert after_four["awaiting"] == "life-points" and after_four["instruction"]["rule"] == "ygo-new-duel-life-points"
    done = track(events + [{**lp(4000, 3000), "at": 20 * MINUTE}])
    assert done["finished"] and (done["match"]["result"], done["match"]["decided_by"]) == ("A", "life-points")
    assert done["scenario"]["tiebreak_game"] == {"first_player": "B", "life": [4000, 3000]}


def test_yugioh_new_duel_equal_life_points_go_on_turn_by_turn() -> None:
    """ygo-new-duel-turn-by-turn: equal after four turns: turn by turn until one has more."""
    events = taps("yugioh", time_called="between-games", round="single-elimination", games_won=[1, 1])
    events += [{"type": "new-duel", "first_player": "A", "at": MINUTE}]
    events += [{"type": "next-turn", "at": (2 + i) * MINUTE} for i in range(4)]
    events += [{**lp(500, 500), "at": 7 * MINUTE}]
    fifth = track(events)
    assert (fifth["awaiting"], fifth["turn"], fifth["player"]) == ("turn-end", 5, "A")
    assert fifth["instruction"]["rule"] == "ygo-new-duel-turn-by-turn"
    events += [{"type": "next-turn", "at": 8 * MINUTE}, {**lp(500, 600), "at": 9 * MINUTE}]
    done = track(events)
    assert done["finished"] and (done["match"]["result"], done["match"]["decided_by"]) == ("B", "new-duel")


def test_yugioh_a_new_duel_won_in_its_turn_two() -> None:
    """ygo-new-duel-four-turns: a Duelist who wins the new Duel wins the match."""
    events = taps("yugioh", time_called="between-games", round="single-elimination", games_won=[1, 1])
    events += [{"type": "new-duel", "first_player": "A", "at": MINUTE}, {"type": "next-turn", "at": 2 * MINUTE},
               {"type": "duel-won", "player": "B", "at": 3 * MINUTE}]
    done = track(events)
    assert done["finished"] and done["match"]["result"] == "B"
    assert done["scenario"]["tiebreak_game"] == {"first_player": "A", "winner": "B", "during_turn": 2}


def test_yugioh_swiss_between_games_needs_no_tracking() -> None:
    """ygo-rule-2-swiss: equal wins between games in Swiss: the match is a draw at once."""
    done = track(taps("yugioh", time_called="between-games", games_won=[1, 1]))
    assert done["finished"] and done["match"]["result"] == "draw" and done["plan"] == []


def test_yugioh_tracker_agrees_with_the_checker_on_its_final_scenario() -> None:
    from rules_engine import judge
    events = taps("yugioh", "phase-ended", lp(800, 800), "next-turn", lp(900, 800), round="single-elimination")
    state = track(events)
    ruling = judge(state["scenario"])
    assert ruling["current_game"] == state["current_game"] and ruling["match"] == state["match"]


@pytest.mark.parametrize(("events", "field"), [
    (taps("yugioh", "next-turn"), "/1/type"),                       # the Phase has not ended yet
    (taps("yugioh", "phase-ended", "phase-ended"), "/2/type"),      # Life Points are due
    (taps("yugioh", "phase-ended", lp(1, -1)), "/2/life"),
    (taps("yugioh", "phase-ended", {"type": "life-points", "life": [1]}), "/2/life"),
    (taps("yugioh", {"type": "duel-won", "player": "C"}), "/1/player"),
    (taps("yugioh", games_won=[5, 0]), "/0/games_won/0"),
    (taps("yugioh", "phase-ended", lp(1, 2)) + [{"type": "next-turn", "at": 9 * MINUTE}], "/3/type"),  # finished
    (taps("yugioh", time_called="between-games", round="single-elimination", games_won=[1, 1])
     + [{"type": "new-duel", "first_player": "draw", "at": MINUTE}], "/1/first_player"),
])
def test_yugioh_taps_that_cannot_come_now_are_refused_naming_the_event(events: list, field: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        track(events, "ja")
    assert caught.value.field == field and caught.value.message


def test_mtg_the_rel_given_at_the_time_call_decides_whether_slow_play_adds_turns() -> None:
    """mtg-slow-play-note: the IPG's two added turns exist only at Competitive and Professional REL."""
    regular = track(taps("mtg", {"type": "slow-play", "player": "B"}, rel="regular"))
    competitive = track(taps("mtg", {"type": "slow-play", "player": "B"}, rel="competitive"))
    assert (regular["additional_turns"], competitive["additional_turns"]) == (5, 7)
    assert regular["scenario"]["rel"] == "regular"
    unsaid = track(taps("mtg", {"type": "slow-play", "player": "B"}))
    assert "rel" not in unsaid["scenario"]
    assert any(step["rule"] == "mtg-slow-play-note" for step in unsaid["explanation"])  # the assumption is said


def test_mtg_a_second_slow_play_penalty_to_a_player_is_a_game_loss_that_ends_the_procedure() -> None:
    """mtg-slow-play-note (IPG 3): a second Slow Play Warning to the same player is a Game Loss."""
    state = track(taps("mtg", "next-turn", {"type": "slow-play", "player": "B"}, {"type": "slow-play", "player": "B"}))
    assert state["finished"] and state["scenario"]["current_game"] == {"winner": "A", "during_turn": 1}
    assert state["warnings"][-1] == {"player": "B", "turn": 1, "game_loss": True}
    # en-fr (reading 15): the turn it tapped is the turn the game ended in, never "a turn not given".
    assert [turn["number"] for turn in state["plan"]] == [0, 1]
    assert not [step for step in state["explanation"] if "turn not given" in step["text"] or "ended was not given" in step["text"]]
    with pytest.raises(ScenarioError) as caught:
        track(taps("mtg", {"type": "slow-play", "player": "B"}, {"type": "slow-play", "player": "B"}, "next-turn"))
    assert caught.value.field == "/3/type"
    # At Regular REL the IPG does not apply: no penalty, no Game Loss, no turn added.
    regular = track(taps("mtg", {"type": "slow-play", "player": "B"}, {"type": "slow-play", "player": "B"}, rel="regular"))
    assert not regular["finished"] and regular["additional_turns"] == 5
    # pt-ja (reading 16): nor a Warning to record during the additional turns.
    assert track(taps("mtg", "next-turn", {"type": "slow-play", "player": "B"}, rel="regular"))["warnings"] == []
    # Each player's first penalty is no Game Loss.
    both = track(taps("mtg", {"type": "slow-play", "player": "A"}, {"type": "slow-play", "player": "B"}, rel="competitive"))
    assert not both["finished"]


def test_yugioh_v2_5_the_time_call_ends_the_match_with_a_loss_for_both_duelists() -> None:
    """ygo-v2-5-double-loss: no Phase is finished and no Life Points are asked for; no tap follows."""
    state = track(taps("yugioh", edition="2.5", games_won=[1, 0]))
    assert state["finished"] and state["awaiting"] is None
    assert state["match"] == {"result": "double-loss", "decided_by": "time-ended", "next": None, "record": [1, 0, 0],
                              "final": True, "holds_if_nobody_wins": False}
    assert "ygo-v2-5-double-loss" in [step["rule"] for step in state["explanation"]]
    with pytest.raises(ScenarioError) as refused:
        track(taps("yugioh", "phase-ended", edition="2.5"))
    assert refused.value.field == "/1/type"


def test_yugioh_tracker_without_an_edition_follows_the_newest_and_an_event_date_the_one_in_force() -> None:
    newest = track([{"type": "start", "game": "yugioh", "at": 0, "time_called": "between-games", "games_won": [1, 1]}])
    assert newest["match"]["result"] == "double-loss"
    earlier = track(taps("yugioh", event_date="2025-03-01", games_won=[1, 0]))
    assert earlier["awaiting"] == "phase-end"


# --- the score asked at the time call, handed on, and the outcome the end screen gives ---------

@pytest.mark.parametrize("game", ["mtg", "grand-archive"])
def test_the_score_entered_at_the_time_call_is_handed_on_as_entered(game: str) -> None:
    """DESIGN §3.6: what the tracker opens in the checker is what the judge entered."""
    state = track(taps(game, *["next-turn"] * 6, games_won=[1, 0], games_drawn=1, best_of=5), now=20 * MINUTE)
    assert state["finished"]
    assert {k: state["scenario"][k] for k in ("games_won", "games_drawn", "best_of")} == {
        "games_won": [1, 0], "games_drawn": 1, "best_of": 5}


@pytest.mark.parametrize(("game", "round_", "won", "lang"), [
    ("mtg", "swiss", [1, 0], "en"), ("mtg", "single-elimination", [1, 1], "fr"),
    ("grand-archive", "swiss", [0, 1], "ja"), ("grand-archive", "single-elimination", [1, 1], "pt"),
])
def test_the_end_screen_gives_the_engine_s_outcome_when_nobody_won(game: str, round_: str, won: list, lang: str) -> None:
    """mtg-unfinished-game-draw, ga-unfinished-game-draw, the tiebreaks: the turns over with nobody the winner
    are handed on as such (additional_turns_played), and the end screen says the engine's summary of that
    scenario: the outcome as what now is, never "if nobody wins by then"."""
    from rules_engine import judge
    from rules_engine.i18n import translate
    from rules_engine.summary import NOBODY_WON
    state = track(taps(game, *["next-turn"] * 6, round=round_, games_won=won), lang, now=20 * MINUTE)
    assert state["scenario"]["additional_turns_played"] is True
    ruling = judge(state["scenario"], lang)
    assert state["outcome"] == ruling["summary"] and state["outcome"].startswith(translate(lang, NOBODY_WON))
    assert translate(lang, "If nobody wins by then, the game is a draw and {player} wins the match; record {record}.")[:12] \
        not in state["outcome"]
    if round_ == "swiss":
        match = judge(state["scenario"], "en")["match"]
        assert match["record"][2] == 1 and match["final"] is True  # the unfinished game is recorded as a draw
    else:  # the tiebreak is still to apply: not yet the match's result
        assert ruling["match"]["final"] is False
    # Not before the procedure is over.
    assert track(taps(game, "next-turn", round=round_, games_won=won), lang, now=2 * MINUTE)["outcome"] is None


def test_a_game_loss_the_taps_recorded_is_said_whole_with_the_match() -> None:
    state = track(taps("mtg", "next-turn", {"type": "slow-play", "player": "B"}, {"type": "slow-play", "player": "B"},
                       games_won=[0, 1]))
    from rules_engine import judge
    assert state["outcome"] == judge(state["scenario"], "en")["summary"]
    assert "additional_turns_played" not in state["scenario"]  # the game has a result


def test_the_turns_played_are_handed_on_only_at_the_end() -> None:
    """Before the tracker's end, the turns are still to play: nothing says they are over."""
    for game in ("mtg", "grand-archive"):
        assert "additional_turns_played" not in track(taps(game, "next-turn", games_won=[1, 0]), now=2 * MINUTE)["scenario"]


def test_grand_archive_s_end_after_the_clock_hands_on_the_turns_played() -> None:
    """ga-ending-overtime: the clock ran out in turn 2, the game reached a main phase with an empty stack."""
    from rules_engine import judge
    state = track(taps("grand-archive", "next-turn", "next-turn", "overtime-ended", games_won=[1, 0]), now=10 * MINUTE)
    assert state["finished"] and state["scenario"]["additional_turns_played"] is True
    assert state["outcome"] == judge(state["scenario"])["summary"]
    assert state["outcome"].startswith("Nobody won the game in the end-of-match turns. The game is a draw and A wins the match")


def test_a_start_kept_from_before_the_score_was_asked_hands_on_no_score() -> None:
    """Never a default the judge did not see: the checker asks for the games won."""
    state = track(taps("mtg", *["next-turn"] * 6))
    assert state["finished"] and "games_won" not in state["scenario"] and state["outcome"] is None


def test_a_score_the_engine_refuses_names_the_start_s_field() -> None:
    with pytest.raises(ScenarioError) as caught:
        track(taps("grand-archive", games_won=[2, 0]), "fr")
    assert caught.value.field.startswith("/0/games_won") and "/0/best_of" in caught.value.message


@pytest.mark.parametrize(("game", "events", "start", "lang"), [
    # A Slow Play tap, the REL not given: the summary ends with what it assumes, after the outcome.
    ("mtg", ({"type": "slow-play", "player": "B"}, *["next-turn"] * 8), {"games_won": [1, 0]}, "en"),
    ("mtg", ({"type": "slow-play", "player": "B"}, *["next-turn"] * 8), {"games_won": [1, 0]}, "fr"),
    # A penalty to each player: whether their turns add up is not said; the head judge must not be lost.
    ("mtg", ({"type": "slow-play", "player": "A"}, {"type": "slow-play", "player": "B"}, *["next-turn"] * 9),
     {"games_won": [0, 0], "rel": "competitive"}, "en"),
    # Grand Archive, time called as the turn player announced the end of the turn (this site's reading).
    ("grand-archive", tuple(["next-turn"] * 4), {"games_won": [1, 0], "turn_pass_announced": True}, "en"),
])
def test_the_end_screen_gives_the_outcome_not_an_assumption_alone(game: str, events: tuple, start: dict,
                                                                   lang: str) -> None:
    """The end screen says what the procedure gives (mtg-unfinished-game-draw, mtg-not-covered,
    ga-unfinished-game-draw) with what it assumes: never an assumption in place of the outcome, and
    never the plan of turns already played: the engine's summary of the turns over with nobody the winner."""
    from rules_engine import judge
    from rules_engine.i18n import translate
    from rules_engine.summary import NOBODY_WON, PLAN
    state = track(taps(game, *events, **start), lang, now=30 * MINUTE)
    assert state["finished"] and state["outcome"]
    ruling = judge(state["scenario"], lang)
    assert state["outcome"] == ruling["summary"] and state["scenario"]["additional_turns_played"] is True
    opening = translate(lang, "Call the head judge: the text does not say whether the turns added for the two Slow Play penalties add up.") \
        if "rel" in start else None
    if lang == "en":
        assert "If nobody wins by then" not in state["outcome"]
    if opening:
        assert state["outcome"].startswith(f"{translate(lang, NOBODY_WON)} {opening}")
    for msgid in PLAN:
        words = max(re.split(r"\{[^}]*\}", translate(lang, msgid)), key=len).strip()
        assert words not in state["outcome"]
    # What it assumes stays with it.
    assert state["outcome"] != state["outcome"].split(". ")[0] + "."


# --- Disney Lorcana: turn 0 and five turns (one in Japan), then lore where it decides -----------

def lorcana(*kinds: str | dict, **start: object) -> list[dict]:
    """A Disney Lorcana time call as the setup records it (region, edition, score and round asked), and its taps."""
    return taps("lorcana", *kinds, **{"edition": "2026-07-14", "round": "swiss", "best_of": 3, "games_won": [0, 0],
                                      "games_drawn": 0, "turn_pass_announced": False, **start})


JAPAN = {"region": "japan", "edition": "japan-2026-02-12"}


def test_lorcana_turn_zero_then_five_turns_whoever_takes_them() -> None:
    """lorcana-turn-zero, lorcana-five-turns, lorcana-every-turn-counts."""
    states = [track(lorcana(*["next-turn"] * n, games_won=[1, 0])) for n in range(7)]
    assert [(s["turn"], s["player"], s["turns_left"]) for s in states[:6]] == [
        (0, "A", 5), (1, "B", 4), (2, "A", 3), (3, "B", 2), (4, "A", 1), (5, "B", 0)]
    assert all(s["additional_turns"] == 5 and not s["finished"] and s["outcome"] is None for s in states[:6])
    assert states[6]["finished"] and states[6]["turn"] is None
    # Swiss: the unfinished game is a draw and the leader wins the match, in the engine's words.
    from rules_engine import judge
    assert states[6]["outcome"] and states[6]["outcome"] in judge(states[6]["scenario"])["summary"]
    assert judge(states[6]["scenario"])["match"]["result"] == "A"


def test_lorcana_in_japan_one_turn_after_turn_zero() -> None:
    """lorcana-japan-turn-zero, lorcana-japan-one-turn: Takara Tomy's rules, not five turns."""
    state = track(lorcana(**JAPAN, active_player="B"))
    assert (state["turn"], state["player"], state["turns_left"], state["additional_turns"]) == (0, "B", 1, 1)
    assert track(lorcana("next-turn", "next-turn", **JAPAN))["finished"]
    assert track(lorcana(**JAPAN))["scenario"]["region"] == "japan"


def test_lorcana_slow_play_before_time_was_called_adds_two_turns_and_after_adds_none() -> None:
    """lorcana-slow-play-remedy: two turns more (seven, this site's reading of the total); a penalty tapped once time
    was called stands but adds none; in Japan 1 + 2."""
    before = [{"player": "B", "during_additional_turns": False}]
    assert track(lorcana(slow_play_penalties=before))["additional_turns"] == 7
    assert track(lorcana(slow_play_penalties=before, **JAPAN))["additional_turns"] == 3
    after = track(lorcana("next-turn", {"type": "slow-play", "player": "A"}, "next-turn"))
    assert (after["additional_turns"], after["turn"], after["warnings"]) == (5, 2, [{"player": "A", "turn": 1, "second": False}])
    assert after["scenario"]["slow_play_penalties"] == [{"player": "A", "during_additional_turns": True}]


def test_lorcana_a_second_slow_play_penalty_to_a_player_goes_to_the_head_judge() -> None:
    """lorcana-second-warning: what the upgraded penalty does to the procedure the text does not say."""
    state = track(lorcana("next-turn", {"type": "slow-play", "player": "B"}, "next-turn", {"type": "slow-play", "player": "B"}))
    assert state["finished"] and [t["number"] for t in state["plan"]] == [0, 1, 2]
    assert state["warnings"][-1] == {"player": "B", "turn": 2, "second": True}
    from rules_engine import judge
    assert judge(state["scenario"])["match"]["next"] == "head-judge" and state["outcome"].startswith("Call the head judge")


def test_lorcana_single_elimination_asks_the_lore_when_the_turns_are_over() -> None:
    """lorcana-se-five-turns, lorcana-se-lore: tied game wins play the five turns; the higher lore total wins."""
    events = lorcana(*["next-turn"] * 6, round="single-elimination", games_won=[1, 1])
    waiting = track(events)
    assert not waiting["finished"] and waiting["awaiting"] == "lore" and waiting["turn"] is None
    assert waiting["instruction"]["rule"] == "lorcana-se-lore" and waiting["outcome"] is None
    done = track([*events, {"type": "lore", "lore": [14, 9], "at": 99 * MINUTE}], "fr")
    assert done["finished"] and done["awaiting"] is None
    # Asked "if nobody has won the game": the lore entered says the turns are over with no winner, and is handed on so.
    assert done["scenario"]["current_game"] == {"lore": [14, 9]} and done["scenario"]["additional_turns_played"] is True
    from rules_engine import judge
    ruling = judge(done["scenario"], "fr")
    assert ruling["match"]["result"] == "A" and ruling["match"]["decided_by"] == "lore"
    assert all(sentence in ruling["summary"] for sentence in done["outcome"].split(". "))
    equal = track([*events, {"type": "lore", "lore": [9, 9], "at": 99 * MINUTE}])
    assert equal["finished"] and judge(equal["scenario"])["match"]["next"] == "lore-lead"


@pytest.mark.parametrize("lang", ["en", "fr", "pt", "ja"])
def test_lorcana_lore_prompt_names_the_turns_as_the_checker_does(lang: str) -> None:
    """lorcana-se-lore, lorcana-japan-se-lore-lead: the tracker's "the turns are over" is the checker's own
    field label (/additional_turns_played), not a second term for the same moment (en-fr C1)."""
    from rules_engine.contract.fields import field_of
    from rules_engine.i18n import translate
    label = translate(lang, field_of("/additional_turns_played", "lorcana").label)
    said = re.split(r"[,、，]", label)[0]  # "The end-of-match turns are over", before ", and nobody won"
    for events in (lorcana(*["next-turn"] * 6, round="single-elimination", games_won=[1, 1]),
                   lorcana("next-turn", "next-turn", round="single-elimination", games_won=[0, 0], **JAPAN)):
        text = track(events, lang)["instruction"]["text"]
        assert text.startswith(said), (lang, text, said)


def test_lorcana_in_japan_unequal_lore_is_for_the_head_judge() -> None:
    """lorcana-japan-se-lore-lead: Takara Tomy's rules cover equal lore only."""
    events = lorcana("next-turn", "next-turn", round="single-elimination", games_won=[0, 0], **JAPAN)
    assert track(events)["instruction"]["rule"] == "lorcana-japan-se-lore-lead"
    done = track([*events, {"type": "lore", "lore": [3, 4], "at": 99 * MINUTE}])
    # the turns are over: the outcome is that unequal lore goes to the head judge
    assert done["finished"] and "Lore is unequal (A 3 – B 4), and this edition does not say who wins: call the head judge" in done["outcome"]


def test_lorcana_single_elimination_leader_at_the_time_call_ends_the_procedure_at_once() -> None:
    """lorcana-se-game-wins-lead: a player with more game wins when time is called wins the match then (this site's
    reading that the game in progress is not played on, said in the outcome)."""
    state = track(lorcana(round="single-elimination", games_won=[0, 1]))
    assert state["finished"] and state["plan"] == [] and state["additional_turns"] == 0
    assert state["outcome"].startswith("B has more game wins") and "this site's reading" in state["outcome"]


def test_lorcana_time_called_as_the_end_of_the_turn_is_declared_goes_to_the_head_judge() -> None:
    state = track(lorcana(turn_pass_announced=True))
    assert state["finished"] and state["outcome"].startswith("Call the head judge")


def test_lorcana_the_worldwide_rules_chosen_are_not_said_to_be_assumed() -> None:
    """The setup asks the region: the end screen does not say "as no region is given" of a choice the judge made."""
    from rules_engine.i18n import translate
    from rules_engine.summary import ASSUMES_WORLDWIDE
    state = track(lorcana(*["next-turn"] * 6, games_won=[1, 0]), "pt")
    assert state["finished"] and translate("pt", ASSUMES_WORLDWIDE) not in state["outcome"]


@pytest.mark.parametrize(("events", "field"), [
    (lorcana({"type": "lore", "lore": [3, 4]}), "/1/type"),  # the turns are not over
    (lorcana(*["next-turn"] * 6, "next-turn"), "/7/type"),  # nothing left to play (Swiss: no lore)
    (lorcana(*["next-turn"] * 6, {"type": "lore", "lore": [3, 4]}), "/7/type"),  # lore decides only in single elimination
    (lorcana(*["next-turn"] * 6, {"type": "lore", "lore": [3, -1]}, round="single-elimination"), "/7/lore"),
    (lorcana({"type": "slow-play", "player": "C"}), "/1/player"),
    (lorcana({"type": "extra-turn", "player": "A", "after_turn": 1}), "/1/type"),  # no Lorcana rule defines one
    (lorcana(games_won=[2, 0]), "/0/games_won"),
    (lorcana(region="japan"), "/0/edition"),  # the worldwide rules' edition is not Japan's
])
def test_lorcana_taps_that_cannot_come_now_are_refused_naming_the_event(events: list, field: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        track(events, "ja")
    assert caught.value.field.startswith(field) and caught.value.message


def test_lorcana_a_score_never_entered_is_asked_not_assumed() -> None:
    """DESIGN §3.6: a start without the games won is refused, naming the field the setup asks."""
    events = lorcana()
    del events[0]["games_won"]
    with pytest.raises(ScenarioError) as caught:
        track(events)
    assert caught.value.field == "/0/games_won"


@pytest.mark.parametrize("region", [None, "japan"])
def test_lorcana_every_end_with_the_turns_played_hands_them_on_with_the_outcome(region: str | None) -> None:
    """Every edition of each region, Swiss and single elimination (a game-win lead, or none): once every turn of
    the plan is played with nobody the winner, the scenario handed on says so (additional_turns_played) and the
    end screen says the outcome as what now is, never under "if nobody wins by then"; where no turn is played (a
    single-elimination lead since 9 September 2025) or the head judge decides, the scenario never says it."""
    from rules_engine import judge
    from rules_engine.editions import editions_of
    from rules_engine.i18n import translate
    from rules_engine.summary import NOBODY_WON
    ends = 0
    for edition in editions_of("lorcana", region):
        for round_, won in (("swiss", [1, 0]), ("swiss", [0, 0]), ("single-elimination", [1, 0])):
            start = {"edition": edition.id, "round": round_, "games_won": won, **({"region": region} if region else {})}
            kinds: list[str | dict] = []
            state = track(lorcana(**start))
            while not state["finished"]:
                kinds.append("next-turn")
                state = track(lorcana(*kinds, **start))
            played = bool(kinds)
            assert state["scenario"].get("additional_turns_played", False) is played, (edition.id, round_, won)
            assert state["outcome"].startswith(translate("en", NOBODY_WON)) is played, state["outcome"]
            assert "nobody wins by then" not in state["outcome"].lower()
            assert judge(state["scenario"])["match"]["holds_if_nobody_wins"] is False
            ends += played
    assert ends
    # A second Slow Play penalty to a player: the head judge decides, no turn is said to be played.
    second = track(lorcana("next-turn", {"type": "slow-play", "player": "A"},
                           slow_play_penalties=[{"player": "A", "during_additional_turns": False}]))
    assert second["finished"] and "additional_turns_played" not in second["scenario"]
