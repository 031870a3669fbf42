"""The built site in a real headless Chromium: pages load, images load, formulas render, search
finds the journal entry by an English and a Korean word. Screenshots go to
build/screenshots/<engine>/."""

from __future__ import annotations

import pytest

from tests.docs.browser import open_page, search
from tests.docs.test_build import JOURNAL
from tests.docs.test_build import PAGES as BUILT
from tests.helpers import ROOT

pytestmark = pytest.mark.browser

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
JOURNAL_HREF = PAGES["journal"]


@pytest.mark.parametrize("name", [p.removesuffix("index.html") for p in BUILT])
def test_page_loads_with_all_images_and_no_errors(every_page, name: str) -> None:
    seen = every_page(1280)[name]  # after every request the page makes, late ones too
    assert seen["h1"] >= 1  # the blog index's h1 is not in an article
    assert seen["unloaded"] == [], f"images that did not load on {name}: {seen['unloaded']}"
    assert seen["errors"] == [], seen["errors"]
    assert seen["external"] == [], f"requests left localhost: {seen['external']}"


def test_formulas_are_rendered(page, site_url: str) -> None:
    for path in (PAGES["journal"], PAGES["params"]):
        open_page(page, site_url, path)
        page.wait_for_selector(".arithmatex .katex", timeout=10_000)
        assert page.locator(".katex-error").count() == 0
        unrendered = page.evaluate(
            """() => [...document.querySelectorAll('.arithmatex')]
                    .filter(el => !el.querySelector('.katex')).length"""
        )
        assert unrendered == 0, path


@pytest.mark.parametrize("term", ["softmax", "transpose", "어텐션", "파라미터"])
def test_search_finds_the_journal_entry(page, site_url: str, term: str) -> None:
    paths = search(page, site_url, term)
    assert JOURNAL_HREF in paths, f"{term!r} found only {paths}"


def test_screenshots_for_review(page, site_url: str, shots) -> None:
    for name in ("home", "journal", "results"):
        open_page(page, site_url, PAGES[name], settle=True)  # the shot shows the settled page
        if name == "journal":
            page.wait_for_selector(".katex")
        path = shots / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        assert path.stat().st_size > 10_000


def test_results_page_shows_the_figures_once_there_are_results(page, site_url: str) -> None:
    if not (ROOT / "docs" / "results" / "heads.json").is_file():
        pytest.skip("docs/results/heads.json not committed yet")
    open_page(page, site_url, PAGES["results"])
    assert page.locator("article img").count() >= 1
