"""Masks in the conventions of ``torch.nn.MultiheadAttention``, folded into one additive mask.

A boolean mask marks with ``True`` the pairs that may **not** attend; a float mask is added to
the scores. Everything is folded into a single float mask of ``0`` and ``-inf`` (plus any float
values given) that broadcasts against scores of shape ``(B, h, T, S)``.

A query row whose every key is blocked has no distribution to take: :func:`dead_rows` finds such
rows so that both attention paths can return zeros for them instead of NaN. Only a bool ``True``
or a true ``-inf`` blocks a key: a large finite value such as ``-1e9`` only lowers the score, even
in ``float16`` where ``-1e9`` itself is not representable (see :func:`as_additive`).
"""

from __future__ import annotations

import torch

from mha._checks import check_mask_dtype, check_tensor


def as_additive(mask: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    """An additive mask in ``dtype``: bool True -> ``-inf``, False -> ``0``; floats are kept.

    A float mask is first shifted so that each row's largest value is ``0``: softmax does not
    change when one number is added to a whole row, and after the shift no row of finite values
    can overflow. A row of ``-1e9`` thus becomes a row of ``0`` (the scores decide, as in exact
    arithmetic) instead of ``-inf`` in ``float16``, and only a true ``-inf`` blocks a key.
    Finite values are also kept above half of ``dtype``'s lowest number, so adding a score to
    them cannot overflow either.

    Examples
    --------
    >>> as_additive(torch.tensor([True, False]), torch.float32)
    tensor([-inf, 0.])
    >>> as_additive(torch.tensor([[-1e9, -1e9], [0.0, -1e9], [float("-inf"), float("-inf")]]),
    ...             torch.float16)
    tensor([[     0.,      0.],
            [     0., -32752.],
            [   -inf,    -inf]], dtype=torch.float16)
    """
    if mask.dtype == torch.bool:
        return torch.zeros(mask.shape, dtype=dtype, device=mask.device).masked_fill(
            mask, float("-inf")
        )
    wide = mask.to(torch.promote_types(mask.dtype, dtype))
    if wide.shape[-1] > 0:
        top = wide.amax(dim=-1, keepdim=True)  # (..., 1): each row's largest value
        wide = wide - top.masked_fill(torch.isneginf(top), 0.0)  # rows of -inf stay -inf
    floor = torch.finfo(dtype).min / 2
    # clamp alone would also raise -inf to the floor: keep the true -inf where they are
    return torch.where(torch.isneginf(wide), wide, wide.clamp(min=floor)).to(dtype)


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
        ``None`` when nothing is masked, else a float mask in ``dtype`` broadcastable to
        ``(B, h, T, S)``: ``(1, 1, T, S)``, ``(B, 1, T, S)`` or ``(B, h, T, S)``. The masks are
        added in at least ``float32`` and converted by :func:`as_additive` (each row shifted
        so its largest value is 0), so finite values never become ``-inf`` and only bool
        masks and ``-inf`` block keys.

    Raises
    ------
    TypeError
        A mask that is not a bool or floating tensor.
    ValueError
        A mask of the wrong shape; the message names it.
    """
    total: torch.Tensor | None = None
    work = torch.promote_types(dtype, torch.float32)  # where the masks are added up
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
                f"attn_mask: expected shape (T, S)={(T, S)}, (B*n_heads, T, S)="
                f"{(B * n_heads, T, S)} or (B, n_heads or 1, T, S)={(B, n_heads, T, S)}, "
                f"got {shape}"
            )
        total = as_additive(m.to(device), work)
    if key_padding_mask is not None:
        check_tensor("key_padding_mask", key_padding_mask)
        check_mask_dtype("key_padding_mask", key_padding_mask)
        if tuple(key_padding_mask.shape) != (B, S):
            raise ValueError(
                f"key_padding_mask: expected shape (B, S)={(B, S)}, "
                f"got {tuple(key_padding_mask.shape)}"
            )
        m = as_additive(key_padding_mask.to(device), work).reshape(B, 1, 1, S)
        total = m if total is None else total + m
    if causal:
        m = as_additive(causal_mask(T, S, device), work).reshape(1, 1, T, S)
        total = m if total is None else total + m
    return None if total is None else as_additive(total, dtype)


def dead_rows(mask: torch.Tensor) -> torch.Tensor:
    """Bool ``(..., T, 1)``: True where a query row has every key at ``-inf``."""
    return torch.isneginf(mask).all(dim=-1, keepdim=True)


def revive(mask: torch.Tensor, dead: torch.Tensor) -> torch.Tensor:
    """Open fully blocked rows (so no softmax sees only ``-inf``); their output is zeroed later."""
    return mask.masked_fill(dead, 0.0)
