"""Read a config by its standard keys, whatever its ``model_type``: :func:`read_by_keys`.

Nearly every config of 2025-2026 names its attention with the same keys: ``hidden_size``,
``num_attention_heads``, ``num_key_value_heads``, ``head_dim``, ``num_hidden_layers`` and
``layer_types`` (with ``sliding_window`` / ``attention_chunk_size`` for the windowed layers).
Those are read for any family; :data:`KEY_FAMILIES` keeps only what the keys do not say for a
family ``transformers`` knows (which projections carry a bias, q/k norms, attention sinks, a
gate folded into ``q_proj``, a Mamba mixer beside attention, MiMo's wider sliding layers). A
family absent from that table is read by the keys alone, with a note saying what was assumed.

A key the reading needs and the file leaves out is refused by name (no family default is
guessed for an unknown family).

This module needs only the standard library and :mod:`mha.params`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mha.config import extras, gemma4, mimo
from mha.config.families import PROJECTIONS
from mha.config.keys import MAX_LAYERS, KeyReader
from mha.config.kv_cache import window_note
from mha.config.layer_kinds import (
    ATTENTION_KINDS,
    DEFAULT_PATTERNS,
    NO_DEFAULT_PATTERN,
    kinds_text,
    layer_kinds,
)
from mha.config.spec import AttentionSpec, attention_kind
from mha.params import head_width, kv_cache_bytes_per_token


@dataclass(frozen=True)
class KeyRules:
    """What a family's keys leave unsaid (everything else is read by the standard keys).

    Attributes
    ----------
    title : str
        A readable family name.
    bias : tuple
        For q, k, v, o: ``True``/``False``, or the key that decides (missing: no bias).
    qk_norm : str or None
        A rule of :data:`mha.config.extras.QK_NORMS`; ``None``: no norm with parameters.
    qk_norm_flag : str or None
        The key that switches ``qk_norm`` on (missing: off); ``None``: always on.
    sinks : tuple of str
        Layer kinds whose attention holds one learned sink logit per head.
    gated_query : bool
        ``q_proj`` also makes a per-dim output gate: twice the query width.
    mamba_beside : bool
        Every layer runs a Mamba-2 mixer beside its attention (Falcon-H1).
    sliding_kv_factor : int
        Sliding layers have this many times the K/V heads (MiMo-V2-Flash: 2).
    head_gate_flag : str or None
        The key that adds a per-head output gate ``d_model -> n_heads`` (LFM3's ``g_proj``).
    notes : tuple of str
        What the notes say about the family.
    """

    title: str
    bias: tuple[bool | str, bool | str, bool | str, bool | str] = ("attention_bias",) * 4
    qk_norm: str | None = None
    qk_norm_flag: str | None = None
    sinks: tuple[str, ...] = ()
    gated_query: bool = False
    mamba_beside: bool = False
    sliding_kv_factor: int = 1
    head_gate_flag: str | None = None
    notes: tuple[str, ...] = ()


_QWEN_NEXT_NOTE = (
    "linear-attention layers are Gated DeltaNet: each keeps a fixed-size state, not a KV cache",
)
_NO_ROPE = ("no_rope_layers: some layers attend without RoPE (same shapes, same cache)",)

#: The exceptions of the families ``transformers`` 5.25 knows and :data:`FAMILIES` does not.
KEY_FAMILIES: dict[str, KeyRules] = {
    "gpt_oss": KeyRules("gpt-oss", sinks=("full", "sliding")),
    "llama4_text": KeyRules("Llama 4", notes=(
        "use_qk_norm: an L2 norm without weights on q and k (RoPE layers only)", *_NO_ROPE)),
    "smollm3": KeyRules("SmolLM3", notes=_NO_ROPE),
    "glm4_moe": KeyRules("GLM-4.5 / 4.6", bias=("attention_bias",) * 3 + (False,),
                         qk_norm="per_head", qk_norm_flag="use_qk_norm"),
    "minimax_m2": KeyRules("MiniMax-M2", bias=(False,) * 4, qk_norm="full_width"),
    "qwen3_vl_text": KeyRules("Qwen3-VL", qk_norm="per_head"),
    "qwen3_next": KeyRules("Qwen3-Next", qk_norm="per_head", gated_query=True,
                           notes=_QWEN_NEXT_NOTE),
    "qwen3_5_text": KeyRules("Qwen3.5", qk_norm="per_head", gated_query=True,
                             notes=_QWEN_NEXT_NOTE),
    "qwen3_5_moe_text": KeyRules("Qwen3.5-MoE", qk_norm="per_head", gated_query=True,
                                 notes=_QWEN_NEXT_NOTE),
    "nemotron_h": KeyRules("Nemotron-H", bias=(False,) * 4, notes=(
        "mamba layers are Mamba-2 mixers: each keeps a fixed-size state, not a KV cache",)),
    "falcon_h1": KeyRules("Falcon-H1", mamba_beside=True),
    "glm": KeyRules("GLM-4 (glm)", bias=("attention_bias",) * 3 + (False,)),
    "glm4": KeyRules("GLM-4", bias=("attention_bias",) * 3 + (False,)),
    "seed_oss": KeyRules("Seed-OSS", bias=("attention_bias",) * 3 + ("attention_out_bias",)),
    "biogpt": KeyRules("BioGPT", bias=(True,) * 4),
    "afmoe": KeyRules("AFMoE", gated_query=True),
    "flint": KeyRules("Flint", sinks=("full", "sliding")),
    "granite_swa": KeyRules("Granite (SWA)", sinks=("full", "sliding")),
    "granitemoe_swa": KeyRules("Granite MoE (SWA)", sinks=("full", "sliding")),
    "minicpm5_moe": KeyRules("MiniCPM5-MoE", gated_query=True),
    "lfm3": KeyRules("LFM3", qk_norm="per_head", head_gate_flag="use_attention_gate", notes=(
        "conv layers are short convolutions: each keeps a small fixed state, not a KV cache",)),
    mimo.MODEL_TYPE: KeyRules("MiMo-V2-Flash", bias=("attention_bias",) * 3 + (False,),
                              sinks=("sliding",), sliding_kv_factor=mimo.SLIDING_KV_FACTOR),
    gemma4.MODEL_TYPE: KeyRules("Gemma 4", qk_norm="per_head"),
}  # fmt: skip

#: The ``transformers`` defaults of the families in :data:`KEY_FAMILIES` whose config classes
#: give the keys a value a file may leave out (the others are read from the file alone).
KEY_DEFAULTS = {gemma4.MODEL_TYPE: gemma4.DEFAULTS}

#: Keys of the routed expert count, the first present winning.
EXPERT_KEYS = ("num_local_experts", "num_experts", "n_routed_experts")

#: Families whose layers are linear attention but every ``full_attention_interval``-th.
INTERVAL_FAMILIES = {"qwen3_next", "qwen3_5_text", "qwen3_5_moe_text"}
#: Families with NoPE layers that decide the layer kinds.
NOPE_FAMILIES = {"llama4_text", "smollm3"}

#: Multimodal wrappers -> the ``model_type`` of their ``text_config`` when it names none.
TEXT_MODELS = {"qwen3_vl": "qwen3_vl_text", "qwen3_vl_moe": "qwen3_vl_moe_text",
               "qwen3_5": "qwen3_5_text", "qwen3_5_moe": "qwen3_5_moe_text",
               "llama4": "llama4_text", "gemma4": "gemma4_text"}  # fmt: skip

#: Keys that say the attention is not what the standard keys describe: refused by name when a
#: family is read by its keys alone.
UNMODELLED_KEYS = (
    "per_layer_config",
    "o_lora_rank",
    "compress_ratios",
    "kv_lora_rank",
    "block_types",
    "cross_attention_layers",
    "num_layers_per_stack",
)
#: Keys with which a known family changes its attention (other shapes on some layers, layers of
#: another kind, keys that serve as values, a sparse-attention indexer): a config of an unknown
#: family that sets one is refused by name, not read as if the key were not there.
FAMILY_KEYS = {
    "hybrid_layer_pattern": mimo.MODEL_TYPE, "swa_num_key_value_heads": mimo.MODEL_TYPE,
    "swa_num_attention_heads": mimo.MODEL_TYPE, "swa_head_dim": mimo.MODEL_TYPE,
    "swa_v_head_dim": mimo.MODEL_TYPE, "attention_k_eq_v": gemma4.MODEL_TYPE,
    "global_head_dim": gemma4.MODEL_TYPE, "num_global_key_value_heads": gemma4.MODEL_TYPE,
    "num_kv_shared_layers": gemma4.MODEL_TYPE, "attention_chunk_size": "llama4_text",
    "attn_type_list": "minimax", "index_topk": "deepseek_v32",
    "attn_output_gate": "qwen3_5_text", "full_attention_interval": "qwen3_next",
    "sliding_window_pattern": "gemma3_text", "multi_query": "falcon",
    "new_decoder_architecture": "falcon", "num_kv_heads": "falcon", "n_head_kv": "falcon",
    "type_vocab_size": "bert", "use_attention_gate": "lfm3",
}  # fmt: skip
#: Key prefixes of a hybrid model: refused unless a layer list says which layers attend.
HYBRID_PREFIXES = ("mamba_", "ssm_", "recurrent_")


def _layers_listed(r: KeyReader) -> bool:
    keys = ("layer_types", "layers_block_type", "hybrid_override_pattern", "attn_layer_period",
            "attn_layer_indices")  # fmt: skip
    return any(k in r.config for k in keys)


def read_by_keys(
    model_type: str, r: KeyReader, dtype_bytes: int, notes: list[str]
) -> AttentionSpec:
    """The attention of a config read by its standard keys (and :data:`KEY_FAMILIES`).

    Raises
    ------
    ValueError
        A key the reading needs is missing (the message names it), a size is not a positive
        int, the heads do not divide, a windowed layer has no window, or (for a family absent
        from :data:`KEY_FAMILIES`) the config carries a key of :data:`UNMODELLED_KEYS`.
    """
    rules = KEY_FAMILIES.get(model_type)
    if rules is None:
        odd = [k for k in UNMODELLED_KEYS if r.config.get(k) is not None]
        odd += [k for k in r.config if k.startswith(HYBRID_PREFIXES) and not _layers_listed(r)]
        if odd:
            raise ValueError(
                f"{r.where}: model_type {model_type!r} is not a family mha.config knows, and its "
                f"key {odd[0]!r} says its attention is not the standard one the keys describe"
            )
        known = [k for k in FAMILY_KEYS if r.config.get(k)]  # set: not None, False, 0 or empty
        if known:
            raise ValueError(
                f"{r.where}: model_type {model_type!r} is not a family mha.config knows, and its "
                f"key {known[0]!r} changes the attention in {FAMILY_KEYS[known[0]]}; reading "
                "the standard keys alone would be wrong"
            )
        if r.config.get("sliding_window") and "layer_types" not in r.config:
            raise ValueError(
                f"{r.where}: model_type {model_type!r} is not a family mha.config knows, and it "
                "has a sliding_window but no layer_types: which layers are local is the family's "
                "rule (every layer in Mistral, every other one in Gemma 2)"
            )
        rules = KeyRules(model_type)
        notes.append(
            f"model_type {model_type!r} is not in the family table: read by its standard keys "
            "(biases from attention_bias; no q/k norms, output gates, sinks or shapes that "
            "differ by layer assumed)"
        )
    notes.extend(rules.notes)
    d_model = r.positive_int("hidden_size")
    n_heads = r.positive_int("num_attention_heads")
    assert d_model is not None and n_heads is not None
    counted = r.config.get("num_hidden_layers")
    kinds = layer_kinds(model_type, r, None if counted is None else _layers(r))
    if model_type == gemma4.MODEL_TYPE:
        kinds = gemma4.gemma4_kinds(r, kinds, notes)
    elif kinds is None:
        kinds = _derived_kinds(model_type, r, _layers(r))
    n_layers = len(kinds)
    if n_layers > MAX_LAYERS:
        raise ValueError(f"{r.where}: {n_layers:,} layers, more than {MAX_LAYERS:,}")

    head_dim = _given(r, "head_dim")
    try:
        head_dim = head_width(d_model, n_heads, head_dim)
    except ValueError:
        raise ValueError(
            f"{r.where}: missing key 'head_dim' (hidden_size={d_model} is not divisible by "
            f"num_attention_heads={n_heads})"
        ) from None
    n_kv = _given(r, "num_key_value_heads") or n_heads
    if n_heads % n_kv:
        raise ValueError(f"{r.where}: num_attention_heads={n_heads} is not divisible by "
                         f"num_key_value_heads={n_kv}")  # fmt: skip
    v_dim = r.config.get("v_head_dim") if rules.sliding_kv_factor > 1 else None
    v_dim = head_dim if v_dim is None else r.check_int("v_head_dim", v_dim, least=1)
    if model_type == mimo.MODEL_TYPE:
        mimo.check_keys(r, kinds, n_heads, n_kv, head_dim, v_dim)
    bias = {p: rule if isinstance(rule, bool) else r.config.get(rule) is True
            for p, rule in zip(PROJECTIONS, rules.bias, strict=True)}  # fmt: skip

    windows = tuple(_window(r, k, model_type) for k in kinds)
    attn_kinds = [k for k in ATTENTION_KINDS if k in kinds]
    if not attn_kinds:
        raise ValueError(f"{r.where}: no attention layer ({kinds_text(kinds)})")
    if model_type == gemma4.MODEL_TYPE:
        shapes = gemma4.layer_shapes(r, kinds, n_heads, (n_kv, head_dim), notes)
    else:
        factor = {"sliding": rules.sliding_kv_factor}
        shapes = gemma4.LayerShapes({k: (n_kv * factor.get(k, 1), head_dim) for k in attn_kinds},
                                    (), (False,) * n_layers)  # fmt: skip
    head_gate = 0
    if rules.head_gate_flag and r.config.get(rules.head_gate_flag) is True:
        head_gate = d_model * n_heads
        notes.append(f"{rules.head_gate_flag}: a gate of one number per head made from the "
                     f"input ({head_gate:,} parameters, counted in the projections)")  # fmt: skip

    def params(kind: str, own_kv: bool) -> int:
        n_kv_kind, d_k = shapes.by_kind[kind]
        d_v = v_dim if d_k == head_dim else d_k
        kv_out = (
            n_kv_kind * d_k * own_kv,
            n_kv_kind * d_v * (own_kv and kind not in shapes.k_is_v),
        )
        return _projections(d_model, n_heads, (d_k, d_v), kv_out, bias, rules) + head_gate

    params_by_kind = {k: params(k, True) for k in attn_kinds}
    layer_params = tuple(params(k, not shared) if k in attn_kinds else 0
                         for k, shared in zip(kinds, shapes.shared, strict=True))  # fmt: skip
    per_token = {
        k: kv_cache_bytes_per_token(*shapes.by_kind[k], dtype_bytes,
                                    v_head_dim=v_dim if shapes.by_kind[k][1] == head_dim else None)
        for k in attn_kinds
    }  # fmt: skip
    layer_bytes = tuple(0 if shared else per_token.get(k, 0)
                        for k, shared in zip(kinds, shapes.shared, strict=True))  # fmt: skip
    first = attn_kinds[0]
    n_kv_first, d_first = shapes.by_kind[first]
    kv_shape_by_kind = shapes.by_kind if len(set(shapes.by_kind.values())) > 1 else {}
    norm_params = extras.qk_norm_params(rules, r, (n_heads, n_kv_first, d_first, d_model), notes,
                                        f" in {first} layers" * bool(kv_shape_by_kind))  # fmt: skip
    for kind in attn_kinds[1:]:  # the norms of the other shapes, each said apart
        if kv_shape_by_kind and shapes.by_kind[kind][1] != d_first:
            extras.qk_norm_params(rules, r, (n_heads, *shapes.by_kind[kind], d_model), notes,
                                  f" in {kind} layers")  # fmt: skip
    other = {"sinks": n_heads} if rules.sinks else {}
    _notes(rules, kinds, windows, params_by_kind, v_dim, head_dim, n_heads, notes)
    n_experts, per_token_experts = _experts(r, notes)
    return reader_spec(
        r,
        notes,
        d_model=d_model,
        n_heads=n_heads,
        n_kv_heads=n_kv_first,
        d_head=d_first,
        n_layers=n_layers,
        attention_params_per_layer=params_by_kind[first],
        kv_cache_bytes_per_token=sum(layer_bytes),
        model_type=model_type,
        bias=bias,
        dtype_bytes=dtype_bytes,
        layer_windows=windows,
        norm_params_per_layer=norm_params,
        layer_kinds=kinds,
        layer_kv_bytes=layer_bytes,
        params_by_kind=params_by_kind if len(set(params_by_kind.values())) > 1 else {},
        other_params_per_layer=other,
        experts=n_experts,
        experts_per_token=per_token_experts,
        layer_params=layer_params if any(shapes.shared) else (),
        kv_shape_by_kind=kv_shape_by_kind,
    )


def reader_spec(r: KeyReader, notes: list[str], **fields: Any) -> AttentionSpec:
    """An :class:`AttentionSpec` of the ``fields`` a reader found, plus what every reader adds
    alike: the notes it wrote, the defaults it used and, unless ``kind`` is given (MLA), the kind
    of attention its head counts make (:func:`attention_kind`)."""
    fields.setdefault("kind", attention_kind(fields["n_heads"], fields["n_kv_heads"]))
    return AttentionSpec(notes=tuple(notes), defaults_used=tuple(r.defaults_used), **fields)


def _given(r: KeyReader, key: str) -> int | None:
    """A positive int of ``key``: the file's, else the family's ``transformers`` default (when
    :data:`KEY_DEFAULTS` gives one), else ``None``."""
    if r.config.get(key) is None and r.defaults.get(key) is None:
        return None
    return r.positive_int(key)


def _experts(r: KeyReader, notes: list[str]) -> tuple[int | None, int | None]:
    """Routed experts and experts per token, from the keys most families use."""
    total_key = next((k for k in EXPERT_KEYS if r.config.get(k)), None)
    if total_key is None:
        return None, None
    total = r.check_int(total_key, r.config[total_key], least=1)
    per_token = r.config.get("num_experts_per_tok")
    per_token = None if per_token is None else r.check_int("num_experts_per_tok", per_token, 1)
    chosen = f", {per_token} per token" if per_token is not None else ""
    notes.append(
        f"MoE: the feed-forward is a mixture of {total} routed experts{chosen}; attention is "
        "dense (every token uses every head), so its numbers are those of a dense layer"
    )
    return total, per_token


def _layers(r: KeyReader) -> int:
    n = r.positive_int("num_hidden_layers", most=MAX_LAYERS)
    assert n is not None
    return n


def _derived_kinds(model_type: str, r: KeyReader, n_layers: int) -> tuple[str, ...]:
    """The layer kinds of a config without a layer list, as its ``transformers`` class derives
    them: Qwen3-Next's ``full_attention_interval`` (default 4), Llama 4's and SmolLM3's NoPE
    layers (every ``no_rope_layer_interval``-th, default 4; Llama 4 chunks the others), else every
    layer full or, with a ``sliding_window``, sliding; a family of :data:`DEFAULT_PATTERNS`
    takes its class's pattern."""
    config = r.config
    if model_type in NO_DEFAULT_PATTERN:
        raise ValueError(f"{r.where}: missing key 'layer_types' (or 'hybrid_override_pattern'): "
                         "which layers attend is not said")  # fmt: skip
    if model_type in DEFAULT_PATTERNS:
        if "global_attn_every_n_layers" in config:  # AFMoE's
            r.check_int("global_attn_every_n_layers", config["global_attn_every_n_layers"], 1)
        rule = DEFAULT_PATTERNS[model_type]
        return tuple(rule(i, n_layers, config) for i in range(n_layers))
    if model_type in INTERVAL_FAMILIES or "full_attention_interval" in config:
        every = config.get("full_attention_interval", 4)
        every = r.check_int("full_attention_interval", every, least=1)
        return tuple("linear" if (i + 1) % every else "full" for i in range(n_layers))
    if model_type in NOPE_FAMILIES:
        rope = _rope_layers(r, n_layers)
        if model_type == "llama4_text" and config.get("attention_chunk_size") is not None:
            return tuple("chunked" if on else "full" for on in rope)
        windowed = config.get("use_sliding_window") is True and _all_sliding(r)
        return tuple("full" if on or not windowed else "sliding" for on in rope)
    return ("sliding" if _all_sliding(r) else "full",) * n_layers


def _rope_layers(r: KeyReader, n_layers: int) -> tuple[bool, ...]:
    """Which layers use RoPE: ``no_rope_layers`` (1 = RoPE), else all but every
    ``no_rope_layer_interval``-th."""
    given = r.config.get("no_rope_layers")
    if given:
        if not isinstance(given, list) or len(given) != n_layers:
            raise ValueError(f"{r.name('no_rope_layers')}: expected one 0 or 1 per layer "
                             f"({n_layers})")  # fmt: skip
        return tuple(bool(v) for v in given)
    every = r.check_int("no_rope_layer_interval", r.config.get("no_rope_layer_interval", 4), 1)
    return tuple((i + 1) % every != 0 for i in range(n_layers))


def _all_sliding(r: KeyReader) -> bool:
    """No ``layer_types``: every layer is windowed when ``sliding_window`` is set and no
    ``use_sliding_window`` switches it off (Mistral's reading)."""
    if r.config.get("sliding_window") is None:
        return False
    return r.config.get("use_sliding_window", True) is not False


def _window(r: KeyReader, kind: str, model_type: str) -> int | None:
    if kind == "sliding":
        if model_type == mimo.MODEL_TYPE and r.config.get("sliding_window_size") is not None:
            size = r.check_int("sliding_window_size", r.config["sliding_window_size"], least=1)
            return size + 1  # transformers: the window and the query
        return r.positive_int("sliding_window")
    if kind == "chunked":
        return r.positive_int("attention_chunk_size")
    return None


def _projections(
    d_model: int,
    n_heads: int,
    widths: tuple[int, int],
    kv_out: tuple[int, int],
    bias: dict[str, bool],
    rules: KeyRules,
) -> int:
    """q (with its gate), k, v and o of one layer: weights and the biases present; ``kv_out`` are
    k's and v's output widths (0: the layer has no such projection)."""
    d_k, d_v = widths
    q_out = n_heads * d_k * (2 if rules.gated_query else 1)
    shapes = {"q": (d_model, q_out), "k": (d_model, kv_out[0]), "v": (d_model, kv_out[1]),
              "o": (n_heads * d_v, d_model)}  # fmt: skip
    return sum(i * o + (o if bias[p] else 0) for p, (i, o) in shapes.items())


def _notes(
    rules: KeyRules,
    kinds: tuple[str, ...],
    windows: tuple[int | None, ...],
    params_by_kind: dict[str, int],
    v_dim: int,
    head_dim: int,
    n_heads: int,
    notes: list[str],
) -> None:
    n = len(kinds)
    attn = sum(k in ATTENTION_KINDS for k in kinds)
    if attn < n:
        notes.append(
            f"layers: {kinds_text(kinds)}; only the {attn} attention layers keep a KV cache "
            "(the others keep a fixed-size state or nothing), so the cache counts those alone"
        )
    sliding = tuple(w if k == "sliding" else None for k, w in zip(kinds, windows, strict=True))
    note = window_note([w for w, k in zip(sliding, kinds, strict=True) if k in ATTENTION_KINDS])
    if note is not None:
        notes.append(note)
    chunks = sorted({w for k, w in zip(kinds, windows, strict=True) if k == "chunked" and w})
    if chunks:
        notes.append(
            f"chunked attention: {kinds.count('chunked')} layers attend within chunks of "
            f"{chunks[0]:,} tokens, so each caches at most {chunks[0]:,} tokens"
        )
    if rules.gated_query:
        notes.append(
            f"gated attention: a sigmoid gate on the attention output, made from the input by "
            f"{n_heads} x {head_dim} more projection outputs (counted in the projections)"
        )
    if rules.sinks:
        where = "every attention layer" if len(rules.sinks) > 1 else f"{rules.sinks[0]} layers"
        notes.append(
            f"attention sinks: one learned logit per head ({n_heads} parameters) in {where}, "
            "beside the projections"
        )
    if rules.mamba_beside:
        notes.append(
            "every layer runs a Mamba-2 mixer beside its attention: its state is not a KV cache "
            "and is left out"
        )
    if v_dim != head_dim:
        notes.append(f"values are {v_dim} wide, keys and queries {head_dim}")
    if len(set(params_by_kind.values())) > 1:
        shown = ", ".join(f"{k} {p:,}" for k, p in params_by_kind.items())
        notes.append(f"attention parameters per layer differ by layer type: {shown}")
