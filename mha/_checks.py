"""Argument checks shared by the public functions: clear errors that name the argument."""

from __future__ import annotations

import math

import torch

#: Sizes up to this are listed with their divisors in error messages: ``isqrt(n) <= 10**5``
#: trial divisions, well under a millisecond each. Larger sizes get a message without the list.
DIVISOR_LIST_LIMIT = 10**10


def divisors(n: int) -> list[int]:
    """Positive divisors of ``n >= 1``, ascending, in ``O(sqrt(n))`` steps.

    Examples
    --------
    >>> divisors(12)
    [1, 2, 3, 4, 6, 12]
    """
    small = [d for d in range(1, math.isqrt(n) + 1) if n % d == 0]
    return small + [n // d for d in reversed(small) if d * d != n]


def _valid_values(n: int) -> str:
    """``"[1, 2, ...]"``: the divisors of ``n``, or a note that ``n`` is too large to list them."""
    if n > DIVISOR_LIST_LIMIT:
        return f"the divisors of {n} (not listed: too large to factor here)"
    return str(divisors(n))


def check_int(name: str, value: object, *, minimum: int | None = None) -> int:
    """Return ``value`` if it is an int (not a bool) and at least ``minimum``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name}: expected int, got {type(value).__name__}")
    if minimum is not None and value < minimum:
        raise ValueError(f"{name}: expected an int >= {minimum}, got {value}")
    return value


def check_n_heads(d_model: int, n_heads: object) -> int:
    """Validate a head count for ``d_model``; return ``d_head``."""
    check_int("d_model", d_model, minimum=1)
    check_int("n_heads", n_heads, minimum=1)
    assert isinstance(n_heads, int)
    if d_model % n_heads != 0:
        raise ValueError(
            f"n_heads: d_model={d_model} is not divisible by n_heads={n_heads}; "
            f"valid head counts are {_valid_values(d_model)}"
        )
    return d_model // n_heads


def check_n_kv_heads(n_heads: int, n_kv_heads: object) -> int:
    """Validate a key/value head count for grouped-query attention; return it."""
    check_int("n_kv_heads", n_kv_heads, minimum=1)
    assert isinstance(n_kv_heads, int)
    if n_heads % n_kv_heads != 0:
        raise ValueError(
            f"n_kv_heads: n_heads={n_heads} is not divisible by n_kv_heads={n_kv_heads}; "
            f"each K/V head serves a whole group of query heads, valid values are "
            f"{_valid_values(n_heads)}"
        )
    return n_kv_heads


def check_tensor(name: str, x: object, *, ndim: int | None = None) -> torch.Tensor:
    """Return ``x`` if it is a tensor with ``ndim`` dimensions."""
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"{name}: expected a torch.Tensor, got {type(x).__name__}")
    if ndim is not None and x.dim() != ndim:
        raise ValueError(f"{name}: expected a {ndim}-D tensor, got shape {tuple(x.shape)}")
    return x


def check_mask_dtype(name: str, mask: torch.Tensor) -> None:
    """Masks are boolean (True = blocked) or floating point (added to the scores)."""
    if mask.dtype != torch.bool and not mask.is_floating_point():
        raise TypeError(f"{name}: expected a bool or floating-point tensor, got {mask.dtype}")
