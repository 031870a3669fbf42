"""The algorithm record sections of a journal entry: one per problem drilled that day.

The template's ``### 문제 N`` sections hold what only the student can write ("틀린 점과 이유");
their "문제" row names the problem and the generated study record of its solution
(``docs/generated/records/<function>.md``, written once, in Korean, in ``graphs/records/``) is
included after them. :func:`fill_drills` fills them whenever it runs (``journal new`` and
``journal drills``): a problem the entry already names (its "문제" row or its record's include) is
left alone, a new one takes the first blank section or a new section after the last one; nothing
the student wrote is changed, so running it again changes nothing.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

__all__ = ["entry_path", "fill_drills", "fill_entry", "record_include"]

_HEADING = re.compile(r"^### 문제 (\d+)\n", flags=re.M)
BLANK_ROW = "| 문제 |  |\n"
SECTION = (
    "### 문제 {n}\n\n| 항목 | 기록 |\n| :-- | :-- |\n| 문제 | {title} |\n| 틀린 점과 이유 |  |\n"
)


def record_include(problem: int) -> str | None:
    """The include line of the generated study record of LeetCode ``problem``'s solution
    (:mod:`studylog.gen.records`), or None if no drill declares that problem.

    Examples
    --------
    >>> record_include(200)
    '--8<-- "docs/generated/records/num_islands.md"'
    >>> record_include(1) is None
    True
    """
    from graphs.drill.problem import UnknownProblem, find

    try:
        name = find(problem).solution.__name__
    except UnknownProblem:
        return None
    return f'--8<-- "docs/generated/records/{name}.md"'


def _sections(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of every ``### 문제 N`` section (up to the next heading of level 2 or 3)."""
    out = []
    for match in _HEADING.finditer(text):
        nxt = re.compile(r"^#{2,3} ", flags=re.M).search(text, match.end())
        out.append((match.start(), len(text) if nxt is None else nxt.start()))
    return out


def _named(text: str, problem: int, title: str) -> bool:
    include = record_include(problem)
    return f"| 문제 | {title} |" in text or (include is not None and include in text)


def fill_drills(text: str, summaries: list[dict]) -> str:
    """``text`` with a record section for every problem of ``summaries`` it does not name yet.

    ``summaries``: the day's drill summaries (:func:`graphs.drill.record.attempt_summaries`).
    Without any ``### 문제 N`` section the text is returned as it is.

    Examples
    --------
    >>> entry = "## 알고리즘 드릴 기록\\n\\n" + SECTION.format(n=1, title="") + "\\n## 다음\\n"
    >>> once = fill_drills(entry, [{"problem": 200, "title": "Number of Islands"}])
    >>> "| 문제 | LeetCode 200. Number of Islands |" in once, record_include(200) in once
    (True, True)
    >>> fill_drills(once, [{"problem": 200, "title": "Number of Islands"}]) == once
    True
    """
    from studylog.drill_log import drill_rows

    for summary in summaries:
        title = drill_rows({**_EMPTY, **summary})["문제"]
        if _named(text, summary["problem"], title):
            continue
        sections = _sections(text)
        if not sections:
            return text
        include = record_include(summary["problem"])
        extra = f"\n{include}\n\n" if include is not None else "\n"
        blank = [(a, b) for a, b in sections if BLANK_ROW in text[a:b]]
        if blank:
            a, b = blank[0]
            block = text[a:b].replace(BLANK_ROW, f"| 문제 | {title} |\n", 1).rstrip() + "\n"
        else:
            a = b = sections[-1][1]
            n = max(int(m[1]) for m in _HEADING.finditer(text)) + 1
            block = SECTION.format(n=n, title=title)
        text = text[:a] + block + extra + text[b:]
    return text


_EMPTY = {"title": "", "started": None, "minutes": None, "passed": False, "attempts": 0,
          "verdicts": [], "hints": 0, "hint_fields": [], "hint_minutes": []}  # fmt: skip


def entry_path(log_dir: Path, date: dt.date, posts_dir: Path | None = None) -> Path | None:
    """The entry of ``date``: in ``posts_dir``, else in the ``docs/blog/posts`` of the site
    whose ``docs/generated/drills`` is ``log_dir`` (None when ``log_dir`` is not such a folder).
    """
    if posts_dir is None:
        logs = Path(log_dir).resolve()
        if (logs.name, logs.parent.name, logs.parents[1].name) != ("drills", "generated", "docs"):
            return None
        posts_dir = logs.parents[1] / "blog" / "posts"
    return Path(posts_dir) / f"{date.isoformat()}.md"


def fill_entry(path: Path | None, summaries: list[dict]) -> bool:
    """Fill the record sections of the entry at ``path`` (:func:`fill_drills`), if it exists;
    returns whether it changed. The entry is rewritten atomically, or not at all.

    Raises
    ------
    DrillLogError
        (a ``ValueError``) naming the entry, if it cannot be read or written.
    """
    from house.files import atomic_write_text
    from studylog.drill_log import DrillLogError

    if path is None or not path.is_file():
        return False
    try:
        text = path.read_text(encoding="utf-8")
        filled = fill_drills(text, summaries)
        if filled != text:
            atomic_write_text(path, filled)
    except (OSError, UnicodeDecodeError) as e:
        raise DrillLogError(f"cannot fill the entry {path} ({getattr(e, 'strerror', e)})") from None
    return filled != text
