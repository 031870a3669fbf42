"""The model families :func:`mha.config.describe` reads: where each keeps its attention facts.

One :class:`Family` per ``model_type`` in :data:`FAMILIES`; :data:`NESTED` names the multimodal
wrappers read through their ``text_config``, :data:`REFUSED` the families refused by name and
:data:`ARCHITECTURES` the class-name prefixes that name a family in a config's
``architectures`` (read when a config has no ``model_type``). A new family is one entry here
(and, to be shipped, a config in ``mha/configs/`` with its name in
:data:`mha.config.shipped.BUILTIN`).

Every default below is that of the family's ``transformers`` config class (``transformers``
5.24; ``tests/mha/test_config_hf.py`` checks each one against the installed classes).

This module needs only the standard library.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

PROJECTIONS = ("q", "k", "v", "o")

#: A config key, or keys that mean the same thing, the first one present winning (EXAONE's
#: ``num_layers`` is an alias of ``num_hidden_layers`` that ``transformers`` lets win).
Keys = str | tuple[str, ...]


@dataclass(frozen=True)
class Family:
    """Where one model family keeps its attention facts.

    Attributes
    ----------
    title : str
        A readable family name.
    d_model, n_heads, n_layers : str or tuple of str
        Config keys of the width, the (query) head count and the layer count.
    n_kv_heads : str or None
        Config key of the K/V head count; ``None``: the family has as many K/V heads as query
        heads (unless ``form`` says otherwise). A ``null`` value also means "as many".
    head_dim : str or None
        Config key honoured for the head width; ``None`` (or a ``null`` value): ``d_model //
        n_heads``.
    bias : tuple
        For q, k, v, o in turn: ``True``/``False``, or the name of the config key that decides.
    defaults : dict
        The defaults of the family's ``transformers`` config class for the keys read.
    form : str
        ``"standard"``; ``"multi_query"`` (a ``multi_query`` key gives one K/V head);
        ``"falcon"`` (``new_decoder_architecture`` with ``num_kv_heads``, else ``multi_query``);
        ``"mla"`` (multi-head latent attention: the cache holds a latent, not K and V).
    encoder_only : bool
        No generation, so no KV cache.
    window : str or None
        How the family's layers use a sliding window, a rule of
        :data:`mha.config.kv_cache.WINDOW_RULES`; ``None``: every layer attends to the whole
        context.
    qk_norm : str or None
        Norms on the queries and keys inside attention, a rule of
        :data:`mha.config.extras.QK_NORMS`; ``None``: none.
    qk_norm_flag : str or None
        Config key that switches ``qk_norm`` on; ``None``: always on.
    rotary : tuple or None
        Partial rotary embeddings: ``("factor", key)`` (a fraction of each head's dims
        rotates, the key at the top level or ``partial_rotary_factor`` in ``rope_scaling`` /
        ``rope_parameters``) or ``("dims", key)`` (a number of dims; ``null``: all of them).
        ``None``: all dims rotate, or no rotary embedding.
    experts : tuple or None
        Mixture of experts: the keys of the routed expert count and the experts per token.
    bidirectional : str or None
        Config key that makes the model attend both ways (an encoder: no generation cache).
    architecture : str or None
        The prefix of the family's class names in ``transformers`` (``Qwen2Moe`` for
        ``Qwen2MoeForCausalLM``).
    """

    title: str
    d_model: Keys
    n_heads: Keys
    n_layers: Keys
    n_kv_heads: str | None
    head_dim: str | None
    bias: tuple[bool | str, bool | str, bool | str, bool | str]
    defaults: dict[str, Any]
    form: str = "standard"
    encoder_only: bool = False
    window: str | None = None
    qk_norm: str | None = None
    qk_norm_flag: str | None = None
    rotary: tuple[str, str] | None = None
    experts: tuple[Keys, str] | None = None
    bidirectional: str | None = None
    architecture: str | None = None


_GPT2_KEYS = {"d_model": "n_embd", "n_heads": "n_head", "n_layers": "n_layer"}
_HF_KEYS = {
    "d_model": "hidden_size",
    "n_heads": "num_attention_heads",
    "n_layers": "num_hidden_layers",
}
_NO_BIAS = (False, False, False, False)
_ALL_BIAS = (True, True, True, True)
_SIZES = ("hidden_size", "num_attention_heads", "num_hidden_layers")


def _sizes(d_model: int, n_heads: int, n_layers: int, **more: Any) -> dict[str, Any]:
    return dict(zip(_SIZES, (d_model, n_heads, n_layers), strict=True)) | more


def _llama_like(
    title: str,
    bias: Any,
    defaults: dict[str, Any],
    n_layers: Keys = "num_hidden_layers",
    **more: Any,
) -> Family:
    return Family(title=title, d_model="hidden_size", n_heads="num_attention_heads",
                  n_layers=n_layers, n_kv_heads="num_key_value_heads", head_dim="head_dim",
                  bias=bias, defaults=defaults, **more)  # fmt: skip


_MLA_DEFAULTS = {"attention_bias": False, "kv_lora_rank": 512, "q_lora_rank": 1536,
                 "qk_nope_head_dim": 128, "qk_rope_head_dim": 64, "v_head_dim": 128}  # fmt: skip

#: One entry per ``model_type``. Defaults are those of ``transformers``' config classes.
FAMILIES: dict[str, Family] = {
    "gpt2": Family("GPT-2", **_GPT2_KEYS, n_kv_heads=None, head_dim=None, bias=_ALL_BIAS,
                   defaults={"n_embd": 768, "n_head": 12, "n_layer": 12},
                   architecture="GPT2"),
    "gptj": Family("GPT-J", **_GPT2_KEYS, n_kv_heads=None, head_dim=None, bias=_NO_BIAS,
                   defaults={"n_embd": 4096, "n_head": 16, "n_layer": 28, "rotary_dim": 64},
                   rotary=("dims", "rotary_dim"), architecture="GPTJ"),
    "gpt_neox": Family("GPT-NeoX / Pythia", **_HF_KEYS, n_kv_heads=None, head_dim=None,
                       bias=("attention_bias",) * 4,
                       defaults=_sizes(6144, 64, 44, attention_bias=True, rotary_pct=0.25),
                       rotary=("factor", "rotary_pct"), architecture="GPTNeoX"),
    "opt": Family("OPT", **_HF_KEYS, n_kv_heads=None, head_dim=None, bias=("enable_bias",) * 4,
                  defaults=_sizes(768, 12, 12, enable_bias=True), architecture="OPT"),
    "bert": Family("BERT", **_HF_KEYS, n_kv_heads=None, head_dim=None, bias=_ALL_BIAS,
                   defaults=_sizes(768, 12, 12), encoder_only=True, architecture="Bert"),
    "roberta": Family("RoBERTa", **_HF_KEYS, n_kv_heads=None, head_dim=None, bias=_ALL_BIAS,
                      defaults=_sizes(768, 12, 12), encoder_only=True, architecture="Roberta"),
    "llama": _llama_like("Llama", ("attention_bias",) * 4,
                         _sizes(4096, 32, 32, num_key_value_heads=None, head_dim=None,
                                attention_bias=False), architecture="Llama"),
    "mistral": _llama_like("Mistral", _NO_BIAS,
                           _sizes(4096, 32, 32, num_key_value_heads=8, head_dim=None,
                                  sliding_window=4096, layer_types=None),
                           window="all", architecture="Mistral"),
    "mixtral": _llama_like("Mixtral", _NO_BIAS,
                           _sizes(4096, 32, 32, num_key_value_heads=8, head_dim=None,
                                  sliding_window=None, layer_types=None,
                                  num_local_experts=8, num_experts_per_tok=2),
                           window="all", experts=("num_local_experts", "num_experts_per_tok"),
                           architecture="Mixtral"),
    "qwen2": _llama_like("Qwen2", (True, True, True, False),
                         _sizes(4096, 32, 32, num_key_value_heads=32, head_dim=None,
                                use_sliding_window=False, sliding_window=4096,
                                max_window_layers=28, layer_types=None),
                         window="qwen2", architecture="Qwen2"),
    "qwen2_moe": _llama_like("Qwen2-MoE", ("qkv_bias", "qkv_bias", "qkv_bias", False),
                             _sizes(2048, 16, 24, num_key_value_heads=16, head_dim=None,
                                    qkv_bias=True, use_sliding_window=False,
                                    sliding_window=4096, max_window_layers=28,
                                    layer_types=None, num_experts=60, num_experts_per_tok=4),
                             window="qwen2_moe", experts=("num_experts", "num_experts_per_tok"),
                             architecture="Qwen2Moe"),
    "qwen3": _llama_like("Qwen3", ("attention_bias",) * 4,
                         _sizes(4096, 32, 32, num_key_value_heads=32, head_dim=128,
                                attention_bias=False, use_sliding_window=False,
                                sliding_window=4096, max_window_layers=28, layer_types=None),
                         window="qwen2", qk_norm="per_head", architecture="Qwen3"),
    "qwen3_moe": _llama_like("Qwen3-MoE", ("attention_bias",) * 4,
                             _sizes(2048, 32, 24, num_key_value_heads=4, head_dim=None,
                                    attention_bias=False, use_sliding_window=False,
                                    sliding_window=4096, layer_types=None, num_experts=128,
                                    num_experts_per_tok=8),
                             window="qwen3_moe", qk_norm="per_head",
                             experts=("num_experts", "num_experts_per_tok"),
                             architecture="Qwen3Moe"),
    "gemma": _llama_like("Gemma", ("attention_bias",) * 4,
                         _sizes(3072, 16, 28, num_key_value_heads=16, head_dim=256,
                                attention_bias=False), architecture="Gemma"),
    "gemma2": _llama_like("Gemma 2", ("attention_bias",) * 4,
                          _sizes(2304, 8, 26, num_key_value_heads=4, head_dim=256,
                                 attention_bias=False, sliding_window=4096, layer_types=None,
                                 use_bidirectional_attention=None),
                          window="gemma2", bidirectional="use_bidirectional_attention",
                          architecture="Gemma2"),
    "gemma3_text": _llama_like("Gemma 3", ("attention_bias",) * 4,
                               _sizes(2304, 8, 26, num_key_value_heads=4, head_dim=256,
                                      attention_bias=False, sliding_window=4096,
                                      layer_types=None, sliding_window_pattern=6,
                                      use_bidirectional_attention=False),
                               window="gemma3", qk_norm="per_head",
                               bidirectional="use_bidirectional_attention",
                               architecture="Gemma3"),
    "olmo2": _llama_like("OLMo 2", ("attention_bias",) * 4,
                         _sizes(4096, 32, 32, num_key_value_heads=None, head_dim=None,
                                attention_bias=False), qk_norm="full_width",
                         architecture="Olmo2"),
    "phi": _llama_like("Phi (Phi-1/1.5/2)", _ALL_BIAS,
                       _sizes(2048, 32, 24, num_key_value_heads=None, head_dim=None,
                              qk_layernorm=False, partial_rotary_factor=0.5),
                       qk_norm="layernorm_shared", qk_norm_flag="qk_layernorm",
                       rotary=("factor", "partial_rotary_factor"), architecture="Phi"),
    "phi3": _llama_like("Phi-3", _NO_BIAS,
                        _sizes(3072, 32, 32, num_key_value_heads=None, head_dim=None,
                               sliding_window=None, layer_types=None),
                        window="all", architecture="Phi3"),
    "stablelm": Family("StableLM", **_HF_KEYS, n_kv_heads="num_key_value_heads", head_dim=None,
                       bias=("use_qkv_bias", "use_qkv_bias", "use_qkv_bias", False),
                       defaults=_sizes(2560, 32, 32, num_key_value_heads=32,
                                       use_qkv_bias=False, qk_layernorm=False,
                                       partial_rotary_factor=0.25),
                       qk_norm="per_head_each", qk_norm_flag="qk_layernorm",
                       rotary=("factor", "partial_rotary_factor"),
                       architecture="StableLm"),
    "starcoder2": _llama_like("StarCoder2", ("use_bias",) * 4,
                              _sizes(3072, 24, 30, num_key_value_heads=2, head_dim=None,
                                     use_bias=True, sliding_window=None, layer_types=None),
                              window="all", architecture="Starcoder2"),
    "exaone": _llama_like("EXAONE 3 / 3.5", ("attention_bias",) * 4,
                          _sizes(4096, 32, 32, num_key_value_heads=8, head_dim=None,
                                 attention_bias=False),
                          n_layers=("num_layers", "num_hidden_layers"),
                          architecture="Exaone"),
    "falcon": Family("Falcon", **_HF_KEYS, n_kv_heads="num_kv_heads", head_dim=None,
                     bias=("bias",) * 4, form="falcon",
                     defaults=_sizes(4544, 71, 32, num_kv_heads=None,
                                     new_decoder_architecture=False, multi_query=True,
                                     bias=False), architecture="Falcon"),
    "gpt_bigcode": Family("GPTBigCode / StarCoder", **_GPT2_KEYS, n_kv_heads=None,
                          head_dim=None, bias=_ALL_BIAS, form="multi_query",
                          defaults={"n_embd": 768, "n_head": 12, "n_layer": 12,
                                    "multi_query": True}, architecture="GPTBigCode"),
    "deepseek_v2": Family("DeepSeek-V2", **_HF_KEYS, n_kv_heads=None, head_dim=None,
                          bias=("attention_bias",) * 4, form="mla",
                          defaults=_sizes(4096, 32, 32, **_MLA_DEFAULTS, n_routed_experts=64,
                                          num_experts_per_tok=None),
                          experts=("n_routed_experts", "num_experts_per_tok"),
                          architecture="DeepseekV2"),
    "deepseek_v3": Family("DeepSeek-V3", **_HF_KEYS, n_kv_heads=None, head_dim=None,
                          bias=("attention_bias",) * 4, form="mla",
                          defaults=_sizes(7168, 128, 61, **_MLA_DEFAULTS, n_routed_experts=256,
                                          num_experts_per_tok=8),
                          experts=("n_routed_experts", "num_experts_per_tok"),
                          architecture="DeepseekV3"),
}  # fmt: skip

#: Multimodal wrappers whose language model sits in ``text_config``, with the ``model_type``
#: ``transformers`` gives a ``text_config`` that does not name one.
NESTED: dict[str, str] = {"llava": "llama", "llava_next": "llama", "gemma3": "gemma3_text"}

#: ``architectures`` class-name prefix -> ``model_type``.
ARCHITECTURES: dict[str, str] = {f.architecture: t for t, f in FAMILIES.items() if f.architecture}

#: Families refused by name, with the reason.
REFUSED: dict[str, str] = {
    "t5": "an encoder-decoder model (encoder self-attention, decoder self-attention and "
    "cross-attention with their own caches); mha.config reads decoder-only and encoder-only "
    "models",
    "mamba": "a state-space model without attention",
    "mamba2": "a state-space model without attention",
    "rwkv": "a recurrent model without attention",
    "deepseek_v4": "a model with compressed KV caches (compressed sparse and heavily compressed "
    "attention layers, whose cache holds compressed blocks of tokens); mha.config does not model "
    "them",
    "axk2": "a latent-attention variant whose projections are not DeepSeek-V3's (checked "
    "against transformers 5.25); mha.config does not model it",
    "hy_v4": "a latent-attention variant with sinks whose projections are not DeepSeek-V3's "
    "(checked against transformers 5.25); mha.config does not model it",
    "beam": "a model whose attention projections are not the shapes its standard keys give "
    "(checked against transformers 5.25); mha.config does not model them",
    "doge": "dynamic mask attention (dt_proj and A beside the projections), which mha.config "
    "does not model",
}
