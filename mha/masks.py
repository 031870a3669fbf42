"""Masks in the conventions of ``torch.nn.MultiheadAttention``, folded into one additive mask.

A boolean mask marks with ``True`` the pairs that may **not** attend; a float mask is added to
the scores. Everything is folded into a single float mask of ``0`` and ``-inf`` (plus any float
values given) that broadcasts against scores of shape ``(B, h, T, S)``.

A query row whose every key is blocked has no distribution to take: :func:`dead_rows` finds such
rows so that both attention paths can return zeros for them instead of NaN.
"""

from __future__ import annotations

import torch

from mha._checks import check_mask_dtype, check_tensor


def as_additive(mask: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    """Bool (True = blocked) -> ``0/-inf`` floats; float masks pass through in ``dtype``."""
    if mask.dtype == torch.bool:
        return torch.zeros(mask.shape, dtype=dtype, device=mask.device).masked_fill(
            mask, float("-inf")
        )
    return mask.to(dtype)


def causal_mask(T: int, S: int, device: torch.device | None = None) -> torch.Tensor:
    """``(T, S)`` bool mask, True above the diagonal: query ``i`` may see keys ``j <= i``."""
    return torch.ones(T, S, dtype=torch.bool, device=device).triu(diagonal=1)


def combine_masks(
    *,
    B: int,
    n_heads: int,
    T: int,
    S: int,
    dtype: torch.dtype,
    device: torch.device,
    attn_mask: torch.Tensor | None = None,
    key_padding_mask: torch.Tensor | None = None,
    causal: bool = False,
) -> torch.Tensor | None:
    """Fold ``attn_mask``, ``key_padding_mask`` and causality into one additive mask.

    Parameters
    ----------
    B, n_heads, T, S : int
        Batch, heads, query length and key length.
    dtype, device
        Of the scores.
    attn_mask : torch.Tensor, optional
        ``(T, S)``, ``(B * n_heads, T, S)`` (PyTorch's layout) or ``(B, n_heads or 1, T, S)``.
    key_padding_mask : torch.Tensor, optional
        ``(B, S)``, True (or ``-inf``) marks padding keys.
    causal : bool
        Block keys after the query's own position.

    Returns
    -------
    torch.Tensor or None
        ``None`` when nothing is masked, else a float mask broadcastable to ``(B, h, T, S)``:
        ``(1, 1, T, S)``, ``(B, 1, T, S)`` or ``(B, h, T, S)``.

    Raises
    ------
    TypeError
        A mask that is not a bool or floating tensor.
    ValueError
        A mask of the wrong shape; the message names it.
    """
    total: torch.Tensor | None = None
    if attn_mask is not None:
        check_tensor("attn_mask", attn_mask)
        check_mask_dtype("attn_mask", attn_mask)
        shape = tuple(attn_mask.shape)
        if shape == (T, S):
            m = attn_mask.reshape(1, 1, T, S)
        elif shape == (B * n_heads, T, S):
            m = attn_mask.reshape(B, n_heads, T, S)
        elif (
            attn_mask.dim() == 4
            and shape[0] in (1, B)
            and shape[1] in (1, n_heads)
            and shape[2:] == (T, S)
        ):
            m = attn_mask
        else:
            raise ValueError(
                f"attn_mask: expected shape {(T, S)}, {(B * n_heads, T, S)} or "
                f"{(B, n_heads, T, S)}, got {shape}"
            )
        total = as_additive(m.to(device), dtype)
    if key_padding_mask is not None:
        check_tensor("key_padding_mask", key_padding_mask)
        check_mask_dtype("key_padding_mask", key_padding_mask)
        if tuple(key_padding_mask.shape) != (B, S):
            raise ValueError(
                f"key_padding_mask: expected shape {(B, S)}, got {tuple(key_padding_mask.shape)}"
            )
        m = as_additive(key_padding_mask.to(device), dtype).reshape(B, 1, 1, S)
        total = m if total is None else total + m
    if causal:
        m = as_additive(causal_mask(T, S, device), dtype).reshape(1, 1, T, S)
        total = m if total is None else total + m
    return total


def dead_rows(mask: torch.Tensor) -> torch.Tensor:
    """Bool ``(..., T, 1)``: True where a query row has every key at ``-inf``."""
    return torch.isneginf(mask).all(dim=-1, keepdim=True)


def revive(mask: torch.Tensor, dead: torch.Tensor) -> torch.Tensor:
    """Open fully blocked rows (so no softmax sees only ``-inf``); their output is zeroed later."""
    return mask.masked_fill(dead, 0.0)
