"""A real model's weights: Hugging Face GPT-2's attention layer copied into our module and back.

The oracle is ``transformers`` itself: a randomly initialised GPT-2 (small ``GPT2Config``, no
download) run as a whole model; a forward hook records what its first attention layer receives
and returns, so the layer is called exactly as the model calls it (with the model's own causal
and padding masks).
"""

from __future__ import annotations

import pytest
import torch

transformers = pytest.importorskip("transformers")

import mha  # noqa: E402
from mha.interop import from_hf_gpt2, to_hf_gpt2  # noqa: E402

D_MODEL, N_HEADS = 32, 4
D_HEAD = D_MODEL // N_HEADS


def _gpt2(seed: int = 0, attn_implementation: str = "eager") -> torch.nn.Module:
    config = transformers.GPT2Config(
        vocab_size=50, n_positions=16, n_embd=D_MODEL, n_head=N_HEADS, n_layer=1,
        attn_pdrop=0.0, resid_pdrop=0.0, embd_pdrop=0.0, bos_token_id=0, eos_token_id=0,
    )  # fmt: skip
    model = transformers.AutoModel.from_config(config, attn_implementation=attn_implementation)
    g = torch.Generator().manual_seed(seed)
    with torch.no_grad():  # every weight from our generator, biases non-zero too
        for p in model.parameters():
            p.copy_(torch.randn(p.shape, generator=g) * 0.2)
    return model.eval()


def _record_attention(model: torch.nn.Module, input_ids, attention_mask=None):
    """Run the whole model; return the first attention layer's input and output."""
    seen = {}

    def hook(module, args, kwargs, output):
        seen["x"] = args[0] if args else kwargs["hidden_states"]
        seen["out"] = output[0]

    handle = model.h[0].attn.register_forward_hook(hook, with_kwargs=True)
    try:
        with torch.no_grad():
            model(input_ids=input_ids, attention_mask=attention_mask)
    finally:
        handle.remove()
    return seen["x"], seen["out"]


@pytest.mark.parametrize("impl", ["eager", "sdpa"])
@pytest.mark.parametrize("need_weights", [False, True])
def test_our_causal_module_gives_gpt2s_attention_output(impl, need_weights):
    model = _gpt2(0, impl)
    input_ids = torch.randint(0, 50, (3, 7), generator=torch.Generator().manual_seed(1))
    x, expected = _record_attention(model, input_ids)
    # --8<-- [start:gpt2-check]
    ours = from_hf_gpt2(model.h[0].attn).eval()  # causal by default, like GPT-2
    got = ours(x, need_weights=need_weights)
    got = got[0] if need_weights else got
    assert torch.allclose(got, expected, atol=1e-5)
    # --8<-- [end:gpt2-check]


@pytest.mark.parametrize("impl", ["eager", "sdpa"])
def test_padding_mask_agrees_with_gpt2s_attention_mask(impl):
    model = _gpt2(2, impl)
    input_ids = torch.randint(0, 50, (2, 6), generator=torch.Generator().manual_seed(3))
    attention_mask = torch.tensor([[1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 0, 0]])  # 1 = real token
    x, expected = _record_attention(model, input_ids, attention_mask)
    ours = from_hf_gpt2(model.h[0].attn).eval()
    got = ours(x, key_padding_mask=attention_mask == 0)  # ours: True = padding
    assert torch.allclose(got, expected, atol=1e-5)


def test_per_head_slices_of_c_attn_are_our_head_matrices():
    attn = _gpt2(4).h[0].attn
    ours = from_hf_gpt2(attn)
    # --8<-- [start:gpt2-heads]
    W = attn.c_attn.weight  # (d_model, 3 * d_model): [W_q | W_k | W_v], each (in, out)
    for i in range(N_HEADS):
        cols = slice(i * D_HEAD, (i + 1) * D_HEAD)  # head i's columns within each third
        rows = slice(i * D_HEAD, (i + 1) * D_HEAD)  # head i's rows in nn.Linear's (out, in)
        assert torch.equal(W[:, cols].T, ours.W_q.weight[rows])
        assert torch.equal(W[:, D_MODEL:][:, cols].T, ours.W_k.weight[rows])
        assert torch.equal(W[:, 2 * D_MODEL :][:, cols].T, ours.W_v.weight[rows])
    # --8<-- [end:gpt2-heads]


def test_heads_as_gpt2_splits_them_are_our_heads():
    """GPT-2's own query_states for head i (from its forward code path: c_attn, split, view)
    equal our projected head i."""
    model = _gpt2(5)
    attn = model.h[0].attn
    x = torch.randn(2, 5, D_MODEL, generator=torch.Generator().manual_seed(6))
    with torch.no_grad():
        q_hf, k_hf, v_hf = attn.c_attn(x).split(attn.split_size, dim=2)  # as GPT2Attention does
        q, k, v = from_hf_gpt2(attn).project_heads(x, None, None)  # (B, h, T, d_head)
    for ours, theirs in ((q, q_hf), (k, k_hf), (v, v_hf)):
        theirs = theirs.view(2, 5, N_HEADS, D_HEAD).transpose(1, 2)
        assert torch.allclose(ours, theirs, atol=1e-6)


def test_to_hf_gpt2_gives_gpt2_our_outputs_and_round_trips():
    g = torch.Generator().manual_seed(7)
    ours = mha.MultiHeadAttention(D_MODEL, N_HEADS, causal=True, generator=g)
    with torch.no_grad():
        for p in ours.parameters():
            p.copy_(torch.randn(p.shape, generator=g) * 0.2)
    ours.eval()
    model = _gpt2(8)
    assert to_hf_gpt2(ours, model.h[0].attn) is model.h[0].attn
    input_ids = torch.randint(0, 50, (2, 6), generator=g)
    x, expected = _record_attention(model, input_ids)
    assert torch.allclose(ours(x), expected, atol=1e-5)
    back = from_hf_gpt2(model.h[0].attn)
    for (name, a), (_, b) in zip(ours.named_parameters(), back.named_parameters(), strict=True):
        assert torch.equal(a, b), name


def test_to_hf_gpt2_writes_zero_biases_for_a_bias_free_module():
    ours = mha.MultiHeadAttention(
        D_MODEL, N_HEADS, causal=True, bias=False, generator=torch.Generator().manual_seed(9)
    ).eval()
    model = _gpt2(10)
    to_hf_gpt2(ours, model.h[0].attn)
    input_ids = torch.randint(0, 50, (1, 5), generator=torch.Generator().manual_seed(11))
    x, expected = _record_attention(model, input_ids)
    assert torch.allclose(ours(x), expected, atol=1e-5)


def test_wrong_types_and_sizes_are_refused_by_name():
    attn = _gpt2(0).h[0].attn
    with pytest.raises(TypeError, match=r"attn: expected a transformers GPT2Attention, got Linear"):
        from_hf_gpt2(torch.nn.Linear(4, 4))
    with pytest.raises(TypeError, match=r"attn: expected a transformers GPT2Attention"):
        from_hf_gpt2(torch.nn.MultiheadAttention(32, 4))
    with pytest.raises(TypeError, match=r"module: expected mha.MultiHeadAttention"):
        to_hf_gpt2(torch.nn.Linear(4, 4), attn)
    with pytest.raises(ValueError, match=r"module: \(d_model, n_heads, d_head\) = \(32, 8, 4\)"):
        to_hf_gpt2(mha.MultiHeadAttention(32, 8, causal=True), attn)
    with pytest.raises(ValueError, match=r"module: .*\(16, 4, 4\) differs .*\(32, 4, 8\)"):
        to_hf_gpt2(mha.MultiHeadAttention(16, 4, causal=True), attn)
    with pytest.raises(ValueError, match=r"module: GPT-2 has one K/V head per query head"):
        to_hf_gpt2(mha.MultiHeadAttention(32, 4, n_kv_heads=2, causal=True), attn)
    with pytest.raises(ValueError, match=r"module: GPT-2's self-attention is causal"):
        to_hf_gpt2(mha.MultiHeadAttention(32, 4), attn)


def test_other_gpt2_attention_variants_are_refused():
    config = transformers.GPT2Config(
        n_embd=D_MODEL, n_head=N_HEADS, n_layer=2, scale_attn_by_inverse_layer_idx=True
    )
    from transformers.models.gpt2.modeling_gpt2 import GPT2Attention

    with pytest.raises(ValueError, match=r"attn: only GPT-2's 1/sqrt\(head_dim\) scaling"):
        from_hf_gpt2(GPT2Attention(config, layer_idx=1))
    cross = GPT2Attention(transformers.GPT2Config(n_embd=D_MODEL, n_head=N_HEADS), True)
    with pytest.raises(ValueError, match=r"attn: a cross-attention GPT2Attention"):
        from_hf_gpt2(cross)
