"""What each layer of a model is: full attention, a sliding window, a chunk, linear attention,
a Mamba (state-space) mixer, or no mixer at all.

Configs of 2025-2026 say it per layer in ``layer_types`` (``"full_attention"``,
``"sliding_attention"``, ``"chunked_attention"``, ``"linear_attention"``, ``"mamba"``, ...),
Nemotron-H in ``layers_block_type`` or the older ``hybrid_override_pattern`` string (``M``
Mamba, ``*`` attention, ``-`` MLP, ``E`` experts). :func:`layer_kinds` reads any of them into
one kind per layer (:data:`KINDS`).

Only attention layers keep a KV cache: a full layer the whole context, a sliding layer its last
``window`` tokens, a chunked layer at most ``chunk`` tokens (what ``transformers``' cache keeps
for each). Linear-attention, Mamba and short-convolution (LFM2's ``conv``) layers keep a
fixed-size state instead, which is not a KV cache.

This module needs only the standard library.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from mha.config.keys import KeyReader, shown

#: The kinds of layer, in the order the table lists them.
KINDS = ("full", "sliding", "chunked", "linear", "mamba", "conv", "none")
#: Kinds whose layers keep a KV cache.
ATTENTION_KINDS = ("full", "sliding", "chunked")

#: ``layer_types`` entries -> kind. ``"attention"`` is the legacy name of full attention;
#: ``"indexed_attention"`` (DeepSeek-V3.2's sparse attention) caches every token.
LAYER_TYPE_NAMES = {
    "full_attention": "full",
    "attention": "full",
    "global": "full",
    "indexed_attention": "full",
    "sliding_attention": "sliding",
    "chunked_attention": "chunked",
    "linear_attention": "linear",
    "mamba": "mamba",
    "mamba2": "mamba",
    "conv": "conv",
    "mlp": "none",
    "moe": "none",
}

#: Nemotron-H's ``hybrid_override_pattern`` characters -> kind.
PATTERN = {"M": "mamba", "*": "full", "-": "none", "E": "none"}

#: Families whose ``"linear_attention"`` layers are Mamba-2 mixers (Nemotron-H names them so).
LINEAR_IS_MAMBA = {"nemotron_h"}

#: Families whose class ignores ``attn_layer_indices`` / ``attn_layer_period`` (Falcon-H1: attention
#: beside a Mamba mixer in every layer, whatever its published ``attn_layer_indices: null`` says).
IGNORES_INDICES = {"falcon_h1"}

#: The layer pattern a family's ``transformers`` 5.25 config class builds when the file gives
#: no ``layer_types``: ``(layer index, layer count, config) -> kind``.
DEFAULT_PATTERNS: dict[str, Callable[[int, int, dict[str, Any]], str]] = {
    "gpt_oss": lambda i, n, c: "sliding" if (i + 1) % 2 else "full",
    "mimo_v2_flash": lambda i, n, c: "full" if i == 0 or (i + 1) % 6 == 0 else "sliding",
    "flint": lambda i, n, c: "full" if i < 2 or i % 4 == 1 or i == n - 1 else "sliding",
    "granite_swa": lambda i, n, c: "full" if i % 4 == 0 else "sliding",
    "granitemoe_swa": lambda i, n, c: "full" if i % 4 == 0 else "sliding",
    "lfm3": lambda i, n, c: "full" if i % 4 == 2 else "sliding" if i % 4 == 0 and i else "conv",
    "afmoe": lambda i, n, c: (
        "sliding" if (i + 1) % c.get("global_attn_every_n_layers", 4) else "full"
    ),
}
#: Families whose class builds a default layer list too odd to guess (Nemotron-H: four layers
#: whatever ``num_hidden_layers`` says): refused without a layer list.
NO_DEFAULT_PATTERN = {"nemotron_h"}


def layer_kinds(model_type: str, r: KeyReader, n_layers: int | None) -> tuple[str, ...] | None:
    """One kind of :data:`KINDS` per layer, from ``layer_types`` / ``layers_block_type`` /
    ``hybrid_override_pattern``; ``None`` when the config names none of them.

    Raises
    ------
    ValueError
        The list is not a list of names, has another length than ``n_layers`` (when given), or
        names a layer type this reader does not know (the message lists them).

    Examples
    --------
    >>> r = KeyReader({"hybrid_override_pattern": "M-M*"}, "config", {}, False)
    >>> layer_kinds("nemotron_h", r, None)
    ('mamba', 'none', 'mamba', 'full')
    """
    config = r.config
    if isinstance(config.get("hybrid_override_pattern"), str) and "layers_block_type" not in config:
        pattern = config["hybrid_override_pattern"]
        wrong = sorted(set(pattern) - set(PATTERN))
        if wrong:
            raise ValueError(
                f"{r.name('hybrid_override_pattern')}: characters {wrong} are not read; "
                f"expected {sorted(PATTERN)}"
            )
        kinds = tuple(PATTERN[c] for c in pattern)
        return _checked(r, "hybrid_override_pattern", kinds, n_layers)
    key = next((k for k in ("layer_types", "layers_block_type") if config.get(k) is not None), None)
    if key is None:
        return None if model_type in IGNORES_INDICES else _by_indices(r, n_layers)
    value = config[key]
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        raise ValueError(f"{r.name(key)}: expected a list of layer type names, got {shown(value)}")
    unknown = sorted({t for t in value if t not in LAYER_TYPE_NAMES})
    if unknown:
        raise ValueError(
            f"{r.name(key)}: layer types {unknown} are not read; expected "
            f"{sorted(LAYER_TYPE_NAMES)}"
        )
    kinds = tuple(LAYER_TYPE_NAMES[t] for t in value)
    if model_type in LINEAR_IS_MAMBA:
        kinds = tuple("mamba" if k == "linear" else k for k in kinds)
    return _checked(r, key, kinds, n_layers)


def _by_indices(r: KeyReader, n_layers: int | None) -> tuple[str, ...] | None:
    """Jamba's ``attn_layer_period`` / ``attn_layer_offset`` and Bamba's ``attn_layer_indices``:
    attention on those layers, Mamba on the others."""
    config = r.config
    if n_layers is None or not ("attn_layer_period" in config or "attn_layer_indices" in config):
        return None
    if "attn_layer_period" in config:
        period = r.positive_int("attn_layer_period")
        offset = r.non_negative_int("attn_layer_offset")
        return tuple("full" if i % period == offset else "mamba" for i in range(n_layers))
    indices = config["attn_layer_indices"] or []
    if not isinstance(indices, list) or not all(type(i) is int for i in indices):
        raise ValueError(f"{r.name('attn_layer_indices')}: expected a list of layer indices")
    return tuple("full" if i in indices else "mamba" for i in range(n_layers))


def _checked(
    r: KeyReader, key: str, kinds: tuple[str, ...], n_layers: int | None
) -> tuple[str, ...]:
    if not kinds:
        raise ValueError(f"{r.name(key)}: expected at least one layer")
    if n_layers is not None and len(kinds) != n_layers:
        raise ValueError(
            f"{r.name(key)}: expected one entry per layer ({n_layers}), got {len(kinds)}"
        )
    return kinds


def kind_counts(kinds: Sequence[str]) -> dict[str, int]:
    """How many layers of each kind, in the order of :data:`KINDS` (kinds absent left out).

    Examples
    --------
    >>> kind_counts(["linear", "linear", "linear", "full"])
    {'full': 1, 'linear': 3}
    """
    counts = Counter(kinds)
    return {k: counts[k] for k in KINDS if counts[k]}


def kinds_text(kinds: Sequence[str]) -> str:
    """``"12 full, 36 linear"``: the layer counts in few words.

    Examples
    --------
    >>> kinds_text(["sliding", "full", "sliding", "full"])
    '2 full, 2 sliding'
    """
    return ", ".join(f"{n} {k}" for k, n in kind_counts(kinds).items())
