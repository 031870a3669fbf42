"""Scaled dot-product attention written out: softmax(Q K^T / sqrt(d_head)) V."""

from __future__ import annotations

import math

import torch

from mha._checks import check_mask_dtype, check_tensor
from mha.masks import as_additive, dead_rows, revive


def scaled_dot_product_attention(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """The explicit attention of one or many heads, returning the weights too.

    Parameters
    ----------
    q : torch.Tensor
        Queries ``(..., T, d_head)``, e.g. ``(B, h, T, d_head)``.
    k : torch.Tensor
        Keys ``(..., S, d_head)``.
    v : torch.Tensor
        Values ``(..., S, d_v)``.
    mask : torch.Tensor, optional
        Broadcastable to ``(..., T, S)``. Bool: True = may not attend. Float: added to the scores.

    Returns
    -------
    output : torch.Tensor
        ``(..., T, d_v)``.
    weights : torch.Tensor
        ``(..., T, S)``; each row sums to 1 over the keys, except a row whose keys are all masked
        (bool True or ``-inf``; a finite float such as ``-1e9`` only lowers a score), which is
        all zeros, and its output row is zero, never NaN. A NaN in a query row, or in a key or
        value it meets, gives NaN in that output row: NaN in, NaN out.

    Raises
    ------
    TypeError
        Non-tensor or non-floating inputs, ``q``/``k``/``v`` of different dtypes or devices, or a
        mask that is neither bool nor float.
    ValueError
        Mismatched sizes, leading (batch, head) dimensions that do not broadcast, ``d_head = 0``,
        or a mask that does not broadcast to ``(..., T, S)``.

    Examples
    --------
    >>> q = k = v = torch.eye(3).reshape(1, 1, 3, 3)
    >>> out, w = scaled_dot_product_attention(q, k, v)
    >>> torch.allclose(w.sum(-1), torch.ones(1, 1, 3))
    True

    Notes
    -----
    The scale is ``1/sqrt(d_head)``, the width of the vectors being dotted, so the scores keep a
    variance near 1 whatever the head count. Time ``O(T * S * d_head)`` per head, memory
    ``O(T * S)`` per head for the weights.
    """
    for name, x in (("q", q), ("k", k), ("v", v)):
        check_tensor(name, x)
        if x.dim() < 2:
            raise ValueError(f"{name}: expected at least 2 dimensions, got shape {tuple(x.shape)}")
        if not x.is_floating_point():
            raise TypeError(f"{name}: expected a floating-point tensor, got {x.dtype}")
        if x.dtype != q.dtype or x.device != q.device:
            raise TypeError(
                f"{name}: dtype {x.dtype} on {x.device} differs from q's {q.dtype} on {q.device}"
            )
    if q.shape[-1] == 0:
        raise ValueError(
            f"q: d_head (the last dimension) must be at least 1, got shape {tuple(q.shape)}; "
            "with d_head = 0 every score is 0/0"
        )
    try:
        torch.broadcast_shapes(q.shape[:-2], k.shape[:-2], v.shape[:-2])
    except RuntimeError:
        raise ValueError(
            f"k, v: leading (batch, head) dimensions {tuple(k.shape[:-2])} and "
            f"{tuple(v.shape[:-2])} do not broadcast with q's {tuple(q.shape[:-2])}"
        ) from None
    if q.shape[-1] != k.shape[-1]:
        raise ValueError(
            f"k: last dimension {k.shape[-1]} differs from q's {q.shape[-1]} (d_head must match)"
        )
    if k.shape[-2] != v.shape[-2]:
        raise ValueError(f"v: has {v.shape[-2]} positions but k has {k.shape[-2]} (S must match)")
    T, S, d_head = q.shape[-2], k.shape[-2], q.shape[-1]

    # --8<-- [start:explicit]
    scores = q @ k.transpose(-2, -1) / math.sqrt(d_head)  # (..., T, S)
    dead = None
    if mask is not None:
        check_tensor("mask", mask)
        check_mask_dtype("mask", mask)
        try:
            additive = torch.broadcast_to(as_additive(mask, scores.dtype), scores.shape)
        except RuntimeError:
            raise ValueError(
                f"mask: shape {tuple(mask.shape)} does not broadcast to the scores' shape "
                f"{tuple(scores.shape)} (..., T={T}, S={S})"
            ) from None
        dead = dead_rows(additive)  # (..., T, 1): rows with no key left
        scores = scores + revive(additive, dead)
    weights = torch.softmax(scores, dim=-1)  # (..., T, S): normalise over the keys
    output = weights @ v  # (..., T, d_v)
    if dead is not None:  # no key left: zeros, even where v holds NaN
        weights = weights.masked_fill(dead, 0.0)
        output = output.masked_fill(dead, 0.0)
    # --8<-- [end:explicit]
    return output, weights
