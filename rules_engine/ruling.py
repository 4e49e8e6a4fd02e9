"""The ruling as the engine builds it: language-neutral steps, rendered in one language at the end."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .editions import Edition, long_date
from .i18n import N_, translate
from .rule_ids import cite
from .titles import title

PLAYERS = ("A", "B")


def score(a: int | float, b: int | float) -> str:
    """A pair of numbers written with their owners ("A 1 – B 2"): never a bare "1–2" that a
    reader could take in the winner's order."""
    return f"A {a} – B {b}"


# TRANSLATORS: a number of minutes with a fraction (2.5): the language's decimal separator.
DECIMAL_MINUTES = N_("{whole}.{fraction}")


def minutes(value: float) -> str | Phrase:
    """A number of minutes, to the second, as the language writes a decimal: 3, not 3.0; 2.5
    (2,5 in French); 4.999999999999999 is 5 (never a float's last digits)."""
    whole, seconds = divmod(round(float(value) * 60), 60)
    if not seconds:
        return str(whole)
    return phrase(DECIMAL_MINUTES, whole=whole, fraction=f"{seconds / 60:.2f}"[2:].rstrip("0"))


def other(player: str) -> str:
    return "B" if player == "A" else "A"


@dataclass(frozen=True)
class Turn:
    number: int
    player: str
    extra: bool = False


@dataclass(frozen=True)
class Step:
    rule: str
    msgid: str
    params: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class Phrase:
    """A message and its parameters, rendered in one language at the end. A parameter may be a
    Phrase itself, or a tuple of values (a list, written with the language's separator)."""
    msgid: str
    params: tuple[tuple[str, Any], ...] = ()


def phrase(msgid: str, **params: Any) -> Phrase:
    return Phrase(msgid, tuple(sorted(params.items())))


LIST_SEPARATOR = {"ja": "、"}


def render_phrase(lang: str, value: Any) -> Any:
    if isinstance(value, Phrase):  # a date as the language writes it (…_date, as in the steps)
        return translate(lang, value.msgid, **{k: long_date(lang, v) if k.endswith("_date") and isinstance(v, str)
                                                else render_phrase(lang, v) for k, v in value.params})
    if isinstance(value, tuple):
        return LIST_SEPARATOR.get(lang, ", ").join(str(render_phrase(lang, v)) for v in value)
    return value


def render_sentences(lang: str, sentences: list[Phrase]) -> str:
    """Sentences as one paragraph: each starts with a capital (a team's name may open it), and
    Japanese sentences follow each other with no space."""
    texts = [str(render_phrase(lang, s)) for s in sentences]
    if lang != "ja":
        texts = [t[:1].upper() + t[1:] for t in texts]
    return ("" if lang == "ja" else " ").join(texts)


@dataclass
class Ruling:
    """Filled in by a game's procedure, in the order the procedure applies its rules."""
    rules_version: str
    turns: list[Turn] = field(default_factory=list)
    additional_turns: int = 0
    time_limit_minutes: int | None = None
    game_result: str | None = None
    game_decided_by: str = "no-game"
    match_result: str = "undecided"
    match_decided_by: str = "not-covered"
    next: str | None = None
    record: tuple[int, int, int] = (0, 0, 0)
    # The match's result is the one to record now (rules_engine.summary.final): decided, nothing
    # still to play (no "if nobody wins by then") or to ask. Otherwise ``record`` is the games so far,
    # or those the ruling assumes if nobody wins in the turns still to play.
    final: bool = False
    # The results hold only if nobody wins in the turns (or the combat) still to play (summary.turns_to_play).
    holds_if_nobody_wins: bool = False
    steps: list[Step] = field(default_factory=list)
    extras: dict[str, Any] = field(default_factory=dict)
    edition: Edition | None = None  # set once the procedure has ruled (games.rule)
    summary: list[Phrase] = field(default_factory=list)  # what to do now (rules_engine.summary)

    def say(self, rule: str, msgid: str, **params: Any) -> None:
        self.steps.append(Step(cite(rule), msgid, tuple(sorted(params.items()))))

    def as_json(self, lang: str, scenario: dict[str, Any]) -> dict[str, Any]:
        return {
            "version": 1,
            "game": scenario["game"],
            "lang": lang,
            "summary": render_sentences(lang, self.summary),
            "turns": [{"number": t.number, "player": t.player, "extra": t.extra} for t in self.turns],
            "additional_turns": self.additional_turns,
            "time_limit_minutes": self.time_limit_minutes,
            "current_game": {"result": self.game_result, "decided_by": self.game_decided_by},
            "match": {"result": self.match_result, "decided_by": self.match_decided_by,
                      "next": self.next, "record": list(self.record), "final": self.final,
                      "holds_if_nobody_wins": self.holds_if_nobody_wins},
            "explanation": [step_json(lang, s) for s in self.steps],
            "rules_version": translate(lang, self.rules_version),
            **({"edition": edition_json(lang, self.edition)} if self.edition else {}),
            **self.extras,
        }


def edition_json(lang: str, edition: Edition) -> dict[str, Any]:
    """The edition a ruling applies, as the ruling names it."""
    return {"id": edition.id, "title": translate(lang, edition.title), "effective": edition.effective,
            "replaced": edition.replaced, "holds": edition.holds}


def step_json(lang: str, step: Step) -> dict[str, str]:
    """One step of an explanation as rulings, the tracker and training give it: the paragraph's id,
    its title and the sentence, in ``lang``."""
    return {"rule": step.rule, "title": title(step.rule, lang), "text": _render(lang, step)}


def _render(lang: str, step: Step) -> str:
    params = {k: (translate(lang, v) if k.endswith("_text") else long_date(lang, v) if k.endswith("_date")
                  else render_phrase(lang, v)) for k, v in step.params}
    return translate(lang, step.msgid, **params)


def alternating(first: str, count: int, start: int = 0) -> list[Turn]:
    """``count`` turns numbered from ``start``, the players taking turns from ``first``."""
    return [Turn(start + i, first if i % 2 == 0 else other(first)) for i in range(count)]


def tally(games_won: tuple[int, int], games_drawn: int, *results: str | None) -> tuple[int, int, int]:
    """The record to enter: wins of A, wins of B, draws, after the given game results."""
    a, b, d = games_won[0], games_won[1], games_drawn
    for result in results:
        if result == "A":
            a += 1
        elif result == "B":
            b += 1
        elif result == "draw":
            d += 1
    return (a, b, d)


def leader(record: tuple[int, int, int]) -> str | None:
    if record[0] == record[1]:
        return None
    return "A" if record[0] > record[1] else "B"


def higher(pair: tuple[int, int]) -> str | None:
    if pair[0] == pair[1]:
        return None
    return "A" if pair[0] > pair[1] else "B"
