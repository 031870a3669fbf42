"""The mha commands behave in logs and scripts (issue 8): no progress bars when stderr is not a
terminal, ``--quiet`` everywhere, every option's help shows its default, no reStructuredText in
``--help``, and the benchmarks can be tried small without touching tracked files.

The mha commands are found by discovery (:func:`tests.helpers.commands`); the help of every
command of the project is checked in ``tests/test_cli_help.py``."""

from __future__ import annotations

import json
import re

import pytest

from mha.experiments.heads import bench as bench_experiment
from mha.tools import bench
from tests.helpers import ROOT, TINY, commands, help_text, run

#: mha commands with no progress to hide, so without ``--quiet`` (a new command needs one).
NO_PROGRESS = {"mha.config": "prints one table when it has read the files"}
MHA_COMMANDS = [c for c in commands() if c.split(".")[0] == "mha"]


def test_the_mha_commands_are_found():
    assert {"mha.experiments.heads", "mha.tools.bench", "mha.experiments.heads.bench"} <= set(
        MHA_COMMANDS
    )
    assert set(NO_PROGRESS) <= set(MHA_COMMANDS)


@pytest.mark.parametrize("name", sorted(set(MHA_COMMANDS) - set(NO_PROGRESS)))
def test_every_command_with_progress_takes_quiet(name):
    """Their help texts (every option's default, no markup) are checked with every other
    command's in ``tests/test_cli_help.py``."""
    assert re.search(r"^  (-q, )?--quiet\b", help_text(name), re.M), help_text(name)


@pytest.mark.slow
def test_experiment_writes_no_progress_bar_into_a_pipe(tmp_path):
    argv = [a for a in TINY if a != "--quiet"]  # the bar is not hidden: stderr is not a terminal
    # Bytes, not text: text mode would turn every carriage return into a newline.
    proc = run(["-m", "mha.experiments.heads", *argv, "--out", tmp_path], text=False)
    assert proc.returncode == 0, proc.stderr.decode()
    assert b"\r" not in proc.stderr and b"\r" not in proc.stdout
    assert proc.stderr == b""


@pytest.mark.slow
def test_bench_writes_no_progress_bar_into_a_pipe_and_leaves_the_site_alone(tmp_path):
    out = tmp_path / "bench.json"
    command = ["-m", "mha.tools.bench", "--repeats", "1", "--sizes", "2,16,64,8", "1,8,32,4"]
    proc = run([*command, "--out", out], text=False, timeout=600)
    assert proc.returncode == 0, proc.stderr.decode()
    assert b"\r" not in proc.stderr and b"\r" not in proc.stdout
    assert b"studylog.gen" not in proc.stdout  # another --out: nothing to regenerate
    rows = json.loads(out.read_text())["rows"]
    assert [[r[k] for k in ("B", "T", "d_model", "n_heads")] for r in rows] == [
        [2, 16, 64, 8], [1, 8, 32, 4]]  # fmt: skip


@pytest.mark.parametrize("bad", ["2,16,64", "2,16,64,7", "0,16,64,8", "a,b,c,d"])
def test_bench_refuses_a_size_it_cannot_build_before_measuring(bad, capsys):
    with pytest.raises(SystemExit) as exit_:
        bench.main(["--sizes", bad, "--out", "unused.json"])
    assert exit_.value.code == 2
    assert "--sizes" in capsys.readouterr().err


def test_bench_regenerates_the_site_after_writing_its_results_file(tmp_path, monkeypatch):
    """Writing the file the site is generated from runs the generator; another file does not."""
    calls = []
    monkeypatch.setattr(bench, "measure", lambda size, repeats: dict.fromkeys(
        ["ours_fast", "torch", "ours_explicit", "per_head_loop"], 1e-3))  # fmt: skip
    monkeypatch.setattr(bench, "measure_inference", lambda size, repeats: dict.fromkeys(
        bench.INFERENCE, 1e-4))  # fmt: skip
    monkeypatch.setattr(bench, "regenerate_docs", lambda: calls.append(1) or 0)
    site_file = tmp_path / "site" / "mha_bench.json"
    site_file.parent.mkdir()
    monkeypatch.setattr(bench, "DEFAULT_OUT", site_file)
    assert bench.main(["--repeats", "1", "--quiet", "--out", str(tmp_path / "other.json")]) == 0
    assert calls == []
    assert bench.main(["--repeats", "1", "--quiet", "--out", str(site_file)]) == 0
    assert calls == [1]
    assert bench.main(["--repeats", "1", "--quiet", "--no-docs", "--out", str(site_file)]) == 0
    assert calls == [1]


@pytest.mark.slow
def test_bench_experiment_quick_is_small_and_writes_where_told(tmp_path, capsys):
    out = tmp_path / "experiment_bench.json"
    assert bench_experiment.main(["--quick", "--steps", "3", "--quiet", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "repeat 1/" not in printed  # --quiet
    data = json.loads(out.read_text())
    assert data["repeats"] == 1 and data["slice"]["runs"] <= 4
    assert len(data["seconds"]["ours"]) == len(data["seconds"]["plain"]) == 1


@pytest.mark.parametrize("argv", [["--repeats", "0"], ["--heads", "5"], ["--seeds", "-1"]])
def test_bench_experiment_refuses_bad_arguments_in_one_line(tmp_path, capsys, argv):
    assert bench_experiment.main([*argv, "--out", str(tmp_path / "x.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {argv[0]}: ") and err.count("\n") == 1
    assert not (tmp_path / "x.json").exists()


def test_the_default_bench_outputs_are_the_tracked_files():
    results = ROOT / "docs" / "results"
    assert (results / "mha_bench.json", results / "experiment_bench.json") == (
        bench.DEFAULT_OUT,
        bench_experiment.DEFAULT_OUT,
    )
