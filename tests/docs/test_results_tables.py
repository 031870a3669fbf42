"""The results page's tables: every column visible at 1280 px (issue 12); on a phone the accuracy
of the study table is on screen (issue 11)."""

from __future__ import annotations

import pytest

from tests.docs.browser import assert_every_column_visible, table_layouts


@pytest.mark.browser
def test_every_column_of_every_results_table_is_visible_at_1280(browser, site_url: str) -> None:
    tables = table_layouts(browser, site_url + "results/", skip="[data-attention-viewer]")
    assert len(tables) >= 2
    for table in tables:
        assert_every_column_visible(table)


@pytest.mark.browser
def test_the_study_tables_fit_a_phone(browser, site_url: str) -> None:
    """At 390 px the head-count tables (head, accuracy, spread, converged, loss) need no sideways
    scrolling: the constant columns (parameters, steps) live in the caption."""
    tables = table_layouts(
        browser, site_url + "results/", skip="[data-attention-viewer]", width=390
    )
    study = [t for t in tables if [h[0] for h in t["headers"][:2]] == ["head", "검증 정확도"]]
    assert len(study) >= 4
    for table in study:
        assert_every_column_visible(table, width=390)


@pytest.mark.browser
@pytest.mark.parametrize("width", [1280, 390])
def test_the_answer_opens_bold_and_the_search_holds_what_is_still_learning(
    browser, site_url: str, width: int
) -> None:
    """As the reader sees it: the page's first paragraph, right under its title, is one bold
    sentence (all of it inside <strong>); the search table's second column (the answer)
    says 보류 in the row of every setting whose results file has a head count still learning,
    and only there."""
    import json

    from studylog.gen.common import RESULTS
    from tests.docs.browser import open_page, site_page

    search = json.loads((RESULTS / "heads_search.json").read_text(encoding="utf-8"))
    with site_page(browser, site_url, width=width) as page:
        open_page(page, site_url, "results/")
        first = page.evaluate(
            """() => {
                const p = document.querySelector('article h1 ~ p');  // the first under the title
                const strong = p.querySelector('strong');
                return {text: p.textContent.trim(), bold: strong ? strong.textContent.trim() : ''};
            }"""
        )
        cells = page.evaluate(
            """() => {
                const t = [...document.querySelectorAll('article table')].find(t =>
                    [...t.querySelectorAll('th')].some(th => th.textContent.includes('적은 head')));
                return [...t.querySelectorAll('tbody tr')].map(r =>
                    [r.cells[0].textContent.trim(), r.cells[1].textContent]);
            }"""
        )
    assert first["text"] and first["text"] == first["bold"] and first["text"].endswith("다.")
    held = {name: "보류" in last for name, last in cells}
    assert held == {f"{v['task']} 수준 {v['level']}": bool(v["still_learning"])
                    for v in search["verdict"]}  # fmt: skip
