"""The drill record: one JSON object per line in ``drills/YYYY-MM-DD.jsonl``, only ever appended.

``start``, ``hint`` and ``check`` each append one event; :func:`attempt_summaries` turns a day's
events into the journal's rows (소요 시간, 힌트, 시도).

What an event is (its fields and their types, the days it may be dated) is
:mod:`graphs.drill.events`; its names are also importable from here.

The file is edited by hand now and then, and a full disk can tear its last line, so the reader
never trusts it: :func:`read_record` skips every line that is not such an event, or is dated
outside the plausible days (:data:`FIRST_DAY` to the day after today), and, if asked, names the
first as ``file:line: what is wrong`` with how many more there were (one message per file).

Several commands may use one record at once (a ``hint`` while a ``check`` runs): every writer
holds the record's exclusive ``flock`` while it reads what it needs and appends
(:func:`holding`, :func:`append`), and writes each event as one whole line in one ``write`` to a
file opened with ``O_APPEND``, so no line is lost or torn and nothing is ever rewritten. Only
regular files are read or written (:mod:`graphs.drill.files`): a FIFO never makes a command wait.
"""

from __future__ import annotations

import datetime as dt
import fcntl
import json
import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from graphs.drill.events import (
    EVENTS,
    FIRST_DAY,
    aware_time,
    date_problem,
    event_problem,
    last_day,
    plausible,
)
from graphs.drill.files import (
    NotARecord,
    RecordError,
    fsync_dir,
    lock,
    open_regular,
    read_whole,
)

__all__ = [
    "EVENTS",
    "FIRST_DAY",
    "RECORD_DIR",
    "Held",
    "NotARecord",
    "RecordError",
    "append",
    "attempt_summaries",
    "default_record",
    "event_problem",
    "holding",
    "last_day",
    "minutes_since",
    "now",
    "plausible",
    "read_record",
    "session",
]

RECORD_DIR = Path("drills")


def default_record(date: dt.date | None = None) -> Path:
    """``drills/YYYY-MM-DD.jsonl`` (relative to the current folder) for ``date`` or today.

    Examples
    --------
    >>> default_record(dt.date(2026, 11, 30)).as_posix()
    'drills/2026-11-30.jsonl'
    """
    return RECORD_DIR / f"{(date or dt.date.today()).isoformat()}.jsonl"


def now() -> dt.datetime:
    """The current time with the local UTC offset (what every event's ``at`` holds)."""
    return dt.datetime.now().astimezone()


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _parse(
    data: bytes,
    path: Path,
    problems: list[str] | None,
    known: Iterable[int] | None,
    today: dt.date | None,
) -> list[dict[str, Any]]:
    """The valid events of a record's bytes; one message for its bad lines (see read_record)."""
    numbers = None if known is None else set(known)
    last = last_day(today)
    events = []
    bad: list[tuple[int, str]] = []
    for number, raw in enumerate(data.split(b"\n"), 1):
        if not raw.strip():
            continue
        wrong = None
        try:
            event = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            wrong = "not UTF-8 text"
        except ValueError as err:
            wrong = f"not JSON ({err.msg if isinstance(err, json.JSONDecodeError) else err})"
        except RecursionError:
            wrong = "JSON nested too deeply"
        else:
            wrong = event_problem(event) or date_problem(event, last)
            if wrong is None and numbers is not None and event["problem"] not in numbers:
                wrong = f"problem {event['problem']} is not a drill here"
        if wrong is None:
            events.append(event)
        elif problems is not None:
            bad.append((number, wrong))
    if bad and problems is not None:
        number, wrong = bad[0]
        more = f" (and {_plural(len(bad) - 1, 'more bad line')} after it)" if len(bad) > 1 else ""
        problems.append(f"{path}:{number}: {wrong}; skipped{more}")
    return events


def read_record(
    path: Path,
    problems: list[str] | None = None,
    *,
    known: Iterable[int] | None = None,
    today: dt.date | None = None,
) -> list[dict[str, Any]]:
    """The valid events of a record file, in file order; [] if the file does not exist.

    A line that is not a valid event (not UTF-8, not JSON, not an object, a missing field, a
    field of the wrong type, see :func:`event_problem`), one dated outside the plausible days
    (:data:`FIRST_DAY` to the day after ``today``, see :func:`last_day`) and, when ``known`` is
    given, one of a problem not in it, is skipped, never fatal. When ``problems`` is a list,
    the file's bad lines append ONE message to it: ``file:line: what is wrong; skipped``
    naming the first, with how many more there were (a binary file is one message, not
    thousands). Blank lines are skipped silently. A timestamp without a UTC offset
    (``"2026-11-30T09:00:00"``) is skipped as well, not read as local time: the machine that
    reads the record need not be in the zone the line was typed in.

    The file is read once, under a shared lock (so never half of an event being appended), and
    only if it is a regular file: a FIFO or a device is refused without being opened for long,
    so a reader never hangs. ``/dev/null`` reads as an empty record.

    Raises
    ------
    NotARecord
        (a :class:`RecordError`) if the path is a directory, a FIFO, a socket or a device.
    RecordError
        If the file exists but cannot be read (no permission, a folder that cannot be searched).

    Examples
    --------
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "2026-11-30.jsonl"
    >>> future = '{"event": "start", "problem": 200, "at": "9999-01-01T09:00:00+00:00"}'
    >>> _ = path.write_text(future + '\\nnot json\\n{"event": "start", "problem": 200,\\n')
    >>> problems = []
    >>> read_record(path, problems)
    []
    >>> problems[0].startswith(f"{path}:1: 'at' is dated 9999-01-01, after ")
    True
    >>> problems[0].endswith("; skipped (and 2 more bad lines after it)")
    True
    """
    path = Path(path)
    opened = open_regular(path, os.O_RDONLY, "read")
    if opened is None:
        return []
    fd, null = opened
    try:
        if not null:
            lock(fd, path, fcntl.LOCK_SH, "read")
        try:
            data = read_whole(fd)
        except OSError as err:
            raise RecordError(path, err.strerror or str(err), "read") from None
    finally:
        os.close(fd)
    return _parse(data, path, problems, known, today)


def _line(event: dict[str, Any]) -> bytes:
    """``event`` as one line of UTF-8 JSON (text that is not valid Unicode escaped)."""
    try:
        return (json.dumps(event, ensure_ascii=False, allow_nan=False) + "\n").encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate, e.g. in a file name that is not UTF-8
        return (json.dumps(event, ensure_ascii=True, allow_nan=False) + "\n").encode("ascii")


class Held:
    """A record held under an exclusive lock: what a command reads and appends is one step.

    Made by :func:`holding`; no other writer (nor a reader) gets in between, so a ``hint`` that
    counts the hints taken and appends the next one never races another ``hint``.
    """

    def __init__(self, path: Path, fd: int, null: bool) -> None:
        self.path = path
        self._fd = fd
        self._null = null

    def read(
        self, problems: list[str] | None = None, *, today: dt.date | None = None
    ) -> list[dict[str, Any]]:
        """The record's valid events, as :func:`read_record` reads them."""
        try:
            data = b"" if self._null else read_whole(self._fd)
        except OSError as err:
            raise RecordError(self.path, err.strerror or str(err), "read") from None
        return _parse(data, self.path, problems, None, today)

    def append(self, event: dict[str, Any]) -> None:
        """Append ``event`` as one whole line in one write (see :func:`append`).

        Raises
        ------
        ValueError
            If ``event`` is not a valid event (:func:`event_problem`): a bug of the caller.
        RecordError
            If the file cannot be written, with the system's reason.
        """
        wrong = event_problem(event)
        if wrong is not None:
            raise ValueError(f"not a valid drill event: {wrong}")
        line = _line(event)
        fd = self._fd
        try:
            size = os.fstat(fd).st_size
            if not self._null and size > 0 and os.pread(fd, 1, size - 1) != b"\n":
                line = b"\n" + line  # a torn last line stays one bad line of its own
            view = memoryview(line)
            while view:  # one write: a regular file takes it whole unless the disk is full
                view = view[os.write(fd, view) :]
            if not self._null:
                os.fsync(fd)
        except OSError as err:
            raise RecordError(self.path, err.strerror or str(err)) from None


@contextmanager
def holding(path: Path) -> Iterator[Held]:
    """The record at ``path`` opened for appending (created with its folder if missing) and held
    under an exclusive ``flock`` until the block ends.

    Every command that appends to a record appends through this, so two commands on one record
    at once keep every line: the second waits for the first (at most
    :data:`graphs.drill.files.LOCK_SECONDS`).

    Raises
    ------
    NotARecord
        (a :class:`RecordError`) if the path is a directory, a FIFO, a socket or a device.
    RecordError
        If it cannot be created, opened or locked, with the reason.

    Examples
    --------
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "drills" / "2026-11-30.jsonl"
    >>> with holding(path) as record:
    ...     taken = sum(e["event"] == "hint" for e in record.read())
    ...     record.append({"event": "hint", "problem": 200, "hint": taken + 1,
    ...                    "at": "2026-11-30T09:31:00+09:00"})
    >>> [e["hint"] for e in read_record(path)]
    [1]
    """
    path = Path(path)
    existed = os.path.lexists(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise RecordError(path, err.strerror or str(err)) from None
    opened = open_regular(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, "append to")
    assert opened is not None  # O_CREAT: there is a file or an error
    fd, null = opened
    try:
        if not null:
            lock(fd, path, fcntl.LOCK_EX, "append to")
        if not existed:
            fsync_dir(path.parent)
        yield Held(path, fd, null)
    finally:
        os.close(fd)  # also releases the lock


def append(path: Path, event: dict[str, Any]) -> None:
    """Append one event as one whole line, under the record's lock; earlier lines are never
    touched.

    The line goes out in one ``write`` to a file opened with ``O_APPEND`` while this process
    holds the record's exclusive lock (:func:`holding`), and is ``fsync``-ed before this
    returns. If the file does not end with a newline (its last line torn by a full disk or a
    crash), a newline is written first, so the torn line stays one malformed line (which
    :func:`read_record` skips and names) and this event is a line of its own.

    Raises
    ------
    ValueError
        If ``event`` is not a valid event (:func:`event_problem`): a bug of the caller.
    NotARecord
        (a :class:`RecordError`) if the path is a directory, a FIFO, a socket or a device.
    RecordError
        If the file cannot be written, with the system's reason.
    """
    wrong = event_problem(event)
    if wrong is not None:
        raise ValueError(f"not a valid drill event: {wrong}")
    with holding(path) as record:
        record.append(event)


def _valid(events: Iterable[Any]) -> list[dict[str, Any]]:
    return [e for e in events if event_problem(e) is None]


def session(events: Iterable[dict[str, Any]], number: int) -> list[dict[str, Any]]:
    """The events of ``number`` since its latest ``start`` (all of them if never started).

    Events that are not valid (:func:`event_problem`) are left out.
    """
    mine = [e for e in _valid(events) if e["problem"] == number]
    starts = [i for i, e in enumerate(mine) if e["event"] == "start"]
    return mine[starts[-1] :] if starts else mine


def minutes_since(session: list[dict[str, Any]], now: dt.datetime) -> float | None:
    """Minutes from the session's ``start`` to ``now`` (never negative); None without a start.

    A naive ``now`` is taken as local time.
    """
    if not session or event_problem(session[0]) is not None or session[0]["event"] != "start":
        return None
    started = aware_time(session[0]["at"])
    if started is None:
        return None
    if now.utcoffset() is None:
        now = now.astimezone()
    return max(0.0, (now - started).total_seconds() / 60)


def attempt_summaries(events: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """One summary per problem of a day's record, in the order the problems were first touched.

    Each covers the problem's latest ``start`` and what followed: ``minutes`` from the start to
    the first passing check (or to the last check, if none passed; None without a start),
    ``passed``, ``attempts`` and ``failures`` (checks), ``verdicts`` of the failed checks and
    their ``failing_inputs`` (the judge's smallest failing input as LeetCode writes it, or None),
    ``hints`` (count) with their ``hint_fields`` and ``hint_minutes``. Events that are not valid
    (:func:`event_problem`) are left out.

    Examples
    --------
    >>> events = [
    ...     {"event": "start", "problem": 200, "title": "Number of Islands",
    ...      "at": "2026-11-30T09:00:00+09:00"},
    ...     {"event": "hint", "problem": 200, "field": "그래프 표현", "minutes": 31.0,
    ...      "at": "2026-11-30T09:31:00+09:00"},
    ...     {"event": "check", "problem": 200, "passed": False, "verdict": "wrong_answer",
    ...      "at": "2026-11-30T09:40:00+09:00"},
    ...     {"event": "check", "problem": 200, "passed": True, "verdict": "ok",
    ...      "at": "2026-11-30T09:45:30+09:00"}]
    >>> s = attempt_summaries(events)[0]
    >>> s["minutes"], s["passed"], s["attempts"], s["failures"], s["hints"]
    (45.5, True, 2, 1, 1)
    """
    events = _valid(events)
    order: list[int] = []
    titles: dict[int, str] = {}
    for e in events:
        if e["problem"] not in order:
            order.append(e["problem"])
        if e.get("title"):
            titles[e["problem"]] = e["title"]
    summaries = []
    for number in order:
        mine = session(events, number)
        checks = [e for e in mine if e["event"] == "check"]
        hints = [e for e in mine if e["event"] == "hint"]
        passes = [e for e in checks if e["passed"]]
        end = passes[0] if passes else (checks[-1] if checks else None)
        started = mine[0]["event"] == "start"
        minutes = None
        if end is not None and started:
            minutes = minutes_since(mine, dt.datetime.fromisoformat(end["at"]))
        counted = checks[: checks.index(passes[0]) + 1] if passes else checks
        summaries.append(
            {
                "problem": number,
                "title": titles.get(number, ""),
                "started": mine[0]["at"] if started else None,
                "minutes": None if minutes is None else round(minutes, 1),
                "passed": bool(passes),
                "attempts": len(counted),
                "failures": sum(not e["passed"] for e in counted),
                "verdicts": [e.get("verdict", "") for e in counted if not e["passed"]],
                "failing_inputs": [e.get("failing_input") for e in counted if not e["passed"]],
                "hints": len(hints),
                "hint_fields": [e.get("field", "") for e in hints],
                "hint_minutes": [e.get("minutes") for e in hints],
            }
        )
    return summaries
