"""The judged solution cannot reach the practice records or the checkout (Landlock).

The oracle of each test is the same hostile code run without the confinement: there it does
find and forge the record (or read the checkout), so what stops it under the judge is the
sandbox, not a mistake in the hostile code. Where the kernel has no Landlock the confined tests
are skipped with the reason, and the fallback (an unconfined check said so and recorded with
``"isolated": false``) is tested on every kernel.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from graphs.drill import cli, landlock, sandbox
from graphs.drill import record as drill_record
from tests.graphs.drill.helpers import SOLUTIONS, run_drill
from tests.helpers import ROOT

FORGER = SOLUTIONS / "forge_everywhere_200.py"
GRID = [["1", "1", "0"], ["0", "0", "0"], ["0", "1", "1"]]  # 2 islands
HAS_LANDLOCK = landlock.landlock_abi() > 0
confined = pytest.mark.skipif(not HAS_LANDLOCK, reason="this kernel has no Landlock")


def _config(source: str, filename: str, method: str = "numIslands") -> dict[str, Any]:
    return {"source": source, "filename": filename, "method": method, "n_args": 1,
            "strict": False, "memory_mb": 2048, "answer_in_place": False}  # fmt: skip


def _run(source: str, filename: str, args: list[Any], method: str = "numIslands") -> Any:
    """Load ``source`` in a sandbox, call the method once; the runner's answer to the call."""
    with sandbox.Sandbox(_config(source, filename, method)) as box:
        ready = box.start(timeout=60)
        assert ready.get("ready"), ready
        return box.call(json.dumps(args), probe=False, time_limit=30)


def _day(tmp_path: Path) -> tuple[Path, Path, bytes]:
    """``tmp_path/drills/<today>.jsonl`` holding a start that carries the forger's marker, and
    the forger's copy beside it that knows the record's absolute path."""
    record = tmp_path / "drills" / f"{dt.date.today().isoformat()}.jsonl"
    record.parent.mkdir()
    start = {"event": "start", "problem": 200, "title": "forge-everywhere-marker",
             "at": drill_record.now().isoformat(timespec="seconds")}  # fmt: skip
    record.write_text(json.dumps(start) + "\n", encoding="utf-8")
    forger = tmp_path / "forger_200.py"
    source = FORGER.read_text(encoding="utf-8")
    forger.write_text(source.replace("KNOWN_RECORD = None", f"KNOWN_RECORD = {str(record)!r}"))
    return record, forger, record.read_bytes()


def _forged(record: Path) -> set[tuple[str, str]]:
    lines = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    return {(e["via"], e["when"]) for e in lines if "via" in e}


def test_unconfined_the_forger_finds_and_forges_the_record(tmp_path, monkeypatch):
    # The oracle: with no Landlock the same file reaches the record at import and in its call,
    # through the parent's working directory, its own file's folder and the known path.
    record, forger, _ = _day(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sandbox, "landlock_abi", lambda: 0)
    answer = _run(forger.read_text(), str(forger), [GRID])
    assert answer["status"] == "ok" and answer["value"] == 2, answer
    ways = {via for via, _ in _forged(record)}
    assert {"absolute", "proc_cwd", "walk_file"} <= ways, ways
    assert {when for _, when in _forged(record)} == {"import", "call"}


@confined
def test_the_forger_leaves_the_record_byte_identical_and_its_answer_stands(tmp_path, monkeypatch):
    record, forger, before = _day(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PWD", str(tmp_path))
    monkeypatch.setenv("DRILL_RECORD", str(record))
    answer = _run(forger.read_text(), str(forger), [GRID])
    assert answer["status"] == "ok" and answer["value"] == 2, answer
    assert record.read_bytes() == before


@confined
@pytest.mark.slow
def test_a_check_records_only_its_own_line_with_the_forgers_verdict(tmp_path):
    # The whole command, from the folder that holds drills/, with the record on its command
    # line: LeetCode's verdict (the answer is right), and the one line the check appends.
    record, forger, before = _day(tmp_path)
    proc = run_drill("check", "200", str(forger), "--record", str(record),
                     "--max-examples", "10", cwd=tmp_path,
                     env={"PWD": str(tmp_path), "DRILL_RECORD": str(record)})  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "[통과]" in proc.stdout and "Landlock" not in proc.stderr
    after = record.read_bytes()
    assert after.startswith(before)
    added = [json.loads(line) for line in after[len(before) :].decode().splitlines()]
    assert len(added) == 1 and added[0]["event"] == "check" and added[0]["passed"] is True
    assert "via" not in added[0] and "isolated" not in added[0]


# A solution that returns what it could read of the checkout (and of the folder above it).
READER = """
import os
from pathlib import Path

ROOT = {root!r}
TARGETS = {targets!r}


class Solution:
    def numIslands(self, grid):
        got = []
        for name in TARGETS:
            path = Path(ROOT, name)
            try:
                got.append(("dir:" if path.is_dir() else "") + name)
                if path.is_dir():
                    os.listdir(path)
                else:
                    path.read_bytes()
            except OSError:
                got.pop()
        for folder, _dirs, files in os.walk(ROOT):
            for name in files[:1]:
                try:
                    Path(folder, name).read_bytes()[:1]
                    got.append(os.path.relpath(os.path.join(folder, name), ROOT))
                except OSError:
                    pass
        return got
"""
#: Files and folders of the checkout a solution could want: the records, the judge, the tests.
CHECKOUT = ["README.md", "pyproject.toml", "graphs", "graphs/drill/runner.py",
            "graphs/drill/answers.py", "graphs/drill/problems", "tests", "docs", "."]  # fmt: skip


def _reader_source() -> str:
    return READER.format(root=str(ROOT), targets=CHECKOUT)


def test_unconfined_the_reader_reads_the_checkout(monkeypatch):
    monkeypatch.setattr(sandbox, "landlock_abi", lambda: 0)
    answer = _run(_reader_source(), "reader_200.py", [GRID])
    assert answer["status"] == "ok", answer
    assert {"README.md", "graphs/drill/runner.py", "dir:graphs"} <= set(answer["value"])


@confined
def test_nothing_in_the_checkout_is_readable_from_the_solution():
    answer = _run(_reader_source(), "reader_200.py", [GRID])
    assert answer["status"] == "ok", answer
    assert answer["value"] == []


@confined
def test_the_solution_cannot_signal_its_judge_or_read_proc():
    source = (
        "import os\n"
        "class Solution:\n"
        "    def numIslands(self, grid):\n"
        "        out = []\n"
        "        for what in ('kill', 'cmdline', 'cwd'):\n"
        "            try:\n"
        "                if what == 'kill':\n"
        "                    os.kill(os.getppid(), 0)\n"
        "                elif what == 'cmdline':\n"
        "                    open(f'/proc/{os.getppid()}/cmdline', 'rb').read()\n"
        "                else:\n"
        "                    os.readlink(f'/proc/{os.getppid()}/cwd')\n"
        "                out.append(what)\n"
        "            except OSError:\n"
        "                pass\n"
        "        return out\n"
    )
    answer = _run(source, "peek_200.py", [GRID])
    assert answer["status"] == "ok" and answer["value"] == [], answer


@confined
def test_a_traceback_still_shows_the_students_line_the_sandbox_cannot_read(tmp_path):
    path = tmp_path / "raises_200.py"
    source = "class Solution:\n    def numIslands(self, grid):\n        return grid[99]\n"
    path.write_text(source)
    answer = _run(source, str(path), [GRID])
    assert answer["status"] == "error", answer
    assert "    return grid[99]" in answer["details"]


def test_the_rules_name_no_folder_of_the_checkout_but_pythons_own(tmp_path):
    rules = dict(landlock.landlock_rules(str(tmp_path)))
    assert rules[str(tmp_path)] == landlock.landlock_rights_all()
    writable = {p for p, rights in rules.items() if rights & landlock.FS_WRITE_FILE}
    assert writable == {str(tmp_path), "/dev/null"}
    root = str(ROOT)
    for path in rules:
        # An ancestor of the checkout would open all of it; inside it only the virtualenv.
        assert not (root == path or root.startswith(path.rstrip("/") + "/")), path
        if path.startswith(root + "/"):
            assert os.path.realpath(path).startswith(os.path.realpath(sys.prefix)), path


# ----------------------------------------------------------------------------- no Landlock


def test_without_landlock_a_check_says_so_and_records_isolated_false(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sandbox, "landlock_abi", lambda: 0)
    record = tmp_path / "day.jsonl"
    wrong = tmp_path / "zero_200.py"
    wrong.write_text("class Solution:\n    def numIslands(self, grid):\n        return 0\n")
    status = cli.main(["check", "200", str(wrong), "--record", str(record), "--quiet"])
    out, err = capsys.readouterr()
    assert status == 1, out + err
    warning = [line for line in err.splitlines() if "Landlock" in line]
    assert len(warning) == 1 and '"isolated": false로 기록한다' in warning[0], err
    [event] = drill_record.read_record(record)
    assert event["isolated"] is False and event["verdict"] == "wrong_answer"


def test_an_isolation_the_kernel_refuses_stops_the_check_in_one_line(tmp_path, monkeypatch):
    # Landlock present but the child cannot confine itself: nothing runs unconfined.
    monkeypatch.setattr(
        sandbox.Sandbox, "_exchange", lambda self, *a: {"id": None, "load": "isolation",
                                                        "msg": "landlock_restrict_self: EPERM"}
    )  # fmt: skip
    monkeypatch.setattr(sandbox, "landlock_abi", lambda: 7)
    box = sandbox.Sandbox(_config("", "x.py"))
    try:
        with pytest.raises(sandbox.IsolationError, match="cannot confine the solution"):
            box.start(timeout=60)
    finally:
        box.close()
    assert isinstance(sandbox.IsolationError("x"), ValueError)  # the CLI's one line, exit 2
