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


# ----------------------------------------------------------------------------- the benchmark's
# arguments are checked before any measuring (issue 18)


def bad_outs(tmp_path: Path) -> dict[str, Path]:
    """One of every ``--out`` a results file cannot be written to, made under ``tmp_path``."""
    import os

    (tmp_path / "a-file").write_text("x")
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "null").symlink_to("/dev/null")
    return {
        "folder": tmp_path,
        "missing-parent": tmp_path / "missing" / "r.json",
        "parent-is-a-file": tmp_path / "a-file" / "r.json",
        "fifo": tmp_path / "fifo",
        "symlink-to-dev-null": tmp_path / "null",
    }


OUT_CASES = ["folder", "missing-parent", "parent-is-a-file", "fifo", "symlink-to-dev-null"]


@pytest.mark.parametrize("case", OUT_CASES)
def test_bench_refuses_a_bad_out_before_measuring(tmp_path, capsys, monkeypatch, case):
    import os
    import stat

    from mha.tools import bench

    def never(*args, **kwargs):
        raise AssertionError("measured before checking --out")

    monkeypatch.setattr(bench, "measure", never)
    out = bad_outs(tmp_path)[case]
    assert bench.main(["--repeats", "1", "--quiet", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --out: ") and err.count("\n") == 1, err
    assert stat.S_ISFIFO((tmp_path / "fifo").lstat().st_mode)
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert not (tmp_path / "missing").exists()


@pytest.mark.parametrize("repeats", ["0", "-3"])
def test_bench_refuses_bad_repeats_in_one_line(tmp_path, capsys, monkeypatch, repeats):
    from mha.tools import bench

    monkeypatch.setattr(bench, "measure", lambda *a, **k: pytest.fail("measured"))
    assert bench.main(["--repeats", repeats, "--out", str(tmp_path / "r.json")]) == 2
    err = capsys.readouterr().err
    assert err == f"error: --repeats: expected an int >= 1, got {repeats}\n"
