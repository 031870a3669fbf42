"""The model-config page: every column of its table visible at 1280 px, its numbers generated,
and no sentence that contradicts the table (issue 12: "bias excluded" beside a count with biases,
"d_head is the same or similar" beside a table with 64 to 256)."""

from __future__ import annotations

import pytest

from tests.docs.browser import assert_every_column_visible, table_layouts
from tests.helpers import ROOT


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

    tables = table_layouts(browser, site_url + "configs/")
    (table,) = [t for t in tables if [h[0] for h in t["headers"]] == gen.HEADERS]
    assert_every_column_visible(table)
