"""The model families :func:`mha.config.describe` reads: where each keeps its attention facts.

One :class:`Family` per ``model_type`` in :data:`FAMILIES`; :data:`NESTED` names the multimodal
wrappers read through their ``text_config``, :data:`REFUSED` the families refused by name. A new
family is one entry here (and, to be shipped, a config in ``mha/configs/`` with its name in
:data:`mha.config.shipped.BUILTIN`).

This module needs only the standard library.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

PROJECTIONS = ("q", "k", "v", "o")


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
