"""The study note's beginner mistakes, written down on purpose so that tests and the site can
show what they do.

* :func:`split_heads_without_transpose`: ``reshape(B, h, T, d_head)`` straight away. The shape is
  right, the numbers are not: each "head" now holds pieces of several tokens. Nothing fails.
* :func:`merge_heads_with_view`: ``.view`` after ``.transpose`` needs contiguous memory and raises;
  ``reshape`` (or ``.contiguous().view``) works.
* :func:`softmax_over_queries`: softmax on the query axis (``dim=-2``), so a query's weights over
  the keys no longer sum to 1.

This module is part of the library: it imports torch only. The search for a smallest input on
which each mistake goes wrong lives with the tools, ``python -m mha.tools.counterexamples``
(hypothesis, derandomised, so the answer is the same every time), which writes
``docs/results/mha_pitfalls.json`` for the site's gallery.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import torch

from mha.heads import merge_heads
from mha.module import MultiHeadAttention
from mha.reference import per_head_attention

Split = Callable[[torch.Tensor, int], torch.Tensor]


def split_heads_without_transpose(x: torch.Tensor, n_heads: int) -> torch.Tensor:
    """WRONG: ``(B, T, d_model)`` -> ``(B, h, T, d_head)`` by reshape alone."""
    B, T, d_model = x.shape
    return x.reshape(B, n_heads, T, d_model // n_heads)


def merge_heads_with_view(x: torch.Tensor) -> torch.Tensor:
    """WRONG: ``view`` after ``transpose``; raises ``RuntimeError`` on non-contiguous input."""
    B, h, T, d_head = x.shape
    return x.transpose(1, 2).view(B, T, h * d_head)


def softmax_over_queries(scores: torch.Tensor) -> torch.Tensor:
    """WRONG: softmax over the query axis ``dim=-2`` instead of the key axis ``dim=-1``."""
    return torch.softmax(scores, dim=-2)


def self_attention_with_split(m: MultiHeadAttention, x: torch.Tensor, split: Split) -> torch.Tensor:
    """``m``'s self-attention with the head split replaced by ``split`` (merge stays right)."""
    q, k, v = (split(lin(x), m.n_heads) for lin in (m.W_q, m.W_k, m.W_v))  # (B, h, T, d_head)
    weights = torch.softmax(q @ k.transpose(-2, -1) / math.sqrt(m.d_head), dim=-1)  # (B, h, T, T)
    return m.W_o(merge_heads(weights @ v))  # (B, T, d_model)


def reference_module(d_model: int, n_heads: int) -> MultiHeadAttention:
    """The fixed module (seed 0, float64) the counterexamples are checked on."""
    return MultiHeadAttention(d_model, n_heads, generator=torch.Generator().manual_seed(0)).to(
        torch.float64
    )


def wrong_split_differs(T: int, n_heads: int, d_head: int, values: list[int]) -> bool:
    """True when the reshape-only split gives another output than the per-head reference."""
    x = torch.tensor(values, dtype=torch.float64).reshape(1, T, n_heads * d_head)
    m = reference_module(n_heads * d_head, n_heads)
    wrong = self_attention_with_split(m, x, split_heads_without_transpose)
    right, _ = per_head_attention(m, x)
    return not torch.allclose(wrong, right, atol=1e-9)
