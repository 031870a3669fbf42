"""DeepSeek Sparse Attention (DeepSeek-V3.2, GLM-5): multi-head latent attention plus an
indexer that picks, for each query, the ``index_topk`` past tokens worth attending to.

The attention itself is DeepSeek-V3's MLA (:func:`mha.config.reader.describe` reads it); the
indexer is a small attention of its own beside it: ``wq_b`` (``q_lora_rank -> index_n_heads *
index_head_dim``), ``wk`` (``d_model -> index_head_dim``) with a LayerNorm ``k_norm``, and
``weights_proj`` (``d_model -> index_n_heads``). Each layer that runs an indexer also caches its
key, ``index_head_dim`` numbers per token, beside MLA's latent (``transformers``'
``DynamicIndexedLayer``). GLM-5's ``indexer_types`` lets a ``"shared"`` layer reuse the
previous layer's choice: no indexer, no indexer key.

This module needs only the standard library.
"""

from __future__ import annotations

from dataclasses import replace

from mha.config.keys import KeyReader
from mha.config.spec import AttentionSpec

#: Families read as DeepSeek-V3's MLA plus an indexer.
SPARSE_FAMILIES = {"deepseek_v32": "DeepSeek-V3.2", "glm_moe_dsa": "GLM-5 (MoE, DSA)"}


def with_indexer(spec: AttentionSpec, r: KeyReader, model_type: str) -> AttentionSpec:
    """``spec`` (read as MLA) with the indexer's parameters and cache added.

    Raises
    ------
    ValueError
        ``index_n_heads``, ``index_head_dim`` or ``q_lora_rank`` missing or not a positive
        int, or ``indexer_types`` not one ``"full"`` / ``"shared"`` per layer.
    """
    n_idx = r.positive_int("index_n_heads")
    d_idx = r.positive_int("index_head_dim")
    q_rank = r.positive_int("q_lora_rank")
    assert n_idx is not None and d_idx is not None and q_rank is not None
    has_indexer = _indexer_layers(r, spec.n_layers)
    params = q_rank * n_idx * d_idx + spec.d_model * d_idx + 2 * d_idx + spec.d_model * n_idx
    latent_bytes = spec.kv_cache_bytes_per_token // spec.n_layers
    index_bytes = d_idx * spec.dtype_bytes
    layer_bytes = tuple(latent_bytes + index_bytes * own for own in has_indexer)
    n_own = sum(has_indexer)
    notes = [
        *spec.notes,
        f"{SPARSE_FAMILIES.get(model_type, model_type)}: sparse attention; an indexer "
        f"({n_idx} heads of "
        f"{d_idx}) picks the tokens each query attends to: {params:,} parameters per layer "
        f"beside the projections, and it caches a {d_idx}-number key per token in {n_own} of "
        f"{spec.n_layers} layers (counted in the cache)",
    ]
    return replace(
        spec,
        model_type=model_type,
        kv_cache_bytes_per_token=sum(layer_bytes),
        layer_kv_bytes=layer_bytes,
        layer_kinds=("full",) * spec.n_layers,
        other_params_per_layer={"indexer": params},
        notes=tuple(notes),
    )


def _indexer_layers(r: KeyReader, n_layers: int) -> tuple[bool, ...]:
    value = r.config.get("indexer_types")
    if value is None:
        return (True,) * n_layers
    key = r.name("indexer_types")
    if not isinstance(value, list) or any(v not in ("full", "shared") for v in value):
        raise ValueError(f"{key}: expected a list of 'full' or 'shared', got {value!r:.80}")
    if len(value) != n_layers:
        raise ValueError(f"{key}: expected one entry per layer ({n_layers}), got {len(value)}")
    return tuple(v == "full" for v in value)
