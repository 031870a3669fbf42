"""Every page of the built site as a Korean reader meets it in headless Chromium, at 1280 and
390 px: no Hangul word is broken across two lines anywhere (article, links, titles, header, nav,
TOC, blog list, footer), checked character by character; on a phone nothing reaches past the
right edge but what a box scrolls or clips (a table, a code block, a formula), and every table
that scrolls sideways keeps its first column in view, on a background that hides what scrolls
under it, light and dark.

The pages are the built site's own (every ``index.html`` under it), so a new page is checked
without being named here."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.docs.browser import open_page, site_page
from tests.docs.site import built, nav_sources, post_page, published_posts
from tests.docs.sweep import BROKEN_CODE_JS, BROKEN_WORDS_JS, OVERFLOW_JS, WIDTHS, built_pages

pytestmark = pytest.mark.browser


def test_built_pages_include_the_nav_and_the_posts(built_site: Path) -> None:
    """The discovery the tests below rely on finds every page the nav and the journal name."""
    found = set(built_pages(built_site))
    for page in [built(s) for s in nav_sources()] + [post_page(p) for p in published_posts()]:
        assert page.removesuffix("index.html") in found, page


@pytest.mark.parametrize("width", WIDTHS)
def test_no_hangul_word_breaks_across_lines(every_page, width) -> None:
    broken = {path or "/": seen["broken_words"][:5]
              for path, seen in every_page(width).items() if seen["broken_words"]}  # fmt: skip
    assert broken == {}, f"Hangul words broken across lines at {width} px: {broken}"


@pytest.mark.parametrize("width", WIDTHS)
def test_no_short_code_word_breaks_across_lines(every_page, width) -> None:
    """Issue 34: "Fals|e", "Cycle|Error", "netw|orkx" at 390 px, "network|x" at 1280 px. A code
    word short enough for any column stays whole; a table scrolls sideways instead."""
    broken = {path or "/": seen["broken_code"][:5]
              for path, seen in every_page(width).items() if seen["broken_code"]}  # fmt: skip
    assert broken == {}, f"code words broken across lines at {width} px: {broken}"


@pytest.fixture
def on_a_phone(every_page) -> dict[str, dict]:
    """Every built page at 390 px: what reaches past the edge, and its scrolling tables."""
    return {path or "/": seen for path, seen in every_page(390).items()}


def test_nothing_reaches_past_a_phone_but_what_scrolls(on_a_phone) -> None:
    past = {
        path: seen["overflow"]
        for path, seen in on_a_phone.items()
        if seen["overflow"]["past"] or seen["overflow"]["scroll"] > seen["overflow"]["width"]
    }
    assert past == {}, past


def test_a_scrolling_table_keeps_its_first_column_in_view(on_a_phone) -> None:
    tables = [(path, t) for path, seen in on_a_phone.items() for t in seen["tables"]]
    # the config table (12 columns) is wider than a phone: at least one table really scrolls
    assert any(path == "configs/" for path, _ in tables), sorted({p for p, _ in tables})
    for path, table in tables:
        assert table["scrolled"] > 0
        where = f"{path} table ending with {table['first']!r}"
        # a plain cell ends at start - scrolled, left of the edge; a sticky one stops at the edge,
        # or as near as its table allows (a cell never leaves its table: `last`)
        for cell in table["cells"]:
            stuck = min(max(0, cell["start"] - table["scrolled"]), cell["last"])
            assert abs(cell["left"] - stuck) <= 1, (where, cell, table["scrolled"])
        shown = [c["covers"] for c in table["cells"] if c["covers"] is not None]
        assert shown and all(shown), where


def test_what_stays_in_view_leaves_two_thirds_of_a_phone_to_what_scrolls(on_a_phone) -> None:
    """Issue 34: 130's counterexample table kept 372 of 390 px in its sticky column."""
    wide = {
        f"{path} table ending with {table['first']!r}": round(widest)
        for path, seen in on_a_phone.items()
        for table in seen["tables"]
        if (widest := max(cell["width"] for cell in table["cells"])) > table["window"] / 3 + 1
    }
    assert wide == {}, wide


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_first_column_sits_on_the_page_background(browser, site_url, scheme) -> None:
    """Opaque, and the page's own colour in either theme (the theme follows the system's)."""
    with site_page(browser, site_url, 390) as phone:
        phone.emulate_media(color_scheme=scheme)
        open_page(phone, site_url, "configs/")
        colours = phone.evaluate(
            """() => ({scheme: document.body.dataset.mdColorScheme,
                page: getComputedStyle(document.body).backgroundColor,
                cells: [...document.querySelectorAll('article table tr')].map(tr =>
                    getComputedStyle(tr.cells[0]).backgroundColor)})"""
        )
    assert colours["scheme"] == {"light": "default", "dark": "slate"}[scheme]
    assert set(colours["cells"]) == {colours["page"]}, colours
    assert not colours["page"].startswith("rgba"), colours  # no transparency


def test_the_checks_see_a_broken_word_and_an_overflow(browser, site_url: str) -> None:
    """The checks of every page (tests/docs/sweep.py) find what they look for: a Hangul word
    made to break inside (a narrow box with Material's old `word-break: break-word`) and a line
    wider than a phone."""
    with site_page(browser, site_url, 390) as phone:
        open_page(phone, site_url, "")
        assert phone.evaluate(BROKEN_WORDS_JS) == [] and phone.evaluate(OVERFLOW_JS)["past"] == []
        phone.evaluate(
            """() => document.querySelector('article').insertAdjacentHTML('afterbegin',
                '<p style="width: 3em; word-break: break-word">가나다라마바사아자차</p>'
                + '<p id="wide" style="white-space: nowrap">' + 'overflow '.repeat(80) + '</p>')"""
        )
        assert phone.evaluate(BROKEN_CODE_JS) == []
        phone.evaluate(
            """() => document.querySelector('article').insertAdjacentHTML('afterbegin',
                '<p style="width: 2em"><code style="overflow-wrap: anywhere">CycleError</code>')"""
        )
        broken = phone.evaluate(BROKEN_WORDS_JS)
        past = phone.evaluate(OVERFLOW_JS)["past"]
        code = phone.evaluate(BROKEN_CODE_JS)
    assert code and all(cut.replace("|", "") == "CycleError" for cut in code), code
    assert broken and all("<p>" in b for b in broken), broken
    assert past and all(x.startswith('text "overflow overflow') for x in past), past


def test_the_progress_pattern_table_shows_its_last_column_on_a_phone(browser, site_url) -> None:
    """Issue 34: the pattern table's last column was cut at 390 px. Scrolled to its far right,
    the last header cell lies whole inside the scrolling box and the window."""
    with site_page(browser, site_url, 390) as phone:
        open_page(phone, site_url, "graphs/progress/")
        ends = phone.evaluate(
            """() => [...document.querySelectorAll('article .md-typeset__scrollwrap')]
                .filter(w => w.querySelector('table'))
                .map(w => {
                    w.scrollLeft = w.scrollWidth;
                    const cells = w.querySelector('tr').cells;
                    const last = cells[cells.length - 1].getBoundingClientRect();
                    const box = w.getBoundingClientRect();
                    return {name: cells[cells.length - 1].textContent.trim(), right: last.right,
                            box: Math.min(box.right, innerWidth), left: last.left};
                })"""
        )
    assert ends, "no table on the progress page"
    for end in ends:
        assert end["right"] <= end["box"] + 1 and end["left"] >= 0, end


@pytest.mark.parametrize("width", WIDTHS)
def test_a_formula_wider_than_the_screen_scrolls_with_a_visible_hint(browser, site_url, width):
    """Issue 34: display equations were cut at 390 px with no hint. Each rendered display formula
    scrolls sideways; the hint above it shows exactly when it is wider than its box."""
    with site_page(browser, site_url, width) as page:
        open_page(page, site_url, "blog/2026/10/05/multi-head-attention/")
        page.wait_for_selector("article .katex-display")
        page.wait_for_timeout(300)  # the ResizeObserver's first call
        formulas = page.evaluate(
            """() => [...document.querySelectorAll('article .katex-display')].map(d => {
                const hint = d.previousElementSibling;
                return {wide: d.scrollWidth > d.clientWidth + 1,
                        overflow: getComputedStyle(d).overflowX,
                        hint: !!hint && hint.classList.contains('math-scroll-hint'),
                        shown: !!hint && !hint.hidden && hint.getBoundingClientRect().height > 0};
            })"""
        )
    assert formulas
    for f in formulas:
        assert f["overflow"] == "auto" and f["hint"] and f["shown"] == f["wide"], f
    if width == 390:
        assert any(f["wide"] for f in formulas), "no formula wider than a phone to check the hint"
