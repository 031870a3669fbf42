"""Hypothesis strategies for attention tests: shapes, seeded tensors and masks."""

from __future__ import annotations

from dataclasses import dataclass

import torch
from hypothesis import strategies as st

DTYPE = torch.float64  # tight comparisons with PyTorch's module


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
    padding: torch.Tensor | None  # (B, S) bool
    attn_mask: torch.Tensor | None  # (T, S) or (B*h, T, S), bool or float

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


def bool_masks(shape: tuple[int, ...], p_true: float = 0.3):
    """Random boolean masks from a seed (True = blocked)."""
    return st.integers(0, 2**31 - 1).map(
        lambda s: torch.rand(shape, generator=torch.Generator().manual_seed(s)) < p_true
    )


@st.composite
def cases(
    draw,
    *,
    masks: bool = True,
    cross: bool | None = None,
    causal: bool | None = None,
    max_len: int = 7,
) -> Case:
    """Random small attention problems, T != S allowed, masks with padding of both kinds."""
    n_heads = draw(st.integers(1, 4))
    d_head = draw(st.integers(1, 5))
    B = draw(st.integers(1, 3))
    T = draw(st.integers(1, max_len))
    is_cross = draw(st.booleans()) if cross is None else cross
    S = draw(st.integers(1, max_len)) if is_cross else T
    is_causal = draw(st.booleans()) if causal is None else causal
    padding = attn_mask = None
    if masks and draw(st.booleans()):
        padding = draw(bool_masks((B, S), draw(st.sampled_from([0.2, 0.5, 0.9]))))
    if masks and draw(st.booleans()):
        kind = draw(st.sampled_from(["2d-bool", "3d-bool", "2d-float"]))
        if kind == "2d-bool":
            attn_mask = draw(bool_masks((T, S)))
        elif kind == "3d-bool":
            attn_mask = draw(bool_masks((B * n_heads, T, S)))
        else:
            seed = draw(st.integers(0, 2**31 - 1))
            g = torch.Generator().manual_seed(seed)
            attn_mask = torch.randn(T, S, generator=g, dtype=DTYPE)
    return Case(
        B=B, T=T, S=S, n_heads=n_heads, d_head=d_head, causal=is_causal,
        bias=draw(st.booleans()), cross=is_cross, seed=draw(st.integers(0, 2**20)),
        padding=padding, attn_mask=attn_mask,
    )  # fmt: skip


def causal_bool(T: int, S: int) -> torch.Tensor:
    return torch.ones(T, S, dtype=torch.bool).triu(1)
