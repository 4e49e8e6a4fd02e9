"""A ruling never contradicts its turn plan.

Every number a step of the English explanation states about turns agrees with the ruling's
`additional_turns` and `turns`:

- "N additional turns": N is `additional_turns`, unless the sentence sums it
  ("five additional turns …, plus two …: seven additional turns"), which must add up to it;
- the turns a Slow Play penalty adds ("adds two turns", "two added turns") are two, or none;
- "turn N" names a turn of the plan; the turn a game ended in, or in which the clock ran
  out, is the plan's last;
- "A takes a and B takes b" of the additional turns counts the plan's turns after turn 0,
  which is then the whole plan.

And a game that ended in play, or by a Game Loss, ends the plan at its turn; no sentence opens
with a numeral.
"""

from __future__ import annotations

import re
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from rules_engine import ScenarioError

from .ruling_checks import ruling_or_error
from .strategies import open_question_scenarios, scenarios

WORDS = {"no": 0, "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
         "seven": 7, "eight": 8, "nine": 9, "ten": 10}
NUMBER = r"(no|zero|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
TOTAL = re.compile(rf"\b{NUMBER} additional turns?\b", re.I)
SUM = re.compile(rf"\b{NUMBER} additional turns?\b[^.:]*?, plus {NUMBER}\b[^:]*: {NUMBER} additional turns\b", re.I)
ADDED = re.compile(rf"\b{NUMBER} (?:more |added )?turns?\b(?! (?:instead|in total))", re.I)
TURN = re.compile(r"\bturn (\d+)\b")
LAST = re.compile(r"(?:won the game|in a draw|Game Loss came|ran out during) in turn (\d+)|"
                  r"ran out during turn (\d+)|final turn \(turn (\d+)\)")
SPLIT = re.compile(r"A takes (\d+) and B takes (\d+)")
# The number an extra turn is taken as (CR 500.7: the most recently created is taken first).
EXTRA_AS = re.compile(r"([AB])'s extra turn created in turn \d+ (?:\([^)]*\) )?(?:is taken directly after turn \d+, as|is taken after "
                      r"the extra turns created after it, which are taken first: it is) turn (\d+)")

# The review scenarios: a second Slow Play penalty to A before the additional turns (a Game Loss
# in turn 0), the same during them, Two-Headed Giant, Slow Play with a win in turn 3.
SECOND_PENALTY_IN_TURN_ZERO = {
    "game": "mtg", "round": "swiss", "rel": "competitive", "games_won": [1, 0], "time_called": "during-game",
    "active_player": "A", "slow_play_penalties": [{"player": "A"}, {"player": "A"}], "current_game": {"winner": "B"}}
SECOND_PENALTY_DURING = {
    "game": "mtg", "round": "swiss", "rel": "competitive", "games_won": [1, 0], "time_called": "during-game",
    "active_player": "A", "slow_play_penalties": [{"player": "A"}, {"player": "A", "during_additional_turns": True}],
    "current_game": {"winner": "B", "during_turn": 3}}
SLOW_PLAY = {"game": "mtg", "round": "swiss", "rel": "competitive", "games_won": [0, 1], "time_called": "during-game",
             "active_player": "A", "slow_play_penalties": [{"player": "B"}], "current_game": {"winner": "A", "during_turn": 3}}
TWO_EXTRA_TURNS_IN_ONE_TURN = {"game": "mtg", "round": "swiss", "games_won": [0, 1], "time_called": "during-game",
                               "active_player": "A", "extra_turns": [{"player": "B", "after_turn": 1}, {"player": "B", "after_turn": 1}]}
WIN_IN_TURN_ZERO = {"game": "mtg", "round": "swiss", "games_won": [0, 0], "time_called": "during-game",
                    "active_player": "A", "current_game": {"winner": "A", "during_turn": 0}}
GAME_LOSS_IN_A_TURN_NOT_GIVEN = {
    "game": "mtg", "round": "single-elimination", "rel": "professional", "games_won": [1, 0], "time_called": "during-game",
    "active_player": "A", "slow_play_penalties": [{"player": "A", "during_additional_turns": False},
                                                  {"player": "A", "during_additional_turns": True}],
    "current_game": {"winner": "B"}}
TWO_HEADED_GIANT = {"game": "mtg", "round": "swiss", "two_headed_giant": True, "games_won": [0, 0],
                    "time_called": "during-game", "active_player": "B", "slow_play_penalties": [{"player": "A"}]}


def number(word: str) -> int:
    return WORDS[word.lower()] if word.lower() in WORDS else int(word)


def check_turn_numbers(ruling: dict[str, Any]) -> None:
    total, turns = ruling["additional_turns"], ruling["turns"]
    numbers = [t["number"] for t in turns]
    game = ruling["current_game"]
    if game["decided_by"] in ("played-out", "game-loss") and turns:
        said = " ".join(step["text"] for step in ruling["explanation"])
        ended = [int(n) for n in re.findall(r"(?:won the game|in a draw|Game Loss came) in turn (\d+)", said)]
        if ended:  # the plan stops at the turn the game ended in
            assert numbers[-1] == ended[-1], (ended, numbers)
    extras_said = [(m.group(1), int(m.group(2))) for step in ruling["explanation"] for m in EXTRA_AS.finditer(step["text"])]
    # Each extra turn is said as the turn the plan gives it, and no two as the same turn.
    assert len({n for _, n in extras_said}) == len(extras_said), extras_said
    for player, n in extras_said:
        if n in numbers:
            assert turns[numbers.index(n)] == {"number": n, "player": player, "extra": True}, (n, player, turns)
    for step in ruling["explanation"]:
        text = step["text"]
        # Turn 0 is not one of the additional turns.
        assert not re.search(r"\bturn 0, within the additional turns", text), text
        # A sentence never opens with a numeral ("2 Slow Play penalties…"): numbers there are words.
        assert not re.search(r"(?:^|[.!?] )\d", text), text
        summed = SUM.search(text)
        if summed:
            base, added, result = (number(g) for g in summed.groups())
            assert base + added == result == total, (text, total)
            rest = text[:summed.start()] + text[summed.end():]
        else:
            rest = text
        for found in TOTAL.finditer(rest):
            assert number(found.group(1)) == total, (text, total)
        for found in ADDED.finditer(re.sub(TOTAL, "", rest)):
            assert number(found.group(1)) in (0, 2), (text, found.group(0))
        # "it would be turn 2, and the game ended before it": a turn not played, named as not played.
        for found in TURN.finditer(re.sub(r"would be turn \d+, and the game ended before it", "", text)):
            assert int(found.group(1)) in numbers, (text, numbers)
        for found in LAST.finditer(text):
            turn = next(int(g) for g in found.groups() if g is not None)
            assert numbers and turn == numbers[-1], (text, numbers)
        for found in SPLIT.finditer(text):
            a, b = int(found.group(1)), int(found.group(2))
            after = [t["player"] for t in turns[1:]]
            assert a + b == total == len(after), (text, total, numbers)
            assert (a, b) == (after.count("A"), after.count("B")), (text, turns)


def check(scenario: dict[str, Any]) -> None:
    ruling = ruling_or_error(scenario)
    if not isinstance(ruling, ScenarioError):
        check_turn_numbers(ruling)
        check_unknown_end(scenario, ruling)


def check_unknown_end(scenario: dict[str, Any], ruling: dict[str, Any]) -> None:
    """A Magic game that ended in a turn not given lists no turn that may never have been played:
    the list stops at turn 0, or at the last turn in which an extra turn was created."""
    game = scenario.get("current_game") or {}
    if ruling["game"] != "mtg" or game.get("winner") is None or "during_turn" in game \
            or ruling["current_game"]["decided_by"] not in ("played-out", "game-loss") \
            or ruling["match"]["next"] == "head-judge":
        return
    certain = max((e["after_turn"] for e in scenario.get("extra_turns", ())), default=0)
    assert [t["number"] for t in ruling["turns"]] == list(range(certain + 1)), (ruling["turns"], certain)


@given(st.one_of(scenarios(game="mtg"), scenarios(game="grand-archive"), open_question_scenarios()))
@example(SECOND_PENALTY_IN_TURN_ZERO)
@example(SECOND_PENALTY_DURING)
@example(SLOW_PLAY)
@example(TWO_HEADED_GIANT)
@example(TWO_EXTRA_TURNS_IN_ONE_TURN)
@example(TWO_EXTRA_TURNS_IN_ONE_TURN | {"extra_turns": [{"player": "A", "after_turn": 0}, {"player": "A", "after_turn": 0}]})
@example(WIN_IN_TURN_ZERO)
@example(WIN_IN_TURN_ZERO | {"current_game": {"winner": "draw", "during_turn": 0}})
@example(GAME_LOSS_IN_A_TURN_NOT_GIVEN)
# A win whose turn is not given, with the stacking question open and life totals given: the plan stops at turn 0,
# and the extra turn created in it is not said to be "turn 1".
@example({"game": "mtg", "round": "single-elimination", "games_won": [0, 0], "time_called": "during-game",
          "active_player": "A", "current_game": {"winner": "B", "life": [0, 1]}, "next_turn_player": "A",
          "extra_turns": [{"player": "A", "after_turn": 0}], "slow_play_penalties": [{"player": "A"}, {"player": "B"}]})
def test_every_number_a_step_states_about_turns_agrees_with_the_plan(scenario: dict[str, Any]) -> None:
    check(scenario)


def test_the_review_scenarios() -> None:
    for scenario in (SECOND_PENALTY_IN_TURN_ZERO, SECOND_PENALTY_DURING, SLOW_PLAY, TWO_HEADED_GIANT,
                     TWO_EXTRA_TURNS_IN_ONE_TURN, WIN_IN_TURN_ZERO, GAME_LOSS_IN_A_TURN_NOT_GIVEN):
        check(scenario)


def test_a_game_loss_has_its_own_code_and_ends_the_plan() -> None:
    in_turn_zero = ruling_or_error(SECOND_PENALTY_IN_TURN_ZERO)
    assert isinstance(in_turn_zero, dict)
    assert in_turn_zero["current_game"] == {"result": "B", "decided_by": "game-loss"}
    assert [t["number"] for t in in_turn_zero["turns"]] == [0] and in_turn_zero["additional_turns"] == 0
    during = ruling_or_error(SECOND_PENALTY_DURING)
    assert isinstance(during, dict)
    assert during["current_game"] == {"result": "B", "decided_by": "game-loss"}
    assert [t["number"] for t in during["turns"]] == [0, 1, 2, 3]
