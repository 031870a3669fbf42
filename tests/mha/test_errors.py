"""Bad input to the attention library: a named TypeError or ValueError, never a bare torch error."""

from __future__ import annotations

import pytest
import torch

import mha
from mha.masks import combine_masks


def _g(seed: int = 0) -> torch.Generator:
    return torch.Generator().manual_seed(seed)


def test_d_head_zero_is_refused_instead_of_nan_weights():
    q = k = v = torch.zeros(1, 2, 3, 0)  # (B, h, T, d_head=0)
    with pytest.raises(ValueError, match=r"q: d_head .* at least 1"):
        mha.scaled_dot_product_attention(q, k, v)


def test_generator_must_be_a_torch_generator():
    with pytest.raises(TypeError, match=r"generator: expected a torch.Generator.*got int"):
        mha.MultiHeadAttention(8, 2, generator=42)


def test_query_dtype_must_match_the_module():
    m = mha.MultiHeadAttention(8, 2, generator=_g())
    x = torch.randn(1, 3, 8, dtype=torch.float64, generator=_g(1))
    with pytest.raises(TypeError, match=r"query: dtype torch.float64 .*torch.float32"):
        m(x)


@pytest.mark.parametrize("need_weights", [False, True])
def test_key_and_value_dtype_must_match_the_query(need_weights):
    m = mha.MultiHeadAttention(8, 2, generator=_g())
    x = torch.randn(1, 3, 8, generator=_g(1))
    with pytest.raises(TypeError, match=r"key: dtype torch.float64 .*query's torch.float32"):
        m(x, x.double(), need_weights=need_weights)
    with pytest.raises(TypeError, match=r"value: dtype torch.float16 .*query's torch.float32"):
        m(x, x, x.half(), need_weights=need_weights)


def test_explicit_attention_refuses_mixed_dtypes_by_name():
    q = torch.randn(1, 3, 4, generator=_g())
    with pytest.raises(TypeError, match=r"k: dtype torch.float64 .*q's torch.float32"):
        mha.scaled_dot_product_attention(q, q.double(), q)
    with pytest.raises(TypeError, match=r"v: expected a floating-point tensor"):
        mha.scaled_dot_product_attention(q, q, q.long())


def test_explicit_attention_refuses_a_batch_mismatch():
    q = torch.randn(2, 3, 4, generator=_g())
    kv = torch.randn(3, 3, 4, generator=_g(1))
    with pytest.raises(ValueError, match=r"k, v: leading .*\(3,\).*q's \(2,\)"):
        mha.scaled_dot_product_attention(q, kv, kv)


def test_explicit_attention_still_broadcasts_heads():
    """Leading dimensions that broadcast (one K/V for every head) stay accepted."""
    q = torch.randn(2, 4, 3, 5, generator=_g())
    kv = torch.randn(2, 1, 6, 5, generator=_g(1))
    out, w = mha.scaled_dot_product_attention(q, kv, kv)
    expected = torch.nn.functional.scaled_dot_product_attention(q, kv.expand(2, 4, 6, 5), kv)
    assert w.shape == (2, 4, 3, 6)
    assert torch.allclose(out, expected, atol=1e-6)


def test_mask_message_prints_the_expected_shape_with_numbers():
    q = torch.randn(2, 3, 4, generator=_g())
    k = torch.randn(2, 5, 4, generator=_g(1))
    with pytest.raises(ValueError) as info:
        mha.scaled_dot_product_attention(q, k, k, torch.zeros(2, 3))
    message = str(info.value)
    assert "Ellipsis" not in message
    assert "mask: shape (2, 3)" in message and "(2, 3, 5)" in message and "T=3, S=5" in message


def test_module_mask_message_names_each_accepted_form():
    with pytest.raises(ValueError) as info:
        combine_masks(
            B=2, n_heads=2, T=3, S=5, dtype=torch.float32, device=torch.device("cpu"),
            attn_mask=torch.zeros(3, 4),
        )  # fmt: skip
    message = str(info.value)
    assert "Ellipsis" not in message
    for form in ("(T, S)=(3, 5)", "(B*n_heads, T, S)=(4, 3, 5)", "got (3, 4)"):
        assert form in message


def test_out_bias_must_be_a_bool():
    with pytest.raises(TypeError, match="out_bias: expected bool"):
        mha.MultiHeadAttention(8, 2, out_bias=1)
