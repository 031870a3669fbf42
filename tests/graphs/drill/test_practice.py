"""The review queue replayed from the records gives the schedule fsrs itself gives.

The oracle is the ``fsrs`` package fed directly: hypothesis draws weeks of sessions (which
problem, which day, how many failed checks, hints and minutes before a pass), the test writes
them as record lines and rates each session from what it drew, and the card that ``fsrs``
gives for those ratings must be the card that :func:`graphs.drill.practice.schedule` replays
from the written records.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import fsrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from graphs.drill import cli, practice
from graphs.drill.problem import drills

KST = dt.timezone(dt.timedelta(hours=9))
#: The first day of the drawn weeks: far enough back that every drawn session (at most 25 of 3
#: days and an hour each) is over by today, since a record never holds a day after tomorrow.
DAY0 = dt.datetime.combine(dt.date.today() - dt.timedelta(days=120), dt.time(8, 0), KST)


def _stamp(moment: dt.datetime) -> str:
    return moment.isoformat(timespec="seconds")


@st.composite
def sessions(draw: st.DrawFn) -> list[dict]:
    """Sessions one after another over weeks: each a problem, a start, and what happened.

    A session starts between a minute and three days after the previous one ended, so the
    sessions of a problem never overlap (as in a real record, where a new ``start`` ends one).
    """
    out = []
    moment = DAY0
    for _ in range(draw(st.integers(1, 25))):
        moment += dt.timedelta(minutes=draw(st.integers(1, 3 * 24 * 60)))
        minutes = draw(st.integers(1, 60))
        out.append(
            {
                "problem": draw(st.sampled_from([200, 994, 207])),
                "start": moment,
                "failed": draw(st.integers(0, 3)),
                "hints": draw(st.integers(0, 2)),
                "minutes": minutes,
                "passed": draw(st.booleans()),
            }
        )
        moment += dt.timedelta(minutes=minutes)
    return out


def _events(drawn: list[dict]) -> list[dict]:
    """The record lines of the drawn sessions: start, hints, failed checks, then maybe a pass.

    Hints and failed checks are spread over the session's minutes; the pass (or the last failed
    check) comes at ``minutes``.
    """
    events = []
    for s in sorted(drawn, key=lambda s: s["start"]):
        n, t0, total = s["problem"], s["start"], s["minutes"]
        events.append({"event": "start", "problem": n, "at": _stamp(t0)})
        steps = ["hint"] * s["hints"] + ["fail"] * s["failed"] + (["pass"] if s["passed"] else [])
        for i, step in enumerate(steps, 1):
            at = _stamp(t0 + dt.timedelta(minutes=total * i / len(steps)))
            if step == "hint":
                events.append({"event": "hint", "problem": n, "minutes": 0.0, "at": at})
            else:
                events.append({"event": "check", "problem": n, "passed": step == "pass", "at": at})
    return events


def _expected_rating(s: dict) -> fsrs.Rating | None:
    """The rule of the issue, from what was drawn: Again, Hard, Good or Easy (None: no check)."""
    if not s["passed"]:
        return fsrs.Rating.Again if s["failed"] else None
    if s["hints"] or s["minutes"] > 30:
        return fsrs.Rating.Hard
    if s["failed"] == 0 and s["minutes"] <= 10:
        return fsrs.Rating.Easy
    return fsrs.Rating.Good


def _fsrs_directly(drawn: list[dict]) -> dict[int, fsrs.Card]:
    plan = fsrs.Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)
    cards: dict[int, fsrs.Card] = {}
    for s in sorted(drawn, key=lambda s: s["start"]):
        rating = _expected_rating(s)
        if rating is None:
            continue
        at = (s["start"] + dt.timedelta(minutes=s["minutes"])).astimezone(dt.UTC)
        card = cards.get(s["problem"]) or fsrs.Card(card_id=s["problem"], due=at)
        cards[s["problem"]], _ = plan.review_card(card, rating, review_datetime=at)
    return cards


def _write(folder: Path, events: list[dict]) -> None:
    """One file per day, as the drill command writes them."""
    for event in events:
        day = dt.datetime.fromisoformat(event["at"]).date()
        with (folder / f"{day.isoformat()}.jsonl").open("a", encoding="utf-8") as f:
            f.write(json.dumps(event, ensure_ascii=False) + "\n")


@settings(max_examples=60, deadline=None)
@given(drawn=sessions())
def test_the_replayed_schedule_is_the_one_fsrs_gives(tmp_path_factory, drawn):
    folder = tmp_path_factory.mktemp("drills")
    _write(folder, _events(drawn))
    got = practice.schedule(practice.read_all(folder))
    want = _fsrs_directly(drawn)
    assert got.keys() == want.keys()
    for n, card in want.items():
        assert got[n].due == card.due, n
        assert got[n].stability == pytest.approx(card.stability), n
        assert got[n].difficulty == pytest.approx(card.difficulty), n


@settings(max_examples=30, deadline=None)
@given(drawn=sessions(), today=st.integers(0, 120))
def test_the_queue_is_every_card_due_by_the_day(drawn, today):
    day = (DAY0 + dt.timedelta(days=today)).date()
    want = _fsrs_directly(drawn)
    queue = practice.due(_events(drawn), day)
    assert [n for n, _ in queue] == sorted(
        (n for n, c in want.items() if c.due.astimezone(KST).date() <= day),
        key=lambda n: (want[n].due.astimezone(KST).date(), n),
    )


def _one(n: int, start: dt.datetime, minutes: float, passed: bool, hints: int = 0) -> list[dict]:
    events = [{"event": "start", "problem": n, "at": _stamp(start)}]
    events += [
        {"event": "hint", "problem": n, "at": _stamp(start + dt.timedelta(minutes=1))}
    ] * hints
    end = start + dt.timedelta(minutes=minutes)
    return [*events, {"event": "check", "problem": n, "passed": passed, "at": _stamp(end)}]


def test_a_failure_comes_back_the_next_day_and_a_pass_long_ago_comes_back():
    failed = _one(207, DAY0, 40, passed=False)
    assert practice.due(failed, DAY0.date()) == []
    assert practice.due(failed, DAY0.date() + dt.timedelta(days=1)) == [
        (207, DAY0.date() + dt.timedelta(days=1))
    ]
    passed = _one(200, DAY0, 20, passed=True)
    assert practice.due(passed, DAY0.date() + dt.timedelta(days=1)) == []
    assert [n for n, _ in practice.due(passed, DAY0.date() + dt.timedelta(days=365))] == [200]


def test_each_rating_of_the_rule():
    rated = [
        practice.reviews(_one(200, DAY0, 5, passed=True))[0].rating,
        practice.reviews(_one(200, DAY0, 20, passed=True))[0].rating,
        practice.reviews(_one(200, DAY0, 45, passed=True))[0].rating,
        practice.reviews(_one(200, DAY0, 5, passed=True, hints=1))[0].rating,
        practice.reviews(_one(200, DAY0, 5, passed=False))[0].rating,
    ]
    assert [r.name for r in rated] == ["Easy", "Good", "Hard", "Hard", "Again"]
    assert practice.reviews([{"event": "start", "problem": 200, "at": _stamp(DAY0)}]) == []


def test_a_damaged_or_hand_edited_line_is_skipped_with_a_message(tmp_path):
    clean = _one(200, DAY0, 20, passed=True) + _one(994, DAY0, 50, passed=True)
    _write(tmp_path, clean)
    path = tmp_path / f"{DAY0.date().isoformat()}.jsonl"
    with path.open("a", encoding="utf-8") as f:
        f.write('{"event": "check", "problem": "200", "passed": true, "at": "x"}\n')
        f.write(json.dumps({"event": "check", "problem": 4242, "passed": True,
                            "at": _stamp(DAY0)}) + "\n")  # fmt: skip
        f.write('{"event": "check", "problem": 200, "pass')  # torn by a full disk
    problems: list[str] = []
    events = practice.read_all(tmp_path, [200, 994], problems)
    # one message for the file: its first bad line, and how many more (the unknown 4242, torn)
    assert problems == [
        f"{path}:5: 'problem' is not an int: '200'; skipped (and 2 more bad lines after it)"
    ]
    assert practice.schedule(events) == practice.schedule(clean)


def test_an_unknown_problem_is_named_with_its_file_and_line(tmp_path):
    _write(tmp_path, _one(200, DAY0, 20, passed=True))
    path = tmp_path / f"{DAY0.date().isoformat()}.jsonl"
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps({"event": "start", "problem": 4242, "at": _stamp(DAY0)}) + "\n")
    problems: list[str] = []
    practice.read_all(tmp_path, [200], problems)
    assert problems == [f"{path}:3: problem 4242 is not a drill here; skipped"]


def test_reviews_are_counted_in_the_students_own_days():
    late = _one(200, dt.datetime(2026, 11, 2, 23, 0, tzinfo=KST), 20, passed=False)
    # 23:20 in Seoul is 14:20 UTC: the failure is due the next day in Seoul.
    assert practice.due(late, dt.date(2026, 11, 3)) == [(200, dt.date(2026, 11, 3))]


def test_due_refuses_a_datetime():
    with pytest.raises(TypeError, match="today"):
        practice.due([], dt.datetime(2026, 11, 2))  # type: ignore[arg-type]


def test_pattern_stats_of_a_record():
    events = (
        _one(200, DAY0, 20, passed=True)
        + _one(200, DAY0 + dt.timedelta(days=2), 10, passed=True, hints=1)
        + _one(695, DAY0, 40, passed=False)
    )
    stats = practice.pattern_stats(events, {200: "격자", 695: "격자", 207: "위상"})
    assert stats[0] == practice.PatternStats("격자", 3 - 1, 1, 3, 1 / 3, 15.0)
    assert stats[1] == practice.PatternStats("위상", 1, 0, 0, None, None)


def test_every_drill_names_its_pattern():
    assert all(isinstance(d.pattern, str) and d.pattern.strip() for d in drills())


def test_list_shows_every_problem_under_its_pattern_and_review_the_queue(tmp_path, capsys):
    _write(tmp_path, _one(200, DAY0, 20, passed=True) + _one(207, DAY0, 40, passed=False))
    day = (DAY0 + dt.timedelta(days=1)).date().isoformat()
    assert cli.main(["list", "--records", str(tmp_path), "--date", day]) == 0
    out = capsys.readouterr().out
    for d in drills():
        assert f"{d.number:>5}  {d.method}" in out
        assert out.index(d.pattern + "\n") < out.index(f"{d.number:>5}  {d.method}")
    assert "복습할 때" in out and "시작 전" in out
    assert "통과 (" in out and "에 풀었다; 다음 복습 " in out
    assert cli.main(["review", "--records", str(tmp_path), "--date", day]) == 0
    out = capsys.readouterr().out
    assert "복습할 문제 1개" in out and "207." in out and "200." not in out
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{DAY0.date().isoformat()}.jsonl"]


def test_review_names_every_problem_due_on_the_next_review_day(tmp_path, capsys):
    # Two problems passed alike on one day come due together: the line of the next review
    # names both, as the scheduler (fsrs, through practice.status) dates them.
    events = _one(200, DAY0, 20, passed=True) + _one(695, DAY0 + dt.timedelta(hours=1), 20, True)
    _write(tmp_path, events)
    day = DAY0.date()
    assert cli.main(["review", "--records", str(tmp_path), "--date", day.isoformat()]) == 0
    out = capsys.readouterr().out
    upcoming = {n: when for n, (_, when) in practice.status(events, day).items()}
    first = min(upcoming.values())
    line = next(line for line in out.splitlines() if line.startswith("다음 복습: "))
    assert line.startswith(f"다음 복습: {first.isoformat()} ")
    named = {n for n in upcoming if f"{n}. " in line}
    assert named == {n for n, when in upcoming.items() if when == first}
    assert len(named) == 2, out  # both were passed the same way on the same day


def test_review_without_records_and_a_file_for_a_folder(tmp_path, capsys):
    assert cli.main(["review", "--records", str(tmp_path / "none"), "--date", "2026-11-02"]) == 0
    assert "복습할 문제가 없다" in capsys.readouterr().out
    (tmp_path / "f").write_text("")
    assert cli.main(["review", "--records", str(tmp_path / "f")]) == 2
    assert "--records" in capsys.readouterr().err
