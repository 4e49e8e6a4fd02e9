"""The built site's Content-Security-Policy, read without a browser (overrides/hooks/site_security.py):
every page names, first in its <head>, a policy that allows each of its inline scripts by hash
and nothing inline besides; _headers carries every page's hashes."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from tests.site.sitebuild import ROOT

sys.path.insert(0, str(ROOT / "overrides" / "hooks"))
import site_security  # noqa: E402

META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')


def test_every_page_allows_exactly_its_own_inline_scripts_before_any_script(built_site: Path) -> None:
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) > 40
    header = re.search(r"Content-Security-Policy: (.+)", (built_site / "_headers").read_text())[1]
    for page in pages:
        html = page.read_text(encoding="utf-8")
        found = META.findall(html)
        assert len(found) == 1, page
        head = html[html.index("<head"):]
        # A page with no script at all (a game folder's redirect, site_addresses.py) allows none.
        scripted = "<script" in html
        assert not scripted or head.index("Content-Security-Policy") < head.index("<script"), f"{page}: a script comes before the policy"
        policy = found[0]
        hashes = site_security.inline_hashes(html)
        assert hashes or not scripted, page  # Material's palette set-up at least
        assert policy == site_security.policy(hashes), page
        assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
        assert all(h in header for h in hashes), page


def test_a_script_that_does_not_run_needs_no_hash_and_one_that_does_gets_one() -> None:
    html = ('<html><head><title>t</title></head><body><script type="application/json">{"a": 1}</script>'
            '<script src="x.js"></script><script>run()</script><script type="module">go()</script>'
            '<script>run()</script></body></html>')
    secured, hashes = site_security.with_policy(html)
    assert len(hashes) == 2
    assert secured.startswith('<html><head><meta http-equiv="Content-Security-Policy"')
    assert site_security.with_policy(secured)[0] == secured  # built twice, one policy
