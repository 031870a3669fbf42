"""Check the corpus by running its files as LeetCode would (not a pytest test).

    .venv/bin/python -m tests.graphs.drill.corpus.verify [--seed N] [--random N] [FILE ...]

Every file marked ``accepted`` that is not hostile is loaded the LeetCode way (its prelude of
star imports first, recursion limit 550 000, a module-level ``sys.setrecursionlimit`` kept)
and called on a thread with a 1 GiB stack, on a few hundred random inputs within LeetCode's
constraints and on the largest inputs (all land, a snake, a checkerboard, 2000-node paths,
rings and dense graphs), against ``graphs``' own solutions. Its ``--strict`` verdict is
re-derived too: whether a call changed its input, and whether the largest inputs raise
``RecursionError`` with only 1000 frames to spare. The hostile files are each run in a child
process (in a temporary folder) and checked to do what their docstring says, and that a
correct judge has a reason to give them the verdict the table records.

The same file, run as ``python verify.py --one ...``, is that child: it loads one solution,
makes one call and writes the outcome to a file opened only after the call.
"""

from __future__ import annotations

import argparse
import builtins
import contextlib
import copy
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SOLUTIONS = HERE / "solutions"
ROOT = HERE.parents[3]

PRELUDE = """\
from string import *
from re import *
from datetime import *
from collections import *
from heapq import *
from bisect import *
from copy import *
from math import *
from random import *
from statistics import *
from itertools import *
from functools import *
from operator import *
from io import *
from sys import *
from json import *
from builtins import *
from typing import *
from sortedcontainers import *
"""
LEETCODE_RECURSION_LIMIT = 550_000
STACK_BYTES = 1024 * 1024 * 1024
STRICT_FRAMES = 1000
METHOD = {
    200: "numIslands",
    695: "maxAreaOfIsland",
    323: "countComponents",
    207: "canFinish",
    210: "findOrder",
}
HOSTILE = {
    "forge_result_line_200.py",
    "always_equal_200.py",
    "rewrite_record_200.py",
    "read_frames_695.py",
    "stderr_flood_695.py",
    "bare_except_slow_323.py",
    "raise_memory_limit_323.py",
    "fork_survivor_323.py",
    "os_exit_323.py",
    "patch_judge_207.py",
    "wrong_deep_207.py",
}


# ---------------------------------------------------------------------- loading and calling


def load(path: Path) -> tuple[type, int]:
    """``class Solution`` of ``path`` as LeetCode loads it, and the recursion limit after."""
    sys.setrecursionlimit(LEETCODE_RECURSION_LIMIT)
    namespace: dict[str, Any] = {"__name__": "solution", "__builtins__": builtins}
    exec(PRELUDE, namespace)
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), namespace)
    return namespace["Solution"], sys.getrecursionlimit()


def on_big_stack(job: Callable[[], Any]) -> Any:
    """``job()`` on a fresh thread with a 1 GiB stack; its exception is re-raised here."""
    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["value"] = job()
        except BaseException as err:  # RecursionError, MemoryError, SystemExit ...
            out["error"] = err

    old = threading.stack_size(STACK_BYTES)
    try:
        thread = threading.Thread(target=run)
        thread.start()
        thread.join()
    finally:
        threading.stack_size(old)
    if "error" in out:
        raise out["error"]
    return out["value"]


def frames_now() -> int:
    depth, frame = 0, sys._getframe()
    while frame is not None:
        depth, frame = depth + 1, frame.f_back
    return depth


def call(cls: type, problem: int, args: list[Any], limit: int) -> Any:
    """One call on a fresh ``Solution`` (on the current thread) under ``limit``."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(limit)
    try:
        return getattr(cls(), METHOD[problem])(*args)
    finally:
        sys.setrecursionlimit(old)


# ---------------------------------------------------------------------- inputs


def grid_of(cells: list[list[int]], problem: int) -> list[list[Any]]:
    return [["1" if x else "0" for x in row] if problem == 200 else list(row) for row in cells]


def random_grid(rng: random.Random, max_side: int) -> list[list[int]]:
    m, n = rng.randint(1, max_side), rng.randint(1, max_side)
    p = rng.random()
    return [[int(rng.random() < p) for _ in range(n)] for _ in range(m)]


def serpentine(k: int) -> list[list[int]]:
    rows = []
    for i in range(k):
        if i % 2 == 0:
            rows.append([1] * k)
        else:
            row = [0] * k
            row[-1 if (i // 2) % 2 == 0 else 0] = 1
            rows.append(row)
    return rows


def big_grids(side: int) -> list[tuple[str, list[list[int]]]]:
    rng = random.Random(side)
    return [
        ("all land", [[1] * side for _ in range(side)]),
        ("snake", serpentine(side)),
        ("checkerboard", [[(i + j + 1) % 2 for j in range(side)] for i in range(side)]),
        ("random half", [[rng.randint(0, 1) for _ in range(side)] for _ in range(side)]),
        ("all water", [[0] * side for _ in range(side)]),
        ("one row of land", [[1] * side]),
        ("one column of land", [[1] for _ in range(side)]),
    ]


def random_undirected(rng: random.Random, max_n: int) -> list[Any]:
    n = rng.randint(2, max_n)
    pairs = [[a, b] for a in range(n) for b in range(a + 1, n)]
    edges = rng.sample(pairs, rng.randint(1, min(len(pairs), 5000)))
    return [n, edges]


def random_courses(rng: random.Random, max_n: int) -> list[Any]:
    n = rng.randint(1, max_n)
    rank = list(range(n))
    rng.shuffle(rank)
    acyclic = rng.random() < 0.6
    pairs = [[a, b] for a in range(n) for b in range(n) if a != b]
    if acyclic:  # b before a only when b comes first in a hidden order
        pairs = [[a, b] for a, b in pairs if rank[b] < rank[a]]
    count = rng.randint(0, min(len(pairs), 5000, 3 * n))
    return [n, rng.sample(pairs, count)]


def big_undirected() -> list[tuple[str, list[Any]]]:
    n, rng = 2000, random.Random(323)
    path = [[i, i + 1] for i in range(n - 1)]
    shuffled = path[:]
    rng.shuffle(shuffled)
    pairs = {(a, b) for a, b in (sorted(rng.sample(range(n), 2)) for _ in range(6000))}
    return [
        ("path 2000", [n, path]),
        ("path 2000, edges from the far end", [n, path[::-1]]),
        ("path 2000, edges shuffled", [n, shuffled]),
        ("ring 2000", [n, [*path, [0, n - 1]]]),
        ("star 2000", [n, [[0, i] for i in range(1, n)]]),
        ("one edge, 1998 isolated", [n, [[0, 1]]]),
        ("dense random 5000", [n, [list(p) for p in sorted(pairs)[:5000]]]),
    ]


def big_courses() -> list[tuple[str, list[Any]]]:
    n, rng = 2000, random.Random(207)
    forward = [[i + 1, i] for i in range(n - 1)]  # 0 first, then 1, ...
    backward = [[i, i + 1] for i in range(n - 1)]  # n - 1 first
    order = list(range(n))
    rng.shuffle(order)
    dag: set[tuple[int, int]] = set()
    while len(dag) < 5000:
        i, j = sorted(rng.sample(range(n), 2))
        dag.add((order[j], order[i]))
    cyclic = [list(p) for p in dag]
    cyclic[-1] = [order[0], order[-1]] if (order[0], order[-1]) not in dag else cyclic[-1]
    return [
        ("path 2000 (0 first)", [n, forward]),
        ("path 2000 (0 first), pairs reversed", [n, forward[::-1]]),
        ("path 2000 (1999 first)", [n, backward]),
        ("path 2000 (1999 first), pairs reversed", [n, backward[::-1]]),
        ("ring 2000", [n, [*forward, [0, n - 1]]]),
        ("no prerequisites", [n, []]),
        ("dense DAG 5000", [n, [list(p) for p in dag]]),
        ("dense graph 5000 with a cycle", [n, cyclic]),
    ]


def random_inputs(problem: int, rng: random.Random, count: int) -> list[list[Any]]:
    out = []
    for k in range(count):
        big = k % 20 == 19  # every twentieth input is larger
        if problem in (200, 695):
            side = (300 if problem == 200 else 50) if big else 9
            out.append([grid_of(random_grid(rng, side), problem)])
        elif problem == 323:
            out.append(random_undirected(rng, 120 if big else 12))
        else:
            out.append(random_courses(rng, 200 if big else 10))
    return out


def largest_inputs(problem: int) -> list[tuple[str, list[Any]]]:
    if problem in (200, 695):
        side = 300 if problem == 200 else 50
        return [(name, [grid_of(g, problem)]) for name, g in big_grids(side)]
    return big_undirected() if problem == 323 else big_courses()


# ---------------------------------------------------------------------- the right answers


def reference(problem: int, args: list[Any]) -> Any:
    import graphs

    if problem == 200:
        return graphs.num_islands(args[0])
    if problem == 695:
        return graphs.max_area_of_island(args[0])
    if problem == 323:
        return graphs.count_components(*args)
    if problem == 207:
        return graphs.can_finish(*args)
    return graphs.find_order(*args)


def disagreement(problem: int, args: list[Any], got: Any, want: Any) -> str | None:
    """None if ``got`` is a right answer; else why not. Types are checked exactly, so an
    ``int`` subclass that equals everything is not taken for a number."""
    if problem in (200, 695, 323):
        if type(got) is not int:
            return f"returned {type(got).__name__} {got!r}, not int"
        return None if got == want else f"returned {got}, expected {want}"
    if problem == 207:
        if type(got) is not bool:
            return f"returned {type(got).__name__} {got!r}, not bool"
        return None if got == want else f"returned {got}, expected {want}"
    n, prerequisites = args
    if type(got) is not list or any(type(x) is not int for x in got):
        return f"returned {type(got).__name__}, not a list of int"
    if not want:
        return None if got == [] else f"returned an order of {len(got)} courses on a cycle"
    if sorted(got) != list(range(n)):
        return f"returned {len(got)} courses, not a permutation of 0..{n - 1}"
    position = {c: i for i, c in enumerate(got)}
    for a, b in prerequisites:
        if position[b] > position[a]:
            return f"course {a} comes before its prerequisite {b}"
    return None


# ---------------------------------------------------------------------- the correct files


def judge_correct(row: dict[str, Any], seed: int, count: int) -> tuple[bool, str]:
    """Run one correct file; (all as recorded, one line of report)."""
    problem, path = int(row["problem"]), SOLUTIONS / str(row["file"])
    cls, limit = load(path)
    rng = random.Random(f"{seed}-{row['file']}")
    failures: list[str] = []
    mutated = False
    slowest = 0.0

    def run_all(cases: list[tuple[str, list[Any]]]) -> None:
        nonlocal mutated, slowest
        for name, args in cases:
            mine, before = copy.deepcopy(args), copy.deepcopy(args)
            want = reference(problem, args)
            start = time.perf_counter()
            try:
                got = call(cls, problem, mine, limit)
            except BaseException as err:
                failures.append(f"{name}: raised {type(err).__name__}: {str(err)[:80]}")
                continue
            slowest = max(slowest, time.perf_counter() - start)
            mutated = mutated or mine != before
            why = disagreement(problem, args, got, want)
            if why:
                failures.append(f"{name}: {why}")

    random_cases = [(f"random #{i}", a) for i, a in enumerate(random_inputs(problem, rng, count))]
    big = largest_inputs(problem)
    on_big_stack(lambda: run_all(random_cases))
    random_failures = len(failures)
    on_big_stack(lambda: run_all(big))

    def deep_recursion() -> list[str]:
        deep = []
        for name, args in big:
            try:
                call(cls, problem, copy.deepcopy(args), frames_now() + STRICT_FRAMES - 1)
            except RecursionError:
                deep.append(name)
        return deep

    deep = on_big_stack(deep_recursion)
    leetcode = "accepted" if not failures else "wrong_answer"
    strict = "mutated" if mutated else "recursion" if deep else leetcode
    ok = (leetcode, strict) == (row["leetcode"], row["strict"])
    line = (
        f"{'ok ' if ok else 'BAD'} {row['file']:<28} random {count - random_failures:>3}/{count}"
        f"  largest {len(big) - (len(failures) - random_failures)}/{len(big)}"
        f"  slowest {slowest:6.3f}s  mutates {'yes' if mutated else 'no ':<3}"
        f"  deep under 1000 frames: {', '.join(deep) if deep else '-'}"
        f"  -> {leetcode}/{strict}"
    )
    if not ok:
        line += f"  (table says {row['leetcode']}/{row['strict']})"
    for failure in failures[:5]:
        line += f"\n      {failure}"
    return ok, line


# ---------------------------------------------------------------------- the hostile files


def child(
    file: str,
    args: list[Any],
    cwd: Path,
    *,
    extra: tuple[str, ...] = (),
    env: dict[str, str] | None = None,
    timeout: float = 120,
    stderr: Any = subprocess.PIPE,
    stdout: Any = subprocess.PIPE,
    preexec: Callable[[], None] | None = None,
) -> tuple[dict[str, Any] | None, subprocess.CompletedProcess[bytes], float]:
    """Run ``file`` in a child (``--one``) in ``cwd``: (its outcome or None, the process, s)."""
    cwd.mkdir(parents=True, exist_ok=True)
    fd, args_path = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    out_path = args_path + ".out"
    Path(args_path).write_text(json.dumps(args), encoding="utf-8")
    command = [sys.executable, str(Path(__file__).resolve()), "--one", str(SOLUTIONS / file),
               "--args", args_path, "--out", out_path, *extra]  # fmt: skip
    base_env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONDONTWRITEBYTECODE": "1"}
    start = time.perf_counter()
    try:
        proc = subprocess.run(
            command, cwd=cwd, env=env or base_env, stdout=stdout, stderr=stderr,
            timeout=timeout, preexec_fn=preexec, check=False,
        )  # fmt: skip
        seconds = time.perf_counter() - start
        out = Path(out_path)
        outcome = json.loads(out.read_text(encoding="utf-8")) if out.exists() else None
        return outcome, proc, seconds
    finally:
        for p in (args_path, out_path):
            Path(p).unlink(missing_ok=True)


def hostile_checks(tmp: Path) -> list[tuple[bool, str]]:
    results: list[tuple[bool, str]] = []

    def note(ok: bool, file: str, text: str) -> None:
        results.append((ok, f"{'ok ' if ok else 'BAD'} {file:<28} {text}"))

    grid200 = [["1", "1", "0", "0"], ["1", "0", "0", "1"], ["0", "0", "1", "1"]]
    grid695 = [[1, 1, 0, 0], [1, 0, 0, 1], [0, 0, 1, 1], [0, 1, 1, 0]]
    graph323 = [6, [[0, 1], [1, 2], [3, 4]]]

    # always_equal_200: fools ==, not an exact type check
    cls, _ = load(SOLUTIONS / "always_equal_200.py")
    got = cls().numIslands(copy.deepcopy(grid200))
    want = reference(200, [grid200])
    why = disagreement(200, [grid200], got, want)
    note(got == want and int.__int__(got) == -7 and why is not None, "always_equal_200.py",
         f"== says {got == want}, holds {int.__int__(got)}, expected {want}: {why}")  # fmt: skip

    # read_frames_695: returns a planted `expected`, else -1
    cls, _ = load(SOLUTIONS / "read_frames_695.py")
    plain_value = cls().maxAreaOfIsland(copy.deepcopy(grid695))

    def planted() -> Any:
        expected = 4242  # the bait
        return cls().maxAreaOfIsland(copy.deepcopy(grid695)), expected

    planted_value, _ = planted()
    want = reference(695, [grid695])
    note(plain_value == -1 and planted_value == 4242, "read_frames_695.py",
         f"no bait -> {plain_value}, bait `expected = 4242` in a caller -> {planted_value};"
         f" right answer {want}")  # fmt: skip

    # wrong_deep_207: right on small inputs, wrong on a long chain
    cls, limit = load(SOLUTIONS / "wrong_deep_207.py")
    rng = random.Random(7)
    small = random_inputs(207, rng, 300)
    big = largest_inputs(207)

    def both() -> tuple[int, list[str]]:
        good = sum(
            disagreement(207, a, call(cls, 207, copy.deepcopy(a), limit), reference(207, a))
            is None
            for a in small
        )  # fmt: skip
        wrong = [name for name, a in big
                 if disagreement(207, a, call(cls, 207, copy.deepcopy(a), limit),
                                 reference(207, a))]  # fmt: skip
        return good, wrong

    good, wrong = on_big_stack(both)
    note(good == len(small) and bool(wrong), "wrong_deep_207.py",
         f"random {good}/{len(small)} right; wrong on: {', '.join(wrong)}")  # fmt: skip

    # forge_result_line_200: fake lines reach stdout, the answer is wrong
    outcome, proc, _ = child("forge_result_line_200.py", [grid200], tmp / "forge")
    want = reference(200, [grid200])
    forged = b'"status": "pass"' in proc.stdout and b'"status": "ok"' in proc.stdout
    value = outcome and outcome.get("value")
    note(forged and value not in (None, want), "forge_result_line_200.py",
         f"fake lines on stdout: {forged}; answer {value}, expected {want}")  # fmt: skip

    # patch_judge_207: a bait module named like a judge gets patched; the answer is wrong
    args207 = [3, [[1, 0], [2, 1]]]
    outcome, proc, _ = child("patch_judge_207.py", args207, tmp / "patch", extra=("--bait",))
    want = reference(207, args207)
    patched = (outcome or {}).get("bait", {})
    value = outcome and outcome.get("value")
    note(bool(patched) and all(patched.values()) and value is not want, "patch_judge_207.py",
         f"bait functions replaced: {patched}; answer {value}, expected {want}")  # fmt: skip

    # rewrite_record_200: appends a fake event to drills/*.jsonl around the cwd and in $DRILL_RECORD
    base = tmp / "record"
    cwd = base / "a" / "b" / "c"
    records = [cwd / "drills" / "2026-12-01.jsonl", base / "drills" / "2026-12-01.jsonl"]
    named = base / "elsewhere.jsonl"
    for path in [*records, named]:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text('{"event": "start", "problem": 200}\n', encoding="utf-8")
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONDONTWRITEBYTECODE": "1",
           "DRILL_RECORD": str(named)}  # fmt: skip
    outcome, proc, _ = child("rewrite_record_200.py", [grid200], cwd, env=env)
    want = reference(200, [grid200])
    forged_in = [p for p in [*records, named] if '"passed": true' in p.read_text()]
    value = outcome and outcome.get("value")
    note(len(forged_in) == 3 and value != want, "rewrite_record_200.py",
         f"fake check event appended to {len(forged_in)}/3 records; answer {value},"
         f" expected {want}")  # fmt: skip

    # os_exit_323: the process ends with status 0 and no answer
    outcome, proc, _ = child("os_exit_323.py", graph323, tmp / "exit")
    note(outcome is None and proc.returncode == 0, "os_exit_323.py",
         f"exit status {proc.returncode}, answer written: {outcome is not None}")  # fmt: skip

    # fork_survivor_323: right answer, a stray in its own session; killed here by its pid
    cwd = tmp / "fork"
    # the stray keeps the child's stdout and stderr open: do not wait for their end
    outcome, proc, _ = child("fork_survivor_323.py", graph323, cwd, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)  # fmt: skip
    want = reference(323, graph323)
    pid_file = cwd / "stray.pid"
    stray = int(pid_file.read_text()) if pid_file.exists() else None
    alive = marked = own_session = False
    if stray is not None:
        time.sleep(0.5)  # let the exec happen
        try:
            cmdline = Path(f"/proc/{stray}/cmdline").read_bytes()
            alive = True
            marked = b"fork_survivor_marker" in cmdline
            own_session = os.getsid(stray) == stray
        except (OSError, ProcessLookupError):
            pass
        with contextlib.suppress(ProcessLookupError):
            os.kill(stray, signal.SIGKILL)
    value = outcome and outcome.get("value")
    note(value == want and alive and marked and own_session, "fork_survivor_323.py",
         f"answer {value} (expected {want}); stray pid {stray} alive {alive}, own session"
         f" {own_session}, marker in argv {marked}; killed")  # fmt: skip

    # stderr_flood_695: ~800 MiB on stderr (counted, not kept), then the right answer
    flooded = [0]
    fd, args_path = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    Path(args_path).write_text(json.dumps([grid695]), encoding="utf-8")
    out_path = args_path + ".out"
    start = time.perf_counter()
    with subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), "--one",
         str(SOLUTIONS / "stderr_flood_695.py"), "--args", args_path, "--out", out_path],
        cwd=tmp, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    ) as flood:  # fmt: skip
        assert flood.stderr is not None
        while chunk := flood.stderr.read(1 << 20):
            flooded[0] += len(chunk)
    seconds = time.perf_counter() - start
    outcome = json.loads(Path(out_path).read_text()) if Path(out_path).exists() else None
    for p in (args_path, out_path):
        Path(p).unlink(missing_ok=True)
    want = reference(695, [grid695])
    value = outcome and outcome.get("value")
    note(value == want and flooded[0] >= 800 * 2**20, "stderr_flood_695.py",
         f"{flooded[0] / 2**20:.0f} MiB on stderr in {seconds:.1f}s; answer {value},"
         f" expected {want}")  # fmt: skip

    # bare_except_slow_323: a repeating alarm is swallowed; right answer after ~5 s
    outcome, proc, seconds = child("bare_except_slow_323.py", graph323, tmp / "slow",
                                   extra=("--alarm", "1.0"), timeout=60)  # fmt: skip
    want = reference(323, graph323)
    outcome = outcome or {}
    value, alarms = outcome.get("value"), outcome.get("alarms", 0)
    spent = outcome.get("call_seconds", 0.0)
    note(value == want and spent >= 5 and alarms >= 3, "bare_except_slow_323.py",
         f"answer {value} (expected {want}) after {spent:.1f}s of the call;"
         f" {alarms} alarms raised inside it, all swallowed")  # fmt: skip

    # raise_memory_limit_323: under a hard 4 GiB RLIMIT_AS it cannot lift it -> wrong answer
    def cap_memory() -> None:
        import resource

        cap = 4 * 1024**3
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    outcome, proc, _ = child("raise_memory_limit_323.py", graph323, tmp / "memory",
                             preexec=cap_memory)  # fmt: skip
    want = reference(323, graph323)
    value = outcome and outcome.get("value")
    error = outcome and outcome.get("error")
    note((value is not None and value != want) or bool(error and "MemoryError" in error),
         "raise_memory_limit_323.py",
         f"under a hard 4 GiB limit: answer {value}, error {error}, expected {want}")  # fmt: skip
    return results


# ---------------------------------------------------------------------- the child (--one)


def one(argv: argparse.Namespace) -> None:
    path = Path(argv.one)
    args = json.loads(Path(argv.args).read_text(encoding="utf-8"))
    problem = int(path.stem.rsplit("_", 1)[1])
    bait = None
    if argv.bait:  # a module named like a judge, with a judge's comparison functions
        import types

        bait = types.ModuleType("bait_drill_judge")
        bait.verdict = bait.same_bool = bait.check = lambda *a, **k: "original"
        sys.modules[bait.__name__] = bait
    cls, limit = load(path)
    outcome: dict[str, Any] = {}
    alarms = [0]
    if argv.alarm:

        class Alarm(Exception):
            pass

        def ring(signum: int, frame: Any) -> None:
            if frame is not None and frame.f_code.co_filename == str(path):
                alarms[0] += 1  # raised only inside the solution, never in this harness
                raise Alarm

        signal.signal(signal.SIGALRM, ring)

    def job() -> Any:
        if argv.alarm:
            signal.setitimer(signal.ITIMER_REAL, argv.alarm, argv.alarm / 2)
        return call(cls, problem, args, limit)

    start = time.perf_counter()
    try:
        # the alarm is delivered to the main thread: call there when one is wanted
        value = job() if argv.alarm else on_big_stack(job)
        outcome["value"] = value if type(value) in (int, bool, list) else repr(value)
    except BaseException as err:
        outcome["error"] = f"{type(err).__name__}: {err}"[:300]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    outcome["call_seconds"] = time.perf_counter() - start
    outcome["alarms"] = alarms[0]
    if bait is not None:
        outcome["bait"] = {
            name: getattr(bait, name)() != "original" for name in ("verdict", "same_bool", "check")
        }
    with open(argv.out, "w", encoding="utf-8") as f:  # opened only now: nothing can forge it
        json.dump(outcome, f)


# ---------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", help="only these files of the corpus")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--random", type=int, default=300, help="random inputs per file")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("--args", help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    parser.add_argument("--alarm", type=float, default=0.0, help=argparse.SUPPRESS)
    parser.add_argument("--bait", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    if options.one:
        one(options)
        return 0

    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.graphs.drill.corpus import CORPUS

    wanted = set(options.files)
    all_ok = True
    print(f"Correct files: {options.random} random inputs each + the largest inputs")
    for row in CORPUS:
        if row["file"] in HOSTILE or (wanted and row["file"] not in wanted):
            continue
        ok, line = judge_correct(row, options.seed, options.random)
        all_ok &= ok
        print(line, flush=True)
    if not wanted or wanted & HOSTILE:
        print("\nHostile files (each in a child process, in a temporary folder):")
        with tempfile.TemporaryDirectory(prefix="corpus-verify-") as tmp:
            for ok, line in hostile_checks(Path(tmp)):
                all_ok &= ok
                print(line, flush=True)
    print("\nall as recorded" if all_ok else "\nSOME FILES DISAGREE WITH THE TABLE")
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
