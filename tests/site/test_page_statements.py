"""What the pages say the checker does, paired with what the engine rules.

A page sentence that says what the checker does (or what a procedure does, in a way the
checker must agree with) is written by hand; the engine is code. So that the two cannot
drift apart, each such statement is listed here with a scenario and the outcome the engine
must give for it:

- the comparison page (compare.md): every cell that states a ruling, by section id, row
  and column, with the paragraph it links and the link's English words; the same cell of
  every language must link the same paragraph, so a translation cannot drop a statement
  (the cells that were wrong in a translation are pinned in every language);
- the site's notes on the procedure pages that say what the checker does (by paragraph id),
  pinned word for word in every language.

A statement changed on a page fails here until its scenario is checked again; an engine
change that breaks a statement fails here until the page is corrected. Reads the Markdown
sources (no build).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from rules_engine import judge
from rules_engine.contract.errors import ScenarioError

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "overrides" / "hooks"))
import site_rulings  # noqa: E402  (the checker's words a page quotes, as the build writes them)

RULINGS = site_rulings.SCENARIOS
LANGS = ("en", "fr", "pt", "ja")
COLUMNS = {"mtg": 1, "grand-archive": 2, "yugioh": 3, "lorcana": 4}
LINK = re.compile(r"\[([^\]]*)\]\(([^)]*?)#([^)]+)\)")
HEADING = re.compile(r"^#{2,} .*\{#([a-z0-9-]+)\}\s*$")

Scenario = dict[str, Any]


@dataclass(frozen=True)
class Outcome:
    """A subset of the ruling: dotted paths (``match.next``, ``turns.0.player``) and their
    values; ``cites``: rule ids among the explanation's; ``error``: the code of a refusal."""
    values: dict[str, Any] = field(default_factory=dict)
    cites: tuple[str, ...] = ()
    error: str | None = None


@dataclass(frozen=True)
class Cell:
    """A statement of compare.md: section id, row (0 = first row under the header), game
    column, the paragraph it links, the English link words; ``pinned``: the link words in
    the other languages, where one was wrong once."""
    section: str
    row: int
    game: str
    anchor: str
    en: str
    scenario: Scenario
    outcome: Outcome
    pinned: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Sentence:
    """A sentence of a page's paragraph (None: anywhere on the page), in every language."""
    page: str
    paragraph: str | None
    words: dict[str, str]
    scenario: Scenario
    outcome: Outcome


MTG = {"game": "mtg", "round": "swiss", "games_won": [0, 0], "time_called": "during-game", "active_player": "A"}
GA = {"game": "grand-archive", "round": "swiss", "games_won": [0, 0], "time_called": "during-game", "active_player": "A"}
V25 = {"game": "yugioh", "edition": "2.5", "round": "swiss", "games_won": [0, 0], "time_called": "during-game"}
V23 = {"game": "yugioh", "edition": "2.3", "round": "swiss", "games_won": [0, 0], "time_called": "during-game",
       "active_player": "A"}
# Disney Lorcana TCG: Ravensburger's Tournament Rules (worldwide) and Takara Tomy's rules (region Japan).
LOR = {"game": "lorcana", "round": "swiss", "games_won": [0, 0], "time_called": "during-game", "active_player": "A"}
LOR_JP = {**LOR, "region": "japan"}
# Yu-Gi-Oh! OCG events in Japan: this site's summary of Konami Japan's rules (the YGO column's "OCG:").
OCG = {"game": "yugioh", "region": "japan", "round": "swiss", "games_won": [0, 0], "time_called": "during-game",
       "active_player": "A"}
SE = {"round": "single-elimination"}
BETWEEN = {"time_called": "between-games"}


def s(base: Scenario, **changes: Any) -> Scenario:
    scenario = {**base, **changes}
    if scenario.get("time_called") == "between-games":
        scenario.pop("active_player", None)
    return scenario


def o(cites: tuple[str, ...] = (), error: str | None = None, **values: Any) -> Outcome:
    return Outcome({key.replace("__", "."): value for key, value in values.items()}, cites, error)


WTC, RES, SEL = "when-time-is-called", "results", "single-elimination"

CELLS: tuple[Cell, ...] = (
    # When time is called: turn 0
    Cell(WTC, 0, "mtg", "mtg-additional-turns", "The active player finishes the turn",
         MTG, o(turns__0__number=0, turns__0__player="A")),
    Cell(WTC, 0, "mtg", "mtg-pass-the-turn", "the next turn if they had indicated passing it",
         s(MTG, turn_pass_announced=True), o(turns__0__number=0, turns__0__player="B")),
    Cell(WTC, 0, "grand-archive", "ga-turn-zero", "The turn player finishes the turn",
         GA, o(turns__0__number=0, turns__0__player="A")),
    Cell(WTC, 0, "grand-archive", "ga-end-of-turn-call",
         "the next player's turn if called as the turn player is announcing the end of their turn",
         s(GA, turn_pass_announced=True), o(turns__0__number=0, turns__0__player="B")),
    Cell(WTC, 0, "yugioh", "ygo-v2-5-double-loss", "v2.5: the Duel stops at the time call",
         V25, o(turns=[], current_game__decided_by="stopped")),
    Cell(WTC, 0, "yugioh", "ygo-whose-turn", "v2.3: note whose turn it is",
         {k: v for k, v in V23.items() if k != "active_player"}, o(error="missing-field")),
    # When time is called: additional turns
    Cell(WTC, 1, "mtg", "mtg-additional-turns", "5", MTG, o(additional_turns=5)),
    Cell(WTC, 1, "mtg", "mtg-team-three-turns", "3 in Two-Headed Giant",
         s(MTG, two_headed_giant=True, best_of=1), o(additional_turns=3)),
    Cell(WTC, 1, "mtg", "mtg-slow-play-note",
         "+2 for a Slow Play penalty that adds turns (Competitive and Professional REL only)",
         s(MTG, rel="competitive", slow_play_penalties=[{"player": "A", "during_additional_turns": False}]),
         o(additional_turns=7)),
    Cell(WTC, 1, "mtg", "mtg-slow-play-note",
         "+2 for a Slow Play penalty that adds turns (Competitive and Professional REL only)",
         s(MTG, rel="regular", slow_play_penalties=[{"player": "A", "during_additional_turns": False}]),
         o(additional_turns=5)),
    Cell(WTC, 1, "mtg", "mtg-extra-turns-note", "extra turns count among them",
         s(MTG, extra_turns=[{"player": "B", "after_turn": 1}]), o(additional_turns=5, turns__2__extra=True)),
    Cell(WTC, 1, "grand-archive", "ga-overtime", "3, or 5 minutes, whichever comes first",
         GA, o(additional_turns=3, time_limit_minutes=5)),
    Cell(WTC, 1, "grand-archive", "ga-overtime", "the 5 minutes counted from the end of turn 0",
         s(GA, clock_expired_during_turn=1), o(turns__1__number=1, match__next="finish-combat-and-stack")),
    Cell(WTC, 1, "grand-archive", "ga-ending-overtime", "the game ends in a main phase with an empty stack",
         s(GA, clock_expired_during_turn=2), o(("ga-ending-overtime",), match__next="finish-combat-and-stack")),
    Cell(WTC, 1, "yugioh", "ygo-v2-5-double-loss", "v2.5: the Duel stops, no Phase or turn is finished",
         V25, o(turns=[], additional_turns=0, current_game__decided_by="stopped")),
    Cell(WTC, 1, "yugioh", "ygo-rule-1-current-phase", "v2.3: play goes on to the end of the current Phase",
         s(V23, current_game={"life": [4000, 3000]}),
         o(current_game__result="A", current_game__decided_by="life-points"),
         pinned={"fr": "v2.3 : le jeu continue jusqu’à la fin de la Phase en cours",
                 "pt": "v2.3: o Duelo continua até o fim da Fase atual",
                 "ja": "v2.3：現在のフェイズの終了までプレイを続ける"}),
    Cell(WTC, 1, "yugioh", "ygo-rule-1-single-elimination",
         "in single elimination, with equal Life Points there: to the end of the turn, then turn by turn while they stay equal",
         s(V23, **SE, games_won=[1, 1], current_game={"winner": None, "life": [3000, 3000]}),
         o(("ygo-rule-1-single-elimination",), match__next="finish-turn", match__result="undecided"),
         pinned={"fr": "en élimination directe, Life Points égaux à ce moment : jusqu’à la fin du tour, puis tour par tour tant qu’ils restent égaux",
                 "pt": "na eliminatória simples, com Pontos de Vida iguais nesse momento: até o fim do turno, depois turno a turno enquanto continuarem iguais",
                 "ja": "シングルエリミネーションで、その時点のライフポイントが同じなら、そのターンの終了まで行い、それでも同じなら1ターンずつ続ける"}),
    # When time is called: time extension
    Cell(WTC, 2, "mtg", "mtg-time-extension", "The procedure starts after it",
         s(MTG, time_extension_minutes=3), o(("mtg-time-extension",), additional_turns=5)),
    Cell(WTC, 2, "grand-archive", "ga-time-extension", "At most 5 minutes, before the overtime",
         s(GA, time_extension_minutes=6), o(error="out-of-range")),
    Cell(WTC, 2, "grand-archive", "ga-time-extension", "At most 5 minutes, before the overtime",
         s(GA, time_extension_minutes=5), o(additional_turns=3, time_limit_minutes=5)),
    # Results, Swiss: an unfinished game
    Cell(RES, 0, "mtg", "mtg-unfinished-game-draw", "Draw", MTG, o(current_game__result="draw")),
    Cell(RES, 0, "grand-archive", "ga-unfinished-game-draw", "Draw", GA, o(current_game__result="draw")),
    Cell(RES, 0, "yugioh", "ygo-v2-5-double-loss", "v2.5: no decision, the Duel stops",
         V25, o(current_game__result=None, current_game__decided_by="stopped")),
    Cell(RES, 0, "yugioh", "ygo-rule-1-current-phase", "the Duelist with more Life Points wins",
         s(V23, current_game={"life": [2000, 3000]}), o(current_game__result="B")),
    Cell(RES, 0, "yugioh", "ygo-rule-1-swiss", "equal: draw",
         s(V23, current_game={"life": [3000, 3000]}), o(current_game__result="draw")),
    # Results, Swiss: the match
    Cell(RES, 1, "mtg", "mtg-match-result-note", "More game wins; equal: draw",
         s(MTG, games_won=[1, 0]), o(match__result="A")),
    Cell(RES, 1, "mtg", "mtg-match-result-note", "More game wins; equal: draw",
         s(MTG, games_won=[1, 1]), o(match__result="draw")),
    Cell(RES, 1, "mtg", "mtg-no-new-game", "no new game",
         s(MTG, **BETWEEN, games_won=[1, 1]), o(match__result="draw", match__next=None, turns=[])),
    Cell(RES, 1, "grand-archive", "ga-match-result", "More game wins; equal: draw",
         s(GA, games_won=[0, 1]), o(match__result="B")),
    Cell(RES, 1, "grand-archive", "ga-match-result", "More game wins; equal: draw",
         s(GA, games_won=[1, 1]), o(match__result="draw")),
    Cell(RES, 1, "grand-archive", "ga-no-new-game", "no new game",
         s(GA, **BETWEEN, games_won=[1, 1]), o(match__result="draw", match__next=None, turns=[])),
    Cell(RES, 1, "yugioh", "ygo-v2-5-double-loss",
         "v2.5: nobody has won the match: both Duelists receive a loss; no draws",
         s(V25, games_won=[1, 0]), o(match__result="double-loss")),
    Cell(RES, 1, "yugioh", "ygo-rule-2", "more Duels won",
         s(V23, **BETWEEN, games_won=[1, 0]), o(match__result="A")),
    Cell(RES, 1, "yugioh", "ygo-rule-2-swiss", "equal: draw",
         s(V23, **BETWEEN, games_won=[1, 1]), o(match__result="draw", match__next=None)),
    # Results, Swiss: a win during the procedure
    Cell(RES, 2, "mtg", "mtg-no-new-game", "in Swiss, no new game after it",
         s(MTG, games_won=[0, 1], current_game={"winner": "A", "during_turn": 2}),
         o(current_game__result="A", match__result="draw", match__next=None)),
    Cell(RES, 2, "grand-archive", "ga-no-new-game", "in Swiss, no new game after it",
         s(GA, games_won=[0, 1], current_game={"winner": "A", "during_turn": 2}),
         o(current_game__result="A", match__result="draw", match__next=None)),
    Cell(RES, 2, "yugioh", "ygo-v2-5-double-loss", "v2.5: no procedure, the Duel stops",
         V25, o(turns=[], match__result="double-loss")),
    Cell(RES, 2, "yugioh", "ygo-rule-3", "v2.3: that Duelist wins the Duel (Rule 3)",
         s(V23, current_game={"winner": "B", "during_turn": 0}), o(("ygo-rule-3",), current_game__result="B")),
    # Single elimination: draws
    Cell(SEL, 0, "mtg", "mtg-single-elimination-no-draw", "None",
         s(MTG, **SE, games_won=[1, 1], current_game={"life": [5, 5]}),
         o(match__result="undecided", match__next="sudden-death")),
    Cell(SEL, 0, "grand-archive", "ga-single-elimination", "None",
         s(GA, **SE, games_won=[1, 0]), o(match__result="A")),
    Cell(SEL, 0, "yugioh", "ygo-v2-5-top-cut-untimed", "v2.5: Top Cut and final not timed",
         s(V25, **SE, games_won=[1, 0]), o(("ygo-v2-5-top-cut-untimed",), match__next="head-judge")),
    Cell(SEL, 0, "yugioh", "ygo-rule-2-single-elimination", "v2.3: none",
         s(V23, **SE, **BETWEEN, games_won=[1, 1]), o(match__result="undecided", match__next="new-duel")),
    # Single elimination: tiebreaks in order
    Cell(SEL, 1, "mtg", "mtg-highest-life", "Equal game wins: the highest life total wins the game",
         s(MTG, **SE, games_won=[1, 1], current_game={"life": [12, 5]}),
         o(current_game__result="A", match__result="A")),
    Cell(SEL, 1, "mtg", "mtg-sudden-death", "Equal life, or between games: sudden death",
         s(MTG, **SE, games_won=[1, 1], current_game={"life": [5, 5]}), o(match__next="sudden-death")),
    Cell(SEL, 1, "mtg", "mtg-sudden-death", "Equal life, or between games: sudden death",
         s(MTG, **SE, **BETWEEN, games_won=[1, 1]), o(match__next="sudden-death")),
    Cell(SEL, 1, "grand-archive", "ga-step-game-wins", "Game wins",
         s(GA, **SE, games_won=[0, 1]), o(match__result="B")),
    Cell(SEL, 1, "grand-archive", "ga-step-available-life", "Available life",
         s(GA, **SE, current_game={"winner": None, "champion_life": [30, 25], "damage": [10, 4]}),
         o(current_game__decided_by="available-life", match__result="B")),
    Cell(SEL, 1, "grand-archive", "ga-step-influence", "Influence",
         s(GA, **SE, current_game={"winner": None, "champion_life": [30, 30], "damage": [10, 10],
                                   "influence": [3, 5]}),
         o(current_game__decided_by="influence", match__result="B")),
    Cell(SEL, 1, "yugioh", "ygo-v2-5-top-cut-untimed", "none: Top Cut matches and the final are not timed",
         s(V25, **SE, games_won=[1, 0]), o(("ygo-v2-5-top-cut-untimed",), match__next="head-judge")),
    Cell(SEL, 1, "yugioh", "ygo-v2-5-not-known", "a timed round outside a Top Cut: not known, head judge",
         s(V25, **SE), o(("ygo-v2-5-not-known",), match__next="head-judge")),
    Cell(SEL, 1, "yugioh", "ygo-rule-1-current-phase", "Life Points at the end of the Phase",
         s(V23, **SE, games_won=[1, 1], current_game={"life": [100, 3000]}),
         o(current_game__result="B", match__result="B")),
    Cell(SEL, 1, "yugioh", "ygo-rule-1-single-elimination", "Equal: finish the turn",
         s(V23, **SE, games_won=[1, 1], current_game={"life": [3000, 3000]}),
         o(turns__0__player="A", match__next="finish-turn")),
    Cell(SEL, 1, "yugioh", "ygo-new-duel-four-turns", "Equal numbers of Duels won: a new Duel of 4 turns",
         s(V23, **SE, **BETWEEN, games_won=[1, 1]), o(match__next="new-duel", new_duel__turns=4)),
    # Single elimination: ahead in game wins, game unfinished
    Cell(SEL, 2, "mtg", "mtg-unfinished-game-draw", "The game is a draw",
         s(MTG, **SE, games_won=[1, 0]), o(current_game__result="draw", match__result="A")),
    Cell(SEL, 2, "grand-archive", "ga-step-game-wins", "Step 1",
         s(GA, **SE, games_won=[1, 0]), o(match__result="A")),
    Cell(SEL, 2, "yugioh", "ygo-rule-1-current-phase", "Life Points still decide the Duel",
         s(V23, **SE, games_won=[1, 0], current_game={"life": [3000, 5000]}), o(current_game__result="B")),
    Cell(SEL, 2, "yugioh", "ygo-rule-2-single-elimination", "level: new Duel",
         s(V23, **SE, games_won=[1, 0], current_game={"life": [3000, 5000]}), o(match__next="new-duel")),
    Cell(SEL, 2, "yugioh", "ygo-v2-5-top-cut-untimed", "v2.5: not timed",
         s(V25, **SE, games_won=[1, 0]), o(("ygo-v2-5-top-cut-untimed",), match__next="head-judge")),
    # Single elimination: the tiebreak game
    Cell(SEL, 3, "mtg", "mtg-sudden-death", "Sudden death: a player without the highest life total loses",
         s(MTG, **SE, games_won=[1, 1], current_game={"life": [5, 5]}), o(match__next="sudden-death")),
    Cell(SEL, 3, "yugioh", "ygo-rule-2-single-elimination", "New Duel",
         s(V23, **SE, **BETWEEN, games_won=[1, 1]), o(match__next="new-duel")),
    Cell(SEL, 3, "yugioh", "ygo-new-duel-four-turns", "2 turns each",
         s(V23, **SE, **BETWEEN, games_won=[1, 1]), o(new_duel__turns=4)),
    Cell(SEL, 3, "mtg", "mtg-team-as-one-player", "a team counts as one player",
         s(MTG, **SE, two_headed_giant=True, best_of=1, current_game={"life": [20, 20]}),
         o(("mtg-team-as-one-player",), match__next="sudden-death")),
    Cell(SEL, 3, "yugioh", "ygo-new-duel-side-deck",
         "no Side Deck, unless time was called between Duels and a Duelist had used theirs",
         s(V23, **SE, **BETWEEN, games_won=[1, 1], side_deck_accessed=True), o(new_duel__side_deck=True)),
    Cell(SEL, 3, "yugioh", "ygo-new-duel-side-deck",
         "no Side Deck, unless time was called between Duels and a Duelist had used theirs",
         s(V23, **SE, games_won=[1, 0], side_deck_accessed=True, current_game={"life": [1000, 5000]}),
         o(new_duel__side_deck=False)),
    Cell(SEL, 3, "yugioh", "ygo-new-duel-life-points", "then Life Points",
         s(V23, **SE, **BETWEEN, games_won=[1, 1], tiebreak_game={"life": [3000, 5500]}),
         o(match__result="B", match__decided_by="life-points")),
    Cell(SEL, 3, "yugioh", "ygo-new-duel-turn-by-turn", "then turn by turn",
         s(V23, **SE, **BETWEEN, games_won=[1, 1], tiebreak_game={"life": [3000, 3000]}),
         o(match__next="turn-by-turn")),
    # Single elimination: a win that levels the match
    Cell(SEL, 4, "yugioh", "ygo-v2-5-top-cut-untimed", "v2.5: not timed",
         s(V25, **SE, games_won=[1, 0]), o(("ygo-v2-5-top-cut-untimed",), match__next="head-judge")),
    Cell(SEL, 4, "mtg", "mtg-sudden-death", "Sudden death, in a new game",
         s(MTG, **SE, games_won=[1, 0], current_game={"winner": "B", "during_turn": 1}),
         o(match__next="sudden-death")),
    Cell(SEL, 4, "grand-archive", "ga-not-covered", "Not covered: head judge",
         s(GA, **SE, games_won=[1, 0], current_game={"winner": "B", "during_turn": 1}),
         o(match__next="head-judge")),
    Cell(SEL, 4, "yugioh", "ygo-rule-2-single-elimination", "New Duel",
         s(V23, **SE, games_won=[1, 0], current_game={"winner": "B", "during_turn": 0}),
         o(match__next="new-duel")),
    # --- Yu-Gi-Oh! OCG in Japan (the YGO column's "OCG:" entries) ---------------------------------
    Cell(WTC, 0, "yugioh", "ygo-ocg-finish-turn", "the Duel goes on to the end of the turn in progress",
         s(OCG, active_player="B"), o(("ygo-ocg-finish-turn",), turns__0__number=0, turns__0__player="B")),
    Cell(WTC, 1, "yugioh", "ygo-ocg-extra-turns", "3, counted from the opponent's turn",
         OCG, o(("ygo-ocg-extra-turns",), additional_turns=3, turns__1__player="B", turns__3__player="B")),
    Cell(WTC, 1, "yugioh", "ygo-ocg-slow-play", "none added for slow play",
         s(OCG, slow_play_penalties=[{"player": "A", "during_additional_turns": False}]), o(error="not-applicable")),
    Cell(WTC, 2, "yugioh", "ygo-ocg-not-known", "not known to this site",
         s(OCG, time_extension_minutes=5), o(("ygo-ocg-not-known",), additional_turns=3)),
    Cell(RES, 0, "yugioh", "ygo-ocg-life-points", "after the additional turns, the Duelist with more Life Points wins",
         s(OCG, additional_turns_played=True, current_game={"life": [2000, 3000]}),
         o(("ygo-ocg-life-points",), current_game__result="B")),
    Cell(RES, 0, "yugioh", "ygo-ocg-equal-swiss", "equal: draw",
         s(OCG, additional_turns_played=True, current_game={"life": [3000, 3000]}),
         o(("ygo-ocg-equal-swiss",), current_game__result="draw")),
    Cell(RES, 1, "yugioh", "ygo-ocg-match-result", "more Duels won; 1-1, or every Duel drawn: draw",
         s(OCG, **BETWEEN, games_won=[1, 0], games_drawn=1), o(("ygo-ocg-match-result",), match__result="A")),
    Cell(RES, 1, "yugioh", "ygo-ocg-match-result", "more Duels won; 1-1, or every Duel drawn: draw",
         s(OCG, **BETWEEN, games_won=[1, 1]), o(match__result="draw", match__record=[1, 1, 0])),
    Cell(RES, 1, "yugioh", "ygo-ocg-match-result", "more Duels won; 1-1, or every Duel drawn: draw",
         s(OCG, **BETWEEN, games_drawn=2), o(match__result="draw", match__record=[0, 0, 2])),
    Cell(RES, 1, "yugioh", "ygo-ocg-extra-duel", "between Duels: no new Duel",
         s(OCG, **BETWEEN, games_won=[1, 1]), o(("ygo-ocg-extra-duel",), match__next=None, turns=[])),
    Cell(RES, 2, "yugioh", "ygo-ocg-extra-turns", "OCG: that Duelist wins the Duel",
         s(OCG, current_game={"winner": "B", "during_turn": 2}),
         o(("ygo-ocg-extra-turns",), current_game__result="B", match__result="B")),
    Cell(SEL, 0, "yugioh", "ygo-ocg-match-result", "OCG: none: match draws only in Swiss",
         s(OCG, **SE, **BETWEEN, games_won=[1, 1]), o(match__result="undecided", match__next="extra-duel")),
    Cell(SEL, 1, "yugioh", "ygo-ocg-life-points", "Life Points after the additional turns",
         s(OCG, **SE, games_won=[1, 1], additional_turns_played=True, current_game={"life": [100, 3000]}),
         o(("ygo-ocg-life-points",), current_game__result="B", match__result="B")),
    Cell(SEL, 1, "yugioh", "ygo-ocg-sudden-death",
         "Equal: sudden death, decided at the end of a turn in which Life Points changed",
         s(OCG, **SE, games_won=[1, 1], additional_turns_played=True, current_game={"life": [3000, 3000]}),
         o(("ygo-ocg-sudden-death",), current_game__decided_by="sudden-death", match__next="life-points-change")),
    Cell(SEL, 1, "yugioh", "ygo-ocg-extra-duel", "Equal numbers of Duels won: an extra Duel of 4 turns",
         s(OCG, **SE, **BETWEEN, games_won=[1, 1], tiebreak_game={"first_player": "A"}),
         o(("ygo-ocg-extra-duel",), match__next="extra-duel", tiebreak_turns__3__number=4, tiebreak_turns__3__player="B")),
    Cell(SEL, 2, "yugioh", "ygo-ocg-life-points", "Life Points still decide the Duel",
         s(OCG, **SE, games_won=[1, 0], additional_turns_played=True, current_game={"life": [3000, 5000]}),
         o(("ygo-ocg-life-points",), current_game__result="B")),
    Cell(SEL, 2, "yugioh", "ygo-ocg-extra-duel", "level: extra Duel",
         s(OCG, **SE, games_won=[1, 0], additional_turns_played=True, current_game={"life": [3000, 5000]}),
         o(("ygo-ocg-extra-duel",), match__next="extra-duel", match__record=[1, 1, 0])),
    Cell(SEL, 3, "yugioh", "ygo-ocg-extra-duel",
         "an extra Duel: 4 turns, then Life Points; it is not counted as a Duel won",
         s(OCG, **SE, **BETWEEN, games_won=[1, 1], tiebreak_game={"life": [3000, 5000]}),
         o(("ygo-ocg-extra-duel",), match__result="B", match__record=[1, 1, 0])),
    Cell(SEL, 4, "yugioh", "ygo-ocg-extra-duel", "extra Duel",
         s(OCG, **SE, games_won=[1, 0], current_game={"winner": "B", "during_turn": 1}),
         o(("ygo-ocg-extra-duel",), match__next="extra-duel")),
    # --- Disney Lorcana TCG (the LOR column) ---------------------------------------------------
    # When time is called: turn 0
    Cell(WTC, 0, "lorcana", "lorcana-turn-zero", "The active player finishes the turn",
         s(LOR, active_player="B"), o(("lorcana-turn-zero",), turns__0__number=0, turns__0__player="B")),
    Cell(WTC, 0, "lorcana", "lorcana-japan-turn-zero", "Japan: the same",
         s(LOR_JP, active_player="B"), o(("lorcana-japan-turn-zero",), turns__0__number=0, turns__0__player="B")),
    Cell(WTC, 0, "lorcana", "lorcana-not-covered",
         "called as the active player declares the end of their turn: not covered, head judge",
         s(LOR, turn_pass_announced=True), o(("lorcana-not-covered",), match__next="head-judge", turns=[])),
    # When time is called: additional turns
    Cell(WTC, 1, "lorcana", "lorcana-five-turns", "5", LOR, o(additional_turns=5, turns__5__number=5)),
    Cell(WTC, 1, "lorcana", "lorcana-japan-one-turn", "Japan: 1", LOR_JP, o(additional_turns=1, turns__1__player="B")),
    Cell(WTC, 1, "lorcana", "lorcana-every-turn-counts", "every turn counts, whoever takes it",
         LOR, o(("lorcana-every-turn-counts",), turns__1__player="B", turns__2__player="A", turns__5__player="B")),
    Cell(WTC, 1, "lorcana", "lorcana-slow-play-reading",
         "+2 for a Slow Play penalty given before time is called, at every level: 7, in Japan 3 (this site's reading)",
         s(LOR, slow_play_penalties=[{"player": "B", "during_additional_turns": False}]),
         o(("lorcana-slow-play-remedy", "lorcana-slow-play"), additional_turns=7)),
    Cell(WTC, 1, "lorcana", "lorcana-slow-play-reading",
         "+2 for a Slow Play penalty given before time is called, at every level: 7, in Japan 3 (this site's reading)",
         s(LOR_JP, slow_play_penalties=[{"player": "B", "during_additional_turns": False}]),
         o(("lorcana-japan-slow-play",), additional_turns=3)),
    Cell(WTC, 1, "lorcana", "lorcana-slow-play-reading", "none for a penalty given once time is called (this site's reading)",
         s(LOR, slow_play_penalties=[{"player": "A", "during_additional_turns": True}]), o(additional_turns=5)),
    Cell(WTC, 1, "lorcana", "lorcana-readings-note", "a card's extra turn: no rule defines one, none is counted",
         s(LOR, extra_turns=[{"player": "A", "after_turn": 1}]), o(error="not-applicable")),
    # When time is called: time extension
    Cell(WTC, 2, "lorcana", "lorcana-readings-note", "The procedure starts after it (this site's reading)",
         s(LOR, time_extension_minutes=4), o(("lorcana-time-extension",), additional_turns=5, turns__0__player="A")),
    Cell(WTC, 2, "lorcana", "lorcana-time-extension", "for a pause of over a minute; for a deck check, its length plus 3 minutes",
         s(LOR, time_extension_minutes=7), o(("lorcana-time-extension",), additional_turns=5)),
    # Results, Swiss: an unfinished game
    Cell(RES, 0, "lorcana", "lorcana-record", "Draw", LOR, o(current_game__result="draw", match__record=[0, 0, 1])),
    Cell(RES, 0, "lorcana", "lorcana-record", "one game won, the other unfinished: 1-0-1",
         s(LOR, games_won=[1, 0]), o(current_game__result="draw", match__result="A", match__record=[1, 0, 1])),
    Cell(RES, 0, "lorcana", "lorcana-japan-more-game-wins", "Japan: not counted when a player leads in game wins",
         s(LOR_JP, games_won=[1, 0]), o(("lorcana-japan-more-game-wins",), match__result="A", match__record=[1, 0, 0])),
    # Results, Swiss: the match
    Cell(RES, 1, "lorcana", "lorcana-more-game-wins", "More game wins",
         s(LOR, games_won=[0, 1]), o(("lorcana-more-game-wins",), match__result="B")),
    Cell(RES, 1, "lorcana", "lorcana-french-differs-note", "the French text says the game: ruled by the English",
         s(LOR, games_won=[0, 1]), o(("lorcana-french-differs-note",), match__result="B")),
    Cell(RES, 1, "lorcana", "lorcana-swiss", "equal, or none: draw",
         s(LOR, games_won=[1, 1]), o(("lorcana-swiss",), match__result="draw", match__record=[1, 1, 1])),
    Cell(RES, 1, "lorcana", "lorcana-swiss", "equal, or none: draw", LOR, o(("lorcana-swiss",), match__result="draw")),
    Cell(RES, 1, "lorcana", "lorcana-readings-note", "between games: no new game (this site's reading)",
         s(LOR, **BETWEEN, games_won=[1, 0]),
         o(("lorcana-time-called",), match__result="A", match__next=None, match__record=[1, 0, 1], turns=[])),
    # Results, Swiss: a win during the procedure
    Cell(RES, 2, "lorcana", "lorcana-game-ends", "the normal rules",
         s(LOR, games_won=[1, 0], current_game={"winner": "A", "during_turn": 3}),
         o(("lorcana-game-ends",), current_game__result="A", match__result="A", match__record=[2, 0, 0])),
    Cell(RES, 2, "lorcana", "lorcana-game-ends", "the normal rules",
         s(LOR, games_won=[0, 1], current_game={"winner": "A", "during_turn": 3}),
         o(current_game__result="A", match__record=[1, 1, 0])),
    Cell(RES, 2, "lorcana", "lorcana-readings-note", "in Swiss, no new game after it (this site's reading)",
         s(LOR, games_won=[0, 1], current_game={"winner": "A", "during_turn": 3}),
         o(("lorcana-time-called",), match__result="draw", match__next=None)),
    # Single elimination: draws
    Cell(SEL, 0, "lorcana", "lorcana-se-lore-lead", "None given: with equal lore, the game continues",
         s(LOR, **SE, games_won=[1, 1], current_game={"lore": [14, 14]}),
         o(("lorcana-se-lore-lead",), match__result="undecided", match__next="lore-lead")),
    Cell(SEL, 0, "lorcana", "lorcana-other-procedures", "an event may announce its own procedure",
         s(LOR, **SE, games_won=[1, 1]), o(("lorcana-other-procedures",))),
    # Single elimination: tiebreaks in order
    Cell(SEL, 1, "lorcana", "lorcana-se-game-wins-lead", "More game wins when time is called",
         s(LOR, **SE, games_won=[0, 1]), o(match__result="B", match__decided_by="game-wins", turns=[])),
    Cell(SEL, 1, "lorcana", "lorcana-se-five-turns", "Tied: turn 0 and five additional turns",
         s(LOR, **SE, games_won=[1, 1]), o(("lorcana-se-five-turns",), additional_turns=5, turns__0__number=0)),
    Cell(SEL, 1, "lorcana", "lorcana-not-covered", "a game won in them that breaks the tie: not covered, head judge",
         s(LOR, **SE, current_game={"winner": "B", "during_turn": 4}),
         o(("lorcana-not-covered",), current_game__result="B", match__next="head-judge")),
    Cell(SEL, 1, "lorcana", "lorcana-se-lore", "The higher lore total in the current game wins the match",
         s(LOR, **SE, games_won=[1, 1], current_game={"lore": [9, 12]}),
         o(("lorcana-se-lore",), match__result="B", match__decided_by="lore")),
    Cell(SEL, 1, "lorcana", "lorcana-se-lore-lead", "Equal lore: the game continues until one player has more",
         s(LOR, **SE, current_game={"lore": [5, 5]}), o(match__next="lore-lead", current_game__decided_by="lore-lead")),
    Cell(SEL, 1, "lorcana", "lorcana-japan-se-lore-lead", "only equal lore is covered: play on until one player has more",
         s(LOR_JP, **SE, games_won=[1, 1], current_game={"lore": [5, 5]}),
         o(("lorcana-japan-se-lore-lead",), match__next="lore-lead")),
    Cell(SEL, 1, "lorcana", "lorcana-not-covered", "unequal lore: not covered, head judge",
         s(LOR_JP, **SE, games_won=[1, 1], current_game={"lore": [5, 7]}),
         o(("lorcana-not-covered",), match__result="undecided", match__next="head-judge")),
    # Single elimination: ahead in game wins, game unfinished
    Cell(SEL, 2, "lorcana", "lorcana-se-game-wins-lead", "The leader wins the match when time is called",
         s(LOR, **SE, games_won=[1, 0]), o(match__result="A", turns=[], additional_turns=0)),
    Cell(SEL, 2, "lorcana", "lorcana-readings-note", "the game in progress is not played on (this site's reading)",
         s(LOR, **SE, games_won=[1, 0]), o(current_game__result="draw", current_game__decided_by="incomplete", turns=[])),
    Cell(SEL, 2, "lorcana", "lorcana-japan-more-game-wins", "turn 0 and one turn, then the player with more game wins takes the match",
         s(LOR_JP, **SE, games_won=[1, 0]),
         o(("lorcana-japan-more-game-wins",), additional_turns=1, match__result="A", turns__1__number=1)),
    # Single elimination: the tiebreak game
    Cell(SEL, 3, "lorcana", "lorcana-se-five-turns",
         "Tied between games: a new game may be started to complete the five additional turns",
         s(LOR, **SE, **BETWEEN, games_won=[1, 1]), o(("lorcana-se-five-turns",), match__result="undecided")),
    Cell(SEL, 3, "lorcana", "lorcana-not-covered", "how: not covered, head judge",
         s(LOR, **SE, **BETWEEN, games_won=[1, 1]), o(("lorcana-not-covered",), match__next="head-judge")),
    # Single elimination: a win that levels the match
    Cell(SEL, 4, "lorcana", "lorcana-readings-note", "None: a leader wins when time is called (this site's reading)",
         s(LOR, **SE, games_won=[1, 0], current_game={"winner": "B", "during_turn": 2}), o(error="not-applicable")),
    Cell(SEL, 4, "lorcana", "lorcana-not-covered", "not covered, head judge",
         s(LOR_JP, **SE, games_won=[1, 0], current_game={"winner": "B", "during_turn": 1}),
         o(("lorcana-not-covered",), match__record=[1, 1, 0], match__next="head-judge")),
)

YGO, MTG_PAGE, GA_PAGE = "yugioh/end-of-match.md", "mtg/end-of-match.md", "grand-archive/end-of-match.md"

SENTENCES: tuple[Sentence, ...] = (
    Sentence(YGO, "ygo-v2-5-not-known", {
        "en": "For a timed single-elimination round outside a Top Cut, and for a best-of-one match, the checker sends the Duelists to the head judge: <!-- ruling: ygo-v2-5-timed-single-elimination -->",
        "fr": "Pour une ronde à élimination directe limitée dans le temps en dehors d’un top cut, et pour un match en un seul Duel, le vérificateur renvoie les Duellistes à l’arbitre principal : <!-- ruling: ygo-v2-5-timed-single-elimination -->",
        "pt": "Para uma rodada de eliminatória simples com limite de tempo fora de um Top Cut, e para uma partida de um só Duelo, o verificador encaminha os Duelistas ao juiz principal: <!-- ruling: ygo-v2-5-timed-single-elimination -->",
        "ja": "トップカット以外で時間制限のあるシングルエリミネーションのラウンドと、1本勝負のマッチでは、チェッカーはデュエリストをヘッドジャッジのもとへ案内します（<!-- ruling: ygo-v2-5-timed-single-elimination -->",
    }, RULINGS["ygo-v2-5-timed-single-elimination"], o(("ygo-v2-5-not-known",), match__next="head-judge")),
    Sentence(YGO, "ygo-v2-5-not-known", {
        "en": "and for a best-of-one match, the checker sends the Duelists to the head judge: <!-- ruling: ygo-v2-5-timed-single-elimination --> and <!-- ruling: ygo-v2-5-best-of-one -->",
        "fr": "et pour un match en un seul Duel, le vérificateur renvoie les Duellistes à l’arbitre principal : <!-- ruling: ygo-v2-5-timed-single-elimination --> et <!-- ruling: ygo-v2-5-best-of-one -->",
        "pt": "e para uma partida de um só Duelo, o verificador encaminha os Duelistas ao juiz principal: <!-- ruling: ygo-v2-5-timed-single-elimination --> e <!-- ruling: ygo-v2-5-best-of-one -->",
        "ja": "1本勝負のマッチでは、チェッカーはデュエリストをヘッドジャッジのもとへ案内します（<!-- ruling: ygo-v2-5-timed-single-elimination -->、<!-- ruling: ygo-v2-5-best-of-one -->）。",
    }, RULINGS["ygo-v2-5-best-of-one"], o(("ygo-v2-5-not-known",), match__next="head-judge")),
    # The date outside North America, Latin America and Europe, and a local event keeping v2.3: the
    # double loss, with the assumption said in the ruling.
    Sentence(YGO, "ygo-v2-5-not-known", {
        "en": "For any other event it rules the double loss of v2.5, and the ruling says what it assumed: <!-- ruling: ygo-v2-5-any-other-event ygo-v2-5-not-known -->",
        "fr": "Pour tout autre événement, il applique la double défaite de la v2.5, et la décision dit ce qu’elle suppose : <!-- ruling: ygo-v2-5-any-other-event ygo-v2-5-not-known -->",
        "pt": "Para qualquer outro evento, ele aplica a derrota dupla da v2.5, e a decisão diz o que supôs: <!-- ruling: ygo-v2-5-any-other-event ygo-v2-5-not-known -->",
        "ja": "それ以外のイベントでは、チェッカーは v2.5 の両者敗北で裁定し、そのイベントが v2.5 に従っているものとみなしたことを裁定の中で示します（<!-- ruling: ygo-v2-5-any-other-event ygo-v2-5-not-known -->）。",
    }, RULINGS["ygo-v2-5-any-other-event"],
        o(("ygo-v2-5-not-known",), match__result="double-loss", match__next=None, edition__id="2.5")),
    Sentence(YGO, "ygo-v2-5-not-known", {
        "en": "Every v2.5 ruling says that it follows this site's summary.",
        "fr": "Chaque décision selon la v2.5 dit qu’elle suit le résumé de ce site.",
        "pt": "Toda decisão pela v2.5 diz que segue o resumo deste site.",
        "ja": "v2.5 による裁定はすべて、このサイトの要約に従っていることを示します。",
    }, V25, o(edition__holds="summary")),
    Sentence(YGO, "ygo-not-covered", {
        "en": "In those cases the checker sends the Duelists to the head judge.",
        "fr": "Dans ces cas, le vérificateur renvoie les Duellistes à l’arbitre principal.",
        "pt": "Nesses casos, o verificador encaminha os Duelistas ao juiz principal.",
        "ja": "チェッカーはデュエリストをヘッドジャッジのもとへ案内します。",
    }, s(V23, **SE, **BETWEEN, games_won=[1, 1], tiebreak_game={"winner": "draw", "during_turn": 3}),
        o(("ygo-not-covered",), match__next="head-judge")),
    # The one silence ruled on: a new Duel won is counted as a Duel won, and the ruling says it is a reading.
    Sentence(YGO, "ygo-not-covered", {
        "en": "the checker counts a new Duel won as a Duel won (this site's reading).",
        "fr": "le vérificateur compte un nouveau Duel gagné comme un Duel gagné (lecture de ce site).",
        "pt": "o verificador conta um novo Duelo vencido como um Duelo vencido (leitura deste site).",
        "ja": "チェッカーは新しいデュエルの勝利を勝利したデュエルとして数えます（このサイトの読み方）。",
    }, s(V23, **SE, **BETWEEN, games_won=[1, 1], tiebreak_game={"winner": "A", "during_turn": 3}),
        o(("ygo-not-covered",), match__result="A", match__record=[2, 1, 0])),
    Sentence(MTG_PAGE, "mtg-not-covered", {
        "en": "When penalties to different players may add up, and in any situation outside this procedure, the checker sends the players to the head judge.",
        "fr": "le vérificateur",
        "pt": "o verificador",
        "ja": "ヘッドジャッジ",
    }, s(MTG, rel="competitive", slow_play_penalties=[{"player": "A", "during_additional_turns": False},
                                                     {"player": "B", "during_additional_turns": False}]),
        o(("mtg-not-covered",), match__next="head-judge")),
    Sentence(MTG_PAGE, "mtg-slow-play-reading", {
        "en": "a Slow Play penalty given after time was called, during turn 0, adds two turns, and the checker and the tracker rule so.",
        "fr": "le vérificateur",
        "pt": "o verificador",
        "ja": "チェッカー",
    }, s(MTG, rel="competitive", slow_play_penalties=[{"player": "A", "during_additional_turns": False}]),
        o(("mtg-slow-play-reading",), additional_turns=7)),
    Sentence(GA_PAGE, "ga-turn-zero-reading", {
        "en": "the five minutes start when it ends, and the three additional turns are the turns after it.",
        "fr": "le vérificateur",
        "pt": "o verificador",
        "ja": "チェッカー",
    }, s(GA, turn_pass_announced=True, clock_expired_during_turn=1),
        o(("ga-turn-zero-reading",), turns__0__player="B", turns__1__number=1, additional_turns=3)),
    Sentence(GA_PAGE, "ga-not-covered", {
        "en": "In these cases the checker does not guess a ruling: it sends the players to the head judge.",
        "fr": "le vérificateur",
        "pt": "o verificador",
        "ja": "ヘッドジャッジ",
    }, s(GA, **SE, **BETWEEN, games_won=[1, 1]), o(("ga-not-covered",), match__next="head-judge")),
    Sentence(GA_PAGE, "ga-not-covered", {
        "en": "a game that ends during overtime, won or drawn, with game wins then equal",
        "fr": "le vérificateur",
        "pt": "o verificador",
        "ja": "ヘッドジャッジ",
    }, s(GA, **SE, games_won=[1, 0], current_game={"winner": "B", "during_turn": 2}),
        o(("ga-not-covered",), match__next="head-judge")),
    # The glossary's words on what the checker does.
    Sentence("glossary.md", None, {
        "en": "The checker rules under the edition in force on the event's date, or the current one;",
        "fr": "Le vérificateur applique l’édition en vigueur à la date de l’événement, ou l’édition actuelle ;",
        "pt": "O verificador aplica a edição em vigor na data do evento, ou a edição atual;",
        "ja": "チェッカーは、イベントの日に施行されていた版、または現行の版で裁定します。",
    }, {"game": "yugioh", "event_date": "2025-01-01", "round": "swiss", "games_won": [1, 0], "time_called": "between-games"},
        o(edition__id="2.3")),
    Sentence("glossary.md", None, {
        "en": "The checker rules under the edition in force on the event's date, or the current one;",
        "fr": "ou l’édition actuelle",
        "pt": "ou a edição atual",
        "ja": "または現行の版で裁定します。",
    }, {k: v for k, v in V25.items() if k != "edition"}, o(edition__id="2.5")),
    Sentence("glossary.md", None, {
        "en": "When a procedure's text does not cover a case, the checker says so and sends the players to the head judge",
        "fr": "Quand le texte d’une procédure ne couvre pas un cas, le vérificateur le dit et renvoie les joueurs à l’arbitre principal",
        "pt": "Quando o texto de um procedimento não cobre um caso, o verificador diz isso e encaminha os jogadores ao juiz principal",
        "ja": "手順の本文が扱っていないケースでは、チェッカーはそのことを示し、プレイヤーをヘッドジャッジのもとへ案内します",
    }, s(GA, **SE, **BETWEEN, games_won=[1, 1]), o(("ga-not-covered",), match__next="head-judge")),
    # The glossary's Disney Lorcana words on what the checker does.
    Sentence("glossary.md", None, {
        "en": "The checker asks for the region; left empty, it rules under the worldwide rules and says which region's rules differ",
        "fr": "Le vérificateur demande la région ; laissée vide, il applique les règles mondiales et dit quelle région a des règles différentes",
        "pt": "O verificador pergunta a região; deixada em branco, ele aplica as regras mundiais e diz qual região tem regras diferentes",
        "ja": "チェッカーは地域を尋ね、入力されていなければ世界共通のルールで裁定し、ルールの異なる地域を示します",
    }, LOR, o(("lorcana-region-note",), edition__id="2026-07-14")),
    Sentence("glossary.md", None, {
        "en": "The checker asks for the region; left empty, it rules under the worldwide rules",
        "fr": "Le vérificateur applique ces règles quand la [région](#region) est le Japon",
        "pt": "O verificador aplica essas regras quando a [região](#region) é o Japão",
        "ja": "[地域](#region)が日本のとき、チェッカーはこのルールで裁定します",
    }, LOR_JP, o(("lorcana-region-note",), edition__id="japan-2026-02-12", additional_turns=1)),
    Sentence("glossary.md", None, {
        "en": "the two turns are added to the five additional turns (seven; in Japan, one plus two: three), at every level",
        "fr": "les deux tours s’ajoutent aux cinq tours additionnels (sept ; au Japon, un plus deux : trois), à tous les niveaux",
        "pt": "os dois turnos se somam aos cinco turnos adicionais (sete; no Japão, um mais dois: três), em todos os níveis",
        "ja": "この2ターンは5ターンの延長ターンに加えられて7ターンになり（日本では1ターンに加えられて3ターン）",
    }, s(LOR, slow_play_penalties=[{"player": "A", "during_additional_turns": False}]),
        o(("lorcana-slow-play-remedy",), additional_turns=7)),
    Sentence("glossary.md", None, {
        "en": "(seven; in Japan, one plus two: three)",
        "fr": "(sept ; au Japon, un plus deux : trois)",
        "pt": "(sete; no Japão, um mais dois: três)",
        "ja": "（日本では1ターンに加えられて3ターン）",
    }, s(LOR_JP, slow_play_penalties=[{"player": "A", "during_additional_turns": False}]),
        o(("lorcana-japan-slow-play",), additional_turns=3)),
    Sentence("glossary.md", None, {
        "en": "whether turn 0 is the next turn when time is called as the active player declares the end of their turn, they do not say, and the checker sends the players to the head judge",
        "fr": "elles ne disent pas si le tour 0 est le tour suivant, et le vérificateur renvoie les joueurs à l’arbitre principal",
        "pt": "elas não dizem se o turno 0 é o seguinte, e o verificador encaminha os jogadores ao juiz principal",
        "ja": "次のターンが0ターン目になるかどうかは定めていないため、チェッカーはプレイヤーをヘッドジャッジのもとへ案内します",
    }, s(LOR, turn_pass_announced=True), o(("lorcana-not-covered",), match__next="head-judge")),
    # The tracker's page: the rules it applies are the engine's.
    Sentence("tracker.md", None, {
        "en": "if neither Duelist has won the match, both Duelists receive a loss, with no Phase, Life Points or new Duel to tap.",
        "fr": "si aucun Duelliste n’a gagné le match, les deux Duellistes reçoivent une défaite, sans Phase, Life Points ni nouveau Duel à saisir.",
        "pt": "se nenhum Duelista tiver vencido a partida, ambos os Duelistas recebem uma derrota, sem Fase, Pontos de Vida nem novo Duelo para registrar.",
        "ja": "どちらのデュエリストもマッチに勝利していなければ両方のデュエリストが敗北となり、フェイズ、ライフポイント、新しいデュエルの入力はありません。",
    }, s(V25, games_won=[1, 0]), o(match__result="double-loss", turns=[])),
    Sentence("tracker.md", None, {
        "en": "Slow Play adds turns only at Competitive and Professional REL (left unchosen, the tracker says what it assumes)",
        "fr": "le Slow Play n’ajoute des tours qu’aux REL Compétitif et Professionnel",
        "pt": "o Jogo Lento só acrescenta turnos nos REL Competitivo e Profissional",
        "ja": "〔遅いプレイ〕でターンが加わるのは競技RELとプロRELだけです",
    }, s(MTG, rel="regular", slow_play_penalties=[{"player": "A", "during_additional_turns": False}]),
        o(additional_turns=5)),
    Sentence("tracker.md", None, {
        "en": "Slow Play adds turns only at Competitive and Professional REL (left unchosen, the tracker says what it assumes)",
        "fr": "sans choix, le suivi indique ce qu’il suppose",
        "pt": "sem escolha, o contador diz o que supõe",
        "ja": "選ばなければ、トラッカーは何を前提にしたかを示します",
    }, s(MTG, slow_play_penalties=[{"player": "A", "during_additional_turns": False}]),
        o(("mtg-slow-play-note",), additional_turns=7)),
    Sentence("tracker.md", None, {
        "en": "a second Slow Play penalty to the same player is a Game Loss: the opponent wins the game in progress",
        "fr": "une deuxième pénalité pour Slow Play au même joueur est une perte de partie (Game Loss) : l’adversaire gagne la partie en cours",
        "pt": "uma segunda penalidade por Jogo Lento ao mesmo jogador é uma Perda de Jogo (Game Loss): o oponente vence o jogo em andamento",
        "ja": "ゲームの敗北",
    }, s(MTG, rel="competitive", current_game={"winner": "B"},
         slow_play_penalties=[{"player": "A", "during_additional_turns": False},
                              {"player": "A", "during_additional_turns": False}]),
        o(current_game__result="B", current_game__decided_by="game-loss", additional_turns=0)),
)


# ---------------------------------------------------------------------------------------
# Reading the pages
# ---------------------------------------------------------------------------------------

def source(lang: str, page: str) -> str:
    return (ROOT / "docs" / lang / page).read_text(encoding="utf-8")


@cache
def compare_tables(lang: str) -> dict[str, list[list[str]]]:
    """compare.md's tables by section id: the body rows, each a list of cells."""
    tables: dict[str, list[list[str]]] = {}
    section = None
    for line in source(lang, "compare.md").splitlines():
        heading = HEADING.match(line)
        if heading:
            section = heading.group(1)
            continue
        if section and line.startswith("|"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            tables.setdefault(section, []).append(cells)
    # drop each table's header and separator rows
    return {name: rows[2:] for name, rows in tables.items()}


def links(cell: str) -> list[tuple[str, str]]:
    return [(text, anchor) for text, _, anchor in LINK.findall(cell)]


def paragraph(lang: str, page: str, paragraph_id: str | None) -> str:
    """The Markdown paragraph that carries ``{#paragraph_id ...}`` on its last line."""
    text = source(lang, page)
    if paragraph_id is None:
        return " ".join(text.split())
    for block in re.split(r"\n\s*\n", text):
        if re.search(r"\{#" + re.escape(paragraph_id) + r"[ }]", block):
            return " ".join(block.split())
    raise AssertionError(f"docs/{lang}/{page}: no paragraph {{#{paragraph_id}}}")


# ---------------------------------------------------------------------------------------
# Ruling the scenarios
# ---------------------------------------------------------------------------------------

def value_at(ruling: dict[str, Any], path: str) -> Any:
    value: Any = ruling
    for part in path.split("."):
        value = value[int(part)] if isinstance(value, list) else value.get(part)
    return value


def check(scenario: Scenario, outcome: Outcome, where: str) -> None:
    try:
        ruling = judge({"version": 1, **scenario}, "en")
    except ScenarioError as error:
        assert outcome.error == error.code, f"{where}: the engine refuses {scenario}: {error.code} {error}"
        return
    assert outcome.error is None, f"{where}: the engine rules {scenario}, where the page says it refuses it"
    for path, expected in outcome.values.items():
        assert value_at(ruling, path) == expected, (
            f"{where}: the page says {path} == {expected!r} for {scenario}; the engine gives "
            f"{value_at(ruling, path)!r} ({ruling['summary']})")
    cited = {step["rule"] for step in ruling["explanation"]}
    missing = set(outcome.cites) - cited
    assert not missing, f"{where}: the ruling of {scenario} does not cite {sorted(missing)}"


def _cell_id(cell: Cell) -> str:
    return f"{cell.section}-{cell.row}-{cell.game}-{cell.anchor}-{cell.en[:24]}"


@pytest.mark.parametrize("cell", CELLS, ids=_cell_id)
def test_compare_cell_agrees_with_the_engine(cell: Cell) -> None:
    where = f"compare.md#{cell.section} row {cell.row + 1}, {cell.game}: “{cell.en}”"
    for lang in LANGS:
        cells = compare_tables(lang)[cell.section][cell.row]
        found = links(cells[COLUMNS[cell.game]])
        anchors = [anchor for _, anchor in found]
        assert cell.anchor in anchors, f"docs/{lang}/{where}: no link to #{cell.anchor} in {cells[COLUMNS[cell.game]]!r}"
        words = {"en": cell.en, **cell.pinned}.get(lang)
        if words is not None:
            assert (words, cell.anchor) in found, (
                f"docs/{lang}/{where}: the link to #{cell.anchor} no longer reads “{words}”: check the new words "
                f"against the engine, then update this table")
    check(cell.scenario, cell.outcome, where)


@pytest.mark.parametrize("sentence", SENTENCES, ids=lambda s: f"{s.page}-{s.paragraph}-{s.words['en'][:30]}")
def test_page_sentence_agrees_with_the_engine(sentence: Sentence) -> None:
    for lang in LANGS:
        text = paragraph(lang, sentence.page, sentence.paragraph)
        assert sentence.words[lang] in text, (
            f"docs/{lang}/{sentence.page}#{sentence.paragraph} no longer says “{sentence.words[lang]}”: "
            f"check the new words against the engine, then update this table")
    check(sentence.scenario, sentence.outcome, f"{sentence.page}#{sentence.paragraph or ''}")


def test_every_ruling_cell_of_compare_is_paired() -> None:
    """Each link of compare.md's ruling sections (not conduct or sources) has a row here."""
    paired = {(cell.section, cell.row, cell.game, cell.anchor) for cell in CELLS}
    unpaired = []
    for section, rows in compare_tables("en").items():
        if section not in (WTC, RES, SEL):
            continue
        for row_index, row in enumerate(rows):
            for game, column in COLUMNS.items():
                for _, anchor in links(row[column]):
                    if (section, row_index, game, anchor) not in paired and anchor not in UNPAIRED:
                        unpaired.append(f"{section} row {row_index + 1} {game} #{anchor}")
    assert not unpaired, f"compare.md statements with no scenario here: {unpaired}"


# Links of the ruling sections that state the text's procedure without a ruling the engine
# gives (the sudden-death game's own rule, the new Duel's first player, the v2.3 time
# extension, which the scenario does not enter as a judge call): read, not ruled.
UNPAIRED = frozenset({"mtg-time-extension-note", "ygo-time-extension-note", "ygo-new-duel-first-player",
                      "ga-step-main-deck"})


# How each language marks this site's reading in a link's words (translations/terminology.yaml).
READING = {"en": "this site's reading", "fr": "lecture de ce site", "pt": "leitura deste site", "ja": "このサイトの読み方"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_reading_on_the_comparison_page_links_the_note_that_states_it(lang: str) -> None:
    """A cell that says "(this site's reading)" links the note where the page states that reading,
    never a rule paragraph, whose words a reader would then take for the text's."""
    wrong = []
    for line in source(lang, "compare.md").splitlines():
        for words, target, anchor in LINK.findall(line):
            if READING[lang] not in words or not target:
                continue
            page = source(lang, target)
            attributes = re.search(r"\{#" + re.escape(anchor) + r"([ .][^}]*)?\}", page)
            if attributes is None or ".note" not in (attributes.group(1) or ""):
                wrong.append(f"“{words}” → {target}#{anchor}")
    assert not wrong, f"docs/{lang}/compare.md: {wrong}"


# ---------------------------------------------------------------------------------------
# Which Yu-Gi-Oh! rules: the TCG Policy, not Konami Japan's OCG rules
# ---------------------------------------------------------------------------------------

TOOLS = re.compile(r'class="rules-(?:checker|tracker|training)"')


@pytest.mark.parametrize("lang", ("pt", "ja"))
def test_a_page_naming_yugioh_says_which_rules(lang: str) -> None:
    """A page that names Yu-Gi-Oh! says once that it is the TCG (its Policy); in Japanese, a page
    with a tool that rules it, the glossary and the procedure page also say that Japan's OCG
    events follow Konami Japan's own rules, which this site does not rule. (The editions page
    is written from the registry, whose titles say TCG.)"""
    missing = []
    for path in sorted((ROOT / "docs" / lang).rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        page = path.relative_to(ROOT / "docs" / lang).as_posix()
        if "Yu-Gi-Oh!" not in text or "<!-- editions -->" in text:
            continue
        if "Yu-Gi-Oh! TCG" not in text:
            missing.append(f"docs/{lang}/{page}: names Yu-Gi-Oh! but never Yu-Gi-Oh! TCG")
        rules_it = TOOLS.search(text) or page in ("glossary.md", "yugioh/end-of-match.md")
        if lang == "ja" and rules_it and page not in ("mtg/end-of-match.md", "grand-archive/end-of-match.md") \
                and "遊戯王OCG" not in text:
            missing.append(f"docs/{lang}/{page}: does not say that 遊戯王OCG events follow other rules")
    assert not missing, "\n".join(missing)


# ---------------------------------------------------------------------------------------
# The comparison page's sources row: the dates are the registry's, in every language
# ---------------------------------------------------------------------------------------

def test_compare_versions_row_gives_the_registrys_dates() -> None:
    """The "Version" row names each game's edition dates as the engine rules by them."""
    from rules_engine.editions import editions_of, long_date, newest

    ygo = {edition.id: edition for edition in editions_of("yugioh")}
    dates = {
        "mtg": [newest("mtg").effective],
        "yugioh": [ygo["2.5"].effective, ygo["2.3"].effective],
        "lorcana": [newest("lorcana").effective, newest("lorcana", "japan").effective],
    }
    for lang in LANGS:
        rows = compare_tables(lang)["sources"]
        version = next(row for row in rows if "v2.5" in row[COLUMNS["yugioh"]])
        for game, days in dates.items():
            for day in days:
                assert long_date(lang, day) in version[COLUMNS[game]], (
                    f"docs/{lang}/compare.md#sources: {game} cell does not give {long_date(lang, day)}")


# ---------------------------------------------------------------------------------------
# The checker's own words quoted on a page (overrides/hooks/site_rulings.py)
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_every_quoted_ruling_renders_from_the_engine(lang: str) -> None:
    """Each marker names a scenario the engine rules, and is replaced by its words in the
    page's language; every language's page quotes the same rulings."""
    markers = {}
    for page in sorted((ROOT / "docs" / lang).rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        markers[page.relative_to(ROOT / "docs" / lang).as_posix()] = site_rulings.MARKER.findall(text)
        rendered = site_rulings.render(text, lang)
        assert "<!-- ruling:" not in rendered
    english = {page: sorted(found) for page, found in markers.items() if found}
    assert english, "no page quotes the checker"
    for page, found in english.items():
        for name, rule in found:
            words = site_rulings.quoted(name, rule or None, lang)
            assert len(words) > 20
    if lang != "en":
        reference = {}
        for page in sorted((ROOT / "docs" / "en").rglob("*.md")):
            found = site_rulings.MARKER.findall(page.read_text(encoding="utf-8"))
            if found:
                reference[page.relative_to(ROOT / "docs" / "en").as_posix()] = sorted(found)
        assert english == reference


def test_a_quoted_ruling_is_the_engines_summary_or_cited_step() -> None:
    ruling = judge({"version": 1, **RULINGS["ygo-v2-5-best-of-one"]}, "pt")
    assert site_rulings.quoted("ygo-v2-5-best-of-one", None, "pt") == f"“{ruling['summary']}”"
    step = [s["text"] for s in judge({"version": 1, **RULINGS["ygo-v2-5-any-other-event"]}, "ja")["explanation"]
            if s["rule"] == "ygo-v2-5-not-known"][-1]
    assert site_rulings.quoted("ygo-v2-5-any-other-event", "ygo-v2-5-not-known", "ja") == f"「{step.removesuffix('。')}」"
    with pytest.raises(KeyError):
        site_rulings.quoted("no-such-scenario", None, "en")


@pytest.mark.parametrize("lang", LANGS)
def test_the_built_page_quotes_the_checker(built_site: Path, lang: str) -> None:
    from tests.site.sitebuild import page_dir, prefix

    html = (built_site / prefix(lang) / page_dir(YGO) / "index.html").read_text(encoding="utf-8")
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]*>", "", html)).replace("\u202f", " ").replace("\u00a0", " ")
    assert "<!-- ruling:" not in html
    for name in ("ygo-v2-5-timed-single-elimination", "ygo-v2-5-best-of-one"):
        summary = judge({"version": 1, **RULINGS[name]}, lang)["summary"].removesuffix("。")
        summary = summary.replace("\u202f", " ").replace("\u00a0", " ").replace("'", "’")
        assert summary in text.replace("'", "’"), (lang, name)



# ---------------------------------------------------------------------------------------
# The training page: which edition the questions are asked under
# ---------------------------------------------------------------------------------------

TRAINING_WORDS = {
    "en": ("for Yu-Gi-Oh!, the double loss of Policy v2.5", "Pick **Earlier editions** for questions on Yu-Gi-Oh! Policy v2.3"),
    "fr": ("pour Yu-Gi-Oh!, la double défaite de la Policy v2.5", "Choisissez **Éditions précédentes** pour des questions sur la Policy v2.3"),
    "pt": ("no Yu-Gi-Oh! TCG, a derrota dupla da Tournament Policy v2.5", "**Edições anteriores**"),
    "ja": ("Yu-Gi-Oh! では Yu-Gi-Oh! TCG の Tournament Policy v2.5 の両者敗北です", "Policy v2.3 についての問題は「**以前の版**」を選んでください"),
}


def test_training_asks_yugioh_under_v2_5_and_earlier_editions_under_v2_3() -> None:
    """training.md: Yu-Gi-Oh! questions are asked under v2.5; "Earlier editions" asks v2.3."""
    import json

    from rules_engine import question_json

    for lang, words in TRAINING_WORDS.items():
        text = paragraph(lang, "training.md", None)
        assert all(word in text for word in words), (lang, words)
    for seed in range(12):
        current = json.loads(question_json(json.dumps({"seed": seed, "game": "yugioh"})))["question"]
        earlier = json.loads(question_json(json.dumps({"seed": seed, "game": "earlier-editions"})))["question"]
        assert current["scenario"].get("edition", "2.5") == "2.5", current["scenario"]
        assert earlier["scenario"]["game"] != "yugioh" or earlier["scenario"]["edition"] == "2.3", earlier["scenario"]


# training.md names a wrong answer's common mistake only where it has one: the generator
# offers wrong options that come from a named mistake and wrong options that do not.
MISTAKE_WORDS = {
    "en": ("where a wrong answer comes from a common mistake, it names that mistake",
           "where a wrong answer comes from a common mistake, that mistake"),
    "fr": ("quand une mauvaise réponse vient d’une erreur courante, il nomme cette erreur",
           "quand une mauvaise réponse vient d’une erreur courante, cette erreur"),
    "pt": ("quando uma resposta errada vem de um erro comum, ele aponta esse erro",
           "quando uma resposta errada vem de um erro comum, esse erro"),
    "ja": ("誤答がよくある誤解から来ている場合は、その誤解を示します",
           "誤答がよくある誤解から来ている場合はその誤解です"),
}
EVERY_WRONG_ANSWER = {
    "en": ("names the common mistake behind a wrong answer", "for a wrong answer, the common mistake"),
    "fr": ("nomme l’erreur courante qui se cache derrière une mauvaise réponse", "pour une mauvaise réponse, l’erreur courante"),
    "pt": ("aponta o erro comum por trás de uma resposta errada", "para uma resposta errada, o erro comum"),
    "ja": ("誤答の場合は、その背後にあるよくある誤解", "誤答の場合はその背後にあるよくある誤解"),
}


def test_training_names_a_common_mistake_only_where_a_wrong_answer_has_one() -> None:
    """training.md: "where a wrong answer comes from a common mistake, it names that mistake"
    (how it works, and the exam review), never a mistake for every wrong answer, since some
    wrong options the generator offers come from no named mistake."""
    for lang in LANGS:
        text = paragraph(lang, "training.md", None)
        assert all(words in text for words in MISTAKE_WORDS[lang]), lang
        assert not any(words in text for words in EVERY_WRONG_ANSWER[lang]), lang
    from rules_engine.training.questions import question

    named = unnamed = 0
    for seed in range(40):
        asked = question(seed)
        wrong = [choice for choice in asked["choices"] if choice["id"] != asked["answer"]]
        named += sum(choice["misconception"] is not None for choice in wrong)
        unnamed += sum(choice["misconception"] is None for choice in wrong)
    assert named and unnamed, (named, unnamed)


# ---------------------------------------------------------------------------------------
# Konami Japan's OCG rules on the Yu-Gi-Oh! page: named as the OCG, and the extra Duel's condition
# ---------------------------------------------------------------------------------------

YUGIOH_PAGE = "yugioh/end-of-match.md"
# How a heading names Konami Japan's OCG rules, in each language (translations/terminology.yaml:
# in Japanese, 遊戯王 names the OCG only as 遊戯王OCG).
OCG_NAME = {"en": "OCG", "fr": "OCG", "pt": "OCG", "ja": "遊戯王OCG"}
OCG_IDS = re.compile(r"\{#(?:ocg|ygo-ocg-[\w-]+)[ }]")
MARKDOWN_HEADING = re.compile(r"^(#{1,6}) (.*)$")
HEADING_ATTRIBUTES = re.compile(r" *\{#[^}]*\}$")


def headings_over_ocg_text(lang: str, page: str) -> list[str]:
    """The headings of a page that name Yu-Gi-Oh! TCG but not the OCG over a section holding an
    OCG section or paragraph (the page's title heads the whole page)."""
    lines = source(lang, page).splitlines()
    wrong = []
    for number, line in enumerate(lines):
        heading = MARKDOWN_HEADING.match(line)
        if heading is None or "Yu-Gi-Oh! TCG" not in heading[2] or OCG_NAME[lang] in heading[2]:
            continue
        level = len(heading[1])
        body = []
        for following in lines[number + 1:]:
            inner = MARKDOWN_HEADING.match(following)
            if inner and len(inner[1]) <= level:
                break
            body.append(following)
        if OCG_IDS.search("\n".join(body)):
            wrong.append(f"docs/{lang}/{page}: “{HEADING_ATTRIBUTES.sub('', heading[2])}”")
    return wrong


@pytest.mark.parametrize("lang", LANGS)
def test_no_heading_files_the_ocg_rules_under_the_tcg(lang: str) -> None:
    # ja-pt (reading 32, B2): the Japanese page, titled 「Yu-Gi-Oh! TCG：マッチ終了時の手順」, opened with the OCG section.
    text = source(lang, YUGIOH_PAGE)
    title = re.search(r'(?m)^title: "(.*)"$', text)
    assert title is not None
    assert "Yu-Gi-Oh! TCG" in title[1] and OCG_NAME[lang] in title[1], title[1]
    assert re.search(r"(?m)^# " + re.escape(title[1]) + r" \{#end-of-match\}$", text), "the page's heading is its title"
    wrong = [found for page in sorted((ROOT / "docs" / lang).rglob("*.md"))
             for found in headings_over_ocg_text(lang, page.relative_to(ROOT / "docs" / lang).as_posix())]
    assert wrong == []


def test_the_heading_check_catches_the_tcg_title_over_the_ocg_section(tmp_path: Path, monkeypatch: Any) -> None:
    page = tmp_path / "docs" / "ja" / "page.md"
    page.parent.mkdir(parents=True)
    page.write_text("# Yu-Gi-Oh! TCG：マッチ終了時の手順 {#end-of-match}\n\n## 日本のOCGイベント {#ocg}\n\n"
                    "## Yu-Gi-Oh! TCG の用語 {#terms}\n\n両者敗北。\n{#double-loss}\n", encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert headings_over_ocg_text("ja", "page.md") == ["docs/ja/page.md: “Yu-Gi-Oh! TCG：マッチ終了時の手順”"]


# The condition of the OCG extra Duel covers both moments time can be called: the Duelists have won the
# same number of Duels then (between Duels) or once the Duel in progress has ended; never "whenever the
# Duel in progress ends" (ja-pt, reading 32, A9: the Portuguese read so, as did the English and French).
EXTRA_DUEL_CONDITION = {
    "en": "if the Duelists have won the same number of Duels, either then or once the Duel in progress has ended, an extra Duel",
    "fr": "si les Duellistes ont gagné le même nombre de Duels, soit à ce moment-là, soit une fois le Duel en cours terminé, un Duel supplémentaire",
    "pt": "se os Duelistas tiverem vencido o mesmo número de Duelos, seja nesse momento, seja quando o Duelo em andamento tiver terminado, um Duelo extra",
    "ja": "その時点で、または進行中のデュエルが終わった時点で勝利デュエル数が同じなら、エキストラデュエルで",
}
OCG_SE: Scenario = {"game": "yugioh", "region": "japan", "round": "single-elimination"}
DURING = {"time_called": "during-game", "active_player": "A"}
EXTRA_DUEL_CASES = [  # (scenario, an extra Duel decides the match)
    (s(OCG_SE, games_won=[1, 1], time_called="between-games"), True),
    (s(OCG_SE, games_won=[1, 0], time_called="between-games"), False),
    (s(OCG_SE, games_won=[1, 0], **DURING, current_game={"winner": "B"}), True),
    (s(OCG_SE, games_won=[1, 0], **DURING, current_game={"winner": "A"}), False),
]


def test_the_ocg_extra_duel_follows_equal_duels_won_at_either_moment() -> None:
    for lang in LANGS:
        text = paragraph(lang, YUGIOH_PAGE, "ygo-ocg-extra-duel")
        assert EXTRA_DUEL_CONDITION[lang] in text, (
            f"docs/{lang}/{YUGIOH_PAGE}#ygo-ocg-extra-duel no longer says “{EXTRA_DUEL_CONDITION[lang]}”: check the new "
            f"words against the engine, then update this table")
    for scenario, extra_duel in EXTRA_DUEL_CASES:
        ruling = judge({"version": 1, **scenario}, "en")
        assert (ruling["match"]["next"] == "extra-duel") == extra_duel, (scenario, ruling["summary"])
        assert (ruling["match"]["result"] == "undecided") == extra_duel, (scenario, ruling["summary"])
