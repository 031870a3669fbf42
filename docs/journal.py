"""``python -m docs.journal new``: start a day's journal entry from the template.

Writes ``docs/blog/posts/YYYY-MM-DD.md`` (today by default) with the front matter the blog plugin
needs (date, categories, a hand-set reading time, ``draft: true``), the Korean section headings
and blank algorithm record tables. The entry starts as a draft: ``mkdocs serve`` shows it,
``mkdocs build`` leaves it out until the ``draft: true`` line is deleted, so an unfilled day is
never published. It never overwrites an entry: if the file exists it exits with status 1.
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


def render(date: dt.date, title: str = DEFAULT_TITLE, slug: str = DEFAULT_SLUG) -> str:
    """The entry's Markdown for ``date``, from the template (a draft until filled in).

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
    return template.substitute(date=date.isoformat(), title=title, slug=slug)


def new_entry(
    date: dt.date,
    title: str = DEFAULT_TITLE,
    slug: str = DEFAULT_SLUG,
    posts_dir: Path = POSTS,
) -> Path:
    """Write the entry for ``date`` into ``posts_dir``; refuse if it exists. Returns its path.

    Raises
    ------
    JournalError
        (a ``ValueError``) for a bad title or slug, an existing entry, or a ``posts_dir`` that
        is not a writable directory (the message names ``--posts-dir`` and the reason).
    """
    posts_dir = Path(posts_dir)
    path = posts_dir / f"{date.isoformat()}.md"
    text = render(date, title, slug)
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
    args = parser.parse_args(argv)
    posts_dir = POSTS if args.posts_dir is None else args.posts_dir
    try:
        date = dt.date.today() if args.date is None else _parse_date(args.date)
        path = new_entry(date, args.title, args.slug, posts_dir)
    except JournalError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    print(f"wrote {path} (a draft: mkdocs build leaves it out until you delete `draft: true`)")
    print("next: fill in the sections, set readtime, delete `draft: true`, then check with")
    print("      NO_MKDOCS_2_WARNING=1 .venv/bin/mkdocs build --strict")
    return 0


if __name__ == "__main__":
    sys.exit(main())
