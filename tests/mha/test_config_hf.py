"""``mha.config`` against Hugging Face ``transformers`` as the oracle.

Each config is built by ``transformers`` itself (``AutoConfig.for_model``) into a one-layer model
on the meta device (no weights allocated, nothing downloaded), and layer 0's attention module is
measured:

* attention parameters per layer = every weight and bias of the ``nn.Linear`` / ``Conv1D``
  layers inside that module (norms and position tables are not counted; this is exactly what
  ``AttentionSpec.attention_params_per_layer`` claims to count);
* K/V width per layer = (output features of the input-side projections - input features of the
  output projection) / 2, i.e. the ``k_proj``/``v_proj`` widths, or the K/V part of a fused
  ``c_attn`` / ``query_key_value`` / ``qkv_proj``; the KV cache per token is then
  ``2 * n_layers * kv_width * dtype_bytes`` with ``n_layers`` read by ``transformers``;
* for MLA (DeepSeek-V2, native in the installed ``transformers``) the cached latent is the
  output width of ``kv_a_proj_with_mqa`` (``kv_lora_rank + qk_rope_head_dim``).
"""

from __future__ import annotations

import copy
import warnings
from typing import Any

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st
from torch import nn
from transformers import AutoConfig, AutoModel
from transformers.pytorch_utils import Conv1D

from mha import config

OUTPUT_PROJECTIONS = {"o_proj", "out_proj", "c_proj", "dense", "o"}
LAYER_KEYS = ("n_layer", "num_hidden_layers")


def _hf_config(cfg: dict[str, Any]):
    """``transformers``' reading of a config dict (its language model's, for Llava)."""
    cfg = {k: v for k, v in cfg.items() if k != "_source"}
    model_type = cfg.pop("model_type")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        hf = AutoConfig.for_model(model_type, **cfg)
    return hf.text_config if hasattr(hf, "text_config") and hf.text_config is not None else hf


def _one_layer(cfg: dict[str, Any]) -> dict[str, Any]:
    """The same config with one layer (in ``text_config`` for a nested config)."""
    cfg = copy.deepcopy(cfg)
    target = cfg["text_config"] if isinstance(cfg.get("text_config"), dict) else cfg
    key = "n_layer" if "n_layer" in target else "num_hidden_layers"
    target[key] = 1
    return cfg


def hf_attention(cfg: dict[str, Any]) -> nn.Module:
    """Layer 0's attention module of the model ``transformers`` builds from ``cfg`` (meta)."""
    hf = _hf_config(_one_layer(cfg))
    with torch.device("meta"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = AutoModel.from_config(hf)
    for name, module in model.named_modules():
        if type(module).__name__.endswith("Attention"):
            assert ".0." in f".{name}." or name.endswith(".0"), name
            return module
    raise AssertionError(f"no attention module in {type(model).__name__}")


def _linears(attn: nn.Module) -> dict[str, tuple[int, int, int]]:
    """name -> (in_features, out_features, parameter count) of each linear layer."""
    out = {}
    for name, m in attn.named_modules():
        if isinstance(m, nn.Linear):
            n_in, n_out = m.in_features, m.out_features
        elif isinstance(m, Conv1D):  # GPT-2 stores the weight (in, out)
            n_in, n_out = m.weight.shape
        else:
            continue
        out[name] = (n_in, n_out, sum(p.numel() for p in m.parameters(recurse=False)))
    return out


def hf_facts(cfg: dict[str, Any], dtype_bytes: int = 2) -> tuple[int, int | None]:
    """(attention params per layer, KV cache bytes per token) measured on the HF model."""
    attn = hf_attention(cfg)
    lin = _linears(attn)
    params = sum(c for _, _, c in lin.values())
    n_layers = _hf_config(cfg).num_hidden_layers
    if "kv_a_proj_with_mqa" in lin:  # MLA: the latent and the shared rotary key are cached
        return params, n_layers * lin["kv_a_proj_with_mqa"][1] * dtype_bytes
    (out_name,) = [n for n in lin if n.rsplit(".", 1)[-1] in OUTPUT_PROJECTIONS]
    q_width = lin[out_name][0]
    into = sum(o for n, (_, o, _) in lin.items() if n != out_name)
    kv_width, rest = divmod(into - q_width, 2)
    assert rest == 0
    return params, 2 * n_layers * kv_width * dtype_bytes


def _describe(cfg: dict[str, Any], dtype_bytes: int = 2) -> config.AttentionSpec:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # every config here carries its model_type
        return config.describe(cfg, dtype_bytes)


# --- the shipped configs ------------------------------------------------------------------


@pytest.mark.parametrize("name", list(config.BUILTIN))
def test_shipped_config_agrees_with_transformers(name):
    cfg = config.load_builtin(name)
    spec = _describe(cfg)
    params, kv_bytes = hf_facts(cfg)
    assert spec.attention_params_per_layer == params
    hf = _hf_config(cfg)
    assert spec.n_layers == hf.num_hidden_layers
    assert spec.n_heads == hf.num_attention_heads
    if getattr(hf, "is_decoder", True) is False and spec.model_type == "bert":
        assert spec.kv_cache_bytes_per_token is None
    else:
        assert spec.kv_cache_bytes_per_token == kv_bytes


@pytest.mark.parametrize(
    ("name", "kind", "n_kv_heads", "params", "kv_bytes"),
    [
        # the true values the issue lists, checked by hand from each model's layout
        ("falcon-7b", "MQA", 1, 41_877_504, 8_192),
        ("falcon-40b", "GQA", 8, 142_606_336, 122_880),
        ("starcoder", "MQA", 1, 77_082_880, 20_480),
        ("llama-3-8b", "GQA", 8, 41_943_040, 131_072),
        ("gpt2", "MHA", 12, 2_362_368, 36_864),
    ],
)  # fmt: skip
def test_the_models_read_wrongly_before(name, kind, n_kv_heads, params, kv_bytes):
    spec = _describe(config.load_builtin(name))
    assert (spec.kind, spec.n_kv_heads) == (kind, n_kv_heads)
    assert (spec.attention_params_per_layer, spec.kv_cache_bytes_per_token) == (params, kv_bytes)


@pytest.mark.parametrize(
    ("name", "bias"),
    [
        ("gpt-j-6b", "none"),
        ("gpt-neox-20b", "q,k,v,o"),
        ("opt-6.7b", "q,k,v,o"),
        ("bert-base-uncased", "q,k,v,o"),
        ("qwen2-7b", "q,k,v"),
        ("llama-3-8b", "none"),
        ("starcoder", "q,k,v,o"),
    ],
)
def test_bias_per_projection_matches_the_hf_layers(name, bias):
    """The bias of each projection, read from the HF layer that implements it."""
    cfg = config.load_builtin(name)
    spec = _describe(cfg)
    assert config.bias_text(spec.bias) == bias
    attn = hf_attention(cfg)
    with_bias = {n.rsplit(".", 1)[-1] for n, m in attn.named_modules()
                 if isinstance(m, (nn.Linear, Conv1D)) and m.bias is not None}  # fmt: skip
    out_has_bias = bool(with_bias & OUTPUT_PROJECTIONS)
    assert spec.bias["o"] == out_has_bias
    assert spec.bias["q"] == bool(with_bias - OUTPUT_PROJECTIONS)


def test_deepseek_v2_lite_latent_cache():
    """MLA keeps ``kv_lora_rank + qk_rope_head_dim = 576`` numbers per layer per token."""
    spec = _describe(config.load_builtin("deepseek-v2-lite"))
    assert spec.kind == "MLA" and spec.kv_cache_latent
    assert spec.kv_cache_bytes_per_token == 27 * (512 + 64) * 2
    assert any("latent" in n for n in spec.notes)
    # By hand from the DeepSeek-V2 paper (q_lora_rank null): q 2048x16*192, kv_a 2048x576,
    # kv_b 512x16*(128+128), o 16*128x2048, no biases.
    assert spec.attention_params_per_layer == (
        2048 * 16 * 192 + 2048 * 576 + 512 * 16 * 256 + 16 * 128 * 2048
    )


@pytest.mark.parametrize("model_type", sorted(config.FAMILIES))
def test_family_defaults_are_those_of_transformers(model_type):
    """A config naming only its model_type reads as transformers' defaults build it."""
    spec = _describe({"model_type": model_type})
    hf = AutoConfig.for_model(model_type)
    params, kv_bytes = hf_facts({"model_type": model_type})
    assert spec.attention_params_per_layer == params
    assert spec.n_layers == hf.num_hidden_layers
    if not config.FAMILIES[model_type].encoder_only:
        assert spec.kv_cache_bytes_per_token == kv_bytes


# --- hypothesis: valid sizes per family ---------------------------------------------------


# families keyed like Llama (the nested ones wrap a Llama text_config)
LLAMA_LIKE = {"llama", "mistral", "mixtral", "qwen2", "gemma", "gemma2", "phi3"} | {
    "llava", "llava_next"}  # fmt: skip


@st.composite
def family_config(draw, model_type: str) -> dict[str, Any]:
    """A small valid config of ``model_type`` with every size key present."""
    n_heads = draw(st.integers(1, 4))
    d_head = draw(st.sampled_from([2, 4, 6, 8]))
    d_model = n_heads * d_head
    n_layers = draw(st.integers(1, 3))
    divisors = [k for k in range(1, n_heads + 1) if n_heads % k == 0]
    # meta tensors cost nothing: a vocabulary large enough for every default special token id
    small = {"vocab_size": 160_000, "max_position_embeddings": 32}
    if model_type in {"gpt2", "gptj", "gpt_bigcode"}:
        cfg = {"n_embd": d_model, "n_head": n_heads, "n_layer": n_layers, "vocab_size": 160_000,
               "n_positions": 32}  # fmt: skip
        if model_type == "gptj":
            cfg["rotary_dim"] = d_head
        if model_type == "gpt_bigcode":
            cfg["multi_query"] = draw(st.booleans())
        return {"model_type": model_type, **cfg}
    cfg = {"hidden_size": d_model, "num_attention_heads": n_heads,
           "num_hidden_layers": n_layers, "intermediate_size": 8, **small}  # fmt: skip
    if model_type == "gpt_neox":
        cfg["attention_bias"] = draw(st.booleans())
    elif model_type == "opt":
        cfg |= {"enable_bias": draw(st.booleans()), "ffn_dim": 8, "word_embed_proj_dim": d_model}
    elif model_type in LLAMA_LIKE:
        cfg["num_key_value_heads"] = draw(st.sampled_from(divisors))
        if model_type in {"llama", "gemma", "gemma2", "llava", "llava_next"}:
            cfg["attention_bias"] = draw(st.booleans())
        # absent, null (only where transformers accepts it) or a width unlike d_model // h
        null_ok = model_type in {"llama", "mistral", "mixtral", "llava", "llava_next"}
        head_dim = draw(st.sampled_from(["absent", *([None] if null_ok else []), 2, 4, 10]))
        if head_dim == "absent" and model_type in {"gemma", "gemma2"}:
            head_dim = d_head  # their classes default to 256, not d_model // h
        if head_dim != "absent":
            cfg["head_dim"] = head_dim
        if model_type == "mixtral":
            cfg |= {"num_local_experts": 2, "num_experts_per_tok": 1}
    elif model_type == "falcon":
        cfg |= {"new_decoder_architecture": draw(st.booleans()),
                "multi_query": draw(st.booleans()), "bias": draw(st.booleans()),
                "num_kv_heads": draw(st.sampled_from(divisors))}  # fmt: skip
        cfg.pop("intermediate_size")
        cfg["ffn_hidden_size"] = 8
    elif model_type == "deepseek_v2":
        cfg |= {"kv_lora_rank": draw(st.integers(1, 12)),
                "q_lora_rank": draw(st.one_of(st.none(), st.integers(1, 12))),
                "qk_nope_head_dim": draw(st.integers(1, 6)),
                "qk_rope_head_dim": draw(st.sampled_from([2, 4])),
                "v_head_dim": draw(st.integers(1, 6)),
                "attention_bias": draw(st.booleans()),
                "first_k_dense_replace": 1, "n_routed_experts": 2, "num_experts_per_tok": 1,
                "moe_intermediate_size": 4}  # fmt: skip
    if model_type in {"llava", "llava_next"}:
        if draw(st.booleans()):  # else transformers and mha.config both assume llama
            cfg["model_type"] = "llama"
        return {"model_type": model_type, "text_config": cfg}
    return {"model_type": model_type, **cfg}


HYPOTHESIS_FAMILIES = [*sorted(config.FAMILIES), *sorted(config.NESTED)]


@pytest.mark.parametrize("model_type", HYPOTHESIS_FAMILIES)
@settings(max_examples=15)
@given(data=st.data())
def test_generated_sizes_agree_with_transformers(model_type, data):
    cfg = data.draw(family_config(model_type))
    dtype_bytes = data.draw(st.sampled_from([1, 2, 4]))
    spec = _describe(cfg, dtype_bytes)
    params, kv_bytes = hf_facts(cfg, dtype_bytes)
    assert spec.attention_params_per_layer == params
    if model_type == "bert":
        assert spec.kv_cache_bytes_per_token is None
    else:
        assert spec.kv_cache_bytes_per_token == kv_bytes
