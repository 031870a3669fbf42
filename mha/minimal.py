"""The smallest multi-head attention that works: the idea before the validation.

About thirty lines of torch: one argument check, no mask but causal, no fused kernel. The
site's page "가장 작은 MHA" shows it section by section with notes in Korean; the tests check
that, given the same weights, it computes what ``torch.nn.MultiheadAttention`` and
:class:`mha.MultiHeadAttention` compute. Use :class:`mha.MultiHeadAttention` for real work.
"""

from __future__ import annotations

import math

import torch
from torch import nn


class MinimalMHA(nn.Module):
    """Multi-head self-attention in its plainest form (input ``(B, T, d_model)``).

    Parameters
    ----------
    d_model : int
        Model width; must be divisible by ``n_heads`` (the one check kept: types are not checked).
    n_heads : int
        Number of heads.
    causal : bool
        Query ``i`` sees keys ``j <= i`` only.

    Raises
    ------
    ValueError
        ``d_model`` is not divisible by ``n_heads``.

    Examples
    --------
    >>> m = MinimalMHA(64, 8)
    >>> m(torch.randn(2, 10, 64)).shape, sum(p.numel() for p in m.parameters())
    (torch.Size([2, 10, 64]), 16640)
    """

    # --8<-- [start:init]
    def __init__(self, d_model: int, n_heads: int, causal: bool = False) -> None:
        super().__init__()
        if d_model % n_heads != 0:
            raise ValueError(f"n_heads: {n_heads} does not divide d_model={d_model}")
        self.h, self.d_head, self.causal = n_heads, d_model // n_heads, causal
        self.W_q = nn.Linear(d_model, d_model)  # every head's W_q, side by side
        self.W_k = nn.Linear(d_model, d_model)
        self.W_v = nn.Linear(d_model, d_model)
        self.W_o = nn.Linear(d_model, d_model)  # mixes the heads

    # --8<-- [end:init]

    # --8<-- [start:split]
    def split(self, x: torch.Tensor) -> torch.Tensor:
        B, T, _ = x.shape
        # (B, T, d_model) -> (B, T, h, d_head) -> (B, h, T, d_head)
        return x.reshape(B, T, self.h, self.d_head).transpose(1, 2)

    # --8<-- [end:split]

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """``(B, T, d_model) -> (B, T, d_model)``."""
        # --8<-- [start:project]
        B, T, _ = x.shape
        q = self.split(self.W_q(x))  # (B, h, T, d_head)
        k = self.split(self.W_k(x))
        v = self.split(self.W_v(x))
        # --8<-- [end:project]
        # --8<-- [start:scores]
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.d_head)  # (B, h, T, T)
        if self.causal:
            future = torch.ones(T, T, dtype=torch.bool, device=x.device).triu(1)
            scores = scores.masked_fill(future, float("-inf"))
        # --8<-- [end:scores]
        # --8<-- [start:mix]
        weights = torch.softmax(scores, dim=-1)  # each row sums to 1
        out = weights @ v  # (B, h, T, d_head)
        # --8<-- [end:mix]
        # --8<-- [start:merge]
        out = out.transpose(1, 2).reshape(B, T, -1)  # (B, T, d_model)
        return self.W_o(out)
        # --8<-- [end:merge]
