"""``python -m studylog.journal new``: start a day's journal entry; ``drills``: the day's drill log.

``new`` writes ``docs/blog/posts/YYYY-MM-DD.md`` (today by default) with the front matter the
blog plugin needs (date, categories, a hand-set reading time, ``draft: true``), the Korean
section headings and blank algorithm record tables. The entry starts as a draft: ``mkdocs
serve`` shows it, ``mkdocs build`` leaves it out until the ``draft: true`` line is deleted, so an
unfilled day is never published. It never overwrites an entry: if the file exists it exits with
status 1.

The day's drills (``python -m graphs.drill``, which appends to ``drills/YYYY-MM-DD.jsonl`` in the
current folder; ``--drills FILE`` for another record) reach the entry through a generated
fragment, ``docs/generated/drills/log-YYYY-MM-DD.md``: a table with the rows "소요 시간",
"힌트 사용" and "시도" of each problem drilled that day. The entry includes it
(``--8<-- "docs/generated/drills/log-YYYY-MM-DD.md"``) instead of typing those rows, and ``new``
writes it at once; ``python -m studylog.journal drills --date YYYY-MM-DD`` rewrites it from the
record after more drilling, the same record always giving the same bytes. The record is the one
source (the student commits ``drills/`` once the day is done), so the fragment is only ever
rewritten from a record that exists: without one, ``new`` creates the fragment if it is missing ("no
drills") and ``drills`` refuses. That is also why the log is not a :mod:`studylog.gen` generator:
``studylog.gen --check`` would then depend on a record one machine may not have yet (the log and
the review box are written by :mod:`studylog.drill_log`). The record tables below the log get one
table per problem drilled by the time the entry is made, their "문제" row filled and the
generated study record of the problem's solution (written once, in Korean, in
``graphs/records/``) included after them; the one row only the student can write ("틀린 점과
이유") stays blank.

With ``--experiment NAME`` it also starts the day's experiment (:mod:`studylog.scaffold`): a
runnable skeleton on the shared runner with its test, page generator and page, run once so that the
tests and the strict build pass at once; the entry links to the page. ``--vary NAME=V1,V2,...``
picks the field of its run spec the day compares (default ``n_heads=1,2,4``, see
:mod:`studylog.vary`), and the last line printed is the fast check of the day's own files (ruff,
then its tests). That day is all or nothing (:func:`new_day`): a name that is taken or would hide a
module, or a ``--vary`` the run spec cannot take, is refused before anything is written, and a
failure or Ctrl-C puts back every file written so far (exit 1, or 130).

``new`` also states the rule of the tags (:data:`studylog.gen.tags.RULE`): a tag names one page, so
an entry's tags are its own, never one another page declares; ``python -m studylog.gen`` refuses a
repeat in one line before the site's search test would stop on it.
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

from house.terminal import ctrl_c_ends
from studylog import scaffold
from studylog.drill_log import (
    DRILL_LOGS,
    DrillLogError,
    log_name,
    planned_log,
    planned_review_box,
    put_back,
    review_name,
    site_log_dir,
    write_drill_log,
    write_planned,
)
from studylog.entry_drills import entry_path, fill_drills, fill_entry
from studylog.gen import tags

DOCS = Path(__file__).resolve().parents[1] / "docs"
POSTS = DOCS / "blog" / "posts"
TEMPLATE = Path(__file__).resolve().parent / "templates" / "journal_entry.md"
DEFAULT_TITLE = "오늘의 공부 기록"
DEFAULT_SLUG = "study-log"
SLUG_RE = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")  # used with fullmatch: no trailing newline
#: Longest slug: the built site names a folder by it (``blog/YYYY/MM/DD/<slug>/``, MkDocs and
#: Zensical alike), or a file ``<slug>.html`` without directory URLs; both must fit in the 255
#: bytes a file name holds (ext4, APFS, NTFS). Before, a 300-character slug was taken and the
#: build failed with "File name too long".
MAX_SLUG = 255 - len(".html")


class JournalError(ValueError):
    """A request the command refuses, with a message for the user."""


def _parse_date(text: str) -> dt.date:
    """``text`` as a date, accepting exactly ``YYYY-MM-DD`` (not ``YYYYMMDD`` or week dates),
    as every ``--date`` of the drill commands does (:func:`graphs.drill.practice.parse_day`)."""
    from graphs.drill.practice import parse_day

    try:
        return parse_day(text, "--date")
    except ValueError as e:
        raise JournalError(str(e)) from None


def _check_title(title: str) -> str:
    """The title stripped; one line of printable text, not empty."""
    if not isinstance(title, str):
        raise TypeError(f"--title: expected str, got {type(title).__name__}")
    bad = [c for c in title if unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp")]
    if bad or not title.strip():
        what = f"control character {bad[0]!r}" if bad else "nothing printable"
        raise JournalError(f"--title: expected one line of printable text, got {what}: {title!r}")
    return title.strip()


def render(
    date: dt.date,
    title: str = DEFAULT_TITLE,
    slug: str = DEFAULT_SLUG,
    drills: list[dict] | None = None,
    experiment: str | None = None,
) -> str:
    """The entry's Markdown for ``date``, from the template (a draft until filled in).

    ``experiment``: the name of the day's experiment, whose page the entry links to.

    ``drills``: the day's drill summaries (:func:`graphs.drill.record.attempt_summaries`): one
    record table per problem, its "문제" row filled. The entry includes the day's drill log
    (:func:`drill_log`) for the time, hints and attempts.

    Raises
    ------
    JournalError
        (a ``ValueError``) if ``title`` holds control characters or nothing printable, or
        ``slug`` is not lowercase ASCII words joined by ``-``.
    """
    title = _check_title(title)
    check_slug(slug)
    template = Template(TEMPLATE.read_text(encoding="utf-8"))
    link = (
        f"이날의 실험: [{title}](../../{scaffold.page_path(experiment)})\n\n" if experiment else ""
    )
    text = template.substitute(date=date.isoformat(), title=title, slug=slug, experiment=link)
    return fill_drills(text, drills or [])


def check_slug(slug: object) -> str:
    """``slug`` if it is lowercase ASCII words joined by ``-``, at most :data:`MAX_SLUG` long.

    Raises
    ------
    JournalError
        (a ``ValueError``) naming ``--slug``, otherwise.

    Examples
    --------
    >>> check_slug("gqa-kv-cache")
    'gqa-kv-cache'
    >>> try:
    ...     check_slug("a" * 300)
    ... except JournalError as e:
    ...     print(e)
    --slug: expected at most 250 characters (the built site names a folder by it), got 300
    """
    if isinstance(slug, str) and len(slug) > MAX_SLUG:  # long: not shown, only counted
        raise JournalError(
            f"--slug: expected at most {MAX_SLUG} characters (the built site names a folder by"
            f" it), got {len(slug)}"
        )
    if not isinstance(slug, str) or not SLUG_RE.fullmatch(slug):
        raise JournalError(f"--slug: expected lowercase words joined by '-', got {slug!r}")
    return slug


def read_drills(path: Path, problems: list[str] | None = None) -> list[dict]:
    """The summaries of a day's drill record, or [] if there is no such file.

    Lines of the record that are not valid events, or are dated outside the plausible days, are
    skipped; with ``problems`` a list, the first is named there as ``file:line: what is wrong``
    with how many more there were (:func:`graphs.drill.record.read_record`). Only a regular
    file is read: a FIFO never makes this wait.

    Raises
    ------
    JournalError
        (a ``ValueError``) naming ``--drills``: a directory, a FIFO or a device, or a file
        that cannot be read.
    """
    from graphs.drill.record import NotARecord, RecordError, attempt_summaries, read_record

    path = Path(path)
    try:
        return attempt_summaries(read_record(path, problems))
    except NotARecord as e:
        raise JournalError(f"--drills: expected a record file, got {e.reason}: {path}") from None
    except RecordError as e:
        raise JournalError(f"--drills: cannot read {path} ({e.reason})") from None


def new_entry(
    date: dt.date,
    title: str = DEFAULT_TITLE,
    slug: str = DEFAULT_SLUG,
    posts_dir: Path = POSTS,
    drills: list[dict] | None = None,
    experiment: str | None = None,
    log_dir: Path | None = None,
) -> Path:
    """Write the entry for ``date`` into ``posts_dir``; refuse if it exists. Returns its path.

    ``drills`` fills the "문제" rows as in :func:`render` and is written as the day's drill log
    into ``log_dir`` (:func:`write_drill_log`; None: no record, the log is only created if
    missing). ``log_dir`` defaults to the ``docs/generated/drills`` of the site that holds
    ``posts_dir`` (:func:`site_log_dir`); outside a site no log is written.

    Raises
    ------
    JournalError
        (a ``ValueError``) for a bad title or slug, an existing entry, a ``posts_dir`` that
        is not a writable directory (the message names ``--posts-dir`` and the reason), or a
        drill log that cannot be written.
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
    except OSError as e:
        reason = e.strerror or str(e)
        raise JournalError(f"--posts-dir: cannot write {path} ({reason})") from None
    log_dir = site_log_dir(posts_dir) if log_dir is None else log_dir
    planned = []
    if log_dir is not None:  # made before anything is written: a failure here writes nothing
        planned = [planned_log(date, drills, log_dir), planned_review_box(date, log_dir)]
    # The fragments before the entry (an entry never includes a missing fragment); if the entry
    # cannot be written (or Ctrl-C comes), they are put back: no half-made day is left.
    written = write_planned(planned)
    created = False
    try:
        # "x": fail rather than overwrite, even in a race with another writer
        with path.open("x", encoding="utf-8") as f:
            created = True
            f.write(text)
    except BaseException as e:
        if created:  # a half-written entry of this call (a full disk, Ctrl-C)
            path.unlink(missing_ok=True)
        put_back(written)
        if isinstance(e, FileExistsError):
            reason = "already exists; not overwriting (edit it instead)"
            raise JournalError(f"{path} {reason}") from None
        if isinstance(e, OSError):
            reason = e.strerror or str(e)
            raise JournalError(f"--posts-dir: cannot write {path} ({reason})") from None
        raise
    return path


def new_day(
    date: dt.date,
    title: str,
    slug: str,
    posts_dir: Path,
    drills: list[dict] | None,
    experiment: str,
    root: Path | None = None,
    vary: str | None = None,
) -> Path:
    """:func:`new_entry` and the day's experiment (:mod:`studylog.scaffold`) in ``root`` (default:
    ``scaffold.ROOT``), comparing the values of ``vary`` (``NAME=V1,V2,...``, default the head
    count: :mod:`studylog.vary`), all or nothing; returns the entry's path.

    The name, ``vary`` and ``mkdocs.yml`` are checked before anything is written. Then every file is
    recorded before it is first written (the entry, the drill log, the skeleton, ``mkdocs.yml``,
    what the first run writes); a failure or Ctrl-C puts them all back.

    Raises
    ------
    scaffold.ScaffoldError
        (a ``ValueError``) for a refused name, or after a failure: what failed, then what was
        undone.
    scaffold.Interrupted
        After Ctrl-C, once everything is put back; its message says what was undone.
    """
    root = scaffold.ROOT if root is None else Path(root)
    check_slug(slug)  # refuse the slug and the name before writing anything
    scaffold.check_name(experiment, root)
    scaffold.add_to_nav((root / "mkdocs.yml").read_text(encoding="utf-8"), title, experiment)
    compared = scaffold.check_vary(vary)
    undo = scaffold.Undo(root)
    undo.track(Path(posts_dir) / f"{date.isoformat()}.md")
    log_dir = site_log_dir(posts_dir)
    if log_dir is not None:
        undo.track(log_dir / log_name(date))
        undo.track(log_dir / review_name(date))

    def work() -> Path:
        path = new_entry(date, title, slug, posts_dir, drills, experiment)
        for written in scaffold.create(experiment, title, date.isoformat(), root, undo, compared):
            print(f"wrote {written.relative_to(root)}")
        print(f"running the {experiment} experiment once ({compared}) and the page generators ...")
        scaffold.first_run(experiment, root, undo)
        print(f"added docs/{scaffold.page_path(experiment)} to the nav of mkdocs.yml")
        return path

    return scaffold.all_or_nothing(undo, work)


def _warn(problems: list[str]) -> None:
    """One ``warning:`` line per message (one per record at most: :func:`read_drills`)."""
    for problem in problems:
        print(f"warning: {problem}", file=sys.stderr)


def _record_path(option: Path | None, date: dt.date) -> Path:
    return option if option is not None else Path("drills") / f"{date}.jsonl"


def _drills_option(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument(
        "--drills",
        type=Path,
        default=None,
        metavar="FILE",
        help=f"the day's drill record from python -m graphs.drill, {what}"
        " (default: drills/YYYY-MM-DD.jsonl of the date, in the current folder)",
    )


def cmd_drills(args: argparse.Namespace) -> int:
    """``drills``: rewrite the day's drill log from its record (which must exist), and give the
    day's entry, if there is one, a record section for each problem it does not name yet."""
    date = dt.date.today() if args.date is None else _parse_date(args.date)
    record = _record_path(args.drills, date)
    log = Path(args.log_dir) / log_name(date)
    problems: list[str] = []
    summaries = read_drills(record, problems)
    if not record.is_file():
        raise JournalError(
            f"--drills: no drill record at {record}; {log} is left as it is"
            " (the record is the only source of the log)"
        )
    _warn(problems)
    path, changed = write_drill_log(date, summaries, args.log_dir)
    names = ", ".join(str(s["problem"]) for s in summaries) or "no problems"
    print(f"{'wrote' if changed else 'up to date:'} {path} ({names} from {record})")
    entry = entry_path(args.log_dir, date, args.posts_dir)
    if fill_entry(entry, summaries):
        print(f"filled {entry}: a record section (문제, 틀린 점과 이유, study record) per problem")
    return 0


def _main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m studylog.journal",
        description="Start a day's journal entry from the template (as a draft), or rewrite the"
        " day's drill log that the entry includes.",
    )
    sub = parser.add_subparsers(
        dest="command", required=True, metavar="command", help="what to do (new or drills)"
    )
    new = sub.add_parser(
        "new",
        help="start a new entry from the template",
        description=(
            "Write docs/blog/posts/YYYY-MM-DD.md from studylog/templates/journal_entry.md as a"
            " draft (draft: true), and the day's drill log it includes; never overwrite an existing"
            " entry."
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
        help=f"URL slug, lowercase words joined by '-', at most {MAX_SLUG} characters (a folder"
        " of the built site is named by it), e.g. gqa-kv-cache (default: %(default)s)",
    )
    new.add_argument(
        "--posts-dir",
        type=Path,
        default=None,
        help="folder of the blog posts; the drill log goes to docs/generated/drills of the site"
        " (the folder with mkdocs.yml) that holds it (default: docs/blog/posts of this clone)",
    )
    _drills_option(
        new,
        "written as the drill log (소요 시간, 힌트 사용, 시도) and naming the record tables;"
        " without it the log says there were no drills, unless a log exists",
    )
    new.add_argument(
        "--experiment",
        default=None,
        metavar="NAME",
        help="also start the day's experiment NAME (a lowercase Python name, not taken in"
        " mha/experiments/ and not a keyword, standard-library or torch module): a runnable"
        " skeleton in mha/experiments/NAME/ with its test, page generator and page, run once;"
        " the entry links to its page. All or nothing: on a failure or Ctrl-C every file"
        " written is put back (default: none)",
    )
    new.add_argument(
        "--vary",
        default=None,
        metavar="NAME=V1,V2,...",
        help="with --experiment: the field of the experiment's run spec the day compares and"
        " its values, at least two, e.g. n_kv_heads=1,2,4,8 (n_heads, n_kv_heads, d_model,"
        " steps, lr, ...; not seed); written once, as VARY in the experiment module"
        " (default: n_heads=1,2,4)",
    )
    drills_cmd = sub.add_parser(
        "drills",
        help="rewrite the day's drill log from the drill record",
        description=(
            "Rewrite docs/generated/drills/log-YYYY-MM-DD.md (소요 시간, 힌트 사용 and 시도 of"
            " each problem drilled that day, with the counterexample of each wrong answer),"
            " which the day's entry includes, from the day's drill record; the same record gives"
            " the same bytes. Then give the day's entry, if it exists, a record section (문제,"
            " 틀린 점과 이유, the study record) for each problem it does not name yet; nothing"
            " written in it is changed. A missing record changes nothing (exit 1)."
        ),
    )
    drills_cmd.add_argument("--date", default=None, help="the day, YYYY-MM-DD (default: today)")
    _drills_option(drills_cmd, "the only source of the log")
    drills_cmd.add_argument(
        "--posts-dir",
        type=Path,
        default=None,
        help="folder of the blog posts whose entry of the date gets a record section per problem"
        " it does not name yet (default: docs/blog/posts of the site that holds --log-dir)",
    )
    drills_cmd.add_argument(
        "--log-dir",
        type=Path,
        default=DRILL_LOGS,
        metavar="DIR",
        help="folder of the drill logs (default: docs/generated/drills of this clone)",
    )
    args = parser.parse_args(argv)
    if args.command == "drills":
        try:
            return cmd_drills(args)
        except (JournalError, DrillLogError) as e:
            print(f"error: {e}", file=sys.stderr)
            return 1
    posts_dir = POSTS if args.posts_dir is None else args.posts_dir
    try:
        date = dt.date.today() if args.date is None else _parse_date(args.date)
        record = _record_path(args.drills, date)
        problems: list[str] = []
        drills = read_drills(record, problems)
        found = record.is_file()
        if args.vary is not None and args.experiment is None:
            raise JournalError("--vary: only with --experiment NAME (the experiment compares it)")
        if args.experiment is None:
            path = new_entry(date, args.title, args.slug, posts_dir, drills if found else None)
        else:
            path = new_day(date, args.title, args.slug, posts_dir, drills if found else None,
                           args.experiment, vary=args.vary)  # fmt: skip
    except scaffold.Interrupted as e:
        print(f"interrupted: {e}", file=sys.stderr)
        return 130
    except (JournalError, DrillLogError, scaffold.ScaffoldError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    _warn(problems)
    print(f"wrote {path} (a draft: mkdocs build leaves it out until you delete `draft: true`)")
    log_dir = site_log_dir(posts_dir)
    what = ", ".join(str(s["problem"]) for s in drills) if found else ""
    if log_dir is not None:
        source = f"time, hints and attempts of {what} from {record}" if what else "no drills yet"
        print(f"drill log: {log_dir / log_name(date)} ({source})")
    elif what:
        print(f"drill record: {what} from {record} (no site holds the posts: no drill log)")
    then = "next:" if args.experiment is None else "also:"
    print(f"{then} fill in the sections, set readtime, delete `draft: true`, then check with")
    print("      NO_MKDOCS_2_WARNING=1 .venv/bin/mkdocs build --strict")
    print(f"      {tags.RULE}")
    print(f"      after more drills: .venv/bin/python -m studylog.journal drills --date {date}")
    if args.experiment is not None:  # the day's own files, fast: ruff, then its tests
        print(f"next: {scaffold.next_command(args.experiment)}")
    return 0


#: The command (see :func:`_main`); Ctrl-C ends it with one line and exit status 130 (what ``new``
#: wrote is put back first, and every other file is written whole or not at all).
main = ctrl_c_ends(_main, "no file was left half-written")


if __name__ == "__main__":
    sys.exit(main())
