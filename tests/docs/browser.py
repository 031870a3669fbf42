"""How the browser tests drive the built site: a page that records its errors and keeps to the
test server, opening a path and waiting until it has settled, the search box, and the layout of
the article tables.

The objects are Playwright's (a ``Browser`` from the ``browser`` fixture of
``tests/docs/conftest.py``, its pages); this module imports nothing of Playwright itself.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit


@contextlib.contextmanager
def site_page(browser: Any, site_url: str, width: int = 1280, height: int = 900) -> Iterator[Any]:
    """A Korean-locale page in a window ``width`` x ``height`` px, closed afterwards.

    ``page.errors`` collects uncaught exceptions and console errors, ``page.external`` the
    requests that tried to leave the test server (they are aborted; ``data:`` URLs are fine).
    Waits time out after 15 s.
    """
    context = browser.new_context(viewport={"width": width, "height": height}, locale="ko-KR")
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.errors = []
    page.external = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    # The requests in flight and when the last one started or ended (for open_page's settle).
    page.in_flight = set()
    page.last_request = time.monotonic()

    def started(request: Any) -> None:
        page.in_flight.add(request)
        page.last_request = time.monotonic()

    def ended(request: Any) -> None:
        page.in_flight.discard(request)
        page.last_request = time.monotonic()

    page.on("request", started)
    page.on("requestfinished", ended)
    page.on("requestfailed", ended)

    def local_only(route: Any) -> None:
        url = route.request.url
        if url.startswith((site_url, "data:")):
            route.continue_()
        else:
            page.external.append(url)
            route.abort()

    page.route("**/*", local_only)
    try:
        yield page
    finally:
        context.close()


def open_page(page: Any, site_url: str, path: str, *, settle: bool = False) -> None:
    """Go to ``site_url + path`` and wait for its ``load`` event (its scripts, styles and images
    are in); the page's errors and external requests are cleared first, so afterwards they are
    this page's (for a page made by :func:`site_page`).

    What scripts add later (rendered formulas, the viewer, search results) a test waits for by
    its own element. ``settle=True`` also waits, for a test about every request a page makes,
    until no request has been in flight for :data:`QUIET` seconds (Playwright's
    ``networkidle`` waits half a second, and cost 0.8 s a page).
    """
    for seen in (getattr(page, "errors", None), getattr(page, "external", None)):
        if seen is not None:
            seen.clear()
    if hasattr(page, "in_flight"):  # the last page's requests end with it
        page.in_flight.clear()
    response = page.goto(site_url + path, wait_until="load")
    assert response is not None and response.ok, path
    if settle:
        _settle(page)


#: Seconds without a request starting or ending after which a page counts as settled.
QUIET = 0.2


def _settle(page: Any, timeout: float = 15.0) -> None:
    """Wait until no request of ``page`` (a :func:`site_page`) is in flight and none has
    started or ended for :data:`QUIET` seconds; a page without the counters waits for
    Playwright's ``networkidle``."""
    if not hasattr(page, "in_flight"):
        page.wait_for_load_state("networkidle")
        return
    give_up = time.monotonic() + timeout
    while page.in_flight or time.monotonic() - page.last_request < QUIET:
        assert time.monotonic() < give_up, f"requests still in flight: {page.in_flight}"
        page.wait_for_timeout(50)  # lets Playwright deliver the request events


def site_path(href: str, site_url: str) -> str:
    """``http://127.0.0.1:PORT/mha/#x`` -> ``mha/``: a link as a path under the site."""
    return urlsplit(href).path.removeprefix(urlsplit(site_url).path)


def search(page: Any, site_url: str, term: str) -> list[str]:
    """Type ``term`` into the site's search on the home page; the results' links, best first,
    as paths under the site (:func:`site_path`). Either engine's search: Material's header box
    (:func:`_material_search`) or Zensical's dialog (:func:`_zensical_search`).

    A page already on the home page keeps it (and its loaded index): the box is emptied and
    the old results are gone before ``term`` is typed.
    """
    if page.url.split("?")[0] != site_url:
        open_page(page, site_url, "")
    if page.locator("input.md-search__input").count():
        hrefs = _material_search(page, term)
    else:
        hrefs = _zensical_search(page, term)
    return [site_path(h, site_url) for h in hrefs]


def _material_search(page: Any, term: str) -> list[str]:
    """Material for MkDocs: a box in the header (on a phone behind a search button)."""
    button = page.locator('label.md-header__button[for="__search"]')
    if button.is_visible() and not page.evaluate(
        "() => document.getElementById('__search').checked"
    ):
        button.click()
    box = page.locator("input.md-search__input")
    box.click()
    box.fill("")
    box.press("End")
    page.wait_for_selector(".md-search-result__item", state="detached")
    box.fill(term)
    box.press("End")  # Material searches on key events; fill() alone sends none
    # One key event, so one query: the first results shown are the answer to the whole term.
    page.wait_for_selector(".md-search-result__item", timeout=15_000)
    return page.eval_on_selector_all(
        ".md-search-result__list > .md-search-result__item > a", "els => els.map(a => a.href)"
    )


def _zensical_search(page: Any, term: str) -> list[str]:
    """Zensical: a search button in the header opens a dialog (in a shadow root, which
    Playwright's CSS selectors pierce) whose list of results is a listbox of options."""
    box = page.locator('dialog input[role="combobox"]')
    if not box.is_visible():  # the header's search button, on a phone its icon
        for opener in ('label.md-header__button[for="__search"]', ".md-search__button"):
            button = page.locator(opener).first
            if button.count() and button.is_visible():
                button.click()
                break
    box.fill("")
    page.wait_for_selector('dialog ol[role="listbox"] a[role="option"]', state="detached")
    box.press_sequentially(term)
    page.wait_for_selector('dialog ol[role="listbox"] a[role="option"]', timeout=15_000)
    page.wait_for_timeout(300)  # the worker answers the last keystroke
    return page.eval_on_selector_all(
        'dialog ol[role="listbox"] a[role="option"]', "els => els.map(a => a.href)"
    )


TABLES_JS = """(skip) => [...document.querySelectorAll('article table')]
    .filter(t => !(skip && t.closest(skip)))
    .map(t => {
        const wrap = t.closest('.md-typeset__scrollwrap') || t.parentElement;
        const headers = [...t.querySelectorAll('th')].map(th => {
            const r = th.getBoundingClientRect();
            return [th.textContent.trim(), r.left, r.right];
        });
        const w = wrap.getBoundingClientRect();
        return {headers, scroll: wrap.scrollWidth, client: wrap.clientWidth,
                left: w.left, right: w.right};
    })"""


def table_layouts(browser: Any, url: str, skip: str | None = None, width: int = 1280) -> list[dict]:
    """Each article table on the page in a window ``width`` px wide: its header cells' left and
    right edges, its wrapper's edges and whether the wrapper scrolls (tables inside ``skip`` are
    left out)."""
    context = browser.new_context(viewport={"width": width, "height": 900}, locale="ko-KR")
    try:
        page = context.new_page()
        response = page.goto(url, wait_until="load")
        assert response is not None and response.ok, url
        return page.evaluate(TABLES_JS, skip)
    finally:
        context.close()


def assert_every_column_visible(table: dict, width: int = 1280) -> None:
    """No sideways scrolling, and every header cell inside the wrapper and the window."""
    assert table["scroll"] <= table["client"] + 1, table["headers"]
    for name, left, right in table["headers"]:
        assert table["left"] - 1 <= left and right <= min(table["right"], width) + 1, name
