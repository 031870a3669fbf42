"""The readers of the records read only regular files, once each, and only plausible days.

A FIFO (in ``drills/`` or given as ``--record``) never makes a command wait; a directory named
``*.jsonl`` is one warning; a folder that cannot be listed or searched is one clear line; a
missing ``--records`` folder says so. An event dated before :data:`graphs.drill.record.FIRST_DAY`
or after tomorrow is named ``file:line`` and skipped, so one line dated 9999 never ends a
command in an ``OverflowError``. ``--date`` is exactly ``YYYY-MM-DD`` and every view is the
records as they stood at the end of that day.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from graphs.drill import cli, practice
from graphs.drill import record as drill
from graphs.drill.problem import drills
from tests.graphs.drill.helpers import run_drill

TODAY = dt.date.today()
KST = dt.timezone(dt.timedelta(hours=9))


def _at(day: dt.date, hour: int = 9, tz: dt.tzinfo = KST) -> str:
    return dt.datetime.combine(day, dt.time(hour), tz).isoformat()


def _session(problem: int, day: dt.date, passed: bool = True) -> list[dict]:
    return [
        {"event": "start", "problem": problem, "at": _at(day, 9)},
        {"event": "check", "problem": problem, "passed": passed, "at": _at(day, 10)},
    ]


def _write(path: Path, events: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as f:
        f.writelines(json.dumps(e) + "\n" for e in events)


def _main(capsys, *argv: str) -> tuple[int, str, list[str]]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err.splitlines()


# ----------------------------------------------------------------------------- not regular files


@pytest.mark.parametrize("kind", ["a FIFO", "a directory"])
def test_a_fifo_or_a_folder_given_as_record_is_refused_at_once(tmp_path, capsys, kind):
    path = tmp_path / "day.jsonl"
    if kind == "a FIFO":
        os.mkfifo(path)
    else:
        path.mkdir()
    for command in ("hint", "start"):  # in-process: a hang would stop the test run (timeout)
        code, out, err = _main(capsys, command, "200", "--record", str(path))
        assert (code, out) == (2, "")
        assert err == [f"error: --record: cannot append to {path} ({kind}, not a regular file)"]


def test_a_fifo_given_as_record_is_refused_by_the_command(tmp_path):
    fifo = tmp_path / "day.jsonl"
    os.mkfifo(fifo)
    proc = run_drill("hint", "200", "--record", str(fifo))  # a hang fails by its timeout
    assert proc.returncode == 2, proc.stdout + proc.stderr
    reason = "a FIFO, not a regular file"
    assert proc.stderr == f"error: --record: cannot append to {fifo} ({reason})\n"
    with pytest.raises(drill.NotARecord, match="a FIFO"):
        drill.read_record(fifo)
    with pytest.raises(drill.NotARecord, match="a FIFO"):
        drill.append(fifo, {"event": "start", "problem": 200, "at": _at(TODAY)})


def test_fifos_and_folders_among_the_records_are_one_warning_each(tmp_path, capsys):
    records = tmp_path / "drills"
    _write(records / "a.jsonl", _session(207, TODAY - dt.timedelta(days=1), passed=False))
    os.mkfifo(records / "b.jsonl")
    (records / "c.jsonl").mkdir()
    (records / "c.jsonl" / "x.jsonl").write_text("not a record\n", encoding="utf-8")
    for command in ("review", "list"):
        code, out, err = _main(capsys, command, "--records", str(records))
        assert code == 0
        assert err == [
            f"warning: {records / 'b.jsonl'}: a FIFO, not a regular file; skipped",
            f"warning: {records / 'c.jsonl'}: a directory, not a regular file; skipped",
        ]
        assert "207" in out  # the regular record is still read


def test_a_missing_records_folder_says_so(tmp_path, capsys):
    code, out, err = _main(capsys, "review", "--records", str(tmp_path / "none"))
    assert code == 0 and "복습할 문제가 없다" in out
    assert err == [f"warning: --records: no folder {tmp_path / 'none'}; no records read"]


def test_a_folder_that_cannot_be_listed_is_one_error_line(tmp_path, capsys, monkeypatch):
    records = tmp_path / "drills"
    _write(records / "a.jsonl", _session(200, TODAY))
    real = os.scandir

    def scandir(path="."):
        if Path(path) == records:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)  # what a folder without read permission gives
    code, out, err = _main(capsys, "list", "--records", str(records))
    assert (code, out) == (2, "")
    assert err == [f"error: --records: cannot list {records} (Permission denied)"]


def test_a_folder_that_cannot_be_searched_is_one_error_line(tmp_path, capsys, monkeypatch):
    records = tmp_path / "drills"
    for day in range(3):
        _write(records / f"{day}.jsonl", _session(200, TODAY - dt.timedelta(days=day)))
    real = os.stat

    def stat(path, *args, **kwargs):
        if Path(path).parent == records:  # what a folder without search permission gives
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", stat)
    code, out, err = _main(capsys, "review", "--records", str(records))
    assert (code, out) == (2, "")
    assert err == [f"error: --records: cannot read {records / '0.jsonl'} (Permission denied)"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads and searches any folder")
@pytest.mark.parametrize("mode", [0o300, 0o600], ids=["unreadable", "unsearchable"])
def test_a_folder_without_permission_is_one_error_line(tmp_path, mode):
    records = tmp_path / "drills"
    _write(records / "a.jsonl", _session(200, TODAY))
    records.chmod(mode)
    try:
        proc = run_drill("review", "--records", str(records))
    finally:
        records.chmod(0o700)
    assert proc.returncode == 2 and len(proc.stderr.splitlines()) == 1, proc.stderr
    assert proc.stderr.startswith("error: --records: cannot ") and "Traceback" not in proc.stderr


@pytest.mark.parametrize("command", ["list", "review"])
def test_ctrl_c_while_reading_records_is_130_and_one_line(tmp_path, capsys, monkeypatch, command):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(practice, "read_all", interrupted)
    code, out, err = _main(capsys, command, "--records", str(tmp_path))
    assert (code, out, err) == (130, "", ["interrupted: nothing was written"])


# ----------------------------------------------------------------------------- plausible days


def test_an_event_dated_9999_is_named_and_skipped_by_every_command(tmp_path, capsys):
    records = tmp_path / "drills"
    path = records / f"{TODAY.isoformat()}.jsonl"
    _write(path, _session(200, TODAY - dt.timedelta(days=3), passed=False))
    future = {"event": "check", "problem": 200, "passed": True, "at": "9999-12-30T09:00:00+00:00"}
    _write(path, [future])
    for command in ("list", "review"):
        code, out, err = _main(capsys, command, "--records", str(records))
        assert code == 0, err
        assert len(err) == 1 and err[0].startswith(f"warning: {path}:3: 'at' is dated 9999-12-30")
        assert "복습할 때" in out or "200." in out  # the failure of three days ago is due
    code, out, err = _main(capsys, "hint", "200", "--record", str(path))
    assert code == 0 and err[0].startswith(f"warning: {path}:3: 'at' is dated 9999-12-30")


@pytest.mark.parametrize(
    ("day", "kept"),
    [(drill.FIRST_DAY - dt.timedelta(days=1), False), (drill.FIRST_DAY, True),
     (TODAY, True), (TODAY + dt.timedelta(days=1), True), (TODAY + dt.timedelta(days=2), False),
     (dt.date(1, 1, 1), False), (dt.date.max, False)],
)  # fmt: skip
def test_the_plausible_days_run_from_the_first_day_to_tomorrow(tmp_path, day, kept):
    path = tmp_path / "r.jsonl"
    event = {"event": "start", "problem": 200, "at": _at(day, 12, dt.UTC)}
    _write(path, [event])
    problems: list[str] = []
    assert drill.read_record(path, problems) == ([event] if kept else [])
    assert (problems == []) is kept
    if not kept:
        assert problems[0].startswith(f"{path}:1: 'at' is dated {day.isoformat()}, ")


_any_time = st.builds(
    lambda moment, minutes: moment.replace(tzinfo=dt.timezone(dt.timedelta(minutes=minutes))),
    st.datetimes(dt.datetime(1, 1, 2), dt.datetime(9999, 12, 30)),
    st.integers(-23 * 60, 23 * 60),
)
_events = st.lists(
    st.builds(
        lambda kind, n, at, passed: {"event": kind, "problem": n, "at": at.isoformat(),
                                     **({"passed": passed} if kind == "check" else {})},
        st.sampled_from(drill.EVENTS), st.sampled_from([200, 207, 994]),
        _any_time | st.sampled_from([dt.datetime(9999, 12, 30, tzinfo=dt.UTC)]), st.booleans(),
    ),
    max_size=12,
)  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(events=_events, day=st.dates(drill.FIRST_DAY, TODAY + dt.timedelta(days=400)))
def test_no_date_makes_the_practice_views_raise_and_implausible_ones_count_for_nothing(events, day):
    kept = [e for e in events if drill.plausible(e)]
    assert practice.schedule(events) == practice.schedule(kept)
    assert practice.due(events, day) == practice.due(kept, day)
    assert practice.status(events, day) == practice.status(kept, day)
    assert practice.drill_days(events) == practice.drill_days(kept)
    patterns = {200: "a", 207: "b", 994: "a"}
    assert practice.pattern_stats(events, patterns) == practice.pattern_stats(kept, patterns)


# ----------------------------------------------------------------------------- --date


NOT_DATES = ["2026-W49-1", "20261201", "2026-12-01T00:00", "2026-02-30", "2026-12-1",
             " 2026-12-01", "2026-12-01\n", "١٢٣٤-١٢-٠١"]  # fmt: skip


@pytest.mark.parametrize("command", ["review", "list"])
@pytest.mark.parametrize("text", NOT_DATES)
def test_date_is_exactly_yyyy_mm_dd(tmp_path, capsys, command, text):
    from graphs.drill.dates import DATE_KO

    code, out, err = _main(capsys, command, "--records", str(tmp_path), "--date", text)
    assert (code, out) == (2, "")
    assert err == [f"error: --date: expected a real date as YYYY-MM-DD, got {text!r} ({DATE_KO})"]


@pytest.mark.parametrize("command", ["start", "hint", "check", "solved"])
@pytest.mark.parametrize("text", [*NOT_DATES[:2], "2014-12-31", "9999-01-01"])
def test_the_commands_that_append_take_a_date_a_record_can_hold(
    tmp_path, capsys, monkeypatch, command, text
):
    monkeypatch.chdir(tmp_path)
    code, out, err = _main(capsys, command, "200", "--date", text)
    assert (code, out) == (2, "")
    assert len(err) == 1 and err[0].startswith("error: --date: expected ") and "날" in err[0]
    assert not (tmp_path / "drills").exists()  # nothing was written


def test_list_and_review_are_as_of_the_date(tmp_path, capsys):
    records = tmp_path / "drills"
    day = TODAY - dt.timedelta(days=30)
    _write(records / "a.jsonl", _session(207, day - dt.timedelta(days=5), passed=False))
    _write(records / "b.jsonl", _session(200, day + dt.timedelta(days=1)))  # after the date
    _write(records / "c.jsonl", _session(207, day + dt.timedelta(days=2)))  # 207 passed later
    code, out, _ = _main(capsys, "list", "--records", str(records), "--date", day.isoformat())
    assert code == 0
    (line_200,) = [line for line in out.splitlines() if line.lstrip().startswith("200 ")]
    (line_207,) = [line for line in out.splitlines() if line.lstrip().startswith("207 ")]
    assert line_200.endswith(practice.STATUS_KO["new"])  # drilled only after the date
    assert line_207.endswith(practice.STATUS_KO["due"])  # its later pass is not counted
    code, out, _ = _main(capsys, "review", "--records", str(records), "--date", day.isoformat())
    assert code == 0 and "복습할 문제 1개" in out and "207." in out
    events = practice.read_all(records, [d.number for d in drills()])
    assert practice.as_of(events, day) == [e for e in events if e["at"] <= _at(day, 23)]
    # counting the later pass, 207 would not be due on the day: the date is what hid it
    assert practice.status(events, day)[207][0] == "passed"


def test_as_of_refuses_a_datetime():
    with pytest.raises(TypeError, match="day"):
        practice.as_of([], dt.datetime(2026, 12, 1))  # type: ignore[arg-type]
