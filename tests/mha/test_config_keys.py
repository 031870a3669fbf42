"""``mha.config`` reading by keys, against ``transformers`` 5.x as the oracle, layer by layer.

The families are found by discovery: every ``model_type`` that ``transformers``' causal-LM
mapping lists and whose config class names the standard keys (``hidden_size``,
``num_attention_heads``, ``num_hidden_layers``), except those of the family table (checked in
``test_config_hf.py``). For each, hypothesis draws a valid config (the class defaults with a
few layers, drawn layer types and drawn head counts) and the reading must either refuse it with
a ``ValueError`` or agree with the model ``transformers`` builds on the meta device on every
layer: which layers attend, projection parameters, sinks, indexer, heads, ``head_dim``, what each
layer caches per token, and the cache at 8k and 32k tokens as ``DynamicCache`` keeps it (how
the HF side is measured: :mod:`tests.mha.hf_layers`).
"""

from __future__ import annotations

import json
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from transformers import AutoConfig
from transformers.models.auto import modeling_auto

from mha import config
from mha.config.layer_kinds import ATTENTION_KINDS
from tests.mha.hf_layers import build, cached_tokens, decoder_layers, hf_cache_bytes, measure

CONTEXTS = (8192, 32768)
LAYER_LISTS = ("layer_types", "layers_block_type")
PER_LAYER_LISTS = ("indexer_types", "mlp_layer_types", "no_rope_layers", "moe_layers")


def _default(model_type: str) -> dict | None:
    """The class defaults as a JSON-like dict, or ``None`` when they lack the standard keys."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            cfg = json.loads(json.dumps(AutoConfig.for_model(model_type).to_dict(), default=str))
    except Exception:  # a class that cannot build its own defaults is not discovered
        return None
    text = cfg.get("text_config") if isinstance(cfg.get("text_config"), dict) else cfg
    if not all(isinstance(text.get(k), int) for k in ("hidden_size", "num_attention_heads")):
        return None
    listed = any(isinstance(text.get(k), list) for k in LAYER_LISTS)
    return cfg if listed or isinstance(text.get("num_hidden_layers"), int) else None


DISCOVERED = {
    t: cfg
    for t in sorted(modeling_auto.MODEL_FOR_CAUSAL_LM_MAPPING_NAMES)
    if t not in config.FAMILIES
    and t not in modeling_auto.MODEL_FOR_MASKED_LM_MAPPING_NAMES  # encoders with a causal head
    and (cfg := _default(t)) is not None
}
_BUILDS: dict[str, str | None] = {}


def build_error(model_type: str) -> str | None:
    """Why ``transformers`` cannot build the two-layer defaults of ``model_type`` on the meta
    device and cache with them (``None``: it can); measured once."""
    if model_type not in _BUILDS:
        cfg = json.loads(json.dumps(DISCOVERED[model_type]))
        text = cfg["text_config"] if isinstance(cfg.get("text_config"), dict) else cfg
        text["num_hidden_layers"] = 2
        for key in (*LAYER_LISTS, *PER_LAYER_LISTS):
            if isinstance(text.get(key), list):
                text[key] = text[key][:2]
        text.pop("hybrid_override_pattern", None)
        try:
            decoder_layers(build(cfg), 2)
            cached_tokens(cfg, 2)
            _BUILDS[model_type] = None
        except Exception as e:  # any failure of transformers own build
            _BUILDS[model_type] = f"{type(e).__name__}: {str(e)[:100]}"
    return _BUILDS[model_type]


@st.composite
def small_config(draw, model_type: str) -> dict:
    """The defaults of ``model_type`` with 1 to 6 layers, layer types drawn among the
    defaults' own, and (half the time) drawn head counts."""
    cfg = json.loads(json.dumps(DISCOVERED[model_type]))
    text = cfg["text_config"] if isinstance(cfg.get("text_config"), dict) else cfg
    n = draw(st.integers(1, 6))
    text["num_hidden_layers"] = n
    text.pop("hybrid_override_pattern", None)
    for key in LAYER_LISTS:
        if isinstance(text.get(key), list) and text[key]:
            text[key] = draw(st.lists(st.sampled_from(sorted(set(text[key]))), min_size=n,
                                      max_size=n))  # fmt: skip
    for key in PER_LAYER_LISTS:
        if isinstance(text.get(key), list) and len(text[key]) > n:
            text[key] = text[key][:n]
    if isinstance(text.get("head_dim"), int) and draw(st.booleans()):  # heads the class reads
        kv = draw(st.sampled_from([1, 2, 4]))
        heads = kv * draw(st.sampled_from([1, 2])) if "num_key_value_heads" in text else kv
        head_dim = draw(st.sampled_from([16, 32]))
        text |= {"num_attention_heads": heads, "head_dim": head_dim,
                 "hidden_size": heads * head_dim}  # fmt: skip
        if "num_key_value_heads" in text:
            text["num_key_value_heads"] = kv
    if isinstance(text.get("sliding_window"), int) and draw(st.booleans()):
        text["sliding_window"] = draw(st.integers(2, 40))
    return cfg


@pytest.mark.parametrize("model_type", sorted(DISCOVERED))
@settings(max_examples=3, deadline=None)
@given(data=st.data())
def test_read_by_keys_agrees_with_transformers(model_type, data):
    if build_error(model_type) is not None:
        pytest.skip(f"transformers cannot build {model_type}: {build_error(model_type)}")
    cfg = data.draw(small_config(model_type))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            spec = config.describe(cfg)
    except ValueError as e:  # refused: one line that names why
        assert "\n" not in str(e)
        return
    try:
        model = build(cfg)
        tokens = {c: cached_tokens(cfg, c) for c in CONTEXTS}
    except Exception:  # drawn heads transformers refuses: no oracle
        return
    layers = [measure(layer) for layer in decoder_layers(model, spec.n_layers)]
    kinds = spec.layer_kinds or ("full",) * spec.n_layers
    assert len(layers) == spec.n_layers == len(kinds)
    keeps_kv = [t > 0 for t in tokens[CONTEXTS[0]]]
    assert spec.attention_layers == sum(keeps_kv)
    measured = [h for h in layers if h.attends]
    if not measured:  # fused projections (query_key_value, ...): only the layer count is seen
        return
    for i, (hf, kind) in enumerate(zip(layers, kinds, strict=True)):
        assert hf.attends == (kind in ATTENTION_KINDS), i
        if not hf.attends:
            continue
        assert hf.params == spec.params_by_kind.get(kind, spec.attention_params_per_layer), i
        assert hf.heads == spec.n_heads
        assert hf.sinks == (spec.other_params_per_layer.get("sinks", 0) if hf.sinks else 0)
        assert hf.indexer == (spec.other_params_per_layer.get("indexer", 0) if hf.indexer else 0)
        if spec.layer_kv_bytes:
            assert spec.layer_kv_bytes[i] == hf.kv_numbers * spec.dtype_bytes, i
    for context in CONTEXTS:
        assert spec.kv_cache_bytes(context) == hf_cache_bytes(cfg, layers, context, 2)


def test_discovery_finds_the_families_of_the_issue():
    """The issue's families are among those discovered (so each is drawn above)."""
    named = {"gpt_oss", "llama4_text", "smollm3", "glm4_moe", "minimax_m2", "mimo_v2_flash",
             "qwen3_next", "qwen3_5_text", "qwen3_5_moe_text", "nemotron_h", "falcon_h1",
             "deepseek_v32", "glm_moe_dsa"}  # fmt: skip
    found = set(DISCOVERED)
    for wrapper, inner in (("llama4", "llama4_text"), ("qwen3_5", "qwen3_5_text")):
        if wrapper in found:
            found.add(inner)
    assert named - found <= {"qwen3_5_text", "qwen3_5_moe_text"}, named - found
