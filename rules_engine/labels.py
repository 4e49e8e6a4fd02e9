"""Words for the ruling's codes, in the reader's language: results, decided_by and next.

The CLI's text output and the site's checker show these instead of the bare codes.
"""

from __future__ import annotations

from .contract.codes import DECIDED_BY, NEXT
from .i18n import LANGUAGES, N_, translate

RESULTS: dict[str, str] = {
    "A": N_("A wins"),
    "B": N_("B wins"),
    "draw": N_("Draw"),
    "undecided": N_("Not decided yet"),
    "double-loss": N_("Both Duelists lose"),
    # Disney Lorcana's two-game format, equal match points (result "draw", decided_by "match-points"): no draw is named.
    "equal-points": N_("Equal match points, no winner"),
}

DECIDED_BY_LABELS: dict[str, str] = {
    "no-game": N_("no game in progress"),
    "played-out": N_("played out"),
    "game-loss": N_("Game Loss for a second Slow Play penalty"),
    "not-needed": N_("Not needed to decide the match"),
    "incomplete": N_("unfinished game: a draw"),
    "not-counted": N_("Unfinished: does not count toward the match result"),
    "game-wins": N_("game wins"),
    "tied-game-wins": N_("equal game wins"),
    "life": N_("highest life total"),
    "sudden-death": N_("sudden death"),
    "available-life": N_("available life"),
    "influence": N_("influence"),
    "main-deck": N_("cards in the main deck"),
    "final-turn": N_("the final turn"),
    "life-points": N_("Life Points"),
    "turn-by-turn": N_("turn by turn"),
    "new-duel": N_("the new Duel"),
    "extra-duel": N_("the extra Duel"),
    "match-points": N_("match points of the two-game format"),
    "lore": N_("higher lore total"),
    # Said after "Game in progress" (the row's label), alone: the game has no result of its own.
    "lore-compared": N_("Its lore totals decided the match"),
    "lore-lead": N_("play on until one player has more lore"),
    "not-covered": N_("not covered by the text"),
    # Said after "Duel in progress" (the row's label): never the Duel a second time.
    "stopped": N_("Stops when time is called, with no result"),
    "time-ended": N_("time was called before a Duelist won the match"),
}

# Yu-Gi-Oh! says Duel where the other games say game: these codes have their own words there
# (the site's results.js and the CLI read them first for a Yu-Gi-Oh! ruling).
YUGIOH_DECIDED_BY_LABELS: dict[str, str] = {
    "no-game": N_("no Duel in progress"),
    # A Duel won during the procedure, on Life Points at the end of a turn or by a win condition: the
    # scenario may not say which (three_rules.py), so the label names neither.
    "played-out": N_("during the procedure"),
    "game-wins": N_("Duels won"),
    "tied-game-wins": N_("same number of Duels won"),
}

NEXT_LABELS: dict[str, str] = {
    "sudden-death": N_("Sudden death: the game in progress goes on, or a new game is played if none is in progress, with the added state-based action, under which a player without the highest life total loses."),
    "finish-turn": N_("Finish the current turn; if Life Points are still equal, continue turn by turn."),
    "new-duel": N_("Start a new Duel: four turns, two each; a random method picks a Duelist, who chooses who goes first."),
    "extra-duel": N_("Play the extra Duel: 8000 Life Points, four turns, the first Duelist chosen by rock-paper-scissors; it is not counted as a Duel won."),
    "finish-phase": N_("Play to the end of the current Phase, then compare Life Points."),
    "turn-by-turn": N_("Continue turn by turn: the Duelist with more Life Points at the end of a turn wins."),
    "finish-combat-and-stack": N_("Finish any combat in progress and resolve the effects stack: the game ends in a main phase with an empty stack."),
    "compare-life": N_("At the end of the additional turns, if the game is still in progress, the highest life total wins it, and the match; if life totals are equal, sudden death."),
    "tiebreak-steps": N_("After the overtime, if nobody has won, steps 2 to 4 decide the game, and the match: available life, then influence, then cards in the main deck, then the final turn."),
    "compare-lore": N_("At the end of the additional turns, if the game is still in progress, the higher lore total wins the match; with equal lore, the game continues until one player has more lore and wins it, and the match."),
    "lore-lead": N_("The game continues until one player has more lore than the other: that player wins the game, and the match."),
    "compare-life-points": N_("After the three additional turns, if the Duel is still undecided, the Duelist with more Life Points wins it; equal Life Points: a draw in Swiss, sudden death in single elimination."),
    "life-points-change": N_("Play on: the Duelist with more Life Points at the end of a turn in which they changed wins."),
    "record-with-head-judge": N_("Ask the head judge or the Tournament Organizer how to record the match: the text does not say."),
    "head-judge": N_("The text does not cover this: call the head judge."),
}

assert set(DECIDED_BY_LABELS) == set(DECIDED_BY) and set(NEXT_LABELS) == set(NEXT)


def labels(lang: str) -> dict[str, dict[str, str]]:
    """Every code's words in ``lang`` (JSON-ready: the site writes them into each page)."""
    if lang not in LANGUAGES:
        raise ValueError(lang)
    return {
        "result": {code: translate(lang, text) for code, text in RESULTS.items()},
        "decided_by": {code: translate(lang, text) for code, text in DECIDED_BY_LABELS.items()},
        "decided_by_yugioh": {code: translate(lang, text) for code, text in YUGIOH_DECIDED_BY_LABELS.items()},
        "next": {code: translate(lang, text) for code, text in NEXT_LABELS.items()},
    }
