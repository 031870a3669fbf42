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


def check_divisor(name: str, value: object, of_name: str, of: int, valid: str) -> int:
    """Return ``value`` if it is an int >= 1 that divides ``of``; the ``ValueError`` otherwise
    names both sizes and lists the valid values after ``valid`` (the reason, in words).

    Examples
    --------
    >>> check_divisor("n_heads", 4, "d_model", 64, "valid head counts are")
    4
    >>> check_divisor("n_heads", 3, "d_model", 8, "valid head counts are")
    Traceback (most recent call last):
    ...
    ValueError: n_heads: d_model=8 is not divisible by n_heads=3; valid head counts are [1, 2, 4, 8]
    """
    check_int(name, value, minimum=1)
    assert isinstance(value, int)
    if of % value != 0:
        raise ValueError(
            f"{name}: {of_name}={of} is not divisible by {name}={value}; "
            f"{valid} {_valid_values(of)}"
        )
    return value


def check_n_heads(d_model: int, n_heads: object) -> int:
    """Validate a head count for ``d_model``; return ``d_head``."""
    check_int("d_model", d_model, minimum=1)
    n_heads = check_divisor("n_heads", n_heads, "d_model", d_model, "valid head counts are")
    return d_model // n_heads


def check_n_kv_heads(n_heads: int, n_kv_heads: object) -> int:
    """Validate a key/value head count for grouped-query attention; return it."""
    why = "each K/V head serves a whole group of query heads, valid values are"
    return check_divisor("n_kv_heads", n_kv_heads, "n_heads", n_heads, why)


def check_tensor(name: str, x: object, *, ndim: int | None = None) -> torch.Tensor:
    """Return ``x`` if it is a tensor with ``ndim`` dimensions."""
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"{name}: expected a torch.Tensor, got {type(x).__name__}")
    if ndim is not None and x.dim() != ndim:
        raise ValueError(f"{name}: expected a {ndim}-D tensor, got shape {tuple(x.shape)}")
    return x


def check_float_like(name: str, x: torch.Tensor, like: torch.Tensor, like_name: str) -> None:
    """Refuse a non-floating ``x``, or one of another dtype or device than ``like``.

    Raises
    ------
    TypeError
        Naming ``name``, what it differs from (``like_name``) and the fix (``.to()``).
    """
    if not x.is_floating_point():
        raise TypeError(f"{name}: expected a floating-point tensor, got {x.dtype}")
    if x.dtype != like.dtype or x.device != like.device:
        raise TypeError(
            f"{name}: dtype {x.dtype} on {x.device} differs from {like_name} "
            f"({like.dtype} on {like.device}); convert one with .to()"
        )


def check_mask_dtype(name: str, mask: torch.Tensor) -> None:
    """Masks are boolean (True = blocked) or floating point (added to the scores)."""
    if mask.dtype != torch.bool and not mask.is_floating_point():
        raise TypeError(f"{name}: expected a bool or floating-point tensor, got {mask.dtype}")
