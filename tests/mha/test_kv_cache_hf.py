"""The KV cache at a context, layer by layer, against ``transformers.DynamicCache(config=...)``.

``DynamicCache`` reads the config its own way (each family's ``sliding_window``,
``use_sliding_window``, ``max_window_layers``, ``layer_types``, ``sliding_window_pattern``) and
builds one cache layer per model layer, a sliding-window layer where the model attends to a
window. Fed meta tensors (nothing allocated), each layer returns the keys its attention sees when
the token at position ``context`` is added: ``min(context, window)`` for a local layer, the whole
context for a global one. Those counts, times the per-layer K/V (or MLA latent) width measured on
the model ``transformers`` builds, are the oracle for ``AttentionSpec.kv_cache_layer_tokens`` and
``kv_cache_bytes`` (how the HF side is measured: :mod:`tests.mha.hf_configs`).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mha import config
from tests.mha.hf_configs import (
    HYPOTHESIS_FAMILIES,
    TABLE_SHIPPED,
    describe,
    family_config,
    hf_attention,
    hf_layer_tokens,
    kv_width,
)

LONG_CONTEXTS = (8192, 32768)
DECODERS = [n for n in TABLE_SHIPPED if describe(config.load_builtin(n)).kv_cache_bytes_per_token]


def hf_layer_bytes(cfg: dict, context: int, dtype_bytes: int = 2) -> list[int]:
    """Bytes each layer of ``DynamicCache`` holds at ``context`` (K and V, or MLA's latent)."""
    width, latent = kv_width(hf_attention(cfg))
    per_token = (1 if latent else 2) * width * dtype_bytes
    return [tokens * per_token for tokens in hf_layer_tokens(cfg, context)]


def our_layer_bytes(spec: config.AttentionSpec, context: int) -> list[int]:
    tokens = spec.kv_cache_layer_tokens(context)
    assert tokens is not None and spec.kv_cache_bytes_per_token is not None
    return [t * spec.kv_cache_bytes_per_token // spec.n_layers for t in tokens]


@pytest.mark.parametrize("name", DECODERS)
@pytest.mark.parametrize("context", LONG_CONTEXTS)
def test_shipped_cache_at_long_context_is_dynamic_caches(name, context):
    cfg = config.load_builtin(name)
    spec = describe(cfg)
    expected = hf_layer_bytes(cfg, context)
    assert our_layer_bytes(spec, context) == expected
    assert spec.kv_cache_bytes(context) == sum(expected)


@pytest.mark.parametrize(
    ("name", "local", "window", "at_8k", "at_32k"),
    [
        # 32 layers of 8 K/V heads x 128 dims, every one local with 4096 tokens: 0.5 GiB
        ("mistral-7b", 32, 4096, 512 << 20, 512 << 20),
        # 42 layers of 8 K/V heads x 256 dims (8 KiB per token each), every other one local
        ("gemma-2-9b", 21, 4096, 21 * 8192 * (4096 + 8192), 21 * 8192 * (4096 + 32768)),
        # 26 layers of 1 K/V head x 256 (1 KiB per token), 5 local of 512 per global one
        ("gemma-3-1b", 22, 512, 1024 * (22 * 512 + 4 * 8192), 1024 * (22 * 512 + 4 * 32768)),
        # 34 layers of 4 K/V heads x 256 (4 KiB per token), 29 local of 1024
        ("gemma-3-4b", 29, 1024, 4096 * (29 * 1024 + 5 * 8192), 4096 * (29 * 1024 + 5 * 32768)),
        ("starcoder2-7b", 32, 4096, 256 << 20, 256 << 20),
        ("phi-3-mini", 32, 2047, 32 * 2047 * 12288, 32 * 2047 * 12288),
    ],
)  # fmt: skip
def test_the_windowed_models_by_hand(name, local, window, at_8k, at_32k):
    """The sliding-window models, their cache written out by hand and checked against
    ``DynamicCache`` above; the per-token figure stays the no-window one."""
    spec = describe(config.load_builtin(name))
    assert spec.local_layers == local
    assert {w for w in spec.layer_windows if w is not None} == {window}
    assert (spec.kv_cache_bytes(8192), spec.kv_cache_bytes(32768)) == (at_8k, at_32k)
    assert spec.kv_cache_bytes(window) == spec.kv_cache_bytes_per_token * window
    assert any(n.startswith("sliding window:") for n in spec.notes)


def test_a_window_that_is_switched_off_is_said_so():
    """Qwen2-7B's file names a window of 131,072 tokens that ``use_sliding_window`` switches
    off: every layer keeps the whole context, as ``DynamicCache`` does."""
    cfg = config.load_builtin("qwen2-7b")
    spec = describe(cfg)
    assert spec.local_layers == 0
    assert hf_layer_tokens(cfg, 32768) == [32768] * spec.n_layers
    assert any("use_sliding_window is false (sliding_window = 131,072" in n for n in spec.notes)


@pytest.mark.parametrize(
    "model_type", [t for t, f in config.FAMILIES.items() if not f.encoder_only]
)
def test_family_defaults_cache_is_dynamic_caches(model_type):
    """A config naming only its model_type: the defaults' layers and windows (Mistral's 4096 on
    every layer, Gemma 2's alternation, Gemma 3's one global layer in six)."""
    cfg = {"model_type": model_type}
    spec = describe(cfg)
    for context in LONG_CONTEXTS:
        assert our_layer_bytes(spec, context) == hf_layer_bytes(cfg, context)


def contexts(windows: tuple[int | None, ...]) -> list[int]:
    """Contexts around each window, and the long ones."""
    near = {c for w in windows if w for c in (w - 1, w, w + 1)}
    return sorted({1, 2, 100, *near, *LONG_CONTEXTS})


@pytest.mark.slow  # seconds of CPU: the whole suite runs it, the inner loop does not
@pytest.mark.parametrize(
    "model_type", [t for t in HYPOTHESIS_FAMILIES if t not in {"bert", "roberta"}]
)
@settings(max_examples=15)
@given(data=st.data())
def test_generated_configs_cache_is_dynamic_caches(model_type, data):
    """Hypothesis-drawn configs of every family (up to 8 layers, windows of 2 to 40 tokens,
    ``layer_types`` lists, ``use_sliding_window`` on or off), layer by layer at contexts around
    each window and at 8k and 32k."""
    cfg = data.draw(family_config(model_type, max_layers=8))
    dtype_bytes = data.draw(st.sampled_from([1, 2, 4]))
    spec = describe(cfg, dtype_bytes)
    width, latent = kv_width(hf_attention(cfg))
    per_token = (1 if latent else 2) * width * dtype_bytes
    for context in contexts(spec.layer_windows):
        expected = [t * per_token for t in hf_layer_tokens(cfg, context)]
        assert our_layer_bytes(spec, context) == expected, context
