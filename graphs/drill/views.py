"""``list`` and ``review``: the track and the review queue, as the records stand on a day.

Both read every regular ``*.jsonl`` of ``--records`` once (:mod:`graphs.drill.practice`) and
write nothing. ``list`` groups the track by pattern with each problem's status, the day it was
last solved (marked when that pass was written down without the clock, so its time and hints were
never measured) and its next review; ``review`` names every problem due on the day, or, when none
is, every problem due on the next review day.
"""

from __future__ import annotations

import datetime as dt
import os
import stat
import sys
from pathlib import Path
from typing import Any

from graphs.drill import practice
from graphs.drill.files import kind

__all__ = ["CMD", "UsageError", "cmd_list", "cmd_review", "practice_events", "warn"]

CMD = ".venv/bin/python -m graphs.drill"
UNMEASURED_KO = "시간·힌트 재지 않음"


class UsageError(ValueError):
    """An argument the command refuses (printed as one ``error:`` line, exit 2)."""


def warn(problems: list[str]) -> None:
    """One ``warning:`` line on stderr per message (one per file at most, see read_record)."""
    for problem in problems:
        print(f"warning: {problem}", file=sys.stderr)


def practice_events(folder: Path, drills: list[Any], day: dt.date | None) -> list[dict[str, Any]]:
    """Every record's plausible events of known problems (as of ``day``, if given); one
    ``warning:`` line per record file with skipped lines, and one if there is no folder.

    Raises
    ------
    UsageError
        Naming ``--records``, if it is not a folder or cannot be used.
    """
    try:
        st = os.stat(folder)
    except (FileNotFoundError, NotADirectoryError):
        print(f"warning: --records: no folder {folder}; no records read", file=sys.stderr)
        return []
    except OSError as err:
        raise UsageError(f"--records: cannot use {folder} ({err.strerror or err})") from None
    if not stat.S_ISDIR(st.st_mode):
        what = kind(st.st_mode) or "a file"
        raise UsageError(f"--records: expected a folder, got {what}: {folder}")
    problems: list[str] = []
    events = practice.read_all(folder, [d.number for d in drills], problems)
    warn(problems)
    return events if day is None else practice.as_of(events, day)


def solved_text(review: practice.Review) -> str:
    """``"2026-10-05에 풀었다"``, with the mark of a pass whose time and hints were not measured.

    Examples
    --------
    >>> import fsrs
    >>> at = dt.datetime(2026, 10, 5, 12, tzinfo=dt.timezone(dt.timedelta(hours=9)))
    >>> solved_text(practice.Review(200, at, fsrs.Rating.Good, True, None, 0, 1, False))
    '2026-10-05에 풀었다, 시간·힌트 재지 않음'
    """
    mark = "" if review.measured else f", {UNMEASURED_KO}"
    return f"{review.at.date().isoformat()}에 풀었다{mark}"


def cmd_list(drills: list[Any], events: list[dict[str, Any]], today: dt.date) -> list[str]:
    """The track grouped by pattern: number, method, title, status, last pass, next review."""
    states = practice.status(events, today)
    solved = practice.passes(events)
    method_width = max((len(d.method) for d in drills), default=0)
    title_width = max((len(d.title) for d in drills), default=0)  # titles are ASCII
    lines = []
    for pattern in dict.fromkeys(d.pattern for d in drills):
        lines.append(pattern)
        for d in (d for d in drills if d.pattern == pattern):
            name, day = states.get(d.number, ("new", None))
            notes = [solved_text(solved[d.number][-1])] if d.number in solved else []
            if day is not None and name != "due":
                notes.append(f"다음 복습 {day.isoformat()}")
            when = f" ({'; '.join(notes)})" if notes else ""
            lines.append(
                f"  {d.number:>5}  {d.method:<{method_width}}  {d.title:<{title_width}}  "
                f"{practice.STATUS_KO[name]}{when}"
            )
    return lines


def cmd_review(drills: list[Any], events: list[dict[str, Any]], today: dt.date) -> list[str]:
    """Every problem due by ``today`` (most overdue first), or every one due on the next day."""
    titles = {d.number: d.title for d in drills}
    queue = practice.due(events, today)
    if not queue:
        lines = [f"{today.isoformat()}에 복습할 문제가 없다."]
        later = sorted(
            (day, n) for n, (_, day) in practice.status(events, today).items() if day is not None
        )
        if later:  # every problem due on the next review day, not only the first
            day = later[0][0]
            names = ", ".join(f"{n}. {titles[n]}" for d, n in later if d == day)
            lines.append(f"다음 복습: {day.isoformat()} {names}")
        return lines
    solved = practice.passes(events)
    lines = [f"{today.isoformat()}에 복습할 문제 {len(queue)}개:"]
    for n, day in queue:
        late = (today - day).days
        notes = [f"{late}일 지남"] if late else []
        if n in solved:
            notes.append(f"마지막으로 {solved_text(solved[n][-1])}")
        lines.append(f"  {n:>5}. {titles[n]}" + (f" ({'; '.join(notes)})" if notes else ""))
    lines.append(f"시작: {CMD} start {queue[0][0]}")
    return lines
