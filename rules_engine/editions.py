"""The editions of each procedure: which rules were in force when, and what this site holds of them.

Tournament rules change under judges' feet (the MTR several times a year, Konami's Policy twice
in 2025). Every ruling is made under one edition, named in the ruling: the one chosen, the one
in force on the event's date, or else the newest this site holds. The pages, the form, the
schema, training and the trackers read this registry; nothing else lists editions.

Dates are ISO ``YYYY-MM-DD`` strings (compared as strings, which orders them); they are parsed
here without ``datetime`` so that the engine's bundle stays small.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from .i18n import N_, translate
from .rule_ids import GAMES, Game

Holds = Literal["text", "summary"]

#: The day this registry was last checked against the publishers' documents. An event after it
#: may follow an edition published since: a ruling for such a date says so.
CHECKED = "2026-11-25"


@dataclass(frozen=True)
class Edition:
    game: Game
    id: str
    title: str  # msgid
    effective: str | None  # None: the publisher's text is undated
    replaced: str | None  # the day the next edition took effect
    document: str  # msgid: the document and section
    url: str
    holds: Holds  # the official text (as published here), or a summary by this site
    rules_version: str  # msgid: the heading of a ruling under this edition
    changes: str  # msgid: what this edition changed for the end of a match
    anchor: str  # where the edition is published: page#anchor, relative to a language's root
    sources: tuple[str, ...] = ()  # for a summary: the documents it was made from
    short: str = ""  # msgid: the name a form's choice shows
    # The dates are those of North America and Europe only (Konami's TCG there; elsewhere they are
    # not known): a ruling, a form and a page that state them say so.
    regional: bool = False
    # msgid: whose date ``effective`` is, when it is not the date of those regions (Yu-Gi-Oh! v2.3:
    # the date of Konami Europe's edition); the dates in words say so after it.
    effective_of: str = ""

    @property
    def in_force_until(self) -> str | None:
        """The last day this edition was in force (the day before it was replaced)."""
        return None if self.replaced is None else day_before(self.replaced)

    def as_json(self, lang: str = "en") -> dict[str, Any]:
        return {
            "game": self.game, "id": self.id, "title": translate(lang, self.title),
            "effective": self.effective, "replaced": self.replaced, "in_force_until": self.in_force_until,
            "current": self.replaced is None, "document": translate(lang, self.document), "url": self.url,
            "holds": self.holds, "changes": translate(lang, self.changes), "page": self.anchor,
            "sources": list(self.sources), "short": translate(lang, self.short),
            "regional": self.regional,
        }


EDITIONS: tuple[Edition, ...] = (
    Edition(
        game="mtg", id="2025-11-10",
        title=N_("Magic Tournament Rules of 10 November 2025, with the Infraction Procedure Guide of 23 September 2024"),
        effective="2025-11-10", replaced=None,
        document=N_("Magic Tournament Rules (Magic: The Gathering Tournament Rules), section 2.4 End-of-Match Procedure"),
        url="https://magic.wizards.com/en/rules",
        holds="text",
        rules_version=N_("Magic Tournament Rules, section 2.4 End-of-Match Procedure"),  # the first step names the edition
        changes=N_("Current edition. What the procedure has held since earlier editions, not changes made by this one: it is section 2.4 since the edition of 13 November 2023 (it was 2.5); since that edition, players must not leave the table before the result is recorded; since 2019, the match time limit counts as reached in the next turn when the active player had already indicated passing the turn (worded \"next turn\" since 23 July 2021)."),
        anchor="mtg/end-of-match/#end-of-match",
        short=N_("MTR of 10 November 2025"),
    ),
    Edition(
        game="grand-archive", id="online",
        title=N_("Grand Archive TCG Tournament Rules & Guidelines (online edition)"),
        effective=None, replaced=None,
        document=N_("Grand Archive TCG Tournament Rules & Guidelines, End of Match Procedures"),
        url="https://trg.gatcg.com/",
        holds="text",
        rules_version=N_("Grand Archive TCG Tournament Rules & Guidelines, End of Match Procedures (online edition)"),
        changes=N_("The only edition this site holds: the online Tournament Rules & Guidelines, which carry no date."),
        anchor="grand-archive/end-of-match/#end-of-match",
        short=N_("Online edition"),
    ),
    Edition(
        game="yugioh", id="2.3",
        title=N_("Yu-Gi-Oh! TCG Tournament Policy v2.3"),
        effective="2024-09-20", replaced="2025-09-05",
        document=N_("Yu-Gi-Oh! TCG Tournament Policy, End of Match Procedure (the three-rule procedure of v2.x)"),
        url="https://www.yugioh-card.com/en/play/tournament-policy/",
        holds="text",
        rules_version=N_("Yu-Gi-Oh! TCG Tournament Policy v2.3, End of Match Procedure (the three-rule procedure; an earlier edition, replaced by v2.5)"),
        changes=N_("The three-rule procedure: the Duel in progress is decided by Life Points at the end of the current Phase, the match by Duels won; in single elimination, an equal number of Duels won leads to a new Duel of four turns."),
        anchor="yugioh/end-of-match/#v2-3",
        short=N_("Policy v2.3"),
        regional=True,
        effective_of=N_("Konami Europe's KDE-E edition"),
    ),
    Edition(
        game="yugioh", id="2.5",
        title=N_("Yu-Gi-Oh! TCG Tournament Policy v2.5"),
        effective="2025-09-05", replaced=None,
        document=N_("Yu-Gi-Oh! TCG Tournament Policy, End of Match Procedure"),
        url="https://www.yugioh-card.com/en/play/tournament-policy/",
        holds="summary",
        rules_version=N_("Yu-Gi-Oh! TCG Tournament Policy v2.5, End of Match Procedure: this site's summary"),
        changes=N_("The double loss: when time ends before a Duelist has won the match, both Duelists receive a loss; no Life Points are compared and no Phase or turn is finished. Top Cut matches and the final are no longer timed."),
        anchor="yugioh/end-of-match/#v2-5",
        short=N_("Policy v2.5"),
        regional=True,
        sources=(
            "Konami, KDE-US: Official Yu-Gi-Oh! TRADING CARD GAME Tournament Policy Ver. 2.5 (2025)",
            "YGOrganization: Tournament Policy Updates v2.5 (2025)",
            "Cardsrealm: the new Yu-Gi-Oh! tournament rules (2025)",
        ),
    ),
)

BY_GAME: dict[Game, tuple[Edition, ...]] = {g: tuple(e for e in EDITIONS if e.game == g) for g in GAMES}


def editions_of(game: Game) -> tuple[Edition, ...]:
    """A game's editions, oldest first."""
    return BY_GAME[game]


def newest(game: Game) -> Edition:
    return BY_GAME[game][-1]


def edition(game: Game, edition_id: str) -> Edition | None:
    return next((e for e in BY_GAME[game] if e.id == edition_id), None)


def earliest_date(game: Game) -> str | None:
    """The first day this site holds the rules of (None when the oldest edition held is undated)."""
    return BY_GAME[game][0].effective


def in_force_on(game: Game, day: str) -> Edition | None:
    """The edition in force on ``day`` (an ISO date), or None before every edition held.

    An undated edition is taken as in force on any day before the next one: this site cannot
    tell when it took effect, and the ruling says so."""
    found = None
    for candidate in BY_GAME[game]:
        if candidate.effective is None or candidate.effective <= day:
            found = candidate
    return found


_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _days_in(year: int, month: int) -> int:
    return 29 if month == 2 and _leap(year) else _DAYS[month - 1]


def is_date(text: str) -> bool:
    """``YYYY-MM-DD``, a day that exists (2025-02-30 does not)."""
    match = _DATE.fullmatch(text)
    if match is None:
        return False
    year, month, day = (int(g) for g in match.groups())
    return year >= 1 and 1 <= month <= 12 and 1 <= day <= _days_in(year, month)


def day_before(day: str) -> str:
    year, month, date = (int(part) for part in day.split("-"))
    if date > 1:
        return f"{year:04d}-{month:02d}-{date - 1:02d}"
    if month > 1:
        return f"{year:04d}-{month - 1:02d}-{_days_in(year, month - 1):02d}"
    return f"{year - 1:04d}-12-31"


_MONTHS = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"), N_("July"),
           N_("August"), N_("September"), N_("October"), N_("November"), N_("December"))
# TRANSLATORS: a date written out in full: {day} 5, {month} a month's name, {year} 2025.
_LONG_DATE = N_("{day} {month} {year}")
# TRANSLATORS: the first day of a month in a date written out in full (fr "1er", pt "1º").
_FIRST_DAY = N_("1")


def long_date(lang: str, day: str) -> str:
    """A date as a reader writes it: 5 September 2025, 5 septembre 2025, 5 de setembro de 2025, 2025年9月5日."""
    year, month, date = (int(part) for part in day.split("-"))
    # French and Portuguese write the first of a month as an ordinal (1er, 1º).
    shown = translate(lang, _FIRST_DAY) if date == 1 else date
    return translate(lang, _LONG_DATE, day=shown, month=translate(lang, _MONTHS[month - 1]), year=year)


def dates_in_force(lang: str, e: Edition) -> str:
    """When an edition was in force, in words: since 5 September 2025; 20 September 2024 to 4 September 2025; undated.
    A regional edition's dates are North America's and Europe's: whoever states them says so."""
    if e.effective is None:
        return translate(lang, N_("undated"))
    if e.replaced is None:
        return translate(lang, N_("in force since {effective}"), effective=long_date(lang, e.effective))
    return translate(lang, N_("in force from {effective} to {until}"), effective=long_date(lang, e.effective),
                     until=long_date(lang, day_before(e.replaced)))


def dates_where(lang: str, e: Edition) -> str:
    """An edition's dates in words, naming the regions they belong to when they are not everyone's."""
    if e.regional and e.effective_of and e.effective and e.replaced:
        # Its start there is not known: the date it has is another's (Yu-Gi-Oh! v2.3: Konami Europe's edition).
        return translate(lang, N_("in force until {until} in North America and Europe; this site rules under {whose}, in force from {effective}"),
                         until=long_date(lang, day_before(e.replaced)), effective=long_date(lang, e.effective),
                         whose=translate(lang, e.effective_of))
    dates = dates_in_force(lang, e)
    return translate(lang, N_("{dates} in North America and Europe"), dates=dates) if e.regional else dates


def edition_label(lang: str, edition_id: str) -> str:
    """A form's choice of edition: its short name and when it was in force."""
    e = next((e for e in EDITIONS if e.id == edition_id), None)
    if e is None:
        return str(edition_id)
    return translate(lang, N_("{name}, {dates}"), name=translate(lang, e.short), dates=dates_where(lang, e))


def editions_json(game: Game | None = None, lang: str = "en") -> dict[str, Any]:
    """The registry as ``python -m rules_engine editions`` prints it."""
    games = GAMES if game is None else (game,)
    return {"checked": CHECKED,
            "games": {g: {"newest": newest(g).id, "editions": [e.as_json(lang) for e in editions_of(g)]}
                      for g in games}}
