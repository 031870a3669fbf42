"""What a drill record's event is: its fields, their types, and the days it may be dated.

An event is a JSON object with at least ``event`` (``"start"``, ``"hint"`` or ``"check"``),
``problem`` (the LeetCode number, an int) and ``at`` (an ISO 8601 timestamp *with* its UTC
offset); a ``check`` also has ``passed`` (true or false). The optional fields the readers use
have their types too: ``title``, ``field`` and ``verdict`` are strings, ``minutes`` a finite
number or null, ``hint`` an int, ``measured`` true or false (false: a pass written down without
the clock, by ``python -m graphs.drill solved``, whose time and hints nobody measured). Anything
else an event holds is kept as it is.
:func:`event_problem` says what is wrong with one; :func:`plausible` also asks that it is dated
from :data:`FIRST_DAY` to the day after today. :mod:`graphs.drill.record` reads and writes them.
"""

from __future__ import annotations

import datetime as dt
import json
import math
from typing import Any

__all__ = [
    "EVENTS",
    "FIRST_DAY",
    "aware_time",
    "date_problem",
    "event_problem",
    "last_day",
    "plausible",
]

EVENTS = ("start", "hint", "check")
#: The first plausible day of a drill event: LeetCode's graph problems this track drills were all
#: online by then, and nothing here is older. An earlier ``at`` is a typo, named and skipped.
FIRST_DAY = dt.date(2015, 1, 1)
# Optional fields the readers use: field -> (accepted types, what the message calls them).
_OPTIONAL: dict[str, tuple[tuple[type, ...], str]] = {
    "title": ((str,), "a string"),
    "field": ((str,), "a string"),
    "verdict": ((str,), "a string"),
    "minutes": ((int, float, type(None)), "a finite number or null"),
    "hint": ((int,), "an int"),
}


def last_day(today: dt.date | None = None) -> dt.date:
    """The last plausible day of an event: the day after ``today`` (default: the machine's).

    A day ahead is allowed because an event's day is read in its own UTC offset, which may be
    ahead of the machine's; anything later was typed wrong (or forged) and is skipped.

    Examples
    --------
    >>> last_day(dt.date(2026, 12, 31))
    datetime.date(2027, 1, 1)
    """
    if today is None:
        today = dt.date.today()
    if not isinstance(today, dt.date) or isinstance(today, dt.datetime):
        raise TypeError(f"today: expected a datetime.date, got {type(today).__name__}")
    return dt.date.max if today == dt.date.max else today + dt.timedelta(days=1)


def date_problem(event: dict[str, Any], last: dt.date) -> str | None:
    """What is wrong with the day of a valid event's ``at`` (read in its own offset), or None
    if it falls from :data:`FIRST_DAY` to ``last`` (:func:`last_day`).

    Examples
    --------
    >>> date_problem({"at": "2014-12-31T23:00:00+09:00"}, dt.date(2026, 12, 7))
    "'at' is dated 2014-12-31, before 2015-01-01 (the first plausible day)"
    """
    day = dt.datetime.fromisoformat(event["at"]).date()
    if day < FIRST_DAY:
        return f"'at' is dated {day}, before {FIRST_DAY} (the first plausible day)"
    if day > last:
        return f"'at' is dated {day}, after {last} (the day after today)"
    return None


def plausible(event: Any, today: dt.date | None = None) -> bool:
    """Whether ``event`` is a valid event (:func:`event_problem`) dated from :data:`FIRST_DAY`
    to :func:`last_day` of ``today``: what every reader of the records keeps.

    Examples
    --------
    >>> plausible({"event": "start", "problem": 200, "at": "2026-11-30T09:00:00+09:00"},
    ...           dt.date(2026, 11, 30))
    True
    >>> plausible({"event": "start", "problem": 200, "at": "9999-12-31T09:00:00+00:00"})
    False
    """
    return event_problem(event) is None and date_problem(event, last_day(today)) is None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _has_surrogates(text: str) -> bool:
    """True for text that is not valid Unicode (a lone surrogate from a ``"\\ud800"`` escape)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def aware_time(value: Any) -> dt.datetime | None:
    """``value`` as an aware datetime, or None if it is not an ISO timestamp with an offset.

    Examples
    --------
    >>> aware_time("2026-11-30T09:00:00+09:00").utcoffset()
    datetime.timedelta(seconds=32400)
    >>> aware_time("2026-11-30T09:00:00") is None
    True
    """
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
    if aware_time(at) is None:
        if isinstance(at, str) and not _has_surrogates(at):
            try:
                dt.datetime.fromisoformat(at)
            except ValueError:
                pass
            else:
                return f"'at' has no UTC offset (a naive timestamp): {_short(at)}"
        return f"'at' is not an ISO timestamp: {_short(at)}"
    for name in ("passed", "measured"):
        if name in event and not isinstance(event[name], bool):
            return f"'{name}' is not true or false: {_short(event[name])}"
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
