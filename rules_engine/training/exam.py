"""Practice exams: a set of training questions fixed by a short code a mentor can hand out.

A code reads ``<generator>-<games>-<levels>-<length>-<seed>``, for example
``14-MGYL-TRB-20-K3F9Q``: the question generator's version (rules_engine.training.questions), the
games (M Magic: The Gathering, G Grand Archive, Y Yu-Gi-Oh!, L Disney Lorcana TCG, each under its
current edition, Lorcana's in each region; E the earlier editions this site holds, Yu-Gi-Oh!
Policy v2.3), the levels (T the turn plan, R the game and match result, B the single-elimination
tiebreaks), the number of questions (10, 20 or 40) and the seed, in base 36. It is read in any
case, and always written in upper case.

The same code gives the same questions in the same order in every language and every Python
(the browser's and the command line's): only ``random.Random(seed)`` draws. A code of an older
generator still opens, with the same questions, where each of its question sets asks what it
asked then (``QUESTIONS_SINCE``): a mentor's code handed out before Disney Lorcana came keeps its
exam. Any other code of another generator is refused by name (``outdated-exam-code``), never
answered with other questions than the mentor's.

``practice()`` aims a set at the paragraphs a candidate gets wrong: a paragraph missed comes
back often, one answered right several times seldom.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from ..contract.errors import ScenarioError
from ..i18n import LANGUAGES, N_, translate
from ..titles import title
from .questions import CITABLE, EARLIER, GENERATOR_VERSION, KIND, KINDS, LEVELS, group_of, level_of, question_for

GAME_LETTERS = {"mtg": "M", "grand-archive": "G", "yugioh": "Y", "lorcana": "L"}
# The question sets an exam can hold: the games under their current editions, and the earlier editions.
SET_LETTERS = {**GAME_LETTERS, EARLIER: "E"}
LEVEL_LETTERS = {"turns": "T", "result": "R", "tiebreak": "B"}
# For each question set, the oldest generator whose exams ask, from the same code, the questions this one asks:
# raised to GENERATOR_VERSION for every set whose questions a new generator changes (tests/engine/test_exam.py holds
# one exam's digest of each). A code names its generator; it opens if every set it names is unchanged since then.
QUESTIONS_SINCE = {"mtg": 13, "grand-archive": 13, "yugioh": 13, "lorcana": 14, EARLIER: 13}
assert set(QUESTIONS_SINCE) == set(SET_LETTERS) and max(QUESTIONS_SINCE.values()) <= GENERATOR_VERSION
LENGTHS = (10, 20, 40)
MAX_SEED = 36**7 - 1  # seven base-36 digits: a code stays short enough to read out
SEED_TRIES = 12  # fresh seeds tried for one paragraph before another paragraph takes the slot
CODE = re.compile(r"^(\d{1,3})-([A-Z]{1,5})-([A-Z]{1,3})-(\d{1,2})-([0-9A-Z]{1,7})$")
assert tuple(LEVEL_LETTERS) == LEVELS


def _error(code: str, msgid: str, **params: Any) -> ScenarioError:
    return ScenarioError(code, "/code", msgid, **params)


def _base36(number: int) -> str:
    digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    text = ""
    while True:
        number, digit = divmod(number, 36)
        text = digits[digit] + text
        if not number:
            return text


def eligible(games: tuple[str, ...], levels: tuple[str, ...]) -> list[str]:
    """The paragraphs an exam of these question sets and levels can ask about, in the site's order."""
    return [r for r in CITABLE if group_of(r) in games and level_of(r) in levels]


def _settings(games: Any, levels: Any, length: Any) -> tuple[tuple[str, ...], tuple[str, ...], int]:
    """Checked settings, games and levels in the site's order."""
    if not isinstance(games, (list, tuple)) or not games or any(g not in SET_LETTERS for g in games):
        raise ScenarioError("invalid-value", "/games", N_("{field}: not one of the choices."), field="/games")
    if not isinstance(levels, (list, tuple)) or not levels or any(v not in LEVEL_LETTERS for v in levels):
        raise ScenarioError("invalid-value", "/levels", N_("{field}: not one of the choices."), field="/levels")
    if type(length) is not int or length not in LENGTHS:
        raise ScenarioError("invalid-value", "/length", N_("{field}: not one of the choices."), field="/length")
    games = tuple(g for g in SET_LETTERS if g in games)
    levels = tuple(v for v in LEVEL_LETTERS if v in levels)
    if not eligible(games, levels):
        raise ScenarioError("invalid-value", "/levels", N_(
            "No question of these levels exists for these games (Yu-Gi-Oh!'s procedures have no turn plan to ask "
            "about, and its current edition no single-elimination tiebreak)."))
    return games, levels, length


def new_code(games: Any = tuple(GAME_LETTERS), levels: Any = LEVELS, length: Any = 20, seed: Any = None) -> str:
    """The code of an exam with these settings (a random seed when none is given)."""
    games, levels, length = _settings(games, levels, length)
    if seed is None:
        seed = random.SystemRandom().randrange(MAX_SEED + 1)
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise ScenarioError("out-of-range", "/seed", N_("{field}: must be between {minimum} and {maximum}."),
                            field="/seed", minimum=0, maximum=MAX_SEED)
    return _code(GENERATOR_VERSION, games, levels, length, seed)


def _code(generator: int, games: tuple[str, ...], levels: tuple[str, ...], length: int, seed: int) -> str:
    return "-".join((str(generator), "".join(SET_LETTERS[g] for g in games),
                     "".join(LEVEL_LETTERS[v] for v in levels), str(length), _base36(seed)))


def read_code(code: Any) -> dict[str, Any]:
    """The settings a code holds, with the generator it names (``generator``); ``invalid-exam-code`` or
    ``outdated-exam-code`` when it cannot be used."""
    found = CODE.match(code.strip().upper()) if isinstance(code, str) and len(code) <= 40 else None
    if found:
        generator = int(found.group(1))
        if generator > GENERATOR_VERSION:
            raise _error("outdated-exam-code", N_(
                "This exam code comes from a newer question generator ({generator}) than this copy of the site "
                "({current}). Reload the page while online to update the site, then open the code again."),
                generator=generator, current=GENERATOR_VERSION)
        game_letters, level_letters, length, seed = found.group(2), found.group(3), int(found.group(4)), found.group(5)
        games = [g for g, letter in SET_LETTERS.items() if letter in game_letters]
        levels = [v for v, letter in LEVEL_LETTERS.items() if letter in level_letters]
        if (len(games) == len(game_letters) == len(set(game_letters)) and len(levels) == len(level_letters)
                == len(set(level_letters)) and length in LENGTHS and int(seed, 36) <= MAX_SEED
                and eligible(tuple(games), tuple(levels))):
            if any(generator < QUESTIONS_SINCE[g] for g in games):
                raise _error("outdated-exam-code", N_(
                    "This exam code comes from an older question generator ({generator}); this version of the site "
                    "has generator {current}, which would ask other questions. Ask your mentor for a new code."),
                    generator=generator, current=GENERATOR_VERSION)
            return {"games": games, "levels": levels, "length": length, "seed": int(seed, 36), "generator": generator}
        if generator < min(QUESTIONS_SINCE.values()):
            raise _error("outdated-exam-code", N_(
                "This exam code comes from an older question generator ({generator}); this version of the site has "
                "generator {current}, which would ask other questions. Ask your mentor for a new code."),
                generator=generator, current=GENERATOR_VERSION)
    raise _error("invalid-exam-code", N_("This is not an exam code. A code looks like {example}."),
                 example=new_code(seed=0))


def _plan(rules: list[str], length: int, rng: random.Random) -> list[str]:
    """Which paragraph each question is about: every eligible paragraph once, shuffled, before any comes back;
    and each question set of the code (each letter) at least ``length // (2 × sets)`` times among the first
    ``length``, or as many times as it has different questions (paragraph and kind), if fewer: a code that names
    Yu-Gi-Oh! asks about it as a mentor expects, and a set of few paragraphs is not asked the same question twice."""
    plan: list[str] = []
    while len(plan) < length + len(rules):  # spares: a paragraph out of fresh scenarios gives way to the next
        cycle = list(rules)
        rng.shuffle(cycle)
        plan += cycle
    groups = list(dict.fromkeys(group_of(r) for r in rules))
    least = length // (2 * len(groups))
    head = plan[:length]
    for group in groups:
        own = [r for r in rules if group_of(r) == group]
        rng.shuffle(own)
        # Its paragraphs not asked yet first, then again in the same order.
        queue = [r for r in own if r not in head] + own
        while sum(group_of(r) == group for r in head) < min(least, sum(len(KINDS[r]) for r in own)):
            counts: dict[str, int] = {}
            for r in head:
                counts[group_of(r)] = counts.get(group_of(r), 0) + 1
            # The last question of the set asked most often gives way.
            most = max(counts, key=lambda g: (counts[g], -groups.index(g)))
            late = max(i for i in range(len(head)) if group_of(head[i]) == most)
            head[late] = queue.pop(0) if queue else own[0]
    return head + plan[length:]


def _scenario_key(scenario: dict[str, Any]) -> str:
    return json.dumps(scenario, sort_keys=True, separators=(",", ":"))


def _build(plan: list[str], length: int, rng: random.Random, lang: str) -> list[dict[str, Any]]:
    """``length`` questions on the paragraphs of ``plan``, in its order, no scenario asked twice."""
    rules = set(plan)
    tries = max(SEED_TRIES, 240 // len(rules))  # few paragraphs (one edition's few): more draws before giving up
    seen: set[str] = set()
    exhausted: set[str] = set()
    questions: list[dict[str, Any]] = []
    kinds_asked: dict[str, set[str]] = {}  # a paragraph asked again is asked what it was not asked yet, if it can be
    position = 0
    while len(questions) < length:
        rule = plan[position % len(plan)]
        position += 1
        if rule in exhausted:
            if len(exhausted) == len(rules):
                break
            continue
        for attempt in range(tries):
            try:
                asked = question_for(rule, rng.getrandbits(32), lang)
            except RuntimeError:  # no situation drawn turns on it (the tests draw thousands): the others are asked
                exhausted.add(rule)
                break
            key = _scenario_key(asked["scenario"])
            done = kinds_asked.setdefault(rule, set())
            if asked["kind"] in done and set(KINDS[rule]) - done and attempt < tries - 1:
                continue
            if key not in seen:
                seen.add(key)
                done.add(asked["kind"])
                questions.append(_exam_question(asked, len(questions) + 1, lang))
                break
        else:  # this paragraph's few possible situations have all been asked
            exhausted.add(rule)
    return questions


def _exam_question(asked: dict[str, Any], number: int, lang: str) -> dict[str, Any]:
    options = [choice["text"] for choice in asked["choices"]]
    return {
        "id": f"q{number}", "rule": asked["rule"], "title": title(asked["rule"], lang), "game": asked["game"],
        "level": asked["level"], "kind": asked["kind"], "seed": asked["seed"], "scenario": asked["scenario"],
        "prompt": asked["prompt"], "options": options,
        "misconceptions": [choice["misconception"] for choice in asked["choices"]],
        "answer": next(i for i, choice in enumerate(asked["choices"]) if choice["id"] == asked["answer"]),
        "explanation": asked["ruling"]["explanation"], "rules_version": asked["ruling"]["rules_version"],
    }


def exam(code: Any, lang: str = "en") -> dict[str, Any]:
    """The exam a code fixes, in ``lang``: ``{"code", "generator", "settings", "questions": [...]}``."""
    if lang not in LANGUAGES:
        raise ValueError(lang)
    settings = read_code(code)
    rules = eligible(tuple(settings["games"]), tuple(settings["levels"]))
    rng = random.Random(settings["seed"])
    # The code as the mentor handed it out, its generator's number kept: the same questions under either.
    canonical = _code(settings["generator"], *_settings(settings["games"], settings["levels"], settings["length"]),
                      settings["seed"])
    return {"version": 1, "code": canonical, "generator": settings["generator"], "settings": settings,
            "questions": _build(_plan(rules, settings["length"], rng), settings["length"], rng, lang)}


def weight(stats: dict[str, Any], rule: str) -> float:
    """How often a practice set asks about ``rule``: a miss brings it back, right answers make it rarer."""
    counts = stats.get(rule) if isinstance(stats.get(rule), dict) else {}
    asked = counts.get("asked", 0) if type(counts.get("asked", 0)) is int else 0
    right = counts.get("right", 0) if type(counts.get("right", 0)) is int else 0
    right = max(0, min(right, asked))
    return (1 + 2 * (asked - right)) / (1 + right) ** 2


def practice(stats: Any, seed: Any, games: Any = tuple(GAME_LETTERS), levels: Any = LEVELS, length: Any = 10,
             lang: str = "en") -> dict[str, Any]:
    """A set aimed at the candidate's weakest paragraphs. ``stats``: ``{rule: {"asked", "right"}}``."""
    if lang not in LANGUAGES:
        raise ValueError(lang)
    games, levels, length = _settings(games, levels, length)
    if not isinstance(stats, dict):
        raise ScenarioError("not-an-object", "/stats", N_("{field}: an object is expected."), field="/stats")
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise ScenarioError("out-of-range", "/seed", N_("{field}: must be between {minimum} and {maximum}."),
                            field="/seed", minimum=0, maximum=MAX_SEED)
    rules = eligible(games, levels)
    rng = random.Random(seed)
    weights = [weight(stats, r) for r in rules]
    # Draw the paragraphs by weight, then build as an exam does (no scenario twice).
    plan = rng.choices(rules, weights=weights, k=length) + _plan(rules, 0, rng)  # spares, as in an exam
    questions = _build(plan, length, rng, lang)
    return {"version": 1, "code": None, "generator": GENERATOR_VERSION,
            "settings": {"games": list(games), "levels": list(levels), "length": length, "seed": seed,
                         "practice": True},
            "questions": questions}


assert set(KIND) == set(CITABLE)
