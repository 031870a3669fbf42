"""The committed full run and the pages made from it agree."""

from __future__ import annotations

import json
import re

import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st

from docs.gen.common import RESULTS, header, load_json, stale
from docs.gen.heads import VIEWER_DATA, expected_keys, ranks
from mha.experiments.heads.plots import heatmap_figure
from mha.experiments.heads.tasks import TASKS
from tests.docs import site


@pytest.fixture(scope="module")
def files(generated_files) -> dict:
    """What the heads generator makes (from the session's one rendering of every figure)."""
    return {rel: generated_files[rel] for rel in generated_files
            if rel.startswith(("generated/heads_", "results/heads_"))}  # fmt: skip


def test_committed_results_have_the_study_grid():
    from mha.experiments.heads.cli import ALL_HEADS, NOTE_HEADS, STUDY

    data = load_json(RESULTS / "heads.json")
    cfg = data["config"]
    assert cfg["settings"] == [s.to_dict() for s in STUDY] and len(cfg["seeds"]) >= 5
    sweeps = {s["task"] for s in cfg["settings"] if tuple(s["heads"]) == ALL_HEADS}
    assert sweeps >= {"count", "recall"}
    assert all(set(NOTE_HEADS) <= set(s["heads"]) for s in cfg["settings"])
    for row in data["summary"]:
        assert isinstance(row["converged"], bool) and len(row["budget_accuracy"]) >= 3
        assert row["n_seeds"] >= 5
    for task in ("count", "recall"):
        assert len({s["params"] for s in data["summary"] if s["task"] == task}) == 1
    assert (RESULTS / "heads.json").stat().st_size < 2_000_000


def test_committed_search_keeps_every_setting_it_tried():
    from mha.experiments.heads.cli import SEARCH

    search = load_json(RESULTS / "heads_search.json")
    assert search["config"]["grid"] == "search"
    assert search["config"]["settings"] == [s.to_dict() for s in SEARCH]
    assert [(v["task"], v["level"]) for v in search["verdict"]] == [
        (s.task, s.level) for s in SEARCH
    ]
    assert len(search["config"]["seeds"]) >= 5


def test_the_search_outcome_is_what_its_file_says(files):
    from docs.gen.heads import cost_side

    found = cost_side(load_json(RESULTS / "heads_search.json")) + cost_side(
        load_json(RESULTS / "heads.json")
    )
    page = files["generated/heads_search.md"]
    assert ("비용 쪽을 찾았다" in page) == bool(found)
    assert ("찾지 못했다" in page) == (not found)
    for _, p in found:  # a win claimed is a confident gap between converged head counts
        assert p["converged"] and p["confident"] and p["gap"] > p["spread"] and p["a"] < p["b"]
    # the journal's sentence about it holds: in recall, the model with the most heads lost
    from docs.gen.common import DOCS

    journal = (DOCS / "blog/posts/2026-10-05.md").read_text(encoding="utf-8")
    claimed = "head가 가장 많은 모델이 진 것을" in journal
    most = max(s["n_heads"] for s in load_json(RESULTS / "heads.json")["summary"])
    assert claimed == any(v["task"] == "recall" and p["b"] == most for v, p in found)


ANSWER_PAGES = site.sources_including("heads_answer.md")


def test_the_results_page_gives_the_answer():
    assert "results/index.md" in ANSWER_PAGES


@pytest.mark.parametrize("page", ANSWER_PAGES)
def test_the_answer_comes_first(page):
    """The per-task answer and the accuracy-against-heads figure come before any table."""
    from docs.gen.common import DOCS

    text = (DOCS / page).read_text(encoding="utf-8")
    answer = text.index('--8<-- "docs/generated/heads_answer.md"')
    figure = text.index('--8<-- "docs/generated/heads_accuracy')
    first_table = min(text.index(f'--8<-- "docs/generated/{name}.md"')
                      for name in ("heads_table", "heads_search", "heads_budget_table")
                      if f"docs/generated/{name}.md" in text)  # fmt: skip
    assert answer < figure < first_table


def test_every_setting_has_its_own_answer(files):
    data = load_json(RESULTS / "heads.json")
    bullets = [line for line in files["generated/heads_answer.md"].splitlines()
               if line.startswith("- **`")]  # fmt: skip
    assert [b.split("`")[1] for b in bullets] == [v["task"] for v in data["verdict"]]
    assert len(set(bullets)) == len(bullets)


def test_fragments_and_figures(files):
    fragments = [rel for rel in files if rel.startswith("generated/heads_") and rel.endswith(".md")]
    assert len(fragments) >= 10, fragments  # found in what the generator makes, not listed
    for rel in fragments:  # each names the results file it was made from
        source = "heads_search.json" if rel == "generated/heads_search.md" else "heads.json"
        assert files[rel].startswith(header(f"results/{source}")), rel
    for png in ("heads_accuracy.png", "heads_budgets.png"):
        assert files[f"results/{png}"].startswith(b"\x89PNG")
    figures = files["generated/heads_figures.md"]
    for png in re.findall(r"\]\((heads_[^)]+\.png)\)", figures):
        assert f"results/{png}" in files
    assert "results/heads_curves_count.png" in files
    assert "results/heads_heatmap_count_h8.png" in files


def test_committed_pages_match_the_results(files):
    assert stale(files) == [], "run: python -m docs.gen"


# ----------------------------------------------------------------------------- attention viewer

sequences = st.integers(2, 20).flatmap(lambda T: st.lists(st.integers(0, 5), min_size=T,
                                                          max_size=T))  # fmt: skip


@given(sequences)
def test_count_pattern_holds_what_the_label_counts(tokens):
    """The keys marked for query t are the positions <= t with t's token: one more than the
    label (the task's own labeler is the oracle)."""
    labels = TASKS["count"].labeler(torch.tensor([tokens]), {})[0].tolist()
    for q, keys in enumerate(expected_keys("count", {}, tokens)):
        assert len(keys) == labels[q] + 1
        assert all(k <= q and tokens[k] == tokens[q] for k, _ in keys)


@given(sequences)
def test_reverse_pattern_points_at_the_answer(tokens):
    labels = TASKS["reverse"].labeler(torch.tensor([tokens]), {})[0].tolist()
    for q, keys in enumerate(expected_keys("reverse", {}, tokens)):
        assert [tokens[k] for k, _ in keys] == [labels[q]]


@given(sequences, st.integers(1, 4))
def test_relations_pattern_spells_the_label(tokens, n):
    """Reading the marked keys' tokens in order as base-vocab digits gives the label."""
    vocab = 6
    knobs = {"vocab": vocab, "relations": n, "length": len(tokens)}
    labels = TASKS["relations"].labeler(torch.tensor([tokens]), knobs)[0].tolist()
    for q, keys in enumerate(expected_keys("relations", knobs, tokens)):
        assert len(keys) == n
        value = 0
        for k, _ in keys:
            value = value * vocab + tokens[k]
        assert value == labels[q]


def test_viewer_data_is_every_run_of_the_results_file_with_maps(files):
    data = load_json(RESULTS / "heads.json")
    viewer = json.loads(files[VIEWER_DATA])
    assert viewer["generated"].endswith("do not edit by hand")
    with_maps = [r for r in data["runs"] if r["diverged"] or "heatmap" in r["analysis"]]
    assert len(viewer["runs"]) == len(with_maps)
    for r in with_maps:
        v = viewer["runs"][f"{r['task']}/{r['level']}/{r['n_heads']}/{r['seed']}"]
        assert v["diverged"] == r["diverged"]
        if r["diverged"]:
            continue
        a = r["analysis"]
        assert v["ablation_drop"] == pytest.approx(a["ablation_drop"], abs=1e-4)
        total = sum(a["importance"])
        assert v["importance_share"] == pytest.approx([i / total for i in a["importance"]],
                                                      abs=1e-4)  # fmt: skip
        top = max(range(r["n_heads"]), key=lambda i: a["importance"][i])
        assert v["importance_rank"][top] == 1
        got = torch.tensor(v["weights_x1000"], dtype=torch.float64) / 1000
        want = torch.tensor(a["heatmap"]["weights"], dtype=torch.float64)
        assert got.shape == want.shape and torch.allclose(got, want, atol=5e-4)
        level = next(t for t in viewer["tasks"] if t["name"] == r["task"])["levels"]
        assert level[str(r["level"])]["tokens"] == a["heatmap"]["tokens"]


def test_ranks_match_sorting():
    assert ranks([0.2, 0.5, 0.1, 0.5]) == [3, 1, 4, 2]


def test_heatmap_panels_have_the_same_size_for_any_head_count():
    """The static figures of 1, 4 and 8 heads draw every panel at the same size in inches."""
    import matplotlib.pyplot as plt

    T = 16
    sizes = set()
    for h in (1, 4, 8):
        fig = heatmap_figure([[[1 / T] * T] * T] * h, list(range(T)))
        w, hgt = fig.get_size_inches()
        for ax in fig.axes[:h]:  # the last axes is the colour bar
            box = ax.get_position()
            sizes.add((round(box.width * w, 6), round(box.height * hgt, 6)))
        plt.close(fig)
    assert len(sizes) == 1


def test_figure_markup_shows_each_png_at_half_its_pixels(files):
    for name, width in re.findall(r"\]\((heads_heatmap_[^)]+\.png)\)\{[^}]*width=\"(\d+)\"",
                                   files["generated/heads_figures.md"]):  # fmt: skip
        png = files[f"results/{name}"]
        assert int.from_bytes(png[16:20], "big") // 2 == int(width)


def test_without_a_hangul_font_figures_still_render_and_count_as_another_renderer(monkeypatch):
    """A machine without fonts-nanum draws English labels; its PNGs carry another Software tag,
    so ``docs.gen --check`` does not call the committed (NanumGothic) figures stale there."""
    from docs.gen import heads as gen
    from docs.gen.common import png_software
    from mha.experiments.heads import plots

    data = load_json(RESULTS / "heads.json")
    data["runs"] = [r for r in data["runs"] if r["task"] == "count"]
    monkeypatch.setattr(plots, "hangul_font", lambda: None)
    files, _ = gen.figures(data)
    png = files["results/heads_heatmap_count_h4.png"]
    assert png.startswith(b"\x89PNG") and "no Hangul font" in png_software(png)
    committed = (RESULTS / "heads_heatmap_count_h4.png").read_bytes()
    assert png_software(committed) != png_software(png)
    assert stale({"results/heads_heatmap_count_h4.png": png}) == []


def test_the_design_section_names_the_grids_head_counts():
    """The hand-written design bullet states the sweep and the note's head counts: they are the
    grid's (a changed grid turns this red instead of leaving the page wrong)."""
    from docs.gen.common import DOCS
    from mha.experiments.heads.cli import ALL_HEADS, NOTE_HEADS, STUDY

    text = (DOCS / "results/index.md").read_text(encoding="utf-8")
    sweep = ", ".join(map(str, ALL_HEADS))
    assert f"\\(h \\in \\{{{sweep}\\}}\\)" in text
    swept = sorted({s.task for s in STUDY if s.heads == ALL_HEADS})
    assert "(" + ", ".join(f"`{t}`" for t in swept) + ")" in text
    assert f"{', '.join(map(str, NOTE_HEADS))}만 돌렸다" in text
