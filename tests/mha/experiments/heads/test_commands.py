"""The mha commands behave in logs and scripts (issue 8): no progress bars when stderr is not a
terminal, ``--quiet`` everywhere, every option's help shows its default, no reStructuredText in
``--help``, and the benchmarks can be tried small without touching tracked files.

The experiment's commands and the attention benchmark (``mha.tools.bench``) are checked together
here: they share the help and progress conventions."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mha.experiments.heads import bench as bench_experiment
from mha.experiments.heads import cli as experiment
from mha.tools import bench

COMMANDS = {
    "mha.experiments.heads": experiment.main,
    "mha.tools.bench": bench.main,
    "mha.experiments.heads.bench": bench_experiment.main,
}


def help_text(main, monkeypatch, capsys) -> str:
    monkeypatch.setenv("COLUMNS", "10000")  # one line per option
    with pytest.raises(SystemExit) as e:
        main(["--help"])
    assert e.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("name", COMMANDS)
def test_every_option_has_help_showing_its_default(name, monkeypatch, capsys):
    text = help_text(COMMANDS[name], monkeypatch, capsys)
    blocks: list[str] = []  # an option's lines: its flags, then its help (maybe on the next line)
    for line in text.split("options:", 1)[1].splitlines():
        if re.match(r"  --?\w", line):
            blocks.append(line.strip())
        elif line.startswith("    ") and blocks:
            blocks[-1] += "  " + line.strip()
    assert len(blocks) > 2, text
    for block in blocks:
        if block.startswith("-h, --help"):
            continue
        assert re.search(r"\S\s{2,}\S", block), f"{name}: no help text: {block}"
        assert "(default: " in block, f"{name}: no default shown: {block}"
    assert "--quiet" in text


@pytest.mark.parametrize("name", COMMANDS)
def test_help_has_no_restructuredtext_markup(name, monkeypatch, capsys):
    text = help_text(COMMANDS[name], monkeypatch, capsys)
    for markup in ("``", ":func:", ":class:", ":data:", ":mod:", ":meth:", ":attr:"):
        assert markup not in text, f"{name} --help shows {markup!r}"
    assert not re.search(r"\*\*[A-Za-z][^*]*\*\*", text), f"{name} --help shows **bold**"


@pytest.mark.slow
def test_experiment_writes_no_progress_bar_into_a_pipe(tmp_path):
    argv = ["--task", "count", "--heads", "1", "4", "--seeds", "0", "1", "2", "--steps", "6",
            "--val-size", "64", "--batch-size", "16", "--jobs", "1",
            "--out", str(tmp_path)]  # fmt: skip
    # Bytes, not text: text mode would turn every carriage return into a newline.
    proc = subprocess.run([sys.executable, "-m", "mha.experiments.heads", *argv],
                          capture_output=True, timeout=300)  # fmt: skip
    assert proc.returncode == 0, proc.stderr.decode()
    assert b"\r" not in proc.stderr and b"\r" not in proc.stdout
    assert proc.stderr == b""


@pytest.mark.slow
def test_bench_writes_no_progress_bar_into_a_pipe_and_leaves_the_site_alone(tmp_path):
    out = tmp_path / "bench.json"
    proc = subprocess.run([sys.executable, "-m", "mha.tools.bench", "--repeats", "1",
                           "--out", str(out)], capture_output=True, timeout=600)  # fmt: skip
    assert proc.returncode == 0, proc.stderr.decode()
    assert b"\r" not in proc.stderr and b"\r" not in proc.stdout
    assert b"docs.gen" not in proc.stdout  # another --out: nothing to regenerate
    assert len(json.loads(out.read_text())["rows"]) == len(bench.SIZES)


def test_bench_regenerates_the_site_after_writing_its_results_file(tmp_path, monkeypatch):
    """Writing the file the site is generated from runs the generator; another file does not."""
    calls = []
    monkeypatch.setattr(bench, "measure", lambda size, repeats: dict.fromkeys(
        ["ours_fast", "torch", "ours_explicit", "per_head_loop"], 1e-3))  # fmt: skip
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
    root = Path(__file__).resolve().parents[4]
    results = root / "docs" / "results"
    assert (results / "mha_bench.json", results / "experiment_bench.json") == (
        bench.DEFAULT_OUT,
        bench_experiment.DEFAULT_OUT,
    )
