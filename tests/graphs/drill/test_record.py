"""The drill's day record: ``start``, ``hint`` and ``check`` only ever append one JSON line each;
hints come one at a time in the study rule's order; the 30-minute rule; the summaries the
journal reads."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from graphs import drill, drills

ROOT = Path(__file__).resolve().parents[2]
SOLUTIONS = Path(__file__).resolve().parent / "drill_solutions"


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run(
        [sys.executable, "-m", "graphs.drill", *args],
        cwd=cwd, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip


def started(record: Path, problem: int, minutes_ago: float) -> None:
    """Append a ``start`` event as if the clock had started ``minutes_ago``."""
    at = dt.datetime.now().astimezone() - dt.timedelta(minutes=minutes_ago)
    event = {"event": "start", "problem": problem, "at": at.isoformat(timespec="seconds")}
    with record.open("a", encoding="utf-8") as f:
        f.write(json.dumps(event) + "\n")


def test_start_shows_the_problem_and_examples_and_appends_one_line(tmp_path):
    record = tmp_path / "day.jsonl"
    earlier = '{"event": "check", "problem": 695, "passed": true}\nnot json at all\n'
    record.write_text(earlier, encoding="utf-8")
    proc = run("start", "210", "--record", str(record))
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "LeetCode 210. Course Schedule II" in out and "사이클" in out
    assert "numCourses = 4, prerequisites = [[1,0],[2,0],[3,1],[3,2]]" in out
    assert (
        "def findOrder(self, numCourses: int, prerequisites: List[List[int]]) -> List[int]:" in out
    )
    assert str(record) in out
    text = record.read_text(encoding="utf-8")
    assert text.startswith(earlier)  # nothing earlier is touched, even a broken line
    (new,) = text[len(earlier) :].splitlines()
    event = json.loads(new)
    assert event["event"] == "start" and event["problem"] == 210
    assert dt.datetime.fromisoformat(event["at"]).tzinfo is not None


def test_the_default_record_is_todays_file_under_drills(tmp_path):
    proc = run("start", "numIslands", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    path = tmp_path / "drills" / f"{dt.date.today().isoformat()}.jsonl"
    assert [e["problem"] for e in drill.read_record(path)] == [200]


def test_hints_come_one_at_a_time_in_the_rule_order_and_are_recorded(tmp_path):
    record = tmp_path / "day.jsonl"
    started(record, 323, minutes_ago=5)
    shown = []
    for _ in range(3):
        proc = run("hint", "323", "--record", str(record))
        assert proc.returncode == 0, proc.stderr
        shown.append(proc.stdout)
    assert "규칙은 30분을 버틴 뒤" in shown[0] and "남았다" in shown[0]
    labels = ["그래프 표현", "BFS / DFS", "흔한 실수"]
    for i, (out, label) in enumerate(zip(shown, labels, strict=True), 1):
        assert f"힌트 {i}/3 — {label}:" in out
        assert drills.find(323).hints()[i - 1][1] in out
    last = run("hint", "323", "--record", str(record))
    assert "힌트 3개를 모두 봤다" in last.stdout
    hints = [e for e in drill.read_record(record) if e["event"] == "hint"]
    assert [e["field"] for e in hints] == labels
    assert all(4 <= e["minutes"] <= 10 for e in hints)


def test_after_thirty_minutes_the_hint_command_says_it_is_time(tmp_path):
    record = tmp_path / "day.jsonl"
    started(record, 200, minutes_ago=41)
    proc = run("hint", "200", "--record", str(record))
    assert "시작한 지 41분: 힌트를 볼 때다." in proc.stdout


@pytest.mark.parametrize("hint_first", [False, True])
def test_a_failed_check_after_thirty_minutes_says_to_take_a_hint(tmp_path, hint_first):
    record = tmp_path / "day.jsonl"
    started(record, 323, minutes_ago=35)
    if hint_first:
        run("hint", "323", "--record", str(record))
    proc = run("check", "323", str(SOLUTIONS / "no_class_323.py"), "--record", str(record))
    assert proc.returncode == 1
    nudge = "30분이 지났다. 힌트를 볼 때다: .venv/bin/python -m graphs.drill hint 323"
    assert (nudge in proc.stdout) is not hint_first
    check = drill.read_record(record)[-1]
    assert check["event"] == "check" and check["passed"] is False
    assert check["hint_taken"] is hint_first and 35 <= check["minutes"] < 40
    assert "2번째 시도" not in proc.stdout and "1번째 시도, 시작 후 35분" in proc.stdout


def test_a_check_records_the_failing_input_as_leetcode_input(tmp_path):
    record = tmp_path / "day.jsonl"
    proc = run("check", "695", str(SOLUTIONS / "mark_on_pop_695.py"), "--record", str(record))
    assert proc.returncode == 1
    assert "      11\n      11\n" in proc.stdout  # the grid drawn as rows of characters
    (event,) = drill.read_record(record)
    assert event["failing_input"] == "grid = [[1,1],[1,1]]"
    assert event["input"] == {"grid": [[1, 1], [1, 1]]} and event["verdict"] == "wrong_answer"
    assert event["minutes"] is None  # no start: no time


def _event(kind: str, minute: float, **extra) -> dict:
    at = dt.datetime(2026, 11, 30, 9, 0, tzinfo=dt.UTC) + dt.timedelta(minutes=minute)
    return {"event": kind, "problem": extra.pop("problem", 200), "at": at.isoformat(), **extra}


def test_summaries_count_from_the_latest_start_to_the_first_pass():
    events = [
        _event("start", 0, title="Number of Islands"),
        _event("check", 5, passed=False, verdict="syntax_error"),
        _event("start", 10),  # started over: the clock and the counts restart here
        _event("start", 1, problem=323, title="Components"),
        _event("check", 20, passed=False, verdict="wrong_answer"),
        _event("hint", 41, field="그래프 표현", minutes=31.0),
        _event("check", 50, passed=False, verdict="recursion"),
        _event("check", 55, passed=True, verdict="ok"),
        _event("check", 70, passed=True, verdict="ok"),  # after the pass: not counted
    ]
    islands, components = drill.attempt_summaries(events)
    assert islands["problem"] == 200 and islands["title"] == "Number of Islands"
    assert islands["minutes"] == 45.0 and islands["passed"] is True
    assert (islands["attempts"], islands["failures"]) == (3, 2)
    assert islands["verdicts"] == ["wrong_answer", "recursion"]
    assert islands["hints"] == 1 and islands["hint_fields"] == ["그래프 표현"]
    assert components["attempts"] == 0 and components["minutes"] is None
    assert not components["passed"]


def test_summaries_of_a_problem_never_passed_run_to_the_last_check():
    events = [_event("start", 0), _event("check", 12.5, passed=False, verdict="timeout")]
    (s,) = drill.attempt_summaries(events)
    assert s["minutes"] == 12.5 and not s["passed"] and s["attempts"] == s["failures"] == 1


def test_a_reader_that_goes_away_gets_no_traceback(tmp_path) -> None:
    # `... | head` closes the pipe: writing then raises BrokenPipeError, which must stay quiet.
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first line
    proc = subprocess.run(
        [sys.executable, "-m", "graphs.drill", "start", "695", "--record", str(tmp_path / "r")],
        stdout=write_end, stderr=subprocess.PIPE, text=True, cwd=ROOT,
    )  # fmt: skip
    os.close(write_end)
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 141
