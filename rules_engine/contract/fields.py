"""What a user fills in, per game: the one definition the parser and the site's forms share.

Each field names its place in the scenario (a JSON Pointer without list indices for list
items: ``/extra_turns/-/player``), its kind, bounds or choices, default, label and help
(message ids, translated by ``form_fields``), and when it applies. The parser refuses a
value that does not apply (``not-applicable``); the form hides it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from functools import cached_property, lru_cache
from typing import Any, Literal

from ..editions import REGIONS, edition_choice, editions_of
from ..i18n import LANGUAGES, N_, translate
from ..rule_ids import GAMES, Game
from .game_words import in_words_of

Kind = Literal["integer", "number", "boolean", "choice", "pair", "list", "object", "date"]

PLAYERS = ("A", "B")
ROUNDS = ("swiss", "single-elimination")
TIME_CALLED = ("during-game", "between-games")
RULES_ENFORCEMENT_LEVELS = ("regular", "competitive", "professional")
SINGLE_ELIMINATION = {"round": ("single-elimination",)}
DURING_GAME = {"time_called": ("during-game",)}
# Yu-Gi-Oh! v2.5 stops the Duel at the time call: none of the three-rule procedure's facts apply.
THREE_RULES = {"edition": ("2.3", "ocg-2020-04-01")}
# The procedures that play turns after turn 0 (Yu-Gi-Oh!: Konami Japan's OCG rules only).
TURNS_PLAYED = {"yugioh": DURING_GAME | {"edition": ("ocg-2020-04-01",)}}
# The Side Deck question of Policy v2.3's new Duel (the OCG's extra Duel does not ask it).
POLICY_V2_3 = {"edition": ("2.3",)}


@dataclass(frozen=True)
class Field:
    path: str
    kind: Kind
    label: str
    help: str = ""
    choices: tuple[Any, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    default: Any = None
    required: bool = False
    # Applies only where every named scenario key has one of the listed values.
    when: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    # For lists: at most this many items.
    max_items: int | None = None
    # What a form fills in before the reader answers (a required field has no default).
    suggested: Any = None
    # Seldom needed: a form may tuck it away behind "more facts".
    advanced: bool = False
    # An optional choice's "not given" option, where the engine's default needs saying.
    unset_label: str = ""
    # Why a value out of bounds or outside the choices is refused, where the bare bounds would not
    # say what the field means (a message id with a {field} placeholder).
    refusal: str = ""

    @cached_property
    def key(self) -> str:
        return self.path.rsplit("/", 1)[1]

    @cached_property
    def parent(self) -> str:
        return self.path.rsplit("/", 1)[0]


def _common(game: Game) -> list[Field]:
    two_hg = game == "mtg"

    def said(msgid: str) -> str:
        return in_words_of(game, msgid)

    return [
        Field("/version", "integer", N_("Scenario version"), choices=(1,), default=1),
        Field("/game", "choice", N_("Game"), choices=GAMES, required=True),
        Field("/edition", "choice", N_("Edition of the rules"),
              N_("Leave empty to use the edition in force on the event date or, without a date, the newest (the rules in force today)."),
              choices=tuple(e.id for e in editions_of(game)), advanced=True,
              unset_label=N_("The one in force on the event date (today, if none is given)")),
        Field("/region", "choice", N_("Where the event is held"),
              N_("Leave empty for the publisher's worldwide rules; choose the region whose organizer publishes its own rules."),
              choices=REGIONS[game], unset_label=N_("Elsewhere (the worldwide rules)"),
              refusal=N_("{field}: not a region whose own rules this site holds for this game; its regions are {regions}. Leave it empty for the worldwide rules."))
        if REGIONS[game] else None,
        Field("/event_date", "date", N_("Event date"),
              N_("The rules in force on that day are used."), advanced=True),
        Field("/round", "choice", N_("Round"),
              N_("Swiss: any round other than single elimination."), choices=ROUNDS, required=True, suggested="swiss"),
        Field("/two_headed_giant", "boolean", N_("Two-Headed Giant"),
              N_("Team format with shared turns; the match is one game."), default=False)
        if two_hg else None,
        # Yu-Gi-Oh! says Duel where the other games say game (game_words.py).
        Field("/best_of", "choice", said(N_("Games in the match (best of)")),
              # Lorcana: no best of five; best of two under the editions that have a two-game format.
              choices=(1, 2, 3) if game == "lorcana" else (1, 3, 5), default=3),
        Field("/games_won", "pair", said(N_("Game wins before time was called")),
              said(N_("Games each side had won when time was called (with a time extension, when it ended), not counting a game then in progress.")),
              minimum=0, maximum=3, required=True, suggested=(0, 0)),  # best of 5 ends at 3; the wins that end the match: impossible-state
        Field("/games_drawn", "integer", said(N_("Drawn games")), said(N_("Drawn games so far in the match.")),
              minimum=0, maximum=10, default=0, advanced=True),
        Field("/time_called", "choice", N_("When time was called"), N_("With a time extension: when it ended."),
              choices=TIME_CALLED, required=True,
              suggested="during-game"),
        Field("/active_player", "choice", said(N_("Whose turn it was")), choices=PLAYERS, required=True,
              when=DURING_GAME | THREE_RULES if game == "yugioh" else DURING_GAME, suggested="A"),
        Field("/additional_turns_played", "boolean", N_("The end-of-match turns are over, and nobody won"),
              N_("Tick once every turn of the procedure has been played with no winner: the ruling then gives the outcome, not a plan."),
              default=False, when=TURNS_PLAYED.get(game, DURING_GAME), advanced=True),
    ]


def _mtg() -> list[Field]:
    return [
        Field("/turn_pass_announced", "boolean", N_("Passing the turn already indicated"),
              N_("The active player had already indicated they wanted to pass the turn when the match time limit was reached (when time was called, or when a time extension ended)."),
              default=False, when=DURING_GAME),
        Field("/next_turn_player", "choice", N_("Who takes the next turn"),
              N_("Usually the other player; the active player themself with an extra turn pending when time was called. Such an extra turn is entered here only, not also under the extra turns created during the procedure."),
              choices=PLAYERS, when=DURING_GAME, advanced=True),
        Field("/time_extension_minutes", "number", N_("Time extension (minutes)"),
              N_("Granted by a judge; the procedure starts when it ends."), minimum=0, maximum=180, default=0,
              advanced=True),
        Field("/rel", "choice", N_("Rules Enforcement Level"),
              N_("Regular: most store events. Only at Competitive and Professional can Slow Play add turns."),
              choices=RULES_ENFORCEMENT_LEVELS, advanced=True,
              # Left empty, the ruling assumes Competitive or Professional REL and says so: never "as usual".
              unset_label=N_("Not given (the ruling says what it assumes)")),
        Field("/slow_play_penalties", "list", N_("Slow Play penalties"),
              N_("Slow Play penalties in this match whose additional remedy may add turns."),
              default=(), max_items=10, when=DURING_GAME, advanced=True),
        Field("/slow_play_penalties/-/player", "choice", N_("Penalized player"), choices=PLAYERS, required=True),
        Field("/slow_play_penalties/-/during_additional_turns", "boolean",
              N_("Issued during the additional turns"), default=False),
        Field("/extra_turns", "list", N_("Extra turns created during the procedure"),
              N_("In the order they were created, from when time was called. An extra turn already pending then is not entered here: it is given under who takes the next turn."),
              default=(), max_items=20, when=DURING_GAME, advanced=True),
        Field("/extra_turns/-/player", "choice", N_("Player taking the extra turn"), choices=PLAYERS, required=True),
        Field("/extra_turns/-/after_turn", "integer", N_("Created in turn"),
              N_("The turn in which it was created, in this ruling's numbering, with earlier extra turns already counted."),
              minimum=0, maximum=30, required=True),
    ]


def _grand_archive() -> list[Field]:
    return [
        Field("/turn_pass_announced", "boolean", N_("Time called as the turn player announced the end of their turn"),
              default=False, when=DURING_GAME),
        Field("/time_extension_minutes", "number", N_("Time extension (minutes)"),
              N_("At most 5 minutes; the procedure starts when it ends."), minimum=0, maximum=5, default=0,
              advanced=True),
        Field("/clock_expired_during_turn", "integer", N_("The 5-minute clock ran out during turn"),
              N_("The clock starts when turn 0 ends."), minimum=1, maximum=3, when=DURING_GAME),
    ]


def _yugioh() -> list[Field]:
    return [
        Field("/time_extension_minutes", "number", N_("Time extension (minutes)"),
              N_("Given for a judge call of over a minute; the procedure starts when it ends."),
              minimum=0, maximum=180, default=0, advanced=True),
        Field("/side_deck_accessed", "boolean", N_("A Duelist has already used their Side Deck"),
              default=False, when=POLICY_V2_3),
    ]


# Each game's own play after a first comparison (Grand Archive's steps decide at once: none).
_ENDED_IN_TURN_HELP = {
    "mtg": N_("Omit for a win in the sudden-death play that follows equal life totals."),
    "grand-archive": "",
    "lorcana": N_("Omit for a win in the play that goes on until one player has more lore."),
    "yugioh": N_("Omit for a win in the turn-by-turn play that follows equal Life Points."),
}


def _ended_in_turn(game: Game) -> Field:
    if game == "yugioh":
        # Yu-Gi-Oh! numbers no turns here: before the turn-by-turn play only the turn in progress
        # is played, so the one turn to choose is that one (0 in the scenario).
        # The OCG's three extra turns (1 to 3); Policy v2.3 plays only the turn in progress (validation.py).
        return Field("/current_game/during_turn", "choice", N_("Turn in which the Duel ended"),
                     _ENDED_IN_TURN_HELP[game], choices=(0, 1, 2, 3), unset_label=N_("Not given"))
    return Field("/current_game/during_turn", "integer", N_("Turn in which the game ended"),
                 _ENDED_IN_TURN_HELP[game], minimum=0, maximum=30)


def _lorcana() -> list[Field]:
    return [
        Field("/turn_pass_announced", "boolean", N_("Time called as the active player declared the end of their turn"),
              N_("The text does not say which turn is then turn 0: the ruling sends this to the head judge."),
              default=False, when=DURING_GAME, advanced=True),
        Field("/time_extension_minutes", "number", N_("Time extension (minutes)"),
              N_("For a pause of over a minute, or a deck check (its time plus 3 minutes); the procedure starts when it ends."),
              minimum=0, maximum=180, default=0, advanced=True),
        Field("/slow_play_penalties", "list", N_("Slow Play penalties"),
              N_("Slow Play Cautions or Warnings given in this match: each may add two turns (Play Correction Guidelines 3.2)."),
              default=(), max_items=10, when=DURING_GAME, advanced=True),
        Field("/slow_play_penalties/-/player", "choice", N_("Penalized player"), choices=PLAYERS, required=True),
        Field("/slow_play_penalties/-/during_additional_turns", "boolean",
              N_("Issued after time was called"), default=False),
    ]


def _current_game(game: Game) -> list[Field]:
    rows = [
        Field("/current_game", "object", in_words_of(game, N_("The game in progress")),
              when=DURING_GAME | THREE_RULES if game == "yugioh" else DURING_GAME),
        Field("/current_game/winner", "choice", in_words_of(game, N_("Result of the game in progress")),
              N_("Leave empty if nobody has won by the end of the procedure."),
              choices=("A", "B", "draw", None), default=None),
        _ended_in_turn(game),
    ]
    if game == "mtg":
        rows.append(Field("/current_game/life", "pair", N_("Life totals at the end of the additional turns"),
                          minimum=-999, maximum=9999, when=SINGLE_ELIMINATION))
    elif game == "lorcana":
        rows.append(Field("/current_game/lore", "pair", N_("Lore at the end of the additional turns"),
                          N_("Single elimination with equal game wins: the lore totals in the game when its additional turns end."),
                          minimum=0, maximum=999, when=SINGLE_ELIMINATION))
    elif game == "yugioh":
        rows.append(Field("/current_game/life", "pair", N_("Life Points when they are compared"),
                          N_("Policy v2.3: at the end of the current Phase; OCG (Japan): after the three turns that follow the turn in progress. Leave empty at the time call: the ruling says what to do until then."),
                          minimum=0, maximum=99999))
    else:
        rows += [
            Field("/current_game/champion_life", "pair", N_("Champion life stat"),
                  minimum=0, maximum=999, when=SINGLE_ELIMINATION),
            Field("/current_game/damage", "pair", N_("Damage counters on the champion"),
                  minimum=0, maximum=999, when=SINGLE_ELIMINATION),
            Field("/current_game/influence", "pair", N_("Influence"),
                  minimum=0, maximum=999, when=SINGLE_ELIMINATION),
            Field("/current_game/main_deck", "pair", N_("Cards in the main deck"),
                  minimum=0, maximum=999, when=SINGLE_ELIMINATION),
        ]
    return rows


def _tiebreak_game(game: Game) -> list[Field]:
    if game == "mtg":
        return [
            Field("/tiebreak_game", "object", N_("The sudden-death game"), when=SINGLE_ELIMINATION),
            Field("/tiebreak_game/winner", "choice", N_("Winner of the sudden-death game"),
                  choices=("A", "B", None), default=None),
        ]
    if game == "yugioh":
        return [
            Field("/tiebreak_game", "object", N_("The new Duel"), when=SINGLE_ELIMINATION | THREE_RULES),
            Field("/tiebreak_game/first_player", "choice", N_("Who went first in the new Duel"),
                  N_("Policy v2.3: a random method picks a Duelist, who chooses who goes first; OCG (Japan): rock-paper-scissors."), choices=PLAYERS,
                  unset_label=N_("Not given")),
            Field("/tiebreak_game/winner", "choice", N_("Result of the new Duel"),
                  N_("Leave empty while the new Duel goes on."),
                  choices=("A", "B", "draw", None), default=None),
            Field("/tiebreak_game/during_turn", "integer", N_("Turn of the new Duel in which it ended"),
                  N_("Omit for an end in the turn-by-turn play after the four turns."), minimum=1, maximum=4,
                  refusal=N_("{field}: must be between 1 and 4, the new Duel's four turns; for a win in the turn-by-turn play after them, leave the turn out and give the equal Life Points after the four turns with the result.")),
            Field("/tiebreak_game/life", "pair", N_("Life Points after the new Duel's four turns"),
                  minimum=0, maximum=99999),
        ]
    return []


@lru_cache(maxsize=None)
def fields_for(game: Game) -> tuple[Field, ...]:
    """Every field of one game's scenario, in the order a form shows them."""
    specific = {"mtg": _mtg, "grand-archive": _grand_archive, "yugioh": _yugioh, "lorcana": _lorcana}[game]()
    rows = [f for f in _common(game) if f is not None] + specific
    rows += _current_game(game) + _tiebreak_game(game)
    return tuple(rows)


def form_fields(game: Game, lang: str) -> list[dict[str, Any]]:
    """The fields as JSON-ready dicts, labels and help in ``lang``: what the site's form is built from."""
    if lang not in LANGUAGES:
        raise ValueError(lang)
    out = []
    for f in fields_for(game):
        out.append({
            "path": f.path, "kind": f.kind,
            "label": translate(lang, f.label),
            "help": translate(lang, f.help) if f.help else "",
            "choices": [{"value": c, "label": choice_label(lang, f.path, c, game)} for c in f.choices],
            "minimum": f.minimum, "maximum": f.maximum, "default": list(f.default) if isinstance(f.default, tuple) else f.default,
            "required": f.required, "when": {k: list(v) for k, v in f.when.items()},
            "max_items": f.max_items,
            "suggested": list(f.suggested) if isinstance(f.suggested, tuple) else f.suggested,
            "advanced": f.advanced,
            "unset_label": translate(lang, f.unset_label) if f.unset_label else "",
        })
    return out


_CHOICE_LABELS: dict[Any, str] = {
    "mtg": N_("Magic: The Gathering"), "grand-archive": N_("Grand Archive"), "yugioh": N_("Yu-Gi-Oh!"),
    "lorcana": N_("Disney Lorcana"), "japan": N_("Japan"),
    # A choice's label names it and states no rule: the rules differ by edition (Yu-Gi-Oh! v2.5 has no match draws).
    "swiss": N_("Swiss"), "single-elimination": N_("Single elimination"),
    "during-game": N_("During a game"), "between-games": N_("Between games"),
    "draw": N_("Draw"), None: N_("Nobody (yet)"),
    "regular": N_("Regular"), "competitive": N_("Competitive"), "professional": N_("Professional"),
}


_YUGIOH_CHOICE_LABELS: dict[Any, str] = {"during-game": N_("During a Duel"), "between-games": N_("Between Duels")}


# A choice whose value is a number standing for something a judge names otherwise.
_PATH_CHOICE_LABELS: dict[tuple[str, Any], str] = {
    ("/current_game/during_turn", 0): N_("The turn in progress when time was called"),
}


def choice_label(lang: str, path: str, value: Any, game: str | None = None) -> str:
    if path == "/edition":
        return edition_choice(lang, value)
    if type(value) is int and (path, value) in _PATH_CHOICE_LABELS:
        return translate(lang, _PATH_CHOICE_LABELS[(path, value)])
    if game == "yugioh" and value in _YUGIOH_CHOICE_LABELS:
        return translate(lang, _YUGIOH_CHOICE_LABELS[value])
    if value in _CHOICE_LABELS and not isinstance(value, bool):
        return translate(lang, _CHOICE_LABELS[value])
    return str(value)


@lru_cache(maxsize=None)
def _labels_by_path(game: str | None) -> dict[str, Field]:
    # The scenario's own game only: another game's label would name what this game does not have
    # (a Magic scenario's /tiebreak_game/life is not "the new Duel's Life Points"): such a key is
    # named by its pointer alone. Without a game, every game's labels.
    order = [game] if game in GAMES else list(GAMES)
    found: dict[str, Field] = {}
    for each in order:
        for spec in fields_for(each):  # type: ignore[arg-type]
            found.setdefault(spec.path, spec)
    return found


def field_of(where: str, game: str | None = None) -> Field | None:
    """The field a JSON Pointer of the scenario points into (a list item's index read as ``-``)."""
    specs = _labels_by_path(game)
    path, spec = "", None
    for part in where.split("/")[1:]:
        if part.isdigit() and spec is not None and spec.kind == "pair":
            break  # one side of a pair: the pair's own label
        step = f"{path}/-" if part.isdigit() and spec is not None and spec.kind == "list" else f"{path}/{part}"
        if step.endswith("/-"):
            path = step
            continue
        if step not in specs:
            return None
        path, spec = step, specs[step]
    return spec


def label_said(label: str, said: str) -> bool:
    """Whether ``said`` already names the field: it holds the label's opening (two words; in Japanese,
    whose noun comes last, four characters at either end) or half of its characters in one run (six
    at least). So "this result contradicts the life totals given" names "Life totals at the end of
    the additional turns", and "a segunda penalidade por Jogo Lento" names "Penalidades por Jogo Lento"."""
    label, said = label.casefold(), said.casefold()
    words = label.split()
    ends = [" ".join(words[:2])] if len(words) > 1 else [label[:4], label[-4:]]
    run = SequenceMatcher(None, label, said, autojunk=False).find_longest_match(0, len(label), 0, len(said)).size
    return any(end in said for end in ends) or run >= max(6, len(label) / 2)


def field_name(lang: str, where: str, game: str | None = None, bracketed: bool = False, said: str = "") -> str:
    """How a message names a field: its form label in ``lang``, then its JSON Pointer (after a comma
    when the message already puts the field in parentheses: no parentheses inside parentheses).
    ``said``: the message's words before a bracketed field; where they already name it ("after the
    event date (/event_date)"), the pointer alone, not the label again."""
    spec = field_of(where, game) if where else None
    if spec is None and where and game in GAMES:
        # A fact only other games ask (refused as such, naming them): their label names it.
        spec = next((found for other in GAMES if other != game and (found := field_of(where, other))), None)
    if spec is None:
        return where or "/"
    label = translate(lang, spec.label)
    # A label that ends in its own parenthesis ("Time extension (minutes)"): never two side by side.
    unit = re.search(r"\s?[(（]([^()（）]+)[)）]$", label)
    if bracketed:
        named = label[:unit.start()] if unit else label
        if label_said(named, said):
            return where
        # TRANSLATORS: a field named inside parentheses of an error: its form label, then its JSON Pointer.
        return translate(lang, N_("{label}, {path}"), label=named, path=where)
    if unit:
        # TRANSLATORS: a field whose label ends in a parenthesis ("Time extension (minutes)"), named in an error: the pointer joins that parenthesis.
        return translate(lang, N_("{label} ({unit}, {path})"), label=label[:unit.start()], unit=unit[1], path=where)
    # TRANSLATORS: a field named in an error: its form label, then its JSON Pointer; Japanese uses full-width 「（）」 with no space.
    return translate(lang, N_("{label} ({path})"), label=label, path=where)
