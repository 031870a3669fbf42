"""A worker killed by a signal or a full disk ends the execution in one line with a non-zero
exit code, never a traceback, and the runs finished before are kept (issue 18)."""

from __future__ import annotations

import errno
import json
import os
import signal
from pathlib import Path

import pytest

from mha.experiments import runner
from mha.experiments.store import run_path
from tests.mha.experiments.test_runner import SPECS, Toy, toy_check, toy_run


def killed_at_three(spec: Toy, step_callback=None) -> dict:
    """A module-level run whose worker kills itself on spec 3 (after 0, 1, 2 are saved)."""
    if spec.x == 3:
        os.kill(os.getpid(), signal.SIGKILL)
    return toy_run(spec)


def test_a_worker_killed_by_sigkill_ends_in_one_line_and_keeps_the_finished_runs(
    tmp_path: Path, capsys
):
    for spec in SPECS[:3]:  # finished by an earlier execution
        runner.execute([spec], tmp_path, toy_run, toy_check, jobs=1, quiet=True)
    code = runner.interruptible(
        lambda: runner.execute(SPECS, tmp_path, killed_at_three, toy_check, jobs=2, quiet=True),
        tmp_path / "runs",
    )
    assert code == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: "), err
    assert "SIGKILL" in err and "toy-x3" in err and str(tmp_path / "runs") in err
    assert "Traceback" not in err
    for spec in SPECS[:3]:
        assert json.loads(run_path(tmp_path, spec).read_text())["y"] == spec.x
    # The next execution runs only what is missing.
    records = runner.execute(SPECS, tmp_path, toy_run, toy_check, jobs=2, quiet=True)
    assert {s.x: r["y"] for s, r in records.items()} == {s.x: s.x for s in SPECS}


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_full_disk_ends_in_one_line_and_keeps_the_finished_runs(
    tmp_path: Path, capsys, monkeypatch, jobs: int
):
    real = runner.save_finished
    saved = []

    def disk_full_after_two(out, spec, record):
        if len(saved) == 2:
            path = run_path(out, spec)
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        saved.append(spec)
        return real(out, spec, record)

    monkeypatch.setattr(runner, "save_finished", disk_full_after_two)
    code = runner.interruptible(
        lambda: runner.execute(SPECS, tmp_path, toy_run, toy_check, jobs=jobs, quiet=True),
        tmp_path / "runs",
    )
    assert code == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: cannot save run "), err
    assert os.strerror(errno.ENOSPC) in err and "Traceback" not in err
    assert sorted(p.name for p in (tmp_path / "runs").iterdir()) == sorted(
        run_path(tmp_path, s).name for s in saved
    )
    for spec in saved:
        assert json.loads(run_path(tmp_path, spec).read_text()) == toy_run(spec)


def test_an_os_error_outside_the_runs_ends_in_one_line(tmp_path: Path, capsys):
    def results_file_on_a_full_disk():
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(tmp_path / "results.json"))

    assert runner.interruptible(results_file_on_a_full_disk, tmp_path / "runs") == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(tmp_path / "results.json") in err
    assert os.strerror(errno.ENOSPC) in err


def test_publish_leaves_no_temporary_and_replaces_a_symlinked_temporary_name(tmp_path: Path):
    """The copy goes through a fresh temporary file: a planted ``.name.tmp`` is not written
    through."""
    source, target = tmp_path / "results.json", tmp_path / "pub.json"
    source.write_text('{"new": 1}\n')
    victim = tmp_path / "victim"
    victim.write_text("keep")
    (tmp_path / ".pub.json.tmp").symlink_to(victim)
    runner.publish(source, target)
    assert target.read_text() == '{"new": 1}\n' and victim.read_text() == "keep"
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [".pub.json.tmp", "pub.json", "results.json", "victim"]
