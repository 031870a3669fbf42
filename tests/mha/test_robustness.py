"""Issue 18: quick refusals of bad sizes, finite LoRA scales, ``to_torch`` of grouped or
adapted modules, and the module under meta/fake tensors, export, vmap, tracing and double
backward."""

from __future__ import annotations

import queue
import subprocess
import sys
import threading
import warnings

import pytest
import torch

import mha
from mha._checks import divisors
from mha.interop import from_torch, to_torch
from mha.lora import LoRALinear, add_lora

F64 = torch.float64


def _module(**kw) -> mha.MultiHeadAttention:
    g = torch.Generator().manual_seed(0)
    m = mha.MultiHeadAttention(16, 4, generator=g, **kw).to(F64).eval()
    with torch.no_grad():  # non-zero biases, so that their copy is checked too
        for lin in (m.W_q, m.W_k, m.W_v, m.W_o):
            if lin.bias is not None:
                lin.bias.normal_(generator=g)
    return m


def _x(*shape: int, seed: int = 1) -> torch.Tensor:
    return torch.randn(*shape, generator=torch.Generator().manual_seed(seed), dtype=F64)


# --- 1. divisor lists --------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 12, 36, 97, 360, 1024, 9999])
def test_divisors_are_every_divisor_in_order(n):
    assert divisors(n) == [d for d in range(1, n + 1) if n % d == 0]


_HUGE_SIZE_CALLS = {
    "params": "mha.attention_param_count(10**12 + 1, 2)",
    "params_kv": "mha.attention_param_count(1, 10**12 + 1, head_dim=1, n_kv_heads=2)",
    "module": "mha.MultiHeadAttention(10**12 + 1, 2)",
    "module_kv": "mha.MultiHeadAttention(1, 10**12 + 1, head_dim=1, n_kv_heads=2)",
    "split_heads": "mha.heads.split_heads(torch.zeros(1, 1, 10**8 + 1, device='meta'), 2)",
    "params_1e8": "mha.attention_param_count(10**8 + 1, 2)",
    "params_1e10": "mha.attention_param_count(1, 10**10 + 1, head_dim=1, n_kv_heads=2)",
}
#: What each message says: the divisors where they are quick to find, else that they are not
#: listed.
_HUGE_SIZE_MESSAGES = {
    "params_1e8": "valid head counts are [1, 17, 5882353, 100000001]",
    "split_heads": "valid head counts are [1, 17, 5882353, 100000001]",
}


@pytest.fixture(scope="module")
def refusals() -> dict[str, str]:
    """``name -> what its call said``: every call of :data:`_HUGE_SIZE_CALLS` in one child
    process, in turn. The child imports first and says so; then each call has 5 s (one took
    hours): one that does not answer in time ends the child, and the calls after it say so."""
    code = ["import torch, mha, mha.heads", "print('ready', flush=True)"]
    for name, call in _HUGE_SIZE_CALLS.items():
        code.append(
            f"try:\n    {call}\nexcept ValueError as e:\n"
            f"    print({name!r}, str(e).replace('\\n', ' '), flush=True)\n"
            f"else:\n    print({name!r}, 'accepted', flush=True)"
        )
    child = subprocess.Popen([sys.executable, "-c", "\n".join(code)], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True)  # fmt: skip
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in child.stdout], daemon=True).start()
    said: dict[str, str] = {}
    try:
        assert lines.get(timeout=120) == "ready\n"
        for name in _HUGE_SIZE_CALLS:
            try:
                answer = lines.get(timeout=5)
            except queue.Empty:
                said[name] = "no answer within 5 s"
                break
            said[name] = answer.removeprefix(f"{name} ").strip()
    finally:
        child.kill()
        child.wait()
    return {name: said.get(name, "not reached: an earlier call hung") for name in _HUGE_SIZE_CALLS}


@pytest.mark.parametrize("name", _HUGE_SIZE_CALLS)
def test_a_huge_bad_size_is_refused_at_once(refusals, name):
    out = refusals[name]
    assert "not divisible" in out, out
    assert _HUGE_SIZE_MESSAGES.get(name, "(not listed: too large to factor here)") in out


def test_messages_still_list_the_divisors_of_ordinary_sizes():
    with pytest.raises(ValueError, match=r"valid head counts are \[1, 2, 5, 10\]"):
        mha.MultiHeadAttention(10, 3)


# --- 2. LoRA scale -------------------------------------------------------------------------


@pytest.mark.parametrize("alpha", [float("inf"), float("-inf"), float("nan"), 0, -1.0, 10**400])
def test_lora_alpha_must_be_finite_and_positive(alpha):
    with pytest.raises(ValueError, match="alpha"):
        LoRALinear(torch.nn.Linear(4, 4), 2, alpha, generator=torch.Generator())


@pytest.mark.parametrize("alpha", ["1", True, None])
def test_lora_alpha_of_the_wrong_type_is_a_type_error(alpha):
    with pytest.raises(TypeError, match="alpha"):
        LoRALinear(torch.nn.Linear(4, 4), 2, alpha, generator=torch.Generator())


@pytest.mark.parametrize("rank", [0, -1, 1.5, True])
def test_lora_rank_is_checked(rank):
    with pytest.raises((TypeError, ValueError), match="rank"):
        LoRALinear(torch.nn.Linear(4, 4), rank, 1.0, generator=torch.Generator())


def test_add_lora_with_a_bad_alpha_leaves_the_module_untouched():
    m = _module()
    with pytest.raises(ValueError, match="alpha"):
        add_lora(m, rank=2, alpha=float("inf"), generator=torch.Generator())
    assert all(p.requires_grad for p in m.parameters())
    assert not any(isinstance(getattr(m, n), LoRALinear) for n in ("W_q", "W_k", "W_v", "W_o"))


# --- 3. to_torch ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kw",
    [
        dict(n_kv_heads=2),
        dict(n_kv_heads=1),
        dict(n_kv_heads=2, bias=False),
        dict(n_kv_heads=2, out_bias=False),
        dict(head_dim=4),  # explicit, but equal to d_model // n_heads
        dict(n_kv_heads=2, head_dim=4, causal=True),
    ],
)
def test_to_torch_of_grouped_heads_repeats_kv_and_computes_the_same(kw):
    m = _module(**kw)
    t = to_torch(m)
    query, kv = _x(2, 5, 16), _x(2, 7, 16, seed=2)
    if m.causal:
        query = kv = _x(2, 7, 16)
    mask = torch.ones(7, 7, dtype=torch.bool).triu(1) if m.causal else None
    out, w = m(query, kv, need_weights=True)
    t_out, t_w = t(query, kv, kv, attn_mask=mask, is_causal=m.causal, average_attn_weights=False)
    assert torch.allclose(out, t_out, atol=1e-12) and torch.allclose(w, t_w, atol=1e-12)
    assert torch.allclose(from_torch(t, causal=m.causal)(query, kv), out, atol=1e-12)


def test_to_torch_refuses_heads_narrower_or_wider_than_d_model_by_name():
    for head_dim in (2, 8):
        with pytest.raises(ValueError, match=r"m: n_heads \* head_dim"):
            to_torch(mha.MultiHeadAttention(16, 4, head_dim=head_dim))


def test_to_torch_keeps_the_lora_adapters():
    m = add_lora(_module(), ("W_q", "W_v", "W_o"), rank=2, generator=torch.Generator())
    with torch.no_grad():
        for name in ("W_q", "W_v", "W_o"):
            getattr(m, name).B.normal_(generator=torch.Generator().manual_seed(3))
    x = _x(2, 5, 16)
    assert torch.allclose(to_torch(m)(x, x, x)[0], m(x), atol=1e-12)


# --- 4. the module without data, under transforms, and differentiated twice ------------------


def test_meta_tensors_give_the_shape_on_both_paths():
    m = mha.MultiHeadAttention(16, 4, n_kv_heads=2).to("meta")
    x = torch.empty(2, 5, 16, device="meta")
    assert m(x).shape == (2, 5, 16)
    out, w = m(x, key_padding_mask=torch.zeros(2, 5, dtype=torch.bool), need_weights=True)
    assert out.shape == (2, 5, 16) and w.shape == (2, 4, 5, 5) and out.is_meta


def test_fake_tensors_give_the_shape():
    from torch._subclasses.fake_tensor import FakeTensorMode  # the test's tool, not the library's

    with FakeTensorMode():
        m = mha.MultiHeadAttention(16, 4, causal=True)
        assert m(torch.randn(2, 5, 16)).shape == (2, 5, 16)


def _poisoned() -> tuple[torch.Tensor, torch.Tensor]:
    x = _x(2, 5, 16)
    x[0, 2, 3] = float("nan")
    padding = torch.zeros(2, 5, dtype=torch.bool)
    padding[1, 1:] = True
    return x, padding


def _expected(m: mha.MultiHeadAttention, x: torch.Tensor, padding: torch.Tensor):
    return m(x, key_padding_mask=padding, need_weights=True)[0]


@pytest.mark.parametrize("causal", [False, True])
def test_export_runs_and_keeps_nan_in_nan_out(causal):
    m = _module(causal=causal, n_kv_heads=2)
    x, padding = _poisoned()
    exported = torch.export.export(m, (x,), {"key_padding_mask": padding}).module()
    got = exported(x, key_padding_mask=padding)
    expected = _expected(m, x, padding)
    assert torch.isnan(got[0, 2]).all()
    assert torch.allclose(got, expected, atol=1e-12, equal_nan=True)
    clean = _x(2, 5, 16, seed=5)
    assert torch.allclose(
        exported(clean, key_padding_mask=padding), m(clean, key_padding_mask=padding), atol=1e-12
    )


def test_vmap_over_the_module_equals_a_loop_with_nan_and_dead_rows():
    m = _module(causal=True)
    xs = torch.stack([_poisoned()[0], _x(2, 5, 16, seed=7)])  # (N=2, B, T, d_model)
    padding = torch.ones(2, 5, dtype=torch.bool)  # batch 1: every key padded -> zero rows
    padding[0] = False
    got = torch.func.vmap(lambda x: m(x, key_padding_mask=padding))(xs)
    expected = torch.stack([m(x, key_padding_mask=padding) for x in xs])
    assert torch.allclose(got, expected, atol=1e-12, equal_nan=True)
    assert (got[:, 1] == 0).all() and torch.isnan(got[0, 0, 2]).all()


def test_double_backward_works_on_the_explicit_path_and_is_refused_by_name_on_the_fast_one():
    m = _module()
    x = _x(2, 5, 16).requires_grad_()
    (g1,) = torch.autograd.grad(m(x, need_weights=True)[0].sum(), x, create_graph=True)
    (g2,) = torch.autograd.grad(g1.pow(2).sum(), x)
    assert g2.shape == x.shape and torch.isfinite(g2).all()
    with pytest.raises(RuntimeError, match=r"MultiHeadAttention: double backward.*need_weights"):
        torch.autograd.grad(m(x).sum(), x, create_graph=True)
    (g,) = torch.autograd.grad(m(x).sum(), x)  # a single backward is unaffected
    assert torch.allclose(g, g1, atol=1e-10)


def test_jit_trace_works_and_keeps_nan_in_nan_out():
    m = _module(causal=True)
    x, _ = _poisoned()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # deprecation and "trace specialised to these sizes"
        traced = torch.jit.trace(m, (x,), check_trace=False)
    clean = _x(2, 5, 16, seed=5)
    assert torch.allclose(traced(clean), m(clean), atol=1e-12)
    assert torch.allclose(traced(x), m(x, need_weights=True)[0], atol=1e-12, equal_nan=True)
    assert torch.isnan(traced(x)[0, 2]).all()
