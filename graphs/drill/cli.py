"""``python -m graphs.drill``: practise a graph problem, judge your LeetCode solution, record it.

The day's algorithm hour as a command line::

    python -m graphs.drill start 200            # the problem, its examples; the clock starts
    python -m graphs.drill check 200 sol.py     # judge the file as pasted into LeetCode
    python -m graphs.drill hint 200             # one hint from the study record

``check`` runs the student's ``class Solution`` in a child process (its own process group, an
address-space limit, a per-input time limit, a wall-clock limit after which the parent kills the
group): LeetCode's examples first, then hypothesis-generated inputs against the project's
solution and networkx, then the hard cases at LeetCode's limits, every input within the
problem's LeetCode constraints (``start`` prints them). On failure it prints the
smallest failing input, the expected and the actual answer, and exits 1; on success it prints
the time measured against the input size beside the expected ``O(V + E)`` and exits 0. Usage
errors (unknown problem, missing file) exit 2 with one line on stderr.

Every ``start``, ``hint`` and ``check`` is appended as one JSON object per line to the day's
record (``drills/YYYY-MM-DD.jsonl`` in the current folder, or ``--record FILE``); nothing is
ever rewritten. ``python -m docs.journal new`` reads it to fill the journal's "소요 시간",
"힌트 사용" and "시도" rows. The problems are the declarations in :mod:`graphs.drills`.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import json
import math
import os
import selectors
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

__all__ = [
    "VERDICTS",
    "attempt_summaries",
    "check",
    "default_record",
    "main",
    "read_record",
]

PROG = "python -m graphs.drill"
CMD = ".venv/bin/python -m graphs.drill"
HINT_AFTER_MINUTES = 30
TIME_LIMIT = 2.0
MEMORY_MB = 2048
BUDGET = 120.0
RECORD_DIR = Path("drills")
# Each verdict a check can record, in the words the journal uses for it.
VERDICTS = {
    "ok": "통과",
    "wrong_answer": "틀린 답",
    "timeout": "시간 초과",
    "recursion": "RecursionError",
    "memory": "메모리 초과",
    "mutated": "입력을 바꿈",
    "error": "예외",
    "syntax_error": "문법 오류",
    "unreadable": "파일을 못 읽음",
    "no_class": "Solution 클래스 없음",
    "no_method": "메서드 이름 틀림",
    "bad_signature": "인자 틀림",
    "killed": "강제 종료(무한 반복)",
    "crashed": "프로세스가 죽음",
    "budget": "판정 시간 초과",
}


class DrillError(ValueError):
    """A request the command refuses (unknown problem, missing file, bad record)."""


# ----------------------------------------------------------------------------- the record


def default_record(date: dt.date | None = None) -> Path:
    """``drills/YYYY-MM-DD.jsonl`` (relative to the current folder) for ``date`` or today.

    Examples
    --------
    >>> default_record(dt.date(2026, 11, 30)).as_posix()
    'drills/2026-11-30.jsonl'
    """
    return RECORD_DIR / f"{(date or dt.date.today()).isoformat()}.jsonl"


def _now() -> dt.datetime:
    return dt.datetime.now().astimezone()


def read_record(path: Path) -> list[dict[str, Any]]:
    """The events of a record file, oldest first; [] if it does not exist.

    Lines that are not JSON objects (a hand edit gone wrong) are skipped, never fatal.
    """
    path = Path(path)
    if not path.is_file():
        return []
    events = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if isinstance(event, dict) and "event" in event and "problem" in event:
            events.append(event)
    return events


def _append(path: Path, event: dict[str, Any]) -> None:
    """Append one event as one line; earlier lines are never touched."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(event, ensure_ascii=False) + "\n")
    except OSError as err:
        raise DrillError(f"--record: cannot append to {path} ({err.strerror or err})") from None


def _session(events: Iterable[dict[str, Any]], number: int) -> list[dict[str, Any]]:
    """The events of ``number`` since its latest ``start`` (all of them if never started)."""
    mine = [e for e in events if e["problem"] == number]
    starts = [i for i, e in enumerate(mine) if e["event"] == "start"]
    return mine[starts[-1] :] if starts else mine


def _minutes_since(session: list[dict[str, Any]], now: dt.datetime) -> float | None:
    if not session or session[0]["event"] != "start":
        return None
    started = dt.datetime.fromisoformat(session[0]["at"])
    return max(0.0, (now - started).total_seconds() / 60)


def attempt_summaries(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One summary per problem of a day's record, in the order the problems were first touched.

    Each covers the problem's latest ``start`` and what followed: ``minutes`` from the start to
    the first passing check (or to the last check, if none passed; None without a start),
    ``passed``, ``attempts`` and ``failures`` (checks), ``verdicts`` of the failed checks,
    ``hints`` (count) with their ``hint_fields`` and ``hint_minutes``.

    Examples
    --------
    >>> events = [
    ...     {"event": "start", "problem": 200, "title": "Number of Islands",
    ...      "at": "2026-11-30T09:00:00+09:00"},
    ...     {"event": "hint", "problem": 200, "field": "그래프 표현", "minutes": 31.0,
    ...      "at": "2026-11-30T09:31:00+09:00"},
    ...     {"event": "check", "problem": 200, "passed": False, "verdict": "wrong_answer",
    ...      "at": "2026-11-30T09:40:00+09:00"},
    ...     {"event": "check", "problem": 200, "passed": True, "verdict": "ok",
    ...      "at": "2026-11-30T09:45:30+09:00"}]
    >>> s = attempt_summaries(events)[0]
    >>> s["minutes"], s["passed"], s["attempts"], s["failures"], s["hints"]
    (45.5, True, 2, 1, 1)
    """
    order: list[int] = []
    titles: dict[int, str] = {}
    for e in events:
        if e["problem"] not in order:
            order.append(e["problem"])
        if e.get("title"):
            titles[e["problem"]] = e["title"]
    summaries = []
    for number in order:
        session = _session(events, number)
        checks = [e for e in session if e["event"] == "check"]
        hints = [e for e in session if e["event"] == "hint"]
        passes = [e for e in checks if e.get("passed")]
        end = passes[0] if passes else (checks[-1] if checks else None)
        minutes = None
        if end is not None and session[0]["event"] == "start":
            minutes = _minutes_since(session, dt.datetime.fromisoformat(end["at"]))
        counted = checks[: checks.index(passes[0]) + 1] if passes else checks
        summaries.append(
            {
                "problem": number,
                "title": titles.get(number, ""),
                "started": session[0]["at"] if session[0]["event"] == "start" else None,
                "minutes": None if minutes is None else round(minutes, 1),
                "passed": bool(passes),
                "attempts": len(counted),
                "failures": sum(not e.get("passed") for e in counted),
                "verdicts": [e.get("verdict", "") for e in counted if not e.get("passed")],
                "hints": len(hints),
                "hint_fields": [e.get("field", "") for e in hints],
                "hint_minutes": [e.get("minutes") for e in hints],
            }
        )
    return summaries


# ----------------------------------------------------------------------------- the judge


def check(
    problem: str | int,
    path: Path,
    *,
    time_limit: float = TIME_LIMIT,
    memory_mb: int = MEMORY_MB,
    budget: float = BUDGET,
    max_examples: int | None = None,
    wall_timeout: float | None = None,
    progress: Any = None,
) -> dict[str, Any]:
    """Judge the file at ``path`` against a drill, in a child process; returns the result.

    Parameters
    ----------
    problem : str or int
        A problem number (``200``) or LeetCode method name (``"numIslands"``).
    path : Path
        The student's file with ``class Solution``.
    time_limit : float, default 2.0
        Seconds allowed per call of the student's method.
    memory_mb : int, default 2048
        Address-space limit of the child process (``RLIMIT_AS``), in MiB; 0 for none.
    budget : float, default 120
        Seconds for the whole search inside the child.
    max_examples : int, optional
        Hypothesis examples per search; default that of the pitfall gallery
        (:data:`graphs.counterexamples.MAX_EXAMPLES`), whose minimal inputs it then reproduces.
    wall_timeout : float, optional
        Seconds after which the parent kills the child's process group; default
        ``budget + 2 * time_limit + 30``.
    progress : callable, optional
        Called with each progress text the child reports.

    Returns
    -------
    dict
        ``status`` (``"pass"`` or ``"fail"``), ``verdict`` (``"ok"``, ``"wrong_answer"``,
        ``"timeout"``, ``"recursion"``, ``"mutated"``, ``"error"``, ``"syntax_error"``,
        ``"no_class"``, ``"no_method"``, ``"killed"``, ...), ``message``, ``details`` and, on
        a failing input, ``input_lines``, ``leetcode_input``, ``input``, ``expected``,
        ``actual``; on a pass, ``timings``.

    Raises
    ------
    DrillError
        (a ``ValueError``) for an unknown problem, a missing file, a limit out of range or a
        judge that crashed.
    TypeError
        If ``time_limit`` or ``budget`` is not a number.
    """
    from graphs import counterexamples, drills

    for name, value, low in (("time_limit", time_limit, 0), ("budget", budget, 0)):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise TypeError(f"{name}: expected seconds as a number, got {type(value).__name__}")
        if not value > low:
            raise DrillError(f"{name}: expected seconds > 0, got {value}")
    if isinstance(memory_mb, bool) or not isinstance(memory_mb, int) or memory_mb < 0:
        raise DrillError(f"memory_mb: expected an int >= 0 (0: no limit), got {memory_mb!r}")
    if max_examples is not None and (not isinstance(max_examples, int) or max_examples < 1):
        raise DrillError(f"max_examples: expected an int >= 1, got {max_examples!r}")
    drill = drills.find(problem)
    path = Path(path)
    if not path.is_file():
        raise DrillError(f"FILE: no such file: {path}")
    if max_examples is None:
        max_examples = counterexamples.MAX_EXAMPLES
    if wall_timeout is None:
        wall_timeout = budget + 2 * time_limit + 30
    config = {
        "problem": drill.number,
        "path": str(path.resolve()),
        "shown": str(path),
        "time_limit": time_limit,
        "memory_mb": memory_mb,
        "budget": budget,
        "max_examples": max_examples,
    }
    with tempfile.TemporaryFile() as errors:
        proc = None
        try:
            with _ctrl_c_held():  # until proc exists, so that the finally below can stop it
                proc = subprocess.Popen(
                    [sys.executable, "-m", "graphs.drills._judge", json.dumps(config)],
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.PIPE,
                    stderr=errors,
                    start_new_session=True,  # its own process group: killed as a whole
                    env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
                )
            result = _collect(proc, wall_timeout, progress)
        finally:
            if proc is not None and proc.poll() is None:  # interrupted before _collect's cleanup
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        if result is None:
            errors.seek(0)
            tail = errors.read().decode("utf-8", "replace").strip().splitlines()[-6:]
            if proc.returncode is not None and proc.returncode < 0:
                name = signal.Signals(-proc.returncode).name
                return {
                    "status": "fail",
                    "verdict": "crashed",
                    "message": f"풀이를 돌리던 프로세스가 {name} 신호로 죽었다"
                    " (메모리 한도를 넘었거나 C 수준에서 멈췄다)",
                    "details": tail,
                }
            raise DrillError("the judge stopped without a result: " + " | ".join(tail))
    if result.get("verdict") == "killed":
        result["message"] = (
            f"전체 시간 한도({wall_timeout:g}초)를 넘어 풀이 프로세스를 강제로 끝냈다:"
            " 시간 제한 신호까지 삼키는 무한 반복일 수 있다"
        )
    return result


@contextlib.contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Hold Ctrl-C (SIGINT) until the block ends, then raise it.

    Ctrl-C while ``Popen`` is still starting the judge would leave the judge running, unseen,
    in its own session (it does not get the terminal's SIGINT). Only Python's default Ctrl-C
    (``KeyboardInterrupt``) is held: off the main thread, where Python cannot set a signal
    handler, or where SIGINT is ignored or handled otherwise, nothing changes.
    """
    main_thread = threading.current_thread() is threading.main_thread()
    if not main_thread or signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if caught:
            raise KeyboardInterrupt


def _collect(
    proc: subprocess.Popen[bytes], wall_timeout: float, progress: Any
) -> dict[str, Any] | None:
    """Read the child's JSON lines until its result, or kill its group at the deadline."""
    deadline = time.monotonic() + wall_timeout
    assert proc.stdout is not None
    selector = selectors.DefaultSelector()
    selector.register(proc.stdout, selectors.EVENT_READ)
    buffer = b""
    result = None
    try:
        while result is None:
            left = deadline - time.monotonic()
            if left <= 0:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
                return {"status": "fail", "verdict": "killed", "message": "", "details": []}
            if not selector.select(timeout=min(left, 1.0)):
                continue
            chunk = os.read(proc.stdout.fileno(), 65536)
            if not chunk:
                break
            buffer += chunk
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                message = json.loads(line)
                if "progress" in message and progress is not None:
                    progress(message["progress"])
                result = message.get("result", result)
    finally:  # also on Ctrl-C: the child is in its own session and would not get SIGINT
        selector.close()
        if proc.poll() is None:
            try:
                proc.wait(timeout=5.0 if result is not None else 0.1)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        proc.stdout.close()
    return result


# ----------------------------------------------------------------------------- output


def _slope(timings: list[dict[str, Any]]) -> float | None:
    """Least-squares slope of log(time) against log(V + E) over the inputs with V + E >= 1000."""
    points = [
        (math.log(t["V"] + t["E"]), math.log(t["seconds"]))
        for t in timings
        if t["V"] + t["E"] >= 1000 and t["seconds"] > 0
    ]
    if len(points) < 2:
        return None
    mx = sum(x for x, _ in points) / len(points)
    my = sum(y for _, y in points) / len(points)
    sxx = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / sxx if sxx else None


def _timing_lines(drill: Any, timings: list[dict[str, Any]]) -> list[str]:
    family = next((f.label for f in drill.kind.families if f.timed), "")
    seen: dict[tuple[int, int], float] = {}
    for t in timings:
        seen.setdefault((t["V"], t["E"]), t["seconds"])
    lines = [f"입력 크기에 따른 시간 ({family}; 기대 복잡도 O(V + E)):"]
    lines.append(f"  {'V':>8} {'E':>8} {'V + E':>8} {'시간':>10}")
    for (v, e), seconds in sorted(seen.items(), key=lambda kv: sum(kv[0])):
        lines.append(f"  {v:>8} {e:>8} {v + e:>8} {seconds * 1000:>8.2f} ms")
    slope = _slope(timings)
    if slope is not None:
        verdict = "선형에 가깝다, O(V + E)와 맞다" if slope < 1.3 else "선형보다 가파르다"
        lines.append(
            f"  log-log 기울기 {slope:.2f} (1이면 선형): {verdict}."
            " 크기마다 몇 번 잰 가장 빠른 값, 참고용."
        )
    return lines


def format_result(drill: Any, shown: str, result: dict[str, Any]) -> list[str]:
    """The Korean report of a ``check`` result."""
    lines = [f"{drill.label} ({drill.method}) — {shown}"]
    if result["status"] == "pass":
        lines.append(f"[통과] {result['message']}")
        lines += _timing_lines(drill, result.get("timings", []))
        return lines
    phase = f" — {result['phase']}" if result.get("phase") else ""
    lines.append(f"[실패] {result['message']}{phase}")
    lines += ["  " + line for line in result.get("details", [])]
    if "input_lines" in result:
        lines.append("  가장 작은 반례:" if "예제" not in result.get("phase", "") else "  입력:")
        lines += ["    " + line for line in result["input_lines"]]
        if result.get("leetcode_input"):
            lines.append(f"    LeetCode 입력: {result['leetcode_input']}")
        lines.append(f"  기대한 답: {result['expected']}")
        if "actual" in result:
            lines.append(f"  받은 답:   {result['actual']}")
    return lines


# ----------------------------------------------------------------------------- commands


def _parse_time(event: dict[str, Any]) -> dt.datetime:
    return dt.datetime.fromisoformat(event["at"])


def cmd_start(drill: Any, record: Path) -> list[str]:
    now = _now()
    _append(record, {"event": "start", "problem": drill.number, "title": drill.title,
                     "at": now.isoformat(timespec="seconds")})  # fmt: skip
    from graphs.drills._judge import _param_names

    names = _param_names(drill.signature)
    lines = [f"{drill.label} — 시작 {now:%H:%M}", ""]
    lines += drill.statement.splitlines()
    lines += ["", "LeetCode 제약 (채점기가 만드는 입력도 모두 이 안에 있다):"]
    lines += [f"  {line}" for line in drill.constraints.lines()]
    lines.append("")
    for i, example in enumerate(drill.examples, 1):
        args = ", ".join(
            f"{name} = {json.dumps(value, separators=(',', ':'))}"
            for name, value in zip(names, drill.to_leetcode(example), strict=True)
        )
        lines.append(f"예제 {i}: {args}")
        lines.append(f"  답: {drill.answer_text(example, drill.expected(example))}")
    lines += [
        "",
        "LeetCode에 붙여 넣는 모양 그대로 파일에 쓴다 (List 등은 import 없이 된다):",
        "  class Solution:",
        f"      def {drill.signature}:",
        "",
        f"판정: {CMD} check {drill.number} 풀이.py",
        f"힌트: {HINT_AFTER_MINUTES}분이 지나면 {CMD} hint {drill.number} (하나씩)",
        f"기록: {record} (시도마다 한 줄씩 덧붙인다)",
    ]
    return lines


def cmd_hint(drill: Any, record: Path) -> list[str]:
    now = _now()
    session = _session(read_record(record), drill.number)
    minutes = _minutes_since(session, now)
    taken = sum(e["event"] == "hint" for e in session)
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
    _append(
        record,
        {"event": "hint", "problem": drill.number, "title": drill.title, "hint": taken + 1,
         "field": field, "at": now.isoformat(timespec="seconds"),
         "minutes": None if minutes is None else round(minutes, 1)},
    )  # fmt: skip
    lines.append(f"힌트 {taken + 1}/{len(hints)} — {field}:")
    lines.append(f"  {text}")
    if taken + 1 < len(hints):
        lines.append(f"다음 힌트({hints[taken + 1][0]})는 다시 {CMD} hint {drill.number}")
    lines.append("힌트를 본 이유를 저널의 '틀린 점과 이유'에 적어 두자.")
    return lines


def cmd_check(
    drill: Any, path: Path, record: Path, options: dict[str, Any]
) -> tuple[int, list[str]]:
    result = check(drill.number, path, **options)
    now = _now()
    session = _session(read_record(record), drill.number)
    minutes = _minutes_since(session, now)
    hint_taken = any(e["event"] == "hint" for e in session)
    passed = result["status"] == "pass"
    failing = None
    if "input_lines" in result:
        failing = result.get("leetcode_input") or " / ".join(result["input_lines"])
    _append(
        record,
        {"event": "check", "problem": drill.number, "title": drill.title,
         "at": now.isoformat(timespec="seconds"),
         "minutes": None if minutes is None else round(minutes, 1), "passed": passed,
         "verdict": result["verdict"], "message": result["message"],
         "phase": result.get("phase"), "failing_input": failing, "input": result.get("input"),
         "hint_taken": hint_taken, "file": str(path)},
    )  # fmt: skip
    lines = format_result(drill, str(path), result)
    attempts = sum(e["event"] == "check" for e in session) + 1
    when = (
        f"시작 후 {minutes:.0f}분" if minutes is not None else "start 없이: 시간은 기록하지 않았다"
    )
    lines.append(f"기록: {record} ({attempts}번째 시도, {when})")
    if not passed and minutes is not None and minutes >= HINT_AFTER_MINUTES and not hint_taken:
        lines.append(f"{HINT_AFTER_MINUTES}분이 지났다. 힌트를 볼 때다: {CMD} hint {drill.number}")
    return (0 if passed else 1), lines


def _progress_printer(quiet: bool) -> Any:
    """Progress on stderr, only on a terminal (never ``\\r`` in logs) and not with --quiet."""
    if quiet or not sys.stderr.isatty():
        return None

    def show(text: str) -> None:
        sys.stderr.write(f"\r\033[K판정 중: {text}")
        sys.stderr.flush()

    return show


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description=(
            "Practise a graph problem: start the clock, judge your LeetCode solution against the"
            " project's solution and networkx, take hints one at a time. Every step is appended"
            " to the day's record, which python -m docs.journal new reads."
        ),
    )
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--record",
        type=Path,
        default=None,
        help="the day's record file, one JSON object per line, only ever appended to"
        " (default: drills/YYYY-MM-DD.jsonl of today, in the current folder)",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="command")
    sub.add_parser("list", help="the problems there are", parents=[common])
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
    for p in (start, hint, chk):
        p.add_argument("problem", metavar="PROBLEM", help="LeetCode number (200) or method name")
    chk.add_argument("file", metavar="FILE", type=Path, help="a .py file with class Solution")
    chk.add_argument(
        "--time-limit",
        type=float,
        default=TIME_LIMIT,
        help="seconds allowed per input (default: %(default)s)",
    )
    chk.add_argument(
        "--memory-mb",
        type=int,
        default=MEMORY_MB,
        help="address-space limit of the solution's process in MiB, 0 for none"
        " (default: %(default)s)",
    )
    chk.add_argument(
        "--budget",
        type=float,
        default=BUDGET,
        help="seconds for the whole search; the process is killed a little after"
        " (default: %(default)s)",
    )
    chk.add_argument(
        "--max-examples",
        type=int,
        default=None,
        help="hypothesis examples per search (default: the pitfall gallery's, 1000)",
    )
    chk.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="no progress line (default: shown only when stderr is a terminal)",
    )
    args = parser.parse_args(argv)
    record = args.record if args.record is not None else default_record()
    if record.is_dir():
        print(f"error: --record: expected a file, got a directory: {record}", file=sys.stderr)
        return 2
    from graphs import drills

    try:
        if args.command == "list":
            lines = [f"{d.number:>5}  {d.method:<16} {d.title}" for d in drills.drills()]
            status = 0
        else:
            drill = drills.find(args.problem)
            if args.command == "start":
                lines, status = cmd_start(drill, record), 0
            elif args.command == "hint":
                lines, status = cmd_hint(drill, record), 0
            else:
                if args.time_limit <= 0 or args.budget <= 0:
                    raise DrillError("--time-limit and --budget: expected seconds > 0")
                if args.max_examples is not None and args.max_examples < 1:
                    raise DrillError(f"--max-examples: expected >= 1, got {args.max_examples}")
                options = {
                    "time_limit": args.time_limit,
                    "memory_mb": args.memory_mb,
                    "budget": args.budget,
                    "max_examples": args.max_examples,
                    "progress": _progress_printer(args.quiet),
                }
                try:
                    status, lines = cmd_check(drill, args.file, record, options)
                finally:
                    if options["progress"] is not None:
                        sys.stderr.write("\r\033[K")
    except ValueError as err:  # DrillError, UnknownProblem
        print(f"error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted: the solution's process was stopped, nothing recorded", file=sys.stderr)
        return 130
    print("\n".join(lines))
    return status


def _run_command() -> int:
    """``main()``, quiet when the reader of stdout goes away (``... | head``)."""
    try:
        return main()
    except BrokenPipeError:
        # Python would print a traceback while flushing stdout at exit: point it at devnull.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141  # 128 + SIGPIPE, as a shell reports it


if __name__ == "__main__":
    sys.exit(_run_command())
