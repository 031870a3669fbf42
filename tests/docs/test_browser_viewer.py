"""The attention viewer and the static heatmaps in a real headless Chromium (issue 12): the viewer
is on the results page and the journal entry, every control changes what it shows, hovering a
cell names its query, key and weight, the expected pattern toggles, instant navigation starts it,
and the heatmap PNGs are shown at half their pixel size (sharp on 2x screens) with equal panels.

Read without the code (issue 21, point 4), at 1280 and 390 px (colours light and dark): recall
ticks decoded, a colour scale, ties as ties, single-option selects hidden, the instructive default,
the keyboard, the scroll hint only when the grid overflows, the head table below the map, and
the chosen seed's accuracy beside the seed mean. The oracles are the results file and the
task's own labeler, not the viewer's data."""

from __future__ import annotations

import json
import re

import pytest
import torch

from mha.experiments.heads.tasks import TASKS
from studylog.gen.common import RESULTS
from tests.docs import site
from tests.docs.browser import open_page, site_page
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
    # Start from a multi-head count model so the head control has a choice.
    _choose(page, "task", "count")
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


# ------------------------------------------------- read without the code (issue 21, point 4)

HEADS = json.loads((RESULTS / "heads.json").read_text(encoding="utf-8"))
#: The runs the viewer can show (not diverged, maps kept), in the results file's order.
SHOWN = [r for r in HEADS["runs"] if not r["diverged"] and "heatmap" in r["analysis"]]
#: Both widths in the light scheme: the colour scheme changes colours, never the layout, so the
#: viewer's layout and controls are checked once per width; the tests of colours and of what
#: must stay visible take every look (:data:`LOOKS`, both schemes).
WIDTHS = [(1280, "light"), (390, "light")]
LOOKS = [*WIDTHS, (1280, "dark"), (390, "dark")]
CELL = f"{VIEWER} .attention-viewer__cell"


def _look_id(look: tuple[int, str]) -> str:
    return f"{look[0]}px-{look[1]}"


#: For a test that depends on the colour scheme: every look.
every_look = pytest.mark.parametrize("look", LOOKS, indirect=True, ids=_look_id)


@pytest.fixture(scope="module", params=WIDTHS, ids=_look_id)
def look(request, browser, site_url: str):
    """A page at one width in one colour scheme (Material follows the system's preference)."""
    width, scheme = request.param
    with site_page(browser, site_url, width) as pg:
        pg.emulate_media(color_scheme=scheme)
        pg.look = request.param
        yield pg


def _open_look(pg, site_url: str):
    viewer = _open(pg, site_url, "results/")
    scheme = pg.evaluate("() => document.body.getAttribute('data-md-color-scheme')")
    assert scheme == {"light": "default", "dark": "slate"}[pg.look[1]]
    return viewer


def _key(r: dict) -> str:
    return f"{r['task']}/{r['level']}/{r['n_heads']}/{r['seed']}"


def _show(pg, r: dict) -> None:
    """Choose the run ``r`` of the results file with the viewer's controls (a hidden control
    has only the one value)."""
    for control, value in [("task", r["task"]), ("level", r["level"]), ("heads", r["n_heads"]),
                           ("seed", r["seed"])]:  # fmt: skip
        select = pg.locator(f'{VIEWER} [data-control="{control}"]')
        if select.is_visible():
            select.select_option(str(value))
    assert pg.locator(VIEWER).get_attribute("data-run") == _key(r)


def _drops(r: dict) -> list[float]:
    """The ablation drops of run ``r`` in %p, as the viewer prints them (one decimal)."""
    return [round(100 * d, 1) for d in r["analysis"]["ablation_drop"]]


def _shares(r: dict) -> list[float]:
    """The importance shares of run ``r`` in %, as the viewer prints them (one decimal)."""
    total = sum(r["analysis"]["importance"])
    return [round(100 * v / total, 1) for v in r["analysis"]["importance"]]


def test_the_viewer_opens_on_the_run_whose_heads_differ_most(look, site_url: str) -> None:
    """Not the first run of the file (one head counting at 57 %): the run of several heads where
    removing one head costs the most and removing another the least, on its most needed head."""
    viewer = _open_look(look, site_url)
    many = [r for r in SHOWN if r["n_heads"] > 1]
    best = max(many, key=lambda r: max(r["analysis"]["ablation_drop"])
               - min(r["analysis"]["ablation_drop"]))  # fmt: skip
    drops = best["analysis"]["ablation_drop"]
    assert viewer.get_attribute("data-state") == f"{_key(best)}/{drops.index(max(drops))}"
    for control, value in [("task", best["task"]), ("heads", best["n_heads"]),
                           ("seed", best["seed"])]:  # fmt: skip
        assert look.locator(f'{VIEWER} [data-control="{control}"]').input_value() == str(value)
    assert look.errors == []


def test_a_select_with_one_option_is_hidden(look, site_url: str) -> None:
    _open_look(look, site_url)
    tasks = look.locator(f'{VIEWER} [data-control="task"] option').evaluate_all(
        "os => os.map(o => o.value)"
    )
    hidden = set()
    for task in tasks:
        look.select_option(f'{VIEWER} [data-control="task"]', task)
        for control in ("task", "level", "heads", "seed", "head"):
            select = look.locator(f'{VIEWER} [data-control="{control}"]')
            n = select.locator("option").count()
            assert select.is_visible() == (n > 1), f"{task}: {control} with {n} options"
            if n < 2:
                hidden.add(control)
    # the results file decides what has a single option: levels per task, one-head models
    single_level = {t for t in tasks if len({r["level"] for r in SHOWN if r["task"] == t}) == 1}
    assert ("level" in hidden) == bool(single_level)
    one_head = next(r for r in SHOWN if r["n_heads"] == 1)
    _show(look, one_head)
    assert not look.locator(f'{VIEWER} [data-control="head"]').is_visible()
    assert look.errors == []


def test_recall_ticks_read_as_pairs_and_questions(look, site_url: str) -> None:
    """``k4=v2`` on a pair, ``k4?`` on a question; the expected cell of a question is the pair
    with its key, and that pair's value is the task's answer (its own labeler)."""
    _open_look(look, site_url)
    r = next(r for r in SHOWN if r["task"] == "recall")
    _show(look, r)
    knobs = HEADS["config"]["ladders"]["recall"][r["level"]]
    tokens = r["analysis"]["heatmap"]["tokens"]
    answers = TASKS["recall"].labeler(torch.tensor([tokens]), knobs)[0].tolist()
    n = knobs["pairs"]
    rows = look.locator(f"{VIEWER} .attention-viewer__label.is-query").all_inner_texts()
    columns = look.locator(f"{VIEWER} .attention-viewer__label.is-key").all_inner_texts()
    assert rows == columns and len(rows) == len(tokens)
    pairs = {}
    for i, label in enumerate(rows[:n]):
        m = re.fullmatch(rf"{i}:k(\d+)=v(\d+)", label)
        assert m, label
        pairs[m[1]] = (i, int(m[2]))
    for q, label in enumerate(rows[n:], start=n):
        m = re.fullmatch(rf"{q}:k(\d+)\?", label)
        assert m, label
        at, value = pairs[m[1]]
        assert value == answers[q], label
        assert "is-expected" in look.locator(f'{CELL}[data-q="{q}"][data-k="{at}"]').get_attribute(
            "class"
        )
    look.locator(f'{CELL}[data-q="{n}"][data-k="{pairs[rows[n].split(":k")[1][:-1]][0]}"]').click()
    readout = look.locator(f"{VIEWER} [data-readout]").inner_text()
    assert re.search(rf"query {n}:k\d+\? → key \d+:k\d+=v\d+ · 가중치 [\d.]+", readout), readout
    assert look.errors == []


@every_look
def test_the_colour_scale_runs_from_0_to_1_in_the_static_figures_colours(look, site_url) -> None:
    import matplotlib

    _open_look(look, site_url)
    scale = look.locator(f"{VIEWER} [data-scale]")
    assert scale.is_visible()
    assert scale.locator("[data-scale-min]").inner_text() == "0"
    assert scale.locator("[data-scale-max]").inner_text() == "1"
    gradient = scale.locator(".attention-viewer__scale-bar").evaluate(
        "b => getComputedStyle(b).backgroundImage"
    )
    stops = re.findall(r"rgb\((\d+), (\d+), (\d+)\)", gradient)
    viridis = matplotlib.colormaps["viridis"]
    for stop, x in [(stops[0], 0.0), (stops[-1], 1.0)]:
        want = [round(255 * c) for c in viridis(x)[:3]]
        assert [int(c) for c in stop] == pytest.approx(want, abs=2), (x, stop)
    zero = look.locator(f'{CELL}[data-w="0.000"]').first.evaluate(
        "c => getComputedStyle(c).backgroundColor"
    )
    assert zero == "rgb({}, {}, {})".format(*stops[0])
    assert look.errors == []


def test_ties_share_a_rank_and_a_drop_of_0_0_is_a_dash(look, site_url: str) -> None:
    _open_look(look, site_url)
    all_zero = next((r for r in SHOWN if r["n_heads"] > 1 and set(_drops(r)) == {0}), None)
    assert all_zero is not None, "no run whose every head costs 0.0 %p: nothing to check"
    _show(look, all_zero)
    drops = look.locator(f"{VIEWER} [data-drop]").all_inner_texts()
    assert drops == ["–"] * all_zero["n_heads"]
    tied = next(r for r in SHOWN if len(set(_shares(r))) < r["n_heads"])
    _show(look, tied)
    share = _shares(tied)
    for row in look.locator(f"{VIEWER} .attention-viewer__heads tbody tr").all():
        head = int(row.locator("button").get_attribute("data-head"))
        rank = 1 + sum(s > share[head] for s in share)
        joint = share.count(share[head]) > 1
        assert row.locator("[data-rank]").inner_text() == ("공동 " if joint else "") + f"{rank}위"
    distinct = next(r for r in SHOWN if r["n_heads"] > 1 and 0 not in _drops(r)
                    and len(set(_drops(r))) == r["n_heads"])  # fmt: skip
    _show(look, distinct)
    drops = look.locator(f"{VIEWER} [data-drop]").all_inner_texts()
    assert all(re.fullmatch(r"[\d.]+%p \(\d+위\)", d) for d in drops), drops
    assert look.errors == []


@every_look
def test_the_keyboard_moves_over_the_grid_and_chooses_a_cell(look, site_url: str) -> None:
    _open_look(look, site_url)
    T = look.locator(f"{VIEWER} .attention-viewer__label.is-query").count()
    assert look.locator(f'{CELL}[tabindex="0"]').count() == 1  # one tab stop for the grid
    assert look.locator(f'{CELL}[tabindex="-1"]').count() == T * T - 1

    def focused():
        return look.evaluate("() => [document.activeElement.dataset.q, document.activeElement"
                             ".dataset.k].map(Number)")  # fmt: skip

    look.focus(f'{VIEWER} [data-control="overlay"]')
    look.keyboard.press("Tab")
    assert focused() == [0, 0]
    for key in ["ArrowRight", "ArrowDown", "ArrowDown", "ArrowUp", "ArrowDown", "ArrowLeft",
                "ArrowRight"]:  # fmt: skip
        look.keyboard.press(key)
    assert focused() == [2, 1]
    look.keyboard.press("ArrowUp")
    look.keyboard.press("ArrowUp")
    look.keyboard.press("ArrowUp")  # stops at the edge
    look.keyboard.press("End")
    assert focused() == [0, T - 1]
    outline = look.evaluate("() => { const s = getComputedStyle(document.activeElement);"
                            " return [s.outlineStyle, parseFloat(s.outlineWidth)]; }")  # fmt: skip
    assert outline[0] != "none" and outline[1] >= 2, outline
    labels = look.locator(f"{VIEWER} .attention-viewer__label.is-query").all_inner_texts()
    readout = look.locator(f"{VIEWER} [data-readout]")
    assert f"query {labels[0]} → key {labels[T - 1]}" in readout.inner_text()
    look.keyboard.press("Enter")
    selected = look.locator(f"{CELL}.is-selected")
    assert selected.count() == 1 and selected.get_attribute("aria-selected") == "true"
    assert (selected.get_attribute("data-q"), selected.get_attribute("data-k")) == ("0", str(T - 1))
    look.keyboard.press("Home")
    look.keyboard.press("ArrowDown")
    look.keyboard.press(" ")
    assert (selected.get_attribute("data-q"), selected.get_attribute("data-k")) == ("1", "0")
    assert look.locator(f'{CELL}[aria-selected="true"]').count() == 1
    look.focus(f'{VIEWER} [data-control="overlay"]')  # focus leaves: the choice stays
    assert f"query {labels[1]} → key {labels[0]}" in readout.inner_text()
    head = look.locator(f'{VIEWER} [data-control="head"]')
    head.select_option(head.locator("option").nth(1).get_attribute("value"))
    assert (selected.get_attribute("data-q"), selected.get_attribute("data-k")) == ("1", "0")
    assert look.errors == []


def test_the_scroll_hint_shows_only_when_the_grid_overflows(look, site_url: str) -> None:
    _open_look(look, site_url)
    width = look.look[0]
    for task in sorted({r["task"] for r in SHOWN}):
        look.select_option(f'{VIEWER} [data-control="task"]', task)
        scroller = look.locator(f"{VIEWER} .attention-viewer__scroller")
        overflows = scroller.evaluate("s => s.scrollWidth > s.clientWidth + 1")
        hint = look.locator(f"{VIEWER} [data-scroll-hint]")
        assert hint.is_visible() == overflows, task
        assert overflows == (width == 390), f"{task} at {width} px"
        if overflows:
            assert "옆으로 밀어 보기" in hint.inner_text()
    assert look.errors == []


def test_the_head_table_is_below_the_map(look, site_url: str) -> None:
    """The page's text says "아래 표": so it is, at every width."""
    _open_look(look, site_url)
    grid = look.locator(f"{VIEWER} [data-grid]").bounding_box()
    table = look.locator(f"{VIEWER} .attention-viewer__heads").bounding_box()
    assert table["y"] >= grid["y"] + grid["height"]
    text = look.locator("article").inner_text()
    assert "오른쪽 표" not in text and "칸을 누르거나 마우스를 올리면" in text


def test_the_chosen_seed_s_accuracy_stands_beside_the_seed_mean(look, site_url: str) -> None:
    _open_look(look, site_url)
    summary = {(s["task"], s["level"], s["n_heads"]): s for s in HEADS["summary"]}

    def texts(r):
        s = summary[r["task"], r["level"], r["n_heads"]]
        return (
            f"시드 {r['seed']} {100 * r['analysis']['base_accuracy']:.1f}%",
            f"시드 {s['n_seeds'] - s['n_diverged']}개 평균 {100 * s['val_accuracy_mean']:.1f}%",
        )

    differ = next(r for r in SHOWN if len({t.split()[-1] for t in texts(r)}) == 2)
    _show(look, differ)
    shown = look.locator(f"{VIEWER} [data-accuracy]").inner_text()
    assert all(t in shown for t in texts(differ)), shown
    assert look.errors == []
