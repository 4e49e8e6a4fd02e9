"""The editions of each procedure on the pages, written from the engine's registry.

rules_engine/editions.py says which editions of each game's rules this site holds, when each
was in force and what it changed; the engine rules by it. So that no page can disagree with
it, the pages do not type those facts, they hold a marker that this hook replaces:

- ``<!-- edition -->`` on a procedure page, the line above ``{#<prefix>edition .note}`` (so
  the page's Markdown keeps the paragraph's id, as it does every other's): the words of that
  note, the edition or editions the page publishes, each with its dates and what the site
  holds of it, and a link to the "What changed, and when" page;
- ``<!-- editions -->`` on that page (editions.md): every game's editions, newest first, with
  id, title, dates, what the site holds (the text, or its own summary and the summary's
  sources) and what the edition changed for the end of a match.

It also opens each procedure page on what to do: right under the title, a "When time is
called" box for the current edition (a few short sentences, below, and a button to the page's
checker), then the place of the source banner (``<!-- site-banner -->``, filled by
overrides/main.html), so a phone's first screen holds the title and what to do now.

The registry's words (titles, what changed, month names) are the engine's messages
(rules_engine.i18n, translations/rules_engine); the sentences around them are the site's
(translations/site).
"""

from __future__ import annotations

import html
import re
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import get_plugin_logger
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

import site_catalog
import site_registry  # noqa: F401  (puts the repository root on sys.path for the engine)
from rules_engine.contract.fields import choice_label
from rules_engine.editions import (REGION_NAMES, REGIONS as GAME_REGIONS, Edition, dates_in_force, dates_where,
                                   edition_label, editions_of, long_date, newest)
from rules_engine.i18n import translate
from rules_engine.rule_ids import GAMES, PAGES, PREFIXES
from rules_engine.titles import title

log = get_plugin_logger(__name__)

EDITION_MARKER = "<!-- edition -->"
EDITIONS_MARKER = "<!-- editions -->"
BANNER_MARKER = "<!-- site-banner -->"
EDITIONS_PAGE = "editions.md"
H1_END = re.compile(r"</h1>")


def N_(message: str) -> str:
    """Marks a site message for extraction (site_catalog.py extract); translated where used."""
    return message


# What to do when time is called, under the current edition: a few short sentences a player
# reads on a phone at the table. One entry per edition that is (or was) the newest of its game:
# a new edition in the registry without its entry here fails the build, never shows stale words.
SUMMARIES: dict[tuple[str, str], tuple[str, ...]] = {
    ("mtg", "2025-11-10"): (
        N_("The active player finishes the turn (turn 0), then five additional turns are played: three in Two-Headed Giant; Slow Play can add two at Competitive or Professional REL."),
        N_("Nobody has won by then: the game is a draw."),
        N_("Single elimination, game wins equal: the highest life total wins the game; equal life totals: sudden death."),
    ),
    ("grand-archive", "online"): (
        N_("The turn player finishes the turn (turn 0), then up to 3 additional turns or 5 minutes, whichever comes first."),
        N_("When the 5 minutes run out, any combat is finished and the effects stack resolved first."),
        N_("Nobody has won by then: the game is a draw."),
        N_("Single elimination: no draw; steps 1–4 decide (game wins, available life, influence, main deck)."),
    ),
    # The TCG Policy, and in a word Konami Japan's OCG rules for events in Japan (SUMMARY_REGIONS).
    ("yugioh", "2.5"): (
        N_("The Duel stops when time is called: no Phase or turn is finished, no Life Points are compared."),
        N_("If neither Duelist has won the match, both Duelists receive a loss; Top Cut matches and the final are not timed."),
        N_("OCG events in Japan: the turn is finished, then three additional turns, then the Duelist with more Life Points wins the Duel."),
    ),
    # Ravensburger's rules, and in a word Takara Tomy's for Japan (their current edition: SUMMARY_REGIONS).
    ("lorcana", "2026-07-14"): (
        N_("The active player finishes the turn (turn 0), then five additional turns are played; in Japan, one."),
        N_("Nobody has won by then: more game wins takes the match; equal game wins: a draw in Swiss."),
        N_("Single elimination, Ravensburger's rules: more game wins when time is called takes the match; tied: the higher lore total after the five turns."),
    ),
}
# A game whose regions have rules of their own: the box also names each region's current edition, and
# says it in a word (the sentences above); a region's new edition without its entry here fails the build.
SUMMARY_REGIONS: dict[tuple[str, str], str] = {
    ("lorcana", "japan"): "japan-2026-02-12",
    ("yugioh", "japan"): "ocg-2020-04-01",
}


# A sentence of the box that restates one paragraph of the page: linked to it (the paragraph's id, its title).
SUMMARY_CITES = {
    "When the 5 minutes run out, any combat is finished and the effects stack resolved first.":
        "ga-ending-overtime",
}


def _gettext(lang: str) -> Any:
    return site_catalog.translations(lang).gettext


def _anchor_link(edition: Edition, from_page: str) -> str:
    """The Markdown link target of where an edition is published, from a page (docs-relative)."""
    page, _, fragment = edition.anchor.partition("#")
    target = page.rstrip("/") + ".md"
    if target == from_page:
        return f"#{fragment}"
    depth = from_page.count("/")
    return "../" * depth + f"{target}#{fragment}"


def _editions_link(from_page: str) -> str:
    return "../" * from_page.count("/") + EDITIONS_PAGE


def _holds(edition: Edition, lang: str) -> str:
    _ = _gettext(lang)
    if edition.game in LORCANA_HOLDS_GAMES:
        return _(_lorcana_holds(edition, lang))
    if edition.holds == "summary":
        return _("a summary by this site, not the publisher's words")
    if edition.game == "yugioh":  # the published text lacks paragraphs this site restates (HOLDS_TEXT)
        return (_("Konami's English text, with the paragraphs it does not show restated by this site and marked")
                if lang == "en" else
                _("this site's translation of Konami's English text, with the paragraphs it does not show restated by this site and marked"))
    if lang == "en":  # (Magic's earlier editions share its current text, Grand Archive has one: no page names them this way)
        return _("the publisher's text")
    return _("this site's translation of the publisher's English text")


# What the editions page says this site holds of an edition published as text: whose words,
# in each language (the procedure page's banner and provenance say the same, at length).
HOLDS_TEXT = {
    ("mtg", "en"): N_("**What this site holds:** this site's English rendering of the rules' text, not Wizards of the Coast's wording (the procedure page's banner says how it was made)."),
    ("mtg", "fr"): N_("**What this site holds:** a translation published by others of an earlier edition (before 2019), not of this one; the procedure page's banner says what differs."),
    ("mtg", "pt"): N_("**What this site holds:** a translation published by others of an earlier edition (before 2019), not of this one; the procedure page's banner says what differs."),
    ("mtg", "ja"): N_("**What this site holds:** a Japanese translation published by others, of an edition that is not identified (it holds every clause of this one); this site corrects its errors, marked on the procedure page."),
    ("grand-archive", "en"): N_("**What this site holds:** the publisher's own English text."),
    ("grand-archive", "*"): N_("**What this site holds:** this site's translation of the publisher's English text."),
    ("yugioh", "en"): N_("**What this site holds:** Konami's English text, with the paragraphs it does not show (how Rule 1's decision is made, and Rule 3) restated by this site and marked."),
    ("yugioh", "*"): N_("**What this site holds:** this site's translation of Konami's English text, with the paragraphs that text does not show (how Rule 1's decision is made, and Rule 3) restated by this site and marked."),
}
# Disney Lorcana: whose words each edition is held in depends on the page's language and the edition's
# region. Ravensburger publishes English and (for some editions) French, no Portuguese; Takara Tomy
# publishes its own Japanese rules for Japan (not a translation). The procedure page quotes the current
# edition of each region in full and, for an earlier one, the paragraphs it words otherwise.
LORCANA_HOLDS_GAMES = ("lorcana",)
LORCANA_FRENCH = ("2023-10-03", "2026-06-11", "2026-07-14")  # the editions Ravensburger's French text is held of
LORCANA_HOLDS = {
    "en": N_("Ravensburger's own English text"),
    "en-earlier": N_("Ravensburger's own English text: the current edition's where this one reads the same and, on the procedure page, the paragraphs it words otherwise"),
    "fr": N_("Ravensburger's own French text"),
    "fr-earlier": N_("Ravensburger's own French text: the current edition's where this one reads the same and, on the procedure page, what it says otherwise"),
    "translated": N_("this site's translation of Ravensburger's English text"),
    "translated-earlier": N_("this site's translation of Ravensburger's English text: the current edition's where this one reads the same and, on the procedure page, the paragraphs it words otherwise"),
    "pt": N_("this site's translation of Ravensburger's English text (Ravensburger publishes no Portuguese text of these rules)"),
    "pt-earlier": N_("this site's translation of Ravensburger's English text (Ravensburger publishes no Portuguese text of these rules): the current edition's where this one reads the same and, on the procedure page, the paragraphs it words otherwise"),
    "japan": N_("this site's translation of Takara Tomy's own Japanese rules (not a translation of Ravensburger's)"),
    "japan-earlier": N_("this site's translation of Takara Tomy's Japanese rules: the current Japanese edition's where this one reads the same and, on the procedure page, what it says otherwise"),
    "japan-ja": N_("Takara Tomy's own Japanese text"),
    "japan-ja-earlier": N_("Takara Tomy's own Japanese text: the current Japanese edition's where this one reads the same and, on the procedure page, what it says otherwise"),
}


def _lorcana_holds(edition: Edition, lang: str) -> str:
    """Whose words this site holds a Disney Lorcana edition in, on a page in ``lang`` (a msgid)."""
    earlier = "-earlier" if edition.replaced is not None else ""
    if edition.region == "japan":
        return LORCANA_HOLDS[("japan-ja" if lang == "ja" else "japan") + earlier]
    if lang == "en" or (lang == "fr" and edition.id in LORCANA_FRENCH):
        return LORCANA_HOLDS[lang + earlier]
    if lang == "fr" and not earlier:
        raise KeyError(f"site_editions.LORCANA_FRENCH: no French text of the current edition {edition.id!r}")
    return LORCANA_HOLDS[("pt" if lang == "pt" else "translated") + earlier]


REGIONS = {("yugioh", "2.5"): N_("in North America, Latin America and Europe; when it took effect elsewhere is not known to this site")}
# What a procedure page's text is, when it is not a text of the edition the page follows (the
# note names that edition; this says whose text, of which edition, is shown).
TEXT_SHOWN = {
    ("mtg", "fr"): N_("The text shown is a translation published by others of an earlier edition (before 2019), not of this one: this site adds what this edition has that it lacks, marked “Translated by this site”."),
    # The Portuguese text also lacks a sentence, which the page adds in brackets in an editorial correction.
    ("mtg", "pt"): N_("The text shown is a translation published by others of an earlier edition (before 2019), not of this one: this site adds what this edition has that it lacks, its paragraphs marked “Translated by this site” and a sentence in brackets in an editorial correction."),
    ("mtg", "ja"): N_("The text shown is a Japanese translation published by others, of an edition that is not identified (it holds every clause of this one); this site corrects its errors, marked."),
}


def regions_in_order(game: str, lang: str) -> tuple[str | None, ...]:
    """A game's rules by where they apply: the publisher's worldwide rules (None), then each region's
    own. A page in a region's language leads with that region's rules (Japanese: Japan's)."""
    regions: tuple[str | None, ...] = (None, *GAME_REGIONS[game])  # type: ignore[index]
    first = tuple(region for region in regions
                  if region is not None and game in REGION_FIRST and REGION_LANGUAGES.get(region) == lang)
    return first + tuple(region for region in regions if region not in first)


# The language of a region's own rules, and the games whose pages in that language lead with them
# and start on them (starting_region): Takara Tomy's Disney Lorcana rules are written in Japanese for
# Japanese-language events in Japan. Not Yu-Gi-Oh!: Konami Japan's rules are those of another game,
# the OCG; the Japanese pages rule under the TCG Policy unless Japan is chosen.
REGION_LANGUAGES = {"japan": "ja"}
REGION_FIRST = ("lorcana",)


# A region whose own rules are those of another game than the one the forms name: Konami Japan's rules
# are the Yu-Gi-Oh! OCG's, not the TCG's. A situation or an edition there is named by that game.
REGION_GAMES = {("yugioh", "japan"): N_("Yu-Gi-Oh! OCG")}


def game_name(game: str, region: str | None, lang: str) -> str:
    """The game's name as the forms give it ("Yu-Gi-Oh!"), or, under a region's own rules that are another
    game's, that game's ("Yu-Gi-Oh! OCG", Japanese 遊戯王OCG)."""
    if (game, region) in REGION_GAMES:
        return _gettext(lang)(REGION_GAMES[(game, region)])
    return choice_label(lang, "/game", game)


def starting_region(game: str, lang: str) -> str | None:
    """The region a tool in ``lang`` starts on (the checker's form and the turn tracker alike): the
    region whose rules a page in that language leads with (Japanese Disney Lorcana: Japan), else
    None, the worldwide rules."""
    return regions_in_order(game, lang)[0] if GAME_REGIONS.get(game) else None  # type: ignore[call-overload]


def _region_name(lang: str, region: str) -> str:
    return translate(lang, REGION_NAMES[region])


def _regional_note(game: str, lang: str, from_page: str) -> str:
    """The edition note of a game whose regions have rules of their own (Disney Lorcana): the current
    edition of the worldwide rules and of each region's, each with its dates and whose text this site
    holds, then the earlier editions of each, with their dates."""
    _ = _gettext(lang)
    sentences = []
    # After a region's own rules (a page in its language leads with them), the others are said to be
    # those of everywhere else.
    after_region = regions_in_order(game, lang)[0] is not None
    for region in regions_in_order(game, lang):
        current = newest(game, region)  # type: ignore[arg-type]
        values = {"title": translate(lang, current.title), "link": _anchor_link(current, from_page),
                  "in_force": dates_where(lang, current, current.title), "holds": _holds(current, lang)}
        if region is None:
            sentences.append((_("Current edition elsewhere: [%(title)s](%(link)s), %(in_force)s: %(holds)s.") if after_region else
                              _("Current edition: [%(title)s](%(link)s), %(in_force)s: %(holds)s.")) % values)
        else:
            sentences.append(_("Current edition in %(region)s: [%(title)s](%(link)s), %(in_force)s: %(holds)s.")
                             % {**values, "region": _region_name(lang, region)})
    # The earlier editions of every region, in one list in the regions' order: a region's own editions are
    # named by their short names, which name the region ("Japan: rules of …"), so no sentence names it again.
    earlier = [e for region in regions_in_order(game, lang)
               for e in reversed(editions_of(game, region)) if e.replaced is not None]  # type: ignore[arg-type]
    if earlier:
        listed = source_list(lang, tuple(
            _("[%(name)s](%(link)s), %(in_force)s") % {"name": translate(lang, e.short), "link": _anchor_link(e, from_page),
                                                       "in_force": dates_where(lang, e, e.short)} for e in earlier))
        sentences.append(_("Earlier editions: %(editions)s.") % {"editions": listed})
    sentences.append(_("Every edition, with its dates and what it changed: [What changed, and when](%(link)s).")
                     % {"link": _editions_link(from_page)})
    return ("" if lang == "ja" else " ").join(sentences)


def edition_note(game: str, lang: str, from_page: str) -> str:
    """The words of the paragraph ``<prefix>edition``: what the page publishes, with dates."""
    if GAME_REGIONS[game]:  # type: ignore[index]
        return _regional_note(game, lang, from_page)
    _ = _gettext(lang)
    held = list(reversed(editions_of(game)))  # the current edition first
    # Earlier editions whose text the page's current text stands for (Magic's, which read the same
    # but for what each changed) are not listed one by one: one sentence says they are held.
    editions = [e for e in held if e.replaced is None or e.anchor != held[0].anchor]
    same_text = [e for e in held if e not in editions]
    sentences = []
    if len(editions) == 1:
        edition = editions[0]
        sentences.append(_("The edition this page follows: %(title)s, %(in_force)s.") % {
            "title": translate(lang, edition.title), "in_force": dates_where(lang, edition, edition.title)})
        if (game, lang) in TEXT_SHOWN:
            sentences.append(_(TEXT_SHOWN[(game, lang)]))
    else:
        for edition in editions:
            message = (_("Current edition: [%(title)s](%(link)s), %(in_force)s: %(holds)s.")
                       if edition.replaced is None else
                       _("Earlier edition: [%(title)s](%(link)s), %(in_force)s: %(holds)s."))
            sentences.append(message % {
                "title": translate(lang, edition.title), "link": _anchor_link(edition, from_page),
                "in_force": dates_where(lang, edition, edition.title), "holds": _holds(edition, lang)})
    if same_text:
        sentences.append(_("The checker also rules under the %(count)s earlier editions this site holds, the first in force from %(earliest)s: their End-of-Match text is this one's, but for what each changed.")
                         % {"count": len(same_text), "earliest": long_date(lang, same_text[-1].effective or "")})
    sentences.append(_("Every edition, with its dates and what it changed: [What changed, and when](%(link)s).")
                     % {"link": _editions_link(from_page)})
    separator = "" if lang == "ja" else " "
    return separator.join(sentences)


def source_list(lang: str, sources: tuple[str, ...]) -> str:
    """The titles of a summary's sources, punctuated as the language punctuates a list: French
    puts a narrow no-break space before « : » and « ; », Japanese separates them with 「、」."""
    sources = tuple(translate(lang, source) for source in sources)  # what each source is, in the reader's words
    if lang == "fr":
        return "\u202f; ".join(re.sub(r"\s*([:;])", "\u202f\\1", source) for source in sources)
    if lang == "ja":
        return "、".join(sources)
    return "; ".join(sources)


def editions_page(lang: str) -> str:
    """The Markdown of every game's editions, newest first (editions.md)."""
    blocks = []
    for game in GAMES:
        blocks.append(f"## {choice_label(lang, '/game', game)} {{#{game}}}")  # the game's name as the forms give it
        # Newest first; a game whose regions have rules of their own, region by region (each its own history).
        for region in regions_in_order(game, lang) if GAME_REGIONS[game] else (False,):
            blocks += _edition_blocks(game, lang, list(reversed(editions_of(game, region))),  # type: ignore[arg-type]
                                      region)
    return "\n\n".join(blocks)


def _edition_blocks(game: str, lang: str, editions: list[Edition], region: str | None | bool) -> list[str]:
    """The entries of one history of a game's editions (newest first): the game's, or one region's."""
    _ = _gettext(lang)
    blocks = []
    for position, edition in enumerate(editions):
        title = translate(lang, edition.title)
        newer = editions[position - 1] if position else None
        items = [
            (_("**Edition:** %(id)s, the current edition") if edition.replaced is None else
             _("**Edition:** %(id)s, an earlier edition")) % {"id": translate(lang, edition.short)},
            _("**Dates:** %(in_force)s") % {"in_force": dates_in_force(lang, edition)
                                             if (edition.game, edition.id) in REGIONS else dates_where(lang, edition)},
        ]
        if (edition.game, edition.id) in REGIONS:
            where = _(REGIONS[(edition.game, edition.id)])
            # Japanese text takes full-width parentheses, unspaced.
            items[-1] += f"（{where}）" if lang == "ja" else f" ({where})"
        if region is not False:  # where it applies: the worldwide rules, or a region's own
            items.append(_("**Where it applies:** wherever no region's own rules apply (this site holds those of %(regions)s)")
                         % {"regions": source_list(lang, tuple(_region_name(lang, r) for r in GAME_REGIONS[game]))}  # type: ignore[index]
                         if region is None else
                         _("**Where it applies:** %(region)s, under its organizer's own rules") % {"region": _region_name(lang, str(region))})
        if edition.replaced is not None and newer is not None:
            replaced = (_("**Replaced:** on %(date)s in North America, Latin America and Europe, by %(title)s")
                        if edition.regional else _("**Replaced:** on %(date)s, by %(title)s"))
            items.append(replaced % {"date": long_date(lang, edition.replaced), "title": translate(lang, newer.title)})
        if edition.game in LORCANA_HOLDS_GAMES:  # whose words, by edition and language
            items.append(_("**What this site holds:** %(holds)s.") % {"holds": _holds(edition, lang)})
        elif edition.replaced is not None and edition.anchor == editions[0].anchor:
            # An earlier edition whose text is the current one's but for what the newer ones changed.
            items.append(_("**What this site holds:** what it holds of the current edition, above: this edition's End-of-Match text reads the same, but for what the newer editions above changed."))
        elif edition.holds == "summary":
            items.append(_("**What this site holds:** its own summary, not the publisher's words: the text of this edition was not available to this site. Made from: %(sources)s.")
                         % {"sources": source_list(lang, edition.sources)})
        else:
            items.append(_(HOLDS_TEXT.get((edition.game, lang)) or HOLDS_TEXT[(edition.game, "*")]))
        # The oldest edition held of a game changed nothing this site can show (no earlier one is held): its
        # entry says what its procedure is, under a label that says so.
        oldest = position == len(editions) - 1
        items.append((_("**Its procedure for the end of a match:** %(changes)s") if oldest else
                      _("**What it changed for the end of a match:** %(changes)s"))
                     % {"changes": translate(lang, edition.changes)})
        items.append(_("**Document:** [%(document)s](%(url)s)") % {
            "document": translate(lang, edition.document), "url": edition.url})
        items.append(_("**On this site:** [the procedure page](%(link)s)") % {
            "link": _anchor_link(edition, EDITIONS_PAGE)})
        anchor = f"edition-{game}-{re.sub(r'[^0-9a-z]+', '-', edition.id.lower())}"
        blocks.append(f"### {title} {{#{anchor}}}\n\n" + "\n".join(f"- {item}" for item in items))
    return blocks


def summary_box(game: str, lang: str) -> str:
    """The "When time is called" box of a procedure page: the current edition, in short."""
    _ = _gettext(lang)
    current = newest(game)
    if (game, current.id) not in SUMMARIES:
        raise KeyError(f"site_editions.SUMMARIES has no summary of the current {game} edition {current.id!r}")
    sentences = SUMMARIES[(game, current.id)]
    caption = edition_label(lang, current.id)
    if current.holds == "summary":
        caption = f"{caption} · {_('Summary by this site')}"
    if GAME_REGIONS[game]:  # type: ignore[index]
        # Each region's current edition beside the worldwide one; a page in a region's language leads with its own.
        captions = []
        for region in regions_in_order(game, lang):
            if region is None:
                captions.append(caption)
                continue
            own = newest(game, region)  # type: ignore[arg-type]
            if (game, region) not in SUMMARY_REGIONS:
                continue  # the box's sentences do not speak of that region's rules: nor does its caption
            if SUMMARY_REGIONS[(game, region)] != own.id:
                raise KeyError(f"site_editions.SUMMARY_REGIONS: the box of {game} does not say the current {region} edition {own.id!r}")
            captions.append(translate(lang, own.short))  # its name says its date; the page's note, its dates
        caption = " · ".join(captions)
    heading = html.escape(_("When time is called"))
    items = "".join(f"<li>{html.escape(_(sentence))}{_summary_cite(sentence, lang)}</li>" for sentence in sentences)
    return (
        # Out of the search index: the page's own text says it all, with its labels (data-search-exclude).
        f'<aside class="site-ui site-summary" id="time-called" aria-labelledby="time-called-title" data-search-exclude>'
        f'<p class="site-summary__title"><strong id="time-called-title">{heading}</strong> '
        f'<span class="site-summary__edition">{html.escape(caption)}</span></p>'
        f"<ul>{items}</ul>"
        f'<p class="site-summary__action"><a class="md-button md-button--primary" href="#checker">'
        f'{html.escape(_("Check a scenario"))} <span aria-hidden="true">↓</span></a></p>'
        f"</aside>\n{BANNER_MARKER}\n"
    )


def _summary_cite(sentence: str, lang: str) -> str:
    """" § title", linked to the paragraph the sentence restates (none for the others)."""
    rule = SUMMARY_CITES.get(sentence)
    if rule is None:
        return ""
    gap = "" if lang == "ja" else " "
    return f'{gap}<a href="#{rule}">§{gap}{html.escape(title(rule, lang))}</a>'


def _page_game(page: Page) -> str | None:
    where = getattr(page.file, "norm_src_uri", page.file.src_uri)
    return next((game for game in GAMES if where == f"{PAGES[game]}.md"), None)


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    lang = config.theme["language"]
    where = getattr(page.file, "norm_src_uri", page.file.src_uri)
    game = _page_game(page)
    if game is not None:
        line = f"{EDITION_MARKER}\n{{#{PREFIXES[game]}edition .note}}"
        if markdown.count(line) != 1:
            log.warning(f"{where}: one '{EDITION_MARKER}' line expected, above {{#{PREFIXES[game]}edition .note}}")
            return markdown
        return markdown.replace(EDITION_MARKER, edition_note(game, lang, where))
    if EDITIONS_MARKER in markdown:
        return markdown.replace(EDITIONS_MARKER, editions_page(lang))
    return markdown


def on_page_content(content: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    game = _page_game(page)
    if game is None:
        return content
    end = H1_END.search(content)
    if end is None:
        log.warning(f"{page.file.src_uri}: no title (h1) to put the summary under")
        return content
    return content[:end.end()] + "\n" + summary_box(game, config.theme["language"]) + content[end.end():]


def on_page_context(context: dict[str, Any], page: Page, config: MkDocsConfig, nav: Any) -> dict[str, Any]:
    """``site_summary`` for the source banner: the current edition, when this site holds only
    its own summary of it (partials/source-banner.html says so)."""
    game = _page_game(page)
    current = newest(game) if game is not None else None
    context["site_summary"] = None
    if current is not None and current.holds == "summary" and current.effective is not None:
        lang = config.theme["language"]
        date = long_date(lang, current.effective)
        if current.regional:  # the engine's words for the regions, as every other edition date says them
            date = translate(lang, "{dates} in North America, Latin America and Europe", dates=date)
        context["site_summary"] = {"title": translate(lang, current.title), "date": date}
    return context
