"""The module's seam: ``head_gate`` on each head's output and the hook point ``hook_z``.

The oracle is built from ``torch.nn.MultiheadAttention``'s weights (``mha.interop.to_torch``):
its in-projection split into heads, PyTorch's ``scaled_dot_product_attention`` per head, the
heads' outputs scaled by the gate and concatenated, then ``out_proj``. Without a gate the oracle
is checked against ``torch.nn.MultiheadAttention`` itself, so it is not our code run twice.
"""

from __future__ import annotations

import warnings

import pytest
import torch
import torch.nn.functional as F
from hypothesis import given
from hypothesis import strategies as st

import mha
from mha.interop import to_torch
from mha.lora import add_lora
from tests.mha.helpers import additive, torch_masks
from tests.mha.strategies import DTYPE, Case, cases

TOL = {"atol": 1e-10, "rtol": 1e-8}


def build(case: Case, n_kv_heads: int | None = None) -> mha.MultiHeadAttention:
    """The case's module (optionally grouped), with non-zero biases when it has biases."""
    m = mha.MultiHeadAttention(
        case.d_model, case.n_heads, n_kv_heads=n_kv_heads, causal=case.causal, bias=case.bias,
        generator=case.generator(),
    )  # fmt: skip
    if case.bias:
        g = case.generator(2)
        with torch.no_grad():
            for lin in (m.W_q, m.W_k, m.W_v, m.W_o):
                lin.bias.copy_(torch.randn(lin.bias.shape, generator=g))
    return m.to(DTYPE).eval()


def oracle(
    m: mha.MultiHeadAttention, case: Case, gate: torch.Tensor | None
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Per-head outputs ``z (B, h, T, d_head)`` (gated) and the output, from PyTorch's weights,
    and ``live (B, h, T)``: the query rows of each head that keep at least one key.

    Rows with no key left follow PyTorch's kernels, not our zeros: compare live rows only.
    """
    t = to_torch(m)
    h, d = t.num_heads, t.embed_dim
    query, key, value = case.inputs()
    key = query if key is None else key
    value = key if value is None else value
    W = t.in_proj_weight.chunk(3)  # W_q, W_k, W_v: (d, d) each, head i in rows i*d_head...
    b = (None,) * 3 if t.in_proj_bias is None else t.in_proj_bias.chunk(3)

    def heads(x: torch.Tensor, i: int) -> torch.Tensor:  # (B, L, d) -> (B, h, L, d_head)
        return F.linear(x, W[i], b[i]).unflatten(-1, (h, d // h)).transpose(1, 2)

    attn, padding = torch_masks(case)  # PyTorch's forms, causality folded in
    mask = torch.zeros(case.B * h, case.T, case.S, dtype=DTYPE)
    if attn is not None:  # (T, S) for every head, or (B * h, T, S)
        mask = mask + additive(attn).reshape(-1 if attn.dim() == 3 else 1, *attn.shape[-2:])
    mask = mask.unflatten(0, (case.B, h))  # (B, h, T, S)
    if padding is not None:
        mask = mask + additive(padding)[:, None, None, :]
    z = F.scaled_dot_product_attention(heads(query, 0), heads(key, 1), heads(value, 2), mask)
    if gate is not None:
        z = z * gate.reshape(-1, h, 1, 1)
    merged = torch.cat([z[:, i] for i in range(h)], dim=-1)  # (B, T, d): heads side by side
    live = ~torch.isneginf(mask).all(dim=-1)  # (B, h, T)
    return z, F.linear(merged, t.out_proj.weight, t.out_proj.bias), live


def run_seam(m: mha.MultiHeadAttention, case: Case, gate, need_weights: bool):
    """Our output, the per-head outputs seen at ``hook_z`` and the tensor ``W_o`` read."""
    seen: dict[str, torch.Tensor] = {}
    hooks = [
        m.hook_z.register_forward_hook(lambda _m, _a, z: seen.__setitem__("z", z)),
        m.W_o.register_forward_pre_hook(lambda _m, a: seen.__setitem__("merged", a[0])),
    ]
    query, key, value = case.inputs()
    try:
        out = m(
            query, key, value, key_padding_mask=case.padding, attn_mask=case.attn_mask,
            need_weights=need_weights, head_gate=gate,
        )  # fmt: skip
    finally:
        for hook in hooks:
            hook.remove()
    return (out[0] if need_weights else out), seen["z"], seen["merged"]


@st.composite
def gates(draw, B: int, h: int) -> torch.Tensor:
    """``(h,)`` or ``(B, h)`` gates drawn cell by cell: 0, 1 or any factor; they shrink to 0."""
    shape = draw(st.sampled_from([(h,), (B, h)]), label="gate shape")
    n = h if len(shape) == 1 else B * h
    value = st.sampled_from([0.0, 1.0]) | st.floats(-3.0, 3.0, allow_nan=False)
    cells = draw(st.lists(value, min_size=n, max_size=n), label="gate")
    return torch.tensor(cells, dtype=DTYPE).reshape(shape)


def _x(*shape: int, seed: int = 0, dtype: torch.dtype = DTYPE) -> torch.Tensor:
    return torch.randn(*shape, generator=torch.Generator().manual_seed(seed), dtype=dtype)


# --- 1. a gate of ones is no gate ------------------------------------------------------------


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
@pytest.mark.parametrize("n_kv_heads", [None, 2])
@pytest.mark.parametrize("need_weights", [False, True])
@pytest.mark.parametrize("masked", [False, True])
def test_a_gate_of_ones_gives_bitwise_the_ungated_output(dtype, n_kv_heads, need_weights, masked):
    m = mha.MultiHeadAttention(
        16, 4, n_kv_heads=n_kv_heads, causal=True, generator=torch.Generator().manual_seed(0)
    ).to(dtype)
    x = _x(3, 6, 16, dtype=dtype)
    padding = None
    if masked:  # batch 2 loses every key: a dead row on each path
        padding = torch.zeros(3, 6, dtype=torch.bool)
        padding[1, 4:], padding[2] = True, True
    plain = m(x, key_padding_mask=padding, need_weights=need_weights)
    for gate in (torch.ones(4, dtype=dtype), torch.ones(3, 4, dtype=dtype)):
        gated = m(x, key_padding_mask=padding, need_weights=need_weights, head_gate=gate)
        if need_weights:
            assert torch.equal(gated[0], plain[0]) and torch.equal(gated[1], plain[1])
        else:
            assert torch.equal(gated, plain)


# --- 2. gated heads and the hook point against PyTorch's weights -----------------------------


@given(cases(), st.data())
def test_gated_heads_equal_torch_out_proj_of_the_gated_concatenation(case, data):
    divisors = [k for k in range(1, case.n_heads + 1) if case.n_heads % k == 0]
    m = build(case, data.draw(st.sampled_from(divisors), label="n_kv_heads"))
    gate = data.draw(gates(case.B, case.n_heads))
    want_z, want, live = oracle(m, case, gate)
    rows = live.all(dim=1)  # (B, T): every head saw a key
    for need_weights in (False, True):
        out, z, merged = run_seam(m, case, gate, need_weights)
        assert torch.allclose(z[live], want_z[live], **TOL)
        assert (z[~live] == 0).all()  # our convention: no key, zero output
        assert torch.equal(merged, torch.cat([z[:, i] for i in range(case.n_heads)], dim=-1))
        assert torch.allclose(out[rows], want[rows], **TOL)
        assert (out[~live.any(dim=1)] == 0).all()  # no head saw anything: a zero row


@given(cases())
def test_the_oracle_without_a_gate_is_torch_multihead_attention(case):
    m = build(case)
    _, want, live = oracle(m, case, None)
    query, key, value = case.inputs()
    attn, padding = torch_masks(case)
    key = query if key is None else key
    value = key if value is None else value
    t_out, _ = to_torch(m)(query, key, value, key_padding_mask=padding, attn_mask=attn)
    rows = live.all(dim=1)  # (B, T): every head saw a key
    assert torch.allclose(want[rows], t_out[rows], **TOL)


@pytest.mark.parametrize("i", [0, 2, 3])
def test_zeroing_head_i_equals_out_proj_with_its_slice_of_the_merged_tensor_zeroed(i):
    case = Case(B=2, T=5, S=5, n_heads=4, d_head=3, causal=False, bias=True, cross=False,
                seed=11, padding=None, attn_mask=None)  # fmt: skip
    m = build(case)
    t = to_torch(m)
    x, _, _ = case.inputs()
    captured = {}
    hook = m.W_o.register_forward_pre_hook(lambda _m, a: captured.__setitem__("merged", a[0]))
    m(x)
    hook.remove()
    merged = captured["merged"].clone()  # (B, T, d_model), head i in columns i*d_head...
    merged[..., i * 3 : (i + 1) * 3] = 0.0
    gate = torch.ones(4, dtype=DTYPE)
    gate[i] = 0.0
    want = F.linear(merged, t.out_proj.weight, t.out_proj.bias)
    for need_weights in (False, True):
        got = m(x, head_gate=gate, need_weights=need_weights)
        assert torch.allclose(got[0] if need_weights else got, want, **TOL)


def test_zeroing_every_head_leaves_only_the_output_bias():
    m = build(Case(2, 4, 4, 4, 2, False, True, False, 3, None, None))
    out = m(_x(2, 4, 8), head_gate=torch.zeros(4, dtype=DTYPE))
    assert torch.equal(out, m.W_o.bias.expand(2, 4, 8))


def test_a_hook_returning_edited_heads_replaces_them():
    m = build(Case(2, 5, 5, 4, 3, True, True, False, 4, None, None))
    x = _x(2, 5, 12, seed=1)

    def switch_off_head_1(_module, _args, z):
        z = z.clone()
        z[:, 1] = 0.0
        return z

    hook = m.hook_z.register_forward_hook(switch_off_head_1)
    by_hook = m(x)
    hook.remove()
    assert torch.equal(by_hook, m(x, head_gate=torch.tensor([1.0, 0.0, 1.0, 1.0], dtype=DTYPE)))
    assert not torch.equal(by_hook, m(x))  # the hook is gone


def test_lora_adapted_module_gates_like_the_oracle():
    case = Case(2, 5, 5, 4, 3, False, True, False, 9, None, None)
    m = add_lora(build(case), ("W_q", "W_v", "W_o"), rank=2, generator=torch.Generator())
    with torch.no_grad():  # B = 0 at first; give the adapters a value so that they count
        for lin in (m.W_q, m.W_v, m.W_o):
            lin.B.copy_(torch.randn(lin.B.shape, generator=torch.Generator().manual_seed(1)))
    gate = torch.tensor([0.5, 0.0, 1.0, -1.0], dtype=DTYPE)
    _, want, _ = oracle(m, case, gate)
    assert torch.allclose(m(case.inputs()[0], head_gate=gate), want, **TOL)


# --- 3. gradients w.r.t. the gate --------------------------------------------------------------


@pytest.mark.parametrize("n_kv_heads", [None, 1])
@pytest.mark.parametrize("need_weights", [False, True])
def test_the_gate_gradient_passes_gradcheck(n_kv_heads, need_weights):
    m = build(Case(2, 4, 4, 4, 2, True, True, False, 5, None, None), n_kv_heads)
    x = _x(2, 4, 8, seed=2).requires_grad_()
    padding = torch.zeros(2, 4, dtype=torch.bool)
    padding[1, :2] = True  # with causality, batch 1's first two queries have no key left

    def f(gate: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
        out = m(x, key_padding_mask=padding, head_gate=gate, need_weights=need_weights)
        return out[0] if need_weights else out

    gate = _x(2, 4, seed=3).requires_grad_()
    assert torch.autograd.gradcheck(f, (gate, x))
    assert torch.autograd.gradcheck(f, (gate[0].detach().requires_grad_(), x))


def test_the_gate_gradient_is_each_heads_contribution_seen_by_the_loss():
    """``out = sum_i g_i * z_i W_o_i^T + b``, so ``dL/dg_i = <dL/dout, z_i W_o_i^T>``."""
    case = Case(3, 5, 5, 4, 3, True, True, False, 6, None, None)
    m = build(case)
    z, _, _ = oracle(m, case, None)  # (B, h, T, d_head), ungated
    W_o = to_torch(m).out_proj.weight.T.reshape(4, 3, 12)  # (h, d_head, d_model)
    contribution = torch.einsum("bhtd,hde->bhte", z, W_o)  # (B, h, T, d_model)
    upstream = _x(3, 5, 12, seed=8)  # dL/dout for L = <upstream, out>
    gate = torch.ones(3, 4, dtype=DTYPE, requires_grad=True)
    (grad,) = torch.autograd.grad((m(case.inputs()[0], head_gate=gate) * upstream).sum(), gate)
    want = (contribution * upstream[:, None]).sum(dim=(2, 3))  # (B, h)
    assert torch.allclose(grad, want, **TOL)


# --- 4. bad gates --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("gate", "error", "match"),
    [
        ([1.0, 1.0, 1.0, 1.0], TypeError, "head_gate: expected a torch.Tensor"),
        (torch.ones(4, dtype=torch.long), TypeError, "head_gate: expected a floating-point"),
        (torch.ones(4, dtype=torch.float32), TypeError, "head_gate: dtype torch.float32"),
        (torch.ones(4, dtype=DTYPE, device="meta"), TypeError, "head_gate: dtype .* on meta"),
        (torch.ones(5, dtype=DTYPE), ValueError, r"head_gate: expected shape \(4,\) or"),
        (torch.ones(3, 4, dtype=DTYPE), ValueError, r"\(B=2, 4\).*got \(3, 4\)"),
        (torch.ones(2, 4, 1, dtype=DTYPE), ValueError, "head_gate: expected shape"),
        (torch.ones((), dtype=DTYPE), ValueError, "head_gate: expected shape"),
        (torch.tensor([1.0, float("nan"), 1.0, 1.0], dtype=DTYPE), ValueError, "NaN or inf"),
        (torch.tensor([1.0, 1.0, float("-inf"), 1.0], dtype=DTYPE), ValueError, "NaN or inf"),
    ],
)
@pytest.mark.parametrize("need_weights", [False, True])
def test_bad_gates_are_refused_by_name(gate, error, match, need_weights):
    m = build(Case(2, 3, 3, 4, 2, False, False, False, 0, None, None))
    with pytest.raises(error, match=match):
        m(_x(2, 3, 8), head_gate=gate, need_weights=need_weights)


# --- 5. the seam under meta/fake tensors, export, vmap, tracing, double backward ---------------


def test_meta_and_fake_tensors_take_a_gate():
    from torch._subclasses.fake_tensor import FakeTensorMode  # the test's tool, not the library's

    m = mha.MultiHeadAttention(16, 4, n_kv_heads=2).to("meta")
    x = torch.empty(2, 5, 16, device="meta")
    assert m(x, head_gate=torch.ones(4, device="meta")).shape == (2, 5, 16)
    with FakeTensorMode():
        m = mha.MultiHeadAttention(16, 4, causal=True)
        out = m(torch.randn(2, 5, 16), head_gate=torch.ones(2, 4), need_weights=True)
        assert out[0].shape == (2, 5, 16) and out[1].shape == (2, 4, 5, 5)


def test_export_takes_the_gate_as_an_input():
    m = build(Case(2, 5, 5, 4, 3, True, True, False, 1, None, None), n_kv_heads=2)
    x, gate = _x(2, 5, 12), _x(2, 4, seed=4)
    exported = torch.export.export(m, (x,), {"head_gate": gate}).module()
    other = _x(2, 4, seed=6)
    assert torch.allclose(exported(x, head_gate=other), m(x, head_gate=other), **TOL)


def test_vmap_over_gates_equals_a_loop():
    m = build(Case(2, 5, 5, 4, 3, True, True, False, 2, None, None))
    x, gates_ = _x(2, 5, 12), _x(6, 4, seed=5)  # six gates of (h,)
    got = torch.func.vmap(lambda g: m(x, head_gate=g))(gates_)
    want = torch.stack([m(x, head_gate=g) for g in gates_])
    assert torch.allclose(got, want, **TOL)


class Gated(torch.nn.Module):
    """``m`` with the gate as a positional input (``torch.jit.trace`` passes no keywords)."""

    def __init__(self, m: mha.MultiHeadAttention) -> None:
        super().__init__()
        self.m = m

    def forward(self, x: torch.Tensor, gate: torch.Tensor) -> torch.Tensor:
        return self.m(x, head_gate=gate)


def test_jit_trace_keeps_the_gate():
    m = build(Case(2, 5, 5, 4, 3, True, True, False, 2, None, None))
    x, gate = _x(2, 5, 12), _x(4, seed=7)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # deprecation and "trace specialised to these sizes"
        traced = torch.jit.trace(Gated(m), (x, gate), check_trace=False)
    other = _x(4, seed=8)
    assert torch.allclose(traced(x, other), m(x, head_gate=other), **TOL)


def test_double_backward_through_the_gate_and_the_fast_paths_refusal_for_the_inputs():
    """The second derivative in the gate never enters the fused kernel (``out`` is linear in
    the gate), so it works on both paths; through the input it is still refused by name."""
    m = build(Case(2, 5, 5, 4, 3, False, True, False, 3, None, None))
    x = _x(2, 5, 12).requires_grad_()
    gate = torch.ones(4, dtype=DTYPE, requires_grad=True)
    hessians = []
    for need_weights in (True, False):
        out = m(x, head_gate=gate, need_weights=need_weights)
        out = out[0] if need_weights else out
        (g1,) = torch.autograd.grad(out.pow(2).sum(), gate, create_graph=True)
        hessians.append(torch.stack([torch.autograd.grad(g, gate, retain_graph=True)[0]
                                     for g in g1]))  # fmt: skip
    assert torch.allclose(hessians[0], hessians[1], **TOL)
    with pytest.raises(RuntimeError, match=r"MultiHeadAttention: double backward.*need_weights"):
        torch.autograd.grad(m(x, head_gate=gate).pow(2).sum(), x, create_graph=True)
