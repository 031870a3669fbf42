"""Issue 32: every size a config gives is checked before anything is built from it.

Before, ``num_hidden_layers`` of 10**30 ended in an ``OverflowError`` traceback, 10**9 in a
``MemoryError`` and 10**8 took 19 s and 800 MB: a per-layer tuple of windows was built before
any check. A width or head count of thousands of digits made a table line (or a message) of
thousands of characters, or a ``ValueError`` about Python's integer string limit.
"""

from __future__ import annotations

import json
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mha import config
from tests.helpers import run

HUGE_LAYERS = [config.MAX_LAYERS + 1, 10**8, 10**9, 10**30, 10**4000]


def first_key(keys: str | tuple[str, ...]) -> str:
    return keys if isinstance(keys, str) else keys[0]


@pytest.mark.parametrize("model_type", sorted(config.FAMILIES))
@pytest.mark.parametrize("layers", HUGE_LAYERS, ids=lambda n: f"{len(str(n))}-digits")
def test_a_huge_layer_count_is_refused_before_anything_is_built(model_type, layers):
    key = first_key(config.FAMILIES[model_type].n_layers)
    tracemalloc.start()
    try:
        with pytest.raises(ValueError, match=rf"config\['{key}'\]: expected at most 65,536") as e:
            config.describe({"model_type": model_type, key: layers})
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1 << 20, f"{peak:,} bytes allocated before the layer count was refused"
    assert len(str(e.value)) < 200, str(e.value)


def test_the_largest_layer_count_is_read_whole():
    """At the bound itself every layer is still there: Gemma 3's one global layer in six."""
    n = config.MAX_LAYERS
    cfg = {"model_type": "gemma3_text", "num_hidden_layers": n, "sliding_window": 512}
    spec = config.describe(cfg)
    assert spec.n_layers == len(spec.layer_windows) == n
    assert spec.local_layers == n - n // 6  # layers 5, 11, 17, ... are global
    per_layer = spec.kv_cache_bytes_per_token // n
    # 4,096 tokens of context: every layer (window 512 or global) holds what it can
    assert spec.kv_cache_bytes(4096) == per_layer * (spec.local_layers * 512 + (n // 6) * 4096)


def size_keys(model_type: str) -> list[str]:
    """The int keys a family reads besides its layer count."""
    family = config.FAMILIES[model_type]
    keys = [family.d_model, family.n_heads, family.n_kv_heads, family.head_dim]
    if family.window:
        keys.append("sliding_window")
    if family.form == "mla":
        keys += ["kv_lora_rank", "q_lora_rank", "qk_nope_head_dim", "qk_rope_head_dim"]
    if family.experts:
        keys += list(family.experts)
    return [first_key(k) for k in keys if k]


KEYS = [(t, k) for t in sorted(config.FAMILIES) for k in size_keys(t)]


@settings(max_examples=60, deadline=None)
@given(
    where=st.sampled_from(KEYS),
    value=st.one_of(
        st.integers(config.MAX_SIZE + 1, 10**40),
        st.integers(10**100, 10**4000),
        st.just(10**4000),
    ),
)
def test_a_huge_size_is_refused_or_prints_short(where, value):
    """Either a short message naming the key, or (a key this config does not use, such as a
    window switched off) a table whose every cell a terminal can show."""
    model_type, key = where
    try:
        spec = config.describe({"model_type": model_type, key: value})
    except ValueError as e:
        assert f"['{key}']" in str(e) and len(str(e)) < 200, str(e)
        return
    for cell in config.table_rows({"x": spec}, config.MAX_CONTEXT)[0]:
        assert len(cell) < 40, cell
    assert all(len(note) < 300 for note in spec.notes), spec.notes


def test_a_key_the_reader_does_not_use_is_not_bounded():
    """vocab_size only matters to the embeddings: a huge one changes nothing here."""
    base = config.load_builtin("llama-3-8b")
    assert config.describe(base | {"vocab_size": 10**4000}) == config.describe(base)


def test_a_long_string_is_shown_cut(tmp_path):
    for cfg, key in [
        ({"model_type": "x" * 100_000}, "model_type"),
        ({"model_type": "llama", "hidden_size": "9" * 100_000}, "hidden_size"),
        ({"model_type": "llama", "attention_bias": "y" * 100_000}, "attention_bias"),
    ]:
        with pytest.raises(ValueError, match=key) as e:
            config.describe(cfg)
        assert len(str(e.value)) < 1000, str(e.value)[:300]


def test_a_number_of_too_many_digits_is_named(tmp_path):
    path = tmp_path / "config.json"
    path.write_text('{"model_type": "llama", "hidden_size": ' + "9" * 5000 + "}")
    with pytest.raises(ValueError, match=r"config\.json: holds a number of more than 4,300 dig"):
        config.load_file(path)


@pytest.mark.slow
def test_the_command_says_one_line_per_huge_layer_count(tmp_path):
    """The issue's three cases, from the command: one line each, exit status 2, quickly."""
    paths = []
    for digits in (30, 9, 8):
        path = tmp_path / f"layers-{digits}.json"
        cfg = {"model_type": "llama", "hidden_size": 64, "num_attention_heads": 4}
        path.write_text(json.dumps(cfg | {"num_hidden_layers": 10**digits}))
        paths.append(str(path))
    proc = run(["-m", "mha.config", *paths], timeout=120)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 3, proc.stderr
    for line, path in zip(lines, paths, strict=True):
        assert line.startswith(f"error: {path}: config['num_hidden_layers']: expected at most")


@pytest.mark.parametrize("value", [config.MAX_DTYPE_BYTES + 1, 10**40])
def test_dtype_bytes_is_at_most_the_widest_dtype(value, capsys):
    """Before, --dtype-bytes 10**4000 printed a table of thousand-digit cells."""
    with pytest.raises(ValueError, match=r"dtype_bytes: expected at most 16 \(complex128\)"):
        config.describe(config.load_builtin("gpt2"), dtype_bytes=value)
    with pytest.raises(SystemExit) as e:
        config.main(["--dtype-bytes", str(value)])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--dtype-bytes: expected at most 16 bytes" in err, err
    assert config.describe(config.load_builtin("gpt2"), config.MAX_DTYPE_BYTES).dtype_bytes == 16
