"""Gemma 4's layers: full and sliding layers of different shapes, keys that double as values,
and last layers that reuse earlier layers' keys and values (:func:`layer_shapes`).

What ``transformers`` 5.25 builds from a ``gemma4_text`` config (``Gemma4TextConfig`` and
``Gemma4TextAttention``), read here:

* ``layer_types`` (default: five sliding layers, then a full one); the last layer is always
  full (``transformers`` forces it, with a warning);
* each layer's ``head_dim`` and ``num_key_value_heads`` may differ from the top-level keys:
  ``per_layer_config`` says so per layer index when given; otherwise every full layer takes
  ``global_head_dim`` (default 512) and, when ``attention_k_eq_v``, ``num_global_key_value_heads``.
  Layers of one type must share their shape (``transformers``' rotary embedding requires it);
* ``attention_k_eq_v``: a full layer has no ``v_proj``, ``k_proj``'s output serves as keys and
  as values. Its cache still holds both: the values are normed apart (``v_norm``) and
  ``DynamicCache`` keeps keys and values as two tensors;
* ``num_kv_shared_layers``: the last layers have no ``k_proj``/``v_proj`` and attend over the
  K/V of the last earlier layer of their type; ``DynamicCache`` gives them a ``DummyLayer``,
  so they keep no cache of their own.

This module needs only the standard library.
"""

from __future__ import annotations

from dataclasses import dataclass

from mha.config.keys import KeyReader, shown

MODEL_TYPE = "gemma4_text"

#: ``Gemma4TextConfig``'s defaults for the keys read (``transformers`` 5.25).
DEFAULTS = {
    "hidden_size": 2304,
    "num_attention_heads": 8,
    "num_key_value_heads": 4,
    "head_dim": 256,
    "num_hidden_layers": 30,
    "sliding_window": 512,
    "attention_bias": False,
    "attention_k_eq_v": False,
    "num_kv_shared_layers": 0,
    "global_head_dim": 512,
    "num_global_key_value_heads": None,
}
#: Without ``layer_types``, every ``SLIDING_PATTERN``-th layer is full, the others sliding.
SLIDING_PATTERN = 6
#: ``per_layer_config`` keys read per layer; :data:`OUTSIDE_ATTENTION` ones are left alone.
SHAPE_KEYS = ("head_dim", "num_key_value_heads")
OUTSIDE_ATTENTION = ("intermediate_size", "moe_intermediate_size")


@dataclass(frozen=True)
class LayerShapes:
    """The shapes of Gemma 4's attention layers.

    Attributes
    ----------
    by_kind : dict
        ``{kind: (K/V heads, head_dim)}`` for ``"full"`` and ``"sliding"`` (the kinds present).
    k_is_v : tuple of str
        Kinds whose layers have no ``v_proj`` (``attention_k_eq_v``: full layers).
    shared : tuple of bool
        Per layer: it reuses an earlier layer's K/V (no ``k_proj``/``v_proj``, no cache).
    """

    by_kind: dict[str, tuple[int, int]]
    k_is_v: tuple[str, ...]
    shared: tuple[bool, ...]


def gemma4_kinds(r: KeyReader, kinds: tuple[str, ...] | None, notes: list[str]) -> tuple[str, ...]:
    """The layer kinds ``transformers`` builds: ``kinds`` read from ``layer_types`` (``None``:
    the default pattern), the last layer made full.

    Raises
    ------
    ValueError
        A layer type other than full or sliding, or ``use_bidirectional_attention`` is
        ``"all"`` (every token attends both ways: an embedding model, no generation cache).
    """
    if r.config.get("use_bidirectional_attention") == "all":
        raise ValueError(
            f"{r.name('use_bidirectional_attention')}: 'all' makes every token attend both ways "
            "(an embedding model, no generation cache); mha.config reads the causal Gemma 4"
        )
    if kinds is None:
        n = r.positive_int("num_hidden_layers")
        assert n is not None
        kinds = tuple("sliding" if (i + 1) % SLIDING_PATTERN else "full" for i in range(n))
    other = sorted(set(kinds) - {"full", "sliding"})
    if other:
        raise ValueError(f"{r.name('layer_types')}: Gemma 4 builds full and sliding layers only, "
                         f"got {other}")  # fmt: skip
    if kinds[-1] != "full":
        notes.append("the last layer is made full attention, as transformers does")
        kinds = (*kinds[:-1], "full")
    return kinds


def layer_shapes(
    r: KeyReader, kinds: tuple[str, ...], n_heads: int, base: tuple[int, int], notes: list[str]
) -> LayerShapes:
    """Each kind's (K/V heads, head_dim), the K=V kinds and the shared layers.

    ``base`` is the top-level ``(num_key_value_heads, head_dim)``.

    Raises
    ------
    ValueError
        ``per_layer_config`` is not an object of layer indices (in range) to overrides, it
        overrides a key other than :data:`SHAPE_KEYS` that attention depends on, layers of one
        type get different shapes, a head count does not divide ``num_attention_heads``, or
        ``num_kv_shared_layers`` leaves a layer type without an earlier layer to reuse.
    """
    n = len(kinds)
    overrides = _overrides(r, kinds)
    by_kind: dict[str, tuple[int, int]] = {}
    for i, kind in enumerate(kinds):
        shape = (overrides.get(i, {}).get("num_key_value_heads", base[0]),
                 overrides.get(i, {}).get("head_dim", base[1]))  # fmt: skip
        if by_kind.setdefault(kind, shape) != shape:
            raise ValueError(
                f"{r.name('per_layer_config')}: {kind} layers have different shapes "
                f"({by_kind[kind]} and {shape} as (K/V heads, head_dim)); transformers requires "
                "one shape per layer type"
            )
    for kind, (n_kv, _) in by_kind.items():
        if n_heads % n_kv:
            raise ValueError(f"{r.where}: num_attention_heads={n_heads} is not divisible by the "
                             f"{n_kv} K/V heads of the {kind} layers")  # fmt: skip
    k_is_v = ("full",) if r.flag("attention_k_eq_v") and "full" in by_kind else ()
    n_shared = r.non_negative_int("num_kv_shared_layers")
    first_shared = n - n_shared
    if n_shared and set(kinds[first_shared:]) - set(kinds[:first_shared]):
        raise ValueError(
            f"{r.name('num_kv_shared_layers')}: {n_shared} of {n} layers reuse K/V, and a layer "
            "type among them has no earlier layer to reuse (transformers refuses it too)"
        )
    _shape_notes(by_kind, k_is_v, n_shared, n, notes)
    return LayerShapes(by_kind, k_is_v, tuple(i >= first_shared for i in range(n)))


def _overrides(r: KeyReader, kinds: tuple[str, ...]) -> dict[int, dict[str, int]]:
    """Layer index -> its ``head_dim`` / ``num_key_value_heads``, as ``transformers`` builds
    them: ``per_layer_config`` when the key is there, else ``global_head_dim`` (and, with
    ``attention_k_eq_v``, ``num_global_key_value_heads``) on every full layer."""
    if "per_layer_config" not in r.config:
        full: dict[str, int] = {"head_dim": r.positive_int("global_head_dim") or 0}
        if r.flag("attention_k_eq_v"):
            n_kv = r.positive_int("num_global_key_value_heads", optional=True)
            if n_kv is not None:
                full["num_key_value_heads"] = n_kv
        return {i: full for i, k in enumerate(kinds) if k == "full"}
    given = r.config["per_layer_config"] or {}
    key = r.name("per_layer_config")
    if not isinstance(given, dict):
        raise ValueError(f"{key}: expected an object of layer index -> overrides, got "
                         f"{shown(given)}")  # fmt: skip
    out: dict[int, dict[str, int]] = {}
    for index, values in given.items():
        i = int(index) if isinstance(index, str) and index.isdigit() else index
        if type(i) is not int or not 0 <= i < len(kinds) or not isinstance(values, dict):
            raise ValueError(f"{key}: expected layer indices from 0 to {len(kinds) - 1} with an "
                             f"object each, got {shown(index)}")  # fmt: skip
        odd = sorted(set(values) - set(SHAPE_KEYS) - set(OUTSIDE_ATTENTION))
        if odd:
            raise ValueError(f"{key}[{index!r}]: overrides {odd} per layer, which mha.config "
                             f"does not model (it reads {list(SHAPE_KEYS)})")  # fmt: skip
        out[i] = {k: r.check_int(k, values[k], least=1) for k in SHAPE_KEYS if k in values}
    return out


def _shape_notes(
    by_kind: dict[str, tuple[int, int]],
    k_is_v: tuple[str, ...],
    n_shared: int,
    n: int,
    notes: list[str],
) -> None:
    if len(set(by_kind.values())) > 1:
        shown_shapes = ", ".join(f"{k} {h} K/V heads x {d}" for k, (h, d) in by_kind.items())
        notes.append(f"layer shapes differ by layer type: {shown_shapes}")
    if k_is_v:
        notes.append(
            "attention_k_eq_v: full layers have no v_proj, k_proj's output serves as keys and "
            "values (counted once); transformers' cache still keeps keys and values apart "
            "(values normed by v_norm), so the cache counts both"
        )
    if n_shared:
        notes.append(
            f"num_kv_shared_layers: the last {n_shared} of {n} layers reuse the K/V of the last "
            "earlier layer of their type: no k_proj or v_proj (their parameters are q and o), "
            "no cache of their own"
        )
    notes.append("v_norm: an RMSNorm without weights on the values")
