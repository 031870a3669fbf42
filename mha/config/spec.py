"""What a config says about attention: :class:`AttentionSpec`, the result of
:func:`mha.config.describe`.

This module needs only the standard library.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: Largest ``context`` (tokens) :meth:`AttentionSpec.kv_cache_bytes` and ``--context`` accept:
#: 2**30, a thousand times today's longest context windows.
MAX_CONTEXT = 1 << 30


@dataclass(frozen=True)
class AttentionSpec:
    """What a config says about attention.

    Attributes
    ----------
    model_type : str
        The family read (for a multimodal config, its language model's family).
    kind : str
        ``"MHA"`` (as many K/V heads as query heads), ``"GQA"`` (fewer, more than one),
        ``"MQA"`` (one K/V head) or ``"MLA"`` (multi-head latent attention).
    d_model, n_heads, n_kv_heads, d_head, n_layers : int
        Widths and counts. For MLA, ``n_kv_heads == n_heads`` (K and V are rebuilt per head from
        the latent) and ``d_head`` is the query/key head width ``qk_nope_head_dim +
        qk_rope_head_dim``.
    bias : dict
        ``{"q": bool, "k": bool, "v": bool, "o": bool}``: which projections carry a bias (for
        MLA, k and v stand for the shared down-projection ``kv_a_proj_with_mqa``).
    attention_params_per_layer : int
        Weights and biases of one layer's attention projections: ``W_q`` ``(d_model,
        n_heads*d_head)``, ``W_k`` and ``W_v`` ``(d_model, n_kv_heads*d_head)``, ``W_o``
        ``(n_heads*d_head, d_model)``, plus the biases present. For MLA: ``q_proj`` (or
        ``q_a_proj`` and ``q_b_proj``), ``kv_a_proj_with_mqa``, ``kv_b_proj`` and ``o_proj``.
        Norms and position tables are not counted.
    kv_cache_bytes_per_token : int or None
        What generation caches per token over all layers: ``2 (K and V) * n_layers * n_kv_heads
        * d_head * dtype_bytes``; for MLA the latent ``n_layers * (kv_lora_rank +
        qk_rope_head_dim) * dtype_bytes``; ``None`` for an encoder-only model.
    kv_cache_latent : bool
        The cache holds MLA's compressed latent, not per-head keys and values.
    dtype_bytes : int
        Bytes per cached number used above.
    notes : tuple of str
        What a reader should know about this reading (form, nesting, cache).
    defaults_used : tuple of str
        Keys the file leaves out, read from the family's ``transformers`` defaults.
    """

    d_model: int
    n_heads: int
    n_kv_heads: int
    d_head: int
    n_layers: int
    attention_params_per_layer: int
    kv_cache_bytes_per_token: int | None
    model_type: str
    kind: str
    bias: dict[str, bool]
    kv_cache_latent: bool = False
    dtype_bytes: int = 2
    notes: tuple[str, ...] = field(default_factory=tuple)
    defaults_used: tuple[str, ...] = field(default_factory=tuple)

    def kv_cache_bytes(self, context: int) -> int | None:
        """KV cache bytes for ``context`` tokens (``None`` for an encoder-only model).

        Examples
        --------
        >>> from mha.config import describe, load_builtin
        >>> describe(load_builtin("llama-3-8b")).kv_cache_bytes(8192)
        1073741824
        """
        if isinstance(context, bool) or not isinstance(context, int):
            raise TypeError(f"context: expected an int, got {type(context).__name__}")
        if context < 0:
            raise ValueError(f"context: expected a non-negative int, got {context}")
        if context > MAX_CONTEXT:
            raise ValueError(f"context: expected at most {MAX_CONTEXT:,} tokens, got {context:,}")
        if self.kv_cache_bytes_per_token is None:
            return None
        return self.kv_cache_bytes_per_token * context
