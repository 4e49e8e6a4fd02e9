"""Each game's procedure: a checked Scenario in, a language-neutral Ruling out, under one edition.

Every ruling opens by naming the edition it applies and why (chosen, in force on the event's
date, or the newest this site holds): the rules change, and a ruling under a replaced edition
must never read as the current one.
"""

from __future__ import annotations

from collections.abc import Callable

from ..contract.scenario import Scenario
from ..contract.errors import ScenarioError
from ..editions import CHECKED, editions_of
from ..i18n import N_
from ..ruling import Ruling
from ..summary import build as summary, final, turns_to_play
from . import grand_archive, lorcana, mtg, yugioh

PROCEDURES: dict[str, Callable[[Scenario], Ruling]] = {
    "mtg": mtg.rule, "grand-archive": grand_archive.rule, "yugioh": yugioh.rule, "lorcana": lorcana.rule,
}
# The note near each page's title that names the edition the page publishes.
EDITION_NOTE = {"mtg": "mtg-edition", "grand-archive": "ga-edition", "yugioh": "ygo-edition", "lorcana": "lorcana-edition"}
# Where a game's organizers publish rules of their own by region: the paragraph that says which
# apply where, and what a ruling says with no region given (which regions' rules differ) or with one.
REGION_NOTE = {"lorcana": "lorcana-region-note", "yugioh": "ygo-tcg-not-ocg-note"}
NO_REGION = {
    "yugioh": N_("No region given: this ruling applies Konami's TCG Tournament Policy. OCG events in Japan follow Konami Japan's own rules instead (the turn is finished, then three additional turns, then Life Points): give the region Japan."),
    "lorcana": N_("No region given: this ruling applies Ravensburger's Tournament Rules, which govern events outside Japan. For a Japanese-language event in Japan, Takara Tomy's rules apply instead, with one additional turn after turn 0 where these have five: give the region Japan."),
}
REGION_GIVEN = {
    ("yugioh", "japan"): N_("Region Japan: this ruling applies Konami Japan's rules for OCG events, not the TCG Tournament Policy."),
    ("lorcana", "japan"): N_("Region Japan: this ruling applies Takara Tomy's rules for Japanese-language events in Japan, which are its own document, not a translation of Ravensburger's Tournament Rules."),
}


def rule(s: Scenario) -> Ruling:
    ruling = PROCEDURES[s.game](s)
    if s.turns_over and not ruling.turns:  # a Lorcana leader in single elimination: the match ends at the time call
        raise ScenarioError("impossible-state", "/additional_turns_played",
                            N_("{field}: no end-of-match turns are played in this situation ({other_field}): the match is decided when time is called. Leave this out."),
                            field="/additional_turns_played", other_field="/games_won")
    said = Ruling(s.edition.rules_version)
    say_edition(s, said)
    say_region(s, said)
    ruling.steps[:0] = said.steps
    turns_over_said(s, ruling)
    ruling.rules_version = s.edition.rules_version
    ruling.edition = s.edition
    ruling.summary = summary(s, ruling)
    ruling.final = final(s, ruling)
    ruling.holds_if_nobody_wins = not ruling.final and ruling.match_result != "undecided" and (
        turns_to_play(s, ruling) or ruling.next == "finish-combat-and-stack")
    return ruling


# The paragraph that sets each procedure's turns: a ruling given with the turns played cites it.
TURN_RULES = ("mtg-additional-turns", "ga-overtime", "lorcana-five-turns", "lorcana-japan-one-turn", "ygo-ocg-extra-turns")


def turns_over_said(s: Scenario, r: Ruling) -> None:
    """The end-of-match turns played with no winner (``additional_turns_played``): the steps state
    the rules as the text does ("if nobody has won by then…"); a last step says that is now the case."""
    if not s.turns_over:
        return
    rule_id = next((step.rule for step in r.steps if step.rule in TURN_RULES), None)
    if rule_id is not None:
        r.say(rule_id, N_("All the end-of-match turns have been played, and nobody won the Duel: what the steps above say happens if nobody has won by then is now the case.")
              if s.game == "yugioh" else
              N_("All the end-of-match turns have been played, and nobody won the game: what the steps above say happens if nobody has won by then is now the case."))


def say_region(s: Scenario, r: Ruling) -> None:
    if s.game not in REGION_NOTE:
        return
    if s.region is None:
        r.say(REGION_NOTE[s.game], NO_REGION[s.game])
    else:
        r.say(REGION_NOTE[s.game], REGION_GIVEN[(s.game, s.region)])


def say_edition(s: Scenario, r: Ruling) -> None:
    e, note = s.edition, EDITION_NOTE[s.game]
    if s.edition_basis == "newest":
        if e.effective is None:
            r.say(note, N_("No event date given: this ruling applies {title_text}, the only edition this site holds (the publisher's text is undated); this site last checked it on {checked_date}."),
                  title_text=e.title, checked_date=CHECKED)
        elif e.names_its_start(e.title) and not e.regional:  # "…, effective 14 July 2026": the date once
            r.say(note, N_("No event date given: this ruling applies the rules in force today, {title_text} (the newest edition this site holds, last checked on {checked_date})."),
                  title_text=e.title, checked_date=CHECKED)
        else:
            r.say(note, N_("No event date given: this ruling applies the rules in force today in North America, Latin America and Europe, {title_text}, in force there since {effective_date} (the newest edition this site holds, last checked on {checked_date}).")
                  if e.regional else
                  N_("No event date given: this ruling applies the rules in force today, {title_text}, in force since {effective_date} (the newest edition this site holds, last checked on {checked_date})."),
                  title_text=e.title, effective_date=e.effective, checked_date=CHECKED)
        return
    if s.edition_basis == "date":
        day = s.event_date
        if e.effective is None:
            r.say(note, N_("Event on {event_date}: this site holds one edition of these rules, {title_text}, which is undated: it cannot tell whether it was in force that day."),
                  event_date=day, title_text=e.title)
        elif day is not None and day > CHECKED:
            r.say(note, N_("Event on {event_date}: this ruling applies {title_text}, the newest edition this site holds; its list of editions was last checked on {checked_date}, and a later edition may change this ruling."),
                  event_date=day, title_text=e.title, checked_date=CHECKED)
        elif e.regional and e.effective_of:
            # The start date is one publisher's (Konami Europe's): not claimed for every region.
            r.say(note, N_("Event on {event_date}: the rules in force that day in North America, Latin America and Europe are {title_text}; this site rules under {whose_text}, in force from {effective_date}."),
                  event_date=day, title_text=e.title, effective_date=e.effective, whose_text=e.effective_of)
        elif e.names_its_start(e.title) and not e.regional:  # "…, effective 22 May 2024": the date once
            r.say(note, N_("Event on {event_date}: the rules in force that day are {title_text}."),
                  event_date=day, title_text=e.title)
        else:
            r.say(note, N_("Event on {event_date}: the rules in force that day in North America, Latin America and Europe are {title_text}, in force there since {effective_date}.")
                  if e.regional else
                  N_("Event on {event_date}: the rules in force that day are {title_text}, in force since {effective_date}."),
                  event_date=day, title_text=e.title, effective_date=e.effective)
    else:
        r.say(note, N_("This ruling applies the edition chosen: {title_text}."), title_text=e.title)
    if e.text_differs:  # an earlier edition that reads as the page's text but for what it says
        r.say(note, e.text_differs)
    if e.replaced is None:
        return
    held = editions_of(s.game, e.region)
    newer = held[held.index(e) + 1].title  # the edition that replaced it (not always the newest)
    if s.edition_basis == "chosen" and s.event_date is not None and s.event_date >= e.replaced:
        # Chosen for a later event: an event may keep it, and a regional edition's end is not known everywhere.
        r.say(note, N_("Event on {event_date}: in North America, Latin America and Europe this edition had been replaced on {replaced_date} by {newer_text}; this ruling applies it because it was chosen, for an event that keeps it or one in a region where it was still in force.")
              if e.regional else
              N_("Event on {event_date}: this edition had been replaced on {replaced_date} by {newer_text}; this ruling applies it because it was chosen, for an event that keeps it."),
              event_date=s.event_date, replaced_date=e.replaced, newer_text=newer)
    elif s.event_date is not None and s.event_date < e.replaced:
        # A past event: the edition was the one in force; its replacement came later.
        r.say(note, N_("That edition was replaced after this event, on {replaced_date} in North America, Latin America and Europe, by {newer_text}.")
              if e.regional else
              N_("That edition was replaced after this event, on {replaced_date}, by {newer_text}."),
              replaced_date=e.replaced, newer_text=newer)
    else:
        r.say(note, N_("That edition was replaced on {replaced_date} in North America, Latin America and Europe by {newer_text}: this ruling is not the current procedure there.")
              if e.regional else
              N_("That edition was replaced on {replaced_date} by {newer_text}: this ruling is not the current procedure."),
              replaced_date=e.replaced, newer_text=newer)
