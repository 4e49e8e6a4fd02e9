"""Training questions for judge candidates, generated from valid scenarios by the engine itself.

A question is aimed at one paragraph (``rule``): the seed picks that paragraph, then draws
scenarios until one whose ruling turns on it, and asks what that paragraph decides there. The
right answer is the engine's ruling; the wrong ones come first from the real misconceptions
named below. ``(seed, GENERATOR_VERSION)`` gives the same question in every Python (the
browser's 3.14 and CPython 3.11): only ``random.Random(seed)`` draws, never hash order.

A question is fair to the candidate:
- its situation states every fact the answer rests on: a game nobody won says so (``"winner":
  null``, shown as "Nobody had won by the end of …"), Grand Archive's clock that did not run out says
  so, a Slow Play penalty comes with its REL and when it was given, a Yu-Gi-Oh! question names
  its edition (situation.py names each fact);
- the paragraph it is aimed at (and blamed for a miss) is the one that decides the answer in
  that situation (``DECIDES``), never a note or a neighbour that merely appears in the ruling;
- no wrong option is one a judge could defend: an option that describes the same play as the
  answer, or one that many judges would rule where the text is silent, is never offered
  (``NEVER_OFFERED``); a paragraph whose answer would rest on this site's own reading or on a
  gap in the text is not asked (``NOT_ASKED`` says why), nor is a kind of question whose key only such a
  paragraph gives (when Grand Archive's five minutes start), nor one marked in ``READING_ONLY`` (who takes
  turn 0 after a Grand Archive end-of-turn call);
- the situation never states the answer: a game won in play is never asked for its result, nor a match
  whose result is the shown result of a game played from equal game wins;
- the explanation rests on no fact the situation cannot show (``UNSHOWN_PREMISES``: how a Duel was won), and
  the premise of the question never contradicts the situation: no result the ruling gives only provisionally,
  no facts of the end of the procedure beside a game that ended before it.

Editions: a paragraph of an edition no longer in force (Yu-Gi-Oh! Policy v2.3) belongs to the
question set ``earlier-editions``, asked only when aimed at or chosen; the others are asked
under their game's current edition.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .. import judge
from ..contract.errors import ScenarioError
from ..editions import edition, newest
from ..i18n import LANGUAGES, N_, translate
from ..labels import NEXT_LABELS, RESULTS
from ..rule_ids import GAMES
from ..contract.reading import read_scenario
from ..games import rule as rule_of
from ..games.yugioh.three_rules import NEW_DUEL_COUNTED

GENERATOR_VERSION = 14  # 2: only scenarios the engine's cross-field checks accept; 3: ga-turn-zero-reading;
# 4: the REL with every Slow Play penalty, no time call between games before a game ended, a Grand Archive win in
# the clock's own turn, no "unfinished game" misconception on a won game;
# 5: Yu-Gi-Oh! under both editions (v2.5 by default, v2.3 among the earlier editions), every fact the answer rests
# on stated, each question aimed at the paragraph that decides it, no defensible wrong option;
# 6: no key on this site's reading or a gap (no clock-start question, ga-not-covered not asked), Grand Archive's turn
# count asked of ga-overtime, a match result never aimed at game wins when a tiebreak decided the game, an extra turn
# asked only where it changes who plays, no question whose answer the situation states (ygo-rule-3);
# 7: no kind of question whose key is only this site's reading (who takes turn 0 after an end-of-turn call), no
# explanation resting on a fact not shown (a Duel won by a win condition), no match result that a shown game's
# winner states (the new Duel's, a game won from equal game wins), no result the ruling gives only provisionally (the
# clock ran out and combat and the stack are still to finish), no end-of-procedure facts beside a game that ended
# earlier, Grand Archive's "nobody had won" said of the moment the turns or the five minutes ran out;
# 8: an exam's questions spread evenly over the question sets its code names, the Slow Play turn count asked of a
# player's first Slow Play Warning that day (the prompt says so), Grand Archive's turn count asked where the clock
# cut the turns short and no wrong option fits what was played, the sudden-death option worded for the situation;
# 9: Grand Archive's turn count asks what the procedure allows, not what the situation played; a question set asked
# no more often than it has different questions, and a paragraph asked again asked what it was not asked yet; the
# Magic turn split asked of the note that says who takes the first turn; no final-turn key after an end-of-turn call;
# no Policy v2.5 question with a time extension (when its match stops is this site's reading); a match result between
# games asked of the match-result paragraph, the no-new-game paragraphs asked what the players do now.
# 10: no question with a time extension and time called between games (whether the table was still between games
# when the extension ended is never shown).
# 11: no question of when the procedure starts after an end-of-turn call (the next turn begins when the key says).
# 12: no question of who takes which turn with a time extension (whose turn it was when it ended is never shown).
# 13: nor of a Grand Archive game decided by who took the final turn, with a time extension, for the same reason.
# 14: Disney Lorcana TCG (its own question set; the other sets ask what they asked under 13).
# Any change to what a seed draws (a paragraph added to KIND, a new draw in draw_scenario) must raise it:
# exam codes name their generator (rules_engine.training.exam), and tests/engine/test_exam.py holds one exam's digest.
# An exam code of an older generator still opens where its question sets ask what they asked then:
# exam.QUESTIONS_SINCE names, for each set, the generator since which its questions are the same.
LEVELS = ("turns", "result", "tiebreak")
# What a game in progress is like when the procedure is over: never shown beside a game that ended in play.
END_OF_PROCEDURE = ("life", "champion_life", "damage", "influence", "main_deck")
MAX_DRAWS = 400
EARLIER = "earlier-editions"  # the question set of the editions no longer in force
GROUPS: tuple[str, ...] = (*GAMES, EARLIER)

# What each paragraph asked about decides, and so what a question aimed at it asks (one kind, or a
# choice of kinds the seed picks from).
KINDS: dict[str, tuple[str, ...]] = {
    "mtg-additional-turns": ("turn-count",), "mtg-team-three-turns": ("turn-count",),
    "mtg-slow-play-note": ("turn-count",), "mtg-turn-plan-note": ("turns-of-player",),
    "mtg-extra-turns-note": ("turn-player",), "mtg-pass-the-turn": ("turn-player",),
    "mtg-time-extension": ("procedure-start",), "mtg-unfinished-game-draw": ("game-result",),
    "mtg-highest-life": ("game-result",), "mtg-sudden-death": ("next",),
    "mtg-match-result-note": ("match-result",), "mtg-no-new-game": ("next",),
    "ga-overtime": ("turn-count",), "ga-end-of-turn-call": ("turn-player",),
    "ga-time-extension": ("procedure-start",), "ga-unfinished-game-draw": ("game-result",),
    "ga-match-result": ("match-result",), "ga-no-new-game": ("next",),
    "ga-step-game-wins": ("match-result",), "ga-step-available-life": ("game-result",),
    "ga-step-influence": ("game-result",), "ga-step-main-deck": ("game-result",), "ga-ending-overtime": ("next",),
    # Yu-Gi-Oh! Policy v2.5, the current edition.
    "ygo-v2-5-double-loss": ("match-result", "next"),
    # Yu-Gi-Oh! Policy v2.3, an earlier edition.
    "ygo-rule-1-current-phase": ("game-result",), "ygo-rule-1-swiss": ("game-result",),
    "ygo-rule-1-single-elimination": ("next",),
    "ygo-rule-2": ("match-result",), "ygo-rule-2-swiss": ("match-result",), "ygo-rule-2-single-elimination": ("next",),
    "ygo-new-duel-side-deck": ("side-deck",), "ygo-new-duel-first-player": ("first-player",),
    "ygo-new-duel-life-points": ("match-result",),
    "ygo-new-duel-turn-by-turn": ("next",),
    # Disney Lorcana: Ravensburger's Tournament Rules (worldwide) and Takara Tomy's rules for Japan, each
    # under its current edition. Its lore-lead continuation is not asked: that the game won on lore also
    # wins the match is this site's reading.
    "lorcana-turn-zero": ("turn-player",), "lorcana-five-turns": ("turn-count",),
    "lorcana-every-turn-counts": ("turns-of-player", "turn-player"), "lorcana-se-five-turns": ("turn-count",),
    "lorcana-record": ("game-result",), "lorcana-swiss": ("match-result",), "lorcana-more-game-wins": ("match-result",),
    "lorcana-game-ends": ("match-result",), "lorcana-se-game-wins-lead": ("match-result",),
    "lorcana-se-lore": ("match-result",),
    "lorcana-japan-turn-zero": ("turn-player",), "lorcana-japan-one-turn": ("turn-count",),
    "lorcana-japan-game-ends": ("match-result",),
}
# Kinds of question whose key, for this paragraph, would be only this site's reading of its text (a judge could
# defend another answer): marked here and never asked. A paragraph left with no kind is not asked at all.
READING_ONLY: dict[str, dict[str, str]] = {
    "ga-end-of-turn-call": {"turn-player": "which turn is turn 0 after an end-of-turn call is this site's reading: the "
                                           "text says only that the next player's turn starts the turn counter, and "
                                           "the turn that was ending is defensible"},
}
KINDS = {rule: tuple(k for k in kinds if k not in READING_ONLY.get(rule, {})) for rule, kinds in KINDS.items()}
KINDS = {rule: kinds for rule, kinds in KINDS.items() if kinds}
KIND: dict[str, str] = {rule: kinds[0] for rule, kinds in KINDS.items()}
CITABLE: tuple[str, ...] = tuple(KINDS)

# Paragraphs the engine cites that no question is aimed at, and why.
NOT_ASKED: dict[str, str] = {
    "mtg-edition": "a note naming the edition ruled under, not a rule",
    "ga-edition": "a note naming the edition ruled under, not a rule",
    "ygo-edition": "a note naming the edition ruled under, not a rule",
    "mtg-two-headed-giant-note": "context (a Two-Headed Giant match is one game): the team questions are aimed at "
                                 "mtg-team-three-turns and mtg-team-as-one-player",
    "mtg-turn-split": "says that one player usually takes three turns and the other two, not who: the split is asked "
                      "of mtg-turn-plan-note, which says who takes the first",
    "mtg-slow-play-reading": "this site's reading of a point the IPG leaves open",
    "mtg-single-elimination-no-draw": "says only that a draw is not possible; the paragraphs that then decide the "
                                      "result (mtg-highest-life, mtg-sudden-death) are asked",
    "mtg-not-covered": "a gap in the text: many judges would rule otherwise (sudden death after the turns)",
    "mtg-team-as-one-player": "the team's shared life total is compared as a player's: the result is asked of "
                              "mtg-highest-life, which decides it, Two-Headed Giant included",
    "ga-not-covered": "a gap in the text: its only key would be 'call the head judge'",
    "ga-turn-zero": "names the turn the additional turns count from; their number is asked of ga-overtime's words",
    "ygo-rule-3": "a win during the procedure is the Duel's result: the situation would have to state the answer",
    "ygo-new-duel-four-turns": "the new Duel's winner is the match's: the situation would state the answer; its four "
                               "turns are asked of ygo-new-duel-life-points, which compares Life Points after them",
    "ga-turn-zero-reading": "this site's reading (which turn is turn 0 after an end-of-turn call): never asked",
    "ga-record-reading": "this site's reading (how the unfinished game is recorded when Step 1 decides): never asked",
    "ga-single-elimination": "says only that a draw is not possible; the steps that then decide are asked",
    "ga-finish-combat": "the same question as ga-ending-overtime, which states the end it leads to",
    "ga-resolve-effects": "the same question as ga-ending-overtime, which states the end it leads to",
    "ygo-v2-5-top-cut-untimed": "no situation can ask it: a Top Cut match is never timed, and a timed "
                                "single-elimination round is what this site does not know (ygo-v2-5-not-known)",
    "ygo-v2-5-not-known": "what this site does not know of Policy v2.5: judges could rule it several ways",
    "ygo-rule-1": "the general rule (a decision is needed); the paragraphs after it decide how",
    "ygo-first-player-choice-note": "asked with ygo-new-duel-first-player, whose answer states it",
    "ygo-time-extension-note": "this site's note on time extensions, not a rule of the procedure",
    "ygo-not-covered": "a gap in the text: many judges would rule another new Duel, or play on",
    "ygo-tcg-not-ocg-note": "a note naming the region's rules ruled under (the situation names the edition)",
    **{rule: "Konami Japan's OCG rules, in this site's summary (not Konami's text): no key rests on a summary"
       for rule in ("ygo-ocg-summary-note", "ygo-ocg-match", "ygo-ocg-finish-turn", "ygo-ocg-extra-turns",
                    "ygo-ocg-life-points", "ygo-ocg-equal-swiss", "ygo-ocg-sudden-death", "ygo-ocg-match-result",
                    "ygo-ocg-extra-duel", "ygo-ocg-slow-play", "ygo-ocg-not-known")},
    "lorcana-edition": "a note naming the edition ruled under, not a rule",
    "lorcana-region-note": "a note naming the region's rules ruled under (the situation names the edition)",
    "lorcana-other-procedures": "says that an event may announce its own single-elimination procedure: no answer "
                                "turns on it",
    "lorcana-time-called": "that no new game begins once time is called is this site's reading since 9 September 2025",
    "lorcana-japan-time-called": "that no new game begins once time is called is this site's reading since "
                                 "12 February 2026",
    "lorcana-french-differs-note": "the French text says the game where the English says the match: neither is said "
                                  "to prevail, so no answer rests on the bullet where they differ",
    "lorcana-time-extension": "when the procedure starts after a time extension is this site's reading",
    "lorcana-slow-play": "the turns the remedy adds to the five are this site's reading (the text gives no total)",
    "lorcana-slow-play-remedy": "the turns the remedy adds to the five are this site's reading (the text gives no "
                                "total), and a penalty given at turn 0 is read as already in extra turns",
    "lorcana-slow-play-reading": "this site's reading of the Slow Play remedy: never a key",
    "lorcana-japan-slow-play": "1 + 2 = 3 turns is this site's reading: the text gives no total",
    "lorcana-second-warning": "what a second Slow Play Warning does to the procedure the text does not say: the "
                              "only key would be 'call the head judge'",
    "lorcana-se-lore-lead": "that the game won on lore also wins the match is this site's reading (the text says "
                            "the game)",
    "lorcana-japan-se-lore-lead": "that the game won on lore also wins the match is this site's reading (the text "
                                  "says the game)",
    "lorcana-japan-earlier": "an earlier edition of the Japanese rules: asked under the current one",
    "lorcana-japan-more-game-wins": "that the game in progress does not count, in a Swiss round of three games, rests on "
                                    "this site's readings (Takara Tomy plays BO3 in the playoff rounds)",
    "lorcana-japan-swiss": "that equal game wins make the match a draw is this site's reading of Takara Tomy's Swiss "
                           "bullet",
    "lorcana-match-structure": "context (a match is best of three: two game wins take it): the result of a game won "
                               "in the turns is asked of lorcana-game-ends",
    "lorcana-japan-match-structure": "context (BO1 and BO3, what a game won or drawn in play counts for): the "
                                     "questions on a game that ends in the turn are aimed at lorcana-japan-game-ends",
    "lorcana-2025-single-elimination": "an earlier edition: the current one is asked",
    "lorcana-2024-no-new-games": "an earlier edition: the current one is asked",
    "lorcana-2024-swiss": "an earlier edition: the current one is asked",
    "lorcana-2024-single-elimination": "an earlier edition: the current one is asked",
    "lorcana-2023-match": "an earlier edition: the current one is asked",
    "lorcana-2023-french-lore": "an earlier edition: the current one is asked",
    "lorcana-not-covered": "a gap in the text: its only key would be 'call the head judge'",
}
NOT_ASKED.update({rule: "; ".join(why.values()) for rule, why in READING_ONLY.items() if rule not in KINDS})
# Paragraphs whose step states a fact no situation shows (how a Duel was won: a win condition during the procedure,
# or Life Points at the end of the Phase, are both "Result: A"): a ruling citing one is never a question's.
UNSHOWN_PREMISES = {"ygo-rule-3"}
# Where the text is silent: a ruling that says so ("call the head judge") is never a question's, whatever it asks.
GAPS = {"mtg-not-covered", "ga-not-covered", "ygo-not-covered", "lorcana-not-covered"}
TURN_KINDS = {"turn-count", "turn-player", "turns-of-player", "procedure-start"}
TIEBREAK_RULES = {
    "mtg-highest-life", "mtg-sudden-death",
    "ga-step-game-wins", "ga-step-available-life", "ga-step-influence", "ga-step-main-deck",
    "ygo-rule-1-single-elimination", "ygo-rule-2-single-elimination", "ygo-new-duel-side-deck",
    "ygo-new-duel-first-player", "ygo-new-duel-four-turns", "ygo-new-duel-life-points", "ygo-new-duel-turn-by-turn",
    "lorcana-se-game-wins-lead", "lorcana-se-lore",
}
# The edition a paragraph belongs to, where its game has several (the scenario names it).
EDITION_OF: dict[str, str] = {rule: "2.3" for rule in CITABLE if rule.startswith("ygo-") and not rule.startswith("ygo-v2-5-")}
EDITION_OF["ygo-v2-5-double-loss"] = "2.5"
# Disney Lorcana: the current edition of the region's rules, named in every question (with the region for Japan).
EDITION_OF |= {rule: newest("lorcana", "japan" if rule.startswith("lorcana-japan-") else None).id
               for rule in CITABLE if rule.startswith("lorcana-")}


def level_of(rule: str) -> str:
    if KIND[rule] in TURN_KINDS:
        return "turns"
    return "tiebreak" if rule in TIEBREAK_RULES else "result"


def game_of(rule: str) -> str:
    return ("mtg" if rule.startswith("mtg-") else "grand-archive" if rule.startswith("ga-")
            else "lorcana" if rule.startswith("lorcana-") else "yugioh")


def edition_of(rule: str) -> str:
    """The edition a question aimed at ``rule`` is asked under (its game's newest, unless named)."""
    game = game_of(rule)
    return EDITION_OF.get(rule, newest(game).id)  # type: ignore[arg-type]


def group_of(rule: str) -> str:
    """The question set ``rule`` belongs to: its game, or ``earlier-editions`` for an edition no longer in force."""
    found = edition(game_of(rule), edition_of(rule))  # type: ignore[arg-type]
    return EARLIER if found is not None and found.replaced is not None else game_of(rule)


def available() -> dict[str, list[str]]:
    """Which question sets each level asks about (Yu-Gi-Oh!'s procedures have no turn plan to ask about)."""
    return {level: [g for g in GROUPS if any(level_of(r) == level and group_of(r) == g for r in CITABLE)]
            for level in LEVELS}


PROMPTS: dict[str, str] = {
    "turn-count": N_("How many additional turns are played after turn 0?"),
    "turn-player": N_("Who takes turn {number}?"),
    "turns-of-player": N_("How many of the additional turns does {player} take?"),
    "procedure-start": N_("A judge had granted a time extension. When does the End-of-Match procedure begin?"),
    "game-result": N_("What result does the procedure give the game in progress?"),
    "match-result": N_("What is the result of the match?"),
    "next": N_("What must the players do now?"),
    # Whether a new Duel follows is for the candidate to work out (the Duel in progress may level the Duels won): these
    # prompts say "if", never "the new Duel" as a fact (PRESUPPOSES).
    "side-deck": N_("If the match goes on to a new Duel, may the Duelists use their Side Deck in it?"),
    "first-player": N_("If the match goes on to a new Duel, how is it decided who goes first in it?"),
}
# What a prompt of each kind takes as given, and so must be a fact the situation shows (not an outcome the candidate is to
# work out): a game in progress, the turns after turn 0 (time called during a game), the time extension.
PRESUPPOSES: dict[str, Callable[[dict[str, Any]], bool]] = {
    "turn-count": lambda s: s["time_called"] == "during-game",
    "turn-player": lambda s: s["time_called"] == "during-game",
    "turns-of-player": lambda s: s["time_called"] == "during-game",
    "procedure-start": lambda s: bool(s.get("time_extension_minutes")),
    "game-result": lambda s: s["time_called"] == "during-game",
    "match-result": lambda s: True,
    "next": lambda s: True,
    "side-deck": lambda s: True,
    "first-player": lambda s: True,
}
# A question aimed at one paragraph whose key rests on a fact the form has no field for: the prompt states it.
RULE_PROMPTS: dict[str, str] = {
    # IPG 3: a player with an earlier Slow Play Warning that day gets a Game Loss, not two more turns.
    "mtg-slow-play-note": N_("Neither player had received a Slow Play Warning earlier that day, before this match. "
                             "How many additional turns are played after turn 0?"),
    # The rule is asked, not the turns this situation played: the clock shown ran out before turn 3.
    "ga-overtime": N_("How many additional turns does the procedure allow after turn 0, and for how long?"),
}
# Yu-Gi-Oh! speaks of Duels and Duelists.
YUGIOH_PROMPTS: dict[str, str] = {
    "game-result": N_("What result does the procedure give the Duel in progress?"),
    "next": N_("What must the Duelists do now?"),
}
# Policy v2.3, time called during a Duel: the situation gives the Life Points at the end of the current Phase, so
# the question is what follows the Phase ("Play to the end of the current Phase" is what they do at the time call).
NEXT_AFTER_PHASE = N_("What must the Duelists do after the current Phase?")
ANSWERS: dict[str, str] = {
    "at-time-call": N_("As soon as time is called"),
    "after-extension": N_("When the time extension ends"),
    "at-next-turn": N_("When the next turn begins"),
    "yes": N_("Yes"),
    "no": N_("No"),
    "nothing": N_("No more play: the result is final; record it."),
    # Grand Archive's additional turns: counts a Grand Archive judge could confuse.
    "ga-up-to-3": N_("Up to 3, or 5 minutes, whichever comes first"),
    "ga-exactly-3": N_("Exactly 3, however long they take"),
    "ga-5-minutes-then-3": N_("5 minutes of play, then 3 additional turns"),
    "ga-up-to-5": N_("Up to 5, or 5 minutes, whichever comes first"),
    "ga-exactly-5": N_("Exactly 5, however long they take"),
    # Magic's sudden death, as the situation shown has it: a game in progress goes on, or none is and a new one is played.
    "sudden-death-goes-on": N_("Sudden death: the game in progress goes on with the added state-based action, under which a player without the highest life total loses."),
    "sudden-death-new-game": N_("Sudden death: a new game is played with the added state-based action, under which a player without the highest life total loses."),
    # Two-Headed Giant: the MTR treats a team as one player, and the ruling's step says "a team": so does the option.
    "sudden-death-goes-on-team": N_("Sudden death: the game in progress goes on with the added state-based action, under which a team without the highest life total loses."),
    "sudden-death-new-game-team": N_("Sudden death: a new game is played with the added state-based action, under which a team without the highest life total loses."),
    # What Grand Archive players do once the clock has run out.
    "ga-finish-turn": N_("Finish the current turn; the game ends with it."),
    "ga-remaining-turns": N_("Play the remaining additional turns: the clock does not end them."),
    # Who goes first in Yu-Gi-Oh!'s new Duel.
    "random-method": N_("A random method (die roll, coin flip) picks a Duelist, who chooses who goes first"),
    "loser-chooses": N_("The Duelist who lost the last Duel chooses, as between the Duels of a match"),
    "first-winner-chooses": N_("The Duelist who won the first Duel of the match chooses"),
}


# --- the scenarios ---------------------------------------------------------------------------

def draw_scenario(rng: random.Random, game: str, hint: dict[str, Any]) -> dict[str, Any]:
    """A random scenario of ``game``; ``hint`` fixes what its target paragraph needs.

    What the answer may rest on is always stated, even when it is the engine's default: the
    result of a game in progress (``None``: nobody won), Grand Archive's clock (``None``: it did
    not run out), whether passing the turn was indicated, the REL of a Slow Play penalty, the
    Yu-Gi-Oh! edition. A Yu-Gi-Oh! new Duel appears only once played (its result or Life Points).

    A hint's keys starting with ``_`` steer the draw rather than fix a fact: ``_equal_wins``,
    ``_equal_life`` or ``_unequal_life`` (the game in progress), ``_slow_play``, ``_extra_turn``,
    ``_no_new_duel`` (none played yet)."""
    if game == "lorcana":  # its own draws: the other games' seeds draw what they drew before it came
        return _draw_lorcana(rng, hint)
    single = rng.random() < 0.5
    best_of = rng.choice((1, 3, 3, 5))
    needed = best_of // 2 + 1
    s: dict[str, Any] = {"version": 1, "game": game, "round": "single-elimination" if single else "swiss",
                         "best_of": best_of, "games_won": [rng.randrange(needed), rng.randrange(needed)]}
    if hint.get("_equal_wins"):
        s["games_won"][1] = s["games_won"][0]
    ygo_edition = hint.get("edition") if game == "yugioh" else None
    three_rules = ygo_edition == "2.3"
    if ygo_edition is not None:
        s["edition"] = ygo_edition
    during = rng.random() < 0.8
    s["time_called"] = "during-game" if during else "between-games"
    if game == "mtg" and rng.random() < 0.15:
        s.update(two_headed_giant=True, best_of=1, games_won=[0, 0])
    s.update({k: v for k, v in hint.items() if k in ("round", "time_called", "two_headed_giant", "games_won", "best_of")})
    if s.get("two_headed_giant"):
        s["best_of"], s["games_won"] = 1, [0, 0]
    during = s["time_called"] == "during-game"
    single = s["round"] == "single-elimination"
    if during and (game != "yugioh" or three_rules):
        s["active_player"] = rng.choice("AB")
        current: dict[str, Any] = {"winner": None}
        if rng.random() < 0.25:
            current["winner"] = rng.choice("AB")
            if game != "yugioh":  # Yu-Gi-Oh! plays no further turn: a win is in the turn in progress
                current["during_turn"] = rng.randrange(4)
        equal = True if hint.get("_equal_life") else False if hint.get("_unequal_life") else rng.random() < 0.3
        if (game == "mtg" and single or game == "yugioh") and current["winner"] is None:
            unit, top = (1, 21) if game == "mtg" else (500, 21)
            life = rng.randrange(1, top) * unit
            other = rng.choice([n * unit for n in range(1, top) if n * unit != life])
            current["life"] = [life, life] if equal else [life, other]
        if game == "grand-archive" and single and current["winner"] is None:
            for key in ("champion_life", "damage", "influence", "main_deck"):
                current[key] = [rng.randrange(3, 6), rng.randrange(3, 6)] if key != "champion_life" else [25, 25]
        current.update(hint.get("current_game", {}))
        if current["winner"] is not None:
            # A game that ended in play has no facts of the end of the procedure (life totals "at the end of the
            # additional turns", a tiebreak's): shown beside it, they would say turns were played that were not.
            for key in END_OF_PROCEDURE:
                current.pop(key, None)
        s["current_game"] = current
        if game in ("mtg", "grand-archive"):
            s["turn_pass_announced"] = rng.random() < 0.2
        if game == "mtg" and (hint.get("_extra_turn") or rng.random() < 0.25):
            s["extra_turns"] = [{"player": rng.choice("AB"), "after_turn": rng.randrange(5)}]
        if game == "grand-archive":
            s["clock_expired_during_turn"] = rng.randrange(1, 4) if rng.random() < 0.3 else None
    if game == "mtg" and (hint.get("_slow_play") or rng.random() < 0.2):
        s["slow_play_penalties"] = [{"player": rng.choice("AB"), "during_additional_turns": rng.random() < 0.5}]
        # The two added turns exist only at Competitive and Professional REL: a question never leaves it unsaid.
        s["rel"] = rng.choice(("competitive", "professional"))
    if rng.random() < 0.15:
        s["time_extension_minutes"] = rng.choice((3, 5))
    if ygo_edition == "2.5" and rng.random() < 0.3:
        s["games_drawn"] = 1  # the current edition asks one thing of many matches: drawn games are part of them
    if three_rules:
        s["side_deck_accessed"] = rng.random() < 0.5
        if single and s["games_won"][0] == s["games_won"][1] and not hint.get("_no_new_duel") and rng.random() < 0.5:
            # A new Duel already played: its result, or its Life Points after the four turns.
            duel: dict[str, Any] = {"first_player": rng.choice("AB"), "winner": None}
            if rng.random() < 0.4:
                duel["winner"] = rng.choice("AB")
                duel["during_turn"] = rng.randrange(1, 5)
            else:
                duel["life"] = [rng.randrange(1, 9) * 1000, rng.randrange(1, 9) * 1000]
            s["tiebreak_game"] = duel
    s.update({k: v for k, v in hint.items() if k not in ("round", "time_called", "current_game", "edition")
              and not k.startswith("_")})
    if not during:
        for key in ("extra_turns", "clock_expired_during_turn", "turn_pass_announced", "slow_play_penalties", "rel",
                    "active_player", "current_game"):
            s.pop(key, None)
        if s["games_won"] == [0, 0] and not s.get("games_drawn"):
            s["games_drawn"] = 1  # "between games" follows a completed game: here, a drawn one
    if s.get("slow_play_penalties") and "rel" not in s:
        s["rel"] = "competitive"
    if max(s["games_won"]) >= s["best_of"] // 2 + 1:  # a hint's wins need a longer match
        s["best_of"] = 5 if max(s["games_won"]) >= 2 else 3
    if three_rules and s["games_won"] == [0, 0] and not s.get("games_drawn"):
        s["side_deck_accessed"] = False  # the Side Deck is used between games: none has ended yet
    current = s.get("current_game") or {}
    clock = s.get("clock_expired_during_turn")
    if clock is not None and current.get("during_turn") is not None:
        current["during_turn"] = clock  # the clock ran out in the turn the game was won in, or never did
    if current.get("during_turn") is not None:  # no extra turn is created after the game ended
        kept = [e for e in s.get("extra_turns", []) if e["after_turn"] <= current["during_turn"]]
        if kept:
            s["extra_turns"] = kept
        else:
            s.pop("extra_turns", None)
    return s


LORE_TO_WIN = 20  # CR 1.8.1.1: a player with 20 or more lore wins the game


def _draw_lorcana(rng: random.Random, hint: dict[str, Any]) -> dict[str, Any]:
    """A Disney Lorcana scenario under the current edition of its region's rules (the hint's ``edition``).

    Stated even where it is the engine's default: the edition, the region (Japan), whether time was called as
    the active player declared the end of their turn, the result of the game in progress. Never drawn: a Slow Play
    penalty or a time extension (the turns they add, and when the procedure starts, are this site's readings), an
    agreed draw during the turns. A lore total is below the 20 that wins a game. The hint's ``_equal_wins``,
    ``_unequal_wins``, ``_equal_lore``, ``_unequal_lore``, ``_no_win`` and ``_win`` steer the draw."""
    edition_id = hint.get("edition") or newest("lorcana").id
    japan = edition_id.startswith("japan-")
    single = rng.random() < 0.5
    s: dict[str, Any] = {"version": 1, "game": "lorcana", "edition": edition_id,
                         "round": "single-elimination" if single else "swiss"}
    if japan:
        s["region"] = "japan"
    s.update({k: list(v) if isinstance(v, list) else v for k, v in hint.items()
              if k in ("round", "best_of", "games_won", "time_called")})
    single = s["round"] == "single-elimination"
    s.setdefault("best_of", rng.choice((1, 3, 3)))
    needed = s["best_of"] // 2 + 1
    wins = s.setdefault("games_won", [rng.randrange(needed), rng.randrange(needed)])
    if hint.get("_equal_wins"):
        wins[1] = wins[0]
    if hint.get("_unequal_wins") and wins[0] == wins[1]:
        if s["best_of"] == 1:
            s["best_of"] = 3
        wins[rng.randrange(2)] = 1
        if wins[0] == wins[1]:
            wins[0 if rng.random() < 0.5 else 1] = 0
    s.setdefault("time_called", "during-game" if rng.random() < 0.85 else "between-games")
    if rng.random() < 0.2 and sum(wins) + 1 < s["best_of"]:
        s["games_drawn"] = 1
    if s["time_called"] == "between-games":
        if wins == [0, 0] and not s.get("games_drawn"):
            s["games_drawn"] = 1  # "between games" follows a completed game: here, a drawn one
        return s
    count = 1 if japan else 5
    s["active_player"] = rng.choice("AB")
    s["turn_pass_announced"] = False
    current: dict[str, Any] = {"winner": None}
    if hint.get("_win") or not hint.get("_no_win") and rng.random() < 0.25:
        current["winner"] = rng.choice("AB")
        current["during_turn"] = rng.randrange(count + 1)
    elif single and wins[0] == wins[1]:
        lore = rng.randrange(LORE_TO_WIN)
        equal = True if hint.get("_equal_lore") else False if hint.get("_unequal_lore") else rng.random() < 0.3
        current["lore"] = [lore, lore if equal else rng.choice([n for n in range(LORE_TO_WIN) if n != lore])]
    s["current_game"] = current
    return s


# Scenario facts some paragraphs need, or rarely get by chance.
SE, BETWEEN, DURING = "single-elimination", "between-games", "during-game"
HINTS: dict[str, dict[str, Any]] = {
    "mtg-team-three-turns": {"two_headed_giant": True, "time_called": DURING},
    "mtg-pass-the-turn": {"time_called": DURING, "turn_pass_announced": True},
    "mtg-extra-turns-note": {"time_called": DURING, "_extra_turn": True},
    "mtg-slow-play-note": {"time_called": DURING, "_slow_play": True},
    "mtg-highest-life": {"round": SE, "time_called": DURING, "_equal_wins": True, "_unequal_life": True},
    "mtg-unfinished-game-draw": {"time_called": DURING},
    "mtg-time-extension": {"time_extension_minutes": 5},
    "mtg-no-new-game": {"time_called": BETWEEN},
    "mtg-sudden-death": {"round": SE, "_equal_wins": True},
    "ga-time-extension": {"time_extension_minutes": 5},
    "ga-end-of-turn-call": {"time_called": DURING, "turn_pass_announced": True},
    "ga-overtime": {"time_called": DURING},
    "ga-no-new-game": {"time_called": BETWEEN},
    "ga-step-game-wins": {"round": SE, "time_called": DURING},
    "ga-step-available-life": {"round": SE, "time_called": DURING, "_equal_wins": True},
    "ga-step-main-deck": {"round": SE, "time_called": DURING, "games_won": [0, 0],
                          "current_game": {"champion_life": [20, 20], "damage": [3, 3], "influence": [4, 4]}},
    "ga-step-influence": {"round": SE, "time_called": DURING, "games_won": [0, 0],
                          "current_game": {"champion_life": [20, 20], "damage": [3, 3]}},
    "ga-ending-overtime": {"time_called": DURING, "clock_expired_during_turn": 2},
    "ygo-v2-5-double-loss": {"round": "swiss"},
    "ygo-rule-1-current-phase": {"time_called": DURING, "_unequal_life": True},
    "ygo-rule-1-swiss": {"round": "swiss", "time_called": DURING, "_equal_life": True},
    "ygo-rule-1-single-elimination": {"round": SE, "time_called": DURING, "_equal_life": True},
    "ygo-rule-2": {"time_called": BETWEEN},  # during a Duel, only a win (Rule 3, not shown) leaves game wins to decide
    "ygo-rule-2-swiss": {"round": "swiss", "_equal_wins": True},
    "ygo-rule-2-single-elimination": {"round": SE, "_no_new_duel": True},
    "ygo-new-duel-side-deck": {"round": SE, "_no_new_duel": True},
    "ygo-new-duel-first-player": {"round": SE, "_no_new_duel": True},
    "ygo-new-duel-turn-by-turn": {"round": SE, "time_called": BETWEEN, "games_won": [1, 1],
                                  "tiebreak_game": {"first_player": "A", "winner": None, "life": [4000, 4000]}},
    "ygo-new-duel-life-points": {"round": SE, "time_called": BETWEEN, "games_won": [1, 1],
                                 "tiebreak_game": {"first_player": "B", "winner": None, "life": [3000, 5000]}},
    "lorcana-turn-zero": {"time_called": DURING},
    "lorcana-five-turns": {"round": "swiss", "time_called": DURING},
    "lorcana-every-turn-counts": {"time_called": DURING},
    "lorcana-se-five-turns": {"round": SE, "time_called": DURING, "_equal_wins": True},
    "lorcana-record": {"round": "swiss", "time_called": DURING, "_equal_wins": True, "_no_win": True},
    "lorcana-swiss": {"round": "swiss", "time_called": DURING, "_equal_wins": True, "_no_win": True},
    "lorcana-more-game-wins": {"round": "swiss", "time_called": DURING, "_unequal_wins": True, "_no_win": True},
    "lorcana-game-ends": {"round": "swiss", "time_called": DURING, "best_of": 3, "_unequal_wins": True, "_win": True},
    "lorcana-se-game-wins-lead": {"round": SE, "time_called": BETWEEN, "_unequal_wins": True},
    "lorcana-se-lore": {"round": SE, "time_called": DURING, "_equal_wins": True, "_unequal_lore": True, "_no_win": True},
    "lorcana-japan-turn-zero": {"time_called": DURING},
    "lorcana-japan-one-turn": {"time_called": DURING},
    # Japan: best of three is played in the playoff rounds (single elimination), best of one in the Swiss rounds.
    "lorcana-japan-game-ends": {"round": SE, "time_called": DURING, "best_of": 3, "_unequal_wins": True, "_win": True},
}
for _rule, _edition in EDITION_OF.items():
    HINTS[_rule] = {**HINTS.get(_rule, {}), "edition": _edition}


# --- which paragraph decides the answer -------------------------------------------------------

Decides = Callable[[dict[str, Any], dict[str, Any]], bool]


def _turns_plain(s: dict[str, Any]) -> bool:
    """Five additional turns, the rule's usual split: no team, no Slow Play, no extra turn."""
    return not s.get("two_headed_giant") and not s.get("slow_play_penalties") and not s.get("extra_turns")


def _game_decided_by(*how: str) -> Decides:
    return lambda s, r: r["current_game"]["decided_by"] in how


def _match_decided_by(*how: str) -> Decides:
    return lambda s, r: r["match"]["decided_by"] in how


def _next_is(value: str | None) -> Decides:
    return lambda s, r: r["match"]["next"] == value


def _between(s: dict[str, Any]) -> bool:
    return s["time_called"] == BETWEEN


def _life_equal(pair: Any) -> bool:
    return isinstance(pair, list) and pair[0] == pair[1]


def _in_japan(s: dict[str, Any]) -> bool:
    return s.get("region") == "japan"


def _equal_wins(s: dict[str, Any]) -> bool:
    return s["games_won"][0] == s["games_won"][1]


def _nobody_won(s: dict[str, Any]) -> bool:
    """The game in progress was still going when the procedure's turns ended (as the situation says it)."""
    return s["time_called"] == DURING and (s.get("current_game") or {}).get("winner") is None


def _rests_on_a_reading(s: dict[str, Any]) -> bool:
    """A Disney Lorcana ruling with a step of this site's reading (no new game begins, a game-win leader's game is not
    played on, the match is a draw in Japan with no game won, a game won on lore wins the match…): no key rests on it,
    whatever the question asks (the ruling's steps say so in their own words)."""
    steps = rule_of(read_scenario(s)).steps
    return any("this site's reading" in step.msgid or "this site reads" in step.msgid for step in steps)


# How a game in progress is decided by a paragraph of its own (a tiebreak): a match result that follows from it
# is that paragraph's question, never one of game wins.
GAME_TIEBREAKS = {"life", "available-life", "influence", "main-deck", "final-turn", "life-points"}


def _extra_turns_that_change_the_player(r: dict[str, Any]) -> list[dict[str, Any]]:
    """The extra turns taken by the player of the turn before them: without the extra turn, the other player would
    have taken that turn (an extra turn that changes nothing cannot test the paragraph)."""
    turns = r["turns"]
    return [t for i, t in enumerate(turns) if t["extra"] and i > 0 and turns[i - 1]["player"] == t["player"]]


def _stated_by_a_game(s: dict[str, Any], r: dict[str, Any]) -> bool:
    """The match's winner is the winner the situation shows of a game played from equal game wins (the game in
    progress, the new Duel, the sudden-death game): the situation states the answer."""
    wins = s["games_won"]
    shown = [(s.get(key) or {}).get("winner") for key in ("current_game", "tiebreak_game")]
    return r["match"]["result"] in shown and wins[0] == wins[1]


# In the situation drawn, the paragraph decides what its question asks: never blamed for another's answer.
DECIDES: dict[str, Decides] = {
    "mtg-additional-turns": lambda s, r: not s.get("two_headed_giant") and not s.get("slow_play_penalties"),
    "mtg-team-three-turns": lambda s, r: bool(s.get("two_headed_giant")) and not s.get("slow_play_penalties"),
    "mtg-slow-play-note": lambda s, r: bool(s.get("slow_play_penalties")) and not s.get("two_headed_giant"),
    "mtg-turn-plan-note": lambda s, r: _turns_plain(s) and r["additional_turns"] == 5,
    "mtg-extra-turns-note": lambda s, r: bool(_extra_turns_that_change_the_player(r)),
    "mtg-pass-the-turn": lambda s, r: bool(s.get("turn_pass_announced")) and not s.get("extra_turns"),
    "mtg-time-extension": lambda s, r: True,
    "mtg-unfinished-game-draw": _game_decided_by("incomplete"),
    "mtg-highest-life": _game_decided_by("life"),
    "mtg-sudden-death": _next_is("sudden-death"),
    "mtg-match-result-note": lambda s, r: r["match"]["decided_by"] in ("game-wins", "tied-game-wins")
                                          and r["current_game"]["decided_by"] not in GAME_TIEBREAKS,
    "mtg-no-new-game": lambda s, r: _between(s) and r["match"]["decided_by"] in ("game-wins", "tied-game-wins"),
    "ga-overtime": lambda s, r: True,
    "ga-end-of-turn-call": lambda s, r: bool(s.get("turn_pass_announced")),
    "ga-time-extension": lambda s, r: True,
    "ga-unfinished-game-draw": _game_decided_by("incomplete"),
    "ga-match-result": lambda s, r: s["round"] == "swiss"
                                    and r["current_game"]["decided_by"] not in GAME_TIEBREAKS,
    "ga-no-new-game": lambda s, r: _between(s) and r["match"]["decided_by"] in ("game-wins", "tied-game-wins"),
    "ga-step-game-wins": lambda s, r: s["round"] == SE and r["match"]["decided_by"] == "game-wins"
                                      and r["current_game"]["decided_by"] not in GAME_TIEBREAKS,
    "ga-step-available-life": _game_decided_by("available-life"),
    "ga-step-influence": _game_decided_by("influence"),
    "ga-step-main-deck": _game_decided_by("main-deck", "final-turn"),
    "ga-ending-overtime": _next_is("finish-combat-and-stack"),
    "ygo-v2-5-double-loss": _match_decided_by("time-ended"),
    "ygo-rule-1-current-phase": lambda s, r: r["current_game"]["decided_by"] == "life-points"
                                             and not _life_equal(s["current_game"].get("life")),
    "ygo-rule-1-swiss": lambda s, r: r["current_game"]["decided_by"] == "life-points"
                                     and _life_equal(s["current_game"].get("life")) and s["round"] == "swiss",
    "ygo-rule-1-single-elimination": _next_is("finish-turn"),
    "ygo-rule-2": lambda s, r: r["match"]["decided_by"] == "game-wins" and r["current_game"]["decided_by"] not in GAME_TIEBREAKS,
    "ygo-rule-2-swiss": lambda s, r: r["match"]["result"] == "draw" and r["current_game"]["decided_by"] not in GAME_TIEBREAKS,
    "ygo-rule-2-single-elimination": lambda s, r: r["match"]["next"] == "new-duel" and "tiebreak_game" not in s,
    "ygo-new-duel-side-deck": lambda s, r: "new_duel" in r and "tiebreak_game" not in s,
    "ygo-new-duel-first-player": lambda s, r: r["match"]["next"] == "new-duel" and "tiebreak_game" not in s,
    "ygo-new-duel-life-points": lambda s, r: r["match"]["decided_by"] == "life-points" and "tiebreak_game" in s,
    "ygo-new-duel-turn-by-turn": lambda s, r: r["match"]["next"] == "turn-by-turn",
    "lorcana-turn-zero": lambda s, r: not _in_japan(s),
    "lorcana-five-turns": lambda s, r: not _in_japan(s) and s["round"] == "swiss",
    "lorcana-every-turn-counts": lambda s, r: not _in_japan(s) and len(r["turns"]) > 1,
    "lorcana-se-five-turns": lambda s, r: not _in_japan(s) and s["round"] == SE and _equal_wins(s),
    "lorcana-record": lambda s, r: not _in_japan(s) and s["round"] == "swiss" and _equal_wins(s) and _nobody_won(s)
                                   and r["current_game"]["result"] == "draw",
    "lorcana-swiss": lambda s, r: not _in_japan(s) and s["round"] == "swiss" and r["match"]["result"] == "draw"
                                  and _nobody_won(s),
    "lorcana-more-game-wins": lambda s, r: not _in_japan(s) and s["round"] == "swiss"
                                           and r["match"]["decided_by"] == "game-wins" and _nobody_won(s),
    "lorcana-game-ends": lambda s, r: not _in_japan(s) and (s.get("current_game") or {}).get("winner") in ("A", "B")
                                      and r["match"]["decided_by"] == "game-wins",
    "lorcana-se-game-wins-lead": lambda s, r: _between(s) and s["round"] == SE and r["match"]["decided_by"] == "game-wins",
    "lorcana-se-lore": _match_decided_by("lore"),
    "lorcana-japan-turn-zero": lambda s, r: _in_japan(s),
    "lorcana-japan-one-turn": lambda s, r: _in_japan(s),
    "lorcana-japan-game-ends": lambda s, r: _in_japan(s) and (s.get("current_game") or {}).get("winner") in ("A", "B")
                                            and r["match"]["decided_by"] == "game-wins",
}


def _record_reading(step: dict[str, Any], ruling: dict[str, Any]) -> bool:
    """The step that counts a won new Duel as a Duel won: this site's reading of how the record
    counts it, not a gap in who wins; no question asks the record."""
    return step["text"] == translate(ruling["lang"], NEW_DUEL_COUNTED)


def _applies(rule: str, kind: str, scenario: dict[str, Any], ruling: dict[str, Any]) -> bool:
    """The ruling turns on ``rule`` in a way a question of ``kind`` can ask about."""
    cited = {step["rule"] for step in ruling["explanation"]}
    gaps = {step["rule"] for step in ruling["explanation"] if step["rule"] in GAPS and not _record_reading(step, ruling)}
    if rule not in cited or not DECIDES[rule](scenario, ruling) or gaps or ruling["match"]["next"] == "head-judge":
        return False
    if scenario["game"] == "lorcana" and _rests_on_a_reading(scenario):
        return False
    if cited & UNSHOWN_PREMISES or kind in READING_ONLY.get(rule, {}) or not PRESUPPOSES[kind](scenario):
        return False
    if scenario.get("time_extension_minutes") and scenario.get("time_called") == "between-games":
        return False  # the ruling is for the table still between games when the extension ends: not shown
    if "ygo-time-extension-note" in cited and ruling["edition"]["id"] == "2.5":
        return False  # when a v2.5 match with a time extension stops is this site's reading: "now" is not shown
    if scenario.get("turn_pass_announced") and "ga-turn-zero-reading" in cited and (
            kind in ("turn-player", "turns-of-player") or ruling["current_game"]["decided_by"] == "final-turn"):
        return False  # who takes which turn after an end-of-turn call is this site's reading: no key rests on it
    if scenario.get("time_extension_minutes") and (
            kind in ("turn-player", "turns-of-player") or (ruling.get("current_game") or {}).get("decided_by") == "final-turn"):
        return False  # whose turn it was when the extension ended (the key's fact) is never shown
    if kind == "procedure-start" and scenario.get("turn_pass_announced"):
        return False  # after an end-of-turn call, "when the next turn begins" is the same moment as the key
    if kind in ("game-result", "match-result") and ruling["match"]["next"] == "finish-combat-and-stack":
        return False  # the results stand only if nobody wins while combat and the stack are finished
    if kind == "match-result" and _stated_by_a_game(scenario, ruling):
        return False
    if kind == "next":
        # "No more play: the result is final; record it" is the key of the no-new-game paragraphs (time called between games).
        return ruling["match"]["next"] is not None or (rule == "ygo-v2-5-double-loss" and scenario["time_called"] == DURING) \
            or rule in ("mtg-no-new-game", "ga-no-new-game")
    if kind == "turn-count" and scenario["game"] == "grand-archive":
        # The key is the rule ("up to 3, or 5 minutes"): asked where the clock ran out in turn 1 or 2, so that the
        # turns played are not "exactly 3" (a wrong option), and the turns end with the clock's.
        clock = scenario.get("clock_expired_during_turn")
        return clock in (1, 2) and bool(ruling["turns"]) and ruling["turns"][-1]["number"] == clock
    if kind in ("turn-count", "turns-of-player"):
        return len(ruling["turns"]) == ruling["additional_turns"] + 1 and ruling["additional_turns"] > 0
    if kind == "turn-player":
        return bool(ruling["turns"])
    if kind == "game-result":
        return ruling["current_game"]["result"] is not None
    if kind in ("side-deck", "first-player"):
        return "new_duel" in ruling
    return True


# --- the misconceptions (real ones, seen at tables and in candidates' answers) ---------------

Misconception = Callable[[dict[str, Any], dict[str, Any], Any], Any]


def active_player_gets_three_turns(s: dict[str, Any], r: dict[str, Any], asked: Any) -> Any:
    """'The active player gets three of the additional turns' (usually the other player does)."""
    return 3 if asked == s.get("active_player") else None


def extra_turns_come_on_top_of_the_five(s: dict[str, Any], r: dict[str, Any], asked: Any) -> Any:
    """'Extra turns are added to the five additional turns' (they count among them, CR 500.7)."""
    extras = s.get("extra_turns", [])
    return r["additional_turns"] + len(extras) if extras else None


def slow_play_during_additional_turns_adds_turns(s: dict[str, Any], r: dict[str, Any], asked: Any) -> Any:
    """'A Slow Play penalty during the additional turns adds two more' (it adds none)."""
    during = [p for p in s.get("slow_play_penalties", []) if p.get("during_additional_turns")]
    return r["additional_turns"] + 2 if during else None


def two_headed_giant_plays_five_turns(s: dict[str, Any], r: dict[str, Any], asked: Any) -> Any:
    """'Two-Headed Giant plays five additional turns like one-on-one' (it plays three)."""
    return r["additional_turns"] + 2 if s.get("two_headed_giant") else None


def japan_plays_the_worldwide_five_turns(s: dict[str, Any], r: dict[str, Any], asked: Any) -> Any:
    """'Disney Lorcana plays five additional turns in Japan too' (Takara Tomy's rules have one)."""
    return 5 if s["game"] == "lorcana" and s.get("region") == "japan" else None


def procedure_starts_at_time_call(s: dict[str, Any], r: dict[str, Any], asked: Any) -> Any:
    """'The additional turns start when the round's time is called, extension or not.'"""
    return "at-time-call"


def unfinished_yugioh_swiss_game_is_a_draw(s: dict[str, Any], r: dict[str, Any], asked: Any) -> Any:
    """'In Swiss, an unfinished Yu-Gi-Oh! game is simply a draw' (Life Points decide it): never offered for a game that was won."""
    if (s.get("current_game") or {}).get("winner") is not None:
        return None
    return "draw" if s["game"] == "yugioh" and s["round"] == "swiss" else None


def life_decides_even_with_unequal_game_wins(s: dict[str, Any], r: dict[str, Any], asked: Any) -> Any:
    """'In single elimination the higher life total wins the game' (only when game wins are equal)."""
    wins = s["games_won"]
    life = (s.get("current_game") or {}).get("life")
    if s["game"] != "mtg" or s["round"] != "single-elimination" or wins[0] == wins[1] or not life or life[0] == life[1]:
        return None
    return "A" if life[0] > life[1] else "B"


def earlier_result_under_policy_v2_5(s: dict[str, Any], r: dict[str, Any], asked: Any) -> Any:
    """'More game wins wins the match; equal game wins are a draw' (Policy v2.3's rule 2): under v2.5 both Duelists lose."""
    if r["match"]["result"] != "double-loss":
        return None
    wins = s["games_won"]
    return "draw" if wins[0] == wins[1] else "A" if wins[0] > wins[1] else "B"


def earlier_plan_under_policy_v2_5(s: dict[str, Any], r: dict[str, Any], asked: Any) -> Any:
    """'Play to the end of the current Phase, then compare Life Points' (Policy v2.3): under v2.5 the Duel stops."""
    return "finish-phase" if r["match"]["result"] == "double-loss" and s["time_called"] == DURING else None


MISCONCEPTIONS: dict[str, tuple[Misconception, ...]] = {
    "turns-of-player": (active_player_gets_three_turns,),
    "turn-count": (extra_turns_come_on_top_of_the_five, slow_play_during_additional_turns_adds_turns,
                   two_headed_giant_plays_five_turns, japan_plays_the_worldwide_five_turns),
    "procedure-start": (procedure_starts_at_time_call,),
    "game-result": (unfinished_yugioh_swiss_game_is_a_draw, life_decides_even_with_unequal_game_wins),
    "match-result": (earlier_result_under_policy_v2_5, life_decides_even_with_unequal_game_wins),
    "next": (earlier_plan_under_policy_v2_5,),
}

# Wrong options a judge could defend in a question aimed at this paragraph: never offered.
NEVER_OFFERED: dict[str, set[Any]] = {
    # After equal Life Points, "finish the current turn, then turn by turn" and "turn by turn" are the same play.
    "ygo-rule-1-single-elimination": {"turn-by-turn"},
    "ygo-new-duel-turn-by-turn": {"finish-turn"},
    # A game in progress could be in a main phase with an empty stack already: then nothing is left to do.
    "ga-ending-overtime": {"nothing"},
    # Between games no combat or stack is left: but it is the same play as "nothing" where a game is in progress.
    "ga-no-new-game": {"finish-combat-and-stack"},
}


def _name(misconception: Misconception) -> str:
    return misconception.__name__.replace("_", "-")


# --- the question ------------------------------------------------------------------------------

def _asked(kind: str, s: dict[str, Any], r: dict[str, Any], rng: random.Random, rule: str) -> tuple[dict[str, Any], Any, list[Any]]:
    """(prompt parameters, the right answer, the other possible answers, most plausible first)."""
    if kind == "turn-count":
        if s["game"] == "grand-archive":
            # The clock cut the turns short (_applies): "up to 5, or 5 minutes" would fit what was played too.
            return {}, "ga-up-to-3", ["ga-exactly-3", "ga-5-minutes-then-3", "ga-exactly-5"]
        right = r["additional_turns"]
        return {}, right, [n for n in (3, 5, 7, 9) if n != right]
    if kind == "turn-player":
        turns = r["turns"]
        # Disney Lorcana: every turn after turn 0 counts, whoever takes it: any of them may be asked.
        pick = (_extra_turns_that_change_the_player(r) if rule == "mtg-extra-turns-note"
                else turns[1:] if rule == "lorcana-every-turn-counts" else turns[:1])
        turn = rng.choice(pick)
        return {"number": turn["number"]}, turn["player"], ["B" if turn["player"] == "A" else "A"]
    if kind == "turns-of-player":
        player = rng.choice("AB")
        right = sum(1 for t in r["turns"][1:] if t["player"] == player)
        return {"player": player}, right, [n for n in range(0, 6) if n != right]
    if kind == "procedure-start":
        return {}, "after-extension", ["at-time-call", "at-next-turn"]
    if kind == "game-result":
        right = r["current_game"]["result"]
        return {}, right, [x for x in ("A", "B", "draw", "undecided") if x != right]
    if kind == "match-result":
        right = r["match"]["result"]
        results = ("A", "B", "draw", "double-loss", "undecided") if s["game"] == "yugioh" else ("A", "B", "draw", "undecided")
        return {}, right, [x for x in results if x != right]
    if kind == "next":
        right = r["match"]["next"] or "nothing"
        game_next = {"mtg": ["sudden-death", "head-judge"],
                     "grand-archive": ["finish-combat-and-stack", "ga-finish-turn", "ga-remaining-turns", "head-judge"],
                     # "Turn by turn" is the key's own play after equal Life Points: never beside "finish the turn".
                     "yugioh": ["finish-turn", "new-duel", "finish-phase"]}[s["game"]]
        # Magic's sudden death, worded for the situation: the game in progress goes on, or a new one is played.
        goes_on = not _between(s) and r["current_game"]["result"] == "undecided"
        sudden = "sudden-death-goes-on" if goes_on else "sudden-death-new-game"
        swap = (lambda x: sudden if x == "sudden-death" else x)
        return {}, swap(right), [swap(x) for x in [*game_next, "nothing", "head-judge"] if x != right]
    if kind == "first-player":
        return {}, "random-method", ["loser-chooses", "first-winner-chooses"]
    # side-deck
    right = "yes" if r["new_duel"]["side_deck"] else "no"
    return {}, right, ["no" if right == "yes" else "yes"]


def _answer_text(kind: str, value: Any, lang: str, teams: bool = False) -> str:
    if kind == "turn-player":  # Two-Headed Giant: the teams take the turns (MTR: a team is treated as one player)
        return translate(lang, N_("Team {player}") if teams else N_("Player {player}"), player=value)
    if kind in ("game-result", "match-result"):
        return translate(lang, RESULTS[value])
    if kind == "next":
        if teams and f"{value}-team" in ANSWERS:
            value = f"{value}-team"
        return translate(lang, NEXT_LABELS.get(value) or ANSWERS.get(value, ""))
    if isinstance(value, str):
        return translate(lang, ANSWERS[value])
    return str(value)


NO_EARLIER_WARNING = N_("Neither player had received a Slow Play Warning earlier that day, before this match.")
# Two-Headed Giant: four players, two teams.
NO_EARLIER_WARNING_TEAMS = N_("No player of either team had received a Slow Play Warning earlier that day, before this match.")


def _no_earlier_warning(scenario: dict[str, Any], kind: str, rule: str, lang: str) -> str:
    """IPG 3: a first Slow Play penalty to a player with an earlier Warning that day is a Game Loss. Every
    question whose situation holds a penalty where the IPG applies says there was none (the form cannot)."""
    if (not scenario.get("slow_play_penalties") or scenario.get("rel") == "regular"
            or (kind == "turn-count" and rule in RULE_PROMPTS)):  # the paragraph's own prompt says it
        return ""
    said = NO_EARLIER_WARNING_TEAMS if scenario.get("two_headed_giant") else NO_EARLIER_WARNING
    return translate(lang, said) + ("" if lang == "ja" else " ")


def _prompt(kind: str, game: str, rule: str = "", scenario: dict[str, Any] | None = None, edition: str = "") -> str:
    if kind == "turn-count" and rule in RULE_PROMPTS:
        return RULE_PROMPTS[rule]
    if kind == "next" and game == "yugioh" and edition == "2.3" and (scenario or {}).get("time_called") == DURING:
        return NEXT_AFTER_PHASE
    return YUGIOH_PROMPTS.get(kind, PROMPTS[kind]) if game == "yugioh" else PROMPTS[kind]


def question(seed: int, lang: str = "en", level: str | None = None, game: str | None = None,
             rule: str | None = None) -> dict[str, Any]:
    """The question of ``seed`` (optionally only of one level or question set, or aimed at one paragraph), in ``lang``.

    ``game`` is a game (its current edition) or ``earlier-editions``; without it, the current
    editions of every game."""
    if lang not in LANGUAGES:
        raise ValueError(lang)
    if type(seed) is not int or not 0 <= seed < 2**53:
        raise ScenarioError("invalid-value", "/seed", N_("{field}: a whole number is expected."), field="/seed")
    if rule is not None:
        if not isinstance(rule, str) or rule not in KINDS:
            raise ScenarioError("invalid-value", "/rule", N_("{field}: not one of the choices."), field="/rule")
        return question_for(rule, seed, lang)
    if game is not None and game not in GROUPS:
        raise ScenarioError("invalid-value", "/game", N_("{field}: not one of the choices."), field="/game")
    rules = [r for r in CITABLE if (level is None or level_of(r) == level)
             and (group_of(r) == game if game is not None else group_of(r) != EARLIER)]
    if not rules:
        raise ScenarioError("invalid-value", "/level", N_("{field}: not one of the choices."), field="/level")
    return question_for(rules[seed % len(rules)], seed, lang)


def question_for(rule: str, seed: int, lang: str = "en") -> dict[str, Any]:
    """The question aimed at paragraph ``rule`` that ``seed`` draws."""
    rng = random.Random(seed)
    kinds = KINDS[rule]
    kind = kinds[0] if len(kinds) == 1 else rng.choice(kinds)
    for _ in range(MAX_DRAWS):
        scenario = draw_scenario(rng, game_of(rule), HINTS.get(rule, {}))
        try:
            ruling = judge(scenario, lang)
        except ScenarioError:
            continue
        if _applies(rule, kind, scenario, ruling):
            break
    else:  # pragma: no cover - every paragraph is reached well within MAX_DRAWS (a test holds it)
        raise RuntimeError(f"no scenario applies {rule} for seed {seed}")
    params, right, others = _asked(kind, scenario, ruling, rng, rule)
    barred = NEVER_OFFERED.get(rule, set())
    wrong: list[tuple[Any, str | None]] = []
    for misconception in MISCONCEPTIONS.get(kind, ()):
        value = misconception(scenario, ruling, params.get("player"))
        if value is not None and value != right and value not in barred and value not in [w for w, _ in wrong]:
            wrong.append((value, _name(misconception)))
    for value in others:
        if len(wrong) >= 3:
            break
        if value not in barred and value not in [w for w, _ in wrong]:
            wrong.append((value, None))
    options = [(right, None), *wrong[:3]]
    rng.shuffle(options)
    choices = [{"id": "abcd"[i], "value": value, "text": _answer_text(kind, value, lang, bool(scenario.get("two_headed_giant"))), "misconception": name}
               for i, (value, name) in enumerate(options)]
    return {
        "version": 1, "generator": GENERATOR_VERSION, "seed": seed, "level": level_of(rule), "game": game_of(rule),
        "group": group_of(rule), "rule": rule, "kind": kind,
        # As drawn: the facts stated even where they are the engine's default (None: nobody won, the clock
        # did not run out), which the ruling's own copy of the scenario leaves out.
        "scenario": scenario,
        "prompt": _no_earlier_warning(scenario, kind, rule, lang) + translate(lang, _prompt(kind, game_of(rule), rule, scenario, (ruling.get("edition") or {}).get("id", "")), **params),
        "asked": params,
        "choices": choices, "answer": next(c["id"] for c in choices if c["value"] == right and c["misconception"] is None),
        "ruling": ruling,
    }


assert set(KINDS) | set(READING_ONLY) == set(DECIDES) and set(KINDS).isdisjoint(NOT_ASKED)
