"""The judge on solutions written the way LeetCode users write them (``tests/graphs/drill/corpus``):
by default it gives LeetCode's verdict at LeetCode's largest inputs, ``strict=True`` gives the
project's, and hostile files (forged result lines, stack frames read, the judge patched, an
``int`` whose ``==`` is always true, a raised memory limit, a rewritten record, a stray
process, ``os._exit``, a flood on stderr, an alarm swallowed) get the verdict a correct judge
must give and leave nothing behind."""

from __future__ import annotations

import pytest

from graphs import drill
from graphs.drill import judge, report, sandbox
from tests.graphs.drill.corpus import CORPUS, SOLUTIONS
from tests.graphs.drill.helpers import run_drill, runners
from tests.helpers import command_line, descendants, run

# The corpus's words for a verdict -> the judge's.
VERDICT = {
    "accepted": "ok",
    "wrong_answer": "wrong_answer",
    "time_limit": "timeout",
    "memory_limit": "memory",
    "runtime_error": "error",
    "mutated": "mutated",
    "recursion": "recursion",
}
ROWS = {row["file"]: row for row in CORPUS}
#: Small random inputs each check tries: no row's verdict rests on the search's full budget
#: (a wrong file is caught by LeetCode's examples, the hard ladders or its first hundred inputs;
#: a right file passes any budget); a row that needs more says so in its ``search``.
SEARCH = 100


@pytest.fixture
def one_timing_call(monkeypatch: pytest.MonkeyPatch) -> None:
    """One call per size on the timing ladder instead of the judge's three: the corpus asserts
    the verdict and the notes, never the times (the fastest of three makes only a steadier fit)."""
    monkeypatch.setattr(judge, "TIMING_REPEATS", 1)


def test_every_file_of_the_corpus_has_a_row_and_every_row_a_file():
    assert {p.name for p in SOLUTIONS.glob("*.py")} == set(ROWS)


@pytest.mark.slow
@pytest.mark.parametrize("file", sorted(ROWS))
def test_the_default_verdict_is_leetcodes(file, one_timing_call, monkeypatch):
    row = ROWS[file]
    if row["strict"] != "recursion":
        # The depth probe (every family's largest input again, under a profiler: half of a
        # check's time) decides no verdict and only the recursion rows' notes are asserted;
        # test_messages.py holds the probe itself to its depths.
        monkeypatch.setattr(judge.Judge, "_deepest", lambda self: None)
    before = runners()
    result = drill.check(row["problem"], SOLUTIONS / file, max_examples=row.get("search", SEARCH))
    assert result["verdict"] == VERDICT[row["leetcode"]], result
    assert report.LEETCODE_NAMES[result["verdict"]] is not None  # a verdict LeetCode has
    assert runners() - before == set()  # nothing the check started is left running
    if result["status"] == "pass":
        # The notes say what --strict would do: the same facts, seen from the pass.
        strict = row["strict"]
        assert result["mutated"] == (strict == "mutated" or "mutat" in str(row["style"])), row
        deep = result["depth"] is not None and result["depth"]["depth"] >= 990
        if strict == "recursion":
            assert deep, result["depth"]


#: One file for each way --strict changes a verdict (LeetCode's -> the project's), the first by
#: name: the default test above already holds every other file's notes to what --strict decides.
STRICTER = sorted(
    {
        (row["leetcode"], row["strict"]): f
        for f, row in sorted(ROWS.items(), reverse=True)
        if row["strict"] != row["leetcode"]
    }.values()
)


@pytest.mark.slow
@pytest.mark.parametrize("file", STRICTER)
def test_strict_fails_what_only_the_projects_rules_forbid(file, one_timing_call):
    row = ROWS[file]
    search = row.get("search", SEARCH)
    result = drill.check(row["problem"], SOLUTIONS / file, strict=True, max_examples=search)
    assert result["verdict"] == VERDICT[row["strict"]], result
    assert "--strict" in result["message"]
    assert report.LEETCODE_NAMES[result["verdict"]] is None  # said to be the project's own


@pytest.mark.slow
@pytest.mark.skipif(sandbox.landlock_abi() == 0, reason="this kernel has no Landlock")
def test_a_record_the_solution_tries_to_rewrite_gets_only_the_checks_line(tmp_path):
    record = tmp_path / "drills" / "2026-12-01.jsonl"
    started = run_drill("start", "200", "--record", str(record), cwd=tmp_path)
    assert started.returncode == 0, started.stderr
    # The corpus file finds no record from its temporary folder; this one knows the path.
    forged = '{"event": "check", "problem": 200, "passed": true, "verdict": "ok",'
    forged += ' "at": "2026-12-01T10:00:00+09:00"}'
    hostile = tmp_path / "forger_200.py"
    hostile.write_text(
        f"try:\n    with open({str(record)!r}, 'a') as f:\n        f.write({forged!r} + '\\n')\n"
        "except OSError:\n    pass  # refused: the file still loads, and its answer is judged\n"
        + (SOLUTIONS / "rewrite_record_200.py").read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    proc = run_drill("check", "200", str(hostile), "--record", str(record), cwd=tmp_path)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    # Confined (graphs.drill.sandbox), it never reached the record: nothing to see or undo.
    assert "건드렸다" not in proc.stderr and "Landlock" not in proc.stderr
    events = drill.read_record(record)
    assert [e["event"] for e in events] == ["start", "check"], events
    assert events[1]["passed"] is False and events[1]["verdict"] == "wrong_answer"


def test_a_stray_process_of_a_passing_solution_does_not_survive_the_check(tmp_path):
    path = tmp_path / "survivor_323.py"
    # The corpus file, but told where to leave its stray's pid.
    path.write_text(
        (SOLUTIONS / "fork_survivor_323.py").read_text(encoding="utf-8"), encoding="utf-8"
    )
    result = drill.check(323, path, max_examples=30)
    assert result["status"] == "pass", result
    # A stray that outlived the check would be ours: the judge adopts orphans (a subreaper),
    # so look below this process only (other test runs on the machine have their own).
    strays = [pid for pid in descendants() if b"fork_survivor_marker" in command_line(pid)]
    assert strays == []


#: Prints the caller's child-subreaper flag (prctl PR_GET_CHILD_SUBREAPER) before and after a
#: check whose solution leaves an orphan behind, and the strays left below the caller.
SUBREAPER_PROBE = """
import ctypes, sys
from graphs import drill
from tests.graphs.drill.corpus import SOLUTIONS
from tests.helpers import command_line, descendants

libc = ctypes.CDLL(None, use_errno=True)

def flag():
    value = ctypes.c_int(-1)
    assert libc.prctl(37, ctypes.byref(value), 0, 0, 0) == 0  # PR_GET_CHILD_SUBREAPER
    return value.value

before = flag()
result = drill.check(323, SOLUTIONS / "fork_survivor_323.py", max_examples=30)
strays = [p for p in descendants() if b"fork_survivor_marker" in command_line(p)]
print(before, flag(), result["status"], len(strays))
"""


def test_judging_in_process_leaves_the_callers_subreaper_flag_alone():
    # In a process of its own, so that this test's worker could not be the one flagged. The
    # oracle is the kernel's own account of the flag (prctl), before and after a check whose
    # solution leaves an orphan: the judge's supervisor adopts and ends it, not the caller.
    proc = run(["-c", SUBREAPER_PROBE])
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["0", "0", "pass", "0"], proc.stdout + proc.stderr


def test_the_students_output_is_read_with_a_bound():
    from graphs.drill.sandbox import OUTPUT_TAIL

    result = drill.check(695, SOLUTIONS / "stderr_flood_695.py", max_examples=20)
    assert result["status"] == "pass", result
    assert result["output_bytes"] >= 800 * 2**20  # all of it was read, and only the tail kept
    assert OUTPUT_TAIL <= 2**20
