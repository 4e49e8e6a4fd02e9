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
    changes: str  # msgid: what this edition changed for the end of a match (the oldest held of a game: what its procedure is)
    anchor: str  # where the edition is published: page#anchor, relative to a language's root
    sources: tuple[str, ...] = ()  # for a summary: the documents it was made from (a document's own title as it is; what is said of it, a msgid)
    short: str = ""  # msgid: the name a form's choice shows
    # The dates are those of North America, Latin America and Europe only (Konami's TCG there; elsewhere they are
    # not known): a ruling, a form and a page that state them say so.
    regional: bool = False
    # msgid: whose date ``effective`` is, when it is not the date of those regions (Yu-Gi-Oh! v2.3:
    # the date of Konami Europe's edition); the dates in words say so after it.
    effective_of: str = ""
    # An undated edition: the first day it can have been in force (the game's release), so that an
    # event before it is refused rather than ruled with no basis.
    not_before: str | None = None
    # msgid: how this edition's text stands to the text the procedure page publishes (an earlier
    # edition that reads the same but for a paragraph or a section number): the ruling says it.
    text_differs: str = ""
    # The same, for a refusal of an event before this game's oldest edition: why (msgid).
    before_refusal: str = ""
    # Where this edition applies when its organizer's rules differ by region (REGIONS): None for the
    # publisher's worldwide rules (Yu-Gi-Oh!'s TCG Policy says where it applies with ``regional``).
    region: str | None = None

    def names_its_start(self, msgid: str) -> bool:
        """Whether a name (the title or the short name, a msgid) already says the day this
        edition took effect ("…, effective 14 July 2026"): its dates in words then leave it out."""
        return self.effective is not None and long_date("en", self.effective) in msgid

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
            "sources": [translate(lang, source) for source in self.sources], "short": translate(lang, self.short),
            "regional": self.regional, "region": self.region,
        }


# Magic: the editions of the Magic Tournament Rules before the current one, from 23 July 2021 (each
# compared word by word, End-of-Match section and effective date, with the copy of the MTR the
# MTG Familiar app shipped: AEFeinstein/mtg-familiar, mobile/src/main/res/raw/mtr.html). Their
# End-of-Match text is the current one's but for the section number (2.5 until 13 November 2023)
# and the paragraph keeping players at the table (since that edition). The edition of 3 May 2019,
# the one before 23 July 2021 in that history, said "their opponent's next turn" where the later
# ones say "the next turn"; editions between the two are not held. The Slow Play remedy (IPG 3.3)
# reads the same in the IPGs of 5 February 2021, 13 November 2023, 15 April 2024 and 23 September 2024.
_MTR_URL = "https://github.com/AEFeinstein/mtg-familiar/blob/{commit}/mobile/src/main/res/raw/mtr.html"
_MTR_COMMITS = {  # the app's commit holding each edition (the copy the editions page links to)
    "2021-07-23": "a81ddad86171897bd284036b335f82d186d62bf5", "2021-09-24": "0880d6d137d6d51cc02759eb9ecf4c14e64a7c1b",
    "2022-01-25": "8f26b95adc9069a76dd26c6aad1c9f94ad012df9", "2022-03-07": "800642e5d03138e3eefb575d62b5bea313d10371",
    "2023-11-13": "4827c4f525c14bf7b5bdb76b1f29809bf301088b", "2023-12-04": "5b908bf914d0105e31e26cd73eb55ebf68b7da6e",
    "2024-08-26": "56e76db6ec40f02f8f2c98f78e00c07fffb2d8fb", "2024-09-23": "50b29579562128a1ac702fd43581dcd438bc7894",
    "2024-12-16": "1de3f85e5f3cbc10d01c7059e445b489f69d3bcf",
}
_MTR_SAME_25 = N_("No change to the End-of-Match Procedure, section 2.5: it reads as in the edition before.")
_MTR_SAME_24 = N_("No change to the End-of-Match Procedure, section 2.4: it reads as in the edition before.")
_MTR_EARLIER = (
    ("2021-07-23", "2021-09-24", N_("Magic Tournament Rules of 23 July 2021"), N_("MTR of 23 July 2021"),
     N_("The oldest edition this site holds. Its End-of-Match Procedure is section 2.5 and reads as the current one, except that it has no paragraph keeping players at the table until the result is recorded (added on 13 November 2023). It says that the match time limit counts as reached in the next turn when the active player had already indicated passing the turn, where the edition of 3 May 2019 said \"their opponent's next turn\" (this site does not hold the editions between the two). The Slow Play remedy (IPG 3.3, two turns added) reads the same in the Infraction Procedure Guides of 5 February 2021, 13 November 2023, 15 April 2024 and 23 September 2024.")),
    ("2021-09-24", "2022-01-25", N_("Magic Tournament Rules of 24 September 2021"), N_("MTR of 24 September 2021"), _MTR_SAME_25),
    ("2022-01-25", "2022-03-07", N_("Magic Tournament Rules of 25 January 2022"), N_("MTR of 25 January 2022"), _MTR_SAME_25),
    ("2022-03-07", "2023-11-13", N_("Magic Tournament Rules of 7 March 2022"), N_("MTR of 7 March 2022"), _MTR_SAME_25),
    ("2023-11-13", "2023-12-04", N_("Magic Tournament Rules of 13 November 2023"), N_("MTR of 13 November 2023"),
     N_("The End-of-Match Procedure becomes section 2.4 (section 2.5 is now Conceding or Intentionally Drawing Games or Matches) and opens with a new paragraph: once the game is complete, players may not leave the table until the result of the match is recorded, unless they are doing so to record it. The rest reads as in the edition before, and the Infraction Procedure Guide of the same day keeps the Slow Play remedy.")),
    ("2023-12-04", "2024-08-26", N_("Magic Tournament Rules of 4 December 2023"), N_("MTR of 4 December 2023"), _MTR_SAME_24),
    ("2024-08-26", "2024-09-23", N_("Magic Tournament Rules of 26 August 2024"), N_("MTR of 26 August 2024"), _MTR_SAME_24),
    ("2024-09-23", "2024-12-16", N_("Magic Tournament Rules of 23 September 2024"), N_("MTR of 23 September 2024"), _MTR_SAME_24),
    ("2024-12-16", "2025-11-10", N_("Magic Tournament Rules of 16 December 2024"), N_("MTR of 16 December 2024"), _MTR_SAME_24),
)
_MTR_BEFORE = N_("{field}: this site holds the Magic Tournament Rules from the edition of {earliest_date} on, and an event on {event_date} came before it: the procedure read differently before (under the edition of 3 May 2019, when the active player had already indicated passing the turn, the match time limit counted as reached in the opponent's next turn), so check the edition in force then.")


def _mtr(day: str, replaced: str, title: str, short: str, changes: str) -> Edition:
    """An earlier edition of the Magic Tournament Rules: its End-of-Match text is the current one's but
    for the section number and, before 13 November 2023, the paragraph keeping players at the table."""
    section_25 = day < "2023-11-13"
    return Edition(
        game="mtg", id=day, title=title, effective=day, replaced=replaced,
        document=N_("Magic Tournament Rules, section 2.5 End-of-Match Procedure: the copy the MTG Familiar app shipped") if section_25 else
        N_("Magic Tournament Rules, section 2.4 End-of-Match Procedure: the copy the MTG Familiar app shipped"),
        url=_MTR_URL.format(commit=_MTR_COMMITS[day]),
        holds="text",
        rules_version=N_("Magic Tournament Rules, section 2.5 End-of-Match Procedure") if section_25 else
        N_("Magic Tournament Rules, section 2.4 End-of-Match Procedure"),
        changes=changes,
        anchor="mtg/end-of-match/#end-of-match",
        short=short,
        text_differs=N_("Under this edition the End-of-Match Procedure is section 2.5 of the Magic Tournament Rules; its text reads as the current edition's, whose paragraphs this ruling cites, except that it has no paragraph keeping players at the table until the result is recorded (added on 13 November 2023).") if section_25 else
        N_("Under this edition the End-of-Match Procedure is section 2.4 of the Magic Tournament Rules; its text reads as the current edition's, whose paragraphs this ruling cites."),
        before_refusal=_MTR_BEFORE if day == "2021-07-23" else "",
    )


EDITIONS: tuple[Edition, ...] = (
    *(_mtr(day, replaced, title, short, changes) for day, replaced, title, short, changes in _MTR_EARLIER),
    Edition(
        game="mtg", id="2025-11-10",
        title=N_("Magic Tournament Rules of 10 November 2025, with the Infraction Procedure Guide of 23 September 2024"),
        effective="2025-11-10", replaced=None,
        document=N_("Magic Tournament Rules (Magic: The Gathering Tournament Rules), section 2.4 End-of-Match Procedure"),
        url="https://magic.wizards.com/en/rules",
        holds="text",
        rules_version=N_("Magic Tournament Rules, section 2.4 End-of-Match Procedure"),  # the first step names the edition
        changes=_MTR_SAME_24,
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
        changes=N_("Overtime once time is called, then, in single elimination, the steps that decide the match winner. It is the only edition this site holds: the online Tournament Rules & Guidelines, which carry no date."),
        # Grand Archive TCG was released in 2023 (its first set, Dawn of Ashes): no edition of its
        # rules can have been in force before that year.
        not_before="2023-01-01",
        before_refusal=N_("{field}: Grand Archive TCG was released in 2023 (its first set, Dawn of Ashes): its tournament rules, whose online edition is undated, cannot have been in force at an event on {event_date}, before that year."),
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
        changes=N_("The double loss: when time is called before a Duelist has won the match, both Duelists receive a loss; no Life Points are compared and no Phase or turn is finished. Top Cut matches and the final are no longer timed."),
        anchor="yugioh/end-of-match/#v2-5",
        short=N_("Policy v2.5"),
        regional=True,
        sources=(
            "Konami, KDE-US: Official Yu-Gi-Oh! TRADING CARD GAME Tournament Policy Ver. 2.5 (2025)",
            "YGOrganization: Tournament Policy Updates v2.5 (2025)",
            N_("Cardsrealm: an article on the new Yu-Gi-Oh! tournament rules (2025)"),
        ),
    ),
)


# Yu-Gi-Oh! OCG events in Japan follow Konami Japan's own rules, not the TCG Policy. This site holds
# no official text of them: a summary made from the sources that quote them (facts/RULES-FACTS.md).
EDITIONS += (
    Edition(
        game="yugioh", id="ocg-2020-04-01",
        title=N_("Yu-Gi-Oh! OCG tournament rules of Konami Japan (Ranking Duel rules, applied from 1 April 2020)"),
        effective="2020-04-01", replaced=None,
        document=N_("Konami Japan, Ranking Duel tournament rules (ランキングデュエル 大会規定), match play: this site's summary"),
        url="https://www.yugioh-card.com/japan/event/shop_duel/rules/?ranking",
        holds="summary",
        rules_version=N_("Yu-Gi-Oh! OCG tournament rules of Konami Japan (events in Japan): this site's summary"),
        changes=N_("For OCG events in Japan: the turn in progress is finished, then three additional turns counted from the opponent's; then the Duelist with more Life Points wins the Duel (equal Life Points: a draw in Swiss, sudden death in single elimination). In single elimination, equal Duels won lead to an extra Duel of four turns. The only edition of these rules this site holds: whether they have been revised since 2020 is not known to it."),
        anchor="yugioh/end-of-match/#ocg",
        short=N_("OCG rules for Japan"),
        region="japan",
        sources=(
            N_("yugioh-wiki.net: 公認大会規定, エキストラターン, エキストラデュエル (quoting the rules 「2020.04.01 適用」)"),
            N_("kiros.seesaa.net: articles 8957203, 8957273, 8957308 (the 2005 text and Konami's FAQ)"),
        ),
    ),
)

# Disney Lorcana TCG. Ravensburger's Tournament Rules (worldwide; English, with French texts of three
# editions) and Takara Tomy's rules for Japanese-language events in Japan: their own document, not a
# translation, with one additional turn after turn 0 where Ravensburger's have five. The Play
# Correction Guidelines' Slow Play remedy (two turns) goes with every edition.
_LORCANA_URL = "https://www.disneylorcana.com/en-US/resources"
_LORCANA_JAPAN_URL = "https://www.takaratomy.co.jp/products/disneylorcana/"
_LORCANA_WORLDWIDE = (
    ("2023-10-03", "2024-05-22", N_("Disney Lorcana TCG Tournament Rules, effective 3 October 2023"), N_("Tournament Rules of 3 October 2023"),
     N_("The oldest edition this site holds (an earlier printing was reported in September 2023; its text is not held). Every match is best of three; once time has been called, no new games should begin; the active player finishes their turn, then five turns are played; with unequal game wins the leader wins the match (the current game does not count); in Swiss, equal game wins make a draw; in single elimination, only equal game wins with equal lore are covered (the match continues until one player has more lore). No time extension section. The French text of the same date differs: in single elimination, the player with more lore wins the game.")),
    ("2024-05-22", "2025-09-09", N_("Disney Lorcana TCG Tournament Rules, effective 22 May 2024"), N_("Tournament Rules of 22 May 2024"),
     N_("Swiss rounds become a two-game format (3 match points a game, a bonus point for both); single elimination stays best of three. The Swiss bullet awards match points to any player with a game win; with none, the game is a draw. A time extension section is added (a pause of over 1 minute; a deck check plus 3 minutes). Swiss rounds of 45 minutes; timed single elimination at least 70 minutes.")),
    ("2025-09-09", "2026-06-11", N_("Disney Lorcana TCG Tournament Rules, last updated 9 September 2025"), N_("Tournament Rules of 9 September 2025"),
     N_("Turn 0 is named; \"no new games should begin\" is removed; unfinished games are recorded as draws (1-0-1); Premier Play is best of three with 3, 0 and 1 match points. Single elimination is rewritten: a player with more game wins when time is called wins the match; tied game wins play five additional turns (a new game may be started to complete them), then the highest lore total wins the match, and equal lore continues the game until one player has more lore. The document prints \"Last Updated\", not \"Effective\": that it governs events from that day is this site's reading.")),
    ("2026-06-11", "2026-07-14", N_("Disney Lorcana TCG Tournament Rules, effective 11 June 2026"), N_("Tournament Rules of 11 June 2026"),
     N_("Wording only, no change of rule: Lore Guide for Judge, Entry-level for Casual; the lore that decides a single-elimination match is that of the current game (\"the higher lore total in the current game\").")),
    ("2026-07-14", None, N_("Disney Lorcana TCG Tournament Rules, effective 14 July 2026"), N_("Tournament Rules of 14 July 2026"),
     N_("No change to the end of a match: the sections this site publishes read as in the edition of 11 June 2026.")),
)
_LORCANA_JAPAN = (
    ("japan-2025-01-25", "2025-01-25", "2025-02-14", N_("Disney Lorcana TCG Japanese-edition event rules (Takara Tomy), effective 25 January 2025"), N_("Japan: rules of 25 January 2025"),
     N_("The oldest Japanese edition this site holds. Takara Tomy's own rules for Japanese-language events in Japan, not a translation: the active player finishes their turn, then one additional turn, not five; once time has been called, no new game may begin; matches of one, two or three games; in single elimination, only equal game wins with equal lore are covered.")),
    ("japan-2025-02-14", "2025-02-14", "2026-02-12", N_("Disney Lorcana TCG Japanese-edition event rules (Takara Tomy), effective 14 February 2025"), N_("Japan: rules of 14 February 2025"),
     N_("No change to the end of a match; best-of-three matches are played in the playoff rounds.")),
    ("japan-2026-02-12", "2026-02-12", None, N_("Disney Lorcana TCG Japanese-edition event rules (Takara Tomy), effective 12 February 2026"), N_("Japan: rules of 12 February 2026"),
     N_("Turn 0 is named; the sentence forbidding a new game is removed; best of two is gone (best of one and best of three); still one additional turn after turn 0.")),
)


def _lorcana(day: str, replaced: str | None, title: str, short: str, changes: str) -> Edition:
    return Edition(
        game="lorcana", id=day, title=title, effective=day, replaced=replaced,
        document=N_("Disney Lorcana TCG Tournament Rules, 3.4 Match Procedure (End of Match), with the Play Correction Guidelines, 3.2 Slow Play"),
        url=_LORCANA_URL, holds="text",
        rules_version=N_("Disney Lorcana TCG Tournament Rules, End of Match"),
        changes=changes, anchor="lorcana/end-of-match/#worldwide" if replaced is None else "lorcana/end-of-match/#earlier-editions",
        short=short,
    )


def _lorcana_japan(edition_id: str, day: str, replaced: str | None, title: str, short: str, changes: str) -> Edition:
    return Edition(
        game="lorcana", id=edition_id, title=title, effective=day, replaced=replaced,
        document=N_("Disney Lorcana TCG Japanese-edition event rules (Takara Tomy), End of Match, with the Japanese Play Correction Guidelines, 3.2 Slow Play"),
        url=_LORCANA_JAPAN_URL, holds="text",
        rules_version=N_("Disney Lorcana TCG Japanese-edition event rules (Takara Tomy), End of Match"),
        changes=changes, anchor="lorcana/end-of-match/#japan", short=short, region="japan",
    )


EDITIONS += (
    *(_lorcana(*row) for row in _LORCANA_WORLDWIDE),
    *(_lorcana_japan(*row) for row in _LORCANA_JAPAN),
)

#: The regions whose organizers publish their own rules, per game (an edition's ``region``).
REGIONS: dict[Game, tuple[str, ...]] = {
    g: tuple(sorted({e.region for e in EDITIONS if e.game == g and e.region is not None})) for g in GAMES}
#: A region as a reader names it (msgid).
REGION_NAMES = {"japan": N_("Japan")}

BY_GAME: dict[Game, tuple[Edition, ...]] = {g: tuple(e for e in EDITIONS if e.game == g) for g in GAMES}


def editions_of(game: Game, region: str | None | bool = False) -> tuple[Edition, ...]:
    """A game's editions, oldest first: all of them, or (``region`` given, None for the worldwide
    rules) those of one region."""
    if region is False:
        return BY_GAME[game]
    return tuple(e for e in BY_GAME[game] if e.region == region)


def newest(game: Game, region: str | None = None) -> Edition:
    """The edition in force today: the worldwide one, or a region's own."""
    return editions_of(game, region)[-1]


def edition(game: Game, edition_id: str) -> Edition | None:
    return next((e for e in BY_GAME[game] if e.id == edition_id), None)


def earliest_date(game: Game, region: str | None = None) -> str | None:
    """The first day this site holds the rules of: the oldest edition's date, or for an undated one the
    first day it can have been in force (None when not even that is known)."""
    oldest = editions_of(game, region)[0]
    return oldest.effective or oldest.not_before


def in_force_on(game: Game, day: str, region: str | None = None) -> Edition | None:
    """The edition in force on ``day`` (an ISO date), or None before every edition held.

    An undated edition is taken as in force on any day before the next one from the first day it
    can have been (``not_before``): this site cannot tell when it took effect, and the ruling says so."""
    found = None
    for candidate in editions_of(game, region):
        if (candidate.effective or candidate.not_before or day) <= day:
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


def dates_in_force(lang: str, e: Edition, after: str = "") -> str:
    """When an edition was in force, in words: since 5 September 2025; 20 September 2024 to 4 September 2025; undated.
    A regional edition's dates are North America's, Latin America's and Europe's: whoever states them says so.
    ``after``: the name (msgid) the dates follow; a name that says the start leaves it out (still in force; in force until)."""
    if e.effective is None:
        return translate(lang, N_("undated"))
    if after and e.names_its_start(after):
        return translate(lang, N_("still in force")) if e.replaced is None else \
            translate(lang, N_("in force until {until}"), until=long_date(lang, day_before(e.replaced)))
    if e.replaced is None:
        return translate(lang, N_("in force since {effective}"), effective=long_date(lang, e.effective))
    return translate(lang, N_("in force from {effective} to {until}"), effective=long_date(lang, e.effective),
                     until=long_date(lang, day_before(e.replaced)))


def dates_where(lang: str, e: Edition, after: str = "") -> str:
    """An edition's dates in words, naming the regions they belong to when they are not everyone's
    (``after``: the name they follow, as for dates_in_force)."""
    if e.regional and e.effective_of and e.effective and e.replaced:
        # Its start there is not known: the date it has is another's (Yu-Gi-Oh! v2.3: Konami Europe's edition).
        return translate(lang, N_("in force until {until} in North America, Latin America and Europe; this site rules under {whose}, in force from {effective}"),
                         until=long_date(lang, day_before(e.replaced)), effective=long_date(lang, e.effective),
                         whose=translate(lang, e.effective_of))
    dates = dates_in_force(lang, e, after)
    return translate(lang, N_("{dates} in North America, Latin America and Europe"), dates=dates) if e.regional else dates


def edition_label(lang: str, edition_id: str) -> str:
    """A form's choice of edition: its short name and when it was in force."""
    e = next((e for e in EDITIONS if e.id == edition_id), None)
    if e is None:
        return str(edition_id)
    return translate(lang, N_("{name}, {dates}"), name=translate(lang, e.short), dates=dates_where(lang, e, e.short))


def edition_choice(lang: str, edition_id: str) -> str:
    """A form's choice of edition, one line on a phone: its short name, then "current" or the
    last day it was in force (the edition's page says the rest: regions, whose edition)."""
    e = next((e for e in EDITIONS if e.id == edition_id), None)
    if e is None:
        return str(edition_id)
    name = translate(lang, e.short)
    if e.replaced is None:
        # TRANSLATORS: a form's choice of the edition in force today ("Policy v2.5 (current)"); Japanese 「{name}（現行）」.
        return translate(lang, N_("{name} (current)"), name=name)
    # TRANSLATORS: a form's choice of an earlier edition and its last day ("Policy v2.3 (until 4 September 2025)"); Japanese 「{name}（{until}まで）」.
    return translate(lang, N_("{name} (until {until})"), name=name, until=long_date(lang, day_before(e.replaced)))


def editions_json(game: Game | None = None, lang: str = "en") -> dict[str, Any]:
    """The registry as ``python -m rules_engine editions`` prints it."""
    games = GAMES if game is None else (game,)
    return {"checked": CHECKED,
            "games": {g: {"newest": newest(g).id, "editions": [e.as_json(lang) for e in editions_of(g)]}
                      for g in games}}
