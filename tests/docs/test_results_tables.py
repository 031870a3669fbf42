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
