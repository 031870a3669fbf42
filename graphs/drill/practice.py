"""Practice over weeks: the review queue and the progress, replayed from the append-only record.

There is no second state file. Every ``drills/*.jsonl`` is read (:func:`read_all`), each
problem's events are cut into *sessions* (a ``start`` and what follows until the next ``start``
of that problem), each session with at least one ``check`` becomes one :class:`Review` with a
rating (:data:`RULE_KO` says the rule), and the reviews are replayed, oldest first, through the
``fsrs`` package's scheduler (:func:`schedule`). A problem is due on the day its card is due.

The scheduler runs without learning steps (a drill is done at most once a day, so the
flashcard steps of one and ten minutes mean nothing here) and without fuzzing (the same record
gives the same queue on every machine): a failure comes back the next day, a pass after a few
days, an easy pass after about a week, and every interval grows as the passes repeat.

Examples
--------
>>> events = [
...     {"event": "start", "problem": 200, "at": "2026-12-01T09:00:00+09:00"},
...     {"event": "check", "problem": 200, "passed": True, "at": "2026-12-01T09:20:00+09:00"}]
>>> [(r.problem, r.rating.name) for r in reviews(events)]
[(200, 'Good')]
>>> schedule(events)[200].due.date().isoformat()
'2026-12-03'
"""

from __future__ import annotations

import datetime as dt
import os
import re
import statistics
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import fsrs

from graphs.drill.record import NotARecord, RecordError, event_problem, plausible, read_record

__all__ = [
    "EASY_MINUTES",
    "RULE_KO",
    "STATUS_KO",
    "TIME_RULE_MINUTES",
    "PatternStats",
    "Review",
    "as_of",
    "drill_days",
    "due",
    "parse_day",
    "passes",
    "pattern_stats",
    "read_all",
    "reviews",
    "schedule",
    "scheduler",
    "status",
]

TIME_RULE_MINUTES = 30  # the day's rule: a hint only after 30 minutes (cli.HINT_AFTER_MINUTES)
EASY_MINUTES = 10
RULE_KO = (
    "문제를 시작(`start`)해서 다음 시작까지가 한 번의 복습이고, 채점(`check`)이 한 번도 없으면 "
    "복습으로 치지 않는다. 통과하지 못하면 **다시**(Again), 힌트를 본 뒤나 "
    f"{TIME_RULE_MINUTES}분이 지나서 통과하면 **어려움**(Hard), 힌트 없이 {TIME_RULE_MINUTES}분 "
    f"안에 통과하면 **보통**(Good), 첫 채점에 힌트 없이 {EASY_MINUTES}분 안에 통과하면 "
    "**쉬움**(Easy)이다. 시계 없이 적어 둔 통과(`solved`로 일지에서 옮긴 기록)는 "
    "시간도 힌트도 재지 않았으니 **보통**(Good)으로 친다. 이 평가를 기록 순서대로 "
    "`fsrs`에 넣어 다음 복습 날짜를 정한다. "
    "`fsrs`는 간격 반복 알고리즘 FSRS의 파이썬 구현으로, 잊어버릴 때쯤 다시 보도록 날짜를 "
    "잡는다(괄호 안의 영어는 FSRS가 쓰는 평가 이름이다)."
)
STATUS_KO = {
    "new": "시작 전",
    "trying": "시도 중",
    "passed": "통과",
    "hinted": "힌트 받고 통과",
    "due": "복습할 때",
}


def scheduler() -> fsrs.Scheduler:
    """The scheduler every queue uses: no learning steps, no fuzzing (see the module docstring)."""
    return fsrs.Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)


def _at(event: dict[str, Any]) -> dt.datetime:
    return dt.datetime.fromisoformat(event["at"])


def read_all(
    folder: Path,
    known: Iterable[int] | None = None,
    problems: list[str] | None = None,
    *,
    today: dt.date | None = None,
) -> list[dict[str, Any]]:
    """Every valid event of every ``*.jsonl`` in ``folder``, oldest first ([] without a folder).

    Each record file is read once as :func:`graphs.drill.record.read_record` reads it (damaged
    lines, lines dated outside the plausible days before ``today``'s next, and, when ``known``
    is given, events of other problems are skipped), and each file with skipped lines appends
    ONE ``file:line: what is wrong; skipped`` message to ``problems`` (when it is a list). A
    ``*.jsonl`` that is not a regular file (a directory, a FIFO, a device) is skipped with one
    message of its own and never opened for reading. Events of equal time keep their file and
    line order.

    Raises
    ------
    RecordError
        If the folder cannot be listed (no read permission) or a record in it cannot be read
        (no permission, a folder that cannot be searched); the message names ``--records``.
    """
    folder = Path(folder)
    try:
        with os.scandir(folder) as entries:
            names = sorted(e.name for e in entries if e.name.endswith(".jsonl"))
    except (FileNotFoundError, NotADirectoryError):
        return []
    except OSError as err:
        raise RecordError(folder, err.strerror or str(err), "list", "--records") from None
    events: list[dict[str, Any]] = []
    for name in names:
        path = folder / name
        try:
            found = read_record(path, problems, known=known, today=today)
        except NotARecord as err:
            if problems is not None:
                problems.append(f"{path}: {err.reason}; skipped")
            continue
        except RecordError as err:
            raise RecordError(path, err.reason, "read", "--records") from None
        events.extend(found)
    return sorted(events, key=_at)


DATE_RE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")  # fromisoformat alone takes 20261201 too


def parse_day(text: str, option: str = "--date") -> dt.date:
    """``text`` as a day, accepting exactly ``YYYY-MM-DD``: not ``20261201`` or ``2026-W49-1``,
    which ``datetime.date.fromisoformat`` takes on Python 3.11 (every ``--date`` reads this way).

    Raises
    ------
    ValueError
        Naming ``option``, for anything else or a day that does not exist.

    Examples
    --------
    >>> parse_day("2026-12-01")
    datetime.date(2026, 12, 1)
    >>> parse_day("2026-W49-1")
    Traceback (most recent call last):
    ...
    ValueError: --date: expected a real date as YYYY-MM-DD, got '2026-W49-1'
    """
    if not isinstance(text, str):
        raise TypeError(f"{option}: expected a str, got {type(text).__name__}")
    if DATE_RE.fullmatch(text):
        try:
            return dt.date.fromisoformat(text)
        except ValueError:
            pass
    raise ValueError(f"{option}: expected a real date as YYYY-MM-DD, got {text!r}")


def as_of(events: Iterable[dict[str, Any]], day: dt.date) -> list[dict[str, Any]]:
    """The valid events dated (in their own UTC offset) on or before ``day``: the records as
    they stood at the end of that day, which every view "as of" a ``--date`` shows.

    Raises
    ------
    TypeError
        If ``day`` is not a ``datetime.date``.

    Examples
    --------
    >>> ev = [{"event": "start", "problem": 200, "at": "2026-12-01T23:50:00+09:00"},
    ...       {"event": "start", "problem": 994, "at": "2026-12-02T00:10:00+09:00"}]
    >>> [e["problem"] for e in as_of(ev, dt.date(2026, 12, 1))]
    [200]
    """
    _check_day(day, "day")
    return [e for e in events if event_problem(e) is None and _at(e).date() <= day]


def _check_day(value: Any, name: str) -> None:
    if not isinstance(value, dt.date) or isinstance(value, dt.datetime):
        raise TypeError(f"{name}: expected a datetime.date, got {type(value).__name__}")


def _kept(events: Iterable[Any]) -> list[dict[str, Any]]:
    """The plausible events (:func:`graphs.drill.record.plausible`), oldest first."""
    today = dt.date.today()
    return sorted((e for e in events if plausible(e, today)), key=_at)


@dataclass(frozen=True)
class Review:
    """One session of one problem, rated by :data:`RULE_KO`.

    ``at`` is the moment of the review (the first passing check, else the last check),
    ``minutes`` the time from the session's start to it (None without a start), ``hints`` the
    hints taken before it and ``checks`` the checks up to it. ``measured`` is False for a pass
    written down without the clock (a check with ``"measured": false``): its time and hints
    were never measured, and it is rated Good.
    """

    problem: int
    at: dt.datetime
    rating: fsrs.Rating
    passed: bool
    minutes: float | None
    hints: int
    checks: int
    measured: bool = True


def _sessions(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The events of one problem cut at every ``start`` (events before the first start form a
    session of their own)."""
    out: list[list[dict[str, Any]]] = []
    for event in events:
        if event["event"] == "start" or not out:
            out.append([])
        out[-1].append(event)
    return out


def _rate(
    passed: bool, minutes: float | None, hints: int, checks: int, measured: bool = True
) -> fsrs.Rating:
    if not passed:
        return fsrs.Rating.Again
    if not measured:  # no clock, no hint count: neither harder nor easier than usual
        return fsrs.Rating.Good
    if hints or (minutes is not None and minutes > TIME_RULE_MINUTES):
        return fsrs.Rating.Hard
    if checks == 1 and minutes is not None and minutes <= EASY_MINUTES:
        return fsrs.Rating.Easy
    return fsrs.Rating.Good


def _review(number: int, events: list[dict[str, Any]]) -> Review | None:
    checks = [e for e in events if e["event"] == "check"]
    if not checks:
        return None
    passes = [e for e in checks if e["passed"]]
    end = passes[0] if passes else checks[-1]
    upto = events[: events.index(end) + 1]
    hints = sum(e["event"] == "hint" for e in upto)
    n_checks = sum(e["event"] == "check" for e in upto)
    measured = end.get("measured", True)
    minutes = None
    if events[0]["event"] == "start" and measured:
        minutes = max(0.0, (_at(end) - _at(events[0])).total_seconds() / 60)
    return Review(
        problem=number,
        at=_at(end),
        rating=_rate(bool(passes), minutes, hints, n_checks, measured),
        passed=bool(passes),
        minutes=minutes,
        hints=hints,
        checks=n_checks,
        measured=measured,
    )


def reviews(events: Iterable[dict[str, Any]]) -> list[Review]:
    """One :class:`Review` per session that has a check, oldest first.

    Events that are not plausible (:func:`graphs.drill.record.plausible`: invalid, or dated
    outside the days a record can hold) are left out; the events are ordered by time first.
    """
    valid = _kept(events)
    by_problem: dict[int, list[dict[str, Any]]] = {}
    for event in valid:
        by_problem.setdefault(event["problem"], []).append(event)
    found = []
    for number, mine in by_problem.items():
        for part in _sessions(mine):
            review = _review(number, part)
            if review is not None:
                found.append(review)
    return sorted(found, key=lambda r: r.at)


def passes(events: Iterable[dict[str, Any]]) -> dict[int, list[Review]]:
    """Per problem with a passing review, its passing reviews, oldest first: when it was solved.

    Examples
    --------
    >>> ev = [{"event": "check", "problem": 200, "passed": True, "measured": False,
    ...        "at": "2026-10-05T12:00:00+09:00"}]
    >>> [(r.at.date().isoformat(), r.measured, r.rating.name) for r in passes(ev)[200]]
    [('2026-10-05', False, 'Good')]
    """
    out: dict[int, list[Review]] = {}
    for review in reviews(events):
        if review.passed:
            out.setdefault(review.problem, []).append(review)
    return out


def schedule(events: Iterable[dict[str, Any]]) -> dict[int, fsrs.Card]:
    """Each reviewed problem's ``fsrs.Card`` after replaying its reviews in order.

    A card is created at the problem's first review, which it then takes; ``card.due`` is an
    aware UTC datetime.
    """
    plan = scheduler()
    cards: dict[int, fsrs.Card] = {}
    for review in reviews(events):
        at = review.at.astimezone(dt.UTC)  # fsrs takes UTC datetimes only
        card = cards.get(review.problem) or fsrs.Card(card_id=review.problem, due=at)
        cards[review.problem], _ = plan.review_card(card, review.rating, review_datetime=at)
    return cards


def _due_day(card: fsrs.Card, zone: dt.tzinfo | None) -> dt.date:
    return card.due.astimezone(zone).date()


def _zone(events: list[dict[str, Any]]) -> dt.tzinfo | None:
    """The UTC offset of the newest event (the days of the queue are the student's days)."""
    return _at(events[-1]).tzinfo if events else None


def _as_seen_on(
    events: Iterable[dict[str, Any]], today: dt.date
) -> tuple[list[dict[str, Any]], dt.tzinfo | None]:
    """The events a schedule is replayed from, and the UTC offset its days are counted in
    (``today`` checked first: a ``TypeError`` if it is not a date)."""
    _check_day(today, "today")
    kept = _kept(events)
    return kept, _zone(kept)


def due(events: Iterable[dict[str, Any]], today: dt.date) -> list[tuple[int, dt.date]]:
    """``(problem, due day)`` of every problem due on or before ``today``, most overdue first.

    Days are counted in the UTC offset of the newest event.

    Raises
    ------
    TypeError
        If ``today`` is not a ``datetime.date``.
    """
    events, zone = _as_seen_on(events, today)
    days = [(n, _due_day(c, zone)) for n, c in schedule(events).items()]
    return sorted(((n, d) for n, d in days if d <= today), key=lambda item: (item[1], item[0]))


def status(
    events: Iterable[dict[str, Any]], today: dt.date
) -> dict[int, tuple[str, dt.date | None]]:
    """Per problem with events: ``(status, next review day)``, the status a key of
    :data:`STATUS_KO` ("due" when the card is due by ``today``, else what the latest review
    was: "passed", "hinted", or "trying" while no review passed). A problem missing here is
    "new".

    Raises
    ------
    TypeError
        If ``today`` is not a ``datetime.date``.
    """
    events, zone = _as_seen_on(events, today)
    cards = schedule(events)
    latest: dict[int, Review] = {r.problem: r for r in reviews(events)}
    out: dict[int, tuple[str, dt.date | None]] = {}
    for number in dict.fromkeys(e["problem"] for e in events):
        card = cards.get(number)
        day = None if card is None else _due_day(card, zone)
        review = latest.get(number)
        if day is not None and day <= today:
            name = "due"
        elif review is None or not review.passed:
            name = "trying"
        else:
            name = "hinted" if review.hints else "passed"
        out[number] = (name, day)
    return out


@dataclass(frozen=True)
class PatternStats:
    """One pattern's line of the progress table.

    ``solved`` counts the problems with a passing review, ``attempts`` every check the judge
    made,
    ``hint_rate`` the share of the measured reviews with a hint (None without any) and
    ``median_minutes`` the median time to pass over the passing reviews with a start;
    ``unmeasured`` counts the passes written down without the clock, which neither of the two
    includes.
    """

    pattern: str
    problems: int
    solved: int
    attempts: int
    hint_rate: float | None
    median_minutes: float | None
    unmeasured: int = 0


def pattern_stats(events: Iterable[dict[str, Any]], patterns: dict[int, str]) -> list[PatternStats]:
    """One :class:`PatternStats` per pattern of ``patterns`` (problem -> pattern), in the order
    the patterns first appear there (events that are not plausible are left out)."""
    events = _kept(events)
    done = reviews(events)
    out = []
    for pattern in dict.fromkeys(patterns.values()):
        members = {n for n, p in patterns.items() if p == pattern}
        mine = [r for r in done if r.problem in members]
        measured = [r for r in mine if r.measured]
        times = [r.minutes for r in measured if r.passed and r.minutes is not None]
        out.append(
            PatternStats(
                pattern=pattern,
                problems=len(members),
                solved=len({r.problem for r in mine if r.passed}),
                attempts=sum(_judged(e) and e["problem"] in members for e in events),
                hint_rate=sum(r.hints > 0 for r in measured) / len(measured) if measured else None,
                median_minutes=statistics.median(times) if times else None,
                unmeasured=sum(r.passed and not r.measured for r in mine),
            )
        )
    return out


def _judged(event: dict[str, Any]) -> bool:
    """A check the judge made (not a pass written down without the clock)."""
    return event["event"] == "check" and event.get("measured", True)


def drill_days(events: Iterable[dict[str, Any]]) -> dict[dt.date, int]:
    """Per day (the date of ``at`` in its own offset), the number of distinct problems drilled.

    Examples
    --------
    >>> ev = [{"event": "start", "problem": 200, "at": "2026-12-01T09:00:00+09:00"},
    ...       {"event": "check", "problem": 200, "passed": True, "at": "2026-12-01T09:30:00+09:00"},
    ...       {"event": "start", "problem": 994, "at": "2026-12-01T10:00:00+09:00"}]
    >>> drill_days(ev)
    {datetime.date(2026, 12, 1): 2}
    """
    seen: dict[dt.date, set[int]] = {}
    for event in _kept(events):
        seen.setdefault(_at(event).date(), set()).add(event["problem"])
    return {day: len(problems) for day, problems in sorted(seen.items())}
