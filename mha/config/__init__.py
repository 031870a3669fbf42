"""Read a Hugging Face style model config and say what its attention costs.

A ``config.json`` is read by its ``model_type``, from :data:`FAMILIES`: one entry per model family
that says which keys hold the width, the head counts, ``head_dim`` and the layer count, which of
the four projections (q, k, v, o) carry a bias, and the family's special form (multi-query,
Falcon's two layouts, DeepSeek's multi-head latent attention, encoder-only). A key that a file
leaves out takes the default of the family's ``transformers`` config class, as ``transformers``
itself would; the result lists such keys in ``defaults_used``.

A multimodal config (Llava) is read through its nested ``text_config``. A config without
``model_type`` is read by its keys with a warning that names the family assumed.

``python -m mha.config [FILE ...]`` prints the table for config files (the shipped configs in
``mha/configs/`` when no file is named).

This module needs only the standard library.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import stat
import sys
import warnings
from dataclasses import asdict, dataclass, field
from importlib import resources
from itertools import accumulate
from pathlib import Path
from typing import Any, NoReturn

PROJECTIONS = ("q", "k", "v", "o")

#: Largest ``context`` (tokens) :meth:`AttentionSpec.kv_cache_bytes` and ``--context`` accept:
#: 2**30, a thousand times today's longest context windows.
MAX_CONTEXT = 1 << 30
#: Largest config file :func:`load_file` reads (a real config.json is a few KiB).
MAX_FILE_BYTES = 16 << 20
#: Deepest nesting of objects and arrays :func:`load_file` accepts (real configs: 3 or 4).
MAX_DEPTH = 64


@dataclass(frozen=True)
class Family:
    """Where one model family keeps its attention facts.

    Attributes
    ----------
    title : str
        A readable family name.
    d_model, n_heads, n_layers : str
        Config keys of the width, the (query) head count and the layer count.
    n_kv_heads : str or None
        Config key of the K/V head count; ``None``: the family has as many K/V heads as query
        heads (unless ``form`` says otherwise). A ``null`` value also means "as many".
    head_dim : str or None
        Config key honoured for the head width; ``None`` (or a ``null`` value): ``d_model //
        n_heads``.
    bias : tuple
        For q, k, v, o in turn: ``True``/``False``, or the name of the config key that decides.
    form : str
        ``"standard"``; ``"multi_query"`` (a ``multi_query`` key gives one K/V head);
        ``"falcon"`` (``new_decoder_architecture`` with ``num_kv_heads``, else ``multi_query``);
        ``"mla"`` (multi-head latent attention: the cache holds a latent, not K and V).
    encoder_only : bool
        No generation, so no KV cache.
    defaults : dict
        The defaults of the family's ``transformers`` config class for the keys above.
    """

    title: str
    d_model: str
    n_heads: str
    n_layers: str
    n_kv_heads: str | None
    head_dim: str | None
    bias: tuple[bool | str, bool | str, bool | str, bool | str]
    defaults: dict[str, Any]
    form: str = "standard"
    encoder_only: bool = False


_GPT2_KEYS = {"d_model": "n_embd", "n_heads": "n_head", "n_layers": "n_layer"}
_HF_KEYS = {
    "d_model": "hidden_size",
    "n_heads": "num_attention_heads",
    "n_layers": "num_hidden_layers",
}
_NO_BIAS = (False, False, False, False)
_ALL_BIAS = (True, True, True, True)


def _llama_like(title: str, bias: Any, defaults: dict[str, Any]) -> Family:
    return Family(title=title, **_HF_KEYS, n_kv_heads="num_key_value_heads", head_dim="head_dim",
                  bias=bias, defaults=defaults)  # fmt: skip


#: One entry per ``model_type``. Defaults are those of ``transformers``' config classes.
FAMILIES: dict[str, Family] = {
    "gpt2": Family("GPT-2", **_GPT2_KEYS, n_kv_heads=None, head_dim=None, bias=_ALL_BIAS,
                   defaults={"n_embd": 768, "n_head": 12, "n_layer": 12}),
    "gptj": Family("GPT-J", **_GPT2_KEYS, n_kv_heads=None, head_dim=None, bias=_NO_BIAS,
                   defaults={"n_embd": 4096, "n_head": 16, "n_layer": 28}),
    "gpt_neox": Family("GPT-NeoX / Pythia", **_HF_KEYS, n_kv_heads=None, head_dim=None,
                       bias=("attention_bias",) * 4,
                       defaults={"hidden_size": 6144, "num_attention_heads": 64,
                                 "num_hidden_layers": 44, "attention_bias": True}),
    "opt": Family("OPT", **_HF_KEYS, n_kv_heads=None, head_dim=None, bias=("enable_bias",) * 4,
                  defaults={"hidden_size": 768, "num_attention_heads": 12,
                            "num_hidden_layers": 12, "enable_bias": True}),
    "bert": Family("BERT", **_HF_KEYS, n_kv_heads=None, head_dim=None, bias=_ALL_BIAS,
                   defaults={"hidden_size": 768, "num_attention_heads": 12,
                             "num_hidden_layers": 12}, encoder_only=True),
    "llama": _llama_like("Llama", ("attention_bias",) * 4,
                         {"hidden_size": 4096, "num_attention_heads": 32, "num_hidden_layers": 32,
                          "num_key_value_heads": None, "head_dim": None,
                          "attention_bias": False}),
    "mistral": _llama_like("Mistral", _NO_BIAS,
                           {"hidden_size": 4096, "num_attention_heads": 32,
                            "num_hidden_layers": 32, "num_key_value_heads": 8,
                            "head_dim": None}),
    "mixtral": _llama_like("Mixtral", _NO_BIAS,
                           {"hidden_size": 4096, "num_attention_heads": 32,
                            "num_hidden_layers": 32, "num_key_value_heads": 8,
                            "head_dim": None}),
    "qwen2": _llama_like("Qwen2", (True, True, True, False),
                         {"hidden_size": 4096, "num_attention_heads": 32, "num_hidden_layers": 32,
                          "num_key_value_heads": 32, "head_dim": None}),
    "gemma": _llama_like("Gemma", ("attention_bias",) * 4,
                         {"hidden_size": 3072, "num_attention_heads": 16, "num_hidden_layers": 28,
                          "num_key_value_heads": 16, "head_dim": 256, "attention_bias": False}),
    "gemma2": _llama_like("Gemma 2", ("attention_bias",) * 4,
                          {"hidden_size": 2304, "num_attention_heads": 8,
                           "num_hidden_layers": 26, "num_key_value_heads": 4, "head_dim": 256,
                           "attention_bias": False}),
    "phi3": _llama_like("Phi-3", _NO_BIAS,
                        {"hidden_size": 3072, "num_attention_heads": 32, "num_hidden_layers": 32,
                         "num_key_value_heads": None, "head_dim": None}),
    "falcon": Family("Falcon", **_HF_KEYS, n_kv_heads="num_kv_heads", head_dim=None,
                     bias=("bias",) * 4, form="falcon",
                     defaults={"hidden_size": 4544, "num_attention_heads": 71,
                               "num_hidden_layers": 32, "num_kv_heads": None,
                               "new_decoder_architecture": False, "multi_query": True,
                               "bias": False}),
    "gpt_bigcode": Family("GPTBigCode / StarCoder", **_GPT2_KEYS, n_kv_heads=None,
                          head_dim=None, bias=_ALL_BIAS, form="multi_query",
                          defaults={"n_embd": 768, "n_head": 12, "n_layer": 12,
                                    "multi_query": True}),
    "deepseek_v2": Family("DeepSeek-V2", **_HF_KEYS, n_kv_heads=None, head_dim=None,
                          bias=("attention_bias",) * 4, form="mla",
                          defaults={"hidden_size": 4096, "num_attention_heads": 32,
                                    "num_hidden_layers": 32, "attention_bias": False,
                                    "kv_lora_rank": 512, "q_lora_rank": 1536,
                                    "qk_nope_head_dim": 128, "qk_rope_head_dim": 64,
                                    "v_head_dim": 128}),
}  # fmt: skip

#: Multimodal wrappers whose language model sits in ``text_config``, with the ``model_type``
#: ``transformers`` gives a ``text_config`` that does not name one.
NESTED: dict[str, str] = {"llava": "llama", "llava_next": "llama"}

#: Families refused by name, with the reason.
REFUSED: dict[str, str] = {
    "t5": "an encoder-decoder model (encoder self-attention, decoder self-attention and "
    "cross-attention with their own caches); mha.config reads decoder-only and encoder-only "
    "models",
    "mamba": "a state-space model without attention",
    "mamba2": "a state-space model without attention",
    "rwkv": "a recurrent model without attention",
}

BUILTIN = {
    "gpt2": "gpt2.json",
    "gpt-j-6b": "gpt-j-6b.json",
    "gpt-neox-20b": "gpt-neox-20b.json",
    "opt-6.7b": "opt-6.7b.json",
    "bert-base-uncased": "bert-base-uncased.json",
    "llama-3-8b": "llama-3-8b.json",
    "mistral-7b": "mistral-7b.json",
    "mixtral-8x7b": "mixtral-8x7b.json",
    "qwen2-7b": "qwen2-7b.json",
    "gemma-7b": "gemma-7b.json",
    "gemma-2-9b": "gemma-2-9b.json",
    "phi-3-mini": "phi-3-mini.json",
    "falcon-7b": "falcon-7b.json",
    "falcon-40b": "falcon-40b.json",
    "starcoder": "starcoder.json",
    "deepseek-v2-lite": "deepseek-v2-lite.json",
    "llava-1.5-7b": "llava-1.5-7b.json",
}
BUILTIN_TITLES = {
    "gpt2": "GPT-2 small",
    "gpt-j-6b": "GPT-J-6B",
    "gpt-neox-20b": "GPT-NeoX-20B",
    "opt-6.7b": "OPT-6.7B",
    "bert-base-uncased": "BERT-base",
    "llama-3-8b": "Llama-3-8B",
    "mistral-7b": "Mistral-7B",
    "mixtral-8x7b": "Mixtral-8x7B",
    "qwen2-7b": "Qwen2-7B",
    "gemma-7b": "Gemma-7B",
    "gemma-2-9b": "Gemma-2-9B",
    "phi-3-mini": "Phi-3-mini",
    "falcon-7b": "Falcon-7B",
    "falcon-40b": "Falcon-40B",
    "starcoder": "StarCoder",
    "deepseek-v2-lite": "DeepSeek-V2-Lite",
    "llava-1.5-7b": "LLaVA-1.5-7B",
}


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


def human_bytes(n: int) -> str:
    """Bytes in binary units with one decimal.

    Examples
    --------
    >>> human_bytes(1 << 30), human_bytes(36864), human_bytes(512)
    ('1.0 GiB', '36.0 KiB', '512 B')

    Exact integer arithmetic (rounded half to even, as ``f"{x:.1f}"``), so any int works:

    >>> human_bytes(10**20)
    '90949470.2 TiB'
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"n: expected an int, got {type(n).__name__}")
    if n < 0:
        raise ValueError(f"n: expected a non-negative int, got {n}")
    for unit, size in (("TiB", 1 << 40), ("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size:
            tenths, rest = divmod(n * 10, size)  # no float: n / size overflows for a huge n
            if 2 * rest > size or (2 * rest == size and tenths % 2):
                tenths += 1
            return f"{tenths // 10}.{tenths % 10} {unit}"
    return f"{n} B"


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
    if head_dim is None:
        if d_model % n_heads != 0:
            raise ValueError(
                f"{r.where}: d_model={d_model} ({family.d_model}) is not divisible by "
                f"n_heads={n_heads} ({family.n_heads}) and no 'head_dim' is given"
            )
        head_dim = d_model // n_heads

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

    q_width, kv_width = n_heads * head_dim, n_kv_heads * head_dim
    params = d_model * q_width + 2 * d_model * kv_width + q_width * d_model
    params += (
        q_width * bias["q"] + kv_width * bias["k"] + kv_width * bias["v"] + d_model * bias["o"]
    )
    if family.encoder_only:
        kv_bytes = None
        notes.append("encoder-only: no generation, so a KV cache does not apply")
    else:
        kv_bytes = 2 * n_layers * kv_width * dtype_bytes
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


def load_builtin(name: str) -> dict[str, Any]:
    """One of the shipped configs (the keys of :data:`BUILTIN`)."""
    if name not in BUILTIN:
        raise ValueError(f"name: expected one of {sorted(BUILTIN)}, got {name!r}")
    text = resources.files("mha.configs").joinpath(BUILTIN[name]).read_text(encoding="utf-8")
    return json.loads(text)


def load_file(path: str | Path) -> dict[str, Any]:
    """Read a ``config.json``; one clear ``ValueError`` for every way the file can be wrong.

    Raises
    ------
    ValueError
        The path is missing, a directory, not a regular file (a FIFO or a device is refused
        before it is read, so nothing waits on it) or unreadable, the file is larger than
        :data:`MAX_FILE_BYTES`, not UTF-8, not valid JSON, nested deeper than :data:`MAX_DEPTH`,
        or not a JSON object. The message starts with the path.
    """
    path = Path(path)
    try:
        mode = path.stat().st_mode
        if not stat.S_ISREG(mode):
            raise ValueError(_not_regular(path, mode))
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            mode = os.fstat(f.fileno()).st_mode  # the file opened, not one swapped in since
            if not stat.S_ISREG(mode):
                raise ValueError(_not_regular(path, mode))
            data = f.read(MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:
            raise ValueError(f"{path}: larger than {MAX_FILE_BYTES:,} bytes, not a config.json")
        text = data.decode("utf-8")
    except FileNotFoundError:
        raise ValueError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise ValueError(f"{path}: is a directory, expected a config.json file") from None
    except PermissionError:
        raise ValueError(f"{path}: permission denied") from None
    except UnicodeDecodeError as e:
        raise ValueError(f"{path}: not UTF-8 text (byte {e.start})") from None
    except OSError as e:
        raise ValueError(f"{path}: cannot be read ({e.strerror})") from None
    depth = json_depth(text)
    if depth > MAX_DEPTH:
        raise ValueError(f"{path}: nested {depth} levels deep, more than {MAX_DEPTH}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"{path}: not valid JSON ({e})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a JSON object, got {type(data).__name__}")
    return data


def _not_regular(path: Path, mode: int) -> str:
    if stat.S_ISDIR(mode):
        return f"{path}: is a directory, expected a config.json file"
    kind = "a FIFO" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "a device"
    return f"{path}: is {kind}, not a regular file; expected a config.json file"


# A string, or an unterminated one up to the end (so no quote starts a second scan): linear.
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def json_depth(text: str) -> int:
    """How deeply the objects and arrays of JSON ``text`` nest (brackets inside strings do not
    count), without parsing it: ``json.loads`` recurses once per level and fails with a
    ``RecursionError`` on deep input. Linear time, no recursion.

    Examples
    --------
    >>> json_depth('{"a": [1, {"b": "[[["}]}'), json_depth("3")
    (3, 0)
    """
    brackets = re.sub(r"[^\[\]{}]+", "", _JSON_STRING.sub("", text))
    return max(accumulate(_DEPTH_STEP[c] for c in brackets), default=0)


COLUMNS = ["model", "type", "kind", "layers", "heads", "KV heads", "d_head", "bias q,k,v,o",
           "attn params/layer", "KV bytes/token", "KV @ context"]  # fmt: skip


def bias_text(bias: dict[str, bool]) -> str:
    """``{"q": True, "k": True, "v": True, "o": False}`` -> ``"q,k,v"``; ``"none"`` if none."""
    return ",".join(p for p in PROJECTIONS if bias[p]) or "none"


def table_rows(named: dict[str, AttentionSpec], context: int = 8192) -> list[list[str]]:
    """Rows for :data:`COLUMNS`, numbers with thousands separators."""
    rows = []
    for name, s in named.items():
        total = s.kv_cache_bytes(context)
        per_token = s.kv_cache_bytes_per_token
        rows.append(
            [
                name,
                s.model_type,
                s.kind,
                str(s.n_layers),
                str(s.n_heads),
                str(s.n_kv_heads),
                str(s.d_head),
                bias_text(s.bias),
                f"{s.attention_params_per_layer:,}",
                "n/a" if per_token is None else f"{per_token:,}" + (" latent" * s.kv_cache_latent),
                "n/a" if total is None else human_bytes(total),
            ]
        )
    return rows


def _positive_int(text: str) -> int:
    """argparse type: an int of at least 1, with a one-line message otherwise."""
    try:
        value = int(text)
    except ValueError:
        shown = text if len(text) <= 40 else f"{text[:20]}...({len(text)} characters)"
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {shown!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value}")
    return value


def _context(text: str) -> int:
    """argparse type of ``--context``: a positive int of at most :data:`MAX_CONTEXT`."""
    value = _positive_int(text)
    if value > MAX_CONTEXT:
        raise argparse.ArgumentTypeError(
            f"expected at most {MAX_CONTEXT:,} tokens, got {len(str(value))} digits"
            if value >= 10**30
            else f"expected at most {MAX_CONTEXT:,} tokens, got {value:,}"
        )
    return value


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def main(argv: list[str] | None = None) -> int:
    """Print the attention table for config files (or the shipped ones).

    Each file that cannot be read gets one line on stderr naming it; the others are still
    reported, and the exit status is 2 if any file failed.
    """
    parser = _Parser(
        prog="python -m mha.config",
        description="Read model config.json files by model_type and print each model's "
        "attention: kind (MHA, GQA, MQA, MLA), heads, KV heads, d_head, biases, attention "
        "parameters per layer and the KV cache.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument(
        "files",
        nargs="*",
        default=argparse.SUPPRESS,  # the help says what "none" means
        help="config.json files (default: the configs shipped in mha/configs)",
    )
    parser.add_argument(
        "--dtype-bytes",
        type=_positive_int,
        default=2,
        help="bytes per cached number (2 for fp16/bf16, 4 for fp32)",
    )
    parser.add_argument(
        "--context",
        type=_context,
        default=8192,
        help="context length in tokens for the 'KV @ context' column",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    args.files = getattr(args, "files", [])

    named: dict[str, AttentionSpec] = {}
    failed = False
    sources = args.files or list(BUILTIN)
    for source in sources:
        label = source if args.files else BUILTIN_TITLES[source]
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                cfg = load_file(source) if args.files else load_builtin(source)
                named[label] = describe(cfg, args.dtype_bytes)
            except (ValueError, TypeError) as e:
                message = str(e)
                if not message.startswith(str(Path(source))):
                    message = f"{source}: {message}"
                print(f"error: {message}", file=sys.stderr)
                failed = True
        for w in caught:
            print(f"warning: {source}: {w.message}", file=sys.stderr)

    if named:
        if args.json:
            out = {}
            for k, v in named.items():
                out[k] = asdict(v) | {
                    "context": args.context,
                    "kv_cache_bytes_at_context": v.kv_cache_bytes(args.context),
                }
            print(json.dumps(out, indent=2))
        else:
            columns = [*COLUMNS[:-1], f"KV @ {args.context}"]
            rows = [columns, *table_rows(named, args.context)]
            widths = [max(len(r[i]) for r in rows) for i in range(len(columns))]
            for r in rows:
                print(
                    "  ".join(
                        c.rjust(w) if i > 2 else c.ljust(w)
                        for i, (c, w) in enumerate(zip(r, widths, strict=True))
                    )
                )
    return 2 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
