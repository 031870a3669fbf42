"""What a config says about attention: :class:`AttentionSpec`, the result of
:func:`mha.config.describe`.

It needs only the standard library and :mod:`mha.params` (the KV-cache formula).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mha.config.kv_cache import cached_tokens
from mha.config.layer_kinds import ATTENTION_KINDS, kind_counts
from mha.params import kv_cache_bytes

#: Largest ``context`` (tokens) :meth:`AttentionSpec.kv_cache_bytes` and ``--context`` accept:
#: 2**30, a thousand times today's longest context windows.
MAX_CONTEXT = 1 << 30
#: Most bytes one cached number may take (:func:`mha.config.describe`'s ``dtype_bytes`` and
#: ``--dtype-bytes``): 16, torch's widest dtype (``complex128``); caches use 1 to 4.
MAX_DTYPE_BYTES = 16


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
        What generation caches per token over all layers while every layer keeps every token
        (a context no longer than the smallest sliding window): ``2 (K and V) * n_layers *
        n_kv_heads * d_head * dtype_bytes``; for MLA the latent ``n_layers * (kv_lora_rank +
        qk_rope_head_dim) * dtype_bytes``; ``None`` for an encoder-only model. The cache at a
        longer context is :meth:`kv_cache_bytes`.
    kv_cache_latent : bool
        The cache holds MLA's compressed latent, not per-head keys and values.
    dtype_bytes : int
        Bytes per cached number used above.
    notes : tuple of str
        What a reader should know about this reading (form, nesting, cache, local layers,
        norms, rotary dims, experts).
    defaults_used : tuple of str
        Keys the file leaves out, read from the family's ``transformers`` defaults.
    layer_windows : tuple of (int or None)
        Each layer's sliding window (``None``: a global layer that keeps the whole context);
        empty for an encoder-only model. An empty tuple for a decoder means every layer is
        global.
    norm_params_per_layer : int
        Parameters of the norms inside attention, outside the four projections (Qwen3's,
        OLMo 2's and Gemma 3's ``q_norm``/``k_norm``; MLA's ``q_a_layernorm`` and
        ``kv_a_layernorm``); not in ``attention_params_per_layer``.
    rotary_dims : int or None
        For a family with partial rotary embeddings, how many of each query/key head's dims
        RoPE turns (Phi-2: 32 of 80); ``None`` otherwise.
    experts, experts_per_token : int or None
        A mixture-of-experts model's routed experts and experts chosen per token (``None``:
        a dense model, or not given). Attention itself is dense.
    layer_kinds : tuple of str
        Each layer's kind (:data:`mha.config.layer_kinds.KINDS`: full, sliding, chunked,
        linear, mamba, none); empty when every layer is an attention layer as
        ``layer_windows`` says.
    layer_kv_bytes : tuple of int
        Bytes each layer caches per token (0 for a linear-attention or Mamba layer, which keeps
        a state, not a KV cache); empty when every layer caches the same.
    params_by_kind : dict
        Attention parameters per layer of each attention kind, when the shapes differ by kind
        (MiMo-V2-Flash); empty otherwise.
    other_params_per_layer : dict
        Parameters an attention layer holds beside its projections and q/k norms (``"sinks"``:
        one learned logit per head; ``"indexer"``: DeepSeek-V3.2's sparse-attention indexer),
        per attention layer (of the kind that has them).
    layer_params : tuple of int
        Attention parameters of each layer (0 for a layer without attention), when layers of one
        kind differ (Gemma 4's shared-KV layers have no ``k_proj``/``v_proj``); empty otherwise.
    kv_shape_by_kind : dict
        ``{kind: (K/V heads, head_dim)}`` when the attention kinds differ in shape (Gemma 4's
        full and sliding layers, MiMo-V2-Flash's); empty otherwise (``n_kv_heads`` and
        ``d_head`` then hold for every layer; otherwise they are those of the first kind).
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
    layer_windows: tuple[int | None, ...] = field(default_factory=tuple)
    norm_params_per_layer: int = 0
    rotary_dims: int | None = None
    experts: int | None = None
    experts_per_token: int | None = None
    layer_kinds: tuple[str, ...] = field(default_factory=tuple)
    layer_kv_bytes: tuple[int, ...] = field(default_factory=tuple)
    params_by_kind: dict[str, int] = field(default_factory=dict)
    other_params_per_layer: dict[str, int] = field(default_factory=dict)
    layer_params: tuple[int, ...] = field(default_factory=tuple)
    kv_shape_by_kind: dict[str, tuple[int, int]] = field(default_factory=dict)

    @property
    def attention_layers(self) -> int:
        """How many layers attend (full, sliding or chunked); the others keep no KV cache."""
        if not self.layer_kinds:
            return self.n_layers
        return sum(k in ATTENTION_KINDS for k in self.layer_kinds)

    @property
    def kv_cache_layers(self) -> int:
        """How many layers keep a KV cache of their own: the attention layers, less those that
        reuse an earlier layer's K/V (Gemma 4)."""
        if not self.layer_kv_bytes:
            return self.attention_layers
        return sum(b > 0 for b in self.layer_kv_bytes)

    @property
    def layer_counts(self) -> dict[str, int]:
        """How many layers of each kind (``{"full": 12, "linear": 36}``)."""
        if self.layer_kinds:
            return kind_counts(self.layer_kinds)
        local = self.local_layers
        return {k: n for k, n in (("full", self.n_layers - local), ("sliding", local)) if n}

    @property
    def local_layers(self) -> int:
        """How many layers keep a bounded window of tokens: a sliding window, or an attention
        chunk."""
        return sum(w is not None for w in self.layer_windows)

    @property
    def moe(self) -> bool:
        """A mixture-of-experts model (its attention is dense all the same)."""
        return self.experts is not None

    def kv_cache_layer_tokens(self, context: int) -> tuple[int, ...] | None:
        """Tokens each layer's cache holds when the token at position ``context`` attends:
        ``min(context, window)`` for a local layer, ``context`` for a global one (``None`` for
        an encoder-only model).

        ``transformers.DynamicCache`` keeps ``window - 1`` tokens of a local layer between
        steps and attends with the new token over ``window``: the figure here is that peak.

        Examples
        --------
        >>> from mha.config import describe, load_builtin
        >>> describe(load_builtin("gemma-2-9b")).kv_cache_layer_tokens(32768)[:4]
        (4096, 32768, 4096, 32768)
        """
        _check_context(context)
        if self.kv_cache_bytes_per_token is None:
            return None
        return cached_tokens(self.layer_windows or (None,) * self.n_layers, context)

    def kv_cache_bytes(self, context: int) -> int | None:
        """KV cache bytes for ``context`` tokens, each layer holding
        :meth:`kv_cache_layer_tokens` (``None`` for an encoder-only model).

        Examples
        --------
        >>> from mha.config import describe, load_builtin
        >>> describe(load_builtin("llama-3-8b")).kv_cache_bytes(8192)
        1073741824
        >>> describe(load_builtin("mistral-7b")).kv_cache_bytes(32768) // 2**20  # MiB
        512
        """
        _check_context(context)
        if self.kv_cache_bytes_per_token is None:
            return None
        per_layer = self.layer_kv_bytes or (self.kv_cache_bytes_per_token // self.n_layers,) * (
            self.n_layers
        )
        return kv_cache_bytes(per_layer, self.layer_windows or (None,) * self.n_layers, context)


def attention_kind(n_heads: int, n_kv_heads: int) -> str:
    """``"MHA"`` (a K/V head per query head), ``"MQA"`` (one) or ``"GQA"`` (in between).

    Examples
    --------
    >>> attention_kind(32, 32), attention_kind(32, 8), attention_kind(71, 1)
    ('MHA', 'GQA', 'MQA')
    """
    if n_kv_heads == n_heads:
        return "MHA"
    return "MQA" if n_kv_heads == 1 else "GQA"


def _check_context(context: int) -> None:
    if isinstance(context, bool) or not isinstance(context, int):
        raise TypeError(f"context: expected an int, got {type(context).__name__}")
    if context < 0:
        raise ValueError(f"context: expected a non-negative int, got {context}")
    if context > MAX_CONTEXT:
        raise ValueError(f"context: expected at most {MAX_CONTEXT:,} tokens, got {context:,}")
