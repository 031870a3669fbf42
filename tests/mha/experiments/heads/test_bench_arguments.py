"""The experiment benchmark checks every argument, ``--out`` included, before it measures
anything (issue 18): a bad one costs one line and exit code 2, not minutes of timing."""

from __future__ import annotations

import os
import stat

import pytest

from mha.experiments.heads import bench
from tests.mha.test_tools import OUT_CASES, bad_outs


@pytest.fixture
def no_measuring(monkeypatch):
    def never(*args, **kwargs):
        raise AssertionError("measured before checking the arguments")

    for name in ("interleaved", "ours", "plain_loop"):
        monkeypatch.setattr(bench, name, never)


@pytest.mark.parametrize("case", OUT_CASES)
def test_a_bad_out_is_refused_before_measuring(tmp_path, capsys, no_measuring, case):
    out = bad_outs(tmp_path)[case]
    assert bench.main(["--quick", "--quiet", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --out: ") and err.count("\n") == 1, err
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert not (tmp_path / "missing").exists()


@pytest.mark.parametrize(
    "argv",
    [["--steps", "0"], ["--jobs", "0"], ["--repeats", "-1"], ["--heads", "3"],
     ["--heads", "1", "1"], ["--seeds", "0", "0"], ["--seeds", str(2**64)]],
)  # fmt: skip
def test_bad_numbers_are_refused_before_measuring(tmp_path, capsys, no_measuring, argv):
    assert bench.main([*argv, "--quick", "--out", str(tmp_path / "r.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {argv[0]}: ") and err.count("\n") == 1, err
    assert not (tmp_path / "r.json").exists()
