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

pytestmark = pytest.mark.browser

WIDTHS = (1280, 390)

#: Each pair of Hangul syllables (or jamo) that follow each other with nothing between them (same
#: word, same inline run: no space, no ``<br>``, no block boundary) but stand on two lines. A
#: character's box comes from a Range over it; the next one is on a new line when its top lies
#: more than half a line below. Vertical text (``writing-mode: vertical-*``) and text not shown
#: (the closed search box of a phone) are left out.
BROKEN_WORDS_JS = r"""() => {
    const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uA960-\uA97F\uAC00-\uD7A3\uD7B0-\uD7FF]/;
    const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TEXTAREA']);
    const RESET = new Set(['BR', 'WBR', 'IMG', 'INPUT', 'SELECT', 'BUTTON', 'SVG', 'svg']);
    const blocks = new Map();
    const blockOf = (el) => {
        if (blocks.has(el)) return blocks.get(el);
        let e = el;
        while (e.parentElement && ['inline', 'contents'].includes(getComputedStyle(e).display)) {
            e = e.parentElement;
        }
        blocks.set(el, e);
        return e;
    };
    const visible = new Map();
    const seen = (el) => {
        if (!visible.has(el)) {
            visible.set(el, el.checkVisibility({visibilityProperty: true, opacityProperty: true}));
        }
        return visible.get(el);
    };
    const range = document.createRange();
    const box = (node, i) => {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        return [...range.getClientRects()].find(r => r.width > 0 && r.height > 0) || null;
    };
    const walker = document.createTreeWalker(
        document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
            acceptNode: n => n.nodeType === 1 && SKIP.has(n.tagName)
                ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
        });
    const broken = [];
    let prev = null;  // {rect, block, node, i} of the Hangul character just before
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (n.nodeType === 1) {
            if (RESET.has(n.tagName)) prev = null;
            continue;
        }
        const parent = n.parentElement;
        if (!parent || !seen(parent)
                || getComputedStyle(parent).writingMode.startsWith('vertical')) {
            prev = null;
            continue;
        }
        const block = blockOf(parent);
        const text = n.data;
        for (let i = 0; i < text.length; i++) {
            if (!HANGUL.test(text[i])) { prev = null; continue; }
            const rect = box(n, i);
            if (rect && prev && prev.block === block
                    && rect.top - prev.rect.top > prev.rect.height / 2) {
                const before = prev.node === n ? text.slice(Math.max(0, i - 8), i)
                    : prev.node.data.slice(-8);
                const where = parent.closest('[class]');
                broken.push(`${before}|${text.slice(i, i + 8)}`
                    + ` (in <${parent.tagName.toLowerCase()}>`
                    + `${where ? ' of .' + where.className.toString().split(' ')[0] : ''})`);
            }
            prev = rect ? {rect, block, node: n, i} : null;
        }
    }
    return broken;
}"""

#: Each visible element, and each text that runs out of its box, whose right edge lies past the
#: window, unless a box around it (inside the body) scrolls or clips sideways and itself ends
#: inside the window: a table's wrapper, a code block, a formula, a nav entry cut short.
OVERFLOW_JS = r"""() => {
    const W = document.documentElement.clientWidth;
    const contained = (el) => {
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
            if (getComputedStyle(a).overflowX !== 'visible'
                    && a.getBoundingClientRect().right <= W + 1) return true;
        }
        return false;
    };
    const out = [];
    for (const el of document.body.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || r.right <= W + 1) continue;
        if (!el.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
        if (contained(el)) continue;
        const names = el.getAttribute('class') || '';
        const up = el.parentElement.closest('[class]');
        out.push(`<${el.tagName.toLowerCase()} class="${names}"> right ${Math.round(r.right)}`
            + (up ? ` in .${up.getAttribute('class').split(' ')[0]}` : ''));
    }
    const range = document.createRange();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.data.trim() || !n.parentElement.checkVisibility({visibilityProperty: true})) {
            continue;
        }
        range.selectNodeContents(n);
        const r = range.getBoundingClientRect();
        if (r.width > 0 && r.right > W + 1 && !contained(n)) {
            out.push(`text "${n.data.trim().slice(0, 30)}" right ${Math.round(r.right)}`);
        }
    }
    return {width: W, scroll: document.documentElement.scrollWidth, past: out.slice(0, 8)};
}"""

#: Each article table whose wrapper scrolls sideways, scrolled to its far right: for every row,
#: where its first cell stood and stands from the wrapper's left edge, the furthest right its
#: table leaves room for it, and (in the window) whether that cell is what shows at its own
#: centre (it covers the cells that scrolled under it).
STICKY_JS = r"""() => [...document.querySelectorAll('article .md-typeset__scrollwrap')]
    .filter(w => w.querySelector('table') && w.scrollWidth > w.clientWidth + 1)
    .map(w => {
        const rows = [...w.querySelectorAll('tr')].filter(tr => tr.cells.length > 1);
        rows[0].scrollIntoView({block: 'start'});
        w.scrollLeft = 0;
        const edge = w.getBoundingClientRect().left;
        const start = rows.map(tr => tr.cells[0].getBoundingClientRect().left - edge);
        w.scrollLeft = w.scrollWidth;
        const cells = rows.map((tr, i) => {
            const r = tr.cells[0].getBoundingClientRect();
            const y = r.top + r.height / 2;
            const hit = y > 60 && y < innerHeight
                ? document.elementFromPoint(r.left + r.width / 2, y) : null;
            const last = tr.closest('table').getBoundingClientRect().right - edge - r.width;
            return {start: start[i], last, left: r.left - edge,
                    covers: hit && tr.cells[0].contains(hit)};
        });
        w.scrollLeft = 0;
        return {first: rows[rows.length - 1].cells[0].textContent.trim(),
                scrolled: w.scrollWidth - w.clientWidth, cells};
    })"""


def built_pages(site: Path) -> list[str]:
    """Every page of the built site as a path under it (``mha/``, ``""`` for the home page)."""
    rels = (p.parent.relative_to(site) for p in site.rglob("index.html"))
    return sorted("" if rel == Path(".") else rel.as_posix() + "/" for rel in rels)


def test_built_pages_include_the_nav_and_the_posts(built_site: Path) -> None:
    """The discovery the tests below rely on finds every page the nav and the journal name."""
    found = set(built_pages(built_site))
    for page in [built(s) for s in nav_sources()] + [post_page(p) for p in published_posts()]:
        assert page.removesuffix("index.html") in found, page


@pytest.mark.parametrize("width", WIDTHS)
def test_no_hangul_word_breaks_across_lines(browser, site_url, built_site, width) -> None:
    broken = {}
    with site_page(browser, site_url, width) as reader:
        for path in built_pages(built_site):
            open_page(reader, site_url, path)
            found = reader.evaluate(BROKEN_WORDS_JS)
            if found:
                broken[path or "/"] = found[:5]
    assert broken == {}, f"Hangul words broken across lines at {width} px: {broken}"


@pytest.fixture(scope="module")
def on_a_phone(browser, site_url: str, built_site: Path) -> dict[str, dict]:
    """Every built page at 390 px: what reaches past the edge, and its scrolling tables."""
    seen = {}
    with site_page(browser, site_url, 390) as phone:
        for path in built_pages(built_site):
            open_page(phone, site_url, path)
            seen[path or "/"] = {
                "overflow": phone.evaluate(OVERFLOW_JS),
                "tables": phone.evaluate(STICKY_JS),
            }
    return seen


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
    """The two checks above find what they look for: a Hangul word made to break inside (a
    narrow box with Material's old `word-break: break-word`) and a line wider than a phone."""
    with site_page(browser, site_url, 390) as phone:
        open_page(phone, site_url, "")
        assert phone.evaluate(BROKEN_WORDS_JS) == [] and phone.evaluate(OVERFLOW_JS)["past"] == []
        phone.evaluate(
            """() => document.querySelector('article').insertAdjacentHTML('afterbegin',
                '<p style="width: 3em; word-break: break-word">가나다라마바사아자차</p>'
                + '<p id="wide" style="white-space: nowrap">' + 'overflow '.repeat(80) + '</p>')"""
        )
        broken = phone.evaluate(BROKEN_WORDS_JS)
        past = phone.evaluate(OVERFLOW_JS)["past"]
    assert broken and all("<p>" in b for b in broken), broken
    assert past and all(x.startswith('text "overflow overflow') for x in past), past
