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
    assert "64, 80, 96, 128, 192, 256" in facts


def test_the_sliding_window_sentence_comes_from_the_table() -> None:
    """Issue 20: each model with local layers, its 32k cache with and without the window."""
    from docs.gen import configs as gen
    from mha import config

    facts = gen.configs_facts()
    windowed = 0
    for name, title in config.BUILTIN_TITLES.items():
        spec = config.describe(config.load_builtin(name), gen.DTYPE_BYTES)
        if spec.local_layers:
            full = config.human_bytes(spec.kv_cache_bytes_per_token * gen.LONG_CONTEXT)
            cut = config.human_bytes(spec.kv_cache_bytes(gen.LONG_CONTEXT))
            assert f"{title} {full} → **{cut}**" in facts
            windowed += 1
    assert windowed >= 5  # Mistral, Gemma 2 and 3, Phi-3, StarCoder2


@pytest.mark.browser
def test_every_column_of_the_config_table_is_visible_at_1280(browser, site_url: str) -> None:
    from docs.gen import configs as gen

    tables = table_layouts(browser, site_url + "configs/")
    (table,) = [t for t in tables if [h[0] for h in t["headers"]] == gen.HEADERS]
    assert_every_column_visible(table)
