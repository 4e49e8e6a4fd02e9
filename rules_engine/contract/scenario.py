"""A checked scenario as the games read it: typed, frozen values (contract/reading.py builds them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..editions import Edition
from ..rule_ids import Game

WINS_TO_TAKE_THE_MATCH = {1: 1, 2: 2, 3: 2, 5: 3}


@dataclass(frozen=True)
class ExtraTurn:
    player: str
    after_turn: int


@dataclass(frozen=True)
class SlowPlayPenalty:
    player: str
    during_additional_turns: bool


@dataclass(frozen=True)
class GameFacts:
    """What happened in a game the procedure rules on (the current game or the tiebreak game)."""
    winner: str | None = None
    during_turn: int | None = None
    life: tuple[int, int] | None = None
    champion_life: tuple[int, int] | None = None
    damage: tuple[int, int] | None = None
    influence: tuple[int, int] | None = None
    main_deck: tuple[int, int] | None = None
    first_player: str | None = None
    lore: tuple[int, int] | None = None


@dataclass(frozen=True)
class Scenario:
    game: Game
    round: str
    best_of: int
    games_won: tuple[int, int]
    games_drawn: int
    time_called: str
    active_player: str | None
    turn_pass_announced: bool
    next_turn_player: str | None
    two_headed_giant: bool
    time_extension_minutes: float
    slow_play_penalties: tuple[SlowPlayPenalty, ...]
    rel: str | None
    extra_turns: tuple[ExtraTurn, ...]
    clock_expired_during_turn: int | None
    side_deck_accessed: bool
    current_game: GameFacts | None
    tiebreak_game: GameFacts | None
    edition: Edition  # the rules the ruling applies
    edition_basis: str  # why: "chosen", "date" (in force on event_date) or "newest"
    event_date: str | None
    canonical: dict[str, Any]
    region: str | None = None  # where the event is held, when its organizer's rules differ
    # The end-of-match turns are over and nobody won the game in them (the tracker's end): the ruling
    # states the outcome, no longer a plan under "if nobody wins by then".
    turns_over: bool = False

    @property
    def single_elimination(self) -> bool:
        return self.round == "single-elimination"

    @property
    def during_game(self) -> bool:
        return self.time_called == "during-game"
