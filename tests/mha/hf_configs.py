"""Hugging Face ``transformers`` as the oracle of ``mha.config``, and small valid configs per
family to ask it about.

Each config is built by ``transformers`` itself (``AutoConfig.for_model``) into a one-layer model
on the meta device (no weights allocated, nothing downloaded), and layer 0's attention module is
measured:

* attention parameters per layer = every weight and bias of the ``nn.Linear`` / ``Conv1D``
  layers inside that module (norms and position tables are not counted; this is exactly what
  ``AttentionSpec.attention_params_per_layer`` claims to count);
* the q/k norms = the parameters of the modules named ``q_norm``, ``k_norm``, ``q_layernorm``,
  ``k_layernorm``, ``q_a_layernorm``, ``kv_a_layernorm`` inside it;
* K/V width per layer = (output features of the input-side projections - input features of the
  output projection) / 2, i.e. the ``k_proj``/``v_proj`` widths, or the K/V part of a fused
  ``c_attn`` / ``query_key_value`` / ``qkv_proj``; for MLA (DeepSeek-V2/V3) the cached latent is
  the output width of ``kv_a_proj_with_mqa`` (``kv_lora_rank + qk_rope_head_dim``);
* the tokens each layer caches = what ``transformers.DynamicCache(config=...)`` builds for the
  whole config (its own reading of ``sliding_window``, ``layer_types`` and the family's rules)
  returns to the layer when the token at position ``context`` attends, fed meta tensors.
"""

from __future__ import annotations

import copy
import warnings
from typing import Any

import torch
from hypothesis import strategies as st
from torch import nn
from transformers import AutoConfig, AutoModel, DynamicCache
from transformers.pytorch_utils import Conv1D

from mha import config

OUTPUT_PROJECTIONS = {"o_proj", "out_proj", "c_proj", "dense", "o"}
QK_NORMS = {"q_norm", "k_norm", "q_layernorm", "k_layernorm", "q_a_layernorm", "kv_a_layernorm"}


def hf_config(cfg: dict[str, Any], *, text: bool = True):
    """``transformers``' reading of a config dict (with ``text``, its language model's)."""
    cfg = {k: v for k, v in cfg.items() if k != "_source"}
    model_type = cfg.pop("model_type")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        hf = AutoConfig.for_model(model_type, **cfg)
    inner = getattr(hf, "text_config", None)
    return inner if text and inner is not None else hf


def text_part(cfg: dict[str, Any]) -> dict[str, Any]:
    """The dict that holds the language model's keys (``text_config`` for a wrapper)."""
    return cfg["text_config"] if isinstance(cfg.get("text_config"), dict) else cfg


def one_layer(cfg: dict[str, Any]) -> dict[str, Any]:
    """The same config with one layer (``layer_types`` cut to match)."""
    cfg = copy.deepcopy(cfg)
    target = text_part(cfg)
    key = next((k for k in ("n_layer", "num_layers") if k in target), "num_hidden_layers")
    target[key] = 1
    if isinstance(target.get("layer_types"), list):
        target["layer_types"] = target["layer_types"][:1]
    return cfg


def hf_attention(cfg: dict[str, Any]) -> nn.Module:
    """Layer 0's attention module of the model ``transformers`` builds from ``cfg`` (meta)."""
    hf = hf_config(one_layer(cfg))
    with torch.device("meta"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = AutoModel.from_config(hf)
    for name, module in model.named_modules():
        if type(module).__name__.endswith("Attention"):
            assert ".0." in f".{name}." or name.endswith(".0"), name
            return module
    raise AssertionError(f"no attention module in {type(model).__name__}")


def linears(attn: nn.Module) -> dict[str, tuple[int, int, int]]:
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


def qk_norm_params(attn: nn.Module) -> int:
    """Parameters of the norms on q, k (and MLA's latents) inside the attention module."""
    return sum(
        p.numel()
        for name, m in attn.named_modules()
        if name.rsplit(".", 1)[-1] in QK_NORMS
        for p in m.parameters()
    )


def kv_width(attn: nn.Module) -> tuple[int, bool]:
    """(numbers one layer caches per token for K or for the latent, is it MLA's latent)."""
    lin = linears(attn)
    if "kv_a_proj_with_mqa" in lin:  # MLA: the latent and the shared rotary key are cached
        return lin["kv_a_proj_with_mqa"][1], True
    (out_name,) = [n for n in lin if n.rsplit(".", 1)[-1] in OUTPUT_PROJECTIONS]
    q_width = lin[out_name][0]
    into = sum(o for n, (_, o, _) in lin.items() if n != out_name)
    width, rest = divmod(into - q_width, 2)
    assert rest == 0
    return width, False


def hf_facts(cfg: dict[str, Any], dtype_bytes: int = 2) -> tuple[int, int | None]:
    """(attention params per layer, KV cache bytes per token) measured on the HF model."""
    attn = hf_attention(cfg)
    params = sum(c for _, _, c in linears(attn).values())
    n_layers = hf_config(cfg).num_hidden_layers
    width, latent = kv_width(attn)
    per_layer = width if latent else 2 * width
    return params, n_layers * per_layer * dtype_bytes


def hf_layer_tokens(cfg: dict[str, Any], context: int) -> list[int]:
    """Tokens each layer of ``DynamicCache(config=...)`` gives its attention when the token at
    position ``context`` is added (``context - 1`` tokens cached before it), fed meta tensors."""
    cache = DynamicCache(config=hf_config(cfg, text=False))
    out = []
    with torch.device("meta"):
        before = torch.empty(1, 1, context - 1, 2)
        new = torch.empty(1, 1, 1, 2)
        for layer in cache.layers:
            if context > 1:
                layer.update(before, before)
            keys, _ = layer.update(new, new)
            out.append(keys.shape[-2])
    return out


def describe(cfg: dict[str, Any], dtype_bytes: int = 2) -> config.AttentionSpec:
    """``mha.config.describe`` with every warning an error (each config here names its type)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return config.describe(cfg, dtype_bytes)


# --- hypothesis: valid sizes per family ---------------------------------------------------

GPT2_LIKE = {"gpt2", "gptj", "gpt_bigcode"}
# families keyed like Llama (num_key_value_heads, head_dim); the nested ones wrap such a config
LLAMA_LIKE = {"llama", "mistral", "mixtral", "qwen2", "qwen2_moe", "qwen3", "qwen3_moe",
              "gemma", "gemma2", "gemma3_text", "olmo2", "phi", "phi3", "starcoder2", "exaone",
              "stablelm"}  # fmt: skip
# head_dim honoured by the attention module; null accepted where the class has the field
HEAD_DIM = LLAMA_LIKE - {"stablelm"}
HEAD_DIM_NULL_OK = {"llama", "mistral", "mixtral", "exaone", "starcoder2"}
HEAD_DIM_REQUIRED = {"gemma", "gemma2", "gemma3_text"}  # their classes default to 256
BIAS_KEYS = {"llama": "attention_bias", "gemma": "attention_bias", "gemma2": "attention_bias",
             "gemma3_text": "attention_bias", "qwen3": "attention_bias",
             "qwen3_moe": "attention_bias", "olmo2": "attention_bias", "exaone": "attention_bias",
             "qwen2_moe": "qkv_bias", "starcoder2": "use_bias",
             "stablelm": "use_qkv_bias"}  # fmt: skip
NESTED_INNER = {"llava": "llama", "llava_next": "llama", "gemma3": "gemma3_text"}
WINDOW_FAMILIES = {t for t, f in config.FAMILIES.items() if f.window}


@st.composite
def windows(draw, model_type: str, n_layers: int) -> dict[str, Any]:
    """Sliding-window keys valid for the family (a window of at least 2: ``transformers``' cache
    keeps ``window - 1`` tokens, which for a window of 1 is a slice of the whole)."""
    rule = config.FAMILIES[model_type].window
    window = draw(st.integers(2, 40))
    out: dict[str, Any] = {}
    if rule == "all":
        out["sliding_window"] = draw(st.sampled_from([None, window]))
        return out
    if rule in {"qwen2", "qwen2_moe", "qwen3_moe"}:
        on = draw(st.booleans())
        out["use_sliding_window"] = on
        out["sliding_window"] = window if rule == "qwen2_moe" or on else draw(
            st.sampled_from([None, window]))  # fmt: skip
        if rule != "qwen3_moe" and draw(st.booleans()):  # else the class default, 28
            out["max_window_layers"] = draw(st.integers(0, n_layers + 1))
        if on and rule != "qwen3_moe" and draw(st.booleans()):
            out["layer_types"] = draw(st.lists(
                st.sampled_from(["full_attention", "sliding_attention"]),
                min_size=n_layers, max_size=n_layers))  # fmt: skip
        return out
    out["sliding_window"] = window
    if rule == "gemma3" and draw(st.booleans()):
        out["sliding_window_pattern"] = draw(st.integers(1, 7))
    if draw(st.booleans()):
        out["layer_types"] = draw(st.lists(
            st.sampled_from(["full_attention", "sliding_attention"]),
            min_size=n_layers, max_size=n_layers))  # fmt: skip
    return out


@st.composite
def family_config(draw, model_type: str, max_layers: int = 3) -> dict[str, Any]:
    """A small valid config of ``model_type`` with every size key present."""
    n_heads = draw(st.integers(1, 4))
    d_head = draw(st.sampled_from([2, 4, 6, 8]))
    d_model = n_heads * d_head
    n_layers = draw(st.integers(1, max_layers))
    divisors = [k for k in range(1, n_heads + 1) if n_heads % k == 0]
    # meta tensors cost nothing: a vocabulary large enough for every default special token id
    small = {"vocab_size": 160_000, "max_position_embeddings": 32}
    if model_type in GPT2_LIKE:
        cfg = {"n_embd": d_model, "n_head": n_heads, "n_layer": n_layers, "vocab_size": 160_000,
               "n_positions": 32}  # fmt: skip
        if model_type == "gptj":
            cfg["rotary_dim"] = draw(st.sampled_from(range(2, d_head + 1, 2)))
        if model_type == "gpt_bigcode":
            cfg["multi_query"] = draw(st.booleans())
        return {"model_type": model_type, **cfg}
    inner = NESTED_INNER.get(model_type, model_type)
    layers_key = "num_hidden_layers"
    if inner == "exaone" and draw(st.booleans()):
        layers_key = "num_layers"  # the key EXAONE's own files carry
    cfg = {"hidden_size": d_model, "num_attention_heads": n_heads, layers_key: n_layers,
           "intermediate_size": 8, **small}  # fmt: skip
    if inner == "gpt_neox":
        cfg["attention_bias"] = draw(st.booleans())
        cfg["rotary_pct"] = draw(st.sampled_from([0.25, 0.5, 1.0]))
    elif inner == "opt":
        cfg |= {"enable_bias": draw(st.booleans()), "ffn_dim": 8, "word_embed_proj_dim": d_model}
    elif inner in LLAMA_LIKE:
        cfg["num_key_value_heads"] = draw(st.sampled_from(divisors))
        if inner in BIAS_KEYS:
            cfg[BIAS_KEYS[inner]] = draw(st.booleans())
        if inner in HEAD_DIM:
            # absent, null (only where transformers accepts it) or a width unlike d_model // h
            nulls = [None] if inner in HEAD_DIM_NULL_OK else []
            head_dim = draw(st.sampled_from(["absent", *nulls, 2, 4, 10]))
            if head_dim == "absent" and inner in HEAD_DIM_REQUIRED | {"qwen3"}:
                head_dim = d_head  # their classes default to 256 (Qwen3: 128), not d_model // h
            if head_dim != "absent":
                cfg["head_dim"] = head_dim
        if inner in {"phi", "stablelm"}:
            cfg["qk_layernorm"] = draw(st.booleans())
            cfg["partial_rotary_factor"] = draw(st.sampled_from([0.25, 0.4, 0.5, 1.0]))
            if inner == "phi" and cfg.get("head_dim") not in (None, d_head):
                cfg["qk_layernorm"] = False  # its LayerNorm is d_model // h wide: no other width
        if inner == "mixtral":
            cfg |= {"num_local_experts": 2, "num_experts_per_tok": 1}
        if inner in {"qwen2_moe", "qwen3_moe"}:
            cfg |= {
                "num_experts": draw(st.integers(1, 4)),
                "num_experts_per_tok": 1,
                "moe_intermediate_size": 4,
                "shared_expert_intermediate_size": 4,
            }
        if inner in WINDOW_FAMILIES:
            cfg |= draw(windows(inner, n_layers))
    elif inner == "falcon":
        cfg |= {"new_decoder_architecture": draw(st.booleans()),
                "multi_query": draw(st.booleans()), "bias": draw(st.booleans()),
                "num_kv_heads": draw(st.sampled_from(divisors))}  # fmt: skip
        cfg.pop("intermediate_size")
        cfg["ffn_hidden_size"] = 8
    elif inner in {"deepseek_v2", "deepseek_v3"}:
        cfg |= {"kv_lora_rank": draw(st.integers(1, 12)),
                "q_lora_rank": draw(st.one_of(st.none(), st.integers(1, 12))),
                "qk_nope_head_dim": draw(st.integers(1, 6)),
                "qk_rope_head_dim": draw(st.sampled_from([2, 4])),
                "v_head_dim": draw(st.integers(1, 6)),
                "attention_bias": draw(st.booleans()),
                "first_k_dense_replace": 1, "n_routed_experts": 2, "num_experts_per_tok": 1,
                "moe_intermediate_size": 4, "n_group": 1, "topk_group": 1}  # fmt: skip
    if model_type in NESTED_INNER:
        if draw(st.booleans()):  # else transformers and mha.config both assume the default
            cfg["model_type"] = inner
        return {"model_type": model_type, "text_config": cfg}
    return {"model_type": model_type, **cfg}


HYPOTHESIS_FAMILIES = [*sorted(config.FAMILIES), *sorted(config.NESTED)]

#: The shipped configs of the family table's model types (those read by keys, and Kimi-K2
#: whose model_type transformers does not know, are compared in ``test_config_keys.py``).
TABLE_SHIPPED = [
    n
    for n in config.BUILTIN
    if config.load_builtin(n)["model_type"] in {*config.FAMILIES, *config.NESTED}
]
