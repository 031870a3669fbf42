"""The attention viewer and the static heatmaps in a real headless Chromium (issue 12): the viewer
is on the results page and the journal entry, every control changes what it shows, hovering a
cell names its query, key and weight, the expected pattern toggles, instant navigation starts it,
and the heatmap PNGs are shown at half their pixel size (sharp on 2x screens) with equal panels."""

from __future__ import annotations

import json

import pytest

from docs.gen.common import RESULTS
from tests.docs import site
from tests.docs.browser import open_page
from tests.docs.test_browser import JOURNAL_HREF

pytestmark = pytest.mark.browser

VIEWER = "[data-attention-viewer]"
# The pages that include the viewer's fragment (found in their sources, not listed).
PAGES = [
    site.pages()[source].removesuffix("index.html")
    for source in site.sources_including("heads_viewer.md")
]


def _open(pg, site_url: str, path: str):
    """Open the page and wait for its one viewer to be drawn; the viewer."""
    open_page(pg, site_url, path)
    viewer = pg.locator(VIEWER)
    assert viewer.count() == 1, f"{path}: no {VIEWER}"
    pg.wait_for_selector(f"{VIEWER}[data-ready=yes]")
    return viewer


def _cells(pg) -> str:
    """What the grid shows: every cell's weight, and the grid's size."""
    return pg.eval_on_selector_all(
        f"{VIEWER} .attention-viewer__cell", "cs => cs.map(c => c.dataset.w).join(',')"
    )


def _choose(pg, control: str, value: str) -> None:
    pg.select_option(f'{VIEWER} [data-control="{control}"]', value)


def test_the_results_page_and_the_journal_entry_have_the_viewer() -> None:
    assert {"results/", JOURNAL_HREF} <= set(PAGES)


@pytest.mark.parametrize("path", PAGES)
def test_viewer_is_on_the_page_and_draws_a_grid(page, site_url: str, path: str) -> None:
    _open(page, site_url, path)
    n = page.locator(f"{VIEWER} .attention-viewer__cell").count()
    tokens = page.locator(f"{VIEWER} .attention-viewer__label.is-query").count()
    assert n == tokens * tokens and tokens >= 16
    labels = page.locator(f"{VIEWER} .attention-viewer__label.is-query").all_inner_texts()
    assert all(":" in label and label.split(":")[0] == str(i) for i, label in enumerate(labels))
    assert page.errors == []


def test_every_control_changes_what_the_viewer_shows(page, site_url: str) -> None:
    _open(page, site_url, "results/")
    viewer = page.locator(VIEWER)
    # Start from a multi-head model so the head control has a choice.
    _choose(page, "heads", "4")
    seen = {viewer.get_attribute("data-state"): _cells(page)}
    for control, value in [("head", "2"), ("seed", "3"), ("heads", "8"), ("task", "reverse"),
                           ("task", "recall"), ("task", "relations")]:  # fmt: skip
        _choose(page, control, value)
        state = viewer.get_attribute("data-state")
        assert state not in seen, f"{control}={value} left the state at {state}"
        cells = _cells(page)
        assert cells not in seen.values(), f"{control}={value} did not change the cells"
        seen[state] = cells
        # the level control offers exactly the chosen task's levels in the results file
        task = state.split("/")[0]
        runs = json.loads((RESULTS / "heads.json").read_text(encoding="utf-8"))["runs"]
        levels = sorted({str(r["level"]) for r in runs if r["task"] == task})
        options = page.locator(f'{VIEWER} [data-control="level"] option')
        assert sorted(options.evaluate_all("os => os.map(o => o.value)")) == levels
    assert page.errors == []


def test_head_table_selects_a_head_and_shows_its_ablation_and_importance(page, site_url) -> None:
    _open(page, site_url, "results/")
    _choose(page, "task", "count")
    _choose(page, "heads", "4")
    _choose(page, "seed", "1")
    run = json.loads((RESULTS / "heads.json").read_text(encoding="utf-8"))
    record = next(r for r in run["runs"] if (r["task"], r["level"], r["n_heads"], r["seed"])
                  == ("count", 0, 4, 1))  # fmt: skip
    for head in range(4):
        page.click(f'{VIEWER} button[data-head="{head}"]')
        assert page.locator(VIEWER).get_attribute("data-state").endswith(f"/{head}")
        text = page.locator(f"{VIEWER} [data-head-stats]").inner_text()
        drop = 100 * record["analysis"]["ablation_drop"][head]
        assert text.startswith(f"head {head}:") and f"{drop:.1f}%p" in text


def test_hover_names_query_key_and_weight(page, site_url: str) -> None:
    _open(page, site_url, "results/")
    cell = page.locator(f'{VIEWER} .attention-viewer__cell[data-q="5"][data-k="2"]')
    cell.hover()
    text = page.locator(f"{VIEWER} [data-readout]").inner_text()
    q = page.locator(f"{VIEWER} .attention-viewer__label.is-query").nth(5).inner_text()
    k = page.locator(f"{VIEWER} .attention-viewer__label.is-query").nth(2).inner_text()
    assert f"query {q}" in text and f"key {k}" in text
    assert f"가중치 {cell.get_attribute('data-w')}" in text


def test_expected_pattern_overlay_toggles(page, site_url: str) -> None:
    _open(page, site_url, "results/")
    _choose(page, "task", "reverse")
    expected = page.locator(f"{VIEWER} .attention-viewer__cell.is-expected")
    T = page.locator(f"{VIEWER} .attention-viewer__label.is-query").count()
    assert expected.count() == T  # one mirrored key per query
    for i in range(T):  # the mirrored position
        cell = expected.nth(i)
        assert int(cell.get_attribute("data-q")) + int(cell.get_attribute("data-k")) == T - 1
    page.uncheck(f'{VIEWER} [data-control="overlay"]')
    assert expected.count() == 0
    page.check(f'{VIEWER} [data-control="overlay"]')
    assert expected.count() == T


def test_instant_navigation_starts_the_viewer(page, site_url: str, built_site) -> None:
    """Material navigates instantly only to the URLs of its sitemap, which names the configured
    site_url; the test server runs on another port, so it gets the sitemap with its own."""
    sitemap = (built_site / "sitemap.xml").read_text(encoding="utf-8")
    page.route(
        "**/sitemap.xml",
        lambda r: r.fulfill(body=sitemap.replace("http://127.0.0.1:8000/", site_url),
                            content_type="application/xml"),
    )  # fmt: skip
    page.goto(site_url, wait_until="networkidle")
    page.errors.clear()
    page.evaluate("() => { window.__sameDocument = true; }")
    page.click('a[href$="results/"]:visible >> nth=0')
    page.wait_for_selector(f"{VIEWER}[data-ready=yes]")
    assert page.evaluate("() => window.__sameDocument === true"), "not an instant navigation"
    assert page.locator(f"{VIEWER} .attention-viewer__cell").count() >= 256
    assert page.errors == []


def test_heatmaps_are_2x_with_equal_panels(page, site_url: str) -> None:
    page.goto(site_url + "results/", wait_until="load")
    images = page.locator("img.heads-heatmap")
    assert images.count() >= 9
    sizes = []
    for i in range(images.count()):
        img = images.nth(i)
        img.scroll_into_view_if_needed()
        img.evaluate("i => i.decode()")
        natural, shown = img.evaluate("i => [i.naturalWidth, i.getBoundingClientRect().width]")
        sizes.append((img.get_attribute("src"), natural, shown))
    for src, natural, shown in sizes:
        assert natural == pytest.approx(2 * shown, abs=2), f"{src}: {natural} px shown at {shown}"


def test_hover_text_does_not_move_the_grid_on_a_phone(browser, site_url: str) -> None:
    """The readout changes length as the pointer moves; were it above the grid, a line more or
    less would shift the cells under the pointer (a hover loop on a 390 px phone)."""
    context = browser.new_context(viewport={"width": 390, "height": 800}, locale="ko-KR")
    pg = context.new_page()
    try:
        pg.goto(site_url + "results/", wait_until="load")
        pg.wait_for_selector(f"{VIEWER}[data-ready=yes]")
        grid = pg.locator(f"{VIEWER} [data-grid]")
        grid.scroll_into_view_if_needed()
        before = grid.bounding_box()
        pg.locator(f'{VIEWER} .attention-viewer__cell[data-q="3"][data-k="1"]').hover()
        assert "query" in pg.locator(f"{VIEWER} [data-readout]").inner_text()
        assert grid.bounding_box() == before
    finally:
        context.close()
