"""The experiment never loses or corrupts a finished run (issue 8).

Other settings into the same ``--out``, diverging runs, a killed parent, damaged run files and
out-of-range arguments: each either works without touching what is finished or is refused up
front with one clear line. Grids are tiny (6 steps, 64 validation sequences).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from mha.experiments.heads import cli as experiment
from tests import helpers
from tests.helpers import PYTHON, TINY, alive, children


def snapshot(out: Path) -> dict[str, bytes]:
    """Every file under ``out/runs`` plus results.json, by name."""
    files = {p.name: p.read_bytes() for p in (out / "runs").glob("*.json")}
    files["results.json"] = (out / "results.json").read_bytes()
    return files


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> tuple[Path, dict[str, bytes]]:
    """A finished tiny grid and the bytes of its files."""
    out = tmp_path_factory.mktemp("finished")
    assert experiment.main([*TINY, "--out", str(out)]) == 0
    return out, snapshot(out)


# ----------------------------------------------------------------------------- other settings


@pytest.mark.slow  # seconds of CPU: the whole suite runs it, the inner loop does not
@pytest.mark.parametrize(
    ("change", "setting"),
    [
        (["--steps", "7"], "steps"),
        (["--lr", "0.002"], "lr"),
        (["--batch-size", "8"], "batch_size"),
        (["--d-model", "32"], "d_model"),
        (["--data-seed", "1"], "data_seed"),
        (["--val-size", "32"], "val_size"),
    ],
)
def test_other_settings_into_the_same_out_touch_nothing_finished(tmp_path, capsys, change, setting):
    out = tmp_path / "out"
    assert experiment.main([*TINY, "--out", str(out)]) == 0
    before = snapshot(out)
    capsys.readouterr()
    assert experiment.main([*TINY, *change, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --out: ") and err.count("\n") == 1
    assert setting in err and "another grid" in err
    assert snapshot(out) == before

    # Once the old results.json is moved away, the other grid runs next to the old runs.
    (out / "results.json").rename(tmp_path / "old-results.json")
    assert experiment.main([*TINY, *change, "--out", str(out)]) == 0
    after = {p.name: p.read_bytes() for p in (out / "runs").glob("*.json")}
    for name, data in before.items():
        if name != "results.json":
            assert after[name] == data, f"finished run {name} was replaced"
    assert len(after) == 2 * (len(before) - 1)
    new = json.loads((out / "results.json").read_text())
    key = {"steps": "steps", "lr": "lr", "batch_size": "batch_size", "d_model": "d_model",
           "data_seed": "data_seed", "val_size": "val_size"}[setting]  # fmt: skip
    want = new["config"]["settings"][0]["steps"] if key == "steps" else new["config"][key]
    assert all(r[key] == want for r in new["runs"])


def test_the_same_grid_again_reuses_its_results_file(finished, capsys):
    out, before = finished
    assert experiment.main([*TINY, "--out", str(out)]) == 0
    assert snapshot(out) == before


# ----------------------------------------------------------------------------- divergence


def test_a_diverging_grid_is_recorded_summarised_judged_and_finished(tmp_path, capsys):
    out = tmp_path / "div"
    argv = [*TINY, "--lr", "1e6", "--out", str(out)]
    assert experiment.main(argv) == 0
    printed = capsys.readouterr().out
    results = json.loads((out / "results.json").read_text())
    assert len(results["runs"]) == 6
    for run in results["runs"]:
        assert run["diverged"] is True and run["val_accuracy"] is None
        assert isinstance(run["diverged_at_step"], int) and 0 <= run["diverged_at_step"] <= 6
    for row in results["summary"]:
        assert row["n_diverged"] == 3 and row["val_accuracy_mean"] is None
    (v,) = results["verdict"]
    assert v["status"] == "diverged"
    assert "diverged" in v["sentence"] and "diverged" in printed
    # The rerun reuses the diverged runs as results instead of crashing on them.
    assert experiment.main(argv) == 0
    assert json.loads((out / "results.json").read_text()) == results


def test_a_grid_where_one_head_count_diverges_is_not_judged(tmp_path, monkeypatch):
    """One diverged seed: the other seeds' numbers stay, the verdict claims nothing."""
    from mha.experiments.heads import runs

    real = runs.run_rounded

    def one_diverges(spec, step_callback=None):
        record = real(spec, step_callback)
        if spec.n_heads == 4 and spec.seed == 1:
            record.update(diverged=True, diverged_at_step=3, final_train_loss=None,
                          val_accuracy=None, analysis=None)  # fmt: skip
        return record

    monkeypatch.setattr(experiment, "run_rounded", one_diverges)
    assert experiment.main([*TINY, "--out", str(tmp_path)]) == 0
    results = json.loads((tmp_path / "results.json").read_text())
    rows = {r["n_heads"]: r for r in results["summary"]}
    assert rows[4]["n_diverged"] == 1 and rows[1]["n_diverged"] == 0
    accs4 = [r["val_accuracy"] for r in results["runs"] if r["n_heads"] == 4 and r["seed"] != 1]
    assert rows[4]["val_accuracy_mean"] == pytest.approx(sum(accs4) / 2, abs=1e-4)
    assert results["verdict"][0]["status"] == "diverged"
    assert results["verdict"][0]["diverged"] == [{"n_heads": 4, "runs": 1}]
    maps = {(r["n_heads"], r["seed"]) for r in results["runs"] if r["analysis"]}
    assert maps == {(1, 0), (1, 1), (1, 2), (4, 0), (4, 2)}  # the diverged run has no maps


@pytest.mark.parametrize("lr", ["inf", "1e309", "nan", "-inf", "0"])
def test_a_learning_rate_that_is_not_finite_and_positive_is_refused(tmp_path, capsys, lr):
    assert experiment.main([*TINY, f"--lr={lr}", "--out", str(tmp_path)]) == 2
    assert capsys.readouterr().err.startswith("error: --lr: expected a finite learning rate")
    assert not (tmp_path / "runs").exists() or not list((tmp_path / "runs").iterdir())


# ----------------------------------------------------------------------------- damaged run files


@pytest.mark.parametrize(
    "damage",
    [
        lambda r: r.update(val_accuracy=None),
        lambda r: r.update(final_train_loss=None),
        lambda r: r.pop("analysis"),
        lambda r: r["analysis"].pop("ablation_drop"),
        lambda r: r.update(curve=[None]),
        lambda r: r.pop("diverged"),
        lambda r: r.update(d_head=None),
    ],
    ids=[
        "null-acc",
        "null-loss",
        "no-analysis",
        "no-ablation",
        "null-curve",
        "no-diverged",
        "null-d_head",
    ],
)
def test_a_run_file_with_null_or_missing_fields_is_run_again(tmp_path, capsys, finished, damage):
    _, ref = finished
    out = tmp_path / "out"
    out.mkdir()
    (out / "runs").mkdir()
    for name, data in ref.items():
        (out / ("runs" if name != "results.json" else "") / name).write_bytes(data)
    (victim,) = (out / "runs").glob("count-L0-h4-s1-*.json")
    record = json.loads(victim.read_text())
    damage(record)
    victim.write_text(json.dumps(record))
    capsys.readouterr()
    assert experiment.main([*TINY, "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(victim) in err and "running it again" in err
    assert "Traceback" not in err
    # Rerun, with the same numbers as the first time (only its wall time may differ).
    assert (out / "results.json").read_bytes() == ref["results.json"]
    rerun, first = json.loads(victim.read_text()), json.loads(ref[victim.name])
    rerun.pop("wall_time_s"), first.pop("wall_time_s")
    assert rerun == first


# ----------------------------------------------------------------------------- up-front refusals


@pytest.mark.parametrize(
    ("argv", "argument"),
    [
        (["--seeds", "-1", "0", "1"], "--seeds"),
        (["--seeds", "0", "1", str(2**64)], "--seeds"),
        (["--data-seed", "-1"], "--data-seed"),
        (["--data-seed", str(2**64)], "--data-seed"),
        (["--d-model", "100000", "--heads", "1"], "--d-model"),
    ],
)
def test_out_of_range_arguments_are_refused_before_training(
    tmp_path, capsys, monkeypatch, argv, argument
):
    monkeypatch.setattr(experiment, "experiment", lambda args: pytest.fail("training started"))
    assert experiment.main([*TINY, *argv, "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {argument}: ") and err.count("\n") == 1


@pytest.mark.slow
def test_a_huge_d_model_is_refused_without_listing_its_divisors(tmp_path):
    """Listing the divisors of 10**18 one by one never ends; the refusal must come at once."""
    argv = [*TINY, "--d-model", str(10**18), "--heads", "7", "--out", str(tmp_path)]
    proc = helpers.run(["-m", "mha.experiments.heads", *argv], timeout=120)
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: --d-model: ") and "Traceback" not in proc.stderr


def test_heads_that_do_not_divide_list_the_divisors():
    assert experiment.divisors(1) == [1]
    assert experiment.divisors(36) == [d for d in range(1, 37) if 36 % d == 0]
    assert experiment.divisors(97) == [1, 97]


@pytest.mark.slow  # seconds of CPU: the whole suite runs it, the inner loop does not
def test_jobs_are_capped_at_the_number_of_runs(tmp_path, monkeypatch):
    sizes = []

    class Recording(experiment.Workers):
        def __init__(self, jobs: int, **kwargs) -> None:
            sizes.append(jobs)
            super().__init__(jobs, **kwargs)

    monkeypatch.setattr(experiment, "Workers", Recording)
    assert experiment.main([*TINY, "--jobs", "64", "--out", str(tmp_path)]) == 0  # 6 runs
    assert sizes and max(sizes) <= 6


# ----------------------------------------------------------------------------- killed parent


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_workers_end_when_the_parent_is_killed(tmp_path, sig):
    argv = ["--task", "count", "--heads", "1", "8", "--seeds", "0", "1", "2", "--steps", "3000",
            "--val-size", "64", "--quiet", "--jobs", "2",
            "--out", str(tmp_path)]  # fmt: skip
    proc = subprocess.Popen([PYTHON, "-m", "mha.experiments.heads", *argv],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)  # fmt: skip
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while len(workers) < 2:
            assert proc.poll() is None, proc.stderr.read().decode()
            assert time.monotonic() < deadline, "the workers did not start within 60 s"
            time.sleep(0.1)
            workers = sorted(children(proc.pid))
        time.sleep(1.0)  # let them start training
        proc.send_signal(sig)
        proc.wait(timeout=30)
        deadline = time.monotonic() + 20
        while any(alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        survivors = [w for w in workers if alive(w)]
        assert not survivors, f"workers {survivors} outlived their parent"
    finally:
        for w in workers:
            if alive(w):
                os.kill(w, signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=10)
        proc.stderr.close()
    if sig == signal.SIGTERM:
        assert proc.returncode == 143
