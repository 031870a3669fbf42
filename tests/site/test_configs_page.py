"""The model-config page: every column of its table visible at 1280 px, its numbers generated,
and no sentence that contradicts the table (issue 12: "bias excluded" beside a count with biases,
"d_head is the same or similar" beside a table with 64 to 256)."""

from __future__ import annotations

import pytest

from tests.site.conftest import ROOT


def test_page_text_does_not_contradict_the_table() -> None:
    from docs.gen import configs as gen

    text = (ROOT / "docs" / "configs.md").read_text(encoding="utf-8")
    assert "bias 제외" not in text and "같거나 비슷" not in text
    assert '--8<-- "docs/generated/configs_table.md"' in text
    assert '--8<-- "docs/generated/configs_facts.md"' in text
    facts = gen.configs_facts()
    assert "2,362,368" in facts and "bias가 들어 있다" in facts
    assert "64, 96, 128, 192, 256" in facts


@pytest.mark.browser
def test_every_column_of_the_config_table_is_visible_at_1280(browser, site_url: str) -> None:
    from docs.gen import configs as gen

    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="ko-KR")
    try:
        page = context.new_page()
        response = page.goto(site_url + "configs/", wait_until="load")
        assert response is not None and response.ok
        tables = page.evaluate(
            """() => [...document.querySelectorAll('article table')].map(t => {
                const wrap = t.closest('.md-typeset__scrollwrap') || t.parentElement;
                const headers = [...t.querySelectorAll('th')].map(th => {
                    const r = th.getBoundingClientRect();
                    return [th.textContent.trim(), r.left, r.right];
                });
                const w = wrap.getBoundingClientRect();
                return {headers, scroll: wrap.scrollWidth, client: wrap.clientWidth,
                        left: w.left, right: w.right, viewport: window.innerWidth};
            })"""
        )
        (table,) = [t for t in tables if [h[0] for h in t["headers"]] == gen.HEADERS]
        assert table["scroll"] <= table["client"], table
        for name, left, right in table["headers"]:
            assert table["left"] - 1 <= left and right <= min(table["right"], 1280) + 1, name
    finally:
        context.close()
