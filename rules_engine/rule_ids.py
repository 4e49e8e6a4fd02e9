"""Every paragraph of the three procedure pages: its stable id, role and page.

The site renders each paragraph with this id (the same in all four languages) and a
class named after its role; the engine cites nothing that is not listed here; a test
holds the two together. The order is the order of the paragraphs on the page.

Roles:
- ``rule``: text of the procedure itself (or restated from an official edition);
- ``annotation``: commentary printed with the procedure (the annotated MTR);
- ``note``: this site's own note: a rule from another document the procedure relies on,
  or what the text does not cover.

Sources:
- ``seed``: published from the source text;
- ``restated``: restated by this site from an official edition the source lacks
  (Yu-Gi-Oh! Tournament Policy v2.3), marked as such on the page;
- ``summary``: this site's summary of an edition whose official text it does not hold
  (Yu-Gi-Oh! Tournament Policy v2.5), made from the sources the page names;
- ``site``: written by this site.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Role = Literal["rule", "annotation", "note"]
Source = Literal["seed", "restated", "summary", "site"]
Game = Literal["mtg", "grand-archive", "yugioh", "lorcana"]

GAMES: tuple[Game, ...] = ("mtg", "grand-archive", "yugioh", "lorcana")
PAGES: dict[Game, str] = {
    "mtg": "mtg/end-of-match",
    "grand-archive": "grand-archive/end-of-match",
    "yugioh": "yugioh/end-of-match",
    "lorcana": "lorcana/end-of-match",
}
PREFIXES: dict[Game, str] = {"mtg": "mtg-", "grand-archive": "ga-", "yugioh": "ygo-", "lorcana": "lorcana-"}


@dataclass(frozen=True)
class Paragraph:
    id: str
    role: Role
    game: Game
    source: Source = "seed"

    @property
    def page(self) -> str:
        return PAGES[self.game]


def _paragraphs(game: Game, rows: list[tuple[str, Role, Source]]) -> tuple[Paragraph, ...]:
    return tuple(Paragraph(pid, role, game, source) for pid, role, source in rows)


MTG = _paragraphs("mtg", [
    ("mtg-edition", "note", "site"),
    # Order of the Japanese seed, the newest of the three MTG seeds.
    ("mtg-stay-at-table", "rule", "seed"),
    ("mtg-stay-at-table-annotation", "annotation", "seed"),
    ("mtg-additional-turns", "rule", "seed"),
    ("mtg-additional-turns-purpose", "annotation", "seed"),
    ("mtg-turn-split", "rule", "seed"),
    ("mtg-five-turns-exactly", "annotation", "seed"),
    ("mtg-turn-plan-note", "note", "site"),
    ("mtg-extra-turns-note", "note", "site"),
    ("mtg-slow-play-note", "note", "site"),
    ("mtg-slow-play-reading", "note", "site"),
    ("mtg-pass-the-turn", "rule", "seed"),
    ("mtg-pass-the-turn-annotation", "annotation", "seed"),
    ("mtg-team-three-turns", "rule", "seed"),
    ("mtg-team-three-turns-annotation", "annotation", "seed"),
    ("mtg-two-headed-giant-note", "note", "site"),
    ("mtg-no-new-game", "rule", "seed"),
    ("mtg-no-new-game-annotation", "annotation", "seed"),
    ("mtg-unfinished-game-draw", "rule", "seed"),
    ("mtg-agreed-result", "annotation", "seed"),
    ("mtg-match-result-note", "note", "site"),
    ("mtg-time-extension", "rule", "seed"),
    ("mtg-time-extension-annotation", "annotation", "seed"),
    ("mtg-single-elimination-no-draw", "rule", "seed"),
    ("mtg-single-elimination-annotation", "annotation", "seed"),
    ("mtg-grand-prix-note", "note", "site"),
    # The seeds' single paragraph on equal game wins, split into its three sentences so
    # that each can be cited alone.
    ("mtg-highest-life", "rule", "seed"),
    ("mtg-sudden-death", "rule", "seed"),
    ("mtg-team-as-one-player", "rule", "seed"),
    ("mtg-sudden-death-annotation", "annotation", "seed"),
    ("mtg-not-covered", "note", "site"),
])

GRAND_ARCHIVE = _paragraphs("grand-archive", [
    ("ga-edition", "note", "site"),
    ("ga-match-end", "rule", "seed"),
    # Timed rounds for non-single elimination
    ("ga-overtime", "rule", "seed"),
    ("ga-turn-zero", "rule", "seed"),
    ("ga-end-of-turn-call", "rule", "seed"),
    ("ga-turn-zero-reading", "note", "site"),
    ("ga-unfinished-game-draw", "rule", "seed"),
    ("ga-match-result", "rule", "seed"),
    ("ga-no-new-game", "rule", "seed"),
    ("ga-time-extension", "rule", "seed"),
    ("ga-time-extension-hint", "annotation", "seed"),
    # Timed rounds for single elimination
    ("ga-single-elimination", "rule", "seed"),
    ("ga-step-game-wins", "rule", "seed"),
    ("ga-record-reading", "note", "site"),
    ("ga-step-available-life", "rule", "seed"),
    ("ga-available-life-example", "annotation", "seed"),
    ("ga-step-influence", "rule", "seed"),
    ("ga-step-main-deck", "rule", "seed"),
    # Ending overtime
    ("ga-ending-overtime", "rule", "seed"),
    ("ga-finish-combat", "rule", "seed"),
    ("ga-resolve-effects", "rule", "seed"),
    ("ga-attack-card-combat", "rule", "seed"),
    ("ga-outside-means-note", "note", "site"),
    ("ga-not-covered", "note", "site"),
])

YUGIOH = _paragraphs("yugioh", [
    ("ygo-edition", "note", "site"),
    ("ygo-tcg-not-ocg-note", "note", "site"),
    # Policy v2.5, the current edition: this site's summary
    ("ygo-v2-5-summary-note", "note", "site"),
    ("ygo-v2-5-double-loss", "rule", "summary"),
    ("ygo-v2-5-top-cut-untimed", "rule", "summary"),
    ("ygo-v2-5-not-known", "note", "site"),
    # Policy v2.3, the earlier edition: the three-rule procedure
    ("ygo-policy-version-note", "note", "site"),
    ("ygo-whose-turn", "rule", "seed"),
    ("ygo-three-rules", "rule", "seed"),
    # Rule #1
    ("ygo-rule-1", "rule", "seed"),
    ("ygo-restated-note", "note", "site"),
    ("ygo-rule-1-current-phase", "rule", "restated"),
    ("ygo-rule-1-swiss", "rule", "restated"),
    ("ygo-rule-1-single-elimination", "rule", "restated"),
    # Rule #2
    ("ygo-rule-2", "rule", "seed"),
    ("ygo-rule-2-swiss", "rule", "seed"),
    ("ygo-rule-2-single-elimination", "rule", "seed"),
    ("ygo-new-duel-side-deck", "rule", "seed"),
    ("ygo-new-duel-first-player", "rule", "seed"),
    ("ygo-first-player-choice-note", "note", "site"),
    ("ygo-new-duel-four-turns", "rule", "seed"),
    ("ygo-new-duel-life-points", "rule", "seed"),
    ("ygo-new-duel-turn-by-turn", "rule", "seed"),
    # Rule #3
    ("ygo-rule-3-missing-note", "note", "site"),
    ("ygo-rule-3", "rule", "restated"),
    ("ygo-outside-means-note", "note", "site"),
    ("ygo-time-extension-note", "note", "site"),
    # OCG events in Japan: Konami Japan's own rules, this site's summary
    ("ygo-ocg-summary-note", "note", "site"),
    ("ygo-ocg-match", "rule", "summary"),
    ("ygo-ocg-finish-turn", "rule", "summary"),
    ("ygo-ocg-extra-turns", "rule", "summary"),
    ("ygo-ocg-life-points", "rule", "summary"),
    ("ygo-ocg-equal-swiss", "rule", "summary"),
    ("ygo-ocg-sudden-death", "rule", "summary"),
    ("ygo-ocg-match-result", "rule", "summary"),
    ("ygo-ocg-extra-duel", "rule", "summary"),
    ("ygo-ocg-slow-play", "rule", "summary"),
    ("ygo-ocg-not-known", "note", "site"),
    ("ygo-not-covered", "note", "site"),
])

# Disney Lorcana TCG: Ravensburger's Tournament Rules (worldwide) and Takara Tomy's rules for events
# in Japan (not a translation of them). The Japanese page shows Japan's section first; every
# language has every paragraph.
LORCANA = _paragraphs("lorcana", [
    ("lorcana-edition", "note", "site"),
    ("lorcana-region-note", "note", "site"),
    # Worldwide: Tournament Rules, current edition (3.3, 3.4 End of Match, 3.12, 6.1)
    ("lorcana-match-structure", "rule", "seed"),
    ("lorcana-single-elimination-bo3", "rule", "seed"),
    ("lorcana-record", "rule", "seed"),
    ("lorcana-other-procedures", "rule", "seed"),
    ("lorcana-report", "rule", "seed"),
    ("lorcana-time-called", "rule", "seed"),
    ("lorcana-turn-zero", "rule", "seed"),
    ("lorcana-five-turns", "rule", "seed"),
    ("lorcana-every-turn-counts", "rule", "seed"),
    ("lorcana-game-ends", "rule", "seed"),
    ("lorcana-more-game-wins", "rule", "seed"),
    ("lorcana-swiss", "rule", "seed"),
    ("lorcana-se-game-wins-lead", "rule", "seed"),
    ("lorcana-se-five-turns", "rule", "seed"),
    ("lorcana-se-lore", "rule", "seed"),
    ("lorcana-se-lore-lead", "rule", "seed"),
    ("lorcana-french-differs-note", "note", "site"),
    ("lorcana-time-extension", "rule", "seed"),
    ("lorcana-round-times", "rule", "seed"),
    # Play Correction Guidelines: section 3's preamble and 3.2 Slow Play
    ("lorcana-second-warning", "rule", "seed"),
    ("lorcana-slow-play", "rule", "seed"),
    ("lorcana-slow-play-remedy", "rule", "seed"),
    ("lorcana-slow-play-reading", "note", "site"),
    # Japan: Takara Tomy's rules (日本語版イベントルール)
    ("lorcana-japan-not-translation", "rule", "seed"),
    ("lorcana-japan-match-structure", "rule", "seed"),
    ("lorcana-japan-time-called", "rule", "seed"),
    ("lorcana-japan-turn-zero", "rule", "seed"),
    ("lorcana-japan-one-turn", "rule", "seed"),
    ("lorcana-japan-game-ends", "rule", "seed"),
    ("lorcana-japan-more-game-wins", "rule", "seed"),
    ("lorcana-japan-swiss", "rule", "seed"),
    ("lorcana-japan-se-lore-lead", "rule", "seed"),
    ("lorcana-japan-slow-play", "rule", "seed"),
    ("lorcana-japan-earlier", "rule", "seed"),
    # Earlier worldwide editions: what they said that the current one does not
    ("lorcana-2025-single-elimination", "rule", "seed"),
    ("lorcana-2024-no-new-games", "rule", "seed"),
    ("lorcana-2024-swiss", "rule", "seed"),
    ("lorcana-2024-single-elimination", "rule", "seed"),
    ("lorcana-2023-match", "rule", "seed"),
    ("lorcana-2023-french-lore", "rule", "seed"),
    # This site's readings where the text does not settle a point, and what it does not cover
    ("lorcana-readings-note", "note", "site"),
    ("lorcana-not-covered", "note", "site"),
])

PARAGRAPHS: tuple[Paragraph, ...] = MTG + GRAND_ARCHIVE + YUGIOH + LORCANA
BY_ID: dict[str, Paragraph] = {p.id: p for p in PARAGRAPHS}

NOT_COVERED: dict[Game, str] = {
    "mtg": "mtg-not-covered",
    "grand-archive": "ga-not-covered",
    "yugioh": "ygo-not-covered",
    "lorcana": "lorcana-not-covered",
}


def paragraphs_of(game: Game) -> tuple[Paragraph, ...]:
    """The paragraphs of one game's procedure page, in page order."""
    return tuple(p for p in PARAGRAPHS if p.game == game)


def cite(rule_id: str) -> str:
    """Return ``rule_id`` if it is registered; fail loudly otherwise (a citation bug)."""
    if rule_id not in BY_ID:
        raise KeyError(f"unregistered rule id: {rule_id}")
    return rule_id
