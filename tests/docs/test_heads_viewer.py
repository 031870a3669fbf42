"""The attention viewer's data (issue 21, point 4): recall ticks decoded from the task's own
encoding, ranks that share ties, the view it opens on, and the seed-mean accuracy beside each run's
(the browser side is in ``test_browser_viewer.py``)."""

from __future__ import annotations

import re

import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st

from mha.experiments.heads.tasks import TASKS, recall_knobs
from studylog.gen.common import RESULTS, load_json
from studylog.gen.heads_viewer import (
    default_md,
    default_view,
    shared_ranks,
    token_labels,
    token_note,
    viewer,
    viewer_md,
)


@pytest.fixture(scope="module")
def data() -> dict:
    return load_json(RESULTS / "heads.json")


@pytest.fixture(scope="module")
def view(data) -> dict:
    return viewer(data)


recall_settings = st.tuples(st.integers(1, 8), st.integers(8, 64), st.integers(2, 9))


@given(recall_settings, st.integers(0, 2**31 - 1))
def test_recall_labels_name_each_pair_and_the_question_it_answers(setting, seed):
    """Sequences drawn by the task's own sampler: every pair reads ``k<key>=v<value>``, every
    question ``k<key>?``, and the value of the pair with the question's key is the task's label
    for that question (the task's labeler is the oracle)."""
    pairs, keys, values = setting
    knobs = recall_knobs(pairs, keys, values)
    task = TASKS["recall"]
    x = task.sampler(torch.Generator().manual_seed(seed), 1, knobs)
    y = task.labeler(x, knobs)[0].tolist()
    labels = token_labels("recall", knobs, x[0].tolist())
    stored = {}
    for label in labels[:pairs]:
        m = re.fullmatch(r"k(\d+)=v(\d+)", label)
        assert m, label
        stored[int(m[1])] = int(m[2])
    assert len(stored) == pairs  # distinct keys
    for q, label in enumerate(labels[pairs:], start=pairs):
        m = re.fullmatch(r"k(\d+)\?", label)
        assert m, label
        assert stored[int(m[1])] == y[q]


@given(st.lists(st.integers(0, 31), max_size=20))
def test_other_tasks_show_the_token_itself(tokens):
    for task in ("count", "reverse", "relations"):
        assert [int(label) for label in token_labels(task, {"vocab": 32}, tokens)] == tokens


@pytest.mark.parametrize("bad", [[-1], [16 * 8 + 16]])
def test_a_recall_token_outside_the_vocabulary_is_refused(bad):
    with pytest.raises(ValueError, match="tokens"):
        token_labels("recall", {"keys": 16, "values": 8}, bad)


def test_the_recall_note_reads_its_example_from_the_level_sequence(view):
    """The note's example pair and its answer are the sequence's own, checked with the task's
    labeler."""
    recall = next(t for t in view["tasks"] if t["name"] == "recall")
    for level in recall["levels"].values():
        if level["tokens"] is None:
            continue
        m = re.search(r"(k(\d+)=v(\d+)).*k\2\?.*답 (\d+)", level["note"])
        assert m, level["note"]
        assert m[1] in level["labels"] and m[3] == m[4]
        x = torch.tensor([level["tokens"]])
        y = TASKS["recall"].labeler(x, level["knobs"])[0].tolist()
        assert str(y[level["labels"].index(f"k{m[2]}?")]) == m[4]
    assert token_note("count", ["1", "2"]) == "눈금은 위치:토큰이다."


@given(st.lists(st.integers(0, 5).map(float), min_size=1, max_size=12))
def test_shared_ranks_give_equal_values_one_rank_and_skip_after_ties(values):
    """The rank of a value is its first place in the list sorted from the largest."""
    ordered = sorted(values, reverse=True)
    assert shared_ranks(values) == [ordered.index(v) + 1 for v in values]


def test_shown_ranks_follow_the_shown_values(data, view):
    """Ranks are those of the values as the viewer prints them (to 0.1), which are the
    results file's to within the rounding."""
    for r in data["runs"]:
        key = f"{r['task']}/{r['level']}/{r['n_heads']}/{r['seed']}"
        run = view["runs"].get(key)
        if run is None or run["diverged"]:
            continue
        a = r["analysis"]
        assert run["ablation_pp"] == pytest.approx([100 * d for d in a["ablation_drop"]], abs=0.05)
        total = sum(a["importance"])
        assert run["importance_pct"] == pytest.approx(
            [100 * v / total for v in a["importance"]], abs=0.05
        )
        for shown, rank in [("ablation_pp", "ablation_rank"),
                            ("importance_pct", "importance_rank")]:  # fmt: skip
            ordered = sorted(run[shown], reverse=True)
            assert run[rank] == [ordered.index(v) + 1 for v in run[shown]]


def test_the_viewer_opens_on_the_run_whose_heads_differ_most(data, view):
    """Its run has two heads or more and the largest spread of ablation drops in the results
    file; its head is that run's most needed one."""
    d = view["default"]

    def spread(r):
        drops = r["analysis"]["ablation_drop"]
        return max(drops) - min(drops)

    with_maps = [r for r in data["runs"] if not r["diverged"] and "heatmap" in r["analysis"]
                 and r["n_heads"] > 1]  # fmt: skip
    chosen = next(r for r in with_maps if (r["task"], str(r["level"]), r["n_heads"], r["seed"])
                  == (d["task"], d["level"], d["heads"], d["seed"]))  # fmt: skip
    assert spread(chosen) == pytest.approx(max(spread(r) for r in with_maps), abs=1e-3)
    drops = chosen["analysis"]["ablation_drop"]
    assert drops[d["head"]] == max(drops)


def test_default_view_without_several_heads_is_the_first_run():
    runs = {"b/0/1/0": {"diverged": False, "ablation_pp": [9.0]},
            "a/0/2/0": {"diverged": True}}  # fmt: skip
    assert default_view(runs) == {"task": "b", "level": "0", "heads": 1, "seed": 0, "head": 0}
    with pytest.raises(ValueError, match="runs"):
        default_view({})


def test_the_page_says_why_the_viewer_opens_where_it_does(data, view):
    """The sentence names the default run and its most and least needed heads' drops, as the
    results file has them."""
    text = default_md(view)
    assert text in viewer_md(data)
    d = view["default"]
    assert (
        f"`{d['task']}` 수준 {d['level']}" in text
        and f"head {d['heads']}개, 시드 {d['seed']}" in text
    )
    run = next(r for r in data["runs"] if (r["task"], str(r["level"]), r["n_heads"], r["seed"])
               == (d["task"], d["level"], d["heads"], d["seed"]))  # fmt: skip
    drops = run["analysis"]["ablation_drop"]
    m = re.search(
        r"head (\d+) 하나를 지우면 정확도가 ([\d.]+)%p.*head (\d+) 하나를 지울 때는 ([\d.]+)", text
    )
    assert m, text
    assert int(m[1]) == d["head"] and float(m[2]) == pytest.approx(100 * max(drops), abs=0.05)
    assert float(m[4]) == pytest.approx(100 * min(drops), abs=0.05)
    assert drops[int(m[3])] == min(drops)


def test_each_level_has_the_seed_mean_accuracy_of_each_head_count(data, view):
    levels = {(t["name"], k): level for t in view["tasks"] for k, level in t["levels"].items()}
    checked = 0
    for row in data["summary"]:
        level = levels.get((row["task"], str(row["level"])))
        if level is None or row["n_heads"] not in level["heads"]:
            continue
        got = level["mean_accuracy"][str(row["n_heads"])]
        assert got["mean"] == pytest.approx(row["val_accuracy_mean"], abs=5e-5)
        assert got["seeds"] == row["n_seeds"] - row["n_diverged"]
        checked += 1
    assert checked == sum(len(level["heads"]) for level in levels.values())
