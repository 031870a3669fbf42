"""``python -m docs.journal new``: start a day's journal entry from the template.

Writes ``docs/blog/posts/YYYY-MM-DD.md`` (today by default) with the front matter the blog plugin
needs (date, categories, a hand-set reading time, ``draft: true``), the Korean section headings
and blank algorithm record tables. The entry starts as a draft: ``mkdocs serve`` shows it,
``mkdocs build`` leaves it out until the ``draft: true`` line is deleted, so an unfilled day is
never published. It never overwrites an entry: if the file exists it exits with status 1.

When the day's drill record exists (``drills/YYYY-MM-DD.jsonl`` in the current folder, written by
``python -m graphs.drill``; ``--drills FILE`` for another), the algorithm record tables get one
table per problem drilled that day with the rows "문제", "소요 시간", "힌트 사용" and "시도"
filled from it; the rows only the student can write (approach, representation, ...) stay blank.

With ``--experiment NAME`` it also starts the day's experiment (:mod:`docs.scaffold`): a runnable
skeleton on the shared runner with its test, page generator and page, run once so that the tests
and the strict build pass at once; the entry links to the page.
"""

from __future__ import annotations

import argparse
import datetime as dt
import errno
import os
import re
import sys
import unicodedata
from pathlib import Path
from string import Template

from docs import scaffold

DOCS = Path(__file__).resolve().parent
POSTS = DOCS / "blog" / "posts"
TEMPLATE = DOCS / "templates" / "journal_entry.md"
DEFAULT_TITLE = "오늘의 공부 기록"
DEFAULT_SLUG = "study-log"
SLUG_RE = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")  # used with fullmatch: no trailing newline
DATE_RE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")  # fromisoformat alone takes 20300115 too


class JournalError(ValueError):
    """A request the command refuses, with a message for the user."""


def _parse_date(text: str) -> dt.date:
    """``text`` as a date, accepting exactly ``YYYY-MM-DD`` (not ``YYYYMMDD`` or week dates)."""
    if DATE_RE.fullmatch(text):
        try:
            return dt.date.fromisoformat(text)
        except ValueError:
            pass
    raise JournalError(f"--date: expected a real date as YYYY-MM-DD, got {text!r}")


def _check_title(title: str) -> str:
    """The title stripped; one line of printable text, not empty."""
    if not isinstance(title, str):
        raise TypeError(f"--title: expected str, got {type(title).__name__}")
    bad = [c for c in title if unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp")]
    if bad or not title.strip():
        what = f"control character {bad[0]!r}" if bad else "nothing printable"
        raise JournalError(f"--title: expected one line of printable text, got {what}: {title!r}")
    return title.strip()


def _minutes_text(minutes: float) -> str:
    total = round(minutes)
    return f"{total // 60}시간 {total % 60}분" if total >= 60 else f"{total}분"


def drill_rows(summary: dict) -> dict[str, str]:
    """The journal rows of one problem's drill summary (:func:`graphs.drill.attempt_summaries`).

    Examples
    --------
    >>> rows = drill_rows({"problem": 200, "title": "Number of Islands", "minutes": 45.0,
    ...     "started": "2026-11-30T09:00:00+09:00",
    ...     "passed": True, "attempts": 3, "failures": 2, "verdicts": ["wrong_answer", "recursion"],
    ...     "hints": 1, "hint_fields": ["그래프 표현"], "hint_minutes": [31.0]})
    >>> rows["소요 시간"], rows["힌트 사용"]
    ('45분 (start부터 통과까지)', '예, 1개: 그래프 표현 (시작 후 31분)')
    >>> rows["시도"]
    '3번: 틀린 답, RecursionError, 통과'
    """
    from graphs.drill import VERDICTS

    title = f"LeetCode {summary['problem']}. {summary['title']}".rstrip(". ")
    if summary["minutes"] is None and summary["started"] and not summary["attempts"]:
        spent = "시작만 하고 채점하지 않았다"
    elif summary["minutes"] is None:
        spent = "기록 없음 (start 없이 풀었다)"
    elif summary["passed"]:
        spent = f"{_minutes_text(summary['minutes'])} (start부터 통과까지)"
    else:
        spent = f"{_minutes_text(summary['minutes'])} 넘게 (아직 통과하지 못했다)"
    if summary["hints"]:
        first = summary["hint_minutes"][0]
        when = f" (시작 후 {round(first)}분)" if first is not None else ""
        hints = f"예, {summary['hints']}개: {', '.join(summary['hint_fields'])}{when}"
    else:
        hints = "아니오"
    labels = [VERDICTS.get(v, v) for v in summary["verdicts"]]
    if summary["passed"]:
        labels.append(VERDICTS["ok"])
    if summary["attempts"]:
        tries = f"{summary['attempts']}번: {', '.join(labels)}"
    else:
        tries = "채점하지 않았다"
    rows = {"문제": title, "소요 시간": spent, "힌트 사용": hints, "시도": tries}
    return {label: value.replace("|", "\\|") for label, value in rows.items()}


def _fill_drills(text: str, summaries: list[dict]) -> str:
    """One algorithm record table per drilled problem, its drill rows filled from the record.

    The template's tables (``### 문제 N`` and a table) are the pattern; problems beyond their
    number get more copies of the last one; template tables left over stay blank.
    """
    if not summaries:
        return text
    heading = re.compile(r"^### 문제 \d+\n", flags=re.M)
    starts = [m.start() for m in heading.finditer(text)]
    if not starts:
        return text
    end = text.find("\n## ", starts[-1])
    end = len(text) if end == -1 else end + 1
    blocks = [text[a:b] for a, b in zip(starts, [*starts[1:], end], strict=True)]
    filled = []
    for i, summary in enumerate(summaries):
        block = heading.sub(f"### 문제 {i + 1}\n", blocks[min(i, len(blocks) - 1)], count=1)
        for label, value in drill_rows(summary).items():
            block = block.replace(f"| {label} |  |\n", f"| {label} | {value} |\n", 1)
        filled.append(block)
    filled += blocks[len(summaries) :]
    return text[: starts[0]] + "".join(filled) + text[end:]


def render(
    date: dt.date,
    title: str = DEFAULT_TITLE,
    slug: str = DEFAULT_SLUG,
    drills: list[dict] | None = None,
    experiment: str | None = None,
) -> str:
    """The entry's Markdown for ``date``, from the template (a draft until filled in).

    ``experiment``: the name of the day's experiment, whose page the entry links to.

    ``drills``: the day's drill summaries (:func:`graphs.drill.attempt_summaries`), which fill
    the "문제", "소요 시간", "힌트 사용" and "시도" rows of one record table per problem.

    Raises
    ------
    JournalError
        (a ``ValueError``) if ``title`` holds control characters or nothing printable, or
        ``slug`` is not lowercase ASCII words joined by ``-``.
    """
    title = _check_title(title)
    if not isinstance(slug, str) or not SLUG_RE.fullmatch(slug):
        raise JournalError(f"--slug: expected lowercase words joined by '-', got {slug!r}")
    template = Template(TEMPLATE.read_text(encoding="utf-8"))
    link = (
        f"이날의 실험: [{title}](../../{scaffold.page_path(experiment)})\n\n" if experiment else ""
    )
    text = template.substitute(date=date.isoformat(), title=title, slug=slug, experiment=link)
    return _fill_drills(text, drills or [])


def read_drills(path: Path) -> list[dict]:
    """The summaries of a day's drill record, or [] if there is no such file."""
    from graphs.drill import attempt_summaries, read_record

    path = Path(path)
    if path.exists() and not path.is_file():
        raise JournalError(f"--drills: expected a file, got a directory: {path}")
    try:
        return attempt_summaries(read_record(path))
    except (OSError, UnicodeDecodeError) as e:
        raise JournalError(f"--drills: cannot read {path} ({e})") from None


def new_entry(
    date: dt.date,
    title: str = DEFAULT_TITLE,
    slug: str = DEFAULT_SLUG,
    posts_dir: Path = POSTS,
    drills: list[dict] | None = None,
    experiment: str | None = None,
) -> Path:
    """Write the entry for ``date`` into ``posts_dir``; refuse if it exists. Returns its path.

    ``drills`` fills the algorithm record rows as in :func:`render`.

    Raises
    ------
    JournalError
        (a ``ValueError``) for a bad title or slug, an existing entry, or a ``posts_dir`` that
        is not a writable directory (the message names ``--posts-dir`` and the reason).
    """
    posts_dir = Path(posts_dir)
    path = posts_dir / f"{date.isoformat()}.md"
    text = render(date, title, slug, drills, experiment)
    if path.exists():
        raise JournalError(f"{path} already exists; not overwriting (edit it instead)")
    if posts_dir.exists() and not posts_dir.is_dir():
        raise JournalError(f"--posts-dir: expected a directory, got a file: {posts_dir}")
    try:
        posts_dir.mkdir(parents=True, exist_ok=True)
        if not os.access(posts_dir, os.W_OK):
            raise PermissionError(errno.EACCES, "Permission denied", str(posts_dir))
        # "x": fail rather than overwrite, even in a race with another writer
        with path.open("x", encoding="utf-8") as f:
            f.write(text)
    except FileExistsError:
        raise JournalError(f"{path} already exists; not overwriting (edit it instead)") from None
    except OSError as e:
        reason = e.strerror or str(e)
        raise JournalError(f"--posts-dir: cannot write {path} ({reason})") from None
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m docs.journal",
        description="Start a day's journal entry from the template (as a draft).",
    )
    sub = parser.add_subparsers(
        dest="command", required=True, metavar="command", help="what to do (only: new)"
    )
    new = sub.add_parser(
        "new",
        help="start a new entry from the template",
        description=(
            "Write docs/blog/posts/YYYY-MM-DD.md from docs/templates/journal_entry.md as a draft"
            " (draft: true); never overwrite an existing entry."
        ),
    )
    new.add_argument("--date", default=None, help="the entry's date, YYYY-MM-DD (default: today)")
    new.add_argument(
        "--title",
        default=DEFAULT_TITLE,
        help="the entry's title, one line; Korean is fine (default: %(default)s)",
    )
    new.add_argument(
        "--slug",
        default=DEFAULT_SLUG,
        help="URL slug, lowercase words joined by '-', e.g. gqa-kv-cache (default: %(default)s)",
    )
    new.add_argument(
        "--posts-dir",
        type=Path,
        default=None,
        help="folder of the blog posts (default: docs/blog/posts of this clone)",
    )
    new.add_argument(
        "--drills",
        type=Path,
        default=None,
        help="the day's drill record from python -m graphs.drill, which fills the rows"
        " 소요 시간, 힌트 사용 and 시도; a missing file fills nothing"
        " (default: drills/YYYY-MM-DD.jsonl of the entry's date, in the current folder)",
    )
    new.add_argument(
        "--experiment",
        default=None,
        metavar="NAME",
        help="also start the day's experiment NAME (a lowercase Python name): a runnable"
        " skeleton in mha/experiments/NAME/ with its test, page generator and page, run once;"
        " the entry links to its page (default: none)",
    )
    args = parser.parse_args(argv)
    posts_dir = POSTS if args.posts_dir is None else args.posts_dir
    try:
        date = dt.date.today() if args.date is None else _parse_date(args.date)
        record = args.drills if args.drills is not None else Path("drills") / f"{date}.jsonl"
        drills = read_drills(record)
        if args.experiment is not None:  # refuse a taken name before writing anything
            scaffold.check_name(args.experiment)
            scaffold.add_to_nav((scaffold.ROOT / "mkdocs.yml").read_text(encoding="utf-8"),
                                args.title, args.experiment)  # fmt: skip
        path = new_entry(date, args.title, args.slug, posts_dir, drills, args.experiment)
        if args.experiment is not None:
            for written in scaffold.create(args.experiment, args.title, date.isoformat()):
                print(f"wrote {written.relative_to(scaffold.ROOT)}")
            print(f"running the {args.experiment} experiment once and regenerating the pages ...")
            scaffold.first_run(args.experiment)
            print(f"added docs/{scaffold.page_path(args.experiment)} to the nav of mkdocs.yml")
    except (JournalError, scaffold.ScaffoldError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    print(f"wrote {path} (a draft: mkdocs build leaves it out until you delete `draft: true`)")
    if drills:
        names = ", ".join(str(s["problem"]) for s in drills)
        print(f"algorithm records: time, hints and attempts of {names} from {record}")
    print("next: fill in the sections, set readtime, delete `draft: true`, then check with")
    print("      NO_MKDOCS_2_WARNING=1 .venv/bin/mkdocs build --strict")
    return 0


if __name__ == "__main__":
    sys.exit(main())
