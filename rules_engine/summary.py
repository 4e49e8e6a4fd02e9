"""What the players do now, and what happens next: the sentence every ruling opens with.

It is written from the finished ruling (its turns, results, next step and record) and from the
facts the procedure read (whether the game in progress has a result given, the time extension,
the tiebreak game), as language-neutral phrases rendered with the rest of the ruling
(``summary`` in the ruling's JSON). One source for the checker, the tracker, training and the
command line.

- A result the scenario gives is said as a fact: "B won the game in turn 3. B wins the match;
  report A 1 – B 2."
- A result the ruling assumes (nobody wins in the turns still to play) is said under that
  condition, after the plan of those turns: "A finishes this turn, then 5 additional turns: B, A, B,
  A, B. If nobody wins by then, the game is a draw and A wins the match; report A 1 – B 0 – draws 1."
- Where the text is silent, the head judge is called, and the sentence says why.

Yu-Gi-Oh! counts no "turn 0": its sentences say what the procedure does (the current Phase,
finishing the turn, the new Duel's turns).
"""

from __future__ import annotations

from .contract.scenario import Scenario
from .games.yugioh.three_rules import match_outcomes
from .i18n import N_
from .ruling import Phrase, Ruling, Step, Turn, higher, leader, minutes, other, phrase, score, tally

# --- pieces of sentences ---------------------------------------------------------------------
# TRANSLATORS: the record to enter when games were drawn: A's wins, B's wins, drawn games.
RECORD_WITH_DRAWS = N_("A {a} – B {b} – draws {d}")
# TRANSLATORS: one turn in a list of turns ("B, A (extra turn), A"), taken by a card's extra turn.
EXTRA_TURN = N_("{player} (extra turn)")

# A ruling with a time extension is for the moment the extension ends (each game's first steps say
# so): the summary starts there, it does not schedule the extension.
EXTENSION = N_("This ruling is for the moment the {minutes}-minute time extension ends, with the facts of that moment.")

# The plan of the turns still to play (Magic, Grand Archive).
MTG_FINISH = N_("{player} finishes this turn, then {count} additional turns: {turns}.")
MTG_NEXT = N_("{player} plays the next turn (turn 0), then {count} additional turns: {turns}.")
GA_FINISH = N_("{player} finishes this turn (turn 0), then up to {count} additional turns or {minutes} minutes, whichever comes first: {turns}.")
GA_NEXT = N_("{player} plays the next turn (turn 0), then up to {count} additional turns or {minutes} minutes, whichever comes first: {turns}.")
# Grand Archive, Ending Overtime (ga-ending-overtime): what the clock's end does to a game still in progress.
GA_WHEN_CLOCK_ENDS = N_("When the {minutes} minutes run out, a combat in progress is finished and the effects stack resolved: the game ends in a main phase with an empty stack.")
GA_CLOCK = N_("The {minutes} minutes ran out in turn {turn}: finish any combat in progress and resolve the effects stack, until a main phase with an empty stack.")
# The sentences that schedule what is still to play: once the turns are behind (the tracker's end),
# what is left of the summary is the outcome and what it assumes.
PLAN = frozenset({EXTENSION, MTG_FINISH, MTG_NEXT, GA_FINISH, GA_NEXT, GA_WHEN_CLOCK_ENDS, GA_CLOCK})

# What the ruling assumes at the end of that plan. The facts a tiebreak reads (life totals, a step's counts) are
# those of the end of the turns, as the form asks them: said as then, never as now.
IF_DRAW_WIN = N_("If nobody wins by then, the game is a draw and {player} wins the match; record {record}.")
IF_DRAW_DRAW = N_("If nobody wins by then, the game is a draw and so is the match; record {record}.")
IF_LIFE = N_("If nobody wins by then and the life totals are then {score}, {player} has the highest and wins the game and the match; record {record}.")
IF_LIFE_EQUAL = N_("If nobody wins by then and the life totals are then equal ({life}), the game goes on with an added state-based action, under which a player who does not have the highest life total loses the game, and the match.")
# Two-Headed Giant: the teams are the players (MTR: teams are treated as a single player).
IF_LIFE_EQUAL_TEAM = N_("If nobody wins by then and the life totals are then equal ({life}), the game goes on with an added state-based action, under which a team that does not have the highest life total loses the game, and the match.")
IF_AVAILABLE_LIFE = N_("If nobody wins by then and available life is then {score}, {player}'s champion has the highest and {player} wins the game and the match; record {record}.")
IF_INFLUENCE = N_("If nobody wins by then, and available life is then equal ({life}) and influence {score}, {player} has the highest influence and wins the game and the match; record {record}.")
IF_MAIN_DECK = N_("If nobody wins by then, and available life ({life}) and influence ({influence}) are then equal and the main decks hold {score} cards, {player} has the most cards and wins the game and the match; record {record}.")
IF_FINAL_TURN = N_("If nobody wins by then and available life ({life}), influence ({influence}) and main decks ({cards} cards) are then all equal, {player}, who took the final turn, wins the game and the match; record {record}.")
IF_GAME_WINS = N_("If nobody wins by then, {player} has more game wins ({score}) and wins the match; record {record}.")
# A plan made at the time call: what decides the game when the procedure reaches it.
IF_COMPARE_LIFE = N_("If nobody wins by then, the highest life total wins the game and the match; if life totals are equal, the game goes on with an added state-based action, under which a player who does not have the highest life total loses the game.")
IF_COMPARE_LIFE_TEAM = N_("If nobody wins by then, the team with the highest life total wins the game and the match; if life totals are equal, the game goes on with an added state-based action, under which a team that does not have the highest life total loses the game.")
IF_STEPS_FROM_2 = N_("If nobody wins by then, the tiebreak steps decide the game and the match: the highest available life (life stat minus damage), then the highest influence, then the most cards in the main deck, then the player who took the final turn.")
IF_STEPS_FROM_3 = N_("If nobody wins by then and available life is then equal ({life}), the highest influence decides the game and the match, then the most cards in the main deck, then the player who took the final turn.")
IF_STEPS_FROM_4 = N_("If nobody wins by then and available life ({life}) and influence ({influence}) are then equal, the most cards in the main deck decide the game and the match, then the player who took the final turn.")
IF_ADDED_TURNS_UNKNOWN = N_("If nobody wins by then, call the head judge: the text does not say whether the turns added for the two Slow Play penalties add up.")

# A result the scenario gives.
WON_IN_TURN = N_("{player} won the game in turn {turn}.")
WON = N_("{player} won the game.")
DRAW_IN_TURN = N_("The game ended in a draw in turn {turn}.")
DRAW = N_("The game ended in a draw.")
GAME_LOSS_IN_TURN = N_("The game ended in turn {turn} with a Game Loss for {loser} (a second Slow Play penalty): {player} wins it.")
GAME_LOSS = N_("The game ended with a Game Loss for {loser} (a second Slow Play penalty): {player} wins it.")
LORE_LEAD_WON = N_("Lore was equal ({lore}) at the end of the turns; {player} then won the game in the play that followed.")
SUDDEN_DEATH_WON = N_("Life totals were equal ({life}); {player} then won the game in sudden death.")
NO_NEW_GAME = N_("No new game begins.")
WHATEVER_THE_GAME = N_("{player} has more game wins ({score}) whatever the result of the game in progress: {player} wins the match; record {record}.")
ADD_UP_UNKNOWN_NO_TURN = N_("Give the turn in which {player} won, or call the head judge: a win after turn {count} depends on whether the turns added for the two Slow Play penalties add up, which the text does not say.")
ADD_UP_UNKNOWN_AFTER = N_("Call the head judge: {player} won the game in turn {turn}, after the {count} certain additional turns, and the text does not say whether the turns added for the two Slow Play penalties add up.")
ADD_UP_UNKNOWN_DRAW_NO_TURN = N_("Give the turn in which the game ended in a draw, or call the head judge: a draw after turn {count} depends on whether the turns added for the two Slow Play penalties add up, which the text does not say.")
ADD_UP_UNKNOWN_DRAW_AFTER = N_("Call the head judge: the game ended in a draw in turn {turn}, after the {count} certain additional turns, and the text does not say whether the turns added for the two Slow Play penalties add up.")

# The match.
MATCH_WON = N_("{player} wins the match; record {record}.")
MATCH_DRAW = N_("The match is a draw; record {record}.")
SUDDEN_DEATH_GAME = N_("Game wins are equal ({score}): a new game decides the match, with an added state-based action, under which a player who does not have the highest life total loses the game.")
SUDDEN_DEATH_GAME_TEAM = N_("Game wins are equal ({score}): a new game decides the match, with an added state-based action, under which a team that does not have the highest life total loses the game.")
SUDDEN_DEATH_GAME_WON = N_("{player} won the sudden-death game and wins the match; record {record}.")
GA_BETWEEN_GAMES = N_("Call the head judge: time was called between games with equal game wins ({score}), which the text does not cover in single elimination.")
GA_LEVELLED = N_("Call the head judge: game wins are now equal ({score}), and the text does not say how single elimination goes on from there.")
GA_STILL_LEVEL = N_("Call the head judge: the draw leaves game wins equal ({score}), and the text does not say how single elimination goes on from there.")
NOT_COVERED = N_("Call the head judge: the text does not cover this case.")

# Yu-Gi-Oh!: the Duel in which time was called.
PHASE_SWISS = N_("Play on to the end of the current Phase, then compare Life Points: the Duelist with more Life Points wins the Duel; if they are equal, the Duel is a draw.")
PHASE_SINGLE_ELIMINATION = N_("Play on to the end of the current Phase, then compare Life Points: the Duelist with more Life Points wins the Duel; if they are equal, finish the turn; if Life Points are still equal, play on turn by turn until a Duelist has more Life Points at the end of a turn.")
DUEL_WON = N_("{player} won the Duel during the procedure.")
DUEL_DRAW = N_("The Duel ended in a draw during the procedure.")
DUEL_LIFE_POINTS = N_("At the end of the current Phase, {player} has more Life Points ({score}) and wins the Duel.")
DUEL_LIFE_POINTS_EQUAL = N_("Life Points are equal ({lp}) at the end of the current Phase: the Duel is a draw.")
DUEL_FINISH_TURN = N_("Life Points are equal ({lp}) at the end of the current Phase: finish the current turn; if Life Points are still equal, play on turn by turn until a Duelist has more Life Points at the end of a turn and wins the Duel.")
DUEL_TURN_BY_TURN_WON = N_("Life Points were equal ({lp}) at the end of the current Phase; {player} then won the Duel.")
NO_NEW_DUEL = N_("No new Duel begins.")
# Yu-Gi-Oh!: the new Duel of single elimination.
NEW_DUEL = N_("The Duelists have won the same number of Duels ({score}): a new Duel of four turns, two each, decides the match; a random method picks a Duelist, who chooses who goes first.")
NEW_DUEL_FIRST = N_("The Duelists have won the same number of Duels ({score}): a new Duel of four turns decides the match: {turns}.")
NEW_DUEL_THEN = N_("If nobody wins the new Duel by then, the Duelist with more Life Points wins the match; if they are equal, play on turn by turn.")
NEW_DUEL_WON_IN_TURN = N_("{player} won the new Duel in its turn {turn} and wins the match; record {record}.")
NEW_DUEL_WON = N_("{player} won the new Duel and wins the match; record {record}.")
NEW_DUEL_LIFE_POINTS = N_("After the new Duel's four turns, {player} has more Life Points ({score}) and wins the match; record {record}.")
NEW_DUEL_TURN_BY_TURN = N_("Life Points are equal ({lp}) after the new Duel's four turns: play on turn by turn; the Duelist with more Life Points at the end of a turn wins the match.")
NEW_DUEL_TURN_BY_TURN_WON = N_("Life Points were equal ({lp}) after the new Duel's four turns; {player} then won it and wins the match; record {record}.")
NEW_DUEL_DRAW = N_("The new Duel ended in a draw: call the head judge, who decides how the match ends; the published procedure does not say.")
# Yu-Gi-Oh! Policy v2.5.
DUEL_STOPS = N_("The Duel stops now.")
DUEL_STOPS_AFTER_EXTENSION = N_("When the {minutes}-minute time extension ends, the Duel stops.")
DOUBLE_LOSS = N_("Neither Duelist has won the match: record a loss for both.")
V2_5_SINGLE_ELIMINATION = N_("Call the head judge: this site does not know what Policy v2.5 says for a timed single-elimination round.")
# Yu-Gi-Oh! OCG events in Japan (this site's summary of Konami Japan's rules).
OCG_FINISH = N_("{player} finishes this turn; if the Duel is still undecided, three additional turns follow, counted from the opponent's turn: {turns}.")
OCG_IF_LIFE_SWISS = N_("If nobody wins by then, the Duelist with more Life Points wins the Duel; with equal Life Points, the Duel is a draw. Then the Duelist with more Duels won wins the match; with as many Duels won, the match is a draw.")
OCG_IF_LIFE_SE = N_("If nobody wins by then, the Duelist with more Life Points wins the Duel; with equal Life Points, play goes on until a turn ends with Life Points changed. Then the Duelist with more Duels won wins the match; with as many Duels won, an extra Duel of four turns decides it.")
OCG_DUEL_LIFE_POINTS = N_("After the additional turns, {player} has more Life Points ({score}) and wins the Duel.")
OCG_DUEL_EQUAL = N_("Life Points are equal ({lp}) after the additional turns: the Duel is a draw.")
OCG_SUDDEN_DEATH_THEN = N_("If {leader} wins it, {leader} wins the match; if {player} wins it, an extra Duel decides the match.")
OCG_SUDDEN_DEATH = N_("Life Points are equal ({lp}) after the additional turns: the Duel goes on; the Duelist with more Life Points at the end of a turn in which they changed wins it.")
OCG_SUDDEN_DEATH_WON = N_("Life Points were equal ({lp}) after the additional turns; {player} then won the Duel.")
OCG_EXTRA_DUEL = N_("The Duelists have won the same number of Duels ({score}): an extra Duel of four turns at 8000 Life Points decides the match; rock-paper-scissors picks who goes first.")
OCG_EXTRA_DUEL_FIRST = N_("The Duelists have won the same number of Duels ({score}): an extra Duel of four turns at 8000 Life Points decides the match: {turns}.")
OCG_EXTRA_DUEL_THEN = N_("If nobody wins it in its four turns, the Duelist with more Life Points wins the match; with equal Life Points, play goes on until a turn ends with Life Points changed.")
OCG_EXTRA_DUEL_WON = N_("{player} won the extra Duel and wins the match; the extra Duel is not counted as a Duel won: record {record}.")
OCG_EXTRA_DUEL_LIFE = N_("After the extra Duel's four turns, {player} has more Life Points ({score}) and wins the match; the extra Duel is not counted as a Duel won: record {record}.")
OCG_EXTRA_DUEL_ON = N_("Life Points are equal ({lp}) after the extra Duel's four turns: play goes on; the Duelist with more Life Points at the end of a turn in which they changed wins the match.")
OCG_EXTRA_DUEL_DRAW = N_("Call the head judge: the extra Duel ended in a draw, and this site's summary does not say how the match is then decided.")
V2_5_BEST_OF_ONE = N_("Call the head judge: this site does not know how Policy v2.5 ends a best-of-one match when time is called.")

GA_STEPS = {"available-life": IF_AVAILABLE_LIFE, "influence": IF_INFLUENCE, "main-deck": IF_MAIN_DECK}


# Disney Lorcana.
LORCANA_FINISH = N_("{player} finishes this turn (turn 0), then {count} additional turns: {turns}.")
LORCANA_FINISH_ONE = N_("{player} finishes this turn (turn 0), then one additional turn: {turns}.")
IF_UNCOUNTED_WIN = N_("If nobody wins by then, the game in progress does not count and {player} wins the match; record {record}.")
IF_UNCOUNTED_DRAW = N_("If nobody wins by then, the game in progress does not count and the match is a draw; record {record}.")
IF_LORE = N_("If nobody wins by then and the lore totals are then {score}, {player} has the higher lore total and wins the match; ask the head judge or the Tournament Organizer how to record it ({won} or {unfinished}): the text does not say.")
IF_LORE_EQUAL = N_("If nobody wins by then and lore is then equal ({lore}), the game continues until one player has more lore than the other; that player wins the game and the match.")
IF_COMPARE_LORE = N_("If nobody wins by then, the higher lore total wins the match; with equal lore, the game continues until one player has more lore, who wins the game and the match.")
IF_MATCH_CONTINUES = N_("If nobody wins by then and lore is then equal ({lore}), the match continues until one player has more lore than the other; that player wins the game and the match.")
IF_LORE_EQUAL_ONLY = N_("If nobody wins by then and lore is equal, the match continues until one player has more lore, who wins the game and the match; with unequal lore, this edition does not say who wins: call the head judge.")
LORCANA_LEADER_AT_CALL = N_("{player} has more game wins ({score}) when time is called: {player} wins the match now, and the game in progress is not played on; record {record}.")
LORCANA_HEAD_JUDGE = N_("Call the head judge. {reason}")
IF_LORE_UNEQUAL_2023 = N_("If nobody wins by then and lore is then unequal ({score}), call the head judge: the English text of this edition does not say who wins, and its French text gives the game to the player with more lore.")
IF_LORE_UNEQUAL_NOT_COVERED = N_("If nobody wins by then and lore is then unequal ({score}), call the head judge: this edition does not say who wins.")
TWO_GAME_POINTS_WIN = N_("Two-game format: match points {score} (3 for each game won, a bonus point for winning both): {player} has more; record {record}.")
IF_TWO_GAME_POINTS_WIN = N_("If nobody wins by then, the two-game format's match points are {score} (3 for each game won, a bonus point for winning both): {player} has more; record {record}.")
IF_TWO_GAME_POINTS = N_("If nobody wins by then, the two-game format's match points are {score} (3 for each game won, a bonus point for winning both); record {record}.")
TWO_GAME_POINTS = N_("Two-game format: match points {score} (3 for each game won, a bonus point for winning both); record {record}.")

# The end-of-match turns are over and nobody won (``additional_turns_played``, the tracker's end): the
# outcome each "if nobody wins by then" gives, said as what now is.
NOBODY_WON = N_("Nobody won the game in the end-of-match turns.")
NOBODY_WON_DUEL = N_("Nobody won the Duel in the end-of-match turns.")
OVER: dict[str, str] = {
    IF_DRAW_WIN: N_("The game is a draw and {player} wins the match; record {record}."),
    IF_DRAW_DRAW: N_("The game is a draw and so is the match; record {record}."),
    IF_LIFE: N_("The life totals are {score}: {player} has the highest and wins the game and the match; record {record}."),
    IF_LIFE_EQUAL: N_("The life totals are equal ({life}): the game goes on with an added state-based action, under which a player who does not have the highest life total loses the game, and the match."),
    IF_LIFE_EQUAL_TEAM: N_("The life totals are equal ({life}): the game goes on with an added state-based action, under which a team that does not have the highest life total loses the game, and the match."),
    IF_AVAILABLE_LIFE: N_("Available life is {score}: {player}'s champion has the highest and {player} wins the game and the match; record {record}."),
    IF_INFLUENCE: N_("Available life is equal ({life}) and influence {score}: {player} has the highest influence and wins the game and the match; record {record}."),
    IF_MAIN_DECK: N_("Available life ({life}) and influence ({influence}) are equal and the main decks hold {score} cards: {player} has the most cards and wins the game and the match; record {record}."),
    IF_FINAL_TURN: N_("Available life ({life}), influence ({influence}) and main decks ({cards} cards) are all equal: {player}, who took the final turn, wins the game and the match; record {record}."),
    IF_GAME_WINS: N_("{player} has more game wins ({score}) and wins the match; record {record}."),
    IF_COMPARE_LIFE: N_("The highest life total now wins the game and the match; if life totals are equal, the game goes on with an added state-based action, under which a player who does not have the highest life total loses the game."),
    IF_COMPARE_LIFE_TEAM: N_("The team with the highest life total now wins the game and the match; if life totals are equal, the game goes on with an added state-based action, under which a team that does not have the highest life total loses the game."),
    IF_STEPS_FROM_2: N_("The tiebreak steps now decide the game and the match: the highest available life (life stat minus damage), then the highest influence, then the most cards in the main deck, then the player who took the final turn."),
    IF_STEPS_FROM_3: N_("Available life is equal ({life}): the highest influence now decides the game and the match, then the most cards in the main deck, then the player who took the final turn."),
    IF_STEPS_FROM_4: N_("Available life ({life}) and influence ({influence}) are equal: the most cards in the main deck now decide the game and the match, then the player who took the final turn."),
    IF_ADDED_TURNS_UNKNOWN: N_("Call the head judge: the text does not say whether the turns added for the two Slow Play penalties add up."),
}

# --- what the ruling rests on ------------------------------------------------------------------
# A step that assumes a fact not given, applies this site's reading, or holds a condition the plan
# depends on is what players must know before they act: the summary says it too, in a short clause
# after the plan. ASSUMPTIONS finds each such step by its words and names its clause; STATED_ELSEWHERE
# names the steps whose words look alike but that the summary already states or that change nothing
# (tests/engine/test_summary.py requires every such step of the engine to be in one or the other).
ASSUMES_REL = N_("This assumes Competitive or Professional REL, as the REL is not given: at Regular REL there is no Slow Play penalty and no turns are added.")
# A second penalty's Game Loss decided the game: at Regular REL there is none, and the additional turns are those with no penalty.
ASSUMES_REL_GAME_LOSS = N_("This assumes Competitive or Professional REL, as the REL is not given: at Regular REL there is no Slow Play penalty, so no Game Loss, and the procedure has {count} additional turns, as with no penalty.")
ASSUMES_REL_TURNS = N_("This assumes Competitive or Professional REL, as the REL is not given: at Regular REL there is no Slow Play penalty, so {count} additional turns, not {added}.")
ASSUMES_WARNING = N_("Each first Slow Play penalty is taken as a Warning: a player who already had a Slow Play Warning earlier that day gets a Game Loss instead, which changes this ruling.")
ASSUMES_TURN_ZERO_PENALTY = N_("If a Slow Play penalty was given during turn 0, it still adds turns (this site's reading).")
ASSUMES_LATER_EDITION = N_("This applies the newest edition this site holds, last checked on {checked_date}: a later edition may change this ruling.")
ASSUMES_UNDATED = N_("This assumes that the rules this site holds, which are undated, were in force on the event's date.")
ASSUMES_V2_5 = N_("This rests on this site's summary of Policy v2.5 and takes the event to follow it: for an event that keeps the earlier procedure, choose the edition v2.3.")
ASSUMES_V2_5_EXTENSION = N_("That time is called for the match when the time extension ends is this site's reading.")
ASSUMES_TWO_EXTRA_TURNS = N_("This counts two extra turns for {player}, one pending when time was called and one created during turn 0: if they are one and the same, enter it once.")
ASSUMES_GA_TURN_ZERO = N_("That {player}'s turn is turn 0 is this site's reading: the text says only that it starts the turn counter.")
ASSUMES_GA_FINAL_TURN = N_("This takes turn {turn} as the final turn: if the five minutes ran out during an earlier turn, give that turn for a new ruling.")
OVER |= {
    OCG_IF_LIFE_SWISS: N_("The Duelist with more Life Points now wins the Duel; with equal Life Points, the Duel is a draw. Then the Duelist with more Duels won wins the match; with as many Duels won, the match is a draw."),
    OCG_IF_LIFE_SE: N_("The Duelist with more Life Points now wins the Duel; with equal Life Points, play goes on until a turn ends with Life Points changed. Then the Duelist with more Duels won wins the match; with as many Duels won, an extra Duel of four turns decides it."),
    IF_UNCOUNTED_WIN: N_("The game in progress does not count and {player} wins the match; record {record}."),
    IF_UNCOUNTED_DRAW: N_("The game in progress does not count and the match is a draw; record {record}."),
    IF_LORE: N_("The lore totals are {score}: {player} has the higher lore total and wins the match; ask the head judge or the Tournament Organizer how to record it ({won} or {unfinished}): the text does not say."),
    IF_LORE_EQUAL: N_("Lore is equal ({lore}): the game continues until one player has more lore than the other; that player wins the game and the match."),
    IF_COMPARE_LORE: N_("The higher lore total now wins the match; with equal lore, the game continues until one player has more lore, who wins the game and the match."),
    IF_TWO_GAME_POINTS_WIN: N_("The two-game format's match points are {score} (3 for each game won, a bonus point for winning both): {player} has more; record {record}."),
    IF_TWO_GAME_POINTS: N_("The two-game format's match points are {score} (3 for each game won, a bonus point for winning both); record {record}."),
    IF_LORE_UNEQUAL_2023: N_("Lore is unequal ({score}), and the English text of this edition does not say who wins (its French text gives the game to the player with more lore): call the head judge."),
    IF_LORE_UNEQUAL_NOT_COVERED: N_("Lore is unequal ({score}), and this edition does not say who wins: call the head judge."),
    IF_MATCH_CONTINUES: N_("Lore is equal ({lore}): the match continues until one player has more lore than the other; that player wins the game and the match."),
    IF_LORE_EQUAL_ONLY: N_("With equal lore, the match continues until one player has more lore, who wins the game and the match; with unequal lore, this edition does not say who wins: call the head judge."),
}
ASSUMES_WORLDWIDE = N_("This applies Ravensburger's rules, as no region is given: in Japan, Takara Tomy's rules have one additional turn after turn 0, not five.")
ASSUMES_LORCANA_NO_NEW_GAME = N_("That no new game begins is this site's reading: since 9 September 2025 the text no longer says so.")
ASSUMES_LORCANA_JAPAN_NO_NEW_GAME = N_("That no new game begins is this site's reading: since 12 February 2026 Takara Tomy's text no longer says so.")
ASSUMES_LORCANA_LEADER = N_("That the game in progress is not played on is this site's reading of the single-elimination bullet: read with the general bullets, it would first have turn 0 and five turns.")
ASSUMES_LORCANA_LATE_PENALTY = N_("A Slow Play penalty given after time was called adds no turns (this site's reading).")
ASSUMES_LORCANA_SLOW_PLAY_TURNS = N_("That the Slow Play penalty's two turns are added to the procedure's {base} is this site's reading.")
ASSUMES_LORCANA_WARNING = N_("The Slow Play penalty is taken as {player}'s first in the tournament: a second Warning is upgraded to a Game Loss, which changes this ruling.")
ASSUMES_LORCANA_JAPAN_DRAW = N_("That the match is a draw is this site's reading: the text says only that the game is a draw.")
ASSUMES_LORCANA_WIN_NO_TURN = N_("This takes {player}'s win, given with no turn, as won in the play after equal lore at the end of the turns, and that game win as winning the match (this site's reading); for a win during those turns, give its turn: the ruling differs.")
ASSUMES_GA_UNFINISHED_RECORD = N_("Leaving the unfinished game out of the record is this site's reading: the single-elimination steps do not say how it is recorded.")
ASSUMES_LORCANA_LORE_LEAD = N_("That the game won on lore also wins the match is this site's reading: the text says the game.")
ASSUMES_LORCANA_JAPAN = N_("This applies Takara Tomy's rules, which govern Japanese-language events in Japan: an event in Japan run under Ravensburger's rules follows those (leave the region empty).")
ASSUMES_LORCANA_BEST_OF_THREE = N_("This takes the match as best of three, as no match structure is given: this edition also plays two-game matches.")
ASSUMES_LORCANA_TWO_GAMES = N_("This takes the match as two games, this edition's Swiss structure, as no structure is given.")
ASSUMES_LORCANA_OTHER_STRUCTURE = N_("Deciding a Swiss match of another structure than two games by game wins is this site's reading.")
ASSUMES_LORCANA_1_0_1 = N_("Recording 1-0-1 is this site's reading of 3.3: no game was in progress when time was called.")
ASSUMES_LORCANA_SWISS_BO3 = N_("Deciding a best-of-three Swiss match by game wins is this site's reading: Takara Tomy's 3.3 gives it no match points.")
ASSUMES_LORCANA_JAPAN_EQUAL = N_("That equal game wins make a draw is this site's reading: Takara Tomy's Swiss bullet does not say it.")
ASSUMES_LORCANA_UNCOUNTED = N_("That the unfinished game does not count is this site's reading where game wins are equal: this edition says it where they are unequal.")
ASSUMES_LORCANA_2023_LATE_PENALTY = N_("A Slow Play penalty given after time was called adds no turns (this site's reading: the Guidelines of 22 August 2023 say nothing of one).")
ASSUMES_LORCANA_BRACKET = N_("This applies the Tournament Rules' own single-elimination procedure: an event that announced its own follows that.")
ASSUMES_OCG = N_("This rests on this site's summary of Konami Japan's OCG rules, not Konami's text: check the rules the event announced.")
ASSUMES_YGO_TCG = N_("This applies Konami's TCG Tournament Policy, as no region is given: OCG events in Japan follow Konami Japan's own rules.")
ASSUMES_NEW_DUEL_WON = N_("The record counts the new Duel as a Duel won (this site's reading): the published procedure does not say how it is recorded, and the event's software may record the match otherwise.")

# Each such step is found by words of its message (rules_engine/games/) that no other step says.
ASSUMPTIONS: dict[str, str] = {
    "The Rules Enforcement Level is not given": "rel",
    "already received a Warning for an offense in the same category that day": "warning",
    "If a Slow Play penalty was given during turn 0": "turn-zero-penalty",
    "a later edition may change this ruling": "later-edition",
    "which is undated: it cannot tell whether it was in force that day": "undated",
    "This ruling takes the event to follow Policy v2.5": "v2.5",
    "this site reads that time is called for the match when the extension ends": "v2.5-extension",
    "This ruling is for the moment the extension ends": "extension",
    "the End of Match procedure starts when it ends, and this ruling is for that moment": "extension",
    "This site's reading: {player}'s turn is turn 0": "ga-turn-zero",
    "The final turn is taken to be turn {turn}": "ga-final-turn",
    "This ruling counts two extra turns for {player}": "two-extra-turns",
    "this ruling counts it as a Duel won (this site's reading)": "new-duel-won",
    "No region given: this ruling applies Ravensburger's Tournament Rules": "worldwide",
    "No region given: this ruling applies Konami's TCG Tournament Policy": "ygo-tcg",
    "This ruling follows this site's summary of Konami Japan's rules": "ocg",
    "this site reads the procedure as covering only the games in progress when time is called (since 9 September": "lorcana-no-new-game",
    "this site reads the procedure as covering only the games in progress when time is called (since 12 February": "lorcana-japan-no-new-game",
    "This site's reading: the single-elimination bullet decides at the time call": "lorcana-leader",
    "this site's reading: the match was already in its end-of-match turns": "lorcana-late-penalty",
    "this site's reading: the two turns are added to the procedure's {base}": "lorcana-slow-play-turns",
    "The penalty is taken as {player}'s first Slow Play penalty in the tournament": "lorcana-warning",
    "and this site reads that the match is a draw too": "lorcana-japan-draw",
    "this ruling takes it as won in the play after equal lore": "lorcana-win-no-turn",
    "(this site's reading: the single-elimination steps do not say how an unfinished game is recorded)": "ga-unfinished-record",
    "(this site's reading: the text says the game; the game wins then decide the match)": "lorcana-lore-lead",
    "this ruling applies the Tournament Rules' own procedure; single-elimination brackets may have": "lorcana-bracket",
    "Region Japan: this ruling applies Takara Tomy's rules": "lorcana-japan",
    "No match structure given: this ruling takes the match as best of three": "lorcana-best-of-three",
    "No match structure given: the Swiss rounds of this edition are two-game matches": "lorcana-two-games",
    "A Swiss match of another structure than this edition's two games": "lorcana-other-structure",
    "with no game in progress, none was played)": "lorcana-1-0-1",
    "so this ruling decides it by game wins (this site's reading)": "lorcana-swiss-bo3",
    "and this site reads that the match is a draw: Takara Tomy's Swiss bullet": "lorcana-japan-equal",
    "this edition says so where game wins are unequal, and nothing of equal ones": "lorcana-uncounted",
    "(this site's reading: the Guidelines of 22 August 2023 give it only": "lorcana-2023-late-penalty",
}

STATED_ELSEWHERE: dict[str, str] = {
    "No event date given: this ruling applies": "the edition: the ruling's heading, right above the summary, names it "
                                                "(Yu-Gi-Oh!'s v2.5: the summary's v2.5 clause says what it takes)",
    "this ruling applies it because it was chosen": "the edition the judge chose: the heading names it",
    "That a Slow Play penalty upgraded to a Game Loss adds no turns is this site's reading": "changes nothing: the game is over",
    "This ruling takes it as given in this game": "the summary says the Game Loss ended this game",
    "The turn in which the game ended was not given": "the list of turns, not the plan: the game is over",
    "if the game had not ended by then": "the list of turns, not the plan: the game is over",
    "in a turn not given: the game ended there": "the list of turns, not the plan: the game is over",
    "but the turn was not given: a win by turn {count} stands": "the summary asks for the turn or the head judge",
    "the Life Points are not given, so how is not said here": "how the Duel was won changes nothing: the win stands",
    "is not known to this site: call the head judge": "the summary calls the head judge and says why",
}


def assumption_key(msgid: str) -> str | None:
    """The kind of assumption a step's message states (ASSUMPTIONS), or None."""
    return next((key for words, key in ASSUMPTIONS.items() if words in msgid), None)


def stated_elsewhere(msgid: str) -> bool:
    return any(words in msgid for words in STATED_ELSEWHERE)


def _assumption(key: str, s: Scenario, r: Ruling, step: Step) -> Phrase:
    """The summary's clause for an assumption step."""
    params = dict(step.params)
    if key == "rel":
        base = 3 if s.two_headed_giant else 5
        if r.game_decided_by == "game-loss":  # whatever turn it fell in (one of the added turns, even): none at Regular REL
            return phrase(ASSUMES_REL_GAME_LOSS, count=base)
        if r.turns and r.additional_turns == base + 2 and len(r.turns) == r.additional_turns + 1:
            return phrase(ASSUMES_REL_TURNS, count=base, added=r.additional_turns)
        return phrase(ASSUMES_REL)
    if key == "later-edition":
        return phrase(ASSUMES_LATER_EDITION, checked_date=params["checked_date"])
    if key == "extension":
        return phrase(EXTENSION, minutes=minutes(s.time_extension_minutes))
    if key == "ga-turn-zero":
        return phrase(ASSUMES_GA_TURN_ZERO, player=params["player"])
    if key == "two-extra-turns":
        return phrase(ASSUMES_TWO_EXTRA_TURNS, player=params["player"])
    if key == "ga-final-turn":
        return phrase(ASSUMES_GA_FINAL_TURN, turn=params["turn"])
    if key == "lorcana-slow-play-turns":
        return phrase(ASSUMES_LORCANA_SLOW_PLAY_TURNS, base=params["base"])
    if key == "lorcana-warning":
        return phrase(ASSUMES_LORCANA_WARNING, player=params["player"])
    if key == "lorcana-win-no-turn":
        return phrase(ASSUMES_LORCANA_WIN_NO_TURN, player=params["player"])
    return phrase({"warning": ASSUMES_WARNING, "turn-zero-penalty": ASSUMES_TURN_ZERO_PENALTY, "undated": ASSUMES_UNDATED,
                   "v2.5": ASSUMES_V2_5, "v2.5-extension": ASSUMES_V2_5_EXTENSION, "new-duel-won": ASSUMES_NEW_DUEL_WON,
                   "worldwide": ASSUMES_WORLDWIDE, "ocg": ASSUMES_OCG, "ygo-tcg": ASSUMES_YGO_TCG, "lorcana-no-new-game": ASSUMES_LORCANA_NO_NEW_GAME, "lorcana-japan-no-new-game": ASSUMES_LORCANA_JAPAN_NO_NEW_GAME,
                   "lorcana-leader": ASSUMES_LORCANA_LEADER, "lorcana-late-penalty": ASSUMES_LORCANA_LATE_PENALTY,
                   "lorcana-japan-draw": ASSUMES_LORCANA_JAPAN_DRAW, "lorcana-lore-lead": ASSUMES_LORCANA_LORE_LEAD,
                   "ga-unfinished-record": ASSUMES_GA_UNFINISHED_RECORD,
                   "lorcana-bracket": ASSUMES_LORCANA_BRACKET, "lorcana-japan": ASSUMES_LORCANA_JAPAN,
                   "lorcana-best-of-three": ASSUMES_LORCANA_BEST_OF_THREE, "lorcana-two-games": ASSUMES_LORCANA_TWO_GAMES,
                   "lorcana-other-structure": ASSUMES_LORCANA_OTHER_STRUCTURE, "lorcana-1-0-1": ASSUMES_LORCANA_1_0_1, "lorcana-swiss-bo3": ASSUMES_LORCANA_SWISS_BO3,
                   "lorcana-japan-equal": ASSUMES_LORCANA_JAPAN_EQUAL, "lorcana-uncounted": ASSUMES_LORCANA_UNCOUNTED,
                   "lorcana-2023-late-penalty": ASSUMES_LORCANA_2023_LATE_PENALTY}[key])


def moot(key: str, s: Scenario, r: Ruling) -> bool:
    """Whether an assumption no longer bears on the ruling: whether a turn-0 penalty adds turns once a
    Game Loss ended the game or every turn was played (no turn is left to plan)."""
    return key == "turn-zero-penalty" and (r.game_decided_by == "game-loss" or s.turns_over)


def assumptions(s: Scenario, r: Ruling) -> list[Phrase]:
    """The clauses for the ruling's assumption steps, in the order of the steps, each once."""
    said: list[Phrase] = []
    for step in r.steps:
        key = assumption_key(step.msgid)
        if key is not None and moot(key, s, r):
            continue
        if key is not None and (clause := _assumption(key, s, r, step)) not in said:
            said.append(clause)
    return said


def turns_to_play(s: Scenario, r: Ruling) -> bool:
    """Whether the ruling's results hold only if nobody wins in the turns still to play (the
    summary's "if nobody wins by then"): the game in progress has no result given, and the plan
    of Magic's or Grand Archive's turns is still ahead."""
    game = s.current_game
    if not s.during_game or game is None or game.winner is not None or s.game == "yugioh" or not r.turns \
            or s.turns_over:
        return False
    return not (s.game == "mtg" and r.game_decided_by == "not-needed")  # a lead no result can change


def final(s: Scenario, r: Ruling) -> bool:
    """Whether the match's result is the one to record now: decided, with nothing still to play or
    to ask (``match.final`` in the ruling's JSON)."""
    return r.match_result in ("A", "B", "draw", "double-loss") and r.next is None and not turns_to_play(s, r)


def build(s: Scenario, r: Ruling) -> list[Phrase]:
    """The summary of a finished ruling: one or two short sentences (three with a time extension),
    then what the ruling assumes (``assumptions``)."""
    said = _build(s, r)
    # After the plan and its "if nobody wins by then", whose "then" is the plan's end.
    return said + [clause for clause in assumptions(s, r) if clause not in said]


# The sentences that plan the turns still to play (the time extension's is the moment, not a plan).
PLAN_OF_TURNS = frozenset({MTG_FINISH, MTG_NEXT, GA_FINISH, GA_NEXT, GA_WHEN_CLOCK_ENDS, GA_CLOCK,
                           LORCANA_FINISH, LORCANA_FINISH_ONE, OCG_FINISH})


def _turns_over(s: Scenario, said: list[Phrase]) -> list[Phrase]:
    """With the end-of-match turns over and nobody the winner: no plan, and each "if nobody wins by
    then" said as what now is."""
    if not s.turns_over or not any(p.msgid in OVER for p in said):
        return said
    nobody = phrase(NOBODY_WON_DUEL if s.game == "yugioh" else NOBODY_WON)
    kept = [Phrase(OVER.get(p.msgid, p.msgid), p.params) for p in said if p.msgid not in PLAN_OF_TURNS]
    at = next(i for i, p in enumerate(kept) if p.msgid in OVER.values())
    return kept[:at] + [nobody] + kept[at:]


def _build(s: Scenario, r: Ruling) -> list[Phrase]:
    return _turns_over(s, _plan_and_outcome(s, r))


def _plan_and_outcome(s: Scenario, r: Ruling) -> list[Phrase]:
    said: list[Phrase] = []
    stops_after_extension = s.game == "yugioh" and s.edition.id == "2.5" and s.during_game and r.next is None
    if s.time_extension_minutes and not stops_after_extension:
        said.append(phrase(EXTENSION, minutes=minutes(s.time_extension_minutes)))
    if s.game == "yugioh":
        said += _yugioh(s, r)
    elif s.game == "grand-archive":
        said += _grand_archive(s, r)
    elif s.game == "lorcana":
        said += _lorcana(s, r)
    else:
        said += _mtg(s, r)
    return said or [phrase(NOT_COVERED)]


# --- shared ------------------------------------------------------------------------------------

def record(r: Ruling) -> str | Phrase:
    a, b, d = r.record
    return score(a, b) if not d else phrase(RECORD_WITH_DRAWS, a=a, b=b, d=d)


def turn_list(turns: list[Turn]) -> tuple[str | Phrase, ...]:
    return tuple(phrase(EXTRA_TURN, player=t.player) if t.extra else t.player for t in turns)


def _in_plan(r: Ruling, turn: int | None) -> int | None:
    """A turn the ruling's turns hold (a turn past them is not stated)."""
    return turn if turn is not None and any(t.number == turn for t in r.turns) else None


def _game_said(s: Scenario, r: Ruling) -> Phrase:
    """The result the scenario gives for the game in progress."""
    game = s.current_game
    assert game is not None
    result, by = r.game_result, r.game_decided_by
    # Only a turn the scenario gives: turn 0 of a Game Loss is the ruling's deduction (its steps say so).
    turn = _in_plan(r, game.during_turn)
    if by == "game-loss":
        loser = other(str(result))
        if turn is None:
            return phrase(GAME_LOSS, loser=loser, player=str(result))
        return phrase(GAME_LOSS_IN_TURN, loser=loser, player=str(result), turn=turn)
    if by == "sudden-death" and game.life is not None:
        return phrase(SUDDEN_DEATH_WON, life=game.life[0], player=str(result))
    if by == "lore-lead" and game.lore is not None:
        return phrase(LORE_LEAD_WON, lore=game.lore[0], player=str(result))
    if result == "draw":
        return phrase(DRAW) if turn is None else phrase(DRAW_IN_TURN, turn=turn)
    return phrase(WON, player=str(result)) if turn is None else \
        phrase(WON_IN_TURN, player=str(result), turn=turn)


def _match(s: Scenario, r: Ruling) -> list[Phrase]:
    """The match, once the game in progress (if any) is said: its result and the record, or what
    decides it."""
    result = r.match_result
    if s.game == "yugioh" and (s.tiebreak_game is not None or r.next in ("new-duel", "turn-by-turn")
                               or "new_duel" in r.extras):
        return _new_duel(s, r)
    if r.match_decided_by == "match-points" and result in ("A", "B"):
        return [phrase(TWO_GAME_POINTS_WIN, score=_two_game_points(r), player=result, record=record(r))]
    if r.match_decided_by == "match-points":
        return [phrase(TWO_GAME_POINTS, score=_two_game_points(r), record=record(r))]
    if result in ("A", "B"):
        if r.match_decided_by == "sudden-death":
            return [phrase(SUDDEN_DEATH_GAME_WON, player=result, record=record(r))]
        return [phrase(MATCH_WON, player=result, record=record(r))]
    if result == "draw":
        return [phrase(MATCH_DRAW, record=record(r))]
    if result == "double-loss":
        return [phrase(DOUBLE_LOSS)]
    if r.next == "sudden-death":
        return [phrase(SUDDEN_DEATH_GAME_TEAM if s.two_headed_giant else SUDDEN_DEATH_GAME,
                       score=score(r.record[0], r.record[1]))]
    return [phrase(NOT_COVERED)]


def _two_game_points(r: Ruling) -> str:
    from .games.lorcana import match_points  # the game module imports this one
    return score(*match_points(r.record))


def _if_nobody_wins(s: Scenario, r: Ruling) -> Phrase:
    """The outcome the ruling gives if nobody wins in the turns still to play."""
    game = s.current_game
    assert game is not None
    result, by, match = r.game_result, r.game_decided_by, r.match_result
    if by == "incomplete":
        if match in ("A", "B"):
            return phrase(IF_DRAW_WIN, player=match, record=record(r))
        return phrase(IF_DRAW_DRAW, record=record(r))
    if by == "life" and game.life is not None and result in ("A", "B"):
        return phrase(IF_LIFE, player=result, score=score(*game.life), record=record(r))
    if by == "sudden-death" and result == "undecided" and game.life is not None:
        return phrase(IF_LIFE_EQUAL_TEAM if s.two_headed_giant else IF_LIFE_EQUAL, life=game.life[0])
    if by in GA_STEPS and result in ("A", "B"):
        # A step decides only where the steps before it were equal: the summary says so, as its steps do.
        pair = _ga_step_pair(s, by)
        equal = {"life": _ga_step_pair(s, "available-life")[0]} if by != "available-life" else {}
        if by == "main-deck":
            equal["influence"] = _ga_step_pair(s, "influence")[0]
        return phrase(GA_STEPS[by], player=result, score=score(*pair), record=record(r), **equal)
    if by == "final-turn" and result in ("A", "B"):
        game = s.current_game
        assert game is not None and game.influence is not None and game.main_deck is not None
        return phrase(IF_FINAL_TURN, player=result, record=record(r), life=_ga_step_pair(s, "available-life")[0],
                      influence=game.influence[0], cards=game.main_deck[0])
    if by == "not-needed" and match in ("A", "B"):
        return phrase(IF_GAME_WINS, player=match, score=score(r.record[0], r.record[1]), record=record(r))
    if r.next == "compare-life":
        return phrase(IF_COMPARE_LIFE_TEAM if s.two_headed_giant else IF_COMPARE_LIFE)
    if r.next == "tiebreak-steps":
        return _steps_to_come(s, by)
    if r.next == "head-judge" and s.game == "mtg":
        return phrase(IF_ADDED_TURNS_UNKNOWN)
    return phrase(NOT_COVERED)


def _steps_to_come(s: Scenario, by: str) -> Phrase:
    """Grand Archive's tiebreak steps from the one whose facts were not given (``by``)."""
    if by == "available-life":
        return phrase(IF_STEPS_FROM_2)
    life = _ga_step_pair(s, "available-life")[0]
    if by == "influence":
        return phrase(IF_STEPS_FROM_3, life=life)
    game = s.current_game
    assert game is not None and game.influence is not None
    return phrase(IF_STEPS_FROM_4, life=life, influence=game.influence[0])


def _ga_step_pair(s: Scenario, by: str) -> tuple[int, int]:
    game = s.current_game
    assert game is not None
    if by == "available-life":
        assert game.champion_life is not None and game.damage is not None
        return (game.champion_life[0] - game.damage[0], game.champion_life[1] - game.damage[1])
    pair = game.influence if by == "influence" else game.main_deck
    assert pair is not None
    return pair


# --- Magic -------------------------------------------------------------------------------------

def _mtg(s: Scenario, r: Ruling) -> list[Phrase]:
    if not s.during_game:
        said = [phrase(NO_NEW_GAME)] if r.match_result in ("A", "B", "draw") and r.match_decided_by != "sudden-death" else []
        return said + _match(s, r)
    game = s.current_game
    assert game is not None
    if r.game_decided_by == "not-needed" and r.match_result in ("A", "B"):
        return [phrase(WHATEVER_THE_GAME, player=r.match_result, score=score(r.record[0], r.record[1]),
                       record=record(r))]
    if r.next == "head-judge" and game.winner == "draw":
        if game.during_turn is None:
            return [phrase(ADD_UP_UNKNOWN_DRAW_NO_TURN, count=r.additional_turns)]
        return [phrase(ADD_UP_UNKNOWN_DRAW_AFTER, turn=game.during_turn, count=r.additional_turns)]
    if r.next == "head-judge" and game.winner is not None:
        if game.during_turn is None:
            return [phrase(ADD_UP_UNKNOWN_NO_TURN, player=game.winner, count=r.additional_turns)]
        return [phrase(ADD_UP_UNKNOWN_AFTER, player=game.winner, turn=game.during_turn, count=r.additional_turns)]
    if game.winner is None and r.turns:
        first, rest = r.turns[0], r.turns[1:]
        plan = phrase(MTG_NEXT if s.turn_pass_announced else MTG_FINISH, player=first.player,
                      count=len(rest), turns=turn_list(rest))
        return [plan, _if_nobody_wins(s, r)]
    return [_game_said(s, r), *_match(s, r)]


# --- Grand Archive -----------------------------------------------------------------------------

def _grand_archive(s: Scenario, r: Ruling) -> list[Phrase]:
    if not s.during_game:
        if r.next == "head-judge":
            return [phrase(GA_BETWEEN_GAMES, score=score(r.record[0], r.record[1]))]
        return [phrase(NO_NEW_GAME), *_match(s, r)]
    game = s.current_game
    assert game is not None
    if game.winner is not None:
        if r.next == "head-judge":
            levelled = GA_STILL_LEVEL if game.winner == "draw" else GA_LEVELLED  # a draw changes no game wins
            return [_game_said(s, r), phrase(levelled, score=score(r.record[0], r.record[1]))]
        return [_game_said(s, r), *_match(s, r)]
    if s.clock_expired_during_turn is not None:
        now = phrase(GA_CLOCK, minutes=r.time_limit_minutes, turn=s.clock_expired_during_turn)
    else:
        first, rest = r.turns[0], r.turns[1:]
        now = phrase(GA_NEXT if s.turn_pass_announced else GA_FINISH, player=first.player, count=len(rest),
                     minutes=r.time_limit_minutes, turns=turn_list(rest))
        # The clock may run out first: Ending Overtime, before anything is compared.
        return [now, phrase(GA_WHEN_CLOCK_ENDS, minutes=r.time_limit_minutes), _if_nobody_wins(s, r)]
    return [now, _if_nobody_wins(s, r)]


# --- Disney Lorcana ----------------------------------------------------------------------------

def _lorcana_head_judge(r: Ruling) -> Phrase:
    """Why the head judge is called: the ruling's own reason (the step before "call the head judge")."""
    reasons = [step for step in r.steps if step.rule == "lorcana-not-covered"]
    if len(reasons) >= 2:
        reason = reasons[-2]
        return phrase(LORCANA_HEAD_JUDGE, reason=Phrase(reason.msgid, reason.params))
    return phrase(NOT_COVERED)


def _lorcana_plan(r: Ruling) -> Phrase:
    """Turn 0 and the turns after it (one in Japan)."""
    first, rest = r.turns[0], r.turns[1:]
    return phrase(LORCANA_FINISH_ONE if len(rest) == 1 else LORCANA_FINISH, player=first.player,
                  count=len(rest), turns=turn_list(rest))


def _says_no_new_game(r: Ruling) -> bool:
    """The ruling says no new game begins (the edition's words or this site's reading)."""
    return any("no new game begins" in step.msgid.casefold() for step in r.steps)


def _lorcana(s: Scenario, r: Ruling) -> list[Phrase]:
    game = s.current_game
    if r.match_decided_by == "not-covered" and r.turns and game is not None and game.winner is None \
            and game.lore is not None:  # unequal lore given for the end of turns still to play: a condition
        plan = _lorcana_plan(r)
        unequal = IF_LORE_UNEQUAL_2023 if s.edition.id == "2023-10-03" else IF_LORE_UNEQUAL_NOT_COVERED
        return [plan, phrase(unequal, score=score(*game.lore))]
    if r.match_decided_by == "not-covered":
        if s.during_game and s.current_game is not None and s.current_game.winner is not None:
            return [_game_said(s, r), _lorcana_head_judge(r)]
        return [_lorcana_head_judge(r)]
    if not s.during_game:
        return [phrase(NO_NEW_GAME), *_match(s, r)] if _says_no_new_game(r) else _match(s, r)
    assert game is not None
    if not r.turns and r.match_result in ("A", "B"):  # single elimination: the game-win lead at the time call
        return [phrase(LORCANA_LEADER_AT_CALL, player=r.match_result, score=score(s.games_won[0], s.games_won[1]),
                       record=record(r))]
    if game.winner is not None:
        said = [_game_said(s, r)]
        if _says_no_new_game(r):
            said.append(phrase(NO_NEW_GAME))
        return said + _match(s, r)
    return [_lorcana_plan(r), _lorcana_if_nobody_wins(s, r)]


def _lorcana_if_nobody_wins(s: Scenario, r: Ruling) -> Phrase:
    game = s.current_game
    assert game is not None
    if r.match_decided_by == "match-points" and r.match_result in ("A", "B"):
        return phrase(IF_TWO_GAME_POINTS_WIN, score=_two_game_points(r), player=str(r.match_result), record=record(r))
    if r.match_decided_by == "match-points":
        return phrase(IF_TWO_GAME_POINTS, score=_two_game_points(r), record=record(r))
    if r.game_decided_by == "not-counted":  # the edition's words: the game does not count toward the match result
        if r.match_result in ("A", "B"):
            return phrase(IF_UNCOUNTED_WIN, player=r.match_result, record=record(r))
        return phrase(IF_UNCOUNTED_DRAW, record=record(r))
    if r.game_decided_by == "incomplete":
        if r.match_result in ("A", "B"):
            return phrase(IF_DRAW_WIN, player=r.match_result, record=record(r))
        return phrase(IF_DRAW_DRAW, record=record(r))
    if r.match_decided_by == "lore" and game.lore is not None:
        from .games.lorcana import record_text
        winner = str(r.match_result)
        return phrase(IF_LORE, player=winner, score=score(*game.lore),
                      won=record_text(tally(s.games_won, s.games_drawn, winner), winner),
                      unfinished=record_text(tally(s.games_won, s.games_drawn, "draw"), winner))
    if r.next == "lore-lead" and game.lore is not None:
        # since 9 September 2025 "the game continues"; before, and in Japan, "the match continues"
        from .games.lorcana import family
        return phrase(IF_LORE_EQUAL if family(s) == "2025" else IF_MATCH_CONTINUES, lore=game.lore[0])
    if r.next == "compare-lore":
        return phrase(IF_COMPARE_LORE)
    if r.next == "lore-lead":
        return phrase(IF_LORE_EQUAL_ONLY)
    return phrase(NOT_COVERED)


# --- Yu-Gi-Oh! ---------------------------------------------------------------------------------

def _yugioh(s: Scenario, r: Ruling) -> list[Phrase]:
    if s.edition.id == "2.5":
        return _double_loss(s, r)
    if s.edition.region == "japan":
        return _ocg(s, r)
    if not s.during_game:
        if "new_duel" in r.extras:  # single elimination, equal game wins
            return _match(s, r)
        return [phrase(NO_NEW_DUEL), *_match(s, r)]
    if r.next == "finish-phase":  # then what each result of the Duel makes of the match (Rule 2)
        return [phrase(PHASE_SINGLE_ELIMINATION if s.single_elimination else PHASE_SWISS),
                *(phrase(msgid, **params) for _, msgid, params in match_outcomes(s))]
    game = s.current_game
    assert game is not None
    result, by = r.game_result, r.game_decided_by
    if by == "played-out" and result in ("A", "B") and game.life is not None and higher(game.life) is None:
        now = phrase(DUEL_TURN_BY_TURN_WON, lp=game.life[0], player=result)  # single elimination, after equal Life Points
    elif by == "played-out":
        now = phrase(DUEL_DRAW) if result == "draw" else phrase(DUEL_WON, player=result)
    elif by == "life-points" and game.life is not None:
        now = phrase(DUEL_LIFE_POINTS_EQUAL, lp=game.life[0]) if result == "draw" else \
            phrase(DUEL_LIFE_POINTS, player=result, score=score(*game.life))
    elif by == "turn-by-turn" and game.life is not None:
        if result == "undecided":
            return [phrase(DUEL_FINISH_TURN, lp=game.life[0])]
        now = phrase(DUEL_TURN_BY_TURN_WON, lp=game.life[0], player=result)
    else:
        return _match(s, r)
    return [now, *_match(s, r)]


def _new_duel(s: Scenario, r: Ruling) -> list[Phrase]:
    """Single elimination with equal game wins: the new Duel, what it is or how it ended."""
    duel, result, by = s.tiebreak_game, r.match_result, r.match_decided_by
    if r.next == "new-duel":
        turns = r.extras.get("tiebreak_turns")
        tied = score(r.record[0], r.record[1])
        start = phrase(NEW_DUEL_FIRST, score=tied, turns=tuple(t["player"] for t in turns)) if turns else \
            phrase(NEW_DUEL, score=tied)
        return [start, phrase(NEW_DUEL_THEN)]
    if r.next == "head-judge":
        return [phrase(NEW_DUEL_DRAW)]
    if r.next == "turn-by-turn" and duel is not None and duel.life is not None:
        return [phrase(NEW_DUEL_TURN_BY_TURN, lp=duel.life[0])]
    if result in ("A", "B") and duel is not None:
        if by == "new-duel" and duel.during_turn is None and duel.life is not None and higher(duel.life) is None:
            return [phrase(NEW_DUEL_TURN_BY_TURN_WON, lp=duel.life[0], player=result, record=record(r))]
        if by == "new-duel":
            if duel.during_turn is None:
                return [phrase(NEW_DUEL_WON, player=result, record=record(r))]
            return [phrase(NEW_DUEL_WON_IN_TURN, player=result, turn=duel.during_turn, record=record(r))]
        if by == "life-points" and duel.life is not None:
            return [phrase(NEW_DUEL_LIFE_POINTS, player=result, score=score(*duel.life), record=record(r))]
        if by == "turn-by-turn" and duel.life is not None:
            return [phrase(NEW_DUEL_TURN_BY_TURN_WON, lp=duel.life[0], player=result, record=record(r))]
    if result in ("A", "B"):
        return [phrase(MATCH_WON, player=result, record=record(r))]
    if result == "draw":
        return [phrase(MATCH_DRAW, record=record(r))]
    return [phrase(NOT_COVERED)]


def _ocg(s: Scenario, r: Ruling) -> list[Phrase]:
    """Yu-Gi-Oh! OCG events in Japan: the turn finished, three extra turns, Life Points; the extra Duel."""
    said: list[Phrase] = []
    game = s.current_game
    if s.during_game and game is not None:
        result, by = r.game_result, r.game_decided_by
        if result == "undecided" and by == "life-points":  # the plan at the time call
            first, rest = r.turns[0], r.turns[1:]
            return [phrase(OCG_FINISH, player=first.player, turns=turn_list(rest)),
                    phrase(OCG_IF_LIFE_SE if s.single_elimination else OCG_IF_LIFE_SWISS)]
        if result == "undecided" and game.life is not None:
            lead = leader(r.record)
            return [phrase(OCG_SUDDEN_DEATH, lp=game.life[0])] + (
                [phrase(OCG_SUDDEN_DEATH_THEN, leader=lead, player=other(lead))] if lead is not None else [])
        if by == "life-points" and game.life is not None:
            said.append(phrase(OCG_DUEL_EQUAL, lp=game.life[0]) if result == "draw" else
                        phrase(OCG_DUEL_LIFE_POINTS, player=result, score=score(*game.life)))
        elif by == "played-out" and game.life is not None and higher(game.life) is None:
            said.append(phrase(OCG_SUDDEN_DEATH_WON, lp=game.life[0], player=result))
        else:
            said.append(phrase(DUEL_DRAW) if result == "draw" else phrase(DUEL_WON, player=result))
    elif r.match_decided_by in ("game-wins", "tied-game-wins"):  # not before the extra Duel: it is no Duel of the match
        said.append(phrase(NO_NEW_DUEL))
    if r.match_decided_by not in ("extra-duel", "life-points", "not-covered") or r.match_result == "draw":
        return said + _match(s, r) if r.match_result in ("A", "B", "draw") else said + [phrase(NOT_COVERED)]
    duel, tied = s.tiebreak_game, score(r.record[0], r.record[1])
    if r.next == "extra-duel":
        turns = r.extras.get("tiebreak_turns")
        start = phrase(OCG_EXTRA_DUEL_FIRST, score=tied, turns=tuple(t["player"] for t in turns)) if turns else \
            phrase(OCG_EXTRA_DUEL, score=tied)
        return said + [start, phrase(OCG_EXTRA_DUEL_THEN)]
    if r.next == "head-judge":
        return said + [phrase(OCG_EXTRA_DUEL_DRAW)]
    if r.next == "life-points-change" and duel is not None and duel.life is not None:
        return said + [phrase(OCG_EXTRA_DUEL_ON, lp=duel.life[0])]
    if r.match_result in ("A", "B") and duel is not None:
        if r.match_decided_by == "life-points" and duel.life is not None:
            return said + [phrase(OCG_EXTRA_DUEL_LIFE, player=r.match_result, score=score(*duel.life), record=record(r))]
        return said + [phrase(OCG_EXTRA_DUEL_WON, player=r.match_result, record=record(r))]
    return said + [phrase(NOT_COVERED)]


def _double_loss(s: Scenario, r: Ruling) -> list[Phrase]:
    """Policy v2.5: time ends the match before a Duelist has won it, or the head judge decides."""
    if r.next == "head-judge":
        return [phrase(V2_5_SINGLE_ELIMINATION if s.single_elimination else V2_5_BEST_OF_ONE)]
    if s.during_game:
        stop = phrase(DUEL_STOPS_AFTER_EXTENSION, minutes=minutes(s.time_extension_minutes)) \
            if s.time_extension_minutes else phrase(DUEL_STOPS)
    else:
        stop = phrase(NO_NEW_DUEL)
    return [stop, phrase(DOUBLE_LOSS)]
