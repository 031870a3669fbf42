"""One visit to every page of the built site per width, shared by the page-by-page browser tests.

Opening a page costs far more than reading it (an API page is megabytes of HTML: seconds to
parse and lay out), so the tests that check every page — its requests and errors, Hangul words
broken across lines, what reaches past a phone's edge, the sideways tables, the figures — read
one visit per engine and width (:func:`visit_every_page`), made once per test run for all workers
(the ``every_page`` fixture of ``tests/docs/conftest.py``). Each visit records, in this order, so
that each check sees the page as its own visit used to: at 1280 px the page after its requests
settled (``networkidle``; its errors, requests that left the test server, images that did not
load); then the broken words; at 390 px what reaches past the edge and its scrolling tables;
last the article images, each scrolled to and decoded. Addresses are kept as paths under the
site (:func:`tests.docs.browser.site_path`): every worker serves the site on its own port.

The pages are the built site's own (every ``index.html`` under it), so a new page is visited
without being named here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.docs.browser import open_page, site_page, site_path

#: The widths the page-by-page tests read: a laptop and a phone.
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

#: Each short code span of the article (up to 24 characters without spaces, outside code
#: blocks) that a line break cuts between two letters or digits ("Fals|e", "netw|orkx"), with
#: the cut marked; a break after punctuation ("--|strict", "a/|b") is where code may wrap.
BROKEN_CODE_JS = r"""() => {
    const word = /[\p{L}\p{N}_]/u;
    const range = document.createRange();
    const cut = [];
    for (const c of document.querySelectorAll('article code')) {
        const t = c.textContent;
        if (c.closest('pre') || t.length > 24 || /\s/.test(t) || c.getClientRects().length < 2) {
            continue;
        }
        const chars = [];
        const walker = document.createTreeWalker(c, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            for (let i = 0; i < n.data.length; i++) {
                range.setStart(n, i);
                range.setEnd(n, i + 1);
                chars.push([n.data[i], range.getBoundingClientRect().top]);
            }
        }
        for (let i = 1; i < chars.length; i++) {
            if (chars[i][1] > chars[i - 1][1] + 2
                    && word.test(chars[i - 1][0]) && word.test(chars[i][0])) {
                cut.push(t.slice(0, i) + '|' + t.slice(i));
            }
        }
    }
    return cut;
}"""

#: Each article table whose wrapper scrolls sideways, scrolled to its far right: for every row,
#: where its first cell stood and stands from the wrapper's left edge, the furthest right its
#: table leaves room for it, and (in the window) whether that cell is what shows at its own
#: centre (it covers the cells that scrolled under it).
STICKY_JS = r"""() => [...document.querySelectorAll('article .md-typeset__scrollwrap')]
    .filter(w => w.querySelector('table') && w.scrollWidth > w.clientWidth + 1)
    .filter(w => !w.closest('.doc-contents'))
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
            return {start: start[i], last, left: r.left - edge, width: r.width,
                    covers: hit && tr.cells[0].contains(hit)};
        });
        w.scrollLeft = 0;
        return {first: rows[rows.length - 1].cells[0].textContent.trim(),
                scrolled: w.scrollWidth - w.clientWidth, window: innerWidth, cells};
    })"""


#: Every article image: its addresses, natural and shown widths, the narrow source of its
#: ``<picture>`` and the full-size link of its caption.
IMAGES_JS = """() => [...document.querySelectorAll('article img')].map(img => {
    const source = img.closest('picture')?.querySelector('source');
    const link = img.closest('figure')?.querySelector('figcaption a');
    return {src: img.src, current: img.currentSrc, natural: img.naturalWidth,
            shown: img.getBoundingClientRect().width,
            narrow: source ? new URL(source.getAttribute('srcset'), document.baseURI).href : null,
            full: link ? [link.textContent.trim(), link.href] : null};
})"""


#: Images of the page that did not load (not complete, or no pixels).
UNLOADED_JS = """() => [...document.images]
    .filter(img => !(img.complete && img.naturalWidth > 0))
    .map(img => img.getAttribute('src'))"""

#: Scrolls to each article image and waits until it is decoded (lazy ones load on the way).
DECODE_JS = """async () => { for (const img of document.querySelectorAll('article img')) {
    img.scrollIntoView(); await img.decode().catch(() => {}); } }"""


def built_pages(site: Path) -> list[str]:
    """Every page of the built site as a path under it (``mha/``, ``""`` for the home page)."""
    rels = (p.parent.relative_to(site) for p in site.rglob("index.html"))
    return sorted("" if rel == Path(".") else rel.as_posix() + "/" for rel in rels)


def _under(site_url: str, image: dict[str, Any]) -> dict[str, Any]:
    """An image record with its addresses as paths under the site."""
    full = image["full"]
    return {
        **image,
        "src": site_path(image["src"], site_url),
        "current": site_path(image["current"], site_url),
        "narrow": site_path(image["narrow"], site_url) if image["narrow"] else None,
        "full": [full[0], site_path(full[1], site_url)] if full else None,
    }


def visit_every_page(browser: Any, site_url: str, site: Path, width: int) -> dict[str, dict]:
    """``page path -> what its visit saw`` for every page of ``site`` at ``width`` px (light
    theme: the theme changes no layout and no figure, only colours).

    Each record has ``broken_words``, ``broken_code`` (:data:`BROKEN_CODE_JS`) and ``images``;
    at 1280 px also ``h1`` (headings in the content), ``unloaded`` (images that did not load),
    ``errors`` and ``external``; at 390 px also ``overflow`` and ``tables`` (:data:`OVERFLOW_JS`,
    :data:`STICKY_JS`).
    """
    seen: dict[str, dict] = {}
    with site_page(browser, site_url, width) as page:
        for path in built_pages(site):
            laptop = width == 1280
            open_page(page, site_url, path, settle=laptop)  # late requests too, once per page
            record: dict[str, Any] = {}
            if laptop:
                record["h1"] = page.locator(".md-content h1").count()
                record["unloaded"] = page.evaluate(UNLOADED_JS)
                record["errors"] = list(page.errors)
                record["external"] = list(page.external)
            record["broken_words"] = page.evaluate(BROKEN_WORDS_JS)
            record["broken_code"] = page.evaluate(BROKEN_CODE_JS)
            if not laptop:
                record["overflow"] = page.evaluate(OVERFLOW_JS)
                record["tables"] = page.evaluate(STICKY_JS)
            page.evaluate(DECODE_JS)
            record["images"] = [_under(site_url, img) for img in page.evaluate(IMAGES_JS)]
            seen[path] = record
    return seen
