"""The results page's tables: every column visible at 1280 px (issue 12)."""

from __future__ import annotations

import pytest

from tests.site.conftest import assert_every_column_visible, table_layouts


@pytest.mark.browser
def test_every_column_of_every_results_table_is_visible_at_1280(browser, site_url: str) -> None:
    tables = table_layouts(browser, site_url + "results/", skip="[data-attention-viewer]")
    assert len(tables) >= 2
    for table in tables:
        assert_every_column_visible(table)
