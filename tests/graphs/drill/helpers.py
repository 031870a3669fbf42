"""What the drill's tests share: the test bench of solution files, the drill command, the judge's
children still running, and a record damaged in every way a hand edit can damage it."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Mapping
from pathlib import Path

from tests.helpers import ROOT, command_line, descendants, run

#: LeetCode-style solution files the judge is tested on (one wrong variant or style each).
SOLUTIONS = Path(__file__).resolve().parent / "solutions"


def run_drill(
    *args: str, cwd: Path | str = ROOT, env: Mapping[str, str | None] | None = None
) -> subprocess.CompletedProcess:
    """``python -m graphs.drill *args`` with its output piped and captured (text)."""
    return run(["-m", "graphs.drill", *args], cwd=cwd, env=env, timeout=600)


def runners(below: int | None = None) -> set[int]:
    """The judge's children (``graphs/drill/runner.py``) running below ``below`` (default: this
    process; the judge adopts the orphans of a check, so any left by a check it ran are here).
    Other test runs on the machine have their own, out of sight."""
    from graphs.drill import sandbox

    script = str(sandbox.RUNNER).encode()
    return {pid for pid in descendants(below) if script in command_line(pid)}


#: A valid first line of a day's record.
GOOD = {"event": "start", "problem": 200, "title": "Number of Islands",
        "at": "2026-11-30T09:00:00+09:00"}  # fmt: skip
#: One line of each kind a hand edit (or a torn write) leaves, and what the reader calls it.
MALFORMED = [
    (b"not json at all", "not JSON"),
    (b'{"event": "start", "problem": 200', "not JSON"),  # a torn line
    (b"[1, 2]", "not a JSON object but a list"),
    (b'"start"', "not a JSON object but a string"),
    (b'{"event": "start", "problem": 200}', "missing 'at'"),
    (b'{"problem": 200, "at": "2026-11-30T09:00:00+09:00"}', "missing 'event'"),
    (b'{"event": "check", "problem": 200, "at": "2026-11-30T09:00:00+09:00"}', "missing 'passed'"),
    (b'{"event": "start", "problem": "200", "at": "2026-11-30T09:00:00+09:00"}',
     "'problem' is not an int"),
    (b'{"event": "start", "problem": true, "at": "2026-11-30T09:00:00+09:00"}',
     "'problem' is not an int"),
    (b'{"event": "start", "problem": 200, "at": "yesterday"}', "'at' is not an ISO timestamp"),
    (b'{"event": "start", "problem": 200, "at": 1764460800}', "'at' is not an ISO timestamp"),
    (b'{"event": "start", "problem": 200, "at": "2026-11-30T09:00:00"}',
     "'at' has no UTC offset (a naive timestamp)"),
    (b'{"event": "note", "problem": 200, "at": "2026-11-30T09:00:00+09:00"}',
     "'event' is not one of start, hint, check"),
    (b'{"event": "check", "problem": 200, "passed": "yes", "at": "2026-11-30T09:00:00+09:00"}',
     "'passed' is not true or false"),
    (b'{"event": "hint", "problem": 200, "minutes": NaN, "at": "2026-11-30T09:00:00+09:00"}',
     "'minutes' is not a finite number or null"),
    (b'{"event": "start", "problem": 200, "title": ["x"], "at": "2026-11-30T09:00:00+09:00"}',
     "'title' is not a string"),
    (b'{"event": "start", "problem": 200, "title": "\\ud800", "at": "2026-11-30T09:00:00+09:00"}',
     "'title' is not a string"),
    (b'{"event": "start", "problem": 200, "at": "\xff"}', "not UTF-8 text"),
]  # fmt: skip


def malformed_record(path: Path) -> list[int]:
    """Write a record with :data:`GOOD`, then every malformed kind; their line numbers."""
    lines = [json.dumps(GOOD).encode()] + [raw for raw, _ in MALFORMED]
    path.write_bytes(b"\n".join(lines) + b"\n")
    return list(range(2, len(lines) + 1))
