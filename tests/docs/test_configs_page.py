"""The model-config page: every column of its table visible at 1280 px, its numbers generated,
and no sentence that contradicts the table (issue 12: "bias excluded" beside a count with biases,
"d_head is the same or similar" beside a table with 64 to 256); the journal's extract of that
table, cut from the same rows, fits the journal's column (issue 21: 728 px in a 720 px column);
and no size in either table wraps away from its unit ("36.0 / KiB")."""

from __future__ import annotations

import pytest

from tests.docs import site
from tests.docs.browser import assert_every_column_visible, open_page, site_page, table_layouts
from tests.helpers import ROOT


def _cells(fragment: str) -> tuple[list[str], list[list[str]]]:
    """The header and the rows of the one Markdown table in ``fragment``."""
    lines = [line for line in fragment.splitlines() if line.startswith("| ")]
    split = [[c.strip() for c in line.strip("|").split("|")] for line in lines]
    return split[0], split[2:]


def test_page_text_does_not_contradict_the_table() -> None:
    from studylog.gen import configs as gen

    text = (ROOT / "docs" / "configs.md").read_text(encoding="utf-8")
    assert "bias 제외" not in text and "같거나 비슷" not in text
    assert '--8<-- "docs/generated/configs_table.md"' in text
    assert '--8<-- "docs/generated/configs_facts.md"' in text
    facts = gen.configs_facts()
    assert "2,362,368" in facts and "bias가 들어 있다" in facts
    assert "64, 80, 96, 128, 192, 256" in facts


def test_the_sliding_window_sentence_comes_from_the_table() -> None:
    """Issue 20: each model with local layers, its 32k cache with and without the window."""
    from mha import config
    from studylog.gen import configs as gen

    facts = gen.configs_facts()
    windowed = 0
    for name, title in config.BUILTIN_TITLES.items():
        spec = config.describe(config.load_builtin(name), gen.DTYPE_BYTES)
        if not spec.local_layers:
            continue
        cut = config.human_bytes(spec.kv_cache_bytes(gen.LONG_CONTEXT))
        if "chunked" in spec.layer_kinds:  # its own sentence: chunks, not a sliding window
            assert f"{title}는 {spec.layer_counts['chunked']}층이" in facts and cut in facts
        else:
            full = config.human_bytes(spec.kv_cache_bytes_per_token * gen.LONG_CONTEXT)
            assert f"{title} {full} → **{cut}**" in facts
            windowed += 1
    assert windowed >= 5  # Mistral, Gemma 2 and 3, Phi-3, StarCoder2


def test_a_hybrid_model_s_cache_counts_its_attention_layers_alone() -> None:
    """Issue 35: Qwen3-Next keeps K/V in 12 of its 48 layers; the page says both figures."""
    from mha import config
    from studylog.gen import configs as gen

    spec = config.describe(config.load_builtin("qwen3-next-80b-a3b"), gen.DTYPE_BYTES)
    every = spec.kv_cache_bytes_per_token // spec.attention_layers * spec.n_layers
    facts = gen.configs_facts()
    assert f"**{config.human_bytes(spec.kv_cache_bytes(gen.LONG_CONTEXT))}**" in facts
    assert config.human_bytes(every * gen.LONG_CONTEXT) in facts
    assert "48 (attention 12)" in gen.configs_table()


@pytest.mark.browser
def test_every_column_of_the_config_table_is_visible_at_1280(browser, site_url: str) -> None:
    from studylog.gen import configs as gen

    tables = table_layouts(browser, site_url + "configs/")
    (table,) = [t for t in tables if [h[0] for h in t["headers"]] == gen.HEADERS]
    assert_every_column_visible(table)


def test_the_journal_extract_is_the_full_table_cut_down() -> None:
    """Same models in the same order, each kept cell equal to the full table's; the journal
    includes the extract (not the 12-column table) and its sentence links the full table."""
    from studylog.gen import configs as gen

    full_head, full = _cells(gen.configs_table())
    part_head, part = _cells(gen.configs_journal())
    assert full_head == gen.HEADERS and part_head == gen.JOURNAL_HEADERS
    assert len(part_head) == 5 and part_head[0] == "모델"
    keep = [full_head.index(h) for h in part_head]
    assert part == [[row[i] for i in keep] for row in full]
    assert site.sources_including("configs_journal.md") != []
    for source in site.sources_including("configs_journal.md"):
        assert source.startswith("blog/posts/"), source  # the fragment's link is relative to it
    assert not [s for s in site.sources_including("configs_table.md") if "blog/" in s]
    assert "(../../configs.md#생성된-표)" in gen.configs_journal()
    with pytest.raises(ValueError, match="headers"):
        gen._table(["모델", "GPU"])


@pytest.mark.browser
def test_every_column_of_the_journal_extract_is_visible_at_1280(browser, site_url) -> None:
    from studylog.gen import configs as gen

    (source,) = site.sources_including("configs_journal.md")
    page = site.pages()[source].removesuffix("index.html")
    tables = table_layouts(browser, site_url + page)
    (table,) = [t for t in tables if [h[0] for h in t["headers"]] == gen.JOURNAL_HEADERS]
    assert_every_column_visible(table)


FRAGMENTS = ("configs_table.md", "configs_journal.md")

#: The text lines of every cell of the config tables but the model's name: a cell whose text
#: stands on more than one line (its characters' boxes at more than one height).
WRAPPED_JS = r"""() => [...document.querySelectorAll('article .config-table td:not(:first-child)')]
    .filter(td => {
        const range = document.createRange();
        range.selectNodeContents(td);
        const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        return tops.size > 1;
    }).map(td => td.textContent)"""


@pytest.mark.browser
@pytest.mark.parametrize("width", [1280, 390])
def test_no_size_wraps_away_from_its_unit(browser, site_url: str, width: int) -> None:
    sources = [s for f in FRAGMENTS for s in site.sources_including(f)]
    assert len(sources) >= 2  # the config page and the journal
    with site_page(browser, site_url, width) as pg:
        for path in [site.pages()[s].removesuffix("index.html") for s in sources]:
            open_page(pg, site_url, path)
            assert pg.locator("article .config-table td").count() > 0, path
            assert pg.evaluate(WRAPPED_JS) == [], (path, width)
