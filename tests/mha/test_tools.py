"""The attention benchmark's arguments (``mha.tools.bench``) are checked before any measuring.

The writer, the timer and the ``--out`` checks it is built on are the house's tools
(``house``), tested in ``tests/docs/test_tools.py``; :func:`bad_outs` and
:data:`OUT_CASES` serve the experiment benchmark's tests as well.
"""

from __future__ import annotations

from pathlib import Path

import pytest

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
