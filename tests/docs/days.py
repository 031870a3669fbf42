"""The days a checkout already holds, and a day it does not, for the tests that add a day.

The student adds a day every week, so no test may assume that a given date is free: a test that
needs a new day takes :func:`next_free_day` (after every journal post, drill record and drill log
there is) and makes it in a temporary copy, never in the checkout.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from tests.helpers import ROOT

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _named(paths: list[Path]) -> set[dt.date]:
    """The dates the files are named after (``2026-10-05.md``, ``log-2026-10-05.md``)."""
    found = set()
    for path in paths:
        match = _DATE.search(path.stem)
        if match:
            try:
                found.add(dt.date.fromisoformat(match[0]))
            except ValueError:
                continue
    return found


def taken_days(root: Path = ROOT) -> set[dt.date]:
    """Every day the checkout ``root`` has something of: a journal post, draft or not (by its
    file name and its front matter ``date``), a drill record ``drills/*.jsonl`` (by its name and
    the days of its events) and a generated drill log or review box."""
    from graphs.drill.practice import drill_days, read_all
    from studylog.gen import progress

    root = Path(root)
    posts = root / "docs" / "blog" / "posts"
    records = root / "drills"
    logs = root / "docs" / "generated" / "drills"
    found = _named([*posts.glob("*.md"), *records.glob("*.jsonl"), *logs.glob("*-*.md")])
    found.update(progress.entry_dates(posts))
    found.update(drill_days(read_all(records)))
    return found


def next_free_day(root: Path = ROOT) -> dt.date:
    """The day after the newest of :func:`taken_days` (today if there is none): nothing of the
    checkout falls on it, and a day made on it is the newest.

    Examples
    --------
    >>> next_free_day() > max(taken_days())
    True
    """
    taken = taken_days(root)
    return (max(taken) if taken else dt.date.today() - dt.timedelta(days=1)) + dt.timedelta(days=1)
