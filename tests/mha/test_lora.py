"""Low-rank adapters on W_q/W_v: the adapted block equals a plain block with merged weights
(checked against torch.nn.MultiheadAttention), and the trainable count is what the formula says."""

from __future__ import annotations

import copy

import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st

from mha import MultiHeadAttention
from mha.interop import to_torch
from mha.lora import LoRALinear, add_lora, trainable_parameter_count
from mha.params import PROJECTIONS, lora_param_count


def _block(d_model=16, n_heads=4, **kw) -> MultiHeadAttention:
    m = MultiHeadAttention(d_model, n_heads, generator=torch.Generator().manual_seed(0), **kw)
    return m.double()


def test_a_fresh_adapter_changes_nothing():
    m = _block(causal=True)
    before = copy.deepcopy(m)
    add_lora(m, rank=2, generator=torch.Generator().manual_seed(1))
    x = torch.randn(3, 5, 16, dtype=torch.float64, generator=torch.Generator().manual_seed(2))
    torch.testing.assert_close(m(x), before(x), rtol=0, atol=0)


def test_adapted_block_equals_torch_module_with_merged_weights():
    """After "training" (random B), the block is nn.MultiheadAttention with W + s B A."""
    m = _block()
    plain = copy.deepcopy(m)
    add_lora(m, ("W_q", "W_v"), rank=3, alpha=6.0, generator=torch.Generator().manual_seed(1))
    g = torch.Generator().manual_seed(3)
    with torch.no_grad():
        for name in ("W_q", "W_v"):
            lora = getattr(m, name)
            lora.B.copy_(torch.randn(lora.B.shape, dtype=torch.float64, generator=g))
            base = getattr(plain, name)
            base.weight += (6.0 / 3) * (lora.B @ lora.A)  # the merge, written out here
    oracle = to_torch(plain)
    x = torch.randn(2, 7, 16, dtype=torch.float64, generator=g)
    expected = oracle(x, x, x, need_weights=False)[0]
    torch.testing.assert_close(m(x), expected)
    with torch.no_grad():  # inference too: the adapters count
        torch.testing.assert_close(m(x), expected)
    assert not torch.allclose(m(x), to_torch(_block())(x, x, x, need_weights=False)[0])


def test_only_the_adapters_learn():
    m = add_lora(_block(), rank=2, generator=torch.Generator().manual_seed(1))
    x = torch.randn(2, 4, 16, dtype=torch.float64, generator=torch.Generator().manual_seed(2))
    m(x).square().sum().backward()
    learned = {n for n, p in m.named_parameters() if p.grad is not None}
    assert learned == {"W_q.A", "W_q.B", "W_v.A", "W_v.B"}
    assert all(p.requires_grad == (n in learned) for n, p in m.named_parameters())


@given(
    n_kv_heads=st.sampled_from([1, 2, 4]),
    rank=st.integers(1, 8),
    targets=st.lists(st.sampled_from(PROJECTIONS), min_size=1, max_size=4, unique=True),
)
def test_trainable_count_is_the_formula(n_kv_heads, rank, targets):
    m = MultiHeadAttention(16, 4, n_kv_heads=n_kv_heads, generator=torch.Generator())
    shapes = {n: tuple(getattr(m, n).weight.shape) for n in PROJECTIONS}  # (out, in)
    add_lora(m, tuple(targets), rank=rank, generator=torch.Generator().manual_seed(0))
    counted = trainable_parameter_count(m)
    assert counted == sum(rank * (o + i) for o, i in (shapes[t] for t in targets))
    assert counted == lora_param_count(16, 4, rank, tuple(targets), n_kv_heads=n_kv_heads)
    assert all(isinstance(getattr(m, t), LoRALinear) for t in targets)


@pytest.mark.parametrize(
    ("call", "exc", "name"),
    [
        (lambda: lora_param_count(64, 8, 0), ValueError, "rank"),
        (lambda: lora_param_count(64, 8, 2, ("W_x",)), ValueError, "targets"),
        (lambda: lora_param_count(64, 8, 2, ("W_q", "W_q")), ValueError, "targets"),
        (lambda: lora_param_count(64, 8, 2, "W_q"), TypeError, "targets"),
        (lambda: lora_param_count(64, 5, 2), ValueError, "n_heads"),
        (lambda: add_lora(torch.nn.Linear(2, 2), rank=1, generator=torch.Generator()),
         TypeError, "module"),
        (lambda: add_lora(_block(), rank=0, generator=torch.Generator()), ValueError, "rank"),
        (lambda: add_lora(_block(), rank=1, alpha=0, generator=torch.Generator()),
         ValueError, "alpha"),
        (lambda: add_lora(_block(), rank=1, generator=0), TypeError, "generator"),
        (lambda: add_lora(add_lora(_block(), rank=1, generator=torch.Generator()), rank=1,
                          generator=torch.Generator()), ValueError, "targets"),
    ],
)  # fmt: skip
def test_bad_arguments_name_themselves(call, exc, name):
    with pytest.raises(exc, match=name):
        call()


def test_docstring_examples():
    import doctest

    import mha.lora
    import mha.params

    for module in (mha.lora, mha.params):
        result = doctest.testmod(module, extraglobs={"torch": torch})
        assert result.attempted > 0 and result.failed == 0
