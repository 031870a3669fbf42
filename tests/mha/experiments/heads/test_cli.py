"""The command: determinism, --jobs, resume after interruption, the results file, bad arguments.

Every grid here is tiny (a few steps, 64 validation sequences) so the file runs in seconds.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mha.experiments.heads import cli as experiment
from mha.experiments.heads.runs import record_problem
from mha.experiments.store import load_finished
from tests.conftest import sigint_as_in_a_terminal
from tests.helpers import PYTHON, TINY


def numbers(results: dict) -> dict:
    """The results (which hold no wall times: those are in execution.json)."""
    return json.loads(json.dumps(results))


def run_file(out: Path, name: str) -> Path:
    """The file of run ``name`` (e.g. ``count-L0-h1-s0``), whatever its spec key."""
    (path,) = (out / "runs").glob(f"{name}-*.json")
    return path


def run_cli(out: Path, *extra: str) -> dict:
    assert experiment.main([*TINY, "--out", str(out), *extra]) == 0
    return json.loads((out / "results.json").read_text())


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> dict:
    return run_cli(tmp_path_factory.mktemp("ref"), "--jobs", "1")


def test_results_file_has_the_promised_fields(reference):
    r = reference
    assert {"config", "environment", "runs", "summary", "verdict", "analysis"} <= set(r)
    assert r["environment"]["torch"] and r["environment"]["python"]
    assert len(r["runs"]) == 6
    run_keys = {"task", "level", "n_heads", "d_head", "params", "seed", "final_train_loss",
                "val_accuracy", "curve", "analysis", "diverged"}  # fmt: skip
    for run in r["runs"]:
        assert run_keys <= set(run)
        assert len(run["curve"]) == 1  # 6 steps, a point per 10 steps
    summary_keys = {"task", "level", "n_heads", "d_head", "params", "final_train_loss_mean",
                    "val_accuracy_mean", "val_accuracy_std", "n_seeds"}  # fmt: skip
    assert [s["n_heads"] for s in r["summary"]] == [1, 4]
    for s in r["summary"]:
        assert summary_keys <= set(s) and s["n_seeds"] == 3
    assert r["summary"][0]["params"] == r["summary"][1]["params"]
    assert r["verdict"][0]["status"] in {"differ", "no_difference"}
    assert "larger" in r["config"]["verdict_rule"]
    assert "last 50 steps" in r["config"]["final_train_loss"]
    a4 = next(a for a in r["analysis"] if a["n_heads"] == 4)
    assert len(a4["ablation_drop_by_rank"]) == 4 and a4["redundancy_mean"] is not None
    for run in r["runs"]:  # every seed keeps its maps and per-head numbers by head index
        h, hm = run["n_heads"], run["analysis"]["heatmap"]
        assert len(hm["tokens"]) == 16 and len(hm["weights"]) == h
        assert all(len(row) == 16 for m in hm["weights"] for row in m)
        assert len(run["analysis"]["ablation_drop"]) == len(run["analysis"]["importance"]) == h


def test_stored_maps_are_the_runs_maps_rounded_to_3_decimals(tmp_path, reference):
    """results.json keeps each run's maps of the fixed validation sequence, rounded, and the
    same tokens for every run of a task and level (so the viewer can compare seeds)."""
    out = tmp_path / "maps"
    published = run_cli(out, "--jobs", "1")
    for run in published["runs"]:
        stored = json.loads(run_file(out, f"count-L0-h{run['n_heads']}-s{run['seed']}").read_text())
        raw = stored["analysis"]["heatmap"]
        assert run["analysis"]["heatmap"]["tokens"] == raw["tokens"]
        for got_m, raw_m in zip(run["analysis"]["heatmap"]["weights"], raw["weights"], strict=True):
            for got_row, raw_row in zip(got_m, raw_m, strict=True):
                assert got_row == pytest.approx(raw_row, abs=5e-4 + 1e-9)
                assert all(round(w, 3) == w for w in got_row)
    assert len({tuple(r["analysis"]["heatmap"]["tokens"]) for r in published["runs"]}) == 1


def test_same_command_twice_gives_identical_numbers(tmp_path, reference):
    assert numbers(run_cli(tmp_path / "again", "--jobs", "1")) == numbers(reference)


def test_jobs_2_equals_jobs_1(tmp_path, reference):
    assert numbers(run_cli(tmp_path / "par", "--jobs", "2")) == numbers(reference)


def test_resume_skips_finished_runs_and_survives_an_interruption(tmp_path, reference, monkeypatch):
    out = tmp_path / "resume"
    run_cli(out, "--jobs", "1")
    complete = (out / "results.json").read_bytes()
    kept = run_file(out, "count-L0-h1-s0")
    kept_mtime = kept.stat().st_mtime_ns
    s1, s2 = run_file(out, "count-L0-h4-s1"), run_file(out, "count-L0-h4-s2")
    s1.unlink()
    s2.write_text('{"task": "cou')  # a torn write

    # Interrupt the rerun after one more run has finished.
    from mha.experiments.heads import runs

    calls = {"n": 0}
    real = runs.run_rounded

    def flaky(spec, step_callback=None):
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyboardInterrupt
        return real(spec, step_callback)

    monkeypatch.setattr(experiment, "run_rounded", flaky)
    assert experiment.main([*TINY, "--out", str(out), "--jobs", "1"]) == 130
    assert (out / "results.json").read_bytes() == complete  # last complete file untouched
    assert s1.exists()  # the run that finished was saved
    monkeypatch.setattr(experiment, "run_rounded", real)

    assert numbers(run_cli(out, "--jobs", "1")) == numbers(reference)
    assert kept.stat().st_mtime_ns == kept_mtime  # finished runs were skipped, not redone


def test_a_changed_config_is_not_reused(tmp_path):
    out = tmp_path / "cfg"
    run_cli(out, "--jobs", "1")
    from mha.experiments.heads.training import RunSpec

    spec = RunSpec(task="count", level=0, n_heads=1, seed=0, steps=7, batch_size=16,
                   lr=experiment.DEFAULTS["lr"], val_size=64)  # fmt: skip
    assert load_finished(out, spec, record_problem) is None
    assert load_finished(out, RunSpec(**{**spec.to_dict(), "steps": 6}), record_problem) is not None


def test_publish_copies_the_final_results(tmp_path):
    out, pub = tmp_path / "pub", tmp_path / "site" / "heads.json"
    pub.parent.mkdir()
    run_cli(out, "--jobs", "1", "--publish", str(pub))
    assert pub.read_bytes() == (out / "results.json").read_bytes()


def test_the_default_grid_is_the_study_and_flags_narrow_it():
    parse = experiment.build_parser().parse_args
    assert experiment.settings(parse([])) == list(experiment.STUDY)
    assert experiment.settings(parse(["--search"])) == list(experiment.SEARCH)
    count = next(s for s in experiment.STUDY if s.task == "count")
    assert experiment.settings(parse(["--task", "count"])) == [count]
    argv = ["--task", "count", "reverse", "--heads", "2", "--steps", "7", "--level", "1"]
    narrowed = experiment.settings(parse(argv))
    want = [("count", 1, (2,), 7), ("reverse", 1, (2,), 7)]
    assert [(s.task, s.level, s.heads, s.steps) for s in narrowed] == want


def test_the_study_sweeps_every_divisor_where_head_counts_separate():
    sweeps = [s for s in experiment.STUDY if s.heads == experiment.ALL_HEADS]
    divisors = tuple(experiment.divisors(experiment.DEFAULTS["d_model"]))
    assert divisors == experiment.ALL_HEADS
    assert {s.task for s in sweeps} == {"count", "recall"}
    assert all(set(experiment.NOTE_HEADS) <= set(s.heads) for s in experiment.STUDY)
    assert len(experiment.DEFAULTS["seeds"]) >= 5


def test_the_search_keeps_every_setting_it_tried(tmp_path, monkeypatch):
    tried = (experiment.Setting("recall", 0, (1, 2), 8), experiment.Setting("recall", 1, (1, 2), 8))
    monkeypatch.setattr(experiment, "SEARCH", tried)
    argv = ["--search", "--seeds", "0", "1", "2", "--val-size", "64", "--batch-size", "16",
            "--quiet", "--jobs", "1", "--out", str(tmp_path)]  # fmt: skip
    assert experiment.main(argv) == 0
    r = json.loads((tmp_path / "results.json").read_text())
    assert r["config"]["grid"] == "search"
    assert [(v["task"], v["level"], v["steps"]) for v in r["verdict"]] == [
        ("recall", 0, 8), ("recall", 1, 8)]  # fmt: skip
    assert sorted({(s["level"], s["n_heads"]) for s in r["summary"]}) == [
        (0, 1), (0, 2), (1, 1), (1, 2)]  # fmt: skip
    for s in r["summary"]:
        assert [b["steps"] for b in s["budget_accuracy"]] == [2, 4, 6, 8]
        assert isinstance(s["converged"], bool)
    for v in r["verdict"]:
        assert {"still_learning", "fewer_heads_win", "pairs"} <= set(v)


def test_convergence_flag_follows_the_last_quarter(reference):
    """The summary's flag is the rule applied to the runs' own budget accuracies."""
    from mha.experiments.verdict import CONVERGENCE_TOL

    for s in reference["summary"]:
        runs = [r for r in reference["runs"] if r["n_heads"] == s["n_heads"]]
        before = sum(r["budget_accuracy"][-2][1] for r in runs) / len(runs)
        after = sum(r["val_accuracy"] for r in runs) / len(runs)
        assert s["converged"] == (abs(after - before) < CONVERGENCE_TOL)
        assert s["budget_accuracy"][-1]["mean"] == pytest.approx(after, abs=1e-4)


@pytest.mark.parametrize(
    ("argv", "argument"),
    [
        (["--task", "sort"], "--task"),
        (["--heads", "1", "5"], "--heads"),
        (["--steps", "0"], "--steps"),
        (["--jobs", "0"], "--jobs"),
        (["--lr", "-1"], "--lr"),
        (["--seeds", "1", "1"], "--seeds"),
        (["--ema-decay", "1"], "--ema-decay"),
        (["--level", "9"], "--level"),
    ],
)
def test_bad_arguments_stop_before_training(tmp_path, capsys, monkeypatch, argv, argument):
    monkeypatch.setattr(experiment, "experiment", lambda args: pytest.fail("training started"))
    assert experiment.main([*argv, "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {argument}: ")


def test_no_seed_at_all_is_an_argparse_error(tmp_path):
    with pytest.raises(SystemExit) as e:
        experiment.main(["--seeds", "--out", str(tmp_path)])
    assert e.value.code == 2


def test_unwritable_output_folder(tmp_path, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    assert experiment.main(["--out", str(blocker / "sub")]) == 2
    assert capsys.readouterr().err.startswith("error: --out: cannot write to")


@pytest.mark.slow
def test_ctrl_c_with_two_jobs_keeps_finished_runs_and_resumes(tmp_path):
    """A real SIGINT to the whole process group (as a terminal sends it) during ``--jobs 2``."""
    import os
    import signal
    import subprocess
    import time

    out = tmp_path / "sigint"
    argv = ["--task", "count", "--heads", "1", "8", "--seeds", "0", "1", "2", "--steps", "150",
            "--val-size", "64", "--quiet", "--jobs", "2"]  # fmt: skip
    argv += ["--out", str(out)]
    proc = subprocess.Popen(
        [PYTHON, "-m", "mha.experiments.heads", *argv],
        start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=sigint_as_in_a_terminal,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while not list(out.glob("runs/*.json")) and proc.poll() is None:
        assert time.monotonic() < deadline, "no run finished within 60 s"
        time.sleep(0.05)
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    saved = sorted(p.name for p in out.glob("runs/*.json"))
    assert saved, "the finished run was lost"
    if proc.returncode == 130:  # interrupted before the end (the usual case)
        assert "run the same command again to resume" in err
        assert not (out / "results.json").exists()
    else:  # the whole tiny grid beat the signal: nothing to check about interruption
        assert proc.returncode == 0
    assert experiment.main(argv) == 0
    results = json.loads((out / "results.json").read_text())
    assert len(results["runs"]) == 6
    for name in saved:  # finished runs were reused as saved
        record = json.loads((out / "runs" / name).read_text())
        run = next(r for r in results["runs"] if f"h{r['n_heads']}-s{r['seed']}" in name)
        assert run["val_accuracy"] == record["val_accuracy"]
