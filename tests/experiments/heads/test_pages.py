"""The committed full run and the pages made from it agree."""

from __future__ import annotations

import re

import pytest

from docs.gen.common import RESULTS, header, load_json, stale


@pytest.fixture(scope="module")
def files(generated_files) -> dict:
    """What the heads generator makes (from the session's one rendering of every figure)."""
    return {rel: generated_files[rel] for rel in generated_files
            if rel.startswith(("generated/heads_", "results/heads_"))}  # fmt: skip


def test_committed_results_have_the_study_grid():
    data = load_json(RESULTS / "heads.json")
    cfg = data["config"]
    assert set(cfg["tasks"]) >= {"count", "reverse"} and len(cfg["tasks"]) >= 3
    assert cfg["heads"] == [1, 4, 8] and len(cfg["seeds"]) >= 5
    assert (
        len({s["params"] for s in data["summary"] if s["level"] == 0 and s["task"] == "count"}) == 1
    )
    assert (RESULTS / "heads.json").stat().st_size < 2_000_000


def test_fragments_and_figures(files):
    for name in ("table", "verdict", "analysis", "figures"):
        text = files[f"generated/heads_{name}.md"]
        assert text.startswith(header("results/heads.json"))
    figures = files["generated/heads_figures.md"]
    for png in re.findall(r"\]\((heads_[^)]+\.png)\)", figures):
        assert f"results/{png}" in files
    assert "results/heads_curves_count.png" in files
    assert "results/heads_heatmap_count_h8.png" in files


def test_committed_pages_match_the_results(files):
    assert stale(files) == [], "run: python -m docs.gen"
