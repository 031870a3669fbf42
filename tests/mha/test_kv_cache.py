"""Sliding windows read from a config: the notes, the errors, the command's columns, and the
one place where ``mha.config`` and ``transformers.DynamicCache`` count differently on purpose.

The agreement layer by layer with ``DynamicCache`` is in ``test_kv_cache_hf.py``.
"""

from __future__ import annotations

import json

import pytest
import torch
from transformers import DynamicCache

from mha import config
from mha.config.kv_cache import index_text
from tests.mha.hf_configs import describe, hf_config, hf_layer_tokens


def test_the_peak_is_the_window_and_dynamic_cache_keeps_one_less_between_steps():
    """A local layer attends over ``window`` tokens (the new one included), so that is what it
    holds while it attends; between steps ``DynamicCache`` keeps ``window - 1``."""
    cfg = config.load_builtin("mistral-7b")
    layer = DynamicCache(config=hf_config(cfg, text=False)).layers[0]
    with torch.device("meta"):
        layer.update(torch.empty(1, 1, 32767, 2), torch.empty(1, 1, 32767, 2))
        assert layer.keys.shape[-2] == 4095
        keys, _ = layer.update(torch.empty(1, 1, 1, 2), torch.empty(1, 1, 1, 2))
    assert keys.shape[-2] == 4096 == describe(cfg).kv_cache_layer_tokens(32768)[0]


def test_the_notes_say_which_layers_are_local():
    notes = describe(config.load_builtin("gemma-2-9b")).notes
    assert (
        "sliding window: 21 of 42 layers are local (the last 4,096 tokens: layers 0, 2, ..., "
        "40), 21 global (the whole context: layers 1, 3, ..., 41)"
    ) in notes
    gemma3 = " ".join(describe(config.load_builtin("gemma-3-4b")).notes)
    assert "29 of 34 layers are local" in gemma3 and "layers 5, 11, ..., 29)" in gemma3
    mistral = describe(config.load_builtin("mistral-7b")).notes
    assert any("all 32 layers are local" in n and "stops growing at 4,096" in n for n in mistral)
    assert not any("sliding" in n for n in describe(config.load_builtin("llama-3-8b")).notes)


def test_qwen2_windows_start_at_max_window_layers():
    switched_on = {"use_sliding_window": True, "sliding_window": 1024, "max_window_layers": 21}
    cfg = config.load_builtin("qwen2-7b") | switched_on
    spec = describe(cfg)
    assert spec.layer_windows == (None,) * 21 + (1024,) * 7
    assert list(spec.kv_cache_layer_tokens(4096)) == hf_layer_tokens(cfg, 4096)
    assert "layers 21-27" in " ".join(spec.notes)


@pytest.mark.parametrize(
    ("change", "match"),
    [
        ({"layer_types": ["full_attention"] * 3}, "one entry per layer"),
        ({"layer_types": ["full_attention"] * 41 + ["chunked_attention"]}, "chunked_attention"),
        ({"layer_types": "sliding_attention"}, "layer_types"),
        ({"sliding_window": None}, "layer 0 is a sliding-window layer"),
        ({"sliding_window": 0}, "sliding_window"),
        ({"sliding_window": "4k"}, "sliding_window"),
    ],
)
def test_window_keys_that_cannot_be_read(change, match):
    cfg = config.load_builtin("gemma-2-9b") | change
    with pytest.raises(ValueError, match=match):
        config.describe(cfg)


def test_layer_types_asking_for_a_window_that_is_switched_off():
    cfg = config.load_builtin("qwen3-8b") | {"layer_types": ["sliding_attention"] * 36}
    with pytest.raises(ValueError, match=r"layer 0 is a sliding-window layer.*use_sliding_window"):
        config.describe(cfg)


def test_gemma3_pattern_must_be_positive():
    cfg = config.load_builtin("gemma-3-1b") | {"sliding_window_pattern": 0}
    with pytest.raises(ValueError, match="sliding_window_pattern"):
        config.describe(cfg)


def test_an_encoder_has_no_windows_and_no_tokens():
    spec = describe(config.load_builtin("bert-base-uncased"))
    assert spec.layer_windows == () and spec.kv_cache_layer_tokens(10) is None
    assert config.local_text(spec) == "n/a"


@pytest.mark.parametrize(
    ("indices", "text"),
    [([], ""), ([7], "7"), ([1, 2], "1-2"), ([0, 2, 4], "0, 2, 4"), ([0, 2, 4, 6], "0, 2, ..., 6"),
     ([0, 1, 2, 3, 4, 6, 7, 8, 9, 10], "0-4, 6-10")],
)  # fmt: skip
def test_index_text(indices, text):
    assert index_text(indices) == text


def test_command_shows_local_layers_and_the_windowed_cache(capsys):
    assert config.main(["--context", "32768"]) == 0
    out = capsys.readouterr().out
    header = out.splitlines()[0]
    assert "local layers" in header and header.rstrip().endswith("KV @ 32768")
    mistral = next(line for line in out.splitlines() if line.startswith("Mistral-7B "))
    assert "32/32 @ 4,096" in mistral and mistral.rstrip().endswith("512.0 MiB")
    qwen3 = next(line for line in out.splitlines() if line.startswith("Qwen3-30B-A3B "))
    assert "GQA+MoE" in qwen3


def test_command_json_has_the_windows(capsys):
    assert config.main(["--json", "--context", "32768"]) == 0
    out = json.loads(capsys.readouterr().out)
    gemma = out["Gemma-2-9B"]
    assert gemma["local_layers"] == 21 and gemma["layer_windows"][:2] == [4096, None]
    assert gemma["kv_cache_bytes_at_context"] == 21 * 8192 * (4096 + 32768)
