"""What an attention layer holds or does beside its four projections: norms on the queries and
keys, partial rotary embeddings, a mixture-of-experts feed-forward beside it, attention both
ways.

None of these changes the projection count of :func:`mha.config.describe`; each is read by the
family's rule and said in the notes (the q/k norms with their parameter count, which
``AttentionSpec.norm_params_per_layer`` keeps apart).

This module needs only the standard library.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from mha.config.families import Family
from mha.config.keys import KeyReader

# rule -> (parameters from (n_heads, n_kv_heads, d_head, d_model), what the notes say)
QK_NORMS: dict[str, tuple[Callable[[int, int, int, int], int], str]] = {
    "per_head": (
        lambda h, h_kv, d, d_model: 2 * d,
        "q_norm and k_norm (RMSNorm over each head's {d} dims, one weight shared by the heads)",
    ),
    "full_width": (
        lambda h, h_kv, d, d_model: (h + h_kv) * d,
        "q_norm and k_norm (RMSNorm over all the query heads' {q} dims and all the key heads' "
        "{k} dims)",
    ),
    "layernorm_shared": (
        lambda h, h_kv, d, d_model: 4 * (d_model // h),
        "q_layernorm and k_layernorm (LayerNorm with a bias over d_model / n_heads = {w} dims, "
        "shared by the heads)",
    ),
    "per_head_each": (
        lambda h, h_kv, d, d_model: (h + h_kv) * d,
        "q_layernorm and k_layernorm (a LayerNorm without bias of {d} dims for each of the {h} "
        "query and {h_kv} key heads)",
    ),
}


class QKNormRule(Protocol):
    """What :func:`qk_norm_params` reads of a family: a :class:`Family` or a
    :class:`mha.config.by_keys.KeyRules`."""

    @property
    def qk_norm(self) -> str | None: ...

    @property
    def qk_norm_flag(self) -> str | None: ...


def qk_norm_params(
    family: QKNormRule,
    r: KeyReader,
    sizes: tuple[int, int, int, int],
    notes: list[str],
    where: str = "",
) -> int:
    """Parameters of the norms on q and k in one layer (0 if the family has none or its flag is
    off); ``sizes`` is ``(n_heads, n_kv_heads, d_head, d_model)``; ``where`` qualifies the note
    when layers of several shapes each get one (``" in full layers"``)."""
    if family.qk_norm is None or (family.qk_norm_flag and not r.flag(family.qk_norm_flag)):
        return 0
    count, text = QK_NORMS[family.qk_norm]
    h, h_kv, d, d_model = sizes
    params = count(h, h_kv, d, d_model)
    what = text.format(d=d, q=h * d, k=h_kv * d, w=d_model // h, h=h, h_kv=h_kv)
    notes.append(
        f"{what}: {params:,} parameters per layer{where} outside the four projections "
        "(not counted in attention_params_per_layer)"
    )
    return params


def _rope_dict(config: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The rotary parameters ``transformers`` reads first: ``rope_scaling`` if it is set, else
    ``rope_parameters``."""
    for key in ("rope_scaling", "rope_parameters"):
        value = config.get(key)
        if isinstance(value, dict) and value:
            return value, key
    return {}, ""


def rotary_dims(family: Family, r: KeyReader, d_head: int, notes: list[str]) -> int | None:
    """How many of each query/key head's dims RoPE turns, for a family with partial rotary
    embeddings (``None`` for the others)."""
    if family.rotary is None:
        return None
    kind, key = family.rotary
    if kind == "dims":
        value = r.raw(key)
        dims = d_head if value is None else r.check_int(key, value, least=1)
        how = f"{key} = {value}"
    else:
        rope, rope_key = _rope_dict(r.config)
        if "partial_rotary_factor" in rope:
            shown = f"{r.name(rope_key)}['partial_rotary_factor']"
            factor = r.fraction(key, rope["partial_rotary_factor"], shown)
            how = f"{rope_key}.partial_rotary_factor = {factor:g}"
        else:
            factor = r.fraction(key, r.raw(key))
            how = f"{key} = {factor:g}"
        dims = int(d_head * factor)  # transformers: int(head_dim * partial_rotary_factor)
    if dims < d_head:
        notes.append(
            f"partial rotary ({how}): RoPE turns {dims} of the {d_head} dims of each query and "
            f"key head; the other {d_head - dims} carry no position"
        )
    return dims


def experts(family: Family, r: KeyReader, notes: list[str]) -> tuple[int | None, int | None]:
    """Routed experts and experts per token of a mixture-of-experts family (``(None, None)``
    for a dense one)."""
    if family.experts is None:
        return None, None
    total_key, per_token_key = family.experts
    total = r.positive_int(total_key, optional=True)
    per_token = r.positive_int(per_token_key, optional=True)
    if total is None:
        return None, None
    chosen = f", {per_token} per token" if per_token is not None else ""
    notes.append(
        f"MoE: the feed-forward is a mixture of {total} routed experts{chosen}; "
        "attention is dense (every token uses every head), so its numbers are those of a "
        "dense layer"
    )
    return total, per_token


def bidirectional(family: Family, r: KeyReader, notes: list[str]) -> bool:
    """The config turns the family into an encoder that attends both ways (an embedding model
    such as EmbeddingGemma): no generation, so no KV cache."""
    if family.bidirectional is None or not r.flag(family.bidirectional, null_is_false=True):
        return False
    notes.append(
        f"{family.bidirectional}: attention goes both ways (an encoder, as in an embedding "
        "model), so a generation KV cache does not apply"
    )
    return True
