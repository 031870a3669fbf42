"""The judge's child process: load a student's ``Solution`` and search for an input it fails.

``python -m graphs.drills._judge CONFIG_JSON`` is started by :mod:`graphs.drill` (never by hand)
in its own process group, so that the parent can kill it. This process

1. limits its own address space (``resource.setrlimit(RLIMIT_AS)``), so a runaway allocation
   ends in ``MemoryError`` rather than swapping the machine;
2. loads the student's file as LeetCode would (``List``, ``Optional``, ``deque``, ... need no
   import), and checks that ``class Solution`` has the method with a usable signature;
3. runs LeetCode's examples, then a derandomised hypothesis search over small inputs drawn as
   the pitfall gallery draws them, then the hard ladders (deep paths, all-land grids, isolated
   nodes, cycles, up to the largest input LeetCode allows), each shrunk to its smallest
   failing input. Every input is built within the problem's LeetCode constraints
   (:mod:`graphs.drills._limits`): a solution is judged on the inputs LeetCode gives.

Every call of the student's method runs under a per-call time limit (``signal.setitimer``), a
recursion budget of 1000 frames (Python's default) and a check that the input was not mutated;
the expected answer is the project's solution, checked against networkx on small inputs. The
whole search shares one time budget. Progress and the result go to the parent as JSON lines on
the original stdout; the student's own prints are discarded.
"""

from __future__ import annotations

import builtins
import collections
import copy
import json
import math
import os
import resource
import signal
import sys
import time
import traceback
import types
import typing
import warnings
from pathlib import Path
from typing import Any

from graphs.drills import Drill
from graphs.drills import find as find_drill

RECURSION_FRAMES = 1000  # what a fresh Python program gets
NETWORKX_MAX_SIZE = 5000  # V + E up to which networkx checks the project's answer as well
TIMING_REPEATS = 5  # calls per size in the time-against-size table (the fastest is shown)
TIMING_SECONDS = 0.3
MAX_INPUT_JSON = 600  # characters of LeetCode-form input printed for pasting back


class _TimeLimit(BaseException):
    """Raised by the alarm inside the student's call when its time is up."""


class _OutOfTime(Exception):
    """The whole search ran out of its time budget."""


class OracleDisagreement(AssertionError):
    """The project's solution and networkx disagree: a bug in the project, not in the student."""


def _on_alarm(signum: int, frame: Any) -> None:
    raise _TimeLimit


def leetcode_prelude() -> dict[str, Any]:
    """The names a LeetCode Python 3 solution may use without importing them."""
    import bisect
    import functools
    import heapq
    import itertools
    import operator
    import string

    names: dict[str, Any] = {name: getattr(typing, name) for name in typing.__all__}
    for module in (collections, heapq, bisect, math, itertools, functools, operator, string):
        names[module.__name__] = module
    names.update(
        deque=collections.deque,
        defaultdict=collections.defaultdict,
        Counter=collections.Counter,
        OrderedDict=collections.OrderedDict,
        heappush=heapq.heappush,
        heappop=heapq.heappop,
        heapify=heapq.heapify,
        bisect_left=bisect.bisect_left,
        bisect_right=bisect.bisect_right,
        lru_cache=functools.lru_cache,
        cache=functools.cache,
        reduce=functools.reduce,
        accumulate=itertools.accumulate,
        inf=math.inf,
        sys=sys,
    )
    return names


def _depth() -> int:
    frame, depth = sys._getframe(), 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1
    return depth


def _param_names(signature: str) -> list[str]:
    """``"f(self, n: int, edges: List[List[int]]) -> int"`` -> ``["n", "edges"]``."""
    inside = signature[signature.index("(") + 1 : signature.rindex(")")]
    params, depth, current = [], 0, ""
    for ch in inside + ",":
        depth += (ch == "[") - (ch == "]")
        if ch == "," and depth == 0:
            params.append(current.split(":")[0].strip())
            current = ""
        else:
            current += ch
    return [name for name in params if name and name != "self"]


class Judge:
    """One student file against one drill, inside the child process."""

    def __init__(self, drill: Drill, path: Path, shown: str, options: dict[str, Any]) -> None:
        self.drill = drill
        self.path = path
        self.shown = shown  # the path as the student typed it
        self.time_limit = float(options["time_limit"])
        self.max_examples = int(options["max_examples"])
        self.deadline = time.monotonic() + float(options["budget"])
        self.out = options["out"]
        self.solution_class: Any = None
        self.calls = 0
        self.timings: list[dict[str, Any]] = []

    # ------------------------------------------------------------------ reporting

    def progress(self, text: str) -> None:
        self.out.write(json.dumps({"progress": text}, ensure_ascii=False) + "\n")
        self.out.flush()

    def _trimmed(self, err: BaseException) -> list[str]:
        """The traceback of ``err`` with only the student's frames, path as typed."""
        frames = [
            f for f in traceback.extract_tb(err.__traceback__) if f.filename == str(self.path)
        ]
        lines = ["Traceback (학생 파일 부분만):"] if frames else []
        lines += "".join(traceback.format_list(frames)).rstrip("\n").splitlines()
        lines += "".join(traceback.format_exception_only(type(err), err)).rstrip("\n").splitlines()
        return [line.replace(str(self.path), self.shown) for line in lines]

    def _bad(self, verdict: str, message: str, details: list[str] | None = None) -> dict[str, Any]:
        return {"status": "fail", "verdict": verdict, "message": message, "details": details or []}

    # ------------------------------------------------------------------ loading

    def load(self) -> dict[str, Any] | None:
        """Compile and run the student's file; None when ``Solution`` is usable, else a result."""
        d = self.drill
        expected = f"class Solution:\n    def {d.signature}:"
        try:
            source = self.path.read_bytes()
            code = compile(source, str(self.path), "exec", dont_inherit=True)
        except SyntaxError as err:
            where = f"{self.shown}:{err.lineno}" if err.lineno else self.shown
            details = []
            if err.text:
                details.append("    " + err.text.rstrip("\n"))
                if err.offset:
                    details.append("    " + " " * (err.offset - 1) + "^")
            return self._bad("syntax_error", f"{where}: 문법 오류 ({err.msg})", details)
        except (OSError, ValueError) as err:
            return self._bad("unreadable", f"{self.shown}: 읽을 수 없다 ({err})")
        module = types.ModuleType("solution")
        module.__file__ = str(self.path)
        module.__dict__.update(leetcode_prelude())
        module.__dict__["__builtins__"] = builtins
        # Registered while it runs (dataclasses look their module up), then removed, so that
        # hypothesis, which draws some values from the constants of loaded local modules,
        # searches the same way whatever literals the student's file holds.
        sys.modules["solution"] = module
        signal.setitimer(signal.ITIMER_REAL, self.time_limit)
        try:
            exec(code, module.__dict__)
        except _TimeLimit:
            return self._bad(
                "timeout", f"{self.shown}: 파일을 불러오는 데 {self.time_limit}초가 넘었다"
            )
        except BaseException as err:  # the student's top level may raise anything
            return self._bad(
                "error", f"{self.shown}: 파일을 실행하다가 예외가 났다", self._trimmed(err)
            )
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            sys.modules.pop("solution", None)
        cls = module.__dict__.get("Solution")
        if not isinstance(cls, type):
            found = "있지만 클래스가 아니다" if cls is not None else "없다"
            return self._bad(
                "no_class",
                f"{self.shown}: Solution 클래스가 {found}."
                " LeetCode에 붙여 넣는 모양 그대로 써 주세요:",
                expected.splitlines(),
            )
        method = getattr(cls, d.method, None)
        if not callable(method):
            methods = sorted(n for n in vars(cls) if not n.startswith("__"))
            have = f" (있는 것: {', '.join(methods)})" if methods else ""
            return self._bad(
                "no_method",
                f"{self.shown}: Solution에 메서드 {d.method}가 없다{have}. 기대하는 시그니처:",
                [f"    def {d.signature}:"],
            )
        import inspect

        try:
            inspect.signature(method).bind(None, *d.to_leetcode(d.examples[0]))
        except TypeError as err:
            return self._bad(
                "bad_signature",
                f"{self.shown}: {d.method}의 인자가 LeetCode와 다르다 ({err}). 기대하는 시그니처:",
                [f"    def {d.signature}:"],
            )
        except ValueError:
            pass  # a builtin or other callable without a signature: just try it
        self.solution_class = cls
        return None

    # ------------------------------------------------------------------ one call

    def check(self, args: dict[str, Any]) -> dict[str, Any]:
        """Run the student's method on one canonical input: ``{"verdict": ..., ...}``."""
        d = self.drill
        if time.monotonic() > self.deadline:
            raise _OutOfTime
        self.calls += 1
        call_args = d.to_leetcode(args)
        before = copy.deepcopy(call_args)
        old_limit = sys.getrecursionlimit()
        seconds = 0.0
        try:
            sys.setrecursionlimit(_depth() + RECURSION_FRAMES)
            signal.setitimer(signal.ITIMER_REAL, self.time_limit)
            start = time.perf_counter()
            try:  # a fresh Solution per input, as LeetCode does
                actual = getattr(self.solution_class(), d.method)(*call_args)
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
                seconds = time.perf_counter() - start
                sys.setrecursionlimit(old_limit)
        except _TimeLimit:
            return {
                "verdict": "timeout",
                "message": f"시간 초과: 입력 하나에 {self.time_limit:g}초가 넘었다"
                " (O(V + E)보다 느리거나 끝나지 않는 반복)",
            }
        except RecursionError as err:
            return {
                "verdict": "recursion",
                "message": f"RecursionError: 재귀가 파이썬 기본 한도({RECURSION_FRAMES}단계)를"
                " 넘었다. 깊은 입력에서는 명시적 스택이나 큐를 쓰세요",
                "details": self._trimmed(err)[-4:],
            }
        except MemoryError:
            return {"verdict": "memory", "message": "MemoryError: 메모리 한도를 넘었다"}
        except BaseException as err:  # SystemExit too: the student's code may call exit()
            return {
                "verdict": "error",
                "message": f"풀이가 예외를 냈다: {type(err).__name__}: {err}",
                "details": self._trimmed(err),
            }
        expected = self.expected(args)
        wrong = d.verdict(args, expected, actual)
        if wrong is not None:
            return {"verdict": "wrong_answer", "message": wrong, "actual": repr(actual)[:300]}
        if call_args != before:
            return {
                "verdict": "mutated",
                "message": "입력을 바꿨다: 답은 맞지만 호출한 쪽의 입력이 달라졌다"
                " (복사본이나 visited 집합을 쓰세요)",
            }
        return {"verdict": "ok", "seconds": seconds}

    def best_time(self, args: dict[str, Any], first: float) -> float:
        """The fastest of a few more timed calls on a passing input (one call is too noisy
        below a millisecond): up to ``TIMING_REPEATS`` calls or ``TIMING_SECONDS`` in all."""
        best, spent = first, first
        for _ in range(TIMING_REPEATS - 1):
            if spent > TIMING_SECONDS:
                break
            outcome = self.check(args)
            if outcome["verdict"] != "ok":
                break
            best = min(best, outcome["seconds"])
            spent += outcome["seconds"]
        return best

    def expected(self, args: dict[str, Any]) -> Any:
        """The project's answer; on small inputs networkx must agree with it."""
        d = self.drill
        answer = d.expected(args)
        v, e = d.kind.size(args)
        if v + e <= NETWORKX_MAX_SIZE:
            other = d.networkx(args)
            if d.verdict(args, answer, other) is not None:
                raise OracleDisagreement(f"{d.label}: project {answer!r}, networkx {other!r}")
        return answer

    # ------------------------------------------------------------------ searches

    def search(self, strategy: Any, family: Any = None) -> dict[str, Any] | None:
        """The smallest failing input hypothesis finds in ``strategy``, or None if all pass.

        The settings are those of the pitfall gallery (:func:`graphs.counterexamples.search`):
        derandomised, no database, so the same file gives the same minimal input.
        """
        from hypothesis import HealthCheck, find, settings
        from hypothesis.errors import HypothesisWarning, NoSuchExample

        last: dict[str, Any] = {}
        out_of_time = False

        def fails(args: dict[str, Any]) -> bool:
            nonlocal out_of_time
            try:
                outcome = self.check(args)
            except _OutOfTime:
                # Not an error of this input: hypothesis must not see it (it may report several
                # such errors at once as an ExceptionGroup). Every later call ends at once too.
                out_of_time = True
                return False
            if outcome["verdict"] == "ok":
                if family is not None and family.timed:
                    v, e = self.drill.kind.size(args)
                    seconds = self.best_time(args, outcome["seconds"])
                    self.timings.append({"V": v, "E": e, "seconds": seconds})
                return False
            last["args"], last["outcome"] = args, outcome
            return True

        config = settings(
            database=None,
            derandomize=True,
            max_examples=self.max_examples,
            deadline=None,
            suppress_health_check=list(HealthCheck),
        )
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", HypothesisWarning)  # the repr of a 300 x 300 grid
            try:
                find(strategy, fails, settings=config)
            except NoSuchExample:
                if out_of_time:
                    raise _OutOfTime from None  # nothing failed, but not everything was tried
                return None
            except OracleDisagreement:
                raise
            except Exception:
                if not last:  # hypothesis gave up (e.g. a flaky timing): report what failed
                    raise
        return {**last["outcome"], "args": last["args"]}

    def describe(self, args: dict[str, Any]) -> dict[str, Any]:
        """The input as the student needs to see it: drawn, in LeetCode form, as JSON."""
        d = self.drill
        v, e = d.kind.size(args)
        call_args = d.to_leetcode(args)
        pasted = ", ".join(
            f"{name} = {json.dumps(value, separators=(',', ':'))}"
            for name, value in zip(_param_names(d.signature), call_args, strict=True)
        )
        return {
            "input_lines": d.kind.draw(args),
            "leetcode_input": pasted if len(pasted) <= MAX_INPUT_JSON else None,
            "input": args if v + e <= 2000 else None,
            "size": {"V": v, "E": e},
            "expected": d.answer_text(args, d.expected(args)),
        }

    def run(self) -> dict[str, Any]:
        bad = self.load()
        if bad is not None:
            return bad
        try:
            return self._judge()
        except _OutOfTime:
            return self._bad(
                "budget",
                "판정 시간 예산을 다 썼다: 통과도 실패도 확정하지 못했다"
                " (--time-limit나 --budget를 늘려 보세요)",
            )

    def _judge(self) -> dict[str, Any]:
        d = self.drill
        for i, example in enumerate(d.examples, 1):
            self.progress(f"LeetCode 예제 {i}/{len(d.examples)}")
            outcome = self.check(example)
            if outcome["verdict"] != "ok":
                return self._failure(f"LeetCode 예제 {i}", {**outcome, "args": example})
        phases = [("작은 무작위 입력 (hypothesis)", d.kind.strategy(), None)]
        phases += [(f.label, f.strategy(), f) for f in d.kind.families]
        for label, strategy, family in phases:
            self.progress(label)
            found = self.search(strategy, family)
            if found is not None:
                return self._failure(label, found)
        return {
            "status": "pass",
            "verdict": "ok",
            "message": f"예제 {len(d.examples)}개와 입력 {self.calls}개 모두 맞았다",
            "details": [],
            "timings": sorted(self.timings, key=lambda t: t["V"] + t["E"]),
        }

    def _failure(self, phase: str, found: dict[str, Any]) -> dict[str, Any]:
        args = found.pop("args")
        return {
            "status": "fail",
            "phase": phase,
            "details": found.pop("details", []),
            **found,
            **self.describe(args),
        }


def main(argv: list[str] | None = None) -> int:
    config = json.loads((argv if argv is not None else sys.argv[1:])[0])
    limit = int(config["memory_mb"]) * 1024 * 1024
    if limit > 0:
        _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard == resource.RLIM_INFINITY or hard > limit:
            resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    signal.signal(signal.SIGALRM, _on_alarm)
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")  # ours; the student's prints go nowhere
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - for the whole process
    drill = find_drill(config["problem"])
    judge = Judge(drill, Path(config["path"]), config["shown"], {**config, "out": out})
    result = judge.run()
    result["calls"] = judge.calls
    out.write(json.dumps({"result": result}, ensure_ascii=False) + "\n")
    out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
