"""The parameter count does not depend on the number of heads."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mha
from mha.interop import to_torch


@given(d_model=st.integers(1, 96), bias=st.booleans())
def test_count_is_the_same_for_every_divisor(d_model, bias):
    divisors = [h for h in range(1, d_model + 1) if d_model % h == 0]
    counts = {mha.attention_param_count(d_model, h, bias) for h in divisors}
    expected = 4 * d_model * (d_model + 1) if bias else 4 * d_model**2
    assert counts == {expected}


@pytest.mark.parametrize("n_heads", [1, 2, 4, 8, 16])
@pytest.mark.parametrize("bias", [True, False])
def test_formula_matches_real_modules(n_heads, bias):
    m = mha.MultiHeadAttention(64, n_heads, bias=bias)
    assert mha.count_parameters(m) == mha.attention_param_count(64, n_heads, bias)
    assert mha.count_parameters(to_torch(m)) == mha.attention_param_count(64, n_heads, bias)


def test_study_note_numbers():
    assert [mha.attention_param_count(64, h) for h in (1, 4, 8)] == [16640] * 3
    assert mha.attention_param_count(64, 8, bias=False) == 4 * 64 * 64


@pytest.mark.parametrize(
    ("args", "exc", "name"),
    [((64, 5), ValueError, "n_heads"), ((64, 0), ValueError, "n_heads"),
     ((0, 1), ValueError, "d_model"), ((64, True), TypeError, "n_heads"),
     ((64.0, 4), TypeError, "d_model")],
)  # fmt: skip
def test_bad_arguments_name_themselves(args, exc, name):
    with pytest.raises(exc, match=name):
        mha.attention_param_count(*args)
    with pytest.raises(exc, match=name):
        mha.MultiHeadAttention(*args)
