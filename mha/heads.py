"""Splitting ``d_model`` into heads and merging them back: a reshape plus a transpose.

No number changes: ``split_heads`` only looks at the same values through a different shape, and
``merge_heads`` undoes it exactly.
"""

from __future__ import annotations

import torch

from mha._checks import check_n_heads, check_tensor


def split_heads(x: torch.Tensor, n_heads: int) -> torch.Tensor:
    """View ``(B, T, d_model)`` as ``(B, n_heads, T, d_head)``.

    The last axis is cut into ``n_heads`` consecutive slices of width ``d_head = d_model //
    n_heads``; head ``i`` gets features ``i*d_head : (i+1)*d_head`` of every token.

    Parameters
    ----------
    x : torch.Tensor
        Shape ``(B, T, d_model)``.
    n_heads : int
        Number of heads; must divide ``d_model``.

    Returns
    -------
    torch.Tensor
        Shape ``(B, n_heads, T, d_head)`` (a view of ``x`` when possible).

    Raises
    ------
    TypeError
        ``x`` is not a tensor or ``n_heads`` is not an int.
    ValueError
        ``x`` is not 3-D, ``n_heads < 1`` or ``d_model % n_heads != 0``.

    Examples
    --------
    >>> x = torch.arange(2 * 5 * 8.0).reshape(2, 5, 8)
    >>> split_heads(x, 4).shape
    torch.Size([2, 4, 5, 2])
    >>> torch.equal(merge_heads(split_heads(x, 4)), x)
    True

    Notes
    -----
    ``x.reshape(B, n_heads, T, d_head)`` without the transpose has the right shape but mixes
    tokens into heads; ``tests/mha/test_pitfalls.py`` shows it giving silently wrong attention.
    """
    check_tensor("x", x, ndim=3)
    B, T, d_model = (int(n) for n in x.shape)  # ints under torch.jit.trace too
    d_head = check_n_heads(d_model, n_heads)
    # --8<-- [start:split]
    x = x.reshape(B, T, n_heads, d_head)  # (B, T, h, d_head): cut the feature axis
    return x.transpose(1, 2)  # (B, h, T, d_head): heads become a batch axis
    # --8<-- [end:split]


def merge_heads(x: torch.Tensor) -> torch.Tensor:
    """Inverse of :func:`split_heads`: ``(B, n_heads, T, d_head)`` -> ``(B, T, n_heads*d_head)``.

    Parameters
    ----------
    x : torch.Tensor
        Shape ``(B, n_heads, T, d_head)``.

    Returns
    -------
    torch.Tensor
        Shape ``(B, T, d_model)`` with ``d_model = n_heads * d_head``.

    Raises
    ------
    TypeError
        ``x`` is not a tensor.
    ValueError
        ``x`` is not 4-D.

    Examples
    --------
    >>> merge_heads(torch.zeros(2, 4, 5, 2)).shape
    torch.Size([2, 5, 8])
    """
    check_tensor("x", x, ndim=4)
    B, h, T, d_head = x.shape
    # --8<-- [start:merge]
    x = x.transpose(1, 2)  # (B, T, h, d_head)
    return x.reshape(B, T, h * d_head)  # (B, T, d_model); reshape copies if needed, view would fail
    # --8<-- [end:merge]
