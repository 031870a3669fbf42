"""The study note's pitfalls, shown failing: silently wrong, loudly wrong, and wrong row sums."""

from __future__ import annotations

import ast
import json
import math
import re
import subprocess
import sys

import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st

import mha
from house import gallery
from mha import pitfalls
from mha.reference import per_head_attention
from mha.tools import counterexamples
from mha.tools.counterexamples import PITFALLS, RESULT_NAME
from studylog.gen.common import DOCS, RESULTS
from tests.helpers import skip_unless_recorded_with

DOMAIN = "mha.tools.counterexamples"


def test_hypothesis_finds_a_tiny_input_where_the_wrong_reshape_is_silently_wrong():
    config = gallery.search_settings(counterexamples.MAX_EXAMPLES)
    found = gallery.entry(counterexamples.SPLIT_WITHOUT_TRANSPOSE, config)
    inp = found["minimal"]["input"]
    assert inp["n_heads"] >= 2 and inp["T"] >= 2  # needs two heads and two tokens
    assert pitfalls.wrong_split_differs(
        inp["T"], inp["n_heads"], inp["d_head"], [v for r in inp["x"] for v in r]
    )
    assert found["max_output_difference"] > 0
    assert found["minimal"]["correct"] != found["minimal"]["wrong"]
    shown = found["illustration"]
    assert shown["right_heads"] != shown["wrong_heads"]  # same shape, different numbers


def _recorded_cases_still_show_the_mistakes(data: dict) -> None:
    """Version-independent: every recorded input still shows its mistake, against oracles."""
    entries = {e["name"]: e for e in data["pitfalls"]}
    inp = entries["split_heads_without_transpose"]["minimal"]["input"]
    values = [v for row in inp["x"] for v in row]
    assert pitfalls.wrong_split_differs(inp["T"], inp["n_heads"], inp["d_head"], values)
    m = pitfalls.reference_module(inp["n_heads"] * inp["d_head"], inp["n_heads"])
    x = torch.tensor(values, dtype=torch.float64).reshape(1, inp["T"], -1)
    right = torch.tensor(entries["split_heads_without_transpose"]["minimal"]["correct"]["returns"])
    assert torch.allclose(right.double(), per_head_attention(m, x)[0][0], atol=1e-4)  # oracle
    shape = entries["merge_heads_with_view"]["minimal"]["input"]["shape"]
    with pytest.raises(RuntimeError, match="view"):
        pitfalls.merge_heads_with_view(torch.zeros(shape))
    scores = torch.tensor(
        entries["softmax_over_queries"]["minimal"]["input"]["scores"], dtype=torch.float64
    )
    assert not torch.allclose(pitfalls.softmax_over_queries(scores).sum(-1), torch.ones(len(scores),
                              dtype=torch.float64))  # fmt: skip


def test_gallery_file_is_what_the_search_finds_now():
    path = RESULTS / RESULT_NAME
    committed = json.loads(path.read_text(encoding="utf-8"))
    assert [e["name"] for e in committed["pitfalls"]] == [p.name for p in PITFALLS]
    _recorded_cases_still_show_the_mistakes(committed)  # whatever versions found them
    skip_unless_recorded_with(gallery.versions(counterexamples), committed["search"], RESULT_NAME)
    status, message = gallery.check(counterexamples, path)  # same versions: byte for byte
    assert (status, message) == (0, f"{path}: up to date")


def test_the_mha_gallery_has_the_shape_of_the_graphs_gallery():
    mha_data = json.loads((RESULTS / RESULT_NAME).read_text(encoding="utf-8"))
    graphs_data = json.loads((RESULTS / "graphs_pitfalls.json").read_text(encoding="utf-8"))
    assert set(mha_data) == set(graphs_data)
    assert {"tool", "hypothesis", "max_examples"} <= set(mha_data["search"])
    entry_keys = {"name", "mistake", "what_goes_wrong", "wrong_function", "correct_function"}
    for data in (mha_data, graphs_data):
        for entry in data["pitfalls"]:
            minimal = set(entry["minimal"])
            assert entry_keys <= set(entry) and {"input", "correct", "wrong"} <= minimal
            assert minimal <= {"input", "correct", "wrong", "called_with"}  # how LeetCode calls it
            module, _, name = entry["wrong_function"].rpartition(".")
            assert name == entry["name"] and ".pitfalls" in f".{module}", entry  # or a topic module


def _gallery(tmp_path, change=None):
    data = json.loads((RESULTS / RESULT_NAME).read_text(encoding="utf-8"))
    if change:
        change(data)
    (tmp_path / RESULT_NAME).write_text(gallery.render(data), encoding="utf-8")
    return tmp_path


def test_check_says_when_versions_differ_and_fails_on_other_pitfalls(tmp_path, capsys):
    def older(data):
        data["search"]["torch"] = "2.4.0"
        data["pitfalls"][0]["minimal"]["wrong"] = {"returns": []}

    out = _gallery(tmp_path, older)
    assert gallery.main(DOMAIN, ["--check", "--out", str(out)]) == 0
    assert "torch 2.4.0" in capsys.readouterr().out  # says why it did not compare
    out = _gallery(tmp_path, lambda d: d["pitfalls"].pop())
    assert gallery.main(DOMAIN, ["--check", "--out", str(out)]) == 1
    assert gallery.main(DOMAIN, ["--check", "--out", str(tmp_path / "none")]) == 1
    (tmp_path / RESULT_NAME).write_text("{}", encoding="utf-8")
    assert gallery.main(DOMAIN, ["--check", "--out", str(tmp_path)]) == 1
    assert not (tmp_path / "none").exists()  # --check writes nothing


@pytest.mark.slow
def test_check_fails_on_a_changed_number(tmp_path, capsys):
    def changed(data):
        data["pitfalls"][0]["max_output_difference"] += 1

    committed = json.loads((RESULTS / RESULT_NAME).read_text(encoding="utf-8"))
    skip_unless_recorded_with(gallery.versions(counterexamples), committed["search"], RESULT_NAME)
    assert gallery.main(DOMAIN, ["--check", "--out", str(_gallery(tmp_path, changed))]) == 1
    assert "OUT OF DATE" in capsys.readouterr().out


def test_the_library_module_imports_only_torch_the_standard_library_and_mha():
    # The search (hypothesis) and the file writing live in the gallery engine
    # (house.gallery), the declarations in mha.tools.counterexamples.
    tree = ast.parse((DOCS.parent / "mha" / "pitfalls.py").read_text(encoding="utf-8"))
    roots = set()
    for node in ast.walk(tree):  # function bodies too: a lazy import is still an import
        if isinstance(node, ast.Import):
            roots |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            roots.add(node.module.split(".")[0])
    allowed = {"torch", "mha", *sys.stdlib_module_names}
    assert roots <= allowed, roots - allowed
    assert not {"argparse", "json", "pathlib"} & roots  # no command line, no files


def test_every_pitfall_is_explained_on_the_page_that_shows_it():
    include = re.compile(r'^--8<-- "(?P<path>[^":]+)"$', re.MULTILINE)
    pages = {
        p.relative_to(DOCS).as_posix(): p.read_text(encoding="utf-8")
        for p in DOCS.rglob("*.md")
        if not p.relative_to(DOCS).as_posix().startswith("generated/")
    }
    for pit in PITFALLS:
        fragment = f"docs/generated/mha/pitfalls/{pit.name}.md"
        (page,) = [rel for rel, text in pages.items() if fragment in include.findall(text)]
        text = pages[page]
        section = text[text.index(f"### `{pit.name}`") : text.index(fragment)]
        for label in ("**실수**", "**무엇이 틀리나**"):
            line = next(ln for ln in section.splitlines() if label in ln)
            assert re.search("[가-힣]", line), (pit.name, label)


@given(st.integers(1, 3), st.integers(1, 4), st.integers(1, 3), st.integers(0, 2**16))
def test_the_right_split_always_matches_the_reference(T, n_heads, d_head, seed):
    m = pitfalls.reference_module(n_heads * d_head, n_heads)
    x = torch.randn(1, T, n_heads * d_head, dtype=torch.float64,
                    generator=torch.Generator().manual_seed(seed))  # fmt: skip
    right = pitfalls.self_attention_with_split(m, x, mha.split_heads)
    assert torch.allclose(right, per_head_attention(m, x)[0], atol=1e-10)


def test_wrong_reshape_has_the_right_shape_so_nothing_complains():
    x = torch.randn(2, 5, 8)
    assert pitfalls.split_heads_without_transpose(x, 4).shape == mha.split_heads(x, 4).shape


def test_view_after_transpose_fails_where_reshape_works():
    heads = torch.randn(2, 4, 5, 2)  # contiguous (B, h, T, d_head), as attention returns it
    with pytest.raises(RuntimeError, match="view"):
        pitfalls.merge_heads_with_view(heads)
    assert mha.merge_heads(heads).shape == (2, 5, 8)
    B, h, T, d = heads.shape
    assert torch.equal(heads.transpose(1, 2).contiguous().view(B, T, h * d), mha.merge_heads(heads))


# Softmax over the query axis (dim=-2) instead of the key axis (dim=-1).
#
# What is always true, exactly: the wrong weights P = softmax(S, dim=-2) have COLUMNS that sum to
# 1, so their row sums add up to T. Their rows all sum to 1 only when P happens to be doubly
# stochastic, which random scores can come arbitrarily close to: a tolerance test ("the row sums
# are not all within 1e-3 of 1") is false for some inputs (T=2, seed 12719 below). Two true
# statements that still catch the mistake:
#
# * Dominance. If query i's score beats query k's by at least delta at every key, then
#   P[i, j] >= e^delta P[k, j] for every key j (one column, one denominator), so
#   rowsum_i >= e^delta rowsum_k, and the two row sums cannot both lie within tanh(delta / 2) of 1
#   ((1 + eps) >= e^delta (1 - eps) forces eps >= tanh(delta / 2)). The right softmax gives 1 and 1.
# * T = 2, exactly. With a = S00 - S10 and b = S01 - S11, rowsum_0 = sigmoid(a) + sigmoid(b) and
#   rowsum_1 = 2 - rowsum_0. So the rows sum to 1 if and only if a + b = 0, i.e. both queries'
#   scores have the same total; otherwise the query with the larger total gets more than 1, and
#   |rowsum_0 - 1| <= |a + b| / 4 (sigmoid' <= 1/4): near-equal totals give near-1 sums.

SCORE = st.floats(-5.0, 5.0, allow_nan=False, allow_infinity=False)


def score_matrices(T: int):
    return st.lists(st.lists(SCORE, min_size=T, max_size=T), min_size=T, max_size=T).map(
        lambda rows: torch.tensor(rows, dtype=torch.float64)
    )


@given(st.integers(1, 6).flatmap(score_matrices))
def test_softmax_over_the_wrong_axis_normalises_columns_instead_of_rows(scores):
    T = scores.shape[0]
    ones = torch.ones(T, dtype=torch.float64)
    assert torch.allclose(torch.softmax(scores, -1).sum(-1), ones, rtol=0, atol=1e-12)
    wrong = pitfalls.softmax_over_queries(scores)
    assert torch.allclose(wrong.sum(-2), ones, rtol=0, atol=1e-12)  # columns sum to 1 instead
    assert torch.allclose(wrong.sum(), torch.tensor(float(T), dtype=torch.float64), atol=1e-12)


@given(
    st.integers(2, 6).flatmap(score_matrices),
    st.data(),
    st.floats(0.5, 5.0),
)
def test_softmax_over_the_wrong_axis_breaks_row_sums(scores, data, delta):
    T = scores.shape[0]
    i, k = data.draw(st.permutations(range(T)), label="rows i, k")[:2]
    extra = data.draw(st.lists(st.floats(0.0, 3.0), min_size=T, max_size=T), label="extra")
    scores = scores.clone()
    scores[i] = scores[k] + delta + torch.tensor(extra, dtype=torch.float64)  # i beats k by delta
    right = torch.softmax(scores, -1).sum(-1)
    assert torch.allclose(right, torch.ones(T, dtype=torch.float64), rtol=0, atol=1e-12)
    wrong = pitfalls.softmax_over_queries(scores).sum(-1)
    assert wrong[i] >= math.exp(delta) * wrong[k] * (1 - 1e-12)
    off = torch.maximum((wrong[i] - 1).abs(), (wrong[k] - 1).abs())
    assert off >= math.tanh(delta / 2) - 1e-12


def sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x))


@given(score_matrices(2))
def test_for_two_queries_wrong_row_sums_are_one_exactly_when_score_totals_are_equal(scores):
    (s00, s01), (s10, s11) = scores.tolist()
    a, b = s00 - s10, s01 - s11
    wrong = pitfalls.softmax_over_queries(scores).sum(-1)
    first = sigmoid(a) + sigmoid(b)
    expected = torch.tensor([first, 2 - first], dtype=torch.float64)
    assert torch.allclose(wrong, expected, rtol=0, atol=1e-12)
    gap = a + b  # (s00 + s01) - (s10 + s11): first query's score total minus the second's
    assert abs(float(wrong[0]) - 1) <= abs(gap) / 4 + 1e-12
    if abs(gap) >= 1e-6:  # |scores| <= 5: sigmoid' >= 4.5e-5, far above rounding (1e-16)
        assert (float(wrong[0]) > 1) == (gap > 0) and (float(wrong[1]) > 1) == (gap < 0)
    equal_totals = scores.clone()
    equal_totals[1] = scores[1] + torch.tensor([gap / 2, gap / 2], dtype=torch.float64)
    assert torch.allclose(
        pitfalls.softmax_over_queries(equal_totals).sum(-1),
        torch.ones(2, dtype=torch.float64), rtol=0, atol=1e-12,
    )  # fmt: skip


def test_the_old_false_case_t2_seed_12719_obeys_the_true_properties():
    """The old test claimed wrong row sums are never all within 1e-3 of 1; here they are."""
    scores = torch.randn(2, 2, generator=torch.Generator().manual_seed(12719)) * 3  # as it was
    wrong32 = pitfalls.softmax_over_queries(scores).sum(-1)
    assert torch.allclose(wrong32, torch.ones(2), atol=1e-3)  # the old claim was false here
    scores = scores.double()
    wrong = pitfalls.softmax_over_queries(scores)
    assert torch.allclose(wrong.sum(-2), torch.ones(2, dtype=torch.float64), atol=1e-12)
    totals = scores.sum(-1)  # about [1.057, 0.602]: different, so the rows cannot sum to 1
    gap = float(totals[0] - totals[1])
    assert gap > 0.4
    sums = wrong.sum(-1)
    assert float(sums[0]) > 1 > float(sums[1])  # the larger total takes more than 1: caught
    assert abs(float(sums[0]) - 1) <= gap / 4  # but only by ~4e-4: both scores rows saturate


SLOW_FIRST_CALL = """
import time
from house import gallery
from mha import pitfalls
from mha.tools import counterexamples
real, calls = pitfalls.wrong_split_differs, []
def slow_first_call(*args):  # a busy machine: the first call (torch warming up) takes 0.5 s
    calls.append(1)
    if len(calls) == 1:
        time.sleep(0.5)
    return real(*args)
pitfalls.wrong_split_differs = slow_first_call
config = gallery.search_settings(counterexamples.MAX_EXAMPLES)
T, n_heads, d_head, values = gallery.search(counterexamples.SPLIT_WITHOUT_TRANSPOSE, config)
print(T)
"""


@pytest.mark.slow
def test_the_search_does_not_depend_on_machine_speed():
    # A fresh interpreter, as ``python -m mha.tools.counterexamples`` runs: hypothesis' default
    # profile (a 200 ms deadline) is in force there, not this suite's profiles.
    done = subprocess.run(
        [sys.executable, "-c", SLOW_FIRST_CALL], capture_output=True, text=True, timeout=600
    )
    assert "DeadlineExceeded" not in done.stderr
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "2"
    config = gallery.search_settings(counterexamples.MAX_EXAMPLES)
    assert config.deadline is None and config.derandomize and config.database is None
