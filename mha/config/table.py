"""The attention table of ``python -m mha.config``: its columns, rows and byte counts.

This module needs only the standard library.
"""

from __future__ import annotations

from mha.config.families import PROJECTIONS
from mha.config.spec import AttentionSpec

COLUMNS = ["model", "type", "kind", "layers", "layer types", "heads", "KV heads", "d_head",
           "bias q,k,v,o", "attn params/layer", "KV bytes/token", "local layers",
           "KV @ context"]  # fmt: skip


def human_bytes(n: int) -> str:
    """Bytes in binary units with one decimal.

    Examples
    --------
    >>> human_bytes(1 << 30), human_bytes(36864), human_bytes(512)
    ('1.0 GiB', '36.0 KiB', '512 B')

    Exact integer arithmetic (rounded half to even, as ``f"{x:.1f}"``), so any int works:

    >>> human_bytes(10**20)
    '90949470.2 TiB'
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"n: expected an int, got {type(n).__name__}")
    if n < 0:
        raise ValueError(f"n: expected a non-negative int, got {n}")
    for unit, size in (("TiB", 1 << 40), ("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size:
            tenths, rest = divmod(n * 10, size)  # no float: n / size overflows for a huge n
            if 2 * rest > size or (2 * rest == size and tenths % 2):
                tenths += 1
            return f"{tenths // 10}.{tenths % 10} {unit}"
    return f"{n} B"


def bias_text(bias: dict[str, bool]) -> str:
    """``{"q": True, "k": True, "v": True, "o": False}`` -> ``"q,k,v"``; ``"none"`` if none."""
    return ",".join(p for p in PROJECTIONS if bias[p]) or "none"


def kind_text(spec: AttentionSpec) -> str:
    """The attention kind, with ``+MoE`` for a mixture-of-experts model (attention is dense)."""
    return spec.kind + ("+MoE" * spec.moe)


def local_text(spec: AttentionSpec) -> str:
    """Which layers are local: ``"21/42 @ 4,096"`` (21 of 42 layers keep the last 4,096
    tokens), ``"none"``, or ``"n/a"`` for an encoder.

    Examples
    --------
    >>> from mha.config import describe, load_builtin
    >>> local_text(describe(load_builtin("gemma-2-9b"))), local_text(describe(load_builtin("gpt2")))
    ('21/42 @ 4,096', 'none')
    """
    if spec.kv_cache_bytes_per_token is None:
        return "n/a"
    sizes = sorted({w for w in spec.layer_windows if w is not None})
    if not sizes:
        return "none"
    return f"{spec.local_layers}/{spec.n_layers} @ " + "/".join(f"{w:,}" for w in sizes)


def layer_types_text(spec: AttentionSpec) -> str:
    """How many layers of each kind: ``"12 full, 36 linear"`` (``"n/a"`` for an encoder).

    Examples
    --------
    >>> from mha.config import describe, load_builtin
    >>> layer_types_text(describe(load_builtin("gemma-2-9b")))
    '21 full, 21 sliding'
    """
    if spec.kv_cache_bytes_per_token is None:
        return "n/a"
    return ", ".join(f"{n} {kind}" for kind, n in spec.layer_counts.items())


def by_kind_text(single: int, by_kind: dict[str, int]) -> str:
    """One number, or one per attention kind when they differ: ``"512 full / 256 sliding"``.

    Examples
    --------
    >>> by_kind_text(8, {}), by_kind_text(512, {"full": 512, "sliding": 256})
    ('8', '512 full / 256 sliding')
    """
    if len(set(by_kind.values())) <= 1:
        return f"{single:,}"
    return " / ".join(f"{n:,} {kind}" for kind, n in by_kind.items())


def table_rows(named: dict[str, AttentionSpec], context: int = 8192) -> list[list[str]]:
    """Rows for :data:`COLUMNS`, numbers with thousands separators; the last column is the
    cache at ``context`` tokens, each local layer holding at most its window. Where the
    attention kinds differ in shape (Gemma 4, MiMo-V2-Flash), KV heads, ``d_head`` and the
    parameters per layer are given per kind."""
    rows = []
    for name, s in named.items():
        total = s.kv_cache_bytes(context)
        per_token = s.kv_cache_bytes_per_token
        shapes = {k: s.kv_shape_by_kind[k] for k in s.layer_counts if k in s.kv_shape_by_kind}
        kv_heads = {kind: n_kv for kind, (n_kv, _) in shapes.items()}  # as "layer types" orders
        d_head = {kind: d for kind, (_, d) in shapes.items()}
        rows.append(
            [
                name,
                s.model_type,
                kind_text(s),
                str(s.n_layers),
                layer_types_text(s),
                str(s.n_heads),
                by_kind_text(s.n_kv_heads, kv_heads),
                by_kind_text(s.d_head, d_head),
                bias_text(s.bias),
                by_kind_text(s.attention_params_per_layer, s.params_by_kind),
                "n/a" if per_token is None else f"{per_token:,}" + (" latent" * s.kv_cache_latent),
                local_text(s),
                "n/a" if total is None else human_bytes(total),
            ]
        )
    return rows
