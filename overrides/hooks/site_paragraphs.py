"""Registered paragraphs: a copy-link anchor, the role label and the provenance badges.

Every paragraph whose id is in the engine's registry (rules_engine.rule_ids) gets, in the
page's language:
- a visible link to itself (``a.site-permalink``; site.js also copies its address),
- a label for the roles that are not the rule text itself (annotation, note),
- a badge for each provenance class the page gives it (.site-translation, .restated,
  .summary, .editorial-correction): ``.summary`` marks this site's summary of an edition whose
  text it does not hold (source ``summary`` in the registry; a test holds the two together).
Labels and badges are real text (screen readers read them, print keeps them) and are kept
out of the search index (data-search-exclude; the labels are <small> inside a <span>
because Material's indexer compares elements by tag name: a <span> closing inside the
excluded <span> would end the exclusion). Whether the page holds the right ids in the
right order with the right roles is a test (tests/site), not a build step.

Runs once per page and language (mkdocs-static-i18n builds every language in turn).
"""

from __future__ import annotations

import html
import re

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

import site_catalog
from site_registry import BY_ID

# Python-Markdown writes a paragraph as <p ...>…</p> with double-quoted attributes, and a
# paragraph never contains another one: the first </p> closes it.
PARAGRAPH = re.compile(r"<p(?P<attrs>\s[^>]*)?>(?P<body>.*?)</p>", re.S)
ATTRIBUTE = re.compile(r'([\w:-]+)="([^"]*)"')
HEADERLINK = re.compile(r'(<a class="headerlink" href="#[^"]*") title="[^"]*">')
# The "¶" that ends a section's heading (h2–h6; the title's is not shown) and the character before
# it, when that is text (an entity counts as one). The mark is a box: a line may break before it,
# and a narrow screen put it alone under "Check a scenario — Magic".
HEADING_END = re.compile(r'(?P<last>&#?\w+;|[^\s<>&])(?P<link><a class="headerlink" [^>]*>[^<]*</a>)(?=</h[2-6]>)')

PROVENANCE = ("site-translation", "restated", "summary", "editorial-correction")


def _labels(lang: str) -> tuple[dict[str, str], dict[str, str], str, str]:
    _ = site_catalog.translations(lang).gettext
    roles = {
        # The rule text itself carries no label: only what is set apart from it does, and the
        # label says whose words they are: a community annotation is not the publisher's own hint.
        ("annotation", "mtg"): _("Annotation from the Annotated MTR"),
        ("annotation", "grand-archive"): _("Note in the publisher's text"),
        ("annotation", "yugioh"): _("Note in the publisher's text"),
        ("annotation", "lorcana"): _("Note in the publisher's text"),
        ("note", "mtg"): _("Note from this site"),
        ("note", "grand-archive"): _("Note from this site"),
        ("note", "yugioh"): _("Note from this site"),
        ("note", "lorcana"): _("Note from this site"),
    }
    badges = {
        "site-translation": _("Translated by this site"),
        "restated": _("Restated by this site"),
        "summary": _("Summary by this site"),
        "editorial-correction": _("Editorial correction"),
    }
    return roles, badges, _("Link to this paragraph"), _("Link to this section")


def on_page_content(content: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    roles, badges, paragraph_link, section_link = _labels(config.theme["language"])

    def decorate(match: re.Match[str]) -> str:
        attrs = dict(ATTRIBUTE.findall(match["attrs"] or ""))
        pid = attrs.get("id")
        if pid not in BY_ID:
            return match[0]
        classes = attrs.get("class", "").split()
        labels = []
        key = (BY_ID[pid].role, BY_ID[pid].game)
        if key in roles:
            labels.append(f'<small class="site-role">{html.escape(roles[key])}</small>')
        for name in PROVENANCE:
            if name in classes:
                labels.append(f'<small class="site-badge site-badge--{name}">'
                              f"{html.escape(badges[name])}</small>")
        head = (f'<span class="site-ui site-labels" data-search-exclude>{"".join(labels)}</span>'
                if labels else "")
        label = html.escape(paragraph_link, quote=True)
        anchor = (f' <a class="site-ui site-permalink" href="#{pid}" aria-label="{label}" '
                  f'title="{label}" data-search-exclude>¶</a>')
        return f'<p{match["attrs"]}>{head}{match["body"]}{anchor}</p>'

    content = PARAGRAPH.sub(decorate, content)
    # The toc extension's heading anchors say "Permanent link" in every language.
    section = html.escape(section_link, quote=True)
    content = HEADERLINK.sub(lambda match: f'{match[1]} title="{section}" aria-label="{section}">', content)
    # The last character and the "¶" on one line (site.css): the last word, whole, takes it along.
    return HEADING_END.sub(r'<span class="site-heading-end">\g<last>\g<link></span>', content)
