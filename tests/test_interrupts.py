"""Issue 32: Ctrl-C ends every command the README names with exit status 130 and one line, never
a traceback (``studylog.gen`` printed one and exited -2). The drill's and the experiment's commands
have their own tests; ``studylog.gen``'s signals are in ``tests/docs/test_gen_signals.py``.

Ctrl-C is Python's ``KeyboardInterrupt`` raised wherever the main thread is: here it is raised
at a fixed point inside each command's work (no timing), which is what the default ``SIGINT``
handler does when the key is pressed there.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from graphs.drill import bench as drill_bench
from graphs.tools import bench as graphs_bench
from house import gallery
from mha.config import cli as config_cli
from mha.experiments.heads import bench as heads_bench
from mha.experiments.heads import bench_runner
from mha.tools import bench as mha_bench
from studylog import journal


def ctrl_c(*args: Any, **kwargs: Any) -> Any:
    raise KeyboardInterrupt


def interrupted(capsys: pytest.CaptureFixture, run: Callable[[], int]) -> str:
    assert run() == 130
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("interrupted: "), err
    return err


def test_mha_config(monkeypatch, capsys):
    monkeypatch.setattr(config_cli, "describe", ctrl_c)  # while reading the shipped configs
    assert interrupted(capsys, lambda: config_cli.main([])) == "interrupted: nothing was written\n"


def test_docs_journal_new(monkeypatch, capsys, tmp_path: Path):
    monkeypatch.setattr(journal, "new_entry", ctrl_c)
    day = dt.date(2026, 10, 8).isoformat()
    interrupted(capsys, lambda: journal.main(["new", "--date", day, "--posts-dir", str(tmp_path)]))
    assert list(tmp_path.iterdir()) == []


def test_docs_journal_drills(monkeypatch, capsys):
    monkeypatch.setattr(journal, "cmd_drills", ctrl_c)
    interrupted(capsys, lambda: journal.main(["drills", "--date", "2026-10-08"]))


def test_mha_tools_bench(monkeypatch, capsys, tmp_path: Path):
    monkeypatch.setattr(mha_bench, "measure", ctrl_c)  # while measuring the first size
    out = tmp_path / "bench.json"
    interrupted(capsys, lambda: mha_bench.main(["--out", str(out), "--quiet"]))
    assert list(tmp_path.iterdir()) == []


def test_graphs_tools_bench_outside_the_measuring(monkeypatch, capsys, tmp_path: Path):
    monkeypatch.setattr(graphs_bench, "render", ctrl_c)  # the sizes are measured: writing
    monkeypatch.setattr(graphs_bench, "run", lambda **kw: {"interrupted": False})
    interrupted(capsys, lambda: graphs_bench.main(["--quick", "--out", str(tmp_path), "-q"]))
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("domain", ["mha.tools.counterexamples", "graphs.tools.counterexamples"])
def test_the_pitfall_galleries(monkeypatch, capsys, tmp_path: Path, domain: str):
    monkeypatch.setattr(gallery, "build_report", ctrl_c)  # while searching
    interrupted(capsys, lambda: gallery.main(domain, ["--out", str(tmp_path), "--quiet"]))
    assert list(tmp_path.iterdir()) == []


def test_the_drill_judges_bench(monkeypatch, capsys, tmp_path: Path):
    monkeypatch.setattr(drill_bench, "measure", ctrl_c)  # while judging the first file
    out = tmp_path / "judge.json"
    interrupted(capsys, lambda: drill_bench.main(["--out", str(out), "--quiet"]))
    assert list(tmp_path.iterdir()) == []


def test_the_experiments_bench(monkeypatch, capsys, tmp_path: Path):
    monkeypatch.setattr(heads_bench, "interleaved", ctrl_c)  # while timing the two sides
    out = tmp_path / "heads_bench.json"
    interrupted(capsys, lambda: heads_bench.main(["--quick", "--out", str(out), "--quiet"]))
    assert list(tmp_path.iterdir()) == []


def test_the_runner_bench(monkeypatch, capsys, tmp_path: Path):
    monkeypatch.setattr(bench_runner, "checkout", ctrl_c)  # while checking out the other side
    out = tmp_path / "runner_bench.json"
    interrupted(
        capsys, lambda: bench_runner.main(["--before", "HEAD", "--out", str(out), "--quiet"])
    )
    assert list(tmp_path.iterdir()) == []
