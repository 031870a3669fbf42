"""``python -m graphs.drill``: practise a graph problem, judge your LeetCode solution, record it.

The day's algorithm hour as a command line::

    python -m graphs.drill start 200            # the problem, its examples; the clock starts
    python -m graphs.drill check 200 sol.py     # judge the file as pasted into LeetCode
    python -m graphs.drill hint 200             # one hint from the study record
    python -m graphs.drill list                 # the track by pattern, with each status
    python -m graphs.drill review               # the problems due today (fsrs schedule)
    python -m graphs.drill solved 200 --date 2026-10-05   # a pass written down without the clock

``check`` hands the file to the judge (:func:`graphs.drill.judge.check`), which runs the
student's ``class Solution`` in a limited child process on LeetCode's examples, then on
hypothesis-generated inputs against the project's solution and networkx, then on the hard cases
at LeetCode's limits. On failure it prints the smallest failing input, the expected and the
actual answer (:func:`graphs.drill.report.format_result`) and exits 1; on success it prints the
time measured against the input size and exits 0. ``--strict`` counts the project's stricter
rules as failures. Usage errors (unknown problem, missing file) exit 2 with one line on stderr;
Ctrl-C exits 130 and records nothing.

Every ``start``, ``hint`` and ``check`` is appended as one JSON object per line to the day's
record (``drills/YYYY-MM-DD.jsonl`` in the current folder, or ``--record FILE``; see
:mod:`graphs.drill.record`); nothing is ever rewritten. Each holds the record's lock while it
reads what it needs and appends, so commands run at once on one record (a ``hint`` while a
``check`` runs) keep every line. A check prints its verdict before it is recorded, so a record
that cannot be written (a directory, a FIFO, a full disk) costs one line on stderr, never the
verdict. ``python -m studylog.journal drills`` turns the record into the journal's "소요 시간",
"힌트 사용" and "시도". The problems are the declarations in :mod:`graphs.drill.problems`.

``list`` and ``review`` read every regular ``*.jsonl`` of ``--records`` (default ``drills/``)
once and write nothing: the review queue is replayed from the records
(:mod:`graphs.drill.practice`). A file with bad lines (or lines dated outside 2015-01-01 to
tomorrow) is one ``warning:`` naming its first bad ``file:line`` and how many more there were.
``--date YYYY-MM-DD`` (exactly that form) shows the records as they stood at the end of that day.

``start``, ``hint``, ``check`` and ``solved`` take ``--date`` too: it names the study day whose
record they append to (``drills/YYYY-MM-DD.jsonl``; a day that runs past midnight keeps its
date), from 2015-01-01 to tomorrow; the events keep the clock's time. ``solved`` writes down a pass
that was not drilled with the clock (a day kept in the journal before the drill existed): one
``check`` with ``"measured": false``, dated at noon of ``--date`` (the hour is not known), rated
Good by the review queue since its time and hints were never measured. ``check`` reads
``solutions/<number>.py`` when no FILE is given: the folder where the student keeps solutions
(``ruff`` leaves it alone, see ``solutions/README.md``).
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import os
import sys
from pathlib import Path
from typing import Any

from graphs.drill import practice
from graphs.drill.dates import parse_date, record_day
from graphs.drill.options import CheckOptions
from graphs.drill.record import (
    RECORD_DIR,
    Held,
    RecordError,
    append,
    default_record,
    holding,
    minutes_since,
    now,
    session,
)
from graphs.drill.views import CMD, UsageError, cmd_list, cmd_review, practice_events, warn
from house.terminal import is_terminal

__all__ = ["main", "run_command"]

PROG = "python -m graphs.drill"
HINT_AFTER_MINUTES = 30
SOLUTIONS = Path("solutions")  # where the student keeps solution files: solutions/<number>.py


def _read(record: Held) -> list[dict[str, Any]]:
    """The held record's valid events; a file's skipped lines are one ``warning:`` line."""
    problems: list[str] = []
    events = record.read(problems)
    warn(problems)
    return events


def _record_path(args: argparse.Namespace) -> Path:
    """The record a command appends to: ``--record``, or the record of ``--date`` or today."""
    if args.record is not None and args.date is not None:
        raise UsageError("--date: not with --record (the record file already names its day)")
    if args.record is not None:
        return args.record
    return default_record(None if args.date is None else record_day(args.date))


def _not_recorded(err: RecordError) -> None:
    """The one stderr line of a check whose verdict could not be recorded."""
    print(
        f"기록하지 못했다: {err.path} ({err.reason}). 판정은 위와 같지만 기록에는 남지 않았다.",
        file=sys.stderr,
    )


def _stamp(moment: Any) -> str:
    return moment.isoformat(timespec="seconds")


def cmd_solved(drill: Any, record: Path, day: dt.date, file: Path | None) -> list[str]:
    """Write down a pass made without the clock on ``day`` (once per problem and record)."""
    moment = now()
    if day != moment.date():  # the hour of a past day is not known: noon, in this zone
        moment = dt.datetime.combine(day, dt.time(12), moment.tzinfo)
    with holding(record) as held:
        mine = [e for e in _read(held) if e["problem"] == drill.number]
        if any(e["event"] == "check" and e.get("measured") is False for e in mine):
            return [f"{drill.label}: {record}에 이미 적어 두었다 (다시 쓰지 않았다)."]
        event = {"event": "check", "problem": drill.number, "title": drill.title,
                 "at": _stamp(moment), "minutes": None, "passed": True, "verdict": "ok",
                 "measured": False}  # fmt: skip
        if file is not None:
            event["file"] = str(file)
        held.append(event)
    return [
        f"기록: {record} — {drill.label}, {day.isoformat()} 통과.",
        "시간과 힌트는 재지 않았다고 적었다. 복습 일정에서는 보통(Good)으로 친다.",
    ]


def cmd_start(drill: Any, record: Path) -> list[str]:
    started = now()
    append(record, {"event": "start", "problem": drill.number, "title": drill.title,
                    "at": _stamp(started)})  # fmt: skip
    lines = [f"{drill.label} — 시작 {started:%H:%M}", ""]
    lines += drill.statement.splitlines()
    lines += ["", "LeetCode 제약 (채점기가 만드는 입력도 모두 이 안에 있다):"]
    lines += [f"  {line}" for line in drill.constraints.lines()]
    lines.append("")
    for i, example in enumerate(drill.examples, 1):
        lines.append(f"예제 {i}: {drill.leetcode_input(example)}")
        lines.append(f"  답: {drill.answer_text(example, drill.expected(example))}")
    lines += [
        "",
        "LeetCode에 붙여 넣는 모양 그대로 파일에 쓴다 (List 등은 import 없이 된다):",
        "  class Solution:",
        f"      def {drill.signature}:",
        *([f"  ({drill.returns_text()})"] if drill.answer_in_place else []),
        "",
        f"풀이 파일: {SOLUTIONS}/{drill.number}.py (이 폴더는 ruff가 검사하지 않는다)",
        f"판정: {CMD} check {drill.number} (다른 파일이면 뒤에 그 경로를 적는다)",
        f"힌트: {HINT_AFTER_MINUTES}분이 지나면 {CMD} hint {drill.number} (하나씩)",
        f"기록: {record} (시도마다 한 줄씩 덧붙인다)",
    ]
    return lines


def cmd_hint(drill: Any, record: Path) -> list[str]:
    """One hint, counted and appended while the record is held (two hints at once: 1 and 2)."""
    with holding(record) as held:
        return _hint(drill, held)


def _hint(drill: Any, record: Held) -> list[str]:
    moment = now()
    mine = session(_read(record), drill.number)
    minutes = minutes_since(mine, moment)
    taken = sum(e["event"] == "hint" for e in mine)
    hints = drill.hints()
    lines = [drill.label]
    if minutes is None:
        lines.append(f"(start를 하지 않아 시간을 모른다: {CMD} start {drill.number})")
    elif minutes < HINT_AFTER_MINUTES:
        lines.append(
            f"시작한 지 {minutes:.0f}분. 규칙은 {HINT_AFTER_MINUTES}분을 버틴 뒤 힌트를 보는 것"
            f" ({HINT_AFTER_MINUTES - minutes:.0f}분 남았다). 힌트를 기록에 남긴다."
        )
    else:
        lines.append(f"시작한 지 {minutes:.0f}분: 힌트를 볼 때다.")
    if taken >= len(hints):
        lines.append(f"힌트 {len(hints)}개를 모두 봤다 ({', '.join(h[0] for h in hints)}).")
        return lines
    field, text = hints[taken]
    record.append(
        {"event": "hint", "problem": drill.number, "title": drill.title, "hint": taken + 1,
         "field": field, "at": _stamp(moment),
         "minutes": None if minutes is None else round(minutes, 1)},
    )  # fmt: skip
    lines.append(f"힌트 {taken + 1}/{len(hints)} — {field}:")
    lines.append(f"  {text}")  # one mistake or one lesson, on lines of its own
    if taken + 1 < len(hints):
        lines.append(f"다음 힌트({hints[taken + 1][0]})는 다시 {CMD} hint {drill.number}")
    lines.append("힌트를 본 이유를 공부 일지의 '틀린 점과 이유'에 적어 두자.")
    return lines


def _check_event(
    drill: Any,
    path: Path,
    result: dict[str, Any],
    moment: Any,
    mine: list[dict[str, Any]],
    options: CheckOptions,
) -> dict[str, Any]:
    """The ``check`` event of a judged file, ``mine`` being the problem's session so far."""
    minutes = minutes_since(mine, moment)
    failing = None
    if "input_lines" in result:  # the counterexample the journal's drill log shows
        failing = result.get("leetcode_input") or " / ".join(result["input_lines"])
    return {
        "event": "check", "problem": drill.number, "title": drill.title, "at": _stamp(moment),
        "minutes": None if minutes is None else round(minutes, 1),
        "passed": result["status"] == "pass",
        "verdict": result["verdict"], "message": result["message"],
        "phase": result.get("phase"), "failing_input": failing, "input": result.get("input"),
        "hint_taken": any(e["event"] == "hint" for e in mine), "strict": options.strict,
        "file": str(path),
    }  # fmt: skip


def cmd_check(drill: Any, path: Path, record: Path, options: CheckOptions) -> int:
    """Judge, print the verdict, then record it; the exit status is the verdict's (0 or 1)."""
    from graphs.drill.judge import check
    from graphs.drill.report import format_result
    from graphs.drill.sandbox import landlock_abi

    result = check(drill.number, path, options)
    moment = now()
    passed = result["status"] == "pass"
    print("\n".join(format_result(drill, str(path), result)), flush=True)
    isolated = landlock_abi() > 0  # else the judge ran the file unconfined (graphs.drill.sandbox)
    if not isolated:
        warning = "경고: 이 커널에는 Landlock이 없어 풀이를 격리하지 못했다"
        warning += ' (풀이가 기록 파일을 읽고 쓸 수 있었다). 이 시도는 "isolated": false로 기록한다'
        print(warning, file=sys.stderr)
    lines = []
    mine: list[dict[str, Any]] = []
    recorded = False
    try:
        with holding(record) as held:  # read and append in one step: no writer gets in between
            mine = session(_read(held), drill.number)
            event = _check_event(drill, path, result, moment, mine, options)
            if not isolated:
                event["isolated"] = False
            held.append(event)
            recorded = True
    except RecordError as err:
        _not_recorded(err)
        mine = []
    minutes = minutes_since(mine, moment)
    hint_taken = any(e["event"] == "hint" for e in mine)
    if recorded:
        attempts = sum(e["event"] == "check" for e in mine) + 1
        when = (
            f"시작 후 {minutes:.0f}분"
            if minutes is not None
            else "start 없이: 시간은 기록하지 않았다"
        )
        lines.append(f"기록: {record} ({attempts}번째 시도, {when})")
    if not passed and minutes is not None and minutes >= HINT_AFTER_MINUTES and not hint_taken:
        lines.append(f"{HINT_AFTER_MINUTES}분이 지났다. 힌트를 볼 때다: {CMD} hint {drill.number}")
    if lines:
        print("\n".join(lines))
    return 0 if passed else 1


def _solution_file(drill: Any) -> Path:
    """``solutions/<number>.py``, the file ``check`` judges when none is named.

    Raises
    ------
    UsageError
        Naming FILE, in English and Korean, if there is no such file.
    """
    path = SOLUTIONS / f"{drill.number}.py"
    if not path.is_file():
        raise UsageError(
            f"FILE: no file given and no {path} (풀이 파일을 {path}에 두거나 FILE로 적는다)"
        )
    return path


def _progress_printer(quiet: bool) -> Any:
    """Progress on stderr, only on a terminal (never ``\\r`` in logs) and not with --quiet."""
    if quiet or not is_terminal(sys.stderr):
        return None

    def show(text: str) -> None:
        sys.stderr.write(f"\r\033[K판정 중: {text}")
        sys.stderr.flush()

    return show


RULE_EN = (
    "Each session (a start and what follows until the next start of the problem) that has a"
    " check is one review: no pass is Again; a pass after a hint or after"
    f" {practice.TIME_RULE_MINUTES} minutes is Hard; a pass without a hint within"
    f" {practice.TIME_RULE_MINUTES} minutes is Good; a first check that passes without a hint"
    f" within {practice.EASY_MINUTES} minutes is Easy. The reviews are replayed in order through"
    " the fsrs scheduler (no learning steps, no fuzzing), so no state file exists besides the"
    " records."
)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description=(
            "Practise a graph problem: start the clock, judge your LeetCode solution against the"
            " project's solution and networkx, take hints one at a time. Every step is appended"
            " to the day's record, which python -m studylog.journal drills turns into the journal's"
            " drill log."
        ),
    )
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--record",
        type=Path,
        default=None,
        help="the day's record file, one JSON object per line, only ever appended to"
        " (default: drills/YYYY-MM-DD.jsonl of --date, in the current folder)",
    )
    common.add_argument(
        "--date",
        default=None,
        help="the study day whose record is appended to, YYYY-MM-DD, from 2015-01-01 to"
        " tomorrow; the events keep the clock's time (default: today)",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="command")
    records = argparse.ArgumentParser(add_help=False)
    records.add_argument(
        "--records",
        type=Path,
        default=RECORD_DIR,
        help="the folder of the records, every *.jsonl in it is read, nothing is written"
        " (default: %(default)s)",
    )
    records.add_argument(
        "--date",
        default=None,
        help="the day to show, YYYY-MM-DD: the records as they stood at its end, only events"
        " on or before it (default: today, every record)",
    )
    sub.add_parser(
        "list",
        help="the track grouped by pattern, with each problem's status from the records",
        parents=[records],
    )
    sub.add_parser(
        "review",
        help="the problems due for review, from an fsrs schedule replayed from the records",
        description="The problems due for review on --date. " + RULE_EN,
        parents=[records],
    )
    start = sub.add_parser(
        "start", help="show a problem and its examples, start the clock", parents=[common]
    )
    hint = sub.add_parser(
        "hint", help="one hint from the problem's study record, noted in the record",
        parents=[common],
    )  # fmt: skip
    chk = sub.add_parser(
        "check",
        help="judge a solution file (exit 0 pass, 1 fail, 2 usage error)",
        parents=[common],
    )
    solved = sub.add_parser(
        "solved",
        help="write down a pass made without the clock (time and hints not measured)",
        description='Append one passing check with "measured": false to the record of'
        " --date: a problem solved on a day kept only in the journal. The review queue rates it"
        " Good; the progress page marks it as not measured. Written once per problem and record.",
        parents=[common],
    )
    for p in (start, hint, chk, solved):
        p.add_argument("problem", metavar="PROBLEM", help="LeetCode number (200) or method name")
    chk.add_argument(
        "file", metavar="FILE", type=Path, nargs="?", default=None,
        help=f"a .py file with class Solution (default: {SOLUTIONS}/<number>.py)",
    )  # fmt: skip
    solved.add_argument(
        "--file", type=Path, default=None,
        help="the solution file, noted in the record (default: none noted)",
    )  # fmt: skip
    for option in dataclasses.fields(CheckOptions):  # the judge's own defaults and words
        if "help" not in option.metadata:
            continue
        flag, default = "--" + option.name.replace("_", "-"), option.default
        if isinstance(default, bool):
            chk.add_argument(flag, action="store_true", help=option.metadata["help"])
        else:
            number = float if isinstance(default, float) else int
            chk.add_argument(flag, type=number, default=default, help=option.metadata["help"])
    chk.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="no progress line (default: shown only when stderr is a terminal)",
    )
    return parser


def _check_options(args: argparse.Namespace) -> CheckOptions:
    """The check's options from the command line (a limit out of range: a UsageError)."""
    names = [f.name for f in dataclasses.fields(CheckOptions) if "help" in f.metadata]
    try:
        return CheckOptions(
            **{name: getattr(args, name) for name in names},
            progress=_progress_printer(args.quiet),
        )
    except ValueError as err:  # the field's name, as the command line spells it
        name, _, said = str(err).partition(":")
        raise UsageError(f"--{name.replace('_', '-')}:{said}") from None


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command in ("list", "review"):
        from graphs.drill.problem import drills

        try:
            day = None if args.date is None else parse_date(args.date)
            found = drills()
            events = practice_events(args.records, found, day)
            show = cmd_list if args.command == "list" else cmd_review
            print("\n".join(show(found, events, day or dt.date.today())))
        except ValueError as err:  # UsageError, RecordError
            print(f"error: {err}", file=sys.stderr)
            return 2
        except KeyboardInterrupt:
            print("interrupted: nothing was written", file=sys.stderr)
            return 130
        return 0
    # A record that is a directory, a FIFO or out of reach: start and hint stop with one error
    # line; a check still prints its verdict and then says that it could not record it.
    from graphs.drill.problem import UnknownProblem, find

    try:
        record = _record_path(args)
        if args.command == "start":
            lines = cmd_start(find(args.problem), record)
        elif args.command == "hint":
            lines = cmd_hint(find(args.problem), record)
        elif args.command == "solved":
            day = dt.date.today() if args.date is None else record_day(args.date)
            lines = cmd_solved(find(args.problem), record, day, args.file)
        else:
            drill = find(args.problem)
            options = _check_options(args)
            file = args.file if args.file is not None else _solution_file(drill)
            try:
                return cmd_check(drill, file, record, options)
            finally:
                if options.progress is not None:
                    sys.stderr.write("\r\033[K")
    except UnknownProblem as err:  # said in the student's words, with where to read on
        from graphs.drill.words import unknown_problem

        print(f"error: {unknown_problem(err.problem, err.known)}", file=sys.stderr)
        return 2
    except ValueError as err:  # UsageError, DrillError, RecordError
        print(f"error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        if args.command == "check":
            print("interrupted: the solution's process was stopped, nothing recorded",
                  file=sys.stderr)  # fmt: skip
        else:
            print(f"interrupted: {args.command} stopped", file=sys.stderr)
        return 130
    print("\n".join(lines))
    return 0


def run_command() -> int:
    """``main()``, quiet when the reader of stdout goes away (``... | head``)."""
    try:
        return main()
    except BrokenPipeError:
        # Python would print a traceback while flushing stdout at exit: point it at devnull.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141  # 128 + SIGPIPE, as a shell reports it


if __name__ == "__main__":
    sys.exit(run_command())
