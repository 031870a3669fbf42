"""The runner benchmark (issue 24): today's experiment runner against an earlier commit's, the
same command on both sides. Arguments are checked before anything is timed; a real tiny run
compares the results bytes of both sides."""

from __future__ import annotations

import json

import pytest

from mha.experiments.heads import bench_runner

TINY_GRID = ["--task", "reverse", "--heads", "1", "--seeds", "0", "--steps", "20"]


@pytest.fixture
def no_measuring(monkeypatch):
    def never(*args, **kwargs):
        raise AssertionError("measured before checking the arguments")

    monkeypatch.setattr(bench_runner, "interleaved", never)


@pytest.mark.parametrize(
    ("argv", "named"),
    [(["--before", "no-such-commit-here"], "--before"),
     (["--before", "HEAD", "--repeats", "0"], "--repeats")],
)  # fmt: skip
def test_bad_arguments_are_refused_before_measuring(tmp_path, capsys, no_measuring, argv, named):
    out = tmp_path / "r.json"
    assert bench_runner.main([*argv, "--out", str(out), "--", *TINY_GRID]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {named}: ") and err.count("\n") == 1, err
    assert not out.exists()


@pytest.mark.slow
def test_the_same_commit_on_both_sides_gives_the_same_results_bytes(tmp_path, capsys):
    out = tmp_path / "r.json"
    assert (
        bench_runner.main(["--before", "HEAD", "--quiet", "--out", str(out), "--", *TINY_GRID]) == 0
    )
    printed = capsys.readouterr().out
    assert "the same bytes on both sides" in printed and "repeat 1/1" not in printed
    record = json.loads(out.read_text(encoding="utf-8"))
    assert record["same_results_bytes"] is True and record["grid_arguments"] == TINY_GRID
    assert record["median_s"]["now"] > 0 and record["median_s"]["before"] > 0
    assert record["ratio"] == pytest.approx(
        record["median_s"]["now"] / record["median_s"]["before"], rel=1e-3
    )
