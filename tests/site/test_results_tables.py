"""The results page's tables: every column visible at 1280 px (issue 12)."""

from __future__ import annotations

import pytest


@pytest.mark.browser
def test_every_column_of_every_results_table_is_visible_at_1280(browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="ko-KR")
    try:
        page = context.new_page()
        response = page.goto(site_url + "results/", wait_until="load")
        assert response is not None and response.ok
        tables = page.evaluate(
            """() => [...document.querySelectorAll('article table')]
                .filter(t => !t.closest('[data-attention-viewer]'))
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
        )
        assert len(tables) >= 2
        for table in tables:
            assert table["scroll"] <= table["client"] + 1, table["headers"]
            for name, left, right in table["headers"]:
                assert table["left"] - 1 <= left and right <= min(table["right"], 1280) + 1, name
    finally:
        context.close()
