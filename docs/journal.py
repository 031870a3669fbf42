"""``python -m docs.journal new``: start a day's journal entry from the template.

Writes ``docs/blog/posts/YYYY-MM-DD.md`` (today by default) with the front matter the blog plugin
needs (date, categories, a hand-set reading time), the Korean section headings and blank algorithm
record tables. It never overwrites an entry: if the file exists it exits with status 1.
"""

from __future__ import annotations

import argparse
import datetime as dt
import re
import sys
from pathlib import Path
from string import Template

DOCS = Path(__file__).resolve().parent
POSTS = DOCS / "blog" / "posts"
TEMPLATE = DOCS / "templates" / "journal_entry.md"
DEFAULT_TITLE = "오늘의 공부 기록"
SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class JournalError(Exception):
    """A request the command refuses, with a message for the user."""


def _parse_date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise JournalError(f"--date: expected YYYY-MM-DD, got {text!r}") from None


def render(date: dt.date, title: str = DEFAULT_TITLE, slug: str = "study-log") -> str:
    """The entry's Markdown for ``date``, from the template."""
    if not title.strip() or "\n" in title:
        raise JournalError(f"--title: expected one non-empty line, got {title!r}")
    if not SLUG_RE.match(slug):
        raise JournalError(f"--slug: expected lowercase words joined by '-', got {slug!r}")
    template = Template(TEMPLATE.read_text(encoding="utf-8"))
    return template.substitute(date=date.isoformat(), title=title.strip(), slug=slug)


def new_entry(
    date: dt.date,
    title: str = DEFAULT_TITLE,
    slug: str = "study-log",
    posts_dir: Path = POSTS,
) -> Path:
    """Write the entry for ``date`` into ``posts_dir``; refuse if it exists. Returns its path."""
    path = Path(posts_dir) / f"{date.isoformat()}.md"
    text = render(date, title, slug)
    if path.exists():
        raise JournalError(f"{path} already exists; not overwriting (edit it instead)")
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("x", encoding="utf-8") as f:  # "x": fail rather than overwrite, even in a race
        f.write(text)
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m docs.journal", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    new = sub.add_parser("new", help="start a new entry from the template")
    new.add_argument("--date", default=None, help="YYYY-MM-DD (default: today)")
    new.add_argument("--title", default=DEFAULT_TITLE, help="the entry's title (Korean is fine)")
    new.add_argument("--slug", default="study-log", help="URL slug, e.g. gqa-kv-cache")
    new.add_argument("--posts-dir", type=Path, default=POSTS, help="where posts live")
    args = parser.parse_args(argv)
    try:
        date = dt.date.today() if args.date is None else _parse_date(args.date)
        path = new_entry(date, args.title, args.slug, args.posts_dir)
    except (JournalError, FileExistsError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    print(f"wrote {path}")
    print("next: fill in the sections, set readtime, then `.venv/bin/mkdocs serve`")
    return 0


if __name__ == "__main__":
    sys.exit(main())
