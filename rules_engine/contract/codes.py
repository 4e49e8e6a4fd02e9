"""The stable codes of rulings and errors (DESIGN §3.2). Listed once, here and in the README.

Each code is short kebab-case. Tools outside this project read them: never rename one.
"""

from __future__ import annotations

# How a result was reached: `current_game.decided_by` and `match.decided_by`. With the result
# "undecided", what will decide it when the procedure reaches it (a plan made at the time call).
DECIDED_BY: dict[str, str] = {
    "no-game": "no game was in progress (time was called between games)",
    "played-out": "the game ended in play during the procedure (a win, or a draw by the game's rules)",
    "game-loss": "Magic: a second Slow Play penalty to a player, upgraded to a Game Loss (IPG 3), ended the game: the opponent wins it",
    "not-needed": "the match is decided whatever the game in progress's result: that result is not needed (`current_game.result` null)",
    "incomplete": "the game was unfinished at the end of the procedure: a draw",
    "not-counted": "Disney Lorcana (the 3 October 2023 edition; Takara Tomy's rules with a game-win lead): the game unfinished at the end of the turns does not count toward the match result (`current_game.result` null)",
    "game-wins": "the player with more game wins wins the match (Grand Archive step 1 also ends the procedure before the current game needs a result)",
    "tied-game-wins": "game wins are equal: a draw in Swiss; in single elimination, the tiebreak the procedure starts",
    "life": "Magic single elimination: the highest life total wins the current game",
    "sudden-death": "Magic single elimination: play continues with the added state-based action; Yu-Gi-Oh! OCG (Japan) single elimination: the Duel goes on until a turn ends with Life Points changed",
    "available-life": "Grand Archive step 2: the highest available life (life stat minus damage)",
    "influence": "Grand Archive step 3: the highest influence",
    "main-deck": "Grand Archive step 4: the most cards in the main deck",
    "final-turn": "Grand Archive step 4: main decks equal, the player who took the final turn",
    "life-points": "Yu-Gi-Oh!: the Duelist with more Life Points",
    "turn-by-turn": "Yu-Gi-Oh!: Life Points were equal; the turn is finished, then play goes on turn by turn",
    "new-duel": "Yu-Gi-Oh! single elimination: the new Duel the procedure starts",
    "extra-duel": "Yu-Gi-Oh! OCG (Japan) single elimination: the extra Duel that decides the match (8000 Life Points, four turns; not counted as a Duel won)",
    "match-points": "Disney Lorcana's two-game format (22 May 2024 Swiss; Japan 2025 BO2): 3 match points a game won, a bonus point for both; the player with more points, equal points a draw",
    "lore": "Disney Lorcana single elimination: the higher lore total when the additional turns end wins the match",
    "lore-lead": "Disney Lorcana single elimination: lore is equal: the game continues until one player has more lore, who wins the game",
    "lore-compared": "Disney Lorcana single elimination: the game in progress has no winner; its lore totals decided the match (`current_game.result` null)",
    "not-covered": "the source text does not cover this situation",
    "stopped": "Yu-Gi-Oh! v2.5: the Duel in progress stops at the time call, with no result (`current_game.result` null)",
    "time-ended": "Yu-Gi-Oh! v2.5: time was called before a Duelist won the match: both Duelists receive a loss (`match.result` \"double-loss\")",
}

# What the players must do next while a result is not final: `match.next`.
NEXT: dict[str, str] = {
    "sudden-death": "Magic: continue the game (or start a new one between games) with the added state-based action, under which a player without the highest life total loses",
    "finish-turn": "Yu-Gi-Oh!: Life Points are equal after the current Phase: finish the current turn, then turn by turn",
    "new-duel": "Yu-Gi-Oh!: start a new Duel of four turns, two each",
    "extra-duel": "Yu-Gi-Oh! OCG (Japan): play the extra Duel: 8000 Life Points, four turns, the first Duelist chosen by rock-paper-scissors",
    "finish-phase": "Yu-Gi-Oh! v2.3: play to the end of the current Phase, then the Duelist with more Life Points wins the Duel",
    "turn-by-turn": "Yu-Gi-Oh!: Life Points are equal after the new Duel's four turns: continue turn by turn",
    "finish-combat-and-stack": "Grand Archive: the overtime clock ran out: finish any combat in progress and resolve the effects stack; the game ends in a main phase with an empty stack",
    "compare-life": "Magic single elimination, equal game wins: at the end of the additional turns, the highest life total wins the game in progress, and with it the match; equal life totals: sudden death",
    "tiebreak-steps": "Grand Archive single elimination, equal game wins: after the overtime, steps 2 to 4 decide the game in progress, and with it the match: available life, influence, cards in the main deck, then the final turn",
    "compare-lore": "Disney Lorcana single elimination, equal game wins: at the end of the additional turns, the higher lore total wins the match; equal lore: play on until one player has more lore",
    "lore-lead": "Disney Lorcana single elimination: lore is equal: the game continues until one player has more lore, who wins the game and the match",
    "compare-life-points": "Yu-Gi-Oh! OCG (Japan): after the three additional turns, the Duelist with more Life Points wins the Duel; equal: a draw in Swiss, sudden death in single elimination",
    "life-points-change": "Yu-Gi-Oh! OCG (Japan): Life Points are equal: play on; the Duelist with more Life Points at the end of a turn in which they changed wins",
    "record-with-head-judge": "Disney Lorcana single elimination: the match is decided on lore, and the text does not say how it is recorded (2-1-0 or 1-1-1): ask the head judge or the Tournament Organizer",
    "head-judge": "the text does not cover this: call the head judge",
}

# ScenarioError codes.
ERRORS: dict[str, str] = {
    "invalid-json": "the scenario is not valid JSON",
    "too-large": "the scenario is over 16 KB",
    "too-deep": "the scenario is nested deeper than 8 levels",
    "not-an-object": "a scenario (or one of its parts) must be a JSON object",
    "unsupported-version": "only version 1 of the scenario is supported",
    "unknown-key": "a key the scenario does not define",
    "missing-field": "a value the ruling needs was not given",
    "wrong-type": "a value of the wrong type (a boolean is not a number)",
    "invalid-value": "a value that is not one of the choices",
    "not-finite": "NaN or an infinity",
    "out-of-range": "a number outside its bounds",
    "not-applicable": "a key that does not apply to this game or situation",
    "impossible-state": "values that cannot all be true at once",
    "invalid-exam-code": "not an exam code (training: rules_engine.training.exam)",
    "outdated-exam-code": "an exam code made by another version of the question generator",
}
