"""A day's drill record for the journal's tests: the events and how they are written."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path


def drill_events(day: dt.date) -> list[dict]:
    """A morning of drills: 200 passed after a hint, 210 failed for time, 323 only started."""
    t0 = dt.datetime.combine(day, dt.time(9, 0)).astimezone()

    def at(minute: float) -> str:
        return (t0 + dt.timedelta(minutes=minute)).isoformat(timespec="seconds")

    return [
        {"event": "start", "problem": 200, "title": "Number of Islands", "at": at(0)},
        {"event": "check", "problem": 200, "passed": False, "verdict": "wrong_answer",
         "failing_input": 'grid = [["1","0","1"]]', "at": at(20)},
        {"event": "hint", "problem": 200, "field": "그래프 표현", "minutes": 32.0, "at": at(32)},
        {"event": "check", "problem": 200, "passed": True, "verdict": "ok", "at": at(47)},
        {"event": "start", "problem": 210, "title": "Course Schedule II", "at": at(50)},
        {"event": "check", "problem": 210, "passed": False, "verdict": "timeout", "at": at(75)},
        {"event": "start", "problem": 323, "title": "Number of Connected Components",
         "at": at(80)},
    ]  # fmt: skip


def write_record(path: Path, events: list[dict]) -> None:
    """The events as a record file, one JSON object per line."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events), "utf-8")
