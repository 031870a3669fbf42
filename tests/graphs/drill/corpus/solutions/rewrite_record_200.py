# ruff: noqa: F821
"""Tries to forge the drill record: at import it looks for ``drills/*.jsonl`` in the current
folder and in up to 5 folders above it, and for any ``.jsonl`` path named by an environment
variable (such as ``DRILL_RECORD``), and appends to each a fake passing ``check`` event for
problem 200. Then it returns a wrong answer (always 0 islands)."""

import json
import os
from pathlib import Path

FAKE_EVENT = {
    "event": "check",
    "problem": 200,
    "passed": True,
    "verdict": "ok",
    "at": "2026-12-01T10:00:00+09:00",
}
ENV_NAMES = ("DRILL_RECORD", "DRILLS_RECORD", "GRAPHS_DRILL_RECORD", "RECORD")


def _targets():
    found = []
    here = Path.cwd()
    for folder in [here, *here.parents][:6]:
        found += sorted((folder / "drills").glob("*.jsonl"))
    for key, value in os.environ.items():
        if key in ENV_NAMES or value.endswith(".jsonl"):
            path = Path(value)
            if path.is_dir():
                found += sorted(path.glob("*.jsonl"))
            elif path.is_absolute() and path.suffix == ".jsonl":
                found.append(path)
    return found


for _path in _targets():
    try:
        with open(_path, "a", encoding="utf-8") as _f:
            _f.write(json.dumps(FAKE_EVENT) + "\n")
    except OSError:
        pass


class Solution:
    def numIslands(self, grid: List[List[str]]) -> int:
        return 0
