"""The tools' shared helpers (``mha.tools.files``, ``mha.tools.timing``): a failed write leaves
the old file and no temporary, and the interleaved timer rotates the order at every repeat."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mha.tools.files import atomic_write_json, atomic_write_text, check_writable
from mha.tools.timing import interleaved, load_average, machine, versions


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path):
    target = tmp_path / "r.json"
    target.write_text('{"old": true}\n', encoding="utf-8")
    with pytest.raises(UnicodeEncodeError):
        atomic_write_text(target, '{"bad": "\udc80"}')
    with pytest.raises(ValueError):
        atomic_write_json(target, {"nan": float("nan")})
    assert target.read_text(encoding="utf-8") == '{"old": true}\n'
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]
    atomic_write_json(target, {"new": 1})
    assert json.loads(target.read_text()) == {"new": 1}


def test_check_writable_refuses_a_folder_under_a_file(tmp_path: Path):
    (tmp_path / "f").write_text("x")
    with pytest.raises(OSError):
        check_writable(tmp_path / "f" / "sub")
    check_writable(tmp_path / "new")
    assert list((tmp_path / "new").iterdir()) == []


def test_interleaved_rotates_the_order_at_every_repeat():
    calls: list[str] = []
    fns = {name: (lambda n=name: calls.append(n)) for name in "abc"}
    times = interleaved(fns, repeats=4, warmup=1)
    assert calls == list("abcabcbcacababc")  # warm-up, then rotations 0..3
    assert {k: len(v) for k, v in times.items()} == {"a": 4, "b": 4, "c": 4}
    assert all(t >= 0 for v in times.values() for t in v)


BAD = [({"repeats": 0}, "repeats"), ({"repeats": 1, "warmup": -1}, "warmup")]


@pytest.mark.parametrize(("kwargs", "word"), BAD)
def test_interleaved_names_a_bad_argument(kwargs, word):
    with pytest.raises(ValueError, match=word):
        interleaved({"a": lambda: None}, **kwargs)
    with pytest.raises(ValueError, match="contenders"):
        interleaved({}, repeats=1)


def test_metadata_of_a_run():
    import torch

    assert versions("torch")["torch"] == torch.__version__
    assert versions("no-such-package-here")["no-such-package-here"] is None
    assert machine()["cpu_count"] >= 1
    load = load_average()
    assert load is None or len(load) == 3
