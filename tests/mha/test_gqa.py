"""Grouped-query attention: n_kv_heads K/V heads, each shared by a group of query heads.

Oracles: ``torch.nn.functional.scaled_dot_product_attention(..., enable_gqa=True)`` on the same
weights, and ``torch.nn.MultiheadAttention`` holding K/V weights in which every K/V head is
repeated for each query head of its group.
"""

from __future__ import annotations

import pytest
import torch
import torch.nn.functional as F
from hypothesis import given
from hypothesis import strategies as st

import mha
from mha.interop import to_torch
from mha.reference import per_head_attention

DT = torch.float64
NEG_INF = float("-inf")


def _gen(seed: int) -> torch.Generator:
    return torch.Generator().manual_seed(seed)


def _randomise(m: mha.MultiHeadAttention, seed: int) -> mha.MultiHeadAttention:
    """Non-zero biases too, so that every parameter is checked."""
    g = _gen(seed)
    with torch.no_grad():
        for p in m.parameters():
            p.copy_(torch.randn(p.shape, generator=g, dtype=p.dtype) * 0.5)
    return m


@st.composite
def gqa_problems(draw, *, free_head_dim: bool = True):
    n_kv = draw(st.integers(1, 3), label="n_kv_heads")
    group = draw(st.integers(1, 3), label="group")
    n_heads = n_kv * group
    d_head = draw(st.integers(1, 4), label="d_head")
    if free_head_dim and draw(st.booleans()):
        d_model = draw(st.integers(1, 12), label="d_model")  # head_dim given: any d_model
        head_dim = d_head
    else:
        d_model, head_dim = n_heads * d_head, None
    B, T = draw(st.integers(1, 2)), draw(st.integers(1, 5))
    cross = draw(st.booleans())
    S = draw(st.integers(1, 5)) if cross else T
    causal, bias = draw(st.booleans()), draw(st.booleans())
    seed = draw(st.integers(0, 2**20))
    g = _gen(seed + 1)

    def mask(shape: tuple[int, ...], kind: str) -> torch.Tensor:
        if kind == "bool":
            return torch.rand(shape, generator=g) < 0.3
        values = torch.randn(shape, generator=g, dtype=DT)
        return values.masked_fill(torch.rand(shape, generator=g) < 0.3, NEG_INF)

    padding = attn_mask = None
    if draw(st.booleans()):
        padding = mask((B, S), draw(st.sampled_from(["bool", "float"])))
    if draw(st.booleans()):
        shape = draw(
            st.sampled_from([(T, S), (B * n_heads, T, S), (B, n_heads, T, S), (B, 1, T, S)])
        )
        attn_mask = mask(shape, draw(st.sampled_from(["bool", "float"])))
    return dict(
        d_model=d_model, n_heads=n_heads, n_kv_heads=n_kv, head_dim=head_dim, d_head=d_head,
        B=B, T=T, S=S, cross=cross, causal=causal, bias=bias, seed=seed,
        padding=padding, attn_mask=attn_mask,
    )  # fmt: skip


def _module(p: dict) -> mha.MultiHeadAttention:
    m = mha.MultiHeadAttention(
        p["d_model"], p["n_heads"], n_kv_heads=p["n_kv_heads"], head_dim=p["head_dim"],
        causal=p["causal"], bias=p["bias"], generator=_gen(p["seed"]),
    )  # fmt: skip
    return _randomise(m, p["seed"] + 2).to(DT).eval()


def _inputs(p: dict):
    g = _gen(p["seed"] + 3)
    query = torch.randn(p["B"], p["T"], p["d_model"], generator=g, dtype=DT)
    if not p["cross"]:
        return query, None, None
    key = torch.randn(p["B"], p["S"], p["d_model"], generator=g, dtype=DT)
    value = torch.randn(p["B"], p["S"], p["d_model"], generator=g, dtype=DT)
    return query, key, value


def _additive(p: dict) -> torch.Tensor:
    """Every mask of the problem as one float (B, h, T, S) mask, -inf = blocked."""
    B, h, T, S = p["B"], p["n_heads"], p["T"], p["S"]
    total = torch.zeros(B, h, T, S, dtype=DT)
    for m, shape in ((p["attn_mask"], None), (p["padding"], (B, 1, 1, S))):
        if m is None:
            continue
        f = torch.zeros(m.shape, dtype=DT).masked_fill(m, NEG_INF) if m.dtype == torch.bool else m
        if shape is None and f.dim() == 3:
            f = f.reshape(B, h, T, S)  # PyTorch's (B * h, T, S) layout
        total = total + (f if shape is None else f.reshape(shape))
    if p["causal"]:
        total = total.masked_fill(torch.ones(T, S, dtype=torch.bool).triu(1), NEG_INF)
    return total


def _oracle_sdpa(m: mha.MultiHeadAttention, p: dict) -> tuple[torch.Tensor, torch.Tensor]:
    """PyTorch's enable_gqa attention on our weights; returns output and the dead (B, h, T) rows."""
    query, key, value = _inputs(p)
    key = query if key is None else key
    value = key if value is None else value
    B, T, S, h, h_kv, dh = p["B"], p["T"], p["S"], p["n_heads"], p["n_kv_heads"], p["d_head"]
    q = m.W_q(query).view(B, T, h, dh).transpose(1, 2)  # (B, h, T, dh)
    k = m.W_k(key).view(B, S, h_kv, dh).transpose(1, 2)  # (B, h_kv, S, dh)
    v = m.W_v(value).view(B, S, h_kv, dh).transpose(1, 2)
    mask = _additive(p)
    dead = torch.isneginf(mask).all(-1)  # (B, h, T): PyTorch gives NaN there
    heads = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, enable_gqa=True)
    heads = heads.masked_fill(dead[..., None], 0.0)  # the module's documented zeros
    out = m.W_o(heads.transpose(1, 2).reshape(B, T, h * dh))
    return out.masked_fill(dead.all(1)[..., None], 0.0), dead


def _run(m: mha.MultiHeadAttention, p: dict, need_weights: bool):
    query, key, value = _inputs(p)
    return m(
        query, key, value, key_padding_mask=p["padding"], attn_mask=p["attn_mask"],
        need_weights=need_weights,
    )  # fmt: skip


def test_torch_supports_enable_gqa():
    """The oracle needs torch >= 2.5 (the project pins torch >= 2.4)."""
    q = torch.randn(1, 4, 2, 3)
    kv = torch.randn(1, 2, 2, 3)
    expected = F.scaled_dot_product_attention(
        q, kv.repeat_interleave(2, 1), kv.repeat_interleave(2, 1)
    )
    assert torch.allclose(F.scaled_dot_product_attention(q, kv, kv, enable_gqa=True), expected)


@given(gqa_problems())
def test_both_paths_match_torch_enable_gqa(p):
    m = _module(p)
    expected, dead = _oracle_sdpa(m, p)
    fast = _run(m, p, need_weights=False)
    with torch.no_grad():  # inference: no autograd graph
        inference = _run(m, p, need_weights=False)
    explicit, w = _run(m, p, need_weights=True)
    assert w.shape == (p["B"], p["n_heads"], p["T"], p["S"])
    assert fast.shape == (p["B"], p["T"], p["d_model"])
    assert torch.allclose(fast, expected, atol=1e-10)
    assert torch.allclose(inference, expected, atol=1e-10)
    assert torch.allclose(explicit, expected, atol=1e-10)
    assert torch.equal(w.sum(-1) == 0, dead)  # zero weights exactly on the dead rows


@given(gqa_problems(free_head_dim=False))
def test_gqa_equals_pytorch_mha_with_each_kv_head_repeated(p):
    """Query head i must read K/V head i // group: repeat each K/V head's rows group times and
    PyTorch's own module gives our outputs and per-head weights."""
    m = _module(p)
    group, dh = p["n_heads"] // p["n_kv_heads"], p["d_head"]
    plain = mha.MultiHeadAttention(p["d_model"], p["n_heads"], bias=p["bias"]).to(DT)
    with torch.no_grad():
        for name in ("W_q", "W_o"):
            getattr(plain, name).load_state_dict(getattr(m, name).state_dict())
        for name in ("W_k", "W_v"):
            src, dst = getattr(m, name), getattr(plain, name)
            dst.weight.copy_(
                src.weight.unflatten(0, (-1, dh)).repeat_interleave(group, 0).flatten(0, 1)
            )
            if src.bias is not None:
                dst.bias.copy_(
                    src.bias.unflatten(0, (-1, dh)).repeat_interleave(group, 0).flatten()
                )
    t = to_torch(plain).eval()
    query, key, value = _inputs(p)
    key = query if key is None else key
    value = key if value is None else value
    mask = _additive(p).reshape(p["B"] * p["n_heads"], p["T"], p["S"])  # PyTorch's layout
    expected, expected_w = t(query, key, value, attn_mask=mask, average_attn_weights=False)
    live = ~torch.isneginf(mask).all(-1).reshape(p["B"], p["n_heads"], p["T"])  # (B, h, T)
    everywhere = live.all(1)  # (B, T): PyTorch's output rows free of NaN
    out, w = _run(m, p, need_weights=True)
    assert torch.allclose(out[everywhere], expected[everywhere], atol=1e-10)
    assert torch.allclose(w[live], expected_w[live], atol=1e-12)
    assert torch.equal(w[~live], torch.zeros_like(w[~live]))


@given(gqa_problems())
def test_gqa_matches_the_per_head_loop(p):
    m = _module(p)
    query, key, value = _inputs(p)
    expected, expected_w = per_head_attention(
        m, query, key, value, key_padding_mask=p["padding"], attn_mask=p["attn_mask"]
    )
    out, w = _run(m, p, need_weights=True)
    assert torch.allclose(out, expected, atol=1e-10)
    assert torch.allclose(w, expected_w, atol=1e-12)


@given(n_heads=st.integers(1, 6), d_head=st.integers(1, 4), bias=st.booleans())
def test_default_is_todays_module_bit_for_bit(n_heads, d_head, bias):
    """n_kv_heads=None: W_q, W_k, W_v, W_o all (d_model, d_model); spelling the defaults out
    changes nothing, not one bit."""
    d_model = n_heads * d_head
    default = mha.MultiHeadAttention(d_model, n_heads, bias=bias, generator=_gen(7))
    spelled = mha.MultiHeadAttention(
        d_model, n_heads, n_kv_heads=n_heads, head_dim=d_head, bias=bias, generator=_gen(7)
    )
    expected_keys = [
        f"W_{n}.{p}" for n in "qkvo" for p in (("weight", "bias") if bias else ("weight",))
    ]
    assert list(default.state_dict()) == expected_keys
    for name, tensor in default.state_dict().items():
        assert tensor.shape == ((d_model, d_model) if name.endswith("weight") else (d_model,))
        assert torch.equal(tensor, spelled.state_dict()[name])
    x = torch.randn(2, 3, d_model, generator=_gen(8))
    assert torch.equal(default(x), spelled(x))
    assert torch.equal(default(x, need_weights=True)[1], spelled(x, need_weights=True)[1])


def test_head_dim_other_than_d_model_over_n_heads():
    m = mha.MultiHeadAttention(10, 4, n_kv_heads=2, head_dim=3, generator=_gen(0))
    assert m.W_q.weight.shape == (12, 10) and m.W_k.weight.shape == (6, 10)
    assert m.W_o.weight.shape == (10, 12)
    out, w = m(torch.randn(2, 5, 10, generator=_gen(1)), need_weights=True)
    assert out.shape == (2, 5, 10) and w.shape == (2, 4, 5, 5)


def test_mqa_one_kv_head_gives_every_head_the_same_keys():
    m = mha.MultiHeadAttention(8, 4, n_kv_heads=1, generator=_gen(0))
    x = torch.randn(1, 3, 8, generator=_gen(1))
    q, k, v = m.project_heads(x, None, None)
    assert q.shape == (1, 4, 3, 2) and k.shape == (1, 1, 3, 2) and v.shape == (1, 1, 3, 2)


def test_dropout_training_path_runs_on_grouped_heads():
    m = mha.MultiHeadAttention(8, 4, n_kv_heads=2, dropout=0.5, generator=_gen(0)).train()
    x = torch.randn(2, 3, 8, generator=_gen(1))
    for need_weights in (False, True):
        out = m(x, need_weights=need_weights)
        out = out[0] if need_weights else out
        assert out.shape == (2, 3, 8) and torch.isfinite(out).all()


@pytest.mark.parametrize(
    ("kwargs", "exc", "pattern"),
    [
        (
            dict(n_kv_heads=3),
            ValueError,
            r"n_kv_heads: n_heads=8 is not divisible .*\[1, 2, 4, 8\]",
        ),
        (dict(n_kv_heads=16), ValueError, r"n_kv_heads: n_heads=8 is not divisible"),
        (dict(n_kv_heads=0), ValueError, r"n_kv_heads: expected an int >= 1, got 0"),
        (dict(n_kv_heads=2.0), TypeError, r"n_kv_heads: expected int, got float"),
        (dict(head_dim=0), ValueError, r"head_dim: expected an int >= 1, got 0"),
        (dict(head_dim=True), TypeError, r"head_dim: expected int, got bool"),
    ],
)
def test_bad_combinations_name_the_argument(kwargs, exc, pattern):
    with pytest.raises(exc, match=pattern):
        mha.MultiHeadAttention(64, 8, **kwargs)
    with pytest.raises(exc, match=pattern):
        mha.attention_param_count(64, 8, **kwargs)


def test_n_heads_need_not_divide_d_model_when_head_dim_is_given():
    with pytest.raises(ValueError, match="n_heads: d_model=10 is not divisible"):
        mha.MultiHeadAttention(10, 4)
    assert mha.MultiHeadAttention(10, 4, head_dim=2).W_q.out_features == 8


@st.composite
def attention_sizes(draw):
    n_kv = draw(st.integers(1, 4), label="n_kv_heads")
    n_heads = n_kv * draw(st.integers(1, 4), label="group")
    head_dim = draw(st.none() | st.integers(1, 8), label="head_dim")
    if head_dim is None:
        d_model = n_heads * draw(st.integers(1, 8), label="d_head")
    else:
        d_model = draw(st.integers(1, 40), label="d_model")
    bias, out_bias = draw(st.booleans()), draw(st.none() | st.booleans())
    return d_model, n_heads, n_kv, head_dim, bias, out_bias


@given(attention_sizes())
def test_param_count_equals_our_module(sizes):
    d_model, n_heads, n_kv, head_dim, bias, out_bias = sizes
    kwargs = dict(n_kv_heads=n_kv, head_dim=head_dim, out_bias=out_bias)
    with torch.device("meta"):  # shapes only, nothing allocated
        m = mha.MultiHeadAttention(d_model, n_heads, bias=bias, **kwargs)
    assert mha.attention_param_count(d_model, n_heads, bias, **kwargs) == sum(
        p.numel() for p in m.parameters()
    )


@given(attention_sizes())
def test_param_count_equals_independent_linear_layers(sizes):
    """Formula-free: count the four nn.Linear a reader would build from the definition."""
    d_model, n_heads, n_kv, head_dim, bias, out_bias = sizes
    d_head = d_model // n_heads if head_dim is None else head_dim
    o_bias = bias if out_bias is None else out_bias
    with torch.device("meta"):
        layers = [
            torch.nn.Linear(d_model, n_heads * d_head, bias=bias),  # W_q
            torch.nn.Linear(d_model, n_kv * d_head, bias=bias),  # W_k
            torch.nn.Linear(d_model, n_kv * d_head, bias=bias),  # W_v
            torch.nn.Linear(n_heads * d_head, d_model, bias=o_bias),  # W_o
        ]
    expected = sum(p.numel() for layer in layers for p in layer.parameters())
    got = mha.attention_param_count(
        d_model, n_heads, bias, n_kv_heads=n_kv, head_dim=head_dim, out_bias=out_bias
    )
    assert got == expected


@st.composite
def llama_sizes(draw):
    n_kv = draw(st.integers(1, 4))
    n_heads = n_kv * draw(st.integers(1, 4))
    d_model = n_heads * draw(st.integers(1, 6))  # transformers requires heads | hidden_size
    head_dim = 2 * draw(st.integers(1, 4))  # free (as in Gemma), but even for RoPE
    return d_model, n_heads, n_kv, head_dim, draw(st.booleans())


@given(llama_sizes())
def test_param_count_equals_hf_llama_attention(sizes):
    """Hugging Face's LlamaAttention (q, k, v, o; attention_bias on all four) on the meta device."""
    pytest.importorskip("transformers")
    from transformers import LlamaConfig
    from transformers.models.llama.modeling_llama import LlamaAttention

    d_model, n_heads, n_kv, head_dim, bias = sizes
    config = LlamaConfig(
        hidden_size=d_model, num_attention_heads=n_heads, num_key_value_heads=n_kv,
        head_dim=head_dim, attention_bias=bias,
    )  # fmt: skip
    with torch.device("meta"):
        hf = LlamaAttention(config, layer_idx=0)
        ours = mha.MultiHeadAttention(
            d_model, n_heads, n_kv_heads=n_kv, head_dim=head_dim, bias=bias
        )
    expected = sum(p.numel() for p in hf.parameters())
    assert (
        mha.attention_param_count(d_model, n_heads, bias, n_kv_heads=n_kv, head_dim=head_dim)
        == expected
    )
    pairs = {"q_proj": "W_q", "k_proj": "W_k", "v_proj": "W_v", "o_proj": "W_o"}
    for hf_name, our_name in pairs.items():
        assert getattr(hf, hf_name).weight.shape == getattr(ours, our_name).weight.shape


def test_param_count_equals_hf_qwen2_attention_bias_on_q_k_v_only():
    pytest.importorskip("transformers")
    from transformers import Qwen2Config
    from transformers.models.qwen2.modeling_qwen2 import Qwen2Attention

    config = Qwen2Config(hidden_size=16, num_attention_heads=4, num_key_value_heads=2)
    with torch.device("meta"):
        hf = Qwen2Attention(config, layer_idx=0)
    expected = sum(p.numel() for p in hf.parameters())
    assert mha.attention_param_count(16, 4, True, n_kv_heads=2, out_bias=False) == expected
    assert mha.attention_param_count(16, 4, True, n_kv_heads=2) != expected  # o has no bias
