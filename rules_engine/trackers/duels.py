"""The turn tracker for Yu-Gi-Oh! (DESIGN §3.6): a judge's taps in, the state of the procedure out.

Yu-Gi-Oh!'s procedure is not a fixed number of turns: the current Phase ends, Life Points
are compared, and only then is it known whether the procedure stops, finishes the turn and
goes on turn by turn (single elimination), or begins a new Duel of four turns. So the
tracker asks for the Life Points at each comparison, and every decision is the rules
engine's own ruling (rules_engine.games.yugioh) on the scenario the taps describe so far.

Under Policy v2.5 (the newest edition, and the default) the time call ends the match at once: the
tracker's state after ``start`` is the engine's ruling (the double loss, or the head judge where the
summary is silent), and no tap follows. The taps below are the three-rule procedure's (v2.3).

Events (``type``), after ``start`` (``game`` "yugioh", ``edition`` or ``event_date``, ``round``,
``best_of``, ``time_called``, ``active_player``, ``games_won``, ``games_drawn``, ``side_deck_accessed``):
- ``phase-ended``: the Phase in which time was called has ended (Rule 1);
- ``life-points``: ``life`` ``[a, b]``, the Life Points at a comparison;
- ``next-turn``: the turn in progress ended;
- ``duel-won``: ``player`` ("A", "B" or "draw"): the Duel ended during the procedure (Rule 3);
- ``new-duel``: ``first_player``, chosen by a random method: the new Duel's turn 1 begins.
Each moment accepts only the taps that can come next; any other is refused, never guessed at.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..editions import in_force_on, is_date, newest
from ..games import rule as ruled_under_its_edition, yugioh
from ..contract.errors import ScenarioError, event_error
from ..i18n import N_, translate
from ..ruling import Ruling, higher, other, render_sentences, step_json
from ..contract.reading import read_scenario
from ..titles import title

EVENT_TYPES = {"phase-ended", "life-points", "next-turn", "duel-won", "new-duel"}
ACCEPTS: dict[str | None, set[str]] = {
    "phase-end": {"phase-ended", "duel-won"},
    "life-points": {"life-points"},
    "turn-end": {"next-turn", "duel-won"},
    "first-player": {"new-duel"},
    None: set(),
}
MAX_LIFE_POINTS = 99999  # the scenario's own bound (fields.py)
UNKNOWN_EVENT = N_("{field}: not an event the tracker knows.")
NOT_NOW = N_("{field}: not a step of the procedure at this point.")

# What the judge does now, for each moment: (rule id, instruction).
PHASE_END = ("ygo-rule-1-current-phase", N_("Play continues to the end of the current Phase only: tap when it ends."))
PHASE_LIFE = ("ygo-rule-1-current-phase", N_("The Phase is over: enter both Duelists' Life Points; the Duelist with more wins the Duel."))
FINISH_TURN = ("ygo-rule-1-single-elimination", N_("Life Points are equal: finish the current turn, then compare them again."))
TURN_BY_TURN = ("ygo-rule-1-single-elimination", N_("Life Points are still equal: play goes on turn by turn; tap when this turn ends."))
TURN_LIFE = ("ygo-rule-1-single-elimination", N_("The turn is over: enter both Duelists' Life Points; the Duelist with more wins the Duel."))
FIRST_PLAYER = ("ygo-new-duel-first-player", N_("A new Duel decides the match: a random method (die roll, coin flip) picks a Duelist, who chooses who goes first."))
NEW_DUEL_TURN = ("ygo-new-duel-four-turns", N_("The new Duel lasts four turns in total, two for each Duelist: tap when each turn ends."))
NEW_DUEL_LIFE = ("ygo-new-duel-life-points", N_("The four turns are over: enter both Duelists' Life Points; the Duelist with more wins the match."))
NEW_DUEL_TURN_BY_TURN = ("ygo-new-duel-turn-by-turn", N_("Life Points are still equal: play goes on turn by turn; tap when this turn ends."))
NEW_DUEL_TURN_LIFE = ("ygo-new-duel-turn-by-turn", N_("The turn is over: enter both Duelists' Life Points; the Duelist with more wins the match."))


@dataclass
class Duel:
    """One Duel as the taps describe it: its turns so far and its facts for the scenario."""
    new: bool
    turns: list[dict[str, Any]] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)
    compared: bool = False  # the first comparison of Life Points is behind

    @property
    def turn(self) -> int:
        return int(self.turns[-1]["number"])

    @property
    def player(self) -> str:
        return str(self.turns[-1]["player"])

    def begin_turn(self, number: int, player: str) -> None:
        self.turns.append({"number": number, "player": player, "extra": False})

    def next_turn(self) -> None:
        self.begin_turn(self.turn + 1, other(self.player))


@dataclass
class Procedure:
    """The scenario so far, the Duel being played, and what the procedure waits for."""
    scenario: dict[str, Any]
    current: Duel | None = None
    new_duel: Duel | None = None
    awaiting: str | None = None
    instruction: tuple[str, str] | None = None

    @property
    def duel(self) -> Duel:
        duel = self.new_duel or self.current
        assert duel is not None
        return duel

    def facts_changed(self) -> None:
        if self.current is not None:
            self.scenario["current_game"] = dict(self.current.facts)
        if self.new_duel is not None:
            self.scenario["tiebreak_game"] = dict(self.new_duel.facts)

    def wait(self, awaiting: str | None, instruction: tuple[str, str] | None = None) -> None:
        self.awaiting, self.instruction = awaiting, instruction

    def ruling(self) -> Ruling:
        return ruled_under_its_edition(read_scenario(self.scenario))


def track_duel(events: list[Any], lang: str) -> dict[str, Any]:
    """The state after ``events`` (already checked: a list starting with a Yu-Gi-Oh! ``start``)."""
    p = _start(events[0])
    for index, event in enumerate(events[1:], start=1):
        if not isinstance(event, dict) or event.get("type") not in EVENT_TYPES:
            raise event_error(index, "type", UNKNOWN_EVENT)
        kind = event["type"]
        if kind not in ACCEPTS[p.awaiting]:
            raise event_error(index, "type", NOT_NOW)
        if kind == "phase-ended":
            p.wait("life-points", PHASE_LIFE)
        elif kind == "life-points":
            _compare(p, _life(event.get("life"), index))
        elif kind == "next-turn":
            _turn_ended(p)
        elif kind == "duel-won":
            player = event.get("player")
            if player not in ("A", "B", "draw"):
                raise event_error(index, "player", N_("{field}: A, B or draw."))
            _duel_won(p, player)
        else:
            first = event.get("first_player")
            if first not in ("A", "B"):
                raise event_error(index, "first_player", N_("{field}: A or B."))
            p.new_duel = Duel(new=True, facts={"first_player": first})
            p.new_duel.begin_turn(1, first)
            p.facts_changed()
            p.wait("turn-end", NEW_DUEL_TURN)
    return _state(p, lang)


def _start(start: dict[str, Any]) -> Procedure:
    keys = ("edition", "event_date", "round", "best_of", "time_called", "active_player", "games_won", "games_drawn",
            "side_deck_accessed")
    scenario = {"game": "yugioh", "round": "swiss", "games_won": [0, 0], "time_called": "during-game"}
    scenario |= {k: start[k] for k in keys if k in start}
    if not _three_rules(scenario):
        # v2.5 stops the Duel at the time call: whose turn it was and the Side Deck play no part.
        for key in ("active_player", "side_deck_accessed"):
            scenario.pop(key, None)
        p = Procedure(_checked_start(scenario))
        p.wait(None)
        return p
    if scenario["time_called"] != "during-game":
        scenario.pop("active_player", None)
    elif "active_player" not in scenario:
        scenario["active_player"] = "A"
    # A result stands in for the game in progress only to check the start's facts now.
    _checked_start(scenario | ({"current_game": {"winner": "draw"}} if scenario["time_called"] == "during-game" else {}))
    p = Procedure(scenario)
    if scenario["time_called"] == "during-game":
        p.current = Duel(new=False)
        p.current.begin_turn(0, scenario["active_player"])
        p.facts_changed()
        p.wait("phase-end", PHASE_END)
    else:
        _after_game(p)
    return p


def _three_rules(scenario: dict[str, Any]) -> bool:
    """Whether the start's edition (chosen, in force on its date, or the newest) is v2.3; an edition
    or date the engine refuses is refused when the start is checked."""
    chosen, day = scenario.get("edition"), scenario.get("event_date")
    if isinstance(chosen, str):
        return chosen == "2.3"
    if isinstance(day, str) and is_date(day):
        found = in_force_on("yugioh", day)
        return found is not None and found.id == "2.3"
    return newest("yugioh").id == "2.3"


def _checked_start(scenario: dict[str, Any]) -> dict[str, Any]:
    """The start's facts as the engine reads them, or its refusal naming the start's field (``/0/…``)."""
    try:
        read_scenario(scenario)
    except ScenarioError as error:
        error.field = f"/0{error.field}"
        error.params = {k: f"/0{v}" if k == "field" or k.endswith("_field") else v for k, v in error.params.items()}
        raise
    return scenario


def _life(life: Any, index: int) -> tuple[int, int]:
    if (not isinstance(life, list) or len(life) != 2
            or any(type(v) is not int or not 0 <= v <= MAX_LIFE_POINTS for v in life)):
        raise event_error(index, "life", N_("{field}: two whole numbers between {minimum} and {maximum}."),
                     "out-of-range", minimum=0, maximum=MAX_LIFE_POINTS)
    return life[0], life[1]


def _compare(p: Procedure, life: tuple[int, int]) -> None:
    duel = p.duel
    best = higher(life)
    if not duel.compared:
        # The first comparison: at the end of the current Phase, or after the new Duel's four turns.
        duel.compared = True
        duel.facts["life"] = list(life)
        p.facts_changed()
        if best is None and p.ruling().next in ("finish-turn", "turn-by-turn"):
            if duel.new:  # the four turns are over: the next turn is the first of the turn-by-turn play
                duel.next_turn()
                p.wait("turn-end", NEW_DUEL_TURN_BY_TURN)
            else:         # the turn in which time was called is finished first
                p.wait("turn-end", FINISH_TURN)
            return
    elif best is None:
        duel.next_turn()
        p.wait("turn-end", NEW_DUEL_TURN_BY_TURN if duel.new else TURN_BY_TURN)
        return
    else:
        duel.facts["winner"] = best  # the first turn to end with more Life Points decides
        p.facts_changed()
    _after_game(p)


def _turn_ended(p: Procedure) -> None:
    duel = p.duel
    if duel.new and duel.turn < yugioh.NEW_DUEL_TURNS:
        duel.next_turn()
        p.wait("turn-end", NEW_DUEL_TURN)
    elif duel.new:
        p.wait("life-points", NEW_DUEL_TURN_LIFE if duel.compared else NEW_DUEL_LIFE)
    else:
        p.wait("life-points", TURN_LIFE)


def _duel_won(p: Procedure, player: str) -> None:
    """Rule 3 (or the new Duel's own end): the Duel ended during the procedure."""
    duel = p.duel
    duel.facts = {k: v for k, v in duel.facts.items() if k == "first_player"} | {"winner": player}
    if duel.new and duel.turn <= yugioh.NEW_DUEL_TURNS:
        duel.facts["during_turn"] = duel.turn
    elif not duel.new and not duel.compared:
        duel.facts["during_turn"] = 0  # within the Phase in which time was called
    p.facts_changed()
    _after_game(p)


def _after_game(p: Procedure) -> None:
    if p.new_duel is None and p.ruling().next == "new-duel":
        p.wait("first-player", FIRST_PLAYER)
    else:
        p.wait(None)


def _state(p: Procedure, lang: str) -> dict[str, Any]:
    finished = p.awaiting is None
    # Until the first Life Points of the Duel in which time was called, there is nothing to rule on.
    waiting_for_life = p.current is not None and not p.current.compared and "winner" not in p.current.facts
    ruling = None if waiting_for_life else p.ruling()
    # Waiting for the new Duel's first player, no turn is being played.
    duel = None if p.awaiting == "first-player" else p.new_duel or p.current
    instruction = None
    if p.instruction is not None:
        rule, msgid = p.instruction
        instruction = {"rule": rule, "title": title(rule, lang), "text": translate(lang, msgid)}
    return {
        "version": 1,
        "game": "yugioh",
        "scenario": p.scenario,
        "stage": "new-duel" if p.new_duel is not None else "current-duel" if p.current is not None else "between-games",
        "awaiting": p.awaiting,
        "instruction": instruction,
        # What the Duelists do now and what happens next, as every ruling opens (rules_engine.summary).
        "summary": render_sentences(lang, ruling.summary) if ruling is not None else None,
        "turn": None if finished or duel is None else duel.turn,
        "player": None if finished or duel is None else duel.player,
        "extra": False,
        "turns_left": max(0, yugioh.NEW_DUEL_TURNS - duel.turn) if p.new_duel is not None and duel else 0,
        "additional_turns": yugioh.NEW_DUEL_TURNS if p.new_duel is not None else 0,
        "plan": list((p.new_duel or p.current).turns) if (p.new_duel or p.current) is not None else [],
        "finished": finished,
        "clock": None,
        "next": None,
        "warnings": [],
        "current_game": ({"result": ruling.game_result, "decided_by": ruling.game_decided_by}
                         if ruling is not None and p.current is not None else None),
        "match": ({"result": ruling.match_result, "decided_by": ruling.match_decided_by, "next": ruling.next,
                   "record": list(ruling.record), "final": ruling.final,
                   "holds_if_nobody_wins": ruling.holds_if_nobody_wins} if ruling is not None else None),
        "explanation": [step_json(lang, s) for s in (ruling.steps if ruling is not None else [])],
    }
