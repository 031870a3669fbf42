"""The built site read as its reader reads it, in headless Chromium: Korean words stay whole,
formulas fit a phone, search snippets show typeset formulas (test_browser_search.py checks
the ranking), API pages show links instead of raw roles, the journal entry has previous/next
links, and the journal's archive and category pages have a sidebar. Screenshots go to
build/screenshots/<engine>/ (1280 px and 390 px)."""

from __future__ import annotations

import re

import pytest

from tests.docs import site
from tests.docs.browser import open_page, search, site_page
from tests.docs.test_browser import JOURNAL_HREF

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def desktop(browser, site_url: str):
    with site_page(browser, site_url, 1280) as pg:
        yield pg


@pytest.fixture(scope="module")
def phone(browser, site_url: str):
    with site_page(browser, site_url, 390) as pg:
        yield pg


@pytest.mark.parametrize("path", [JOURNAL_HREF, "mha/", "graphs/200-islands/"])
def test_korean_words_are_not_broken_inside(desktop, site_url: str, path: str) -> None:
    open_page(desktop, site_url, path)
    styles = desktop.evaluate(
        """() => [...document.querySelectorAll('.md-content article p, .md-content article td')]
                .slice(0, 40).map(el => getComputedStyle(el).wordBreak)"""
    )
    assert styles and set(styles) == {"keep-all"}, styles


def test_wide_formula_scrolls_on_a_phone(phone, site_url: str, shots) -> None:
    """MHA(X) = Concat(head_1, ..., head_h) W_O is wider than a 390 px screen: it scrolls inside
    its own box, and the page itself does not scroll sideways."""
    open_page(phone, site_url, "mha/")
    phone.wait_for_selector(".katex-display")
    boxes = phone.evaluate(
        """() => [...document.querySelectorAll('.katex-display')].map(el => ({
                overflow: getComputedStyle(el).overflowX,
                right: el.getBoundingClientRect().right,
                scroll: el.scrollWidth, client: el.clientWidth}))"""
    )
    assert boxes
    for box in boxes:
        assert box["overflow"] == "auto" and box["right"] <= 390, box
    assert any(b["scroll"] > b["client"] for b in boxes), "expected one formula wider than 390 px"
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(shots / "mha-390.png"), full_page=False)


def test_search_snippets_show_rendered_math(desktop, site_url: str) -> None:
    """The rotting-oranges complexity paragraph ("... \\(O(V^2)\\)가 된다. 시작점을 한꺼번에
    ...") is in the index as source text; the result list shows its formulas typeset."""
    search(desktop, site_url, "시작점을 한꺼번에")
    desktop.wait_for_selector(".md-search-result__list .katex", timeout=10_000)
    text = desktop.inner_text(".md-search-result__list")
    assert "\\(" not in text and "\\)" not in text, text[:300]


@pytest.mark.parametrize("package", site.api_packages())
def test_api_pages_show_links_not_roles(desktop, site_url: str, package: str) -> None:
    open_page(desktop, site_url, f"api/{package}/")
    prose = desktop.evaluate(
        """() => [...document.querySelectorAll('.doc-contents > p, .doc-contents li, '
                 + '.doc-contents td')].map(el => el.innerText).join('\\n')"""
    )
    assert prose and not re.search(r":(func|mod|class|meth|attr|exc|obj):", prose)
    assert desktop.locator(".doc-contents a.autorefs-internal").count() > 10


def test_journal_entry_has_previous_and_next(desktop, site_url: str, shots) -> None:
    open_page(desktop, site_url, JOURNAL_HREF)
    prev = desktop.locator("a.md-footer__link--prev")
    nxt = desktop.locator("a.md-footer__link--next")
    assert prev.count() == 1 and nxt.count() == 1
    assert "공부 일지" in prev.inner_text() and nxt.inner_text().strip()
    assert "Index로" not in desktop.content() and "읽는시간" not in desktop.content()
    desktop.screenshot(path=str(shots / "journal-1280.png"), full_page=True)


@pytest.mark.parametrize("path", ["blog/archive/2026/", "blog/category/algorithms/"])
def test_archive_and_category_pages_have_a_sidebar(desktop, site_url, path) -> None:
    open_page(desktop, site_url, path)
    links = desktop.eval_on_selector_all(
        ".md-sidebar--primary .md-nav--primary a.md-nav__link",
        "els => els.filter(a => a.offsetParent !== null).map(a => a.innerText.trim())",
    )
    assert any("날짜별 보관" in x or "2026" in x for x in links), links
    assert any("분류" in x or "Algorithms" in x for x in links), links


def test_minimal_page_puts_code_beside_notes(desktop, phone, site_url: str, shots) -> None:
    open_page(desktop, site_url, "mha/minimal/")
    first = desktop.locator(".annotated").first
    code, note = first.locator(".annotated-code"), first.locator(".annotated-note")
    c, n = code.bounding_box(), note.bounding_box()
    assert c and n and n["x"] > c["x"] + c["width"] - 1  # side by side at 1280 px
    open_page(phone, site_url, "mha/minimal/")
    first = phone.locator(".annotated").first
    c = first.locator(".annotated-code").bounding_box()
    n = first.locator(".annotated-note").bounding_box()
    assert c and n and n["y"] >= c["y"] + c["height"] - 1  # stacked on a phone
    desktop.screenshot(path=str(shots / "minimal-1280.png"), full_page=False)
    phone.screenshot(path=str(shots / "minimal-390.png"), full_page=False)
