"""When each drill problem was studied, for its problem page, from the records and the journal.

Writes ``docs/generated/drills/studied-<number>.md`` for every drill (no list of problems is kept
here): the days the problem was solved or tried (from every ``drills/*.jsonl``, a pass written
down without the clock marked as such), each linked to that day's journal entry when one is
published, with whether the entry holds the problem's study record (it includes
``docs/generated/records/<function>.md``), and the next review day; or, for a problem never
drilled, that it has not been studied yet and no entry holds its record. The entries are read,
never written.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from studylog.gen.common import DOCS, ROOT, Content, header
from studylog.gen.progress import SOLVED_KO, read_events

OUT = "generated/drills"
SOURCE = "drills/*.jsonl and docs/blog/posts/*.md"


def studied_path(number: int) -> str:
    """The path a problem page includes for when LeetCode ``number`` was studied."""
    return f"docs/{OUT}/studied-{number}.md"


def _front_matter(text: str) -> list[str]:
    lines = text.splitlines()
    if lines[:1] != ["---"]:
        return []
    end = lines.index("---", 1) if "---" in lines[1:] else 0
    return lines[1:end]


def published_entries(posts: Path) -> dict[dt.date, tuple[str, str]]:
    """``date -> (file name, text)`` of every journal entry in ``posts`` that is not a draft."""
    found: dict[dt.date, tuple[str, str]] = {}
    for path in sorted(Path(posts).glob("*.md")):
        text = path.read_text(encoding="utf-8")
        meta = _front_matter(text)
        if any(line.replace(" ", "") == "draft:true" for line in meta):
            continue
        for line in meta:
            if line.startswith("date:"):
                found[dt.date.fromisoformat(line.split(":", 1)[1].strip()[:10])] = (path.name, text)
    return found


def _day(day: dt.date, passed: bool, measured: bool, entry: tuple[str, str] | None, name: str):
    what = "풀었다" if passed else "시도했지만 통과하지 못했다"
    text = f"{day.isoformat()}에 {what}"
    if passed and not measured:
        text += f". {SOLVED_KO}이라 시간과 힌트는 재지 않았다"
    if entry is None:
        return text + ". 이날의 일지는 아직 없다."
    file, body = entry
    link = f"[{day.isoformat()} 일지](../blog/posts/{file})"
    if f"docs/generated/records/{name}.md" in body:
        return text + f". {link}에 이 풀이 기록이 들어 있다."
    return text + f". 이날의 일지: {link}."


def render(
    drill: Any, events: list[dict[str, Any]], entries: dict[dt.date, tuple[str, str]]
) -> str:
    """The "공부한 날" paragraph of one problem (``events`` the valid events of the records).

    Examples
    --------
    >>> from graphs.drill.problem import find
    >>> render(find(994), [], {}).splitlines()[-1][:40]
    '**공부한 날 (LeetCode 994)**: 아직 없다. 드릴로 푼 날'
    """
    from graphs.drill.practice import reviews, schedule

    name = drill.solution.__name__
    mine = [e for e in events if e["problem"] == drill.number]
    label = f"**공부한 날 (LeetCode {drill.number})**: "
    if not mine:
        return (
            header(SOURCE)
            + "\n"
            + label
            + (
                "아직 없다. 드릴로 푼 날이 없고, 이 풀이 기록이 들어 있는 일지도 없다. "
                "아래 기록은 풀이를 만들며 적은 것이다.\n"
            )
        )
    days: dict[dt.date, tuple[bool, bool]] = {}
    for e in mine:
        days.setdefault(dt.datetime.fromisoformat(e["at"]).date(), (False, True))
    for r in reviews(mine):
        if r.passed:
            days[r.at.date()] = (True, r.measured)
    said = [_day(d, p, m, entries.get(d), name) for d, (p, m) in sorted(days.items())]
    card = schedule(mine).get(drill.number)
    zone = dt.datetime.fromisoformat(mine[-1]["at"]).tzinfo
    after = f" 다음 복습: {card.due.astimezone(zone).date().isoformat()}." if card else ""
    return (
        header(SOURCE) + "\n" + label + " ".join(said) + after
        + " 모든 문제의 일정은 [드릴 진행 상황](progress.md)에 있다.\n"
    )  # fmt: skip


def generate(folder: Path | None = None, posts: Path | None = None) -> dict[str, Content]:
    """``{path: text}`` of one ``studied-<number>.md`` per drill, from ``folder`` (default
    ``drills/``) and ``posts`` (default ``docs/blog/posts``)."""
    from graphs.drill.problem import drills

    events = read_events(ROOT / "drills" if folder is None else folder)
    entries = published_entries(DOCS / "blog" / "posts" if posts is None else posts)
    return {
        studied_path(d.number).removeprefix("docs/"): render(d, events, entries) for d in drills()
    }
