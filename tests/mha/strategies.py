"""Hypothesis strategies for attention tests: shapes, seeded tensor values and shrinking masks.

Tensor *values* (queries, keys, weights) come from a ``torch.Generator`` seeded by a number that
hypothesis draws, so a failure replays exactly. Masks are drawn cell by cell through hypothesis,
so they shrink (towards "nothing blocked") and cover every form ``torch.nn.MultiheadAttention``
and our module accept:

* ``attn_mask``: ``(T, S)`` or ``(B * n_heads, T, S)``, bool (True = blocked) or float (added to
  the scores, ``-inf`` entries included); and, ours only, ``(B, n_heads or 1, T, S)`` and
  ``(1, n_heads or 1, T, S)``;
* ``key_padding_mask``: ``(B, S)``, bool (True = padding) or float (added, ``-inf`` = padding).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import torch
from hypothesis import strategies as st

DTYPE = torch.float64  # tight comparisons with PyTorch's module

NEG_INF = float("-inf")


@dataclass(frozen=True)
class Case:
    """One attention problem: sizes, inputs, masks."""

    B: int
    T: int
    S: int
    n_heads: int
    d_head: int
    causal: bool
    bias: bool
    cross: bool
    seed: int
    padding: torch.Tensor | None  # (B, S), bool or float
    attn_mask: torch.Tensor | None  # (T, S), (B*h, T, S) or (B|1, h|1, T, S); bool or float

    @property
    def d_model(self) -> int:
        return self.n_heads * self.d_head

    def generator(self, offset: int = 0) -> torch.Generator:
        return torch.Generator().manual_seed(self.seed + offset)

    def inputs(self) -> tuple[torch.Tensor, torch.Tensor | None, torch.Tensor | None]:
        g = self.generator(1)
        query = torch.randn(self.B, self.T, self.d_model, generator=g, dtype=DTYPE)
        if not self.cross:
            return query, None, None
        key = torch.randn(self.B, self.S, self.d_model, generator=g, dtype=DTYPE)
        value = torch.randn(self.B, self.S, self.d_model, generator=g, dtype=DTYPE)
        return query, key, value


def _tensor(cells: list, shape: tuple[int, ...], dtype: torch.dtype) -> torch.Tensor:
    return torch.tensor(cells, dtype=dtype).reshape(shape)


def bool_masks(shape: tuple[int, ...]) -> st.SearchStrategy[torch.Tensor]:
    """Boolean masks (True = blocked), drawn cell by cell; they shrink to all-False."""
    n = math.prod(shape)
    return st.lists(st.booleans(), min_size=n, max_size=n).map(
        lambda cells: _tensor(cells, shape, torch.bool)
    )


# Additive values: 0 (no effect), -inf (blocked) and finite biases of either sign.
mask_values = st.one_of(
    st.just(0.0),
    st.just(NEG_INF),
    st.floats(-4.0, 4.0, allow_nan=False, allow_infinity=False),
)


def float_masks(shape: tuple[int, ...], dtype: torch.dtype = DTYPE) -> st.SearchStrategy:
    """Float masks added to the scores, with ``-inf`` entries; they shrink to all zeros."""
    n = math.prod(shape)
    return st.lists(mask_values, min_size=n, max_size=n).map(
        lambda cells: _tensor(cells, shape, dtype)
    )


def any_masks(shape: tuple[int, ...]) -> st.SearchStrategy[torch.Tensor]:
    """A bool or a float mask of ``shape``."""
    return bool_masks(shape) | float_masks(shape)


def attn_mask_shapes(B: int, T: int, S: int, n_heads: int, torch_forms_only: bool = False):
    """Every ``attn_mask`` shape our module accepts (PyTorch's two first)."""
    shapes = [(T, S), (B * n_heads, T, S)] * 2  # PyTorch's own forms, drawn more often
    if not torch_forms_only:
        shapes += [(B, n_heads, T, S), (B, 1, T, S), (1, n_heads, T, S), (1, 1, T, S)]
    return st.sampled_from(shapes)


@st.composite
def cases(
    draw,
    *,
    masks: bool = True,
    cross: bool | None = None,
    causal: bool | None = None,
    max_len: int = 7,
) -> Case:
    """Random small attention problems: T != S allowed, masks of every accepted form."""
    n_heads = draw(st.integers(1, 4))
    d_head = draw(st.integers(1, 5))
    B = draw(st.integers(1, 3))
    T = draw(st.integers(1, max_len))
    is_cross = draw(st.booleans()) if cross is None else cross
    S = draw(st.integers(1, max_len)) if is_cross else T
    is_causal = draw(st.booleans()) if causal is None else causal
    padding = attn_mask = None
    if masks and draw(st.booleans()):
        padding = draw(any_masks((B, S)), label="key_padding_mask")
    if masks and draw(st.booleans()):
        shape = draw(attn_mask_shapes(B, T, S, n_heads), label="attn_mask shape")
        attn_mask = draw(any_masks(shape), label="attn_mask")
    return Case(
        B=B, T=T, S=S, n_heads=n_heads, d_head=d_head, causal=is_causal,
        bias=draw(st.booleans()), cross=is_cross, seed=draw(st.integers(0, 2**20)),
        padding=padding, attn_mask=attn_mask,
    )  # fmt: skip


def causal_bool(T: int, S: int) -> torch.Tensor:
    return torch.ones(T, S, dtype=torch.bool).triu(1)
