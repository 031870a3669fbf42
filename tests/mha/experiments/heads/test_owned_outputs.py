"""Every command owns only what it writes (issue 18): ``--publish`` replaces only a results file
of the same experiment (or creates a new one), outside ``--out``, and is refused up front
otherwise; two commands never share one ``--out`` at the same time.

No test here trains: the experiment itself is replaced by a stand-in that fails when called
(refusals) or returns an empty result (the lock)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import threading

import pytest

from mha.experiments.heads import cli as experiment
from tests.helpers import PYTHON, ROOT, TINY


def no_training(args):
    pytest.fail("training started")


def results_of(grid: str) -> str:
    """A minimal results file of this experiment's ``grid``."""
    return json.dumps({"config": {"grid": grid, "settings": []}, "environment": {}, "runs": [],
                       "summary": [], "verdict": [], "analysis": []})  # fmt: skip


def refused(argv: list[str], capsys, argument: str = "--publish") -> str:
    assert experiment.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {argument}: ") and err.count("\n") == 1, err
    return err


# ----------------------------------------------------------------------------- --publish


def test_publish_refuses_a_fifo(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(experiment, "experiment", no_training)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    err = refused([*TINY, "--out", str(tmp_path / "out"), "--publish", str(fifo)], capsys)
    assert "not a regular file" in err
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_publish_refuses_a_device(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(experiment, "experiment", no_training)
    device = tmp_path / "null"
    try:
        os.mknod(device, 0o666 | stat.S_IFCHR, os.stat("/dev/null").st_rdev)
    except (OSError, AttributeError) as e:
        pytest.skip(f"cannot make a device node here: {e}")
    err = refused([*TINY, "--out", str(tmp_path / "out"), "--publish", str(device)], capsys)
    assert "not a regular file" in err
    assert stat.S_ISCHR(device.lstat().st_mode)


def test_publish_refuses_a_symlink_to_dev_null(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(experiment, "experiment", no_training)
    link = tmp_path / "results.json"
    link.symlink_to("/dev/null")
    err = refused([*TINY, "--out", str(tmp_path / "out"), "--publish", str(link)], capsys)
    assert "symbolic link" in err
    assert link.is_symlink() and stat.S_ISCHR(os.stat("/dev/null").st_mode)


@pytest.mark.parametrize("name", ["runs/count-L0-h1-s0-abc.json", "results.json", "x.json"])
def test_publish_refuses_anything_under_out(tmp_path, capsys, monkeypatch, name):
    monkeypatch.setattr(experiment, "experiment", no_training)
    out = tmp_path / "out"
    target = out / name
    target.parent.mkdir(parents=True)
    target.write_text('{"a finished run": true}')
    err = refused([*TINY, "--out", str(out), "--publish", str(target)], capsys)
    assert "inside --out" in err
    assert target.read_text() == '{"a finished run": true}'


def test_publish_refuses_another_experiments_results_file(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(experiment, "experiment", no_training)
    other = tmp_path / "mha_bench.json"
    data = (ROOT / "docs" / "results" / "mha_bench.json").read_bytes()
    other.write_bytes(data)
    err = refused([*TINY, "--out", str(tmp_path / "out"), "--publish", str(other)], capsys)
    assert "not a results file of this experiment" in err
    assert other.read_bytes() == data


def test_publish_refuses_the_results_of_the_other_grid(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(experiment, "experiment", no_training)
    search = tmp_path / "heads_search.json"
    search.write_text(results_of("search"))
    err = refused([*TINY, "--out", str(tmp_path / "out"), "--publish", str(search)], capsys)
    assert "search grid" in err
    assert search.read_text() == results_of("search")


def test_publish_accepts_a_new_path_an_empty_file_or_a_results_file_of_its_grid(tmp_path):
    parse = experiment.build_parser().parse_args
    out = str(tmp_path / "out")
    (tmp_path / "empty.json").write_text("")
    (tmp_path / "old.json").write_text(results_of("study"))
    for target in ("sub/new.json", "empty.json", "old.json"):
        experiment.validate(parse([*TINY, "--out", out, "--publish", str(tmp_path / target)]))
    (tmp_path / "search.json").write_text(results_of("search"))
    experiment.validate(parse([*TINY, "--search", "--out", out, "--publish",
                               str(tmp_path / "search.json")]))  # fmt: skip


# ----------------------------------------------------------------------------- one --out, one run

HOLDER = """
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)
fcntl.flock(fd, fcntl.LOCK_EX)
os.ftruncate(fd, 0)
os.write(fd, f"{os.getpid()}\\n".encode())
print("locked", flush=True)
sys.stdin.read()  # hold the lock until the test closes our stdin
open(sys.argv[2], "w").close()  # the marker: written while the lock is still held
"""


@pytest.fixture
def holder(tmp_path):
    """A process holding the lock of ``tmp_path / "out"`` until its stdin is closed."""
    out = tmp_path / "out"
    out.mkdir()
    proc = subprocess.Popen(
        [PYTHON, "-c", HOLDER, str(out / ".lock"), str(tmp_path / "released")],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert proc.stdout.readline() == "locked\n"
        yield out, proc
    finally:
        if proc.poll() is None:
            proc.stdin.close()
            proc.wait(timeout=30)
        proc.stdout.close()


def test_a_second_run_into_a_busy_out_names_the_holder_and_exits(holder, capsys, monkeypatch):
    out, proc = holder
    monkeypatch.setattr(experiment, "experiment", no_training)
    assert experiment.main([*TINY, "--out", str(out)]) == experiment.BUSY
    err = capsys.readouterr().err
    assert err.startswith("error: --out: ") and err.count("\n") == 1, err
    assert f"process {proc.pid}" in err and "--wait" in err
    assert not (out / "results.json").exists()


def test_wait_waits_for_the_holder_to_finish(holder, tmp_path, capsys, monkeypatch):
    out, proc = holder
    released = tmp_path / "released"
    waiting = threading.Event()
    calls = []

    def after_the_holder(args):
        calls.append(released.exists())
        return {"summary": [], "verdict": []}

    monkeypatch.setattr(experiment, "experiment", after_the_holder)
    monkeypatch.setattr(experiment, "_say", lambda line: waiting.set())
    codes = []
    second = threading.Thread(target=lambda: codes.append(
        experiment.main([*TINY, "--out", str(out), "--wait"])))  # fmt: skip
    second.start()
    try:
        assert waiting.wait(timeout=60), "the second run did not wait for the lock"
        assert calls == []
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
        second.join(timeout=60)
    assert codes == [0] and calls == [True]


def test_the_lock_is_released_at_the_end(tmp_path, monkeypatch):
    monkeypatch.setattr(experiment, "experiment", lambda args: {"summary": [], "verdict": []})
    for _ in range(2):
        assert experiment.main([*TINY, "--out", str(tmp_path)]) == 0
