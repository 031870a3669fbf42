"""MiMo-V2's published keys, checked against what ``transformers`` builds (:func:`check_keys`).

``transformers`` 5.25's ``MiMoV2FlashConfig`` builds its layers from class rules: the layer
pattern (the first layer and every sixth are full, the others sliding) unless ``layer_types``
says otherwise, and sliding layers with twice the K/V heads. The files Xiaomi publishes spell the
same things in keys of their own, which ``transformers`` never reads:

* ``hybrid_layer_pattern``: one entry per layer, 0 for a full layer, 1 for a sliding one;
* ``swa_num_attention_heads``, ``swa_num_key_value_heads``, ``swa_head_dim``, ``swa_v_head_dim``:
  the sliding layers' shapes.

Where the two agree, the reading is the same whichever one believes; where they differ, the
config is refused, naming the key, rather than read one way or the other. MiMo-V2.5 and V2.6
publish ``model_type: "mimo_v2"``, which ``transformers`` does not know: the same text backbone
under another name (their checkpoints fuse Q, K and V into one matrix of the same size), read as
``mimo_v2_flash`` (:data:`ALIASES`).

This module needs only the standard library.
"""

from __future__ import annotations

from mha.config.keys import KeyReader, shown

MODEL_TYPE = "mimo_v2_flash"

#: Other names of the family: ``model_type -> why it is read as`` :data:`MODEL_TYPE`.
ALIASES = {
    "mimo_v2": "MiMo-V2.5 and V2.6 keep MiMo-V2-Flash's text backbone under this name (their "
    "checkpoints fuse Q, K and V into one matrix of the same size)",
}

#: The sliding layers' K/V heads, as a multiple of ``num_key_value_heads``.
SLIDING_KV_FACTOR = 2


def _is_bit(p: object) -> bool:
    """0 or 1 as an int (``True`` and ``False`` are not layer kinds)."""
    return not isinstance(p, bool) and p in (0, 1)


def check_keys(
    r: KeyReader, kinds: tuple[str, ...], n_heads: int, n_kv: int, head_dim: int, v_dim: int
) -> None:
    """Refuse a MiMo config whose own keys (module docstring) contradict the reading.

    Parameters
    ----------
    r : KeyReader
        The config.
    kinds : tuple of str
        Each layer's kind as read (``"full"`` or ``"sliding"``).
    n_heads, n_kv, head_dim, v_dim : int
        The full layers' query heads, K/V heads, key width and value width.

    Raises
    ------
    ValueError
        ``hybrid_layer_pattern`` is not a list of 0 and 1 as long as the layers, or says other
        layers are full; a ``swa_*`` key gives another sliding shape than the one built.
    """
    pattern = r.config.get("hybrid_layer_pattern")
    if pattern is not None:
        if not isinstance(pattern, list) or not all(map(_is_bit, pattern)):
            raise ValueError(f"{r.name('hybrid_layer_pattern')}: expected a list of 0 (full) and "
                             f"1 (sliding), got {shown(pattern)}")  # fmt: skip
        said = tuple("sliding" if p else "full" for p in pattern)
        if said != kinds:
            raise ValueError(
                f"{r.name('hybrid_layer_pattern')}: says the layers are "
                f"{said.count('full')} full and {said.count('sliding')} sliding, where "
                f"transformers builds {kinds.count('full')} full and {kinds.count('sliding')} "
                "sliding (it reads layer_types or its own pattern, not this key)"
            )
    built = {"swa_num_attention_heads": n_heads,
             "swa_num_key_value_heads": SLIDING_KV_FACTOR * n_kv,
             "swa_head_dim": head_dim, "swa_v_head_dim": v_dim}  # fmt: skip
    for key, value in built.items():
        given = r.config.get(key)
        if given is not None and given != value:
            raise ValueError(
                f"{r.name(key)}: {shown(given)}, where transformers builds the sliding layers "
                f"with {value} (it does not read this key)"
            )
