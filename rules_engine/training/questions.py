"""Training questions for judge candidates, generated from valid scenarios by the engine itself.

A question is aimed at one paragraph (``rule``): the seed picks that paragraph, then draws
scenarios until one whose ruling applies it, and asks what that paragraph decides. The
right answer is the engine's ruling; the wrong ones come first from the real
misconceptions named below. ``(seed, GENERATOR_VERSION)`` gives the same question in every
Python (the browser's 3.14 and CPython 3.11): only ``random.Random(seed)`` draws, never hash
order.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .. import judge
from ..contract.errors import ScenarioError
from ..i18n import LANGUAGES, N_, translate
from ..labels import NEXT_LABELS, RESULTS

GENERATOR_VERSION = 4  # 2: only scenarios the engine's cross-field checks accept; 3: ga-turn-zero-reading;
# 4: the REL with every Slow Play penalty, no time call between games before a game ended, a Grand Archive win in
# the clock's own turn, no "unfinished game" misconception on a won game
# Any change to what a seed draws (a paragraph added to KIND, a new draw in draw_scenario) must raise it:
# exam codes name their generator (rules_engine.training.exam), and tests/engine/test_exam.py holds one exam's digest.
LEVELS = ("turns", "result", "tiebreak")
MAX_DRAWS = 400

# What each citable paragraph decides, and so what a question aimed at it asks.
KIND: dict[str, str] = {
    "mtg-additional-turns": "turn-count", "mtg-team-three-turns": "turn-count",
    "mtg-slow-play-note": "turn-count", "mtg-two-headed-giant-note": "turn-count",
    "mtg-turn-split": "turns-of-player", "mtg-extra-turns-note": "turn-player", "mtg-pass-the-turn": "turn-player",
    "mtg-time-extension": "procedure-start", "mtg-unfinished-game-draw": "game-result",
    "mtg-highest-life": "game-result", "mtg-team-as-one-player": "game-result", "mtg-sudden-death": "next",
    "mtg-match-result-note": "match-result", "mtg-no-new-game": "match-result",
    "mtg-single-elimination-no-draw": "match-result", "mtg-not-covered": "next",
    "ga-overtime": "clock-start", "ga-turn-zero": "turn-count", "ga-turn-zero-reading": "clock-start",
    "ga-end-of-turn-call": "turn-player",
    "ga-time-extension": "procedure-start", "ga-unfinished-game-draw": "game-result",
    "ga-match-result": "match-result", "ga-no-new-game": "match-result", "ga-single-elimination": "match-result",
    "ga-step-game-wins": "match-result", "ga-step-available-life": "game-result", "ga-step-influence": "game-result",
    "ga-step-main-deck": "game-result", "ga-ending-overtime": "next", "ga-finish-combat": "next",
    "ga-resolve-effects": "next", "ga-not-covered": "next",
    "ygo-policy-version-note": "match-result", "ygo-rule-1": "game-result", "ygo-rule-1-current-phase": "game-result",
    "ygo-rule-1-swiss": "game-result", "ygo-rule-1-single-elimination": "next", "ygo-rule-3": "game-result",
    "ygo-rule-2": "match-result", "ygo-rule-2-swiss": "match-result", "ygo-rule-2-single-elimination": "next",
    "ygo-new-duel-side-deck": "side-deck", "ygo-new-duel-first-player": "next", "ygo-new-duel-four-turns": "match-result",
    "ygo-new-duel-life-points": "match-result", "ygo-new-duel-turn-by-turn": "next", "ygo-not-covered": "next",
}
CITABLE: tuple[str, ...] = tuple(KIND)
TURN_KINDS = {"turn-count", "turn-player", "turns-of-player", "procedure-start", "clock-start"}
TIEBREAK_RULES = {
    "mtg-highest-life", "mtg-sudden-death", "mtg-team-as-one-player", "mtg-single-elimination-no-draw",
    "ga-single-elimination", "ga-step-game-wins", "ga-step-available-life", "ga-step-influence", "ga-step-main-deck",
    "ygo-rule-1-single-elimination", "ygo-rule-2-single-elimination", "ygo-new-duel-side-deck",
    "ygo-new-duel-first-player", "ygo-new-duel-four-turns", "ygo-new-duel-life-points", "ygo-new-duel-turn-by-turn",
}


def level_of(rule: str) -> str:
    if KIND[rule] in TURN_KINDS:
        return "turns"
    return "tiebreak" if rule in TIEBREAK_RULES else "result"


def game_of(rule: str) -> str:
    return "mtg" if rule.startswith("mtg-") else "grand-archive" if rule.startswith("ga-") else "yugioh"


PROMPTS: dict[str, str] = {
    "turn-count": N_("How many additional turns are played after turn 0?"),
    "turn-player": N_("Who takes turn {number}?"),
    "turns-of-player": N_("How many of the additional turns does {player} take?"),
    "procedure-start": N_("A judge had granted a time extension. When does the End-of-Match procedure begin?"),
    "clock-start": N_("When do the five minutes of overtime start?"),
    "game-result": N_("What is the result of the game in progress?"),
    "match-result": N_("What is the result of the match?"),
    "next": N_("What must the players do now?"),
    "side-deck": N_("May the Duelists use their Side Deck in the new Duel?"),
}
ANSWERS: dict[str, str] = {
    "at-time-call": N_("As soon as time is called"),
    "after-extension": N_("When the time extension ends"),
    "at-next-turn": N_("When the next turn begins"),
    "after-turn-zero": N_("When turn 0 ends"),
    "after-first-additional-turn": N_("When the first additional turn ends"),
    "yes": N_("Yes"),
    "no": N_("No"),
    "nothing": N_("Nothing: the result is final."),
}


# --- the scenarios ---------------------------------------------------------------------------

def draw_scenario(rng: random.Random, game: str, hint: dict[str, Any]) -> dict[str, Any]:
    """A random scenario of ``game``; ``hint`` fixes what its target paragraph needs."""
    single = rng.random() < 0.5
    best_of = rng.choice((1, 3, 3, 5))
    needed = best_of // 2 + 1
    s: dict[str, Any] = {"version": 1, "game": game, "round": "single-elimination" if single else "swiss",
                         "best_of": best_of, "games_won": [rng.randrange(needed), rng.randrange(needed)]}
    during = rng.random() < 0.8
    s["time_called"] = "during-game" if during else "between-games"
    if game == "mtg" and rng.random() < 0.15:
        s.update(two_headed_giant=True, best_of=1, games_won=[0, 0])
    s.update({k: v for k, v in hint.items() if k in ("round", "time_called", "two_headed_giant", "games_won", "best_of")})
    if s.get("two_headed_giant"):
        s["best_of"], s["games_won"] = 1, [0, 0]
    during = s["time_called"] == "during-game"
    single = s["round"] == "single-elimination"
    if during:
        s["active_player"] = rng.choice("AB")
        current: dict[str, Any] = {}
        if rng.random() < 0.25:
            current["winner"] = rng.choice("AB")
            current["during_turn"] = 0 if game == "yugioh" else rng.randrange(4)
        if (game == "mtg" and single) or game == "yugioh":
            life = rng.randrange(1, 21) * (500 if game == "yugioh" else 1)
            current["life"] = [life, life] if rng.random() < 0.3 else [life, rng.randrange(1, 21) * (500 if game == "yugioh" else 1)]
        if game == "grand-archive" and single:
            for key in ("champion_life", "damage", "influence", "main_deck"):
                current[key] = [rng.randrange(3, 6), rng.randrange(3, 6)] if key != "champion_life" else [25, 25]
        current.update(hint.get("current_game", {}))
        s["current_game"] = current
        if game in ("mtg", "grand-archive") and rng.random() < 0.2:
            s["turn_pass_announced"] = True
        if game == "mtg" and rng.random() < 0.25:
            s["extra_turns"] = [{"player": rng.choice("AB"), "after_turn": rng.randrange(5)}]
        if game == "grand-archive" and rng.random() < 0.3:
            s["clock_expired_during_turn"] = rng.randrange(1, 4)
    if game == "mtg" and rng.random() < 0.2:
        s["slow_play_penalties"] = [{"player": rng.choice("AB"), "during_additional_turns": rng.random() < 0.5}]
        # The two added turns exist only at Competitive and Professional REL: a question never leaves it unsaid.
        s["rel"] = rng.choice(("competitive", "professional"))
    if game in ("mtg", "grand-archive") and rng.random() < 0.15:
        s["time_extension_minutes"] = rng.choice((3, 5))
    if game == "yugioh":
        s["edition"] = "2.3"
        s["side_deck_accessed"] = rng.random() < 0.5
        if single and s["games_won"][0] == s["games_won"][1] and rng.random() < 0.5:
            s["tiebreak_game"] = {"first_player": rng.choice("AB")}
            if rng.random() < 0.6:
                s["tiebreak_game"]["life"] = [rng.randrange(1, 9) * 1000, rng.randrange(1, 9) * 1000]
    s.update({k: v for k, v in hint.items() if k not in ("round", "time_called", "current_game")})
    if not during:
        for key in ("extra_turns", "clock_expired_during_turn", "turn_pass_announced", "slow_play_penalties", "rel"):
            s.pop(key, None)
        if s["games_won"] == [0, 0] and not s.get("games_drawn"):
            s["games_drawn"] = 1  # "between games" follows a completed game: here, a drawn one
    if s.get("slow_play_penalties") and "rel" not in s:
        s["rel"] = "competitive"
    if max(s["games_won"]) >= s["best_of"] // 2 + 1:  # a hint's wins need a longer match
        s["best_of"] = 5 if max(s["games_won"]) >= 2 else 3
    if game == "yugioh" and s["games_won"] == [0, 0] and not s.get("games_drawn"):
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


# Scenario facts some paragraphs need, or rarely get by chance.
HINTS: dict[str, dict[str, Any]] = {
    "mtg-not-covered": {"time_called": "during-game", "slow_play_penalties": [
        {"player": "A", "during_additional_turns": False}, {"player": "B", "during_additional_turns": False}]},
    "mtg-team-as-one-player": {"two_headed_giant": True, "round": "single-elimination", "time_called": "during-game"},
    "mtg-two-headed-giant-note": {"two_headed_giant": True, "time_called": "during-game"},
    "mtg-team-three-turns": {"two_headed_giant": True, "time_called": "during-game"},
    "mtg-pass-the-turn": {"time_called": "during-game", "turn_pass_announced": True},
    "mtg-extra-turns-note": {"time_called": "during-game"},
    "mtg-time-extension": {"time_extension_minutes": 5},
    "ga-time-extension": {"time_extension_minutes": 5},
    "ga-end-of-turn-call": {"time_called": "during-game", "turn_pass_announced": True},
    "ga-step-main-deck": {"round": "single-elimination", "time_called": "during-game", "games_won": [0, 0],
                          "current_game": {"champion_life": [20, 20], "damage": [3, 3], "influence": [4, 4]}},
    "ga-step-influence": {"round": "single-elimination", "time_called": "during-game", "games_won": [0, 0],
                          "current_game": {"champion_life": [20, 20], "damage": [3, 3]}},
    "ga-finish-combat": {"time_called": "during-game", "clock_expired_during_turn": 2},
    "ga-resolve-effects": {"time_called": "during-game", "clock_expired_during_turn": 1},
    "ga-ending-overtime": {"time_called": "during-game", "clock_expired_during_turn": 3},
    "ga-not-covered": {"round": "single-elimination", "time_called": "between-games", "games_won": [1, 1]},
    "ygo-not-covered": {"round": "single-elimination", "time_called": "between-games", "games_won": [1, 1],
                        "tiebreak_game": {"first_player": "A", "winner": "draw", "during_turn": 3}},
    "ygo-new-duel-turn-by-turn": {"round": "single-elimination", "time_called": "between-games", "games_won": [1, 1],
                                  "tiebreak_game": {"first_player": "A", "life": [4000, 4000]}},
    "ygo-new-duel-life-points": {"round": "single-elimination", "time_called": "between-games", "games_won": [1, 1],
                                 "tiebreak_game": {"first_player": "B", "life": [3000, 5000]}},
    "ygo-new-duel-four-turns": {"round": "single-elimination", "time_called": "between-games", "games_won": [1, 1],
                                "tiebreak_game": {"first_player": "A", "winner": "B", "during_turn": 3}},
    "ygo-rule-3": {"time_called": "during-game", "current_game": {"winner": "A", "during_turn": 0}},
}


def _applies(rule: str, ruling: dict[str, Any]) -> bool:
    """The ruling applies ``rule`` in a way the question's kind can ask about."""
    if rule not in {step["rule"] for step in ruling["explanation"]}:
        return False
    kind = KIND[rule]
    if kind == "next":
        return ruling["match"]["next"] is not None
    if kind in ("turn-count", "turns-of-player", "clock-start"):
        return len(ruling["turns"]) == ruling["additional_turns"] + 1 and ruling["additional_turns"] > 0
    if kind == "turn-player":
        return bool(ruling["turns"])
    if kind == "game-result":
        return ruling["current_game"]["result"] is not None
    if kind == "side-deck":
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


def grand_archive_clock_starts_at_time_call(s: dict[str, Any], r: dict[str, Any], asked: Any) -> Any:
    """'The five minutes start when time is called' (they start when turn 0 ends)."""
    return "at-time-call"


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


MISCONCEPTIONS: dict[str, tuple[Misconception, ...]] = {
    "turns-of-player": (active_player_gets_three_turns,),
    "turn-count": (extra_turns_come_on_top_of_the_five, slow_play_during_additional_turns_adds_turns,
                   two_headed_giant_plays_five_turns),
    "clock-start": (grand_archive_clock_starts_at_time_call,),
    "procedure-start": (procedure_starts_at_time_call,),
    "game-result": (unfinished_yugioh_swiss_game_is_a_draw, life_decides_even_with_unequal_game_wins),
    "match-result": (life_decides_even_with_unequal_game_wins,),
}


def _name(misconception: Misconception) -> str:
    return misconception.__name__.replace("_", "-")


# --- the question ------------------------------------------------------------------------------

def _asked(kind: str, s: dict[str, Any], r: dict[str, Any], rng: random.Random, rule: str) -> tuple[dict[str, Any], Any, list[Any]]:
    """(prompt parameters, the right answer, the other possible answers)."""
    if kind == "turn-count":
        right = r["additional_turns"]
        return {}, right, [n for n in (3, 5, 7, 9) if n != right]
    if kind == "turn-player":
        turns = r["turns"]
        pick = [t for t in turns if t["extra"]] if rule == "mtg-extra-turns-note" else turns[:1]
        turn = rng.choice(pick or turns)
        return {"number": turn["number"]}, turn["player"], ["B" if turn["player"] == "A" else "A"]
    if kind == "turns-of-player":
        player = rng.choice("AB")
        right = sum(1 for t in r["turns"][1:] if t["player"] == player)
        return {"player": player}, right, [n for n in range(0, 6) if n != right]
    if kind == "procedure-start":
        return {}, "after-extension", ["at-time-call", "at-next-turn"]
    if kind == "clock-start":
        return {}, "after-turn-zero", ["at-time-call", "after-first-additional-turn"]
    if kind == "game-result":
        right = r["current_game"]["result"]
        return {}, right, [x for x in ("A", "B", "draw", "undecided") if x != right]
    if kind == "match-result":
        right = r["match"]["result"]
        return {}, right, [x for x in ("A", "B", "draw", "undecided") if x != right]
    if kind == "next":
        right = r["match"]["next"] or "nothing"
        game_next = {"mtg": ["sudden-death", "head-judge"], "grand-archive": ["finish-combat-and-stack", "head-judge"],
                     "yugioh": ["finish-turn", "new-duel", "turn-by-turn"]}[s["game"]]
        return {}, right, [x for x in [*game_next, "nothing", "head-judge"] if x != right]
    # side-deck
    right = "yes" if r["new_duel"]["side_deck"] else "no"
    return {}, right, ["no" if right == "yes" else "yes"]


def _answer_text(kind: str, value: Any, lang: str) -> str:
    if kind in ("game-result", "match-result"):
        return translate(lang, RESULTS[value])
    if kind == "next":
        return translate(lang, NEXT_LABELS.get(value, ANSWERS.get(value, "")))
    if kind in ("procedure-start", "clock-start", "side-deck"):
        return translate(lang, ANSWERS[value])
    return str(value)


def question(seed: int, lang: str = "en", level: str | None = None, game: str | None = None,
             rule: str | None = None) -> dict[str, Any]:
    """The question of ``seed`` (optionally only of one level or game, or aimed at one paragraph), in ``lang``."""
    if lang not in LANGUAGES:
        raise ValueError(lang)
    if type(seed) is not int or not 0 <= seed < 2**53:
        raise ScenarioError("invalid-value", "/seed", N_("{field}: a whole number is expected."), field="/seed")
    if rule is not None:
        if not isinstance(rule, str) or rule not in KIND:
            raise ScenarioError("invalid-value", "/rule", N_("{field}: not one of the choices."), field="/rule")
        return question_for(rule, seed, lang)
    rules = [r for r in CITABLE if (level is None or level_of(r) == level) and (game is None or game_of(r) == game)]
    if not rules:
        raise ScenarioError("invalid-value", "/level", N_("{field}: not one of the choices."), field="/level")
    return question_for(rules[seed % len(rules)], seed, lang)


def question_for(rule: str, seed: int, lang: str = "en") -> dict[str, Any]:
    """The question aimed at paragraph ``rule`` that ``seed`` draws."""
    kind = KIND[rule]
    rng = random.Random(seed)
    for _ in range(MAX_DRAWS):
        scenario = draw_scenario(rng, game_of(rule), HINTS.get(rule, {}))
        try:
            ruling = judge(scenario, lang)
        except ScenarioError:
            continue
        if _applies(rule, ruling):
            break
    else:  # pragma: no cover - every paragraph is reached well within MAX_DRAWS (a test holds it)
        raise RuntimeError(f"no scenario applies {rule} for seed {seed}")
    params, right, others = _asked(kind, scenario, ruling, rng, rule)
    wrong: list[tuple[Any, str | None]] = []
    for misconception in MISCONCEPTIONS.get(kind, ()):
        value = misconception(scenario, ruling, params.get("player"))
        if value is not None and value != right and value not in [w for w, _ in wrong]:
            wrong.append((value, _name(misconception)))
    for value in others:
        if len(wrong) >= 3:
            break
        if value not in [w for w, _ in wrong]:
            wrong.append((value, None))
    options = [(right, None), *wrong[:3]]
    rng.shuffle(options)
    choices = [{"id": "abcd"[i], "value": value, "text": _answer_text(kind, value, lang), "misconception": name}
               for i, (value, name) in enumerate(options)]
    return {
        "version": 1, "generator": GENERATOR_VERSION, "seed": seed, "level": level_of(rule), "game": game_of(rule),
        "rule": rule, "kind": kind, "scenario": ruling["scenario"],
        "prompt": translate(lang, PROMPTS[kind], **params), "asked": params,
        "choices": choices, "answer": next(c["id"] for c in choices if c["value"] == right and c["misconception"] is None),
        "ruling": ruling,
    }
