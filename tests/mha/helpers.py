"""Build our module and PyTorch's from one case, and run both."""

from __future__ import annotations

import torch

import mha
from mha.interop import to_torch
from tests.mha.strategies import DTYPE, Case, causal_bool


def make_module(case: Case) -> mha.MultiHeadAttention:
    m = mha.MultiHeadAttention(
        case.d_model, case.n_heads, causal=case.causal, bias=case.bias, generator=case.generator()
    )
    if case.bias:  # non-zero biases so that they are checked too
        with torch.no_grad():
            for lin in (m.W_q, m.W_k, m.W_v, m.W_o):
                lin.bias.copy_(torch.randn(case.d_model, generator=case.generator(2)))
    return m.to(DTYPE).eval()


def run_ours(m: mha.MultiHeadAttention, case: Case, need_weights: bool):
    query, key, value = case.inputs()
    return m(
        query, key, value,
        key_padding_mask=case.padding, attn_mask=case.attn_mask, need_weights=need_weights,
    )  # fmt: skip


def torch_masks(case: Case) -> tuple[torch.Tensor | None, torch.Tensor | None]:
    """The case's masks for ``torch.nn.MultiheadAttention``, causality folded into attn_mask."""
    attn = case.attn_mask
    if case.causal:
        c = causal_bool(case.T, case.S)
        if attn is None:
            attn = c
        elif attn.dtype == torch.bool:
            attn = attn | c
        else:
            attn = attn.masked_fill(c, float("-inf"))
    padding = case.padding
    if padding is not None and attn is not None and attn.is_floating_point():
        padding = torch.zeros(padding.shape, dtype=DTYPE).masked_fill(padding, float("-inf"))
    return attn, padding


def run_torch(m: mha.MultiHeadAttention, case: Case):
    t = to_torch(m).eval()
    query, key, value = case.inputs()
    key = query if key is None else key
    value = query if value is None else value
    attn, padding = torch_masks(case)
    return t(
        query, key, value, key_padding_mask=padding, attn_mask=attn,
        need_weights=True, average_attn_weights=False,
    )  # fmt: skip
