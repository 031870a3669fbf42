"""Read a parsed config by its family: :func:`describe` and the readers it dispatches to.

Every key is read through :class:`_Reader`, which falls back on the family's ``transformers``
defaults and notes each key it took from them. The head width and the parameter count come from
:mod:`mha.params`, the library's one head-size rule and one parameter formula.
"""

from __future__ import annotations

import warnings
from typing import Any

from mha.config.families import FAMILIES, NESTED, PROJECTIONS, REFUSED, Family
from mha.config.spec import AttentionSpec
from mha.params import head_width, projection_param_count


class _Reader:
    """Reads keys of one config dict, falling back on a family's defaults and noting it.

    With ``sizes_required`` (a config without ``model_type``), the required sizes must be in the
    file; flags and optional keys still take the assumed family's defaults.
    """

    def __init__(
        self, config: dict[str, Any], where: str, defaults: dict[str, Any], sizes_required: bool
    ):
        self.config, self.where, self.defaults = config, where, defaults
        self.sizes_required = sizes_required
        self.defaults_used: list[str] = []

    def raw(self, key: str, *, size: bool = False) -> Any:
        if key in self.config:
            return self.config[key]
        if (size and self.sizes_required) or key not in self.defaults:
            raise ValueError(f"{self.where}: missing key {key!r}")
        if key not in self.defaults_used:
            self.defaults_used.append(key)
        return self.defaults[key]

    def positive_int(self, key: str, *, optional: bool = False) -> int | None:
        value = self.raw(key, size=not optional)
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{self.where}[{key!r}]: expected an int, got {value!r}")
        if value < 1:
            raise ValueError(f"{self.where}[{key!r}]: expected a positive int, got {value}")
        return value

    def flag(self, key: str) -> bool:
        value = self.raw(key)
        if not isinstance(value, bool):
            raise ValueError(f"{self.where}[{key!r}]: expected true or false, got {value!r}")
        return value


def _known_families() -> str:
    return ", ".join(sorted(FAMILIES)) + "; nested: " + ", ".join(sorted(NESTED))


def _assume_family(config: dict[str, Any]) -> str:
    """The family a config without ``model_type`` looks like, by its keys."""
    if "d_kv" in config:
        return "t5"
    if "kv_lora_rank" in config:
        return "deepseek_v2"
    if "n_embd" in config:
        return "gpt_bigcode" if "multi_query" in config else "gpt2"
    if "hidden_size" in config:
        if "new_decoder_architecture" in config or "num_kv_heads" in config:
            return "falcon"
        return "llama"
    raise ValueError(
        "config: no 'model_type', and none of the keys 'n_embd' (GPT-2), 'hidden_size' "
        f"(Llama and most others), 'kv_lora_rank' (DeepSeek-V2) or 'd_kv' (T5); known "
        f"families: {_known_families()}"
    )


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
        ``dtype_bytes`` below 1; an unknown ``model_type`` or one without attention (the message
        names it and lists the known families); missing keys (in a config without
        ``model_type``), non-positive values, ``d_model`` not divisible by the head count (with
        no ``head_dim``), or a head count not divisible by the KV head count.

    Warns
    -----
    UserWarning
        A config without ``model_type`` is read as the family its keys suggest; the warning
        names it.

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

    Notes
    -----
    With grouped-query attention ``n_heads / n_kv_heads`` query heads share one K/V head, so
    ``W_k`` and ``W_v`` shrink by that factor and so does the KV cache. The KV cache is what an
    implementation that keeps one entry per K/V head stores (``transformers``' Falcon code
    broadcasts K and V to every query head before caching; the architecture does not need it).
    """
    if not isinstance(config, dict):
        raise TypeError(f"config: expected a dict, got {type(config).__name__}")
    if isinstance(dtype_bytes, bool) or not isinstance(dtype_bytes, int):
        raise TypeError(f"dtype_bytes: expected an int, got {type(dtype_bytes).__name__}")
    if dtype_bytes < 1:
        raise ValueError(f"dtype_bytes: expected a positive int, got {dtype_bytes}")

    notes: list[str] = []
    where = "config"
    model_type = config.get("model_type")
    if model_type is not None and not isinstance(model_type, str):
        raise ValueError(f"config['model_type']: expected a string, got {model_type!r}")
    wraps_text_model = model_type not in FAMILIES and isinstance(config.get("text_config"), dict)
    if model_type is not None and (model_type in NESTED or wraps_text_model):
        text_config = config.get("text_config", {})
        if not isinstance(text_config, dict):
            raise ValueError(
                f"config['text_config']: expected an object, got {type(text_config).__name__}"
            )
        inner = text_config.get("model_type", NESTED.get(model_type))
        if inner is None:
            raise ValueError(
                f"config['text_config']: model_type {model_type!r} nests a language model "
                "whose 'model_type' is not given"
            )
        notes.append(f"{model_type}: the language model in text_config ({inner}) is read")
        config, where, model_type = text_config, "config['text_config']", inner
        if not isinstance(model_type, str):
            raise ValueError(f"{where}['model_type']: expected a string, got {model_type!r}")

    if model_type is None:
        model_type = _assume_family(config)
        if model_type in FAMILIES:
            warnings.warn(
                f"config has no 'model_type'; read by its keys as {model_type!r} "
                f"({FAMILIES[model_type].title})",
                UserWarning,
                stacklevel=2,
            )
        sizes_required = True  # the family is only a guess: its default sizes do not apply
    else:
        sizes_required = False
    if model_type in REFUSED:
        raise ValueError(
            f"{where}: model_type {model_type!r} is {REFUSED[model_type]}; known families: "
            f"{_known_families()}"
        )
    if model_type not in FAMILIES:
        raise ValueError(
            f"{where}: unknown model_type {model_type!r}; known families: {_known_families()}"
        )
    family = FAMILIES[model_type]
    reader = _Reader(config, where, family.defaults, sizes_required)
    return _read(family, model_type, reader, dtype_bytes, notes)


def _read(
    family: Family, model_type: str, r: _Reader, dtype_bytes: int, notes: list[str]
) -> AttentionSpec:
    d_model = r.positive_int(family.d_model)
    n_heads = r.positive_int(family.n_heads)
    n_layers = r.positive_int(family.n_layers)
    assert d_model is not None and n_heads is not None and n_layers is not None
    bias = {
        p: (rule if isinstance(rule, bool) else r.flag(rule))
        for p, rule in zip(PROJECTIONS, family.bias, strict=True)
    }

    if family.form == "mla":
        return _read_mla(family, model_type, r, d_model, n_heads, n_layers, bias, dtype_bytes,
                         notes)  # fmt: skip

    head_dim = r.positive_int(family.head_dim, optional=True) if family.head_dim else None
    try:
        head_dim = head_width(d_model, n_heads, head_dim)
    except ValueError:  # only without head_dim: every size here is a positive int
        raise ValueError(
            f"{r.where}: d_model={d_model} ({family.d_model}) is not divisible by "
            f"n_heads={n_heads} ({family.n_heads}) and no 'head_dim' is given"
        ) from None

    n_kv_heads = n_heads
    kv_key = family.n_kv_heads
    if family.form == "multi_query":
        if r.flag("multi_query"):
            n_kv_heads = 1
            notes.append("multi_query: one K/V head shared by every query head")
    elif family.form == "falcon":
        if r.flag("new_decoder_architecture"):
            n_kv_heads = r.positive_int("num_kv_heads", optional=True) or n_heads
            notes.append("new_decoder_architecture: num_kv_heads K/V heads")
        elif r.flag("multi_query"):
            n_kv_heads = 1
            notes.append("multi_query: one K/V head shared by every query head")
        kv_key = "num_kv_heads"
    elif kv_key is not None:
        n_kv_heads = r.positive_int(kv_key, optional=True) or n_heads
    if n_heads % n_kv_heads != 0:
        raise ValueError(
            f"{r.where}: {family.n_heads}={n_heads} is not divisible by {kv_key}={n_kv_heads}"
        )

    flags = (bias["q"], bias["k"], bias["v"], bias["o"])
    params = projection_param_count(d_model, n_heads, n_kv_heads, head_dim, flags)
    if family.encoder_only:
        kv_bytes = None
        notes.append("encoder-only: no generation, so a KV cache does not apply")
    else:
        kv_bytes = 2 * n_layers * n_kv_heads * head_dim * dtype_bytes
    return AttentionSpec(
        d_model=d_model,
        n_heads=n_heads,
        n_kv_heads=n_kv_heads,
        d_head=head_dim,
        n_layers=n_layers,
        attention_params_per_layer=params,
        kv_cache_bytes_per_token=kv_bytes,
        model_type=model_type,
        kind=_kind(n_heads, n_kv_heads),
        bias=bias,
        dtype_bytes=dtype_bytes,
        notes=tuple(notes),
        defaults_used=tuple(r.defaults_used),
    )


def _kind(n_heads: int, n_kv_heads: int) -> str:
    if n_kv_heads == n_heads:
        return "MHA"
    return "MQA" if n_kv_heads == 1 else "GQA"


def _read_mla(
    family: Family,
    model_type: str,
    r: _Reader,
    d_model: int,
    n_heads: int,
    n_layers: int,
    bias: dict[str, bool],
    dtype_bytes: int,
    notes: list[str],
) -> AttentionSpec:
    """Multi-head latent attention (DeepSeek-V2), after the paper's section 2.1.

    Queries: ``q_proj`` ``(d_model -> n_heads*(nope+rope))``, or with ``q_lora_rank`` a
    down-projection ``q_a_proj`` and an up-projection ``q_b_proj``. Keys and values:
    ``kv_a_proj_with_mqa`` ``(d_model -> kv_lora_rank + rope)`` makes the latent and one shared
    rotary key, ``kv_b_proj`` ``(kv_lora_rank -> n_heads*(nope+v))`` rebuilds per-head keys and
    values; ``o_proj`` ``(n_heads*v -> d_model)``. Inference caches the latent and the rotary
    key: ``kv_lora_rank + rope`` numbers per layer per token.
    """
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
    notes.append(
        f"MLA: the cache holds a latent of kv_lora_rank + qk_rope_head_dim = {latent} numbers "
        f"per layer per token, not per-head K and V; value heads are {v_dim} wide"
    )
    return AttentionSpec(
        d_model=d_model,
        n_heads=n_heads,
        n_kv_heads=n_heads,
        d_head=qk_dim,
        n_layers=n_layers,
        attention_params_per_layer=q_params + kv_params + o_params,
        kv_cache_bytes_per_token=n_layers * latent * dtype_bytes,
        model_type=model_type,
        kind="MLA",
        bias=bias,
        kv_cache_latent=True,
        dtype_bytes=dtype_bytes,
        notes=tuple(notes),
        defaults_used=tuple(r.defaults_used),
    )
