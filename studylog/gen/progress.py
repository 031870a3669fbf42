"""The drill progress page and each journal entry's review box, from the drill records.

Writes ``docs/generated/drills/progress.md`` from every ``drills/*.jsonl`` of the repository:
the drill days of the last weeks as a GitHub-style grid (one column per week, Monday first, one
row per weekday; each cell a ``<span>`` whose ``title`` and ``aria-label`` read like
``"2026-12-01: 3번"``), per pattern of the track the problems solved, the checks, the hint rate
and the median time to pass, and the review queue with its rule
(:mod:`graphs.drill.practice`). The "as of" date is the newest record's day, never the wall
clock, so that ``python -m studylog.gen`` stays reproducible; with no records the page says so in
Korean and draws no grid. ``review-YYYY-MM-DD.md`` is the box of the journal entry of that day:
the problems solved or tried that day (a pass written down without the clock marked as such, with
how it is rated), the reviews due that day and the next, and a link to the progress page.
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path
from typing import Any

from graphs.drill.practice import drill_days
from studylog.gen.common import DOCS, ROOT, Content, header

OUT = "generated/drills/progress.md"
RULE_OUT = "generated/drills/rule.md"  # the rating rule alone, for the drill page
SOURCE = "drills/*.jsonl"
WEEKS = 16
PROGRESS_LINK = "[드릴 진행 상황](../../graphs/progress.md)"  # from docs/blog/posts/
SOLVED_KO = "드릴 명령 없이 푼 것을 일지에서 옮겨 적은 기록(`solved`)"
UNMEASURED_KO = (
    f"시간과 힌트는 재지 않았다. {SOLVED_KO}이다. 시간을 재지 않은 통과는 복습 일정에서 "
    "보통(Good)으로 친다"
)
EMPTY_KO = (
    '!!! info "아직 기록이 없다"\n'
    "    드릴 기록(`drills/*.jsonl`)이 아직 하나도 없다. 첫 드릴을 하면 여기에 그날이 칠해진다.\n"
)


def read_events(folder: Path, problems: list[str] | None = None) -> list[dict[str, Any]]:
    """Every valid event of every ``*.jsonl`` in ``folder`` of a problem the track has, oldest
    first (none if the folder does not exist); what was skipped goes to ``problems`` (when it is
    a list), one line per file naming its first ``file:line``
    (:func:`graphs.drill.practice.read_all`)."""
    from graphs.drill.practice import read_all
    from graphs.drill.problem import drills

    return read_all(folder, [d.number for d in drills()], problems)


def _level(count: int) -> int:
    return min(count, 4)


def heatmap(days: dict[dt.date, int], end: dt.date, weeks: int = WEEKS) -> str:
    """The grid as raw HTML: ``weeks`` columns ending with the week of ``end``, 7 rows.

    Examples
    --------
    >>> html = heatmap({dt.date(2026, 12, 1): 3}, dt.date(2026, 12, 2), weeks=1)
    >>> 'title="2026-12-01: 3번"' in html, html.count('class="dp-cell')
    (True, 7)
    """
    if weeks < 1:
        raise ValueError(f"weeks must be >= 1, got {weeks}")
    start = end - dt.timedelta(days=end.weekday()) - dt.timedelta(weeks=weeks - 1)
    rows = []
    for weekday in range(7):
        cells = []
        for week in range(weeks):
            day = start + dt.timedelta(weeks=week, days=weekday)
            if day > end:
                cells.append('<span class="dp-cell dp-future" aria-hidden="true"></span>')
                continue
            n = days.get(day, 0)
            label = f"{day.isoformat()}: {n}번"
            cells.append(
                f'<span class="dp-cell dp-l{_level(n)}" title="{label}" aria-label="{label}"'
                ' role="img"></span>'
            )
        rows.append('<div class="dp-row">' + "".join(cells) + "</div>")
    return (
        '<div class="dp-heatmap" role="group" aria-label="드릴한 날">\n'
        + "\n".join(rows)
        + "\n</div>\n"
    )


def _minutes(value: float | None) -> str:
    return "–" if value is None else f"{value:.0f}분"


def pattern_table(events: list[dict[str, Any]]) -> str:
    """Per pattern of the track: its problems by number, how many are solved, checks, hint rate,
    median time to pass."""
    from graphs.drill.practice import pattern_stats
    from graphs.drill.problem import drills

    tracked = drills()
    numbers: dict[str, list[int]] = {}
    for d in tracked:
        numbers.setdefault(d.pattern, []).append(d.number)
    rows = [
        "| 패턴 | 문제 | 푼 문제 | 채점 | 힌트 비율 | 통과까지 (중앙값) |",
        "| :-- | :-- | --: | --: | --: | --: |",
    ]
    stats = pattern_stats(events, {d.number: d.pattern for d in tracked})
    for st in stats:
        rate = "–" if st.hint_rate is None else f"{st.hint_rate:.0%}"
        listed = ", ".join(str(n) for n in sorted(numbers.get(st.pattern, [])))
        rows.append(
            f"| {st.pattern} | {listed} | {st.solved}/{st.problems} | {st.attempts} | {rate} "
            f"| {_minutes(st.median_minutes)} |"
        )
    unmeasured = sum(st.unmeasured for st in stats)
    note = (
        f"\n시계 없이 적어 둔 통과 {unmeasured}번은 푼 문제에만 세고 채점, 힌트 비율, 통과 "
        f"시간에서는 뺀다. {SOLVED_KO}이라 시간과 힌트를 재지 않았다.\n"
        if unmeasured
        else ""
    )
    return "\n".join(rows) + "\n" + note


def solved_list(events: list[dict[str, Any]]) -> str:
    """Every problem solved, by the day it was last solved (newest first), a pass written down
    without the clock marked as such.

    Examples
    --------
    >>> ev = [{"event": "check", "problem": 200, "passed": True, "measured": False,
    ...        "at": "2026-10-05T12:00:00+09:00"}]
    >>> print(solved_list(ev), end="")
    - 2026-10-05: 200. Number of Islands (시간·힌트 재지 않음)
    """
    from graphs.drill.practice import passes
    from graphs.drill.problem import drills

    titles = {d.number: d.title for d in drills()}
    last = sorted(((r[-1].at.date(), n, r[-1]) for n, r in passes(events).items()),
                  key=lambda item: (-item[0].toordinal(), item[1]))  # fmt: skip
    return "".join(
        f"- {day.isoformat()}: {n}. {titles[n]}"
        + ("" if review.measured else " (시간·힌트 재지 않음)")
        + "\n"
        for day, n, review in last
    )


def _due_lines(events: list[dict[str, Any]], day: dt.date) -> list[str]:
    """``"200. Number of Islands"`` (with how overdue) for every problem due by ``day``."""
    from graphs.drill.practice import due
    from graphs.drill.problem import drills

    titles = {d.number: d.title for d in drills()}
    lines = []
    for number, since in due(events, day):
        late = (day - since).days
        lines.append(f"{number}. {titles[number]}" + (f" ({late}일 지남)" if late else ""))
    return lines


def queue(events: list[dict[str, Any]], day: dt.date) -> str:
    """The review queue as of ``day``, the reviews that come after it, and the rule."""
    from graphs.drill.practice import status
    from graphs.drill.problem import drills

    lines = _due_lines(events, day)
    text = (
        f"{day.isoformat()}에 복습할 문제:\n\n" + "".join(f"- {line}\n" for line in lines)
        if lines
        else f"{day.isoformat()}에 복습할 문제가 없다.\n"
    )
    titles = {d.number: d.title for d in drills()}
    later = sorted((when, n) for n, (_, when) in status(events, day).items() if when and when > day)
    if later:
        text += "\n그 뒤에 돌아올 문제:\n\n" + "".join(
            f"- {when.isoformat()}: {n}. {titles[n]}\n" for when, n in later
        )
    return text + rule()


def rule() -> str:
    """The rating rule of the review queue as a note."""
    from graphs.drill.practice import RULE_KO

    return f'\n!!! note "복습 규칙"\n    {RULE_KO}\n'


def page(events: list[dict[str, Any]]) -> str:
    """The fragment: the heatmap, the pattern table and the review queue as of the newest
    record's day, or, with no records, the message and the track's patterns."""
    if not events:
        return header(SOURCE) + "\n" + EMPTY_KO + "\n## 패턴별\n\n" + pattern_table(events) + rule()
    days = drill_days(events)
    end = max(days)
    return (
        header(SOURCE)
        + f"\n가장 최근 기록한 날({end.isoformat()})까지 {WEEKS}주 동안 드릴한 날이다. "
        + "칸에 마우스를 올리면 그날 몇 문제를 풀었는지 보인다.\n\n"
        + heatmap(days, end)
        + "\n## 패턴별\n\n"
        + pattern_table(events)
        + "\n## 푼 문제\n\n마지막으로 푼 날이 최근인 문제부터 적었다.\n\n"
        + (solved_list(events) or "아직 통과한 문제가 없다.\n")
        + f"\n## 복습할 문제 ({end.isoformat()} 기준)\n\n"
        + queue(events, end)
    )


def entry_dates(posts: Path) -> list[dt.date]:
    """The ``date:`` of every journal post's front matter in ``posts`` (found, never listed)."""
    found = set()
    for path in sorted(Path(posts).glob("*.md")):
        lines = path.read_text(encoding="utf-8").splitlines()
        if lines[:1] != ["---"]:
            continue
        for line in lines[1:]:
            if line == "---":
                break
            if line.startswith("date:"):
                found.add(dt.date.fromisoformat(line.split(":", 1)[1].strip()[:10]))
    return sorted(found)


def _day_text(events: list[dict[str, Any]], date: dt.date) -> str:
    """What was solved and tried on ``date``, in one paragraph (problems by number)."""
    from graphs.drill.practice import reviews
    from graphs.drill.problem import drills

    titles = {d.number: d.title for d in drills()}
    on_day = [r for r in reviews(events) if r.at.date() == date]
    solved = sorted({r.problem for r in on_day if r.passed})
    touched = {e["problem"] for e in events if dt.datetime.fromisoformat(e["at"]).date() == date}
    tried = sorted(touched - set(solved))
    if not touched:
        return f"{date.isoformat()}에는 드릴 기록이 없다."
    parts = []
    if solved:
        names = ", ".join(f"{n}. {titles[n]}" for n in solved)
        parts.append(f"{date.isoformat()}에 푼 문제 {len(solved)}개: {names}.")
        if any(not r.measured for r in on_day if r.passed):
            parts.append(f"{UNMEASURED_KO}.")
    if tried:
        names = ", ".join(f"{n}. {titles[n]}" for n in tried)
        parts.append(f"시도했지만 이날 통과하지 못한 문제 {len(tried)}개: {names}.")
    return " ".join(parts)


def review_box(events: list[dict[str, Any]], date: dt.date) -> str:
    """The journal entry's box for ``date``: the problems solved and tried that day, the reviews
    due, the next review day and a link to the progress page.

    Examples
    --------
    >>> ev = [{"event": "start", "problem": 200, "at": "2026-12-01T09:00:00+09:00"},
    ...       {"event": "check", "problem": 200, "passed": False, "at": "2026-12-01T09:40+09:00"}]
    >>> print(review_box(ev, dt.date(2026, 12, 2)), end="")
    <!-- generated by `python -m studylog.gen` from drills/*.jsonl; do not edit by hand -->
    <BLANKLINE>
    !!! abstract "복습"
        2026-12-02에는 드릴 기록이 없다.
    <BLANKLINE>
        이날 복습할 문제: 200. Number of Islands.
    <BLANKLINE>
        모든 문제의 상태와 복습 일정: [드릴 진행 상황](../../graphs/progress.md).
    """
    from graphs.drill.practice import status

    lines = _due_lines(events, date)
    due = f"이날 복습할 문제: {', '.join(lines)}." if lines else "이날 복습할 문제는 없다."
    later = sorted({when for _, when in status(events, date).values() if when and when > date})
    if not lines and later:
        due += f" 다음 복습은 {later[0].isoformat()}이다."
    return header(SOURCE) + (
        f'\n!!! abstract "복습"\n    {_day_text(events, date)}\n\n    {due}\n\n'
        f"    모든 문제의 상태와 복습 일정: {PROGRESS_LINK}.\n"
    )


def generate(folder: Path | None = None, posts: Path | None = None) -> dict[str, Content]:
    """``{path: text}`` of the progress fragment and of one ``review-DATE.md`` per journal
    entry, from ``folder`` (default ``drills/``) and ``posts`` (default ``docs/blog/posts``)."""
    problems: list[str] = []
    events = read_events(ROOT / "drills" if folder is None else folder, problems)
    for problem in problems:  # said as the drill command says it
        print(f"warning: {problem}", file=sys.stderr)
    out: dict[str, Content] = {
        OUT: page(events),
        RULE_OUT: header("graphs/drill/practice.py") + rule(),
    }
    for date in entry_dates(DOCS / "blog" / "posts" if posts is None else posts):
        out[f"generated/drills/review-{date.isoformat()}.md"] = review_box(events, date)
    return out
