"""The per-head reference: ``n_heads`` small attentions, each with its own slice of the weights.

This is the picture the study note starts from (h separate ``W_q^i, W_k^i, W_v^i`` of shape
``(d_head, d_model)``). The module does the same work with one big matmul: head ``i``'s matrices
are rows ``i*d_head:(i+1)*d_head`` of ``W_q``, ``W_k`` and ``W_v``, stacked. The tests check that
the two give the same numbers. With grouped-query attention, head ``i`` takes its key and value
matrices from K/V head ``i // (n_heads // n_kv_heads)``.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F

from mha.attention import scaled_dot_product_attention
from mha.masks import combine_masks
from mha.module import MultiHeadAttention


def head_slice(m: MultiHeadAttention, i: int) -> slice:
    """Rows of ``W_q``/``W_k``/``W_v`` (and columns of ``W_o``) that belong to head ``i``."""
    if isinstance(i, bool) or not isinstance(i, int):
        raise TypeError(f"i: expected int, got {type(i).__name__}")
    if not 0 <= i < m.n_heads:
        raise ValueError(f"i: head index must be in [0, {m.n_heads}), got {i}")
    return slice(i * m.d_head, (i + 1) * m.d_head)


def kv_head_of(m: MultiHeadAttention, i: int) -> int:
    """The K/V head that query head ``i`` reads: ``i // (n_heads // n_kv_heads)``."""
    head_slice(m, i)  # validates i
    return i // (m.n_heads // m.n_kv_heads)


def per_head_attention(
    m: MultiHeadAttention,
    query: torch.Tensor,
    key: torch.Tensor | None = None,
    value: torch.Tensor | None = None,
    *,
    key_padding_mask: torch.Tensor | None = None,
    attn_mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Run ``m`` as a Python loop over heads, each head with its own small projections.

    Parameters
    ----------
    m : MultiHeadAttention
    query, key, value, key_padding_mask, attn_mask
        As in :meth:`MultiHeadAttention.forward`.

    Returns
    -------
    output : torch.Tensor
        ``(B, T, d_model)``: the heads' outputs side by side ``(B, T, n_heads * d_head)``, then
        ``W_o``.
    weights : torch.Tensor
        ``(B, n_heads, T, S)``.

    Examples
    --------
    >>> m = MultiHeadAttention(8, 2, generator=torch.Generator().manual_seed(0))
    >>> x = torch.randn(1, 3, 8)
    >>> out, _ = per_head_attention(m, x)
    >>> torch.allclose(out, m(x), atol=1e-6)
    True
    """
    query, key, value = m._check_inputs(query, key, value)
    key = query if key is None else key
    value = key if value is None else value
    B, T, _ = query.shape
    S = key.shape[1]
    mask = combine_masks(
        B=B, n_heads=m.n_heads, T=T, S=S, dtype=query.dtype, device=query.device,
        attn_mask=attn_mask, key_padding_mask=key_padding_mask, causal=m.causal,
    )  # fmt: skip
    # --8<-- [start:per-head]
    outputs, weights = [], []
    for i in range(m.n_heads):
        rows, kv_rows = head_slice(m, i), head_slice(m, kv_head_of(m, i))

        def project(linear: torch.nn.Linear, x: torch.Tensor, rows: slice) -> torch.Tensor:
            bias = None if linear.bias is None else linear.bias[rows]
            return F.linear(x, linear.weight[rows], bias)  # (B, T|S, d_head)

        q = project(m.W_q, query, rows)
        k, v = project(m.W_k, key, kv_rows), project(m.W_v, value, kv_rows)
        head_mask = None
        if mask is not None:
            head_mask = mask[:, i if mask.shape[1] > 1 else 0]  # (B|1, T, S)
        out_i, w_i = scaled_dot_product_attention(q, k, v, head_mask)  # (B, T, d_head), (B, T, S)
        outputs.append(out_i)
        weights.append(w_i)
    concat = torch.cat(outputs, dim=-1)  # (B, T, n_heads * d_head): heads side by side
    out = m.W_o(concat)
    w = torch.stack(weights, dim=1)  # (B, h, T, S)
    # --8<-- [end:per-head]
    dead = (w.sum(-1, keepdim=True) == 0).all(dim=1)  # (B, T, 1): no head saw any key
    return out.masked_fill(dead, 0.0), w
