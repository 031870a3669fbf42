"""The committed full run and the pages made from it agree."""

from __future__ import annotations

import json
import re

import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st

from mha.experiments.heads.plots import heatmap_figure
from mha.experiments.heads.tasks import TASKS
from studylog.gen.common import RESULTS, header, load_json, stale
from studylog.gen.heads import VIEWER_DATA, expected_keys, ranks
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
    from studylog.gen.heads import cost_side

    found = cost_side(load_json(RESULTS / "heads_search.json")) + cost_side(
        load_json(RESULTS / "heads.json")
    )
    page = files["generated/heads_search.md"]
    assert ("비용 쪽을 찾았다" in page) == bool(found)
    assert ("찾지 못했다" in page) == (not found)
    for _, p in found:  # a win claimed is a confident gap between converged head counts
        assert p["converged"] and p["confident"] and p["gap"] > p["spread"] and p["a"] < p["b"]
    # the journal's sentence about it holds: in recall, the model with the most heads lost
    from studylog.gen.common import DOCS

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
    from studylog.gen.common import DOCS

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
    assert stale(files) == [], "run: python -m studylog.gen"


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
    """The static figures of 1, 4 and 8 heads draw every panel at the same size in inches, in
    the laptop's layout (two a row) and the phone's (one a row)."""
    import matplotlib.pyplot as plt

    T = 16
    sizes = set()
    for h in (1, 4, 8):
        for narrow in (False, True):
            fig = heatmap_figure([[[1 / T] * T] * T] * h, list(range(T)), narrow=narrow)
            w, hgt = fig.get_size_inches()
            for ax in fig.axes[:h]:  # the last axes is the colour bar
                box = ax.get_position()
                sizes.add((round(box.width * w, 6), round(box.height * hgt, 6)))
            plt.close(fig)
    assert len(sizes) == 1


def test_a_phone_gets_one_heatmap_panel_a_row():
    import matplotlib.pyplot as plt

    T = 16
    fig = heatmap_figure([[[1 / T] * T] * T] * 4, list(range(T)), narrow=True)
    lefts = {round(ax.get_position().x0, 6) for ax in fig.axes[:4]}
    plt.close(fig)
    assert len(lefts) == 1


#: A figure's image (Markdown) or phone source (``<source>``) in a fragment, with its size.
SHOWN = re.compile(r'(?:\]\(|srcset=")(?:\.\./)*(?:results/)?(heads_[\w]+\.png)[)"]'
                   r'(?:\{[^}]*?)? ?width="(\d+)" height="(\d+)"')  # fmt: skip


def test_figure_markup_shows_each_png_at_half_its_pixels(files):
    fragments = "".join(text for rel, text in files.items() if rel.endswith(".md"))
    shown = SHOWN.findall(fragments)
    assert {name for name, _, _ in shown} >= {"heads_accuracy.png", "heads_accuracy_narrow.png",
                                               "heads_heatmap_count_h8_narrow.png"}  # fmt: skip
    for name, width, height in shown:
        png = files[f"results/{name}"]
        size = (int.from_bytes(png[16:20], "big") // 2, int.from_bytes(png[20:24], "big") // 2)
        assert size == (int(width), int(height)), name


@pytest.mark.slow  # draws a task's heatmaps for real: seconds
def test_without_a_hangul_font_figures_still_render_and_count_as_another_renderer(monkeypatch):
    """A machine without fonts-nanum draws English labels; its PNGs carry another Software tag,
    so ``studylog.gen --check`` does not call the committed (NanumGothic) figures stale there."""
    from house import figures
    from studylog.gen import heads as gen
    from studylog.gen.common import png_software

    data = load_json(RESULTS / "heads.json")
    data["runs"] = [r for r in data["runs"] if r["task"] == "count"]
    monkeypatch.setattr(figures, "hangul_font", lambda: None)
    files, _ = gen.figures(data)
    png = files["results/heads_heatmap_count_h4.png"]
    assert png.startswith(b"\x89PNG") and "no Hangul font" in png_software(png)
    committed = (RESULTS / "heads_heatmap_count_h4.png").read_bytes()
    assert png_software(committed) != png_software(png)
    assert stale({"results/heads_heatmap_count_h4.png": png}) == []


def test_the_design_section_names_the_grids_head_counts():
    """The hand-written design bullet states the sweep and the note's head counts: they are the
    grid's (a changed grid turns this red instead of leaving the page wrong)."""
    from mha.experiments.heads.cli import ALL_HEADS, NOTE_HEADS, STUDY
    from studylog.gen.common import DOCS

    text = (DOCS / "results/index.md").read_text(encoding="utf-8")
    sweep = ", ".join(map(str, ALL_HEADS))
    assert f"\\(h \\in \\{{{sweep}\\}}\\)" in text
    swept = sorted({s.task for s in STUDY if s.heads == ALL_HEADS})
    assert "(" + ", ".join(f"`{t}`" for t in swept) + ")" in text
    assert f"{', '.join(map(str, NOTE_HEADS))}만 돌렸다" in text


# ----------------------------------------------------------------------------- claims and words


def _search_rows(page: str) -> dict[str, list[str]]:
    """The search table's rows by their first cell (``"`recall` 수준 2"``)."""
    rows = [line for line in page.splitlines() if line.startswith("| `")]
    cells = [[c.strip() for c in row.strip("|").split("|")] for row in rows]
    return {c[0]: c for c in cells}


def test_the_search_table_holds_judgement_exactly_where_a_head_count_is_still_learning(files):
    search = load_json(RESULTS / "heads_search.json")
    rows = _search_rows(files["generated/heads_search.md"])
    assert len(rows) == len(search["verdict"])
    for v in search["verdict"]:
        last = rows[f"`{v['task']}` 수준 {v['level']}"][1]  # the answer, beside the setting
        assert ("보류" in last) == bool(v["still_learning"]), (v["task"], v["level"], last)
        if v["still_learning"]:
            named = ", ".join(map(str, v["still_learning"])) + "개는 아직 배우는 중"
            assert named in last
        assert (last == "없음") == (not v["still_learning"] and not v["fewer_heads_win"])


def test_a_head_count_still_learning_is_held_with_its_gap_to_the_best():
    """On the committed search with one converged head count marked as still learning: its cell
    says 보류 with the gap of its mean to the setting's best, sign and all."""
    from studylog.gen.heads_tables import search_md

    search = load_json(RESULTS / "heads_search.json")
    v = search["verdict"][0]
    rows = [r for r in search["summary"] if (r["task"], r["level"]) == (v["task"], v["level"])]
    worst = min(rows, key=lambda r: r["val_accuracy_mean"])
    v["still_learning"], v["fewer_heads_win"] = [worst["n_heads"]], []
    worst["converged"] = False
    gap = worst["val_accuracy_mean"] - max(r["val_accuracy_mean"] for r in rows)
    cell = _search_rows(search_md(search, load_json(RESULTS / "heads.json")))[
        f"`{v['task']}` 수준 {v['level']}"
    ][1]
    sign = "−" if round(gap, 3) < 0 else ""
    assert cell == f"보류 ({worst['n_heads']}개는 아직 배우는 중, {sign}{abs(gap):.3f})"


def test_every_seed_count_on_the_pages_is_the_results_files(files):
    """The captions and the answer state how many seeds ran; that is the results file's count."""
    for source, fragments in (
        ("heads.json", ("heads_table", "heads_answer", "heads_verdict")),
        ("heads_search.json", ("heads_search",)),
    ):
        seeds = load_json(RESULTS / source)["config"]["seeds"]
        for name in fragments:
            stated = re.findall(r"시드 (\d+)개\(([\d, ]+)\)", files[f"generated/{name}.md"])
            assert stated, name
            for n, listed in stated:
                assert int(n) == len(seeds) and listed == ", ".join(map(str, seeds)), name


def test_the_answer_opens_with_one_bold_sentence_made_from_the_verdicts(files):
    from studylog.gen.heads_note import note_answer, sweep_sentence

    data = load_json(RESULTS / "heads.json")
    body = files["generated/heads_headline.md"].split("\n", 1)[1].strip()
    first, rest = body.split("\n", 1)
    assert first == note_answer(data) and rest.strip() == sweep_sentence(data)
    assert first.startswith("**") and first.endswith(".**") and ". " not in first[2:-3]
    # what is defined before it is used: the legend comes before the first bullet
    answer = files["generated/heads_answer.md"]
    assert answer.index("**읽는 법.**") < answer.index("\n- **`")
    assert answer.index("**수준**") < answer.index("수준 0")


HEADLINE_PAGES = site.sources_including("heads_headline.md")


def test_the_note_answer_is_on_the_results_page_the_home_page_and_the_entry():
    assert {"results/index.md", "index.md", "blog/posts/2026-10-05.md"} <= set(HEADLINE_PAGES)


@pytest.mark.parametrize("page", HEADLINE_PAGES)
def test_the_note_answer_comes_before_any_other_result(page):
    from studylog.gen.common import DOCS

    text = (DOCS / page).read_text(encoding="utf-8")
    includes = re.finditer(r'--8<-- "docs/generated/heads_\w+', text)
    first = min(text.index(m.group(0)) for m in includes)
    assert text.index('--8<-- "docs/generated/heads_headline.md"') == first


def test_the_note_answer_numbers_are_the_tables_numbers(files):
    """One computation of one setting: every seed mean in the bold sentence is the record
    table's number for that task and head count, and its parameter count is the note's."""
    from mha.experiments.heads.cli import NOTE_HEADS
    from mha.params import attention_param_count

    data = load_json(RESULTS / "heads.json")
    first = files["generated/heads_headline.md"].split("\n")[2]
    assert f"{attention_param_count(data['config']['d_model'], 1):,}개" in first
    table = files["generated/heads_table.md"]
    for row in data["summary"]:
        if row["n_heads"] in NOTE_HEADS:
            assert f"`{row['task']}`" in first
            mean = f"{row['val_accuracy_mean']:.4f}"
            assert mean in first and mean in table


def test_a_changed_results_file_changes_the_note_answer():
    """Staleness: the sentence is recomputed from the file, so a different mean shows."""
    import copy

    from studylog.gen.heads_note import note_answer

    data = load_json(RESULTS / "heads.json")
    changed = copy.deepcopy(data)
    row = next(r for r in changed["summary"] if r["n_heads"] == 8)
    row["val_accuracy_mean"] = 0.12345
    assert "0.1235" in note_answer(changed) and "0.1235" not in note_answer(data)


#: The study note's questions about the head-count experiment, word for word.
NOTE_QUESTIONS = ("파라미터 수가 같은데 성능 차이가 나는가?",
                  "차이가 시드 간 편차보다 큰가? 작다면 '차이가 있다'고 쓰지 않는다.",
                  "차이가 시드 간 편차보다 큰가?")  # fmt: skip


@pytest.mark.parametrize("page", HEADLINE_PAGES)
def test_the_note_is_quoted_in_its_own_words(page):
    """Every double-quoted sentence in a paragraph where the note (노트) speaks is its own."""
    from studylog.gen.common import DOCS

    text = (DOCS / page).read_text(encoding="utf-8")
    paragraphs = [p for p in text.split("\n\n") if re.search("노트(가|는) ", p) and '"' in p]
    assert paragraphs, page
    for paragraph in paragraphs:
        for quoted in re.findall(r'"([^"]+)"', paragraph):
            assert quoted in NOTE_QUESTIONS, (page, quoted)


#: Generated phrases that read like machine output (issue 21): notation instead of words, a
#: separator that is also the list separator, and templates no person writes.
MACHINE_PHRASES = (
    " ≈ ",
    "`·`",
    " · 수준",
    "모든 head 수가 천장이다",
    "도 시드 편차를 넘지 않는다",
    ") 쪽이 ",  # "우리 (SDPA 커널) 쪽이 우리 (명시적)보다": table labels read as a sentence
    "쪽이 우리 (",
    "우리 (명시적)보다",
    "우리 (SDPA 커널)보다",
    "가장 큰 평균 차이 0.0000",
)


def test_no_generated_sentence_reads_like_machine_output(files):
    from studylog.gen import mha as mha_gen

    texts = {rel: text for rel, text in files.items() if rel.endswith(".md")}
    texts["generated/mha_speed.md"] = mha_gen.speed_table()
    texts["generated/mha_speed_projection.md"] = mha_gen.projection_sentence()
    for rel, text in texts.items():
        prose = "\n".join(line for line in text.splitlines() if not line.startswith("|"))
        for phrase in MACHINE_PHRASES:
            assert phrase not in prose, (rel, phrase)
