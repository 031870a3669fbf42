"""The drill's day record: ``start``, ``hint`` and ``check`` only ever append one JSON line each;
hints come one at a time in the study rule's order; the 30-minute rule; the summaries the
journal reads."""

from __future__ import annotations

import datetime as dt
import json
import os
import random
import re
import subprocess
import uuid
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphs.drill import record as drill
from graphs.drill.problem import find
from tests.graphs.drill.helpers import GOOD, MALFORMED, SOLUTIONS, malformed_record, run_drill
from tests.helpers import PYTHON, ROOT


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
    proc = run_drill("start", "210", "--record", str(record))
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
    proc = run_drill("start", "numIslands", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    path = tmp_path / "drills" / f"{dt.date.today().isoformat()}.jsonl"
    assert [e["problem"] for e in drill.read_record(path)] == [200]


def test_hints_come_one_at_a_time_in_the_rule_order_and_are_recorded(tmp_path):
    record = tmp_path / "day.jsonl"
    started(record, 323, minutes_ago=5)
    given = find(323).hints()
    shown = []
    for _ in range(len(given)):
        proc = run_drill("hint", "323", "--record", str(record))
        assert proc.returncode == 0, proc.stderr
        shown.append(proc.stdout)
    assert "규칙은 30분을 버틴 뒤" in shown[0] and "남았다" in shown[0]
    for i, (out, (label, text)) in enumerate(zip(shown, given, strict=True), 1):
        assert f"힌트 {i}/{len(given)} — {label}:" in out
        # the mistake (or lesson) on a line of its own
        assert text in [line.strip() for line in out.splitlines()], out
    last = run_drill("hint", "323", "--record", str(record))
    assert f"힌트 {len(given)}개를 모두 봤다" in last.stdout
    hints = [e for e in drill.read_record(record) if e["event"] == "hint"]
    assert [e["field"] for e in hints] == [label for label, _ in given]
    assert all(4 <= e["minutes"] <= 10 for e in hints)


def test_after_thirty_minutes_the_hint_command_says_it_is_time(tmp_path):
    record = tmp_path / "day.jsonl"
    started(record, 200, minutes_ago=41)
    proc = run_drill("hint", "200", "--record", str(record))
    assert "시작한 지 41분: 힌트를 볼 때다." in proc.stdout


@pytest.mark.parametrize("hint_first", [False, True])
def test_a_failed_check_after_thirty_minutes_says_to_take_a_hint(tmp_path, hint_first):
    record = tmp_path / "day.jsonl"
    started(record, 323, minutes_ago=35)
    if hint_first:
        run_drill("hint", "323", "--record", str(record))
    proc = run_drill("check", "323", str(SOLUTIONS / "no_class_323.py"), "--record", str(record))
    assert proc.returncode == 1
    nudge = "30분이 지났다. 힌트를 볼 때다: .venv/bin/python -m graphs.drill hint 323"
    assert (nudge in proc.stdout) is not hint_first
    check = drill.read_record(record)[-1]
    assert check["event"] == "check" and check["passed"] is False
    assert check["hint_taken"] is hint_first and 35 <= check["minutes"] < 40
    assert "2번째 시도" not in proc.stdout and "1번째 시도, 시작 후 35분" in proc.stdout


def test_a_check_records_the_failing_input_as_leetcode_input(tmp_path):
    record = tmp_path / "day.jsonl"
    proc = run_drill("check", "695", str(SOLUTIONS / "mark_on_pop_695.py"), "--record", str(record))
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
        [PYTHON, "-m", "graphs.drill", "start", "695", "--record", str(tmp_path / "r")],
        stdout=write_end, stderr=subprocess.PIPE, text=True, cwd=ROOT,
    )  # fmt: skip
    os.close(write_end)
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 141


# ----------------------------------------------------------------------------- a hand-edited file


def test_every_malformed_kind_is_named_with_file_and_line_and_skipped(tmp_path):
    for i, (raw, what) in enumerate(MALFORMED):
        path = tmp_path / f"{i}.jsonl"
        path.write_bytes(json.dumps(GOOD).encode() + b"\n" + raw + b"\n")
        problems: list[str] = []
        assert drill.read_record(path, problems) == [GOOD]
        assert problems == [problems[0]] and problems[0].startswith(f"{path}:2: {what}")
        assert problems[0].endswith("; skipped")


def test_a_file_of_bad_lines_is_one_message_naming_the_first_and_counting_the_rest(tmp_path):
    path = tmp_path / "day.jsonl"
    numbers = malformed_record(path)
    problems: list[str] = []
    assert drill.read_record(path, problems) == [GOOD]
    (message,) = problems
    assert message.startswith(f"{path}:{numbers[0]}: {MALFORMED[0][1]}")
    assert message.endswith(f"; skipped (and {len(numbers) - 1} more bad lines after it)")
    assert drill.read_record(path) == [GOOD]  # without a list: skipped all the same


def test_a_binary_file_is_one_message_not_one_per_line(tmp_path):
    path = tmp_path / "day.jsonl"
    noise = random.Random(7).randbytes(1 << 20)  # a MiB of noise: thousands of "lines"
    path.write_bytes(json.dumps(GOOD).encode() + b"\n" + noise)
    problems: list[str] = []
    assert drill.read_record(path, problems) == [GOOD]
    (message,) = problems
    bad = sum(1 for line in noise.split(b"\n") if line.strip())
    assert message.startswith(f"{path}:2: ") and bad > 1000
    assert message.endswith(f"(and {bad - 1} more bad lines after it)")


def test_blank_lines_are_skipped_silently_and_count_for_the_line_numbers(tmp_path):
    path = tmp_path / "day.jsonl"
    path.write_text(f"\n{json.dumps(GOOD)}\n  \nnope\n", encoding="utf-8")
    problems: list[str] = []
    assert drill.read_record(path, problems) == [GOOD]
    assert problems == [f"{path}:4: not JSON (Expecting value); skipped"]


def test_summaries_and_minutes_never_raise_on_malformed_events():
    junk = [json.loads(raw) for raw, _ in MALFORMED[2:-1]]  # the ones that are JSON
    events = [GOOD, *junk, {"event": "check", "problem": 200, "passed": True,
                            "at": "2026-11-30T09:30:00+09:00"}]  # fmt: skip
    (summary,) = drill.attempt_summaries(events)
    assert summary["minutes"] == 30.0 and summary["passed"]
    assert drill.minutes_since([junk[3]], dt.datetime.now()) is None
    naive_now = dt.datetime(2026, 11, 30, 9, 0)  # taken as local time, never a TypeError
    assert drill.minutes_since([GOOD], naive_now) is not None


def test_a_torn_tail_stays_one_malformed_line_and_the_next_event_is_intact(tmp_path):
    path = tmp_path / "day.jsonl"
    torn = json.dumps(GOOD)[:30]  # a full disk stopped the write mid-line
    path.write_text(json.dumps(GOOD) + "\n" + torn, encoding="utf-8")
    nxt = {"event": "check", "problem": 200, "passed": True, "verdict": "ok",
           "at": "2026-11-30T09:45:00+09:00"}  # fmt: skip
    drill.append(path, nxt)
    problems: list[str] = []
    assert drill.read_record(path, problems) == [GOOD, nxt]
    assert len(problems) == 1 and problems[0].startswith(f"{path}:2: not JSON")
    assert path.read_text(encoding="utf-8").endswith("\n")
    assert path.read_text(encoding="utf-8").splitlines()[1] == torn


def test_append_writes_whole_lines_and_never_touches_earlier_ones(tmp_path):
    path = tmp_path / "sub" / "day.jsonl"  # the folder is made
    drill.append(path, GOOD)
    before = path.read_bytes()
    drill.append(path, GOOD)
    assert path.read_bytes() == before * 2 and before.endswith(b"\n") and before.count(b"\n") == 1


@pytest.mark.parametrize("where", ["parent-is-a-file", "a-directory"])
def test_a_record_that_cannot_be_written_raises_one_record_error(tmp_path, where):
    blocker = tmp_path / "blocker"
    if where == "parent-is-a-file":
        blocker.write_text("x", encoding="utf-8")
        path = blocker / "day.jsonl"
    else:
        blocker.mkdir()
        path = blocker
    with pytest.raises(drill.RecordError) as caught:
        drill.append(path, GOOD)
    assert caught.value.path == path and caught.value.reason
    assert str(caught.value) == f"--record: cannot append to {path} ({caught.value.reason})"
    assert "\n" not in str(caught.value)


def test_append_refuses_an_invalid_event_before_writing(tmp_path):
    path = tmp_path / "day.jsonl"
    with pytest.raises(ValueError, match="no UTC offset"):
        drill.append(path, {**GOOD, "at": "2026-11-30T09:00:00"})
    assert not path.exists()


# ----------------------------------------------------------------------------- properties

_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=20)
_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=10),  # lone surrogates too: written escaped, read back equal
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner,
                                                               max_size=4),
    max_leaves=10,
)  # fmt: skip
_offsets = st.integers(-23 * 60 - 59, 23 * 60 + 59).map(
    lambda m: dt.timezone(dt.timedelta(minutes=m))
)
#: Moments of the plausible days (the first one to today), each in some UTC offset: the day
#: in its own offset is the day drawn.
_times = st.builds(
    lambda moment, tz: moment.replace(tzinfo=tz).isoformat(),
    st.datetimes(dt.datetime.combine(drill.FIRST_DAY, dt.time()),
                 dt.datetime.combine(dt.date.today(), dt.time())),
    _offsets,
)  # fmt: skip
_KNOWN = {"event", "problem", "at", "passed", "title", "field", "verdict", "minutes", "hint"}


@st.composite
def valid_events(draw: st.DrawFn) -> dict:
    kind = draw(st.sampled_from(drill.EVENTS))
    event = {"event": kind, "problem": draw(st.integers(-(2**70), 2**70)), "at": draw(_times)}
    if kind == "check" or draw(st.booleans()):
        event["passed"] = draw(st.booleans())
    optional = {
        "title": _text, "field": _text, "verdict": _text, "hint": st.integers(),
        "minutes": st.none() | st.floats(allow_nan=False, allow_infinity=False),
    }  # fmt: skip
    for name, strategy in optional.items():
        if draw(st.booleans()):
            event[name] = draw(strategy)
    extra = draw(st.dictionaries(st.text(max_size=8).filter(lambda k: k not in _KNOWN), _json,
                                 max_size=3))  # fmt: skip
    return {**event, **extra}


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(events=st.lists(valid_events(), max_size=8))
def test_any_valid_events_written_by_append_read_back_equal(tmp_path, events):
    path = tmp_path / f"{uuid.uuid4().hex}.jsonl"
    for event in events:
        drill.append(path, event)
    problems: list[str] = []
    assert drill.read_record(path, problems) == events
    assert problems == []
    drill.attempt_summaries(events)  # and the summaries take them


_lines = st.one_of(
    _json,
    st.fixed_dictionaries(
        {"event": st.sampled_from(drill.EVENTS) | _json, "problem": st.integers() | _json,
         "at": _times | st.sampled_from(["2026-11-30T09:00:00", "0001-01-01T00:00:00+05:00"])
         | _json},
        optional={"passed": st.booleans() | _json, "title": _text | _json,
                  "minutes": st.floats() | _json, "field": _json, "hint": _json},
    ),
)  # fmt: skip


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(values=st.lists(_lines, max_size=10))
def test_no_valid_json_line_makes_the_readers_raise(tmp_path, values):
    from studylog import drill_log

    path = tmp_path / f"{uuid.uuid4().hex}.jsonl"
    path.write_text("".join(json.dumps(v) + "\n" for v in values), encoding="utf-8")
    problems: list[str] = []
    events = drill.read_record(path, problems)
    bad = 0
    if problems:  # one message for the file: the first bad line and how many more
        (message,) = problems
        more = re.search(r"\(and (\d+) more bad lines? after it\)$", message)
        bad = 1 + (int(more[1]) if more else 0)
    assert len(events) + bad == len(values)
    for summaries in (drill.attempt_summaries(events), drill.attempt_summaries(values)):
        drill_log.drill_log(dt.date(2026, 11, 30), summaries)
    for number in {e["problem"] for e in events}:
        drill.minutes_since(drill.session(values, number), drill.now())
