"""Read a parsed config by its family: :func:`describe` and the readers it dispatches to.

Every key is read through :class:`mha.config.keys.KeyReader`, which falls back on the family's
``transformers`` defaults and notes each key it took from them. The head width and the parameter
count come from :mod:`mha.params`, the library's one head-size rule and one parameter formula;
sliding windows from :mod:`mha.config.kv_cache`, and what a layer holds beside its projections
(q/k norms, partial rotary dims, experts) from :mod:`mha.config.extras`.
"""

from __future__ import annotations

import warnings
from dataclasses import replace
from typing import Any

from mha.config import extras, mimo
from mha.config.by_keys import (
    KEY_DEFAULTS,
    KEY_FAMILIES,
    TEXT_MODELS,
    UNMODELLED_KEYS,
    read_by_keys,
    reader_spec,
)
from mha.config.families import FAMILIES, NESTED, PROJECTIONS, REFUSED, Family
from mha.config.guess import architecture_family, assume_family, known_families
from mha.config.keys import MAX_LAYERS, KeyReader, shown
from mha.config.kv_cache import layer_windows
from mha.config.sparse import SPARSE_FAMILIES, with_indexer
from mha.config.spec import MAX_DTYPE_BYTES, AttentionSpec
from mha.params import head_width, kv_cache_bytes_per_token, projection_param_count


def describe(config: dict[str, Any], dtype_bytes: int = 2) -> AttentionSpec:
    """The attention shape and costs of a model config.

    Parameters
    ----------
    config : dict
        A parsed ``config.json``, read by its ``model_type`` (see :data:`FAMILIES`).
    dtype_bytes : int
        Bytes per cached number: 2 for fp16/bf16, 4 for fp32.

    Returns
    -------
    AttentionSpec

    Raises
    ------
    TypeError
        ``config`` is not a dict or ``dtype_bytes`` not an int.
    ValueError
        ``dtype_bytes`` below 1 or above :data:`~mha.config.spec.MAX_DTYPE_BYTES`; an unknown
        ``model_type`` or one without attention (the message names it and lists the known
        families); missing keys (in a config without ``model_type``), non-positive values, a
        layer count above :data:`~mha.config.keys.MAX_LAYERS` or another size above
        :data:`~mha.config.keys.MAX_SIZE` (refused as it is read, before anything is built
        from it), ``d_model`` not divisible by the head count (with no ``head_dim``), a head
        count not divisible by the KV head count, or sliding-window keys that contradict each
        other.

    Warns
    -----
    UserWarning
        A config without ``model_type`` is read as the family its ``architectures`` or keys
        suggest; the warning names it and says why.

    Examples
    --------
    >>> from mha.config import load_builtin
    >>> spec = describe(load_builtin("gpt2"))
    >>> spec.d_head, spec.attention_params_per_layer, spec.bias
    (64, 2362368, {'q': True, 'k': True, 'v': True, 'o': True})
    >>> describe(load_builtin("llama-3-8b")).kv_cache_bytes_per_token
    131072
    >>> falcon = describe(load_builtin("falcon-7b"))
    >>> falcon.kind, falcon.n_kv_heads, falcon.kv_cache_bytes_per_token
    ('MQA', 1, 8192)
    >>> gemma = describe(load_builtin("gemma-3-1b"))
    >>> gemma.local_layers, gemma.n_layers, gemma.layer_windows[:6]
    (22, 26, (512, 512, 512, 512, 512, None))

    Notes
    -----
    With grouped-query attention ``n_heads / n_kv_heads`` query heads share one K/V head, so
    ``W_k`` and ``W_v`` shrink by that factor and so does the KV cache. The KV cache is what an
    implementation that keeps one entry per K/V head stores (``transformers``' Falcon code
    broadcasts K and V to every query head before caching; the architecture does not need it).
    A local (sliding-window) layer caches at most its window, so at a long context the cache is
    the sum over layers of ``min(context, window)`` tokens.
    """
    if not isinstance(config, dict):
        raise TypeError(f"config: expected a dict, got {type(config).__name__}")
    if isinstance(dtype_bytes, bool) or not isinstance(dtype_bytes, int):
        raise TypeError(f"dtype_bytes: expected an int, got {type(dtype_bytes).__name__}")
    if dtype_bytes < 1:
        raise ValueError(f"dtype_bytes: expected a positive int, got {shown(dtype_bytes)}")
    if dtype_bytes > MAX_DTYPE_BYTES:
        got = shown(dtype_bytes)
        raise ValueError(f"dtype_bytes: expected at most {MAX_DTYPE_BYTES} (complex128), got {got}")

    notes: list[str] = []
    where = "config"
    model_type = config.get("model_type")
    if model_type is not None and not isinstance(model_type, str):
        raise ValueError(f"config['model_type']: expected a string, got {shown(model_type)}")
    wraps_text_model = model_type not in FAMILIES and isinstance(config.get("text_config"), dict)
    if model_type is not None and (model_type in NESTED or wraps_text_model):
        text_config = config.get("text_config", {})
        if not isinstance(text_config, dict):
            raise ValueError(
                f"config['text_config']: expected an object, got {type(text_config).__name__}"
            )
        inner = text_config.get("model_type", NESTED.get(model_type, TEXT_MODELS.get(model_type)))
        if inner is None:
            raise ValueError(
                f"config['text_config']: model_type {shown(model_type)} nests a language model "
                "whose 'model_type' is not given"
            )
        notes.append(f"{model_type}: the language model in text_config ({inner}) is read")
        config, where, model_type = text_config, "config['text_config']", inner
        if not isinstance(model_type, str):
            raise ValueError(f"{where}['model_type']: expected a string, got {shown(model_type)}")

    if model_type is None:
        model_type, why = assume_family(config)
        if model_type in FAMILIES:
            family = FAMILIES[model_type]
            what = "an encoder" if family.encoder_only else "a decoder"
            warnings.warn(
                f"config has no 'model_type'; read by its keys as {model_type!r} "
                f"({family.title}, {what}): {why}",
                UserWarning,
                stacklevel=2,
            )
            notes.append(f"no model_type: read as {model_type} ({family.title}) because {why}")
        sizes_required = True  # the family is only a guess: its default sizes do not apply
    else:
        sizes_required = False
    if model_type in REFUSED:
        raise ValueError(
            f"{where}: model_type {shown(model_type)} is {REFUSED[model_type]}; known families: "
            f"{known_families()}"
        )
    alias = model_type if model_type in mimo.ALIASES else None  # kept as the result's name
    if alias is not None:
        notes.append(f"model_type {shown(model_type)} is read as {mimo.MODEL_TYPE}: "
                     f"{mimo.ALIASES[model_type]}")  # fmt: skip
        model_type = mimo.MODEL_TYPE
    if model_type in SPARSE_FAMILIES:
        reader = KeyReader(config, where, FAMILIES["deepseek_v3"].defaults, True)
        spec = _read(FAMILIES["deepseek_v3"], model_type, reader, dtype_bytes, notes)
        return with_indexer(spec, reader, model_type)
    if model_type not in FAMILIES and model_type not in KEY_FAMILIES:
        known = _known_architecture(config)
        if known is not None:
            name, family_type = known
            notes.append(f"model_type {shown(model_type)} is not in the family table; "
                         f"its architectures name {name}, read as {family_type}")  # fmt: skip
            model_type = family_type
            sizes_required = True
    if model_type not in FAMILIES and _latent_keys_only(config, model_type):
        notes.append(f"model_type {shown(model_type)} is not in the family table; its "
                     "kv_lora_rank is read as DeepSeek-V3's latent attention")  # fmt: skip
        reader = KeyReader(config, where, FAMILIES["deepseek_v3"].defaults, True)
        spec = _read(FAMILIES["deepseek_v3"], model_type, reader, dtype_bytes, notes)
        if "index_n_heads" in config:  # DeepSeek-V3.2's sparse attention
            return with_indexer(spec, reader, model_type)
        return replace(spec, model_type=model_type)
    if model_type not in FAMILIES:
        defaults = KEY_DEFAULTS.get(model_type, {"use_qk_norm": False})
        reader = KeyReader(config, where, defaults, model_type not in KEY_DEFAULTS)
        try:
            spec = read_by_keys(model_type, reader, dtype_bytes, notes)
            return spec if alias is None else replace(spec, model_type=alias)
        except ValueError as e:
            if model_type in KEY_FAMILIES or "missing key" not in str(e):
                raise
            raise ValueError(
                f"{e}: model_type {shown(model_type)} is not in the family table and its "
                f"standard keys do not determine the attention; known families: "
                f"{known_families()}"
            ) from None
    family = FAMILIES[model_type]
    reader = KeyReader(config, where, family.defaults, sizes_required)
    return _read(family, model_type, reader, dtype_bytes, notes)


def _latent_keys_only(config: dict[str, Any], model_type: str) -> bool:
    """An unknown family whose keys describe DeepSeek's MLA (``kv_lora_rank`` and its widths)
    and nothing else this reader does not model."""
    mla = ("kv_lora_rank", "qk_nope_head_dim", "qk_rope_head_dim", "v_head_dim")
    odd = [k for k in UNMODELLED_KEYS if k != "kv_lora_rank" and config.get(k) is not None]
    types = config.get("layer_types") or []
    every_layer = isinstance(types, list) and set(types) <= {"full_attention", "indexed_attention"}
    return (model_type not in KEY_FAMILIES and not odd and every_layer
            and "layers_block_type" not in config
            and all(isinstance(config.get(k), int) for k in mla))  # fmt: skip


def _known_architecture(config: dict[str, Any]) -> tuple[str, str] | None:
    """``(class name, model_type)`` when ``architectures`` names a family of the table."""
    names = config.get("architectures")
    if not isinstance(names, list):
        return None
    for name in names:
        model_type = architecture_family(name) if isinstance(name, str) else None
        if model_type is not None:
            return name, model_type
    return None


def _bias(family: Family, r: KeyReader) -> dict[str, bool]:
    return {
        p: (rule if isinstance(rule, bool) else r.flag(rule))
        for p, rule in zip(PROJECTIONS, family.bias, strict=True)
    }


def _sizes(family: Family, r: KeyReader) -> tuple[int, int, int]:
    d_model = r.positive_int(family.d_model)
    n_heads = r.positive_int(family.n_heads)
    n_layers = r.positive_int(family.n_layers, most=MAX_LAYERS)  # one window a layer is kept
    assert d_model is not None and n_heads is not None and n_layers is not None
    return d_model, n_heads, n_layers


def _read(
    family: Family, model_type: str, r: KeyReader, dtype_bytes: int, notes: list[str]
) -> AttentionSpec:
    d_model, n_heads, n_layers = _sizes(family, r)
    bias = _bias(family, r)

    if family.form == "mla":
        return _read_mla(family, model_type, r, (d_model, n_heads, n_layers), bias, dtype_bytes,
                         notes)  # fmt: skip

    head_dim = r.positive_int(family.head_dim, optional=True) if family.head_dim else None
    try:
        head_dim = head_width(d_model, n_heads, head_dim)
    except ValueError:  # only without head_dim: every size here is a positive int
        raise ValueError(
            f"{r.where}: d_model={d_model} ({r.key(family.d_model)}) is not divisible by "
            f"n_heads={n_heads} ({r.key(family.n_heads)}) and no 'head_dim' is given"
        ) from None

    n_kv_heads, kv_key = _kv_heads(family, r, n_heads, notes)
    if n_heads % n_kv_heads != 0:
        raise ValueError(
            f"{r.where}: {r.key(family.n_heads)}={n_heads} is not divisible by "
            f"{kv_key}={n_kv_heads}"
        )

    flags = (bias["q"], bias["k"], bias["v"], bias["o"])
    params = projection_param_count(d_model, n_heads, n_kv_heads, head_dim, flags)
    norm_params = extras.qk_norm_params(family, r, (n_heads, n_kv_heads, head_dim, d_model),
                                        notes)  # fmt: skip
    rotary = extras.rotary_dims(family, r, head_dim, notes)
    n_experts, per_token = extras.experts(family, r, notes)
    encoder = family.encoder_only or extras.bidirectional(family, r, notes)
    if encoder:
        kv_bytes, windows = None, ()
        if family.encoder_only:
            notes.append("encoder-only: no generation, so a KV cache does not apply")
    else:
        kv_bytes = n_layers * kv_cache_bytes_per_token(n_kv_heads, head_dim, dtype_bytes)
        windows = _windows(family, r, n_layers, notes)
    return reader_spec(
        r,
        notes,
        d_model=d_model,
        n_heads=n_heads,
        n_kv_heads=n_kv_heads,
        d_head=head_dim,
        n_layers=n_layers,
        attention_params_per_layer=params,
        kv_cache_bytes_per_token=kv_bytes,
        model_type=model_type,
        bias=bias,
        dtype_bytes=dtype_bytes,
        layer_windows=windows,
        norm_params_per_layer=norm_params,
        rotary_dims=rotary,
        experts=n_experts,
        experts_per_token=per_token,
    )


def _kv_heads(family: Family, r: KeyReader, n_heads: int, notes: list[str]) -> tuple[int, str]:
    """The K/V head count by the family's form, and the key it came from (for messages)."""
    kv_key = family.n_kv_heads or r.key(family.n_heads)
    if family.form == "multi_query":
        if r.flag("multi_query"):
            notes.append("multi_query: one K/V head shared by every query head")
            return 1, "multi_query"
        return n_heads, kv_key
    if family.form == "falcon":
        if r.flag("new_decoder_architecture"):
            notes.append("new_decoder_architecture: num_kv_heads K/V heads")
            return r.positive_int("num_kv_heads", optional=True) or n_heads, "num_kv_heads"
        if r.flag("multi_query"):
            notes.append("multi_query: one K/V head shared by every query head")
            return 1, "multi_query"
        return n_heads, "num_kv_heads"
    if family.n_kv_heads is not None:
        return r.positive_int(family.n_kv_heads, optional=True) or n_heads, kv_key
    return n_heads, kv_key


def _windows(
    family: Family, r: KeyReader, n_layers: int, notes: list[str]
) -> tuple[int | None, ...]:
    if family.window is None:
        return (None,) * n_layers
    return layer_windows(family.window, r, n_layers, notes)


def _read_mla(
    family: Family,
    model_type: str,
    r: KeyReader,
    sizes: tuple[int, int, int],
    bias: dict[str, bool],
    dtype_bytes: int,
    notes: list[str],
) -> AttentionSpec:
    """Multi-head latent attention (DeepSeek-V2 and V3), after the V2 paper's section 2.1.

    Queries: ``q_proj`` ``(d_model -> n_heads*(nope+rope))``, or with ``q_lora_rank`` a
    down-projection ``q_a_proj`` and an up-projection ``q_b_proj``. Keys and values:
    ``kv_a_proj_with_mqa`` ``(d_model -> kv_lora_rank + rope)`` makes the latent and one shared
    rotary key, ``kv_b_proj`` ``(kv_lora_rank -> n_heads*(nope+v))`` rebuilds per-head keys and
    values; ``o_proj`` ``(n_heads*v -> d_model)``. Inference caches the latent and the rotary
    key: ``kv_lora_rank + rope`` numbers per layer per token. The latents are normalized
    (``q_a_layernorm``, ``kv_a_layernorm``), whose weights are kept apart.
    """
    d_model, n_heads, n_layers = sizes
    kv_rank = r.positive_int("kv_lora_rank")
    q_rank = r.positive_int("q_lora_rank", optional=True)
    nope = r.positive_int("qk_nope_head_dim")
    rope = r.positive_int("qk_rope_head_dim")
    v_dim = r.positive_int("v_head_dim")
    assert kv_rank is not None and nope is not None and rope is not None and v_dim is not None
    qk_dim = nope + rope
    if q_rank is None:
        q_params = d_model * n_heads * qk_dim
        bias["q"] = False  # q_proj has no bias; attention_bias only reaches q_a_proj
    else:
        q_params = d_model * q_rank + bias["q"] * q_rank + q_rank * n_heads * qk_dim
    kv_params = d_model * (kv_rank + rope) + bias["k"] * (kv_rank + rope)
    kv_params += kv_rank * n_heads * (nope + v_dim)
    o_params = n_heads * v_dim * d_model + bias["o"] * d_model
    latent = kv_rank + rope
    norm_params = kv_rank + (q_rank or 0)
    notes.append(
        f"MLA: the cache holds a latent of kv_lora_rank + qk_rope_head_dim = {latent} numbers "
        f"per layer per token, not per-head K and V; value heads are {v_dim} wide"
    )
    norms = "q_a_layernorm and kv_a_layernorm" if q_rank else "kv_a_layernorm"
    notes.append(
        f"{norms} (RMSNorm over the latents): {norm_params:,} parameters per layer outside the "
        "projections (not counted in attention_params_per_layer)"
    )
    n_experts, per_token = extras.experts(family, r, notes)
    return reader_spec(
        r,
        notes,
        d_model=d_model,
        n_heads=n_heads,
        n_kv_heads=n_heads,
        d_head=qk_dim,
        n_layers=n_layers,
        attention_params_per_layer=q_params + kv_params + o_params,
        kv_cache_bytes_per_token=n_layers
        * kv_cache_bytes_per_token(n_heads, qk_dim, dtype_bytes, latent=latent),
        model_type=model_type,
        kind="MLA",
        bias=bias,
        kv_cache_latent=True,
        dtype_bytes=dtype_bytes,
        layer_windows=(None,) * n_layers,
        norm_params_per_layer=norm_params,
        experts=n_experts,
        experts_per_token=per_token,
    )
