"""The drill record: one JSON object per line in ``drills/YYYY-MM-DD.jsonl``, only ever appended.

``start``, ``hint`` and ``check`` each append one event; :func:`attempt_summaries` turns a day's
events into the journal's rows (소요 시간, 힌트, 시도).

An event is a JSON object with at least ``event`` (``"start"``, ``"hint"`` or ``"check"``),
``problem`` (the LeetCode number, an int) and ``at`` (an ISO 8601 timestamp *with* its UTC
offset); a ``check`` also has ``passed`` (true or false). The optional fields the readers use
have their types too: ``title``, ``field`` and ``verdict`` are strings, ``minutes`` a finite
number or null, ``hint`` an int. Anything else an event holds is kept as it is.

The file is edited by hand now and then, and a full disk can tear its last line, so the reader
never trusts it: :func:`read_record` skips every line that is not such an event and, if asked,
names it as ``file:line: what is wrong``. :func:`append` writes whole lines only.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import os
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import Any

__all__ = [
    "EVENTS",
    "RECORD_DIR",
    "Guard",
    "RecordError",
    "append",
    "attempt_summaries",
    "default_record",
    "event_problem",
    "minutes_since",
    "now",
    "read_record",
    "session",
]

RECORD_DIR = Path("drills")
EVENTS = ("start", "hint", "check")
# Optional fields the readers use: field -> (accepted types, what the message calls them).
_OPTIONAL: dict[str, tuple[tuple[type, ...], str]] = {
    "title": ((str,), "a string"),
    "field": ((str,), "a string"),
    "verdict": ((str,), "a string"),
    "minutes": ((int, float, type(None)), "a finite number or null"),
    "hint": ((int,), "an int"),
}


class RecordError(ValueError):
    """The record cannot be read or written (a full disk, a directory in the way, no permission).

    ``path`` is the record file and ``reason`` the system's words for what went wrong.
    """

    def __init__(self, path: Path, reason: str, action: str = "append to") -> None:
        super().__init__(f"--record: cannot {action} {path} ({reason})")
        self.path = Path(path)
        self.reason = reason


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


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _has_surrogates(text: str) -> bool:
    """True for text that is not valid Unicode (a lone surrogate from a ``"\\ud800"`` escape)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _timestamp(value: Any) -> dt.datetime | None:
    """``value`` as an aware datetime, or None if it is not an ISO timestamp with an offset."""
    if not isinstance(value, str) or _has_surrogates(value):
        return None
    try:
        parsed = dt.datetime.fromisoformat(value)
    except ValueError:
        return None
    if parsed.utcoffset() is None:
        return None
    try:
        parsed.astimezone(dt.UTC)  # year 1 at +05:00 is before year 1 in UTC
    except OverflowError:
        return None
    return parsed


def event_problem(event: Any) -> str | None:
    """What is wrong with ``event`` as a record event, or None if it is a valid one.

    Examples
    --------
    >>> event_problem({"event": "start", "problem": 200, "at": "2026-11-30T09:00:00+09:00"})
    >>> event_problem({"event": "start", "problem": "200", "at": "2026-11-30T09:00:00+09:00"})
    "'problem' is not an int: '200'"
    >>> event_problem({"event": "start", "problem": 200, "at": "2026-11-30T09:00:00"})
    "'at' has no UTC offset (a naive timestamp): '2026-11-30T09:00:00'"
    """
    if not isinstance(event, dict):
        return f"not a JSON object but {_json_kind(event)}"
    missing = [f for f in ("event", "problem", "at") if f not in event]
    if event.get("event") == "check" and "passed" not in event:
        missing.append("passed")
    if missing:
        return "missing " + ", ".join(f"'{f}'" for f in missing)
    kind, problem, at = event["event"], event["problem"], event["at"]
    if kind not in EVENTS:
        return f"'event' is not one of {', '.join(EVENTS)}: {_short(kind)}"
    if not _is_int(problem):
        return f"'problem' is not an int: {_short(problem)}"
    if _timestamp(at) is None:
        if isinstance(at, str) and not _has_surrogates(at):
            try:
                dt.datetime.fromisoformat(at)
            except ValueError:
                pass
            else:
                return f"'at' has no UTC offset (a naive timestamp): {_short(at)}"
        return f"'at' is not an ISO timestamp: {_short(at)}"
    if "passed" in event and not isinstance(event["passed"], bool):
        return f"'passed' is not true or false: {_short(event['passed'])}"
    for name, (types, what) in _OPTIONAL.items():
        if name not in event:
            continue
        value = event[name]
        bad = not isinstance(value, types) or isinstance(value, bool)
        bad = bad or (isinstance(value, float) and not math.isfinite(value))
        bad = bad or (isinstance(value, str) and _has_surrogates(value))
        if bad:
            return f"'{name}' is not {what}: {_short(value)}"
    return None


def _json_kind(value: Any) -> str:
    names = {list: "a list", str: "a string", bool: "true/false", type(None): "null"}
    return names.get(type(value), "a number")


def _short(value: Any, width: int = 40) -> str:
    """``value`` as JSON for a message, cut to ``width`` characters (Unicode escaped)."""
    text = json.dumps(value, ensure_ascii=True, allow_nan=True)
    if isinstance(value, str):
        text = repr(value)
    return text if len(text) <= width else text[: width - 3] + "..."


def read_record(path: Path, problems: list[str] | None = None) -> list[dict[str, Any]]:
    """The valid events of a record file, oldest first; [] if the file does not exist.

    A line that is not a valid event (not UTF-8, not JSON, not an object, a missing field, a
    field of the wrong type, see :func:`event_problem`) is skipped, never fatal; when
    ``problems`` is a list, one ``file:line: what is wrong`` message per such line is appended
    to it (blank lines are skipped silently). A timestamp without a UTC offset
    (``"2026-11-30T09:00:00"``) is skipped as well, not read as local time: the machine that
    reads the record need not be in the zone the line was typed in.

    Raises
    ------
    RecordError
        If the file exists but cannot be read (no permission, a directory).
    """
    path = Path(path)
    if not path.exists():
        return []
    try:
        data = path.read_bytes()
    except OSError as err:
        raise RecordError(path, err.strerror or str(err), "read") from None
    events = []
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
            wrong = event_problem(event)
        if wrong is None:
            events.append(event)
        elif problems is not None:
            problems.append(f"{path}:{number}: {wrong}")
    return events


def _line(event: dict[str, Any]) -> bytes:
    """``event`` as one line of UTF-8 JSON (text that is not valid Unicode escaped)."""
    try:
        return (json.dumps(event, ensure_ascii=False, allow_nan=False) + "\n").encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate, e.g. in a file name that is not UTF-8
        return (json.dumps(event, ensure_ascii=True, allow_nan=False) + "\n").encode("ascii")


def append(path: Path, event: dict[str, Any]) -> None:
    """Append one event as one whole line; earlier lines are never touched.

    The line is flushed and (in a regular file) ``fsync``-ed before this returns. If the file
    does not end with a newline (its last line torn by a full disk or a crash), a newline is
    written first, so the torn line stays one malformed line (which :func:`read_record` skips
    and names) and this event is a line of its own.

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
    path = Path(path)
    try:
        created = not path.exists()
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a+b") as f:
            if f.seek(0, os.SEEK_END) > 0:
                f.seek(-1, os.SEEK_END)
                if f.read(1) != b"\n":
                    line = b"\n" + line
            f.write(line)
            f.flush()
            if stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # not /dev/null, a pipe, ...
                os.fsync(f.fileno())
        if created:
            _fsync_dir(path.parent)
    except OSError as err:
        raise RecordError(path, err.strerror or str(err)) from None


class Guard:
    """The record as it was before a check ran someone else's code, to put it back if changed.

    The judged solution runs as this user and could append a forged "passed" line to the
    record; the judge cannot stop a file write from another process, but it can see one.

    Examples
    --------
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "r.jsonl"
    >>> guard = Guard(path)
    >>> _ = path.write_text("forged\\n")
    >>> guard.restore()
    True
    >>> path.exists()
    False
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.before = self._bytes()

    def _bytes(self) -> bytes | None:
        try:
            return self.path.read_bytes() if self.path.is_file() else None
        except OSError:
            return None

    def restore(self) -> bool:
        """Put the record back as it was if it changed; whether it had changed."""
        if self._bytes() == self.before:
            return False
        if self.before is None:
            self.path.unlink(missing_ok=True)
        else:
            from docs.tools.files import replacing

            with replacing(self.path) as temporary:
                temporary.write_bytes(self.before)
        return True


def _fsync_dir(folder: Path) -> None:
    """Make a new file's directory entry durable too (best effort: not every system can)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


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
    started = _timestamp(session[0]["at"])
    if started is None:
        return None
    if now.utcoffset() is None:
        now = now.astimezone()
    return max(0.0, (now - started).total_seconds() / 60)


def attempt_summaries(events: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """One summary per problem of a day's record, in the order the problems were first touched.

    Each covers the problem's latest ``start`` and what followed: ``minutes`` from the start to
    the first passing check (or to the last check, if none passed; None without a start),
    ``passed``, ``attempts`` and ``failures`` (checks), ``verdicts`` of the failed checks,
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
                "hints": len(hints),
                "hint_fields": [e.get("field", "") for e in hints],
                "hint_minutes": [e.get("minutes") for e in hints],
            }
        )
    return summaries
