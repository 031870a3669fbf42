"""Inference makes Q, K and V with one matmul: ``W_q``, ``W_k``, ``W_v`` live in one matrix.

Oracle: ``torch.nn.MultiheadAttention`` given the module's weights as they are at the moment of
the call (``to_torch`` copies them), after each way a user changes them: an optimiser step, a
state dict loaded in place or assigned, a replaced parameter or ``.data``, a move (``.double()``,
``copy.deepcopy``) and adapters. A stacked matrix left behind by such a change would answer with
the old weights. Which path ran is seen from outside, with a forward hook on ``W_q``: it fires
when ``W_q`` runs on its own (training, cross-attention, a separated module) and not when the
stacked matmul makes Q, K and V together.
"""

from __future__ import annotations

import copy

import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st
from torch import nn

import mha
from mha.interop import to_torch
from mha.lora import add_lora

F64 = torch.float64


def _gen(seed: int) -> torch.Generator:
    return torch.Generator().manual_seed(seed)


def _module(seed: int = 0, **kw) -> mha.MultiHeadAttention:
    m = mha.MultiHeadAttention(16, 4, generator=_gen(seed), **kw).to(F64).eval()
    with torch.no_grad():  # non-zero biases, so that a stale bias would show
        for lin in (m.W_q, m.W_k, m.W_v, m.W_o):
            if lin.bias is not None:
                lin.bias.normal_(generator=_gen(seed + 1))
    return m


def _x(B: int = 2, T: int = 5, d: int = 16, seed: int = 3) -> torch.Tensor:
    return torch.randn(B, T, d, generator=_gen(seed), dtype=F64)


def _q_runs(m: mha.MultiHeadAttention, x: torch.Tensor) -> int:
    """How often ``W_q`` ran on its own in one inference call of ``m`` on ``x``."""
    calls = []
    hook = m.W_q.register_forward_hook(lambda *_: calls.append(1))
    try:
        with torch.no_grad():
            m(x)
    finally:
        hook.remove()
    return len(calls)


def _agrees_with_torch(m: mha.MultiHeadAttention, x: torch.Tensor) -> None:
    with torch.no_grad():
        got = m(x)
        expected = to_torch(m).eval()(x, x, x, need_weights=False)[0]  # today's weights
    assert torch.allclose(got, expected, atol=1e-12), (got - expected).abs().max()


def test_inference_makes_q_k_v_in_one_matmul_and_training_in_three():
    m, x = _module(), _x()
    assert _q_runs(m, x) == 0  # inference: the stacked matmul, W_q not called on its own
    calls = []
    hook = m.W_q.register_forward_hook(lambda *_: calls.append(1))
    m(x).sum().backward()  # training: the three projections of the math
    m(x, _x(seed=4))  # cross-attention, even without grad below
    with torch.no_grad():
        m(x, _x(seed=4))
    hook.remove()
    assert len(calls) == 3


@given(
    n_kv_heads=st.sampled_from([1, 2, 4]),
    head_dim=st.sampled_from([None, 3]),
    bias=st.booleans(),
    causal=st.booleans(),
    B=st.integers(1, 3),
    T=st.integers(1, 6),
    dtype=st.sampled_from([torch.float32, F64]),
    seed=st.integers(0, 2**16),
)
def test_one_matmul_gives_the_numbers_of_three(n_kv_heads, head_dim, bias, causal, B, T, dtype,
                                               seed):  # fmt: skip
    m = mha.MultiHeadAttention(
        16, 4, n_kv_heads=n_kv_heads, head_dim=head_dim, bias=bias, causal=causal,
        generator=_gen(seed),
    ).to(dtype).eval()  # fmt: skip
    x = torch.randn(B, T, 16, generator=_gen(seed + 1), dtype=dtype)
    assert _q_runs(m, x) == 0
    three = m(x)  # grad enabled: W_q, W_k, W_v apart
    with torch.no_grad():
        one = m(x)
        one_w, weights = m(x, need_weights=True)
    tol = 1e-12 if dtype == F64 else 1e-5
    assert torch.allclose(one, three, atol=tol, rtol=0), (one - three).abs().max()
    assert torch.allclose(one_w, three, atol=tol, rtol=0)
    assert weights.shape == (B, 4, T, T)


def _sgd_step(m: mha.MultiHeadAttention) -> None:
    opt = torch.optim.SGD(m.parameters(), lr=0.5)
    m.train()(_x()).pow(2).sum().backward()
    opt.step()
    m.eval()


def _load_in_place(m: mha.MultiHeadAttention) -> None:
    m.load_state_dict(_module(seed=7).state_dict())


def _load_assigned(m: mha.MultiHeadAttention) -> None:
    m.load_state_dict(_module(seed=7).state_dict(), assign=True)


def _copy_into_weight(m: mha.MultiHeadAttention) -> None:
    with torch.no_grad():
        m.W_k.weight.copy_(torch.randn(16, 16, generator=_gen(8), dtype=F64))


def _new_bias(m: mha.MultiHeadAttention) -> None:
    m.W_v.bias = nn.Parameter(torch.randn(16, generator=_gen(9), dtype=F64))


def _new_data(m: mha.MultiHeadAttention) -> None:
    m.W_q.weight.data = torch.randn(16, 16, generator=_gen(10), dtype=F64)


def _new_module(m: mha.MultiHeadAttention) -> None:
    m.W_k = nn.Linear(16, 16, dtype=F64)


CHANGES = {
    "optimiser step": _sgd_step,
    "state dict loaded in place": _load_in_place,
    "state dict assigned": _load_assigned,
    "copy_ into a weight": _copy_into_weight,
    "a new bias parameter": _new_bias,
    "a weight's .data replaced": _new_data,
    "a new W_k module": _new_module,
}


@pytest.mark.parametrize("change", CHANGES.values(), ids=CHANGES)
def test_inference_uses_the_weights_of_the_moment(change):
    m, x = _module(), _x()
    with torch.no_grad():
        before = m(x)
    change(m)
    _agrees_with_torch(m, x)
    with torch.no_grad():
        assert not torch.allclose(m(x), before)  # the change did change the answer


def test_eval_lays_the_projections_out_again_after_a_move_keeping_the_parameters():
    m = mha.MultiHeadAttention(16, 4, generator=_gen(0))
    params = list(m.parameters())
    opt = torch.optim.SGD(params, lr=0.5)
    moved = m.double()  # new memory for every parameter: the three no longer share one
    assert _q_runs(moved, _x()) == 1
    _agrees_with_torch(moved, _x())
    moved.eval()
    assert _q_runs(moved, _x()) == 0
    _agrees_with_torch(moved, _x())
    assert all(a is b for a, b in zip(moved.parameters(), params, strict=True))
    moved.train()(_x()).sum().backward()  # the optimiser made before still trains the module
    opt.step()
    _agrees_with_torch(moved.eval(), _x())


def test_a_deep_copy_shares_no_memory_with_its_original():
    m, x = _module(), _x()
    with torch.no_grad():
        before = m(x)
    twin = copy.deepcopy(m)
    _agrees_with_torch(twin, x)
    with torch.no_grad():
        twin.W_q.weight.add_(1.0)
        twin.W_v.bias.add_(1.0)
        assert torch.equal(m(x), before)
    _agrees_with_torch(twin, x)
    _agrees_with_torch(twin.eval(), x)
    assert _q_runs(twin, x) == 0


def test_adapters_run_in_inference_and_stacking_leaves_them_alone():
    m, x = _module(), _x()
    add_lora(m, rank=2, alpha=4.0, targets=("W_q", "W_v"), generator=_gen(5))
    with torch.no_grad():
        for adapted in (m.W_q, m.W_v):
            adapted.B.normal_(generator=_gen(6))  # a trained adapter: no longer zero
    _agrees_with_torch(m.eval(), x)
    three = m(x)
    with torch.no_grad():
        assert torch.allclose(m(x), three, atol=1e-12)


def test_switched_to_eval_in_inference_mode_the_module_still_trains():
    m = mha.MultiHeadAttention(16, 4, generator=_gen(0)).double()  # three separate memories
    with torch.inference_mode():
        m.eval()  # laying them out here would make inference tensors of the parameters
        assert torch.isfinite(m(_x())).all()
    m.train()(_x()).sum().backward()
    assert all(p.grad is not None for p in m.parameters())
    _agrees_with_torch(m.eval(), _x())
    assert _q_runs(m, _x()) == 0


def test_eval_again_moves_nothing_and_never_changes_a_dtype_or_a_missing_bias():
    m = mha.MultiHeadAttention(16, 4, generator=_gen(0))
    at = [p.data_ptr() for p in m.parameters()]
    m.eval().eval()
    assert [p.data_ptr() for p in m.parameters()] == at  # laid out already: no copy
    m.W_k.double()  # one projection in another dtype: the three stay apart, each as it is
    m.W_v.bias = None  # and a bias on some of them only
    m.eval()
    assert (m.W_q.weight.dtype, m.W_k.weight.dtype) == (torch.float32, F64)
    assert m.W_v.bias is None and m.W_q.bias is not None
    m.W_k.float()
    m.eval()  # a bias on some only still keeps them apart
    x = torch.randn(2, 5, 16, generator=_gen(1))
    assert _q_runs(m, x) == 1
    with torch.no_grad():
        assert torch.isfinite(m(x)).all()
