"""The turn tracker for Disney Lorcana TCG (DESIGN §3.6): a judge's taps in, the state of the procedure out.

Turn 0, then five turns (one under Takara Tomy's rules for Japan), every turn counting whoever takes
it; a Slow Play penalty given before time was called adds two. In single elimination with equal game
wins, nobody having won when the turns are over, the lore totals decide: the tracker asks them then.
Every decision is the rules engine's own ruling (rules_engine.games.lorcana) on the scenario the taps
describe so far, so the tracker can never disagree with the checker.

Events (``type``), after ``start`` (``game`` "lorcana", ``region`` (absent: the worldwide rules),
``edition``, ``round``, ``best_of``, ``games_won``, ``games_drawn``, ``active_player``,
``turn_pass_announced``, and ``slow_play_penalties`` given before time was called):
- ``next-turn``: the turn in progress ended and the next one begins;
- ``slow-play``: a Slow Play penalty to ``player`` after time was called: the penalty stands, no turn
  is added (this site's reading, the ruling says so); a second one to the same player in the match
  is a case the text does not settle, for the head judge;
- ``lore``: ``lore`` ``[a, b]``, the lore totals when the turns are over, asked only where they decide and
  only if nobody won.
Once every turn of the plan is played (and the lore entered, where it is asked), the scenario handed on says
so (``additional_turns_played``): nobody won in those turns, or the judge enters the win in the checker.
Each moment accepts only the taps that can come next; any other is refused, never guessed at.
"""

from __future__ import annotations

from typing import Any

from .. import summary
from ..contract.errors import event_error
from ..contract.reading import read_scenario
from ..games import rule as ruled_under_its_edition
from ..i18n import N_, translate
from ..ruling import Ruling, render_sentences, step_json
from ..titles import title
from .duels import NOT_NOW, UNKNOWN_EVENT, _checked_start as checked_start

EVENT_TYPES = {"next-turn", "slow-play", "lore"}
START_KEYS = ("region", "edition", "event_date", "best_of", "games_won", "games_drawn", "turn_pass_announced",
              "slow_play_penalties")
MAX_LORE = 999  # the scenario's own bound (contract/fields.py)
# Where the ruling, with no lore given, waits for the lore totals at the end of the turns.
LORE_NEXT = {"compare-lore", "lore-lead"}
# The steps about the game's and the match's results: said once the procedure is over, not while
# turns are still to play (a player may yet win).
RESULT_RULES = {
    "lorcana-record", "lorcana-more-game-wins", "lorcana-swiss", "lorcana-french-differs-note",
    "lorcana-time-called", "lorcana-2024-no-new-games", "lorcana-2024-swiss", "lorcana-2023-match",
    "lorcana-japan-time-called", "lorcana-japan-more-game-wins", "lorcana-japan-swiss", "lorcana-japan-earlier",
}
# The plan of the turns, said in the summary: behind the judge once the procedure is over.
PLAN = summary.PLAN | {summary.LORCANA_FINISH, summary.LORCANA_FINISH_ONE}

# What the judge does at the end of the turns, when the lore totals decide: (rule id, instruction).
ASK_LORE = N_("The end-of-match turns are over. If nobody has won the game, enter both players' lore totals: the higher lore total wins the match; with equal lore, the game continues until one player has more.")
ASK_LORE_EQUAL_ONLY = N_("The end-of-match turns are over. If nobody has won the game, enter both players' lore totals: with equal lore, the game continues until one player has more; with unequal lore, this edition does not say who wins.")


def track_lorcana(events: list[Any], lang: str) -> dict[str, Any]:
    """The state after ``events`` (a list whose times and first event the caller has checked)."""
    start = events[0]
    scenario: dict[str, Any] = {"game": "lorcana", "round": start.get("round"), "time_called": "during-game",
                                "active_player": start.get("active_player")}
    scenario |= {key: start[key] for key in START_KEYS if key in start}
    checked_start(scenario)  # a refusal names the start's field
    ruling = _rule(scenario)
    plan = ruling.turns
    current = 0
    warnings: list[dict[str, Any]] = []
    for index, event in enumerate(events[1:], start=1):
        if not isinstance(event, dict) or event.get("type") not in EVENT_TYPES:
            raise event_error(index, "type", UNKNOWN_EVENT)
        moment = _moment(ruling, current, scenario)
        kind = event["type"]
        if kind == "next-turn" and moment == "turns":
            current += 1
        elif kind == "slow-play" and moment == "turns":
            player = event.get("player")
            if player not in ("A", "B"):
                raise event_error(index, "player", N_("{field}: not one of the choices."))
            before = scenario.get("slow_play_penalties", [])
            second = any(p.get("player") == player for p in before if isinstance(p, dict))
            scenario["slow_play_penalties"] = [*before, {"player": player, "during_additional_turns": True}]
            ruling = _rule(scenario)
            warnings.append({"player": player, "turn": current, "second": second})
            if ruling.turns:
                plan = ruling.turns
            else:  # the head judge decides: the plan stops at the turn the penalty was given in
                plan = plan[: current + 1]
        elif kind == "lore" and moment == "lore":
            lore = event.get("lore")
            if (not isinstance(lore, list) or len(lore) != 2
                    or any(type(v) is not int or not 0 <= v <= MAX_LORE for v in lore)):
                raise event_error(index, "lore", N_("{field}: two whole numbers between {minimum} and {maximum}."),
                                  "out-of-range", minimum=0, maximum=MAX_LORE)
            # Asked "if nobody has won the game": the lore entered says the turns are over with no winner.
            scenario["current_game"] = {"lore": list(lore)}
            scenario["additional_turns_played"] = True
            ruling = _rule(scenario)
        else:
            raise event_error(index, "type", NOT_NOW)

    moment = _moment(ruling, current, scenario)
    finished = moment == "over"
    if (finished and ruling.turns and current > ruling.turns[-1].number and ruling.next != "head-judge"
            and not scenario.get("additional_turns_played")):
        # Every turn of the plan was played and nobody won (a win is entered in the checker): handed on
        # as such, the ruling states the outcome, not "if nobody wins by then". Never where no turn was
        # played (a single-elimination lead ends the match at the time call) or the head judge decides.
        scenario["additional_turns_played"] = True
        ruling = _rule(scenario)
    last = plan[-1].number if plan else -1
    playing = moment == "turns"
    shown = min(current, last)
    state: dict[str, Any] = {
        "version": 1,
        "game": "lorcana",
        "scenario": read_scenario(scenario).canonical,
        "turn": shown if playing else None,
        "player": plan[shown].player if playing else None,
        "extra": False,
        "turns_left": last - shown if playing else 0,
        "additional_turns": ruling.additional_turns,
        "plan": [{"number": t.number, "player": t.player, "extra": t.extra} for t in plan],
        "finished": finished,
        "clock": None,
        "next": None,
        "awaiting": "lore" if moment == "lore" else None,
        "instruction": _instruction(ruling, lang) if moment == "lore" else None,
        "warnings": warnings,
        "explanation": [step_json(lang, s) for s in ruling.steps if finished or s.rule not in RESULT_RULES],
        "outcome": _outcome(ruling, start, scenario, lang) if finished else None,
    }
    return state


def _outcome(ruling: Ruling, start: dict[str, Any], scenario: dict[str, Any], lang: str) -> str:
    """What the procedure gives once it is over: the engine's summary, said from the end of the plan (its
    turns are behind): with every turn played, of turns over with nobody the winner (a win is entered in
    the checker); where none was played or the head judge decides, without the plan's sentences. Where the
    judge chose the worldwide rules (the setup asks the region with the edition), the summary's clause on a
    region not given is not said."""
    said = ruling.summary if scenario.get("additional_turns_played") else [p for p in ruling.summary
                                                                         if p.msgid not in PLAN]
    if "edition" in start and "region" not in start:
        said = [p for p in said if p.msgid != summary.ASSUMES_WORLDWIDE]
    return render_sentences(lang, said)


def _rule(scenario: dict[str, Any]) -> Ruling:
    return ruled_under_its_edition(read_scenario(scenario))


def _moment(ruling: Ruling, current: int, scenario: dict[str, Any]) -> str:
    """Where the procedure stands: ``turns`` (a turn of the plan is being played), ``lore`` (the turns are
    over and the lore totals decide) or ``over``."""
    if ruling.next == "head-judge" or not ruling.turns:
        return "over"  # nothing to play: the match is decided at the time call, or the head judge decides
    if current <= ruling.turns[-1].number:
        return "turns"
    if ruling.next in LORE_NEXT and "current_game" not in scenario:
        return "lore"
    return "over"


def _instruction(ruling: Ruling, lang: str) -> dict[str, str]:
    """The lore totals asked for, citing the paragraph that reads them."""
    cited = [step.rule for step in ruling.steps]
    if ruling.next == "compare-lore":
        rule = next((r for r in ("lorcana-se-lore", "lorcana-2025-single-elimination") if r in cited), "lorcana-se-lore")
        return {"rule": rule, "title": title(rule, lang), "text": translate(lang, ASK_LORE)}
    rule = next((r for r in ("lorcana-japan-se-lore-lead", "lorcana-2024-single-elimination", "lorcana-se-lore-lead")
                 if r in cited), "lorcana-se-lore-lead")
    return {"rule": rule, "title": title(rule, lang), "text": translate(lang, ASK_LORE_EQUAL_ONLY)}
