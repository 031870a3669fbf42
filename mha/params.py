"""How many parameters an attention block holds, why the head count is not in the formula, and
what a generation cache keeps per token and at a context (one formula for every layer type)."""

from __future__ import annotations

from collections.abc import Sequence

from mha._checks import check_int, check_n_heads, check_n_kv_heads, divisors

#: The projections of :class:`mha.MultiHeadAttention`, by attribute name.
PROJECTIONS = ("W_q", "W_k", "W_v", "W_o")


def head_width(d_model: int, n_heads: int, head_dim: int | None = None) -> int:
    """The head-size rule: each head is ``head_dim`` wide when given, else ``d_model // n_heads``,
    which ``n_heads`` must divide.

    Raises
    ------
    TypeError, ValueError
        A size that is not an int of at least 1, or ``d_model % n_heads != 0`` without
        ``head_dim`` (the message lists the valid head counts).

    Examples
    --------
    >>> head_width(64, 8), head_width(3072, 16, head_dim=256)
    (8, 256)
    """
    if head_dim is None:
        return check_n_heads(d_model, n_heads)
    check_int("d_model", d_model, minimum=1)
    check_int("n_heads", n_heads, minimum=1)
    return check_int("head_dim", head_dim, minimum=1)


def head_counts(d_model: int) -> list[int]:
    """The head counts :func:`head_width` accepts for ``d_model`` without ``head_dim``: the
    divisors of ``d_model``, ascending, in ``O(sqrt(d_model))`` steps.

    Examples
    --------
    >>> head_counts(64)
    [1, 2, 4, 8, 16, 32, 64]
    """
    return divisors(check_int("d_model", d_model, minimum=1))


def head_sizes(
    d_model: int, n_heads: int, n_kv_heads: int | None = None, head_dim: int | None = None
) -> tuple[int, int]:
    """Checked ``(d_head, number of K/V heads)``: :func:`head_width`, and ``n_heads`` K/V heads
    unless ``n_kv_heads`` (which must divide ``n_heads``) is given.

    Examples
    --------
    >>> head_sizes(4096, 32, n_kv_heads=8)  # Llama-3-8B
    (128, 8)
    """
    d_head = head_width(d_model, n_heads, head_dim)
    h_kv = n_heads if n_kv_heads is None else check_n_kv_heads(n_heads, n_kv_heads)
    return d_head, h_kv


def projection_shapes(
    d_model: int, n_heads: int, n_kv_heads: int, d_head: int
) -> dict[str, tuple[int, int]]:
    """``(in, out)`` features of each projection of :data:`PROJECTIONS`, from checked sizes.

    Examples
    --------
    >>> projection_shapes(64, 8, 2, 8)
    {'W_q': (64, 64), 'W_k': (64, 16), 'W_v': (64, 16), 'W_o': (64, 64)}
    """
    q_width, kv_width = n_heads * d_head, n_kv_heads * d_head
    return {
        "W_q": (d_model, q_width),  # d_model -> h * d_head
        "W_k": (d_model, kv_width),  # d_model -> h_kv * d_head
        "W_v": (d_model, kv_width),
        "W_o": (q_width, d_model),  # h * d_head -> d_model
    }


def projection_param_count(
    d_model: int,
    n_heads: int,
    n_kv_heads: int,
    d_head: int,
    bias: tuple[bool, bool, bool, bool],
) -> int:
    """The parameter formula, from checked sizes: ``in * out`` weights of each projection of
    :func:`projection_shapes`, plus ``out`` biases where ``bias`` (one flag for each of ``W_q``,
    ``W_k``, ``W_v``, ``W_o`` in turn) says so.

    Examples
    --------
    >>> projection_param_count(4096, 32, 8, 128, (False,) * 4)  # Llama-3-8B, one layer
    41943040
    """
    shapes = projection_shapes(d_model, n_heads, n_kv_heads, d_head).values()
    return sum(n_in * n_out + (n_out if b else 0)
               for (n_in, n_out), b in zip(shapes, bias, strict=True))  # fmt: skip


def attention_param_count(
    d_model: int,
    n_heads: int,
    bias: bool = True,
    *,
    n_kv_heads: int | None = None,
    head_dim: int | None = None,
    out_bias: bool | None = None,
) -> int:
    """Parameters of one multi-head attention block: ``W_q, W_k, W_v, W_o``.

    In classic multi-head attention each of the four projections is a ``d_model x d_model``
    matrix (plus a ``d_model`` bias). Splitting into heads only reinterprets the projected
    features as ``n_heads`` slices of width ``d_head``, so ``n_heads`` does not enter the count.
    Grouped-query attention (``n_kv_heads < n_heads``) shrinks ``W_k`` and ``W_v`` to
    ``n_kv_heads * d_head`` outputs, and a ``head_dim`` other than ``d_model // n_heads`` changes
    the width ``n_heads * head_dim`` of ``W_q`` and ``W_o``: then the head counts do matter.

    Parameters
    ----------
    d_model : int
        Model width.
    n_heads : int
        Query head count; without ``head_dim`` it must divide ``d_model``.
    bias : bool
        Whether ``W_q``, ``W_k``, ``W_v`` (and ``W_o`` unless ``out_bias`` says otherwise) carry
        biases.
    n_kv_heads : int, optional
        Key/value head count (grouped-query attention); must divide ``n_heads``. Defaults to
        ``n_heads``.
    head_dim : int, optional
        Width of each head; defaults to ``d_model // n_heads``.
    out_bias : bool, optional
        Whether ``W_o`` carries a bias; defaults to ``bias``.

    Returns
    -------
    int
        ``d_model * (2 * h * d_head + 2 * h_kv * d_head)`` weights, plus biases
        ``h * d_head + 2 * h_kv * d_head`` (with ``bias``) and ``d_model`` (with ``out_bias``).
        Without the optional arguments: ``4 * d_model * (d_model + 1)`` with bias,
        ``4 * d_model**2`` without.

    Raises
    ------
    TypeError, ValueError
        Invalid ``d_model``, ``n_heads``, ``n_kv_heads``, ``head_dim`` or flags, as in
        :class:`mha.MultiHeadAttention`.

    Examples
    --------
    >>> attention_param_count(64, 1), attention_param_count(64, 8)
    (16640, 16640)
    >>> attention_param_count(64, 8, bias=False)
    16384
    >>> attention_param_count(4096, 32, bias=False, n_kv_heads=8)  # Llama-3-8B, one layer
    41943040
    """
    d_head, h_kv = head_sizes(d_model, n_heads, n_kv_heads, head_dim)
    out_bias = bias if out_bias is None else out_bias
    for name, flag in (("bias", bias), ("out_bias", out_bias)):
        if not isinstance(flag, bool):
            raise TypeError(f"{name}: expected bool, got {type(flag).__name__}")
    return projection_param_count(d_model, n_heads, h_kv, d_head, (bias, bias, bias, out_bias))


def lora_param_count(
    d_model: int,
    n_heads: int,
    rank: int,
    targets: tuple[str, ...] = ("W_q", "W_v"),
    *,
    n_kv_heads: int | None = None,
    head_dim: int | None = None,
) -> int:
    """Trainable parameters of low-rank adapters (LoRA) on some projections of one block.

    An adapter on a projection ``in -> out`` adds ``B @ A`` with ``A`` of shape ``(rank, in)``
    and ``B`` of shape ``(out, rank)``: ``rank * (in + out)`` trainable numbers, while the
    projection's own weight and bias stay frozen. Fine-tuning recipes often adapt only ``W_q``
    and ``W_v`` (the default ``targets``).

    Parameters
    ----------
    d_model, n_heads : int
        Model width and query head count, as in :func:`attention_param_count`.
    rank : int
        Adapter rank ``r >= 1``.
    targets : tuple of str
        Which of ``"W_q", "W_k", "W_v", "W_o"`` get an adapter (each at most once).
    n_kv_heads, head_dim : int, optional
        As in :func:`attention_param_count`.

    Returns
    -------
    int
        ``sum(rank * (in + out))`` over the targets.

    Raises
    ------
    TypeError, ValueError
        Invalid sizes, ``rank < 1``, a target that is not a projection name, or a repeated one.

    Examples
    --------
    >>> lora_param_count(64, 8, rank=4)  # W_q and W_v: 2 * 4 * (64 + 64)
    1024
    >>> lora_param_count(4096, 32, rank=8, n_kv_heads=8)  # Llama-3-8B, one layer
    106496
    """
    d_head, h_kv = head_sizes(d_model, n_heads, n_kv_heads, head_dim)
    check_int("rank", rank, minimum=1)
    if not isinstance(targets, tuple | list):
        raise TypeError(f"targets: expected a tuple of names, got {type(targets).__name__}")
    for name in targets:
        if name not in PROJECTIONS:
            raise ValueError(f"targets: expected names among {PROJECTIONS}, got {name!r}")
    if len(set(targets)) != len(targets):
        raise ValueError(f"targets: each projection at most once, got {tuple(targets)}")
    shapes = projection_shapes(d_model, n_heads, h_kv, d_head)
    return sum(rank * (shapes[t][0] + shapes[t][1]) for t in targets)


def kv_cache_bytes_per_token(
    n_kv_heads: int,
    d_head: int,
    dtype_bytes: int = 2,
    *,
    v_head_dim: int | None = None,
    latent: int | None = None,
) -> int:
    """Bytes one attention layer caches per token: a key and a value per K/V head.

    Parameters
    ----------
    n_kv_heads, d_head : int
        K/V heads and the width of each key (and value, unless ``v_head_dim``).
    dtype_bytes : int
        Bytes per cached number (2 for fp16/bf16).
    v_head_dim : int, optional
        Width of each value head when it differs from the key's (MiMo-V2-Flash).
    latent : int, optional
        Multi-head latent attention caches one latent of this many numbers instead (DeepSeek:
        ``kv_lora_rank + qk_rope_head_dim``); ``n_kv_heads`` and ``d_head`` are then unused.

    Returns
    -------
    int
        ``n_kv_heads * (d_head + v_head_dim) * dtype_bytes``, or ``latent * dtype_bytes``.

    Examples
    --------
    >>> kv_cache_bytes_per_token(8, 128)  # Llama-3-8B, one layer, bf16
    4096
    >>> kv_cache_bytes_per_token(128, 192, latent=512 + 64)  # DeepSeek-V3, one layer
    1152
    """
    check_int("dtype_bytes", dtype_bytes, minimum=1)
    if latent is not None:
        return check_int("latent", latent, minimum=1) * dtype_bytes
    check_int("n_kv_heads", n_kv_heads, minimum=1)
    check_int("d_head", d_head, minimum=1)
    v_width = d_head if v_head_dim is None else check_int("v_head_dim", v_head_dim, minimum=1)
    return n_kv_heads * (d_head + v_width) * dtype_bytes


def kv_cache_bytes(
    layer_bytes_per_token: Sequence[int], layer_windows: Sequence[int | None], context: int
) -> int:
    """Bytes a generation cache holds at ``context`` tokens, summed over layers.

    A full-attention layer keeps every token; a layer with a window (a sliding window, or an
    attention chunk) keeps at most ``window`` tokens; a layer that caches ``0`` bytes per token
    (linear attention, Mamba: a fixed state, not a KV cache) adds nothing.

    Parameters
    ----------
    layer_bytes_per_token : sequence of int
        Bytes each layer caches per token (:func:`kv_cache_bytes_per_token`, or 0).
    layer_windows : sequence of (int or None)
        Each layer's window (``None``: the whole context), as long as the first.
    context : int
        Tokens, at least 0.

    Returns
    -------
    int
        ``sum(bytes_i * min(context, window_i))``.

    Notes
    -----
    ``O(n_layers)`` steps.

    Examples
    --------
    >>> kv_cache_bytes([4096, 4096], [None, 1024], 8192)  # one global, one 1k-window layer
    37748736
    >>> kv_cache_bytes([0, 0, 0, 4096], [None] * 4, 100)  # three linear layers, one full
    409600
    """
    check_int("context", context, minimum=0)
    if len(layer_bytes_per_token) != len(layer_windows):
        raise ValueError(
            f"layer_windows: expected one per layer ({len(layer_bytes_per_token)}), "
            f"got {len(layer_windows)}"
        )
    return sum(
        b * (context if w is None else min(context, w))
        for b, w in zip(layer_bytes_per_token, layer_windows, strict=True)
    )
