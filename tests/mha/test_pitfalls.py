"""The study note's pitfalls, shown failing: silently wrong, loudly wrong, and wrong row sums."""

from __future__ import annotations

import json

import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st

import mha
from docs.gen.common import RESULTS
from mha import pitfalls
from mha.reference import per_head_attention


def test_hypothesis_finds_a_tiny_input_where_the_wrong_reshape_is_silently_wrong():
    found = pitfalls.find_counterexamples()["wrong_reshape"]
    assert found["n_heads"] >= 2 and found["T"] >= 2  # needs two heads and two tokens
    assert pitfalls.wrong_split_differs(
        found["T"], found["n_heads"], found["d_head"], [v for r in found["x"] for v in r]
    )
    assert found["max_output_difference"] > 0
    assert found["right_heads"] != found["wrong_heads"]  # same shape, different numbers


def test_gallery_file_is_what_the_search_finds_now():
    committed = json.loads((RESULTS / "mha_pitfalls.json").read_text(encoding="utf-8"))
    now = json.loads(json.dumps(pitfalls.find_counterexamples()))
    if committed["found_with"] == now["found_with"]:
        assert committed == now  # same versions: the derandomised search reproduces the file
    # any version: the recorded input still shows the mistake
    found = committed["wrong_reshape"]
    values = [v for row in found["x"] for v in row]
    assert pitfalls.wrong_split_differs(found["T"], found["n_heads"], found["d_head"], values)
    scores = torch.tensor(committed["softmax_wrong_axis"]["scores"], dtype=torch.float64)
    assert not torch.allclose(pitfalls.softmax_over_queries(scores).sum(-1), torch.ones(len(scores),
                              dtype=torch.float64))  # fmt: skip


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


@given(st.integers(2, 6), st.integers(0, 2**16))
def test_softmax_over_the_wrong_axis_breaks_row_sums(T, seed):
    scores = torch.randn(T, T, generator=torch.Generator().manual_seed(seed)) * 3
    assert torch.allclose(torch.softmax(scores, -1).sum(-1), torch.ones(T))
    wrong = pitfalls.softmax_over_queries(scores).sum(-1)
    assert torch.allclose(wrong.sum(), torch.tensor(float(T)))  # columns sum to 1 instead
    assert not torch.allclose(wrong, torch.ones(T), atol=1e-3) or scores.std(0).max() < 1e-3
