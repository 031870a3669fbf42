"""``mha.config`` against Hugging Face ``transformers`` as the oracle: sizes, parameters, q/k
norms, rotary dims, experts and the class names, for the shipped configs, each family's
defaults and hypothesis-drawn configs (how the HF side is measured: :mod:`tests.mha.hf_configs`).

The KV cache layer by layer against ``transformers.DynamicCache`` is in ``test_kv_cache_hf.py``.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from torch import nn
from transformers import AutoConfig
from transformers.models.auto import modeling_auto
from transformers.pytorch_utils import Conv1D

from mha import config
from mha.config.guess import architecture_family
from tests.mha.hf_configs import (
    HYPOTHESIS_FAMILIES,
    OUTPUT_PROJECTIONS,
    TABLE_SHIPPED,
    describe,
    family_config,
    hf_attention,
    hf_config,
    hf_facts,
    qk_norm_params,
)


def hf_rotary_dims(attn: nn.Module, d_head: int) -> int:
    """How many dims of a head the HF attention module rotates."""
    if hasattr(attn, "rotary_ndims"):  # Phi, StableLM, GPT-NeoX
        return attn.rotary_ndims
    return attn.rotary_dim or d_head  # GPT-J: None rotates the whole head


def hf_experts(cfg: dict) -> tuple[int | None, int | None]:
    """Routed experts and experts per token as ``transformers`` reads them."""
    hf = hf_config(cfg)
    total = next((getattr(hf, k) for k in ("num_local_experts", "num_experts", "n_routed_experts")
                  if getattr(hf, k, None) is not None), None)  # fmt: skip
    return total, getattr(hf, "num_experts_per_tok", None)


def assert_agrees(cfg: dict, spec: config.AttentionSpec, dtype_bytes: int = 2) -> None:
    """Parameters, per-token cache, q/k norms, rotary dims and experts against transformers."""
    params, kv_bytes = hf_facts(cfg, dtype_bytes)
    assert spec.attention_params_per_layer == params
    attn = hf_attention(cfg)
    assert spec.norm_params_per_layer == qk_norm_params(attn)
    family = config.FAMILIES[spec.model_type]
    if family.rotary is not None:
        assert spec.rotary_dims == hf_rotary_dims(attn, spec.d_head)
    if family.experts is not None:
        assert (spec.experts, spec.experts_per_token) == hf_experts(cfg)
    if spec.kv_cache_bytes_per_token is None:  # an encoder: it attends both ways
        assert family.encoder_only or attn.is_causal is False
    else:
        assert getattr(attn, "is_causal", True) is not False
        assert spec.kv_cache_bytes_per_token == kv_bytes


# --- the shipped configs ------------------------------------------------------------------


@pytest.mark.parametrize("name", TABLE_SHIPPED)
def test_shipped_config_agrees_with_transformers(name):
    cfg = config.load_builtin(name)
    spec = describe(cfg)
    assert_agrees(cfg, spec)
    hf = hf_config(cfg)
    assert spec.n_layers == hf.num_hidden_layers
    assert spec.n_heads == hf.num_attention_heads


@pytest.mark.parametrize(
    "name", [n for n in TABLE_SHIPPED if config.load_builtin(n)["model_type"] not in config.NESTED]
)
def test_shipped_architectures_name_their_family(name):
    """Each shipped file's ``architectures`` names the family its ``model_type`` says (so a
    file without ``model_type`` would be read the same way)."""
    cfg = config.load_builtin(name)
    assert architecture_family(cfg["architectures"][0]) == cfg["model_type"]


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
    spec = describe(config.load_builtin(name))
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
        ("qwen1.5-moe-a2.7b", "q,k,v"),
        ("llama-3-8b", "none"),
        ("starcoder", "q,k,v,o"),
        ("starcoder2-7b", "q,k,v,o"),
        ("phi-2", "q,k,v,o"),
        ("stablelm-2-1.6b", "q,k,v"),
        ("qwen3-8b", "none"),
    ],
)
def test_bias_per_projection_matches_the_hf_layers(name, bias):
    """The bias of each projection, read from the HF layer that implements it."""
    cfg = config.load_builtin(name)
    spec = describe(cfg)
    assert config.bias_text(spec.bias) == bias
    attn = hf_attention(cfg)
    with_bias = {n.rsplit(".", 1)[-1] for n, m in attn.named_modules()
                 if isinstance(m, (nn.Linear, Conv1D)) and m.bias is not None}  # fmt: skip
    out_has_bias = bool(with_bias & OUTPUT_PROJECTIONS)
    assert spec.bias["o"] == out_has_bias
    assert spec.bias["q"] == bool(with_bias - OUTPUT_PROJECTIONS)


@pytest.mark.parametrize("name", ["deepseek-v2-lite", "deepseek-v3"])
def test_deepseek_latent_cache(name):
    """MLA keeps ``kv_lora_rank + qk_rope_head_dim = 576`` numbers per layer per token."""
    spec = describe(config.load_builtin(name))
    assert spec.kind == "MLA" and spec.kv_cache_latent
    assert spec.kv_cache_bytes_per_token == spec.n_layers * (512 + 64) * 2
    assert any("latent" in n for n in spec.notes)


def test_deepseek_v2_lite_by_hand():
    # By hand from the DeepSeek-V2 paper (q_lora_rank null): q 2048x16*192, kv_a 2048x576,
    # kv_b 512x16*(128+128), o 16*128x2048, no biases.
    spec = describe(config.load_builtin("deepseek-v2-lite"))
    assert spec.attention_params_per_layer == (
        2048 * 16 * 192 + 2048 * 576 + 512 * 16 * 256 + 16 * 128 * 2048
    )


def test_deepseek_v3_by_hand():
    # q_a 7168x1536, q_b 1536x128*192, kv_a 7168x576, kv_b 512x128*(128+128), o 128*128x7168;
    # the latents' norms: 1536 + 512 weights.
    spec = describe(config.load_builtin("deepseek-v3"))
    assert spec.attention_params_per_layer == (
        7168 * 1536 + 1536 * 128 * 192 + 7168 * 576 + 512 * 128 * 256 + 128 * 128 * 7168
    )
    assert spec.norm_params_per_layer == 1536 + 512
    assert (spec.experts, spec.experts_per_token) == (256, 8)


@pytest.mark.parametrize("model_type", sorted(config.FAMILIES))
def test_family_defaults_are_those_of_transformers(model_type):
    """A config naming only its model_type reads as transformers' defaults build it."""
    cfg = {"model_type": model_type}
    spec = describe(cfg)
    assert_agrees(cfg, spec)
    assert spec.n_layers == AutoConfig.for_model(model_type).num_hidden_layers


@pytest.mark.parametrize("model_type", sorted(config.FAMILIES))
def test_class_names_of_transformers_name_the_family(model_type):
    """The prefix ``mha.config`` reads in ``architectures`` is that of transformers' classes
    for the family (EXAONE's are Llama's in transformers; its own files name ExaoneFor...)."""
    names = [m.get(model_type) for m in (modeling_auto.MODEL_MAPPING_NAMES,
             modeling_auto.MODEL_FOR_CAUSAL_LM_MAPPING_NAMES,
             modeling_auto.MODEL_FOR_MASKED_LM_MAPPING_NAMES)]  # fmt: skip
    names = [n for n in names if n]
    prefix = config.FAMILIES[model_type].architecture
    ours = [n for n in names if n.startswith(prefix)]
    if model_type == "exaone":
        assert all(n.startswith("Llama") for n in names)
        assert architecture_family("ExaoneForCausalLM") == "exaone"
        return
    assert ours, names
    assert {architecture_family(n) for n in names} == {model_type}


# --- hypothesis: valid sizes per family ---------------------------------------------------


@pytest.mark.slow  # seconds of CPU: the whole suite runs it, the inner loop does not
@pytest.mark.parametrize("model_type", HYPOTHESIS_FAMILIES)
@settings(max_examples=15)
@given(data=st.data())
def test_generated_sizes_agree_with_transformers(model_type, data):
    cfg = data.draw(family_config(model_type))
    dtype_bytes = data.draw(st.sampled_from([1, 2, 4]))
    spec = describe(cfg, dtype_bytes)
    assert_agrees(cfg, spec, dtype_bytes)
