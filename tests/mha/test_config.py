"""Reading model configs: the published facts, grouped-query attention, biases, bad configs."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mha
from mha import config


def test_gpt2_small_facts():
    s = config.describe(config.load_builtin("gpt2"))
    assert (s.d_model, s.n_heads, s.n_kv_heads, s.d_head, s.n_layers) == (768, 12, 12, 64, 12)
    assert s.attention_params_per_layer == 2_362_368
    assert s.attention_params_per_layer == mha.attention_param_count(768, 12, bias=True)


@pytest.mark.parametrize("name", ["llama-3-8b", "mistral-7b"])
def test_gqa_models(name):
    s = config.describe(config.load_builtin(name))
    assert (s.n_heads, s.n_kv_heads, s.d_head, s.bias) == (32, 8, 128, False)
    assert s.kv_cache_bytes_per_token == 131_072  # 2 * 32 layers * 8 heads * 128 * 2 bytes
    # W_q and W_o are full, W_k and W_v are a quarter: 2 + 2/4 = 2.5 d_model^2
    assert s.attention_params_per_layer == int(2.5 * 4096**2)


def test_dtype_bytes_scales_the_cache():
    cfg = config.load_builtin("llama-3-8b")
    assert config.describe(cfg, dtype_bytes=4).kv_cache_bytes_per_token == 262_144


@given(st.integers(1, 8), st.integers(1, 16), st.integers(1, 4), st.booleans())
def test_without_gqa_the_count_is_the_module_formula(n_heads, d_head, n_layers, gpt2):
    d = n_heads * d_head
    cfg = (
        {"n_embd": d, "n_head": n_heads, "n_layer": n_layers}
        if gpt2
        else {"hidden_size": d, "num_attention_heads": n_heads, "num_hidden_layers": n_layers}
    )
    s = config.describe(cfg)
    assert s.attention_params_per_layer == mha.attention_param_count(d, n_heads, bias=gpt2)
    assert s.kv_cache_bytes_per_token == 2 * n_layers * d * 2


def test_attention_bias_adds_biases_for_llama():
    cfg = {"hidden_size": 64, "num_attention_heads": 4, "num_hidden_layers": 1,
           "attention_bias": True}  # fmt: skip
    assert config.describe(cfg).attention_params_per_layer == mha.attention_param_count(64, 4)


@pytest.mark.parametrize(
    ("cfg", "match"),
    [
        ({"n_embd": 768, "n_head": 12}, "n_layer"),
        ({"hidden_size": 100, "num_attention_heads": 3, "num_hidden_layers": 2}, "divisible"),
        ({"hidden_size": 64, "num_attention_heads": 8, "num_key_value_heads": 3,
          "num_hidden_layers": 2}, "num_key_value_heads"),
        ({"hidden_size": 64, "num_attention_heads": 0, "num_hidden_layers": 2}, "positive"),
        ({"hidden_size": "64", "num_attention_heads": 8, "num_hidden_layers": 2}, "hidden_size"),
        ({"vocab_size": 10}, "n_embd"),
    ],
)  # fmt: skip
def test_missing_or_inconsistent_keys(cfg, match):
    with pytest.raises(ValueError, match=match):
        config.describe(cfg)


def test_command_prints_the_table(capsys, tmp_path):
    assert config.main([]) == 0
    out = capsys.readouterr().out
    assert "2,362,368" in out and "131,072" in out and "Mistral-7B" in out
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"hidden_size": 64}))
    assert config.main([str(bad)]) == 2
    assert "num_attention_heads" in capsys.readouterr().err
