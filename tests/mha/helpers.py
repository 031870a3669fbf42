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


def additive(mask: torch.Tensor) -> torch.Tensor:
    """Bool (True = blocked) -> 0 / -inf floats; float masks unchanged (in DTYPE)."""
    if mask.dtype == torch.bool:
        return torch.zeros(mask.shape, dtype=DTYPE).masked_fill(mask, float("-inf"))
    return mask.to(DTYPE)


def torch_masks(case: Case) -> tuple[torch.Tensor | None, torch.Tensor | None]:
    """The case's masks in ``torch.nn.MultiheadAttention``'s forms.

    Causality is folded into ``attn_mask``; a 4-D ``(B|1, h|1, T, S)`` mask (ours only) becomes
    PyTorch's ``(B * h, T, S)``; when either mask is float both are given as float (PyTorch
    deprecates mixing a bool and a float mask).
    """
    attn = case.attn_mask
    if attn is not None and attn.dim() == 4:
        attn = attn.expand(case.B, case.n_heads, case.T, case.S)
        attn = attn.reshape(case.B * case.n_heads, case.T, case.S)
    if case.causal:
        c = causal_bool(case.T, case.S)
        if attn is None:
            attn = c
        elif attn.dtype == torch.bool:
            attn = attn | c
        else:
            attn = attn.masked_fill(c, float("-inf"))
    padding = case.padding
    masks = [m for m in (attn, padding) if m is not None]
    if any(m.is_floating_point() for m in masks):
        attn = None if attn is None else additive(attn)
        padding = None if padding is None else additive(padding)
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
