"""The live turn tracker (DESIGN §3.6): a judge's taps in, the state of the procedure out.

The taps are an append-only list of events, each with its time (``at``, milliseconds since
the epoch), kept on the device; the state is derived from the whole list every time, by
the same procedure code that rules on scenarios, so a reload or a locked screen loses
nothing and the tracker can never disagree with the checker.

Yu-Gi-Oh!, whose procedure turns on Life Points rather than a count of turns, has its own
events: rules_engine.trackers.duels; so has Disney Lorcana, whose turns may end in a comparison of
lore: rules_engine.trackers.lorcana.

Events (``type``):
- ``start``: ``game`` ("mtg" or "grand-archive"), ``active_player``, ``turn_pass_announced``,
  ``two_headed_giant`` and ``rel`` (Magic), ``round``, ``best_of``, ``games_won``, ``games_drawn``;
  time is called: turn 0 begins. The score is what the judge entered at the time call: it is handed
  on to the checker and decides the outcome the end screen gives when nobody won. A start kept from
  before the tracker asked it has none: the plan is the same, and the checker asks it;
- ``next-turn``: the current turn ended and the next one begins;
- ``extra-turn`` (Magic): ``player`` takes an extra turn after turn ``after_turn``;
- ``slow-play`` (Magic): a Slow Play penalty to ``player``: two turns before the first
  additional turn, none after (the Warning is recorded);
- ``overtime-ended`` (Grand Archive): players are in a main phase with an empty effects stack.
"""

from __future__ import annotations

from typing import Any

from ..games import grand_archive, mtg, rule as ruled_under_its_edition
from .. import summary
from .duels import NOT_NOW, UNKNOWN_EVENT, _checked_start as checked_start, track_duel
from .lorcana import track_lorcana
from ..contract.errors import ScenarioError, event_error
from ..i18n import LANGUAGES, N_, translate
from ..ruling import other, render_sentences, step_json
from ..contract.reading import read_scenario

CLOCK_MS = grand_archive.OVERTIME_MINUTES * 60 * 1000
EVENT_TYPES = {"start", "next-turn", "extra-turn", "slow-play", "overtime-ended"}
MAX_EVENTS = 200
# The score the judge enters at the time call, as the scenario names it.
SCORE_KEYS = ("best_of", "games_won", "games_drawn")
# Steps about the game's and the match's results, which the tracker cannot know.
RESULT_RULES = {"mtg-unfinished-game-draw", "mtg-match-result-note", "ga-unfinished-game-draw", "ga-match-result"}


def _time(event: dict[str, Any], index: int, previous: float) -> float:
    at = event.get("at")
    if type(at) not in (int, float) or at != at or at in (float("inf"), float("-inf")):
        raise event_error(index, "at", N_("{field}: a time is required."))
    if at < previous:
        raise event_error(index, "at", N_("{field}: events must be in the order they happened."))
    return float(at)


def track(events: Any, lang: str = "en", now: float | None = None) -> dict[str, Any]:
    """The tracker's state after ``events``; ``now`` (ms) runs the Grand Archive clock."""
    if lang not in LANGUAGES:
        raise ValueError(lang)
    try:
        return _track(events, lang, now)
    except ScenarioError as error:
        error.message = translate(lang, error.msgid, **error.params) if error.msgid else error.code
        raise


def _track(events: Any, lang: str, now: float | None) -> dict[str, Any]:
    if not isinstance(events, list) or not events or len(events) > MAX_EVENTS:
        raise ScenarioError("invalid-value", "", N_("The tracker needs its list of events, starting with the time call."))
    start = events[0]
    if not isinstance(start, dict) or start.get("type") != "start":
        raise event_error(0, "type", N_("{field}: the first event is the time call."))
    game = start.get("game")
    if game not in ("mtg", "grand-archive", "yugioh", "lorcana"):
        raise event_error(0, "game", N_("{field}: the tracker follows Magic, Grand Archive, Yu-Gi-Oh! or Disney Lorcana."))
    previous = _time(start, 0, float("-inf"))
    if game in ("yugioh", "lorcana"):
        for index, event in enumerate(events[1:], start=1):
            if not isinstance(event, dict):
                raise event_error(index, "type", UNKNOWN_EVENT)
            previous = _time(event, index, previous)
        return track_duel(events, lang) if game == "yugioh" else track_lorcana(events, lang)
    started_at = previous
    scored = "games_won" in start
    scenario: dict[str, Any] = {
        "game": game, "round": start.get("round", "swiss"), "games_won": start.get("games_won", [0, 0]),
        "time_called": "during-game", "active_player": start.get("active_player", "A"),
        "turn_pass_announced": start.get("turn_pass_announced", False),
    }
    scenario |= {key: start[key] for key in SCORE_KEYS if key in start}
    if game == "mtg" and start.get("two_headed_giant"):
        scenario["two_headed_giant"] = True
    if game == "mtg" and "rel" in start:
        scenario["rel"] = start["rel"]  # the engine checks it, and says what it assumes without it
    current = 0
    turn_started_at = [started_at]
    extra_turns: list[dict[str, Any]] = []
    penalties: list[dict[str, Any]] = []
    overtime_ended_at: float | None = None
    warnings: list[dict[str, Any]] = []
    game_loss: dict[str, Any] | None = None
    for index, event in enumerate(events[1:], start=1):
        if not isinstance(event, dict) or event.get("type") not in EVENT_TYPES - {"start"}:
            raise event_error(index, "type", UNKNOWN_EVENT)
        previous = _time(event, index, previous)
        kind = event["type"]
        if game_loss is not None:  # the game is over: nothing more happens in it
            raise event_error(index, "type", NOT_NOW)
        if kind == "next-turn":
            current += 1
            turn_started_at.append(previous)
        elif kind == "extra-turn" and game == "mtg":
            extra_turns.append({"player": event.get("player"), "after_turn": event.get("after_turn")})
        elif kind == "slow-play" and game == "mtg":
            player = event.get("player")
            during = current >= 1
            # IPG 3: a second Slow Play Warning to a player is a Game Loss (not at Regular REL,
            # where the IPG does not apply): the game is over, the opponent wins it.
            repeated = any(p["player"] == player for p in penalties) and start.get("rel") != "regular"
            penalties.append({"player": player, "during_additional_turns": during})
            if repeated and player in ("A", "B"):
                game_loss = {"player": player, "turn": current}
                warnings.append({"player": player, "turn": current, "game_loss": True})
            elif during and start.get("rel") != "regular":  # at Regular REL there is no Warning to record
                warnings.append({"player": player, "turn": current})
        elif kind == "overtime-ended" and game == "grand-archive":
            overtime_ended_at = previous
        else:
            raise event_error(index, "type", N_("{field}: not an event of this game's procedure."))
    if extra_turns:
        scenario["extra_turns"] = extra_turns
    if penalties:
        scenario["slow_play_penalties"] = penalties
    if game_loss is not None:
        # The turn of the Game Loss was tapped: the plan stops there, as the warning line says.
        scenario["current_game"] = {"winner": other(game_loss["player"]), "during_turn": game_loss["turn"]}

    clock: dict[str, Any] | None = None
    if game == "grand-archive":
        clock = _clock(turn_started_at, now, overtime_ended_at)
        if clock["expired_during_turn"] is not None:
            scenario["clock_expired_during_turn"] = clock["expired_during_turn"]
    checked = read_scenario(checked_start(scenario))  # a refusal names the start's field
    # The tracker knows the turns and the clock, not the facts a result needs (game wins, life
    # totals…), which the checker asks for at the end. The turn plan is the same in every
    # round, but single elimination's tiebreaks would ask for those facts: the plan is worked
    # out as in Swiss, and the steps about results are left out of the explanation.
    planned = read_scenario(checked.canonical | {"round": "swiss"})
    procedure = mtg.rule(planned) if game == "mtg" else grand_archive.rule(planned)
    plan = procedure.turns
    last = plan[-1].number
    finished = current > last or overtime_ended_at is not None or game_loss is not None
    shown = min(current, last)
    state: dict[str, Any] = {
        "version": 1,
        "game": game,
        "scenario": checked.canonical,
        "turn": None if finished else shown,
        "player": None if finished else plan[shown].player,
        "extra": False if finished else plan[shown].extra,
        "turns_left": 0 if finished else last - shown,
        "additional_turns": procedure.additional_turns,
        "plan": [{"number": t.number, "player": t.player, "extra": t.extra} for t in plan],
        "finished": finished,
        "clock": clock,
        "next": "finish-combat-and-stack" if (clock and clock["expired"] and not finished) else None,
        "warnings": warnings,
        "explanation": [step_json(lang, s) for s in procedure.steps
                        if s.rule not in RESULT_RULES and s.msgid != grand_archive.PROVISIONAL_RESULTS],
    }
    if game == "grand-archive" and clock and clock["expired_during_turn"] is not None and not finished:
        state["turn"], state["player"] = clock["expired_during_turn"], plan[clock["expired_during_turn"]].player
        state["turns_left"] = 0
    if finished and game_loss is None:
        # The turns are over (or Grand Archive's game reached its end after the clock) and nobody won:
        # handed on as such, the ruling states the outcome, not "if nobody wins by then".
        checked = read_scenario(checked.canonical | {"additional_turns_played": True})
        state["scenario"] = checked.canonical
    if not scored:  # never a score the judge did not enter: the checker asks it
        state["scenario"] = {k: v for k, v in checked.canonical.items() if k != "games_won"}
    state["outcome"] = _outcome(checked, lang) if finished and scored else None
    return state


def _outcome(checked: Any, lang: str) -> str:
    """What the procedure gives once its turns are played: the engine's own summary of the
    situation the taps describe: with the turns over and nobody the winner
    (``additional_turns_played``), the outcome as what now is (nobody won the game in the
    end-of-match turns: the game is a draw, the tiebreak steps…), with what it assumes; a Game
    Loss the taps recorded, said whole. Any sentence that would still plan the turns is left out."""
    ruling = ruled_under_its_edition(checked)
    return render_sentences(lang, [p for p in ruling.summary if p.msgid not in summary.PLAN])


def _clock(turn_started_at: list[float], now: float | None, ended_at: float | None) -> dict[str, Any]:
    """Grand Archive's five minutes start when turn 0 ends (the first next-turn tap)."""
    if len(turn_started_at) < 2:
        return {"started_at": None, "ends_at": None, "remaining_ms": CLOCK_MS, "expired": False,
                "expired_during_turn": None}
    started = turn_started_at[1]
    ends = started + CLOCK_MS
    reference = ended_at if ended_at is not None else now if now is not None else turn_started_at[-1]
    expired = reference >= ends
    during = None
    if expired:
        # The turn in progress when the clock ran out: the last turn that began before it.
        during = max(i for i, at in enumerate(turn_started_at) if at <= ends)
        during = min(max(during, 1), grand_archive.ADDITIONAL_TURNS)
        if len(turn_started_at) > grand_archive.ADDITIONAL_TURNS + 1 and turn_started_at[-1] <= ends:
            during = None  # all three turns were over before the clock ran out
            expired = False
    return {"started_at": started, "ends_at": ends, "remaining_ms": max(0.0, ends - reference),
            "expired": expired, "expired_during_turn": during}

