"""The built site in a real headless Chromium: pages load, images load, formulas render, search
finds the journal entry by an English and a Korean word. Screenshots go to build/screenshots/."""

from __future__ import annotations

import pytest

from tests.docs.conftest import ROOT
from tests.docs.test_build import JOURNAL
from tests.docs.test_build import PAGES as BUILT

pytestmark = pytest.mark.browser

SHOTS = ROOT / "build" / "screenshots"
# Pages the tests below visit by name; the load test visits every page of the nav.
PAGES = {
    "home": "",
    "journal": JOURNAL.removesuffix("index.html"),
    "results": "results/",
    "params": "mha/params/",
    "configs": "configs/",
    "graphs": "graphs/",
    "islands": "graphs/200-islands/",
}
JOURNAL_HREF = "blog/2026/10/05/multi-head-attention/"


@pytest.fixture(scope="module")
def page(browser, site_url: str):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="ko-KR")
    pg = context.new_page()
    pg.set_default_timeout(15_000)
    pg.errors = []  # uncaught exceptions and console errors
    pg.external = []  # requests that tried to leave localhost
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.on("console", lambda m: pg.errors.append(m.text) if m.type == "error" else None)

    def route(r):
        if r.request.url.startswith(site_url) or r.request.url.startswith("data:"):
            r.continue_()
        else:
            pg.external.append(r.request.url)
            r.abort()

    pg.route("**/*", route)
    yield pg
    context.close()


def _open(page, site_url: str, path: str) -> None:
    response = page.goto(site_url + path, wait_until="load")
    assert response is not None and response.ok, path
    page.wait_for_load_state("networkidle")


@pytest.mark.parametrize("name", [p.removesuffix("index.html") for p in BUILT])
def test_page_loads_with_all_images_and_no_errors(page, site_url: str, name: str) -> None:
    page.errors.clear()
    _open(page, site_url, name)
    assert page.locator(".md-content h1").count() >= 1  # the blog index's h1 is not in an article
    broken = page.evaluate(
        """() => [...document.images]
                .filter(img => !(img.complete && img.naturalWidth > 0))
                .map(img => img.getAttribute('src'))"""
    )
    assert broken == [], f"images that did not load on {name}: {broken}"
    assert page.errors == [], page.errors
    assert page.external == [], f"requests left localhost: {page.external}"


def test_formulas_are_rendered(page, site_url: str) -> None:
    for path in (PAGES["journal"], PAGES["params"]):
        _open(page, site_url, path)
        page.wait_for_selector(".arithmatex .katex", timeout=10_000)
        assert page.locator(".katex-error").count() == 0
        unrendered = page.evaluate(
            """() => [...document.querySelectorAll('.arithmatex')]
                    .filter(el => !el.querySelector('.katex')).length"""
        )
        assert unrendered == 0, path


def _search(page, site_url: str, term: str) -> list[str]:
    _open(page, site_url, "")
    box = page.locator("input.md-search__input")
    box.click()  # the header search box (desktop layout)
    box.fill(term)
    box.press("End")  # Material searches on key events; fill() alone sends none
    page.wait_for_selector(".md-search-result__item", timeout=15_000)
    return page.eval_on_selector_all(
        ".md-search-result__item > a", "els => els.map(a => a.getAttribute('href'))"
    )


@pytest.mark.parametrize("term", ["softmax", "transpose", "어텐션", "파라미터"])
def test_search_finds_the_journal_entry(page, site_url: str, term: str) -> None:
    hrefs = _search(page, site_url, term)
    assert any(JOURNAL_HREF in (h or "") for h in hrefs), f"{term!r} found only {hrefs}"


def test_screenshots_for_review(page, site_url: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name in ("home", "journal", "results"):
        _open(page, site_url, PAGES[name])
        if name == "journal":
            page.wait_for_selector(".katex")
        path = SHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        assert path.stat().st_size > 10_000


def test_results_page_shows_the_figures_once_there_are_results(page, site_url: str) -> None:
    if not (ROOT / "docs" / "results" / "heads.json").is_file():
        pytest.skip("docs/results/heads.json not committed yet")
    _open(page, site_url, PAGES["results"])
    assert page.locator("article img").count() >= 1
