"""The shared runner and store know no topic: a toy experiment (a spec of two numbers, a run that
multiplies them) gets the same store, resume, damaged-file rerun, pool and exit codes as the
head-count experiment, and the verdict rule works on any named variants."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

import pytest

from mha.experiments import runner
from mha.experiments.store import load_finished, run_path
from mha.experiments.verdict import rule, verdict


@dataclass(frozen=True)
class Toy:
    x: int
    scale: float = 1.0

    @property
    def name(self) -> str:
        return f"toy-x{self.x}"


def toy_run(spec: Toy, step_callback=None) -> dict:
    """A module-level run (the pool sends it to the workers by name)."""
    return {**asdict(spec), "y": spec.x * spec.scale}


def toy_check(record: dict, spec: Toy) -> str | None:
    return None if isinstance(record.get("y"), int | float) else "no number in field 'y'"


SPECS = [Toy(x) for x in range(5)]


def never(spec, step_callback=None):
    raise AssertionError(f"{spec.name} was run again")


@pytest.mark.parametrize("jobs", [1, 2])
def test_every_run_is_stored_under_its_spec_and_reused(tmp_path: Path, jobs: int):
    records = runner.execute(SPECS, tmp_path, toy_run, toy_check, jobs=jobs, quiet=True)
    assert {s: r["y"] for s, r in records.items()} == {s: float(s.x) for s in SPECS}
    for spec in SPECS:
        path = run_path(tmp_path, spec)
        assert path.parent == tmp_path / "runs" and path.name.startswith(f"{spec.name}-")
        assert json.loads(path.read_text()) == records[spec]
    again = runner.execute(SPECS, tmp_path, never, toy_check, jobs=jobs, quiet=True)
    assert again == records


def test_other_settings_get_their_own_file(tmp_path: Path):
    runner.execute([Toy(1)], tmp_path, toy_run, toy_check, jobs=1, quiet=True)
    assert load_finished(tmp_path, Toy(1, scale=2.0), toy_check) is None
    runner.execute([Toy(1, scale=2.0)], tmp_path, toy_run, toy_check, jobs=1, quiet=True)
    assert len(list((tmp_path / "runs").glob("toy-x1-*.json"))) == 2


def test_a_damaged_run_file_is_reported_and_run_again(tmp_path: Path, capsys):
    runner.execute(SPECS, tmp_path, toy_run, toy_check, jobs=1, quiet=True)
    victim = run_path(tmp_path, SPECS[3])
    victim.write_text(json.dumps({**asdict(SPECS[3]), "y": None}))
    capsys.readouterr()
    records = runner.execute(SPECS, tmp_path, toy_run, toy_check, jobs=1, quiet=True)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(victim) in err and "running it again" in err
    assert records[SPECS[3]]["y"] == 3.0


@pytest.mark.parametrize(("error", "code"), [(KeyboardInterrupt, 130), (runner.Terminated, 143)])
def test_an_interruption_becomes_an_exit_code_and_one_line(tmp_path: Path, capsys, error, code):
    def work():
        raise error

    assert runner.interruptible(work, tmp_path / "runs") == code
    err = capsys.readouterr().err.strip()
    assert str(tmp_path / "runs") in err and "run the same command again" in err
    assert runner.interruptible(lambda: None, tmp_path) == 0


def test_the_verdict_takes_any_named_variants():
    v = verdict({"adam": [0.5, 0.51, 0.52], "sgd": [0.9, 0.91, 0.9]}, variants="optimizers")
    assert v["status"] == "differ" and v["best"] == ["sgd"]
    assert v["rule"] == rule("optimizers") and "two optimizers differ" in v["rule"]
    diverged = verdict({"adam": [0.5, None, 0.5], "sgd": [1, 1, 1]}, key="optimizer")
    assert diverged["diverged"] == [{"optimizer": "adam", "runs": 1}]
    with pytest.raises(ValueError, match="scores: need at least two optimizers"):
        verdict({"adam": [0.5, 0.5, 0.5]}, variants="optimizers")


# --------------------------------------------------------------------------- measurements

#: What the timed run "measures"; a test sets it (the pool's workers are forked after that).
STAMP = {"forward_s": 0.0}


def timed_run(spec: Toy, step_callback=None) -> dict:
    """A run that also measures something not reproducible (here: whatever STAMP says)."""
    return {**toy_run(spec), runner.MEASURED: {"forward_s": STAMP["forward_s"], "x": spec.x}}


def results_bytes(records: dict) -> bytes:
    """A results file as an experiment builds it from the records the runner returns."""
    runs = [records[s] for s in SPECS]
    text = json.dumps({"runs": runs, "total": sum(r["y"] for r in runs)}, indent=1)
    return (text + "\n").encode()


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_measurement_reaches_execution_json_and_never_the_results(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: int
):
    seen = {}
    for stamp in (0.25, 0.75):  # two executions, two machines' worth of timings
        monkeypatch.setitem(STAMP, "forward_s", stamp)
        out = tmp_path / f"out-{stamp}"
        records = runner.execute(SPECS, out, timed_run, toy_check, jobs=jobs, quiet=True)
        assert all(runner.MEASURED not in r for r in records.values())
        assert records == runner.execute(SPECS, tmp_path / "plain", toy_run, toy_check, jobs=1,
                                         quiet=True)  # fmt: skip
        seen[stamp] = results_bytes(records)
        facts = json.loads((out / runner.EXECUTION_NAME).read_text())
        assert facts["runs"] == [
            {"run": s.name, "reused": False, "measured": {"forward_s": stamp, "x": s.x}}
            for s in SPECS
        ]
        assert facts["jobs"] == jobs and facts["wall_time_s"] >= 0
        assert facts["machine"]["cpu_count"] == os.cpu_count()
        assert {"load_average", "platform"} <= set(facts["machine"])
        assert "load_average_at_start" in facts and "torch" in facts["versions"]
    assert seen[0.25] == seen[0.75]
    assert not (tmp_path / "plain" / runner.EXECUTION_NAME).exists()  # nothing measured


def test_a_reused_run_keeps_the_measurement_made_when_it_ran(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    plain = runner.execute(SPECS, tmp_path / "plain", toy_run, toy_check, jobs=1, quiet=True)
    monkeypatch.setitem(STAMP, "forward_s", 0.5)
    runner.execute(SPECS[:2], tmp_path, timed_run, toy_check, jobs=1, quiet=True)  # interrupted
    monkeypatch.setitem(STAMP, "forward_s", 9.0)
    records = runner.execute(SPECS, tmp_path, timed_run, toy_check, jobs=1, quiet=True)
    assert results_bytes(records) == results_bytes(plain)
    runs = json.loads((tmp_path / runner.EXECUTION_NAME).read_text())["runs"]
    assert [(r["reused"], r["measured"]["forward_s"]) for r in runs] == [
        (True, 0.5), (True, 0.5), (False, 9.0), (False, 9.0), (False, 9.0)
    ]  # fmt: skip


def bad_measurement(spec: Toy, step_callback=None) -> dict:
    return {**toy_run(spec), runner.MEASURED: 0.5}


def test_a_measurement_that_is_not_a_dict_is_refused_before_it_is_saved(tmp_path: Path):
    with pytest.raises(TypeError, match=r"run toy-x0: record\['measured'\]: expected a dict"):
        runner.execute(SPECS[:1], tmp_path, bad_measurement, toy_check, jobs=1, quiet=True)
    assert not run_path(tmp_path, SPECS[0]).exists()
