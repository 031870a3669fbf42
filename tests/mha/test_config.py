"""Reading model configs: published facts, forms, refusals and the command line.

The agreement with ``transformers`` for every family is in ``test_config_hf.py``.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import warnings
from importlib import resources

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
    assert s.bias == {"q": True, "k": True, "v": True, "o": True}


@pytest.mark.parametrize("name", ["llama-3-8b", "mistral-7b"])
def test_gqa_models(name):
    s = config.describe(config.load_builtin(name))
    assert (s.n_heads, s.n_kv_heads, s.d_head, s.kind) == (32, 8, 128, "GQA")
    assert not any(s.bias.values())
    assert s.kv_cache_bytes_per_token == 131_072  # 2 * 32 layers * 8 heads * 128 * 2 bytes
    # W_q and W_o are full, W_k and W_v are a quarter: 2 + 2/4 = 2.5 d_model^2
    assert s.attention_params_per_layer == int(2.5 * 4096**2)


def test_every_shipped_file_is_listed_and_says_where_it_comes_from():
    """Each ``mha/configs/*.json`` is a :data:`config.BUILTIN` entry (so the tests that go through
    the list read it too), and opens with a ``_source`` naming the model and where it was found."""
    files = {p.name for p in resources.files("mha.configs").iterdir() if p.name.endswith(".json")}
    assert files == set(config.BUILTIN.values())
    assert set(config.BUILTIN_TITLES) == set(config.BUILTIN)
    for name in config.BUILTIN:
        source = next(iter(config.load_builtin(name).items()))
        assert source[0] == "_source" and "'" in source[1], name


def test_dtype_bytes_scales_the_cache():
    cfg = config.load_builtin("llama-3-8b")
    assert config.describe(cfg, dtype_bytes=4).kv_cache_bytes_per_token == 262_144


def test_kv_cache_at_a_context_in_readable_units():
    s = config.describe(config.load_builtin("llama-3-8b"))
    assert s.kv_cache_bytes(8192) == 8192 * 131_072 == 1 << 30
    assert config.human_bytes(s.kv_cache_bytes(8192)) == "1.0 GiB"
    assert config.human_bytes(36_864) == "36.0 KiB"
    assert config.human_bytes(1023) == "1023 B"
    with pytest.raises(ValueError, match="context"):
        s.kv_cache_bytes(-1)


def test_encoder_only_has_no_generation_cache():
    s = config.describe(config.load_builtin("bert-base-uncased"))
    assert s.kv_cache_bytes_per_token is None and s.kv_cache_bytes(8192) is None
    assert any("encoder-only" in n for n in s.notes)


def test_llava_reads_its_text_config_with_llama_defaults():
    """The real llava-1.5-7b file names no sizes in text_config: LlamaConfig's defaults apply."""
    s = config.describe(config.load_builtin("llava-1.5-7b"))
    assert (s.model_type, s.d_model, s.n_heads, s.n_kv_heads, s.n_layers) == (
        "llama", 4096, 32, 32, 32)  # fmt: skip
    assert "hidden_size" in s.defaults_used
    assert any("text_config" in n for n in s.notes)


@given(st.integers(1, 8), st.integers(1, 16), st.integers(1, 4), st.booleans())
def test_without_gqa_the_count_is_the_module_formula(n_heads, d_head, n_layers, gpt2):
    d = n_heads * d_head
    cfg = (
        {"model_type": "gpt2", "n_embd": d, "n_head": n_heads, "n_layer": n_layers}
        if gpt2
        else {"model_type": "llama", "hidden_size": d, "num_attention_heads": n_heads,
              "num_hidden_layers": n_layers}
    )  # fmt: skip
    s = config.describe(cfg)
    assert s.attention_params_per_layer == mha.attention_param_count(d, n_heads, bias=gpt2)
    assert s.kv_cache_bytes_per_token == 2 * n_layers * d * 2


def test_attention_bias_adds_biases_for_llama():
    cfg = {"model_type": "llama", "hidden_size": 64, "num_attention_heads": 4,
           "num_hidden_layers": 1, "attention_bias": True}  # fmt: skip
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
        ({"model_type": "llama", "attention_bias": "yes"}, "attention_bias"),
        ({"model_type": "llava", "text_config": [1]}, "text_config"),
        ({"model_type": 3}, "model_type"),
    ],
)  # fmt: skip
def test_missing_or_inconsistent_keys(cfg, match):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(ValueError, match=match):
            config.describe(cfg)


@pytest.mark.parametrize("model_type", ["mamba", "bloomish", "t5"])
def test_unknown_or_attentionless_model_type_is_refused_by_name(model_type):
    with pytest.raises(ValueError, match=re.escape(repr(model_type))) as e:
        config.describe({"model_type": model_type, "hidden_size": 64, "d_kv": 8})
    assert "gpt2" in str(e.value) and "deepseek_v2" in str(e.value)  # the known families


def test_t5_is_refused_as_encoder_decoder():
    with pytest.raises(ValueError, match="encoder-decoder"):
        config.describe({"model_type": "t5", "d_model": 512, "d_kv": 64, "num_heads": 8,
                         "num_layers": 6})  # fmt: skip


def test_without_model_type_warns_which_family_is_assumed():
    cfg = {"n_embd": 64, "n_head": 4, "n_layer": 2, "multi_query": True}
    with pytest.warns(UserWarning, match="gpt_bigcode"):
        s = config.describe(cfg)
    assert s.kind == "MQA"
    with pytest.warns(UserWarning, match="'llama'"):
        config.describe({"hidden_size": 64, "num_attention_heads": 4, "num_hidden_layers": 1})


@pytest.mark.parametrize("bad", [0, -2])
def test_dtype_bytes_must_be_positive(bad):
    with pytest.raises(ValueError, match="dtype_bytes"):
        config.describe(config.load_builtin("gpt2"), dtype_bytes=bad)


# --- the command line ---------------------------------------------------------------------


def test_command_prints_the_table(capsys, tmp_path):
    assert config.main([]) == 0
    out = capsys.readouterr().out
    assert "2,362,368" in out and "131,072" in out and "Mistral-7B" in out
    assert "Falcon-7B" in out and "MQA" in out and "latent" in out and "1.0 GiB" in out
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"model_type": "llama", "hidden_size": "64"}))
    assert config.main([str(bad)]) == 2
    assert "hidden_size" in capsys.readouterr().err


def test_command_context_option(capsys):
    assert config.main(["--context", "1024", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    llama = out["Llama-3-8B"]
    assert llama["kv_cache_bytes_at_context"] == 1024 * 131_072
    assert llama["bias"] == {"q": False, "k": False, "v": False, "o": False}
    assert out["BERT-base"]["kv_cache_bytes_at_context"] is None


def _one_clean_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def test_command_on_a_directory(capsys, tmp_path):
    assert config.main([str(tmp_path)]) == 2
    assert "directory" in _one_clean_line(capsys.readouterr().err)


def test_command_on_a_non_utf8_file(capsys, tmp_path):
    f = tmp_path / "latin1.json"
    f.write_bytes('{"model_type": "gpt2", "x": "caf\xe9"}'.encode("latin-1"))
    assert config.main([str(f)]) == 2
    line = _one_clean_line(capsys.readouterr().err)
    assert str(f) in line and "UTF-8" in line


@pytest.mark.parametrize("value", ["0", "-1", "two"])
def test_command_dtype_bytes_must_be_a_positive_int(capsys, value):
    with pytest.raises(SystemExit) as e:
        config.main(["--dtype-bytes", value])
    assert e.value.code == 2
    line = _one_clean_line(capsys.readouterr().err)
    assert "--dtype-bytes" in line and "positive integer" in line


def test_command_reports_good_files_and_names_the_bad_one(capsys, tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(config.load_builtin("falcon-7b")))
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    other = tmp_path / "mamba.json"
    other.write_text(json.dumps({"model_type": "mamba"}))
    assert config.main([str(good), str(bad), str(other)]) == 2
    captured = capsys.readouterr()
    assert "41,877,504" in captured.out and str(good) in captured.out
    lines = captured.err.strip().splitlines()
    assert len(lines) == 2 and "Traceback" not in captured.err
    assert str(bad) in lines[0] and "JSON" in lines[0]
    assert str(other) in lines[1] and "mamba" in lines[1]


def test_command_warns_per_file_without_model_type(capsys, tmp_path):
    f = tmp_path / "c.json"
    f.write_text(json.dumps({"n_embd": 64, "n_head": 4, "n_layer": 2}))
    assert config.main([str(f)]) == 0
    line = _one_clean_line(capsys.readouterr().err)
    assert line.startswith("warning:") and str(f) in line and "gpt2" in line


def test_help_shows_every_default_and_no_rst_markup(capsys):
    with pytest.raises(SystemExit):
        config.main(["--help"])
    out = capsys.readouterr().out
    for option in ("--dtype-bytes", "--context", "--json"):
        assert option in out
    assert "(default: 2)" in out and "(default: 8192)" in out and "(default: False)" in out
    assert "``" not in out and ":mod:" not in out and ":func:" not in out


def test_a_reader_that_goes_away_gets_no_traceback():
    """``python -m mha.config | head -3``: the pipe closes while the table is printed."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first line
    proc = subprocess.run([sys.executable, "-m", "mha.config"], stdout=write_end,
                          stderr=subprocess.PIPE, text=True, check=False)  # fmt: skip
    os.close(write_end)
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 141
