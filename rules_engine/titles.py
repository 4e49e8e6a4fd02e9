"""Each paragraph's short title, shown in place of its id wherever a ruling cites it.

The id stays the anchor and the JSON key (``{"rule": id, "title": …}``): the title is what a
reader sees ("§ Five additional turns", "§ 延長ターンは5ターン"), in the reader's language.
"""

from __future__ import annotations

from .i18n import N_, translate
from .rule_ids import BY_ID

TITLES: dict[str, str] = {
    # Magic: The Gathering
    "mtg-edition": N_("The edition published here"),
    "mtg-stay-at-table": N_("Result recorded at the table"),
    "mtg-stay-at-table-annotation": N_("Why the result is recorded at once"),
    "mtg-additional-turns": N_("Turn 0, then the additional turns"),
    "mtg-additional-turns-purpose": N_("Why additional turns are played"),
    "mtg-turn-split": N_("Usually three turns and two"),
    "mtg-five-turns-exactly": N_("Exactly five additional turns"),
    "mtg-turn-plan-note": N_("Who takes which additional turn"),
    "mtg-extra-turns-note": N_("Extra turns during the procedure"),
    "mtg-slow-play-note": N_("Slow Play and added turns"),
    "mtg-slow-play-reading": N_("Slow Play: this site's reading"),
    "mtg-pass-the-turn": N_("Time limit reached as the turn is passed"),
    "mtg-pass-the-turn-annotation": N_("Passing the turn: why"),
    "mtg-team-three-turns": N_("Three turns for teams"),
    "mtg-team-three-turns-annotation": N_("Three turns for teams: why"),
    "mtg-two-headed-giant-note": N_("Two-Headed Giant is one game"),
    "mtg-no-new-game": N_("No new game after time"),
    "mtg-no-new-game-annotation": N_("No new game: why"),
    "mtg-unfinished-game-draw": N_("An incomplete game is a draw"),
    "mtg-agreed-result": N_("A result the players agree on"),
    "mtg-match-result-note": N_("Match result from game wins"),
    "mtg-time-extension": N_("After the time extension"),
    "mtg-time-extension-annotation": N_("Time extensions: why"),
    "mtg-single-elimination-no-draw": N_("Single elimination: no draw"),
    "mtg-single-elimination-annotation": N_("Single elimination: why"),
    "mtg-grand-prix-note": N_("Grand Prix no longer exist"),
    "mtg-highest-life": N_("Highest life total wins the game"),
    "mtg-sudden-death": N_("Sudden death"),
    "mtg-team-as-one-player": N_("Teams count as one player"),
    "mtg-sudden-death-annotation": N_("Sudden death: why life totals"),
    "mtg-not-covered": N_("Where the text is silent"),
    # Grand Archive
    "ga-edition": N_("The edition published here"),
    "ga-match-end": N_("At the end of a match"),
    "ga-overtime": N_("Overtime: three turns or five minutes"),
    "ga-turn-zero": N_("Turn 0"),
    "ga-turn-zero-reading": N_("Turn 0 and the five minutes: this site's reading"),
    "ga-end-of-turn-call": N_("Time called at the end of a turn"),
    "ga-unfinished-game-draw": N_("No winner after overtime: a draw"),
    "ga-match-result": N_("Match result from game wins"),
    "ga-no-new-game": N_("No new game after time"),
    "ga-time-extension": N_("After the time extension"),
    "ga-time-extension-hint": N_("Time extensions: a reminder"),
    "ga-single-elimination": N_("Single elimination: no draw"),
    "ga-step-game-wins": N_("Step 1: game wins"),
    "ga-step-available-life": N_("Step 2: available life"),
    "ga-available-life-example": N_("Available life: an example"),
    "ga-step-influence": N_("Step 3: influence"),
    "ga-step-main-deck": N_("Step 4: main deck, then the final turn"),
    "ga-ending-overtime": N_("Ending overtime"),
    "ga-finish-combat": N_("Finish the combat"),
    "ga-resolve-effects": N_("Resolve the effects"),
    "ga-attack-card-combat": N_("Attack cards in combat"),
    "ga-outside-means-note": N_("No result by outside means"),
    "ga-not-covered": N_("Where the text is silent"),
    # Yu-Gi-Oh!
    "ygo-edition": N_("The editions published here"),
    "ygo-tcg-not-ocg-note": N_("The TCG Policy, not the OCG rules"),
    "ygo-v2-5-summary-note": N_("v2.5: this site's summary and its sources"),
    "ygo-v2-5-double-loss": N_("v2.5: time is called, both Duelists lose"),
    "ygo-v2-5-top-cut-untimed": N_("v2.5: Top Cuts are not timed"),
    "ygo-v2-5-not-known": N_("v2.5: what this site does not know"),
    "ygo-policy-version-note": N_("v2.3: an earlier edition"),
    "ygo-whose-turn": N_("Note whose turn it is"),
    "ygo-three-rules": N_("The three rules"),
    "ygo-rule-1": N_("Rule 1: a decision for the Duel in progress"),
    "ygo-restated-note": N_("Rule 1 restated from v2.3"),
    "ygo-first-player-choice-note": N_("v2.3: the Duelist picked chooses"),
    "ygo-rule-3-missing-note": N_("Rule 3, missing from the source"),
    "ygo-rule-1-current-phase": N_("Rule 1: Life Points after the current Phase"),
    "ygo-rule-1-swiss": N_("Rule 1 in Swiss: equal Life Points, a draw"),
    "ygo-rule-1-single-elimination": N_("Rule 1 in single elimination: turn by turn"),
    "ygo-rule-2": N_("Rule 2: more Duels won"),
    "ygo-rule-2-swiss": N_("Rule 2 in Swiss: equal wins, a draw"),
    "ygo-rule-2-single-elimination": N_("Rule 2 in single elimination: a new Duel"),
    "ygo-new-duel-side-deck": N_("New Duel: the Side Deck"),
    "ygo-new-duel-first-player": N_("New Duel: who goes first"),
    "ygo-new-duel-four-turns": N_("New Duel: four turns"),
    "ygo-new-duel-life-points": N_("New Duel: Life Points decide"),
    "ygo-new-duel-turn-by-turn": N_("New Duel: then turn by turn"),
    "ygo-rule-3": N_("Rule 3: a win during the procedure"),
    "ygo-outside-means-note": N_("No result by outside means"),
    "ygo-time-extension-note": N_("Time extensions"),
    "ygo-not-covered": N_("Where the text is silent"),
}

assert set(TITLES) == set(BY_ID), set(TITLES) ^ set(BY_ID)


def title(rule_id: str, lang: str) -> str:
    """The paragraph's short title in ``lang``."""
    return translate(lang, TITLES[rule_id])


def titles(lang: str) -> dict[str, str]:
    """Every paragraph's short title in ``lang`` (JSON-ready: the site writes them into pages)."""
    return {rule_id: translate(lang, text) for rule_id, text in TITLES.items()}
