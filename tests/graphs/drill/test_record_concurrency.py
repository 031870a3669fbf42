"""One writer at a time: commands that append to one record at once keep every line, whole.

Every writer holds the record's exclusive ``flock`` while it reads what it needs and appends one
line in one ``write`` (:func:`graphs.drill.record.holding`), so processes appending at once lose
nothing, two ``hint`` commands at once take hints 1 and 2 (never 1 twice), and a ``hint`` taken
while a ``check`` runs is still there when the check has recorded its verdict.
"""

from __future__ import annotations

import datetime as dt
import fcntl
import json
import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

import pytest

from graphs.drill import cli, files
from graphs.drill import record as drill
from graphs.drill.problem import find
from tests.graphs.drill.helpers import SOLUTIONS, run_drill
from tests.helpers import PYTHON, ROOT

FORK = multiprocessing.get_context("fork")  # cheap: the children need no fresh imports


def _started(record: Path, problem: int, minutes_ago: float = 5) -> dict:
    at = dt.datetime.now().astimezone() - dt.timedelta(minutes=minutes_ago)
    event = {"event": "start", "problem": problem, "at": at.isoformat(timespec="seconds")}
    drill.append(record, event)
    return event


def _append_many(path: str, writer: int, count: int, go: object) -> None:
    """A child: wait for the start signal, then append ``count`` events tagged ``writer``."""
    go.wait()  # type: ignore[attr-defined]
    at = dt.datetime.now().astimezone().isoformat(timespec="seconds")
    for i in range(count):
        # a long title makes each line several KiB: a torn or interleaved write would show
        title = f"writer {writer} event {i} " + "가" * (1000 + 37 * writer)
        drill.append(
            Path(path), {"event": "hint", "problem": 200, "hint": writer * 1000 + i,
                         "title": title, "at": at},
        )  # fmt: skip


def _run_all(target, argsets: list[tuple]) -> None:
    go = FORK.Event()
    procs = [FORK.Process(target=target, args=(*args, go)) for args in argsets]
    for p in procs:
        p.start()
    go.set()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0, p.exitcode


def test_processes_appending_at_once_keep_every_line_whole(tmp_path):
    path = tmp_path / "drills" / "day.jsonl"
    path.parent.mkdir()
    path.write_text('{"event": "start", "problem": 200', encoding="utf-8")  # a torn tail
    writers, count = 4, 60
    _run_all(_append_many, [(str(path), w, count) for w in range(writers)])
    lines = path.read_bytes().split(b"\n")
    assert lines[-1] == b"" and lines[0] == b'{"event": "start", "problem": 200'
    events = [json.loads(line) for line in lines[1:-1]]  # every other line is whole JSON
    assert sorted(e["hint"] for e in events) == sorted(
        w * 1000 + i for w in range(writers) for i in range(count)
    )
    for e in events:
        w, i = divmod(e["hint"], 1000)
        assert e["title"] == f"writer {w} event {i} " + "가" * (1000 + 37 * w)
    # each writer's own lines in its own order
    for w in range(writers):
        mine = [e["hint"] % 1000 for e in events if e["hint"] // 1000 == w]
        assert mine == list(range(count))


def _hint(path: str, go: object) -> None:
    """A child: ``python -m graphs.drill hint 200 --record path``, its output dropped."""
    go.wait()  # type: ignore[attr-defined]
    with open(os.devnull, "w") as null:
        sys.stdout = null
        code = cli.main(["hint", "200", "--record", path])
    os._exit(code)


def test_hints_taken_at_once_are_one_two_three_never_one_twice(tmp_path):
    path = tmp_path / "day.jsonl"
    _started(path, 200)
    n = len(find(200).hints())
    _run_all(_hint, [(str(path),)] * n)
    hints = [e for e in drill.read_record(path) if e["event"] == "hint"]
    assert sorted(e["hint"] for e in hints) == list(range(1, n + 1))
    assert sorted(e["field"] for e in hints) == sorted(field for field, _ in find(200).hints())


def test_a_hint_while_a_check_runs_is_kept_when_the_check_records(tmp_path, monkeypatch, capsys):
    """The check's judge is replaced by one that takes a hint (another process) mid-judging."""
    from graphs.drill import judge, report

    path = tmp_path / "day.jsonl"
    start = _started(path, 200, minutes_ago=40)
    hinted = []

    def judging(number, file, options=None, **fields):
        proc = run_drill("hint", "200", "--record", str(path))
        hinted.append(proc)
        return {"status": "pass", "verdict": "ok", "message": "", "phase": "hard"}

    monkeypatch.setattr(judge, "check", judging)
    monkeypatch.setattr(report, "format_result", lambda *args: ["[통과]"])
    options = judge.CheckOptions(strict=False)
    assert cli.cmd_check(find(200), SOLUTIONS / "bfs_200.py", path, options) == 0
    assert hinted[0].returncode == 0, hinted[0].stderr
    events = drill.read_record(path)
    assert [e["event"] for e in events] == ["start", "hint", "check"]
    assert events[0] == start and events[1]["hint"] == 1
    assert events[2]["hint_taken"] is True  # the check saw the hint: it read under its lock
    assert "1번째 시도" in capsys.readouterr().out


@pytest.mark.slow
def test_a_real_hint_during_a_real_check_keeps_both_lines(tmp_path):
    path = tmp_path / "day.jsonl"
    _started(path, 200, minutes_ago=3)
    args = ["-m", "graphs.drill", "check", "200", str(SOLUTIONS / "bfs_200.py"),
            "--record", str(path), "--max-examples", "20", "--quiet"]  # fmt: skip
    check = subprocess.Popen([PYTHON, *args], cwd=ROOT, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)  # fmt: skip
    try:
        hint = run_drill("hint", "200", "--record", str(path))  # while the judge runs
        out, err = check.communicate(timeout=600)
    finally:
        check.kill()
        check.wait()
    assert hint.returncode == 0, hint.stderr
    assert check.returncode in (0, 1), out + err
    assert "풀이가 기록 파일" not in err  # nothing is restored, nobody is blamed
    kinds = sorted(e["event"] for e in drill.read_record(path))
    assert kinds == ["check", "hint", "start"]


def test_a_record_held_too_long_is_one_record_error_naming_it(tmp_path, monkeypatch):
    path = tmp_path / "day.jsonl"
    _started(path, 200)
    before = path.read_bytes()
    monkeypatch.setattr(files, "LOCK_SECONDS", 0.2)
    holder = os.open(path, os.O_RDONLY)  # another open file: flock conflicts even in-process
    try:
        fcntl.flock(holder, fcntl.LOCK_EX)
        with pytest.raises(drill.RecordError, match="another command has held it") as caught:
            drill.append(path, {"event": "start", "problem": 200, "at": drill.now().isoformat()})
        assert caught.value.path == path and "\n" not in str(caught.value)
        with pytest.raises(drill.RecordError, match="cannot read"):
            drill.read_record(path)  # a reader waits for a writer too, never reads half a line
    finally:
        os.close(holder)
    assert path.read_bytes() == before
    assert len(drill.read_record(path)) == 1  # released: readable again
