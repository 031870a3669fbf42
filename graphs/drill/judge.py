"""The drill judge: LeetCode's verdict on a ``class Solution`` file, then what LeetCode never says.

:func:`check` runs the student's file in a sandboxed child (:mod:`graphs.drill.sandbox`, which
runs :mod:`graphs.drill.runner`) the way LeetCode runs it: its automatic imports, its recursion
limit on a big stack, a module-level ``sys.setrecursionlimit`` honoured, the input allowed to
change. This process keeps everything that decides: it makes the inputs, sends them, receives
plain JSON answers, computes the expected answers with the project's solution (checked against
networkx on small inputs), compares, and keeps LeetCode's clock (:mod:`graphs.drill.clock`:
each input may take a hundred times the project's solution's CPU time on it, at least
``time_limit``; the wall clock is generous and a busy machine is named as such). So nothing
the student's code does in its process (forged lines, stack frames read, the judge patched,
an ``int`` whose ``==`` is always true, a swallowed alarm) changes a verdict.

The inputs, each within the problem's LeetCode constraints (:mod:`graphs.drill.limits`):
LeetCode's examples; a derandomised hypothesis search over small inputs, drawn as the pitfall
gallery draws them and shrunk to the smallest failing one; the hard ladders (deep paths,
all-land grids, isolated nodes, cycles) up to LeetCode's largest input, smallest first; the
timing ladder. The verdict is LeetCode's: ``ok`` (Accepted), ``wrong_answer``, ``error``
(Runtime Error), ``timeout`` (Time Limit Exceeded), ``memory`` (Memory Limit Exceeded), or a
load error. A pass carries notes: the input was changed, the deepest recursion and what plain
Python (1000 frames) would have made of it, the time against size with a fitted slope.
``strict=True`` makes the project's stricter rules failures: ``mutated`` and ``recursion``.
"""

from __future__ import annotations

import gc
import json
import math
import time
import warnings
from dataclasses import replace
from pathlib import Path
from typing import Any

from graphs.drill import clock, runner, words
from graphs.drill.answers import leetcode_text, stand_in
from graphs.drill.growth import fit
from graphs.drill.options import CheckOptions, DrillError
from graphs.drill.problem import Drill, find
from graphs.drill.sandbox import STARTUP_SECONDS, Sandbox

__all__ = ["CheckOptions", "DrillError", "OracleDisagreement", "check"]

NETWORKX_MAX_SIZE = 5000  # V + E up to which networkx checks the project's answer as well
TIMING_REPEATS = 3  # calls per size on the timing ladder (the fastest counts)
MAX_INPUT_JSON = 600  # characters of LeetCode-form input printed for pasting back
#: What the runner answers when a file does not load as LeetCode loads it: each is its verdict.
LOAD_VERDICTS = ("syntax_error", "unreadable", "error", "no_class", "no_method", "bad_signature",
                 "timeout")  # fmt: skip


class OracleDisagreement(AssertionError):
    """The project's solution and networkx disagree: a bug in the project, not in the student."""


class _OutOfTime(Exception):
    """The whole check ran out of its time budget."""


class Judge:
    """One student file against one drill: the parent's side of a check."""

    def __init__(self, drill: Drill, source: str, shown: str, options: CheckOptions) -> None:
        from graphs.tools import counterexamples

        if not isinstance(options, CheckOptions):
            raise TypeError(f"options: expected CheckOptions, got {type(options).__name__}")
        self.drill = drill
        self.source = source
        self.shown = shown
        self.strict = options.strict
        self.time_limit = float(options.time_limit)
        self.memory_mb = options.memory_mb
        self.max_examples = options.max_examples or counterexamples.MAX_EXAMPLES
        self.deadline = time.monotonic() + float(options.budget)
        self.progress = options.progress or (lambda text: None)
        self.sandbox: Sandbox | None = None
        self.recursion_limit = runner.LEETCODE_RECURSION_LIMIT
        self.calls = 0
        self.mutated: dict[str, Any] | None = None
        self.output_bytes = 0
        # LeetCode-form input (JSON) -> (the project's answer, its CPU seconds): each input's
        # reference is computed and timed once per check.
        self.references: dict[str, tuple[Any, float]] = {}
        self.closest: dict[str, Any] | None = None  # the passing call nearest its limit
        self._last_json: tuple[dict[str, Any], str] | None = None

    # ------------------------------------------------------------------ the child

    def _config(self) -> dict[str, Any]:
        d = self.drill
        return {
            "source": self.source,
            "filename": self.shown,
            "method": d.method,
            "n_args": len(d.to_leetcode(d.examples[0])),
            "strict": self.strict,
            "memory_mb": self.memory_mb,
            "answer_in_place": d.answer_in_place,
        }

    def start(self) -> dict[str, Any] | None:
        """A running sandbox with the solution loaded: None, or the failure of loading it."""
        if self.sandbox is not None and self.sandbox.alive:
            return None
        self.close()
        self.sandbox = Sandbox(self._config())
        answer = self.sandbox.start(STARTUP_SECONDS + self.time_limit)
        if answer.get("ready"):
            self.recursion_limit = int(answer["recursion_limit"])
            return None
        return self.load_failure(answer)

    def load_failure(self, answer: dict[str, Any]) -> dict[str, Any]:
        """The failed check of a file that did not load the way LeetCode loads it (a child
        that died while loading gets :func:`crash_failure`'s verdict)."""
        kind = answer.get("load") or answer.get("status")
        if kind not in LOAD_VERDICTS:
            return {"status": "fail", **crash_failure(answer)}
        message, details = words.load(answer, self.drill.signature, self.drill.method, self.shown)
        return _bad(kind, message, details)

    def close(self) -> None:
        if self.sandbox is not None:
            self.output_bytes += self.sandbox.output_bytes
            self.sandbox.close()
            self.sandbox = None

    # ------------------------------------------------------------------ one input

    def reference(self, args: dict[str, Any], args_json: str | None = None) -> tuple[Any, float]:
        """``(the project's answer, its CPU seconds)`` for a canonical input, once per check;
        on small inputs networkx must agree with the answer (that check is not timed)."""
        d = self.drill
        key = args_json if args_json is not None else self._leetcode_json(args)
        known = self.references.get(key)
        if known is not None:
            return known
        collecting = gc.isenabled()
        gc.disable()  # the parent's heap is large: a collection here is not the algorithm's
        try:
            began = time.thread_time()
            answer = d.expected(args)
            seconds = time.thread_time() - began
        finally:
            if collecting:
                gc.enable()
        v, e = d.kind.size(args)
        if v + e <= NETWORKX_MAX_SIZE:
            other = d.networkx(args)
            if d.verdict(args, answer, other) is not None:
                raise OracleDisagreement(f"{d.label}: project {answer!r}, networkx {other!r}")
        self.references[key] = (answer, seconds)
        return answer, seconds

    def expected(self, args: dict[str, Any]) -> Any:
        """The project's answer; on small inputs networkx must agree with it."""
        return self.reference(args)[0]

    def _leetcode_json(self, args: dict[str, Any]) -> str:
        """The input in LeetCode's form as JSON (the last one is kept: a call and its
        comparison ask for the same input in turn)."""
        last = self._last_json
        if last is not None and last[0] is args:
            return last[1]
        text = json.dumps(self.drill.to_leetcode(args), separators=(",", ":"))
        self._last_json = (args, text)
        return text

    def run_once(self, args: dict[str, Any], probe: bool = False) -> dict[str, Any]:
        """The runner's answer for one canonical input (a new child if the last one died),
        timed by LeetCode's clock (:func:`graphs.drill.clock.call`)."""
        if time.monotonic() > self.deadline:
            raise _OutOfTime
        args_json = self._leetcode_json(args)
        _answer, seconds = self.reference(args, args_json)
        failed = self.start()
        if failed is not None:
            return {"status": "load", "failure": failed}
        self.calls += 1
        assert self.sandbox is not None
        limit = clock.Limit.of(reference=seconds, floor=self.time_limit)
        return clock.call(self.sandbox, args_json, probe=probe, limit=limit)

    def judge_once(self, args: dict[str, Any]) -> tuple[dict[str, Any] | None, dict[str, Any]]:
        """``(failure or None, the runner's answer)`` for one canonical input."""
        answer = self.run_once(args)
        status = answer["status"]
        if status == "load":
            return answer["failure"], answer
        if status == "ok":
            value = stand_in(answer["value"])
            wrong = self.drill.verdict(args, self.expected(args), value)
            if wrong is not None:
                return {"verdict": "wrong_answer", "message": wrong,
                        "actual": leetcode_text(value)[:300]}, answer  # fmt: skip
            self._keep_closest(args, answer)
            if answer.get("mutated"):
                if self.strict:
                    return {"verdict": "mutated", "message": words.MUTATED_STRICT}, answer
                self.mutated = self.mutated or args
            return None, answer
        if status == "timeout":
            failure = {"verdict": "timeout", "message": words.timeout(answer)}
            failure["busy"] = answer.get("cause") == "wall"
            return failure, answer
        if status == "recursion":
            limit = runner.PLAIN_PYTHON_FRAMES if self.strict else self.recursion_limit
            return {
                "verdict": "recursion" if self.strict else "error",
                "message": words.recursion(strict=self.strict, limit=limit),
                "details": self._details(answer),
            }, answer
        if status == "memory":
            return {"verdict": "memory", "message": words.MEMORY}, answer
        if status == "error":
            return {
                "verdict": "error",
                "message": words.error(answer),
                "details": self._details(answer),
            }, answer
        return crash_failure(answer), answer

    def _keep_closest(self, args: dict[str, Any], answer: dict[str, Any]) -> None:
        """Remember the passing call that came nearest its limit (the report shows it)."""
        if "limit" not in answer:
            return
        share = answer["cpu"] / answer["limit"]
        if self.closest is None or share > self.closest["share"]:
            v, e = self.drill.kind.size(args)
            measured = {k: answer[k] for k in ("cpu", "limit", "reference", "floor")}
            self.closest = {"share": share, "V": v, "E": e, **measured}

    def _details(self, answer: dict[str, Any]) -> list[str]:
        return words.traceback(answer)[-6:]

    # ------------------------------------------------------------------ searches

    def search(self, strategy: Any) -> dict[str, Any] | None:
        """The smallest failing input hypothesis finds in ``strategy``, or None if all pass.

        The settings are those of the pitfall gallery (:func:`house.gallery.search_settings`):
        derandomised, no database, so the same file gives the same minimal input.
        """
        from hypothesis import HealthCheck, find, settings
        from hypothesis.errors import HypothesisWarning, NoSuchExample

        last: dict[str, Any] = {}
        out_of_time = False

        def fails(args: dict[str, Any]) -> bool:
            nonlocal out_of_time
            try:
                failure, _ = self.judge_once(args)
            except _OutOfTime:
                # Not an error of this input: hypothesis must not see it (it may report several
                # such errors at once as an ExceptionGroup). Every later call ends at once too.
                out_of_time = True
                return False
            if failure is None:
                return False
            last["args"], last["failure"] = args, failure
            return True

        config = settings(
            database=None,
            derandomize=True,
            max_examples=self.max_examples,
            deadline=None,
            suppress_health_check=list(HealthCheck),
        )
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", HypothesisWarning)
            try:
                find(strategy, fails, settings=config)
            except NoSuchExample:
                if out_of_time:
                    raise _OutOfTime from None  # nothing failed, but not everything was tried
                return None
            except OracleDisagreement:
                raise
            except Exception:
                if not last:
                    raise
        return {**last["failure"], "args": last["args"]}

    def describe(self, args: dict[str, Any]) -> dict[str, Any]:
        """The input as the student needs to see it: drawn, in LeetCode form, as JSON."""
        d = self.drill
        v, e = d.kind.size(args)
        pasted = d.leetcode_input(args)
        return {
            "input_lines": d.kind.draw(args),
            "leetcode_input": pasted if len(pasted) <= MAX_INPUT_JSON else None,
            "input": args if v + e <= 2000 else None,
            "size": {"V": v, "E": e},
            "expected": d.answer_text(args, self.expected(args)),
        }

    def _failure(self, phase: str, found: dict[str, Any], args: dict[str, Any]) -> dict[str, Any]:
        return {
            "status": "fail",
            "phase": phase,
            "details": found.pop("details", []),
            **found,
            **self.describe(args),
        }

    # ------------------------------------------------------------------ the whole check

    def run(self) -> dict[str, Any]:
        try:
            failed = self.start()
            if failed is not None:
                return failed
            return self._judge()
        except _OutOfTime:
            return _bad("budget", words.BUDGET)
        finally:
            self.close()

    def _judge(self) -> dict[str, Any]:
        d = self.drill
        for i, example in enumerate(d.examples, 1):
            self.progress(words.phase("example", index=i, count=len(d.examples)))
            failure, _ = self.judge_once(example)
            if failure is not None:
                if "status" in failure:  # the file itself failed (it did load once)
                    return failure
                return self._failure(words.phase("example", index=i), failure, example)
        self.progress(words.phase("search"))
        found = self.search(d.kind.strategy())
        if found is not None:
            args = found.pop("args")
            if "status" in found:
                return found
            return self._failure(words.phase("search"), found, args)
        for family in d.kind.families:
            self.progress(family.label)
            for args in family.inputs():
                failure, _ = self.judge_once(args)
                if failure is not None:
                    if "status" in failure:
                        return failure
                    return self._failure(family.label, failure, args)
        timing = d.kind.timing
        timed = words.phase("timing", label=timing.label)
        self.progress(timed)
        timings = []
        for args in timing.inputs():
            best = math.inf
            for _ in range(TIMING_REPEATS):
                failure, answer = self.judge_once(args)
                if failure is not None:
                    if "status" in failure:
                        return failure
                    return self._failure(timed, failure, args)
                best = min(best, answer["seconds"])
            v, e = d.kind.size(args)
            timings.append({"V": v, "E": e, "seconds": best})
        self.progress(words.phase("depth"))
        depth = self._deepest()
        return {
            "status": "pass",
            "verdict": "ok",
            "message": words.passed(len(d.examples), self.calls),
            "details": [],
            "timings": timings,
            "repeats": TIMING_REPEATS,
            "fit": fit(timings),
            "depth": depth,
            "closest": self.closest,
            "recursion_limit": self.recursion_limit,
            "mutated": self.mutated is not None,
            "mutated_input": None if self.mutated is None else self.describe(self.mutated),
        }

    def _deepest(self) -> dict[str, Any] | None:
        """The student's deepest recursion, over the largest input of each family; None when
        the solution never recursed (a function's frame never on the stack twice at once)."""
        deepest = None
        for family in self.drill.kind.families:
            inputs = family.inputs()
            if not inputs:
                continue
            answer = self.run_once(inputs[-1], probe=True)
            if answer["status"] != "ok" or not answer.get("recursed"):
                continue
            if deepest is None or answer["depth"] > deepest["depth"]:
                v, e = self.drill.kind.size(inputs[-1])
                deepest = {"depth": answer["depth"], "family": family.label, "V": v, "E": e}
        return deepest


def _bad(verdict: str, message: str, details: list[str] | None = None) -> dict[str, Any]:
    """A failed check with no failing input to show."""
    return {"status": "fail", "verdict": verdict, "message": message, "details": details or []}


def crash_failure(answer: dict[str, Any]) -> dict[str, Any]:
    """The verdict of a child that died (or broke the protocol) during a call: its sandbox's
    account (``status: protocol``, a ``signal`` name or an ``exit`` code) decides it. No
    ``status``, so that the judge shows the failing input with it.

    Examples
    --------
    >>> crash_failure({"signal": "SIGKILL"})["verdict"]  # the kernel's: out of memory
    'memory'
    """
    if answer.get("status") == "protocol":
        verdict = "error"
    elif answer.get("signal") == "SIGKILL":  # not ours: the kernel's, out of memory
        verdict = "memory"
    elif "signal" in answer:
        verdict = "crashed"
    else:
        verdict = "error"  # it ended itself (os._exit): a Runtime Error on LeetCode too
    return {"verdict": verdict, "message": words.crash(answer), "details": []}


def check(
    problem: str | int, path: Path, options: CheckOptions | None = None, **fields: Any
) -> dict[str, Any]:
    """Judge the file at ``path`` against a drill; returns the result.

    Parameters
    ----------
    problem : str or int
        A problem number (``200``) or LeetCode method name (``"numIslands"``).
    path : Path
        The student's file with ``class Solution``, as pasted into LeetCode.
    options : CheckOptions, optional
        The check's limits and switches (default: :class:`CheckOptions`' defaults).
    **fields
        Fields of :class:`CheckOptions` to change (``strict=True``, ``max_examples=20``, ...).

    Returns
    -------
    dict
        ``status`` (``"pass"`` or ``"fail"``), ``verdict`` (a key of
        :data:`graphs.drill.report.VERDICTS`), ``message``, ``details``, ``calls``; on a
        failing input ``phase``, ``input_lines``, ``leetcode_input``, ``input``, ``size``,
        ``expected`` and (wrong answers) ``actual``, in LeetCode's spelling; a timeout also
        ``busy`` (the wall clock stopped a call that had used little CPU); on a pass
        ``timings``, ``fit``, ``depth`` (None when the solution never recursed),
        ``closest`` (the call nearest its limit: ``cpu``, ``limit``, ``reference``, ``floor``,
        ``V``, ``E``), ``recursion_limit``, ``mutated`` and ``mutated_input``.

    Raises
    ------
    DrillError
        (a ``ValueError``) for an unknown problem, a missing file or a limit out of range
        (naming the field).
    TypeError
        If a limit is not a number, or a field is not one of :class:`CheckOptions`.
    """
    options = replace(options or CheckOptions(), **fields)  # validated again: __post_init__
    drill = find(problem)
    path = Path(path)
    if not path.is_file():
        raise DrillError(f"FILE: no such file: {path}")
    try:
        source = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as err:
        return {**_bad("unreadable", words.unreadable(str(path), err)), "calls": 0}
    judge = Judge(drill, source, str(path), options)
    result = judge.run()
    result["calls"] = judge.calls
    result["output_bytes"] = judge.output_bytes
    return result
