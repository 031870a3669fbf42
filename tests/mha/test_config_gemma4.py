"""Gemma 4 read by ``mha.config``, against ``transformers`` 5.25 as the oracle.

Full and sliding layers of different shapes, K=V full layers (``attention_k_eq_v``) and last
layers that reuse earlier layers' K/V (``num_kv_shared_layers``): hypothesis draws small
configs in both forms ``transformers`` reads (``global_head_dim`` / ``num_global_key_value_heads``
as published files give them, or ``per_layer_config`` as ``transformers`` 5.25 saves them), and
each layer ``transformers`` builds on the meta device must match the reading, as must the cache
``DynamicCache`` keeps at 8k and 32k tokens. One real forward pass at a tiny size checks what a
K=V layer's cache holds.
"""

from __future__ import annotations

import warnings

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st
from transformers import AutoModel, DynamicCache

from mha import config
from tests.mha import hf_layers as hf_oracle

CONTEXTS = (8192, 32768)


@st.composite
def gemma4_configs(draw) -> dict:
    """A small ``gemma4_text`` config: 2 to 7 layers of drawn types, drawn shapes per type, K=V
    and shared-KV layers half the time each."""
    n = draw(st.integers(2, 7))
    kinds = draw(st.lists(st.sampled_from(["sliding_attention", "full_attention"]),
                          min_size=n, max_size=n))  # fmt: skip
    kv = draw(st.sampled_from([1, 2, 4]))
    heads = kv * draw(st.sampled_from([1, 2]))
    cfg = {"model_type": "gemma4_text", "hidden_size": 64, "num_hidden_layers": n,
           "num_attention_heads": heads, "num_key_value_heads": kv,
           "head_dim": draw(st.sampled_from([8, 16])), "sliding_window": draw(st.integers(2, 40)),
           "attention_k_eq_v": draw(st.booleans()), "vocab_size": 128,
           "vocab_size_per_layer_input": 128, "hidden_size_per_layer_input": 4,
           "intermediate_size": 32, "layer_types": kinds,
           "attention_bias": draw(st.booleans())}  # fmt: skip
    global_kv = draw(st.sampled_from([None, *(d for d in (1, 2) if heads % d == 0)]))
    global_dim = draw(st.sampled_from([16, 32]))
    if draw(st.booleans()):  # as published files say it
        cfg |= {"global_head_dim": global_dim, "num_global_key_value_heads": global_kv}
    else:  # as transformers 5.25 saves it
        full = {"head_dim": global_dim} | ({"num_key_value_heads": global_kv} if global_kv else {})
        last = n - 1  # transformers makes the last layer full
        cfg["per_layer_config"] = {
            str(i): full for i, t in enumerate(kinds) if t == "full_attention" or i == last
        }
    if draw(st.booleans()):
        cfg["num_kv_shared_layers"] = draw(st.integers(1, n - 1))
    return cfg


@settings(max_examples=25, deadline=None)
@given(cfg=gemma4_configs())
def test_gemma4_agrees_with_transformers_layer_by_layer(cfg):
    try:
        hf = hf_oracle.hf_config(cfg)
        _ = hf.kv_sharing_modes
        model = hf_oracle.build(cfg)
    except (ValueError, ZeroDivisionError):  # transformers refuses it: so must the reader
        with pytest.raises(ValueError) as e:
            config.describe(cfg)
        assert "\n" not in str(e.value)
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        spec = config.describe(cfg)
    layers = [hf_oracle.measure(layer) for layer in hf_oracle.decoder_layers(model, spec.n_layers)]
    shared = [i for i, mode in enumerate(hf.kv_sharing_modes) if mode == "reuse"]
    assert spec.attention_layers == len(layers) == spec.n_layers
    assert spec.kv_cache_layers == spec.n_layers - len(shared)
    for i, (h, kind) in enumerate(zip(layers, spec.layer_kinds, strict=True)):
        assert h.attends and h.heads == spec.n_heads, i
        assert kind == ("sliding" if hf.layer_types[i] == "sliding_attention" else "full"), i
        params = spec.layer_params[i] if spec.layer_params else (
            spec.params_by_kind.get(kind, spec.attention_params_per_layer))  # fmt: skip
        assert h.params == params, i
        assert spec.layer_kv_bytes[i] == h.kv_numbers * spec.dtype_bytes, i
        if i not in shared:
            shape = spec.kv_shape_by_kind.get(kind, (spec.n_kv_heads, spec.d_head))
            assert (h.kv_heads, h.head_dim) == shape, i
    for context in CONTEXTS:
        assert spec.kv_cache_bytes(context) == hf_oracle.hf_cache_bytes(cfg, layers, context, 2), (
            context
        )
    # The table gives each layer kind its own KV heads, d_head and parameters when they differ.
    row = dict(zip(config.COLUMNS, config.table_rows({"x": spec})[0], strict=True))
    for i, (h, kind) in enumerate(zip(layers, spec.layer_kinds, strict=True)):
        if i not in shared:
            assert _cell(row["KV heads"], kind) == h.kv_heads, i
            assert _cell(row["d_head"], kind) == h.head_dim, i
            if not spec.layer_params:
                assert _cell(row["attn params/layer"], kind) == h.params, i


def _cell(text: str, kind: str) -> int:
    """A table cell's number for layers of ``kind``: ``"8"``, or ``"512 full / 256 sliding"``."""
    parts = dict(reversed(part.split(" ")) for part in text.split(" / ")) if "/" in text else {}
    return int(parts.get(kind, text).replace(",", ""))


def test_a_k_eq_v_layer_caches_keys_and_values_apart():
    """A real forward pass (tiny sizes, float32): the cache ``transformers`` fills holds, per
    token, what the reading says; the K=V full layer keeps keys and values as two tensors, and
    the shared layers keep nothing."""
    cfg = {"model_type": "gemma4_text", "hidden_size": 32, "num_hidden_layers": 4,
           "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 8,
           "global_head_dim": 16, "num_global_key_value_heads": 1, "attention_k_eq_v": True,
           "num_kv_shared_layers": 2, "sliding_window": 64, "vocab_size": 64,
           "vocab_size_per_layer_input": 64, "hidden_size_per_layer_input": 4,
           "intermediate_size": 16,
           "layer_types": ["sliding_attention", "full_attention"] * 2}  # fmt: skip
    spec = config.describe(cfg, dtype_bytes=4)
    assert spec.kv_shape_by_kind == {"sliding": (2, 8), "full": (1, 16)}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.manual_seed(0)
        model = AutoModel.from_config(hf_oracle.hf_config(cfg)).eval()
    tokens = 5
    cache = DynamicCache(config=model.config)
    with torch.no_grad():
        model(input_ids=torch.arange(tokens)[None], cache=cache, use_cache=True)
    kept = []
    for layer in cache.layers:
        keys, values = getattr(layer, "keys", None), getattr(layer, "values", None)
        if keys is None or keys.numel() == 0:
            kept.append(0)
            continue
        assert keys.data_ptr() != values.data_ptr()  # two tensors, even when K = V
        kept.append((keys.numel() + values.numel()) * keys.element_size())
    assert kept[1] == tokens * 2 * 16 * 4  # the K=V full layer: a key and a value of 16
    assert kept[2:] == [0, 0]
    assert sum(kept) == spec.kv_cache_bytes(tokens)


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"use_bidirectional_attention": "all"}, "both ways"),
        ({"per_layer_config": {"0": {"num_attention_heads": 2}}}, "does not model"),
        ({"per_layer_config": {"0": {"head_dim": 32}}}, "different shapes"),
        ({"per_layer_config": {"9": {"head_dim": 32}}}, "layer indices"),
        ({"num_kv_shared_layers": 4}, "no earlier layer"),
        ({"layer_types": ["chunked_attention"] * 4}, "full and sliding layers only"),
    ],
)  # fmt: skip
def test_what_gemma4_reading_cannot_model_is_refused_by_name(change, why):
    cfg = {"model_type": "gemma4_text", "hidden_size": 64, "num_attention_heads": 4,
           "num_key_value_heads": 2, "head_dim": 16, "num_hidden_layers": 4,
           "layer_types": ["sliding_attention", "sliding_attention", "sliding_attention",
                           "full_attention"]} | change  # fmt: skip
    with pytest.raises(ValueError, match=why) as e:
        config.describe(cfg)
    assert "\n" not in str(e.value)


def test_the_default_layer_pattern_and_the_last_layer_follow_transformers():
    """No ``layer_types``: five sliding layers then a full one, the last layer full."""
    cfg = {"model_type": "gemma4_text", "hidden_size": 64, "num_attention_heads": 4,
           "num_key_value_heads": 2, "head_dim": 16, "num_hidden_layers": 8}  # fmt: skip
    spec = config.describe(cfg)
    hf = hf_oracle.hf_config(cfg)
    assert spec.layer_kinds == tuple(t.split("_")[0] for t in hf.layer_types)
    assert spec.layer_kinds[-1] == "full" and spec.layer_counts == {"full": 2, "sliding": 6}
    assert hf_oracle.cached_tokens(cfg, 8192)[:6] == [512] * 5 + [8192]
