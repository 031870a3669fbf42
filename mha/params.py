"""How many parameters an attention block holds, and why the head count is not in the formula."""

from __future__ import annotations

from mha._checks import check_n_heads


def attention_param_count(d_model: int, n_heads: int, bias: bool = True) -> int:
    """Parameters of one multi-head attention block: ``W_q, W_k, W_v, W_o``.

    Each of the four projections is a ``d_model x d_model`` matrix (plus a ``d_model`` bias).
    Splitting into heads only reinterprets the projected features as ``n_heads`` slices of width
    ``d_head``, so ``n_heads`` does not enter the count.

    Parameters
    ----------
    d_model : int
        Model width.
    n_heads : int
        Head count; validated (must divide ``d_model``) but it does not change the count.
    bias : bool
        Whether the projections carry biases.

    Returns
    -------
    int
        ``4 * d_model * (d_model + 1)`` with bias, ``4 * d_model**2`` without.

    Raises
    ------
    TypeError, ValueError
        Invalid ``d_model`` or ``n_heads``.

    Examples
    --------
    >>> attention_param_count(64, 1), attention_param_count(64, 8)
    (16640, 16640)
    >>> attention_param_count(64, 8, bias=False)
    16384
    """
    check_n_heads(d_model, n_heads)
    if not isinstance(bias, bool):
        raise TypeError(f"bias: expected bool, got {type(bias).__name__}")
    per_projection = d_model * d_model + (d_model if bias else 0)
    return 4 * per_projection
