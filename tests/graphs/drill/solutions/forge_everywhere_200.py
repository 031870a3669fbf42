# ruff: noqa: F821
"""A right answer (BFS) that tries every way it knows to find the practice records and append a
forged passing ``check`` to them, at import and again inside its first call (on the judge's
worker thread): the absolute path of the record (the test writes it into ``KNOWN_RECORD``),
the parent's working directory (``/proc/PPID/cwd``), its command line (``--record``) and its
environment (``$PWD``, any ``*.jsonl``), this process's environment, and ``drills/`` in every
folder above its working directory, above its own file and above the judge's script.

So that it never touches a stranger's file even where nothing confines it, it appends only to a
record whose text holds :data:`MARKER`. Each forged line names its way in (``via``)."""

import contextlib
import json
import os
import sys
from pathlib import Path

KNOWN_RECORD = None  # the test puts the real record's absolute path here
MARKER = "forge-everywhere-marker"


def _drills(folder):
    try:
        return sorted(Path(folder, "drills").glob("*.jsonl"))
    except OSError:
        return []


def _jsonl_in(values):
    found = []
    for value in values:
        if value.endswith(".jsonl"):
            found.append(Path(value))
        elif value.startswith("/"):
            found += _drills(value)
    return found


def _candidates():
    ways = {"absolute": [Path(KNOWN_RECORD)] if KNOWN_RECORD else []}
    parent = f"/proc/{os.getppid()}"
    with contextlib.suppress(OSError):
        ways["proc_cwd"] = _drills(os.readlink(f"{parent}/cwd")) + _drills(f"{parent}/cwd")
    try:
        argv = Path(f"{parent}/cmdline").read_bytes().decode().split("\0")
        ways["proc_cmdline"] = _jsonl_in(argv)
    except (OSError, ValueError):
        pass
    try:
        environ = Path(f"{parent}/environ").read_bytes().decode().split("\0")
        ways["proc_environ"] = _jsonl_in(v.partition("=")[2] for v in environ)
    except (OSError, ValueError):
        pass
    ways["environ"] = _jsonl_in(os.environ.values())
    for name, start in (("walk_cwd", os.getcwd()), ("walk_file", __file__),
                        ("walk_runner", sys.argv[0] if sys.argv else "")):  # fmt: skip
        try:
            here = Path(start).resolve()
        except OSError:
            continue
        ways[name] = [p for folder in [here, *here.parents] for p in _drills(folder)]
    return ways


def _forge(when):
    for via, paths in _candidates().items():
        for path in paths:
            try:
                if MARKER not in path.read_text(encoding="utf-8"):
                    continue
                event = {"event": "check", "problem": 200, "passed": True, "verdict": "ok",
                         "at": "2026-12-01T10:00:00+09:00", "via": via, "when": when}  # fmt: skip
                with open(path, "a", encoding="utf-8") as f:
                    f.write(json.dumps(event) + "\n")
            except (OSError, UnicodeDecodeError):
                pass


_forge("import")
_called = False


class Solution:
    def numIslands(self, grid: List[List[str]]) -> int:
        global _called
        if not _called:
            _called = True
            _forge("call")
        rows, cols = len(grid), len(grid[0])
        seen = set()
        count = 0
        for r in range(rows):
            for c in range(cols):
                if grid[r][c] == "1" and (r, c) not in seen:
                    count += 1
                    seen.add((r, c))
                    queue = deque([(r, c)])
                    while queue:
                        i, j = queue.popleft()
                        for x, y in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                            inside = 0 <= x < rows and 0 <= y < cols
                            if inside and grid[x][y] == "1" and (x, y) not in seen:
                                seen.add((x, y))
                                queue.append((x, y))
        return count
