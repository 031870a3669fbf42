"""The student's process: run a LeetCode ``class Solution`` on inputs, answer in plain JSON.

The judge (:mod:`graphs.drill.judge`) starts this file as a script, ``python -I runner.py``,
in a temporary working directory and in its own session; it imports nothing of ``graphs``, so
the student's code finds no judge to patch and no expected answer to read: this process only
ever sees inputs. It

1. limits its own address space (``RLIMIT_AS``, soft and hard, and gives up the capability to
   raise it again when it runs as root), so a runaway allocation ends in ``MemoryError``;
2. when the judge asks (``isolate``), confines itself with Landlock
   (:func:`graphs.drill.landlock.isolate`, loaded from its file beside this one) before
   any thread starts and before the student's file is loaded: from then on this process and
   everything it starts can read only Python's own installation and the system's libraries,
   and write only its temporary folder. The checkout, the practice records (``drills/``),
   ``/proc`` (the parent's working directory, command line and environment), TCP and signals
   to any process outside are out of reach, so nothing has to be checked or restored
   afterwards. The modules the file names in its imports are loaded just before (only
   installed ones can be, and none of the student's code runs: :func:`preload`). This file
   needs nothing of the checkout once it runs (every import is done first, and tracebacks take
   the student's lines from memory);
3. loads the student's source (sent on stdin) the way LeetCode does: the names LeetCode
   imports for every Python 3 solution (:data:`LEETCODE_PRELUDE`) need no import, the
   recursion limit is LeetCode's (:data:`LEETCODE_RECURSION_LIMIT`) and a module-level
   ``sys.setrecursionlimit`` is honoured, and every call runs on a thread with a big stack
   (:data:`STACK_MB`), so deep recursion raises ``RecursionError`` instead of crashing;
4. then answers one request per line: the call's positional arguments in, and out the return
   value as plain JSON (an ``int`` subclass is sent as the plain number it holds), whether the
   call changed its input, the seconds it took, and on request the deepest nesting of Python
   frames the call reached (what the recursion limit counts) and whether it recursed (some
   function's frame on the stack twice at once).

Requests come on stdin, answers go to the file descriptor given as the only argument; the
student's own prints go to stdout and stderr, which the judge reads with a bound. The judge
compares, keeps the time limit and kills this process whenever it likes: nothing here decides
a verdict.
"""

from __future__ import annotations

import builtins
import ctypes
import ctypes.util
import errno
import inspect
import json
import linecache
import numbers
import os
import re
import resource
import sys
import threading
import time
import traceback
import types
from typing import Any

if __package__:
    from graphs.drill import landlock
else:  # run as a script, ``python -I``: this file's folder is not on the path
    import importlib.util

    _spec = importlib.util.spec_from_file_location(
        "landlock", os.path.join(os.path.dirname(os.path.abspath(__file__)), "landlock.py")
    )
    landlock = importlib.util.module_from_spec(_spec)  # type: ignore[arg-type]
    _spec.loader.exec_module(landlock)  # type: ignore[union-attr]

# What LeetCode's Python 3 runs before a solution: its star imports and module imports (the
# order matters: `pow` and `compile` are the builtins, `Counter` is typing's alias, `time` is
# datetime's class), the data structures of its other problems, and sortedcontainers, which
# LeetCode offers to every solution.
# --8<-- [start:prelude]
LEETCODE_PRELUDE = """\
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
import string, re, datetime, collections, heapq, bisect, copy, math, random, statistics
import itertools, functools, operator, io, sys, json, os


class ListNode:
    def __init__(self, val=0, next=None):
        self.val = val
        self.next = next


class TreeNode:
    def __init__(self, val=0, left=None, right=None):
        self.val = val
        self.left = left
        self.right = right
"""
# --8<-- [end:prelude]
# A limit far above the deepest recursion a solution can reach on LeetCode's largest inputs
# (a DFS over a 300 x 300 grid of land nests 90 000 calls); LeetCode's own is of this order.
LEETCODE_RECURSION_LIMIT = 550_000
PLAIN_PYTHON_FRAMES = 1000  # what a fresh `python` program gets: the --strict limit
STACK_MB = 1024  # the calling thread's stack: room for the recursion limit above
MAX_REPR = 300
TOO_LOW = re.compile(r"cannot set the recursion limit to (-?\d+) at the recursion depth (\d+)")
CAP_SYS_RESOURCE = 24


def plain(value: Any) -> Any:
    """``value`` as plain JSON data: bools, ints (subclasses as the number they hold), floats,
    strings, None and lists of them; anything else as ``{"__type__": name, "__repr__": ...}``.

    Examples
    --------
    >>> class Liar(int):
    ...     def __eq__(self, other):
    ...         return True
    >>> plain([Liar(3), (True, None)])
    [3, [True, None]]
    """
    if value is None or isinstance(value, bool | str):
        return value if not isinstance(value, str) else str.__str__(value)
    if isinstance(value, int):
        return int.__int__(value)
    if isinstance(value, numbers.Integral):  # numpy integers
        return int(value)
    if isinstance(value, float):
        return float.__float__(value)
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    try:
        shown = repr(value)[:MAX_REPR]
    except Exception:
        shown = "?"
    return {"__type__": type(value).__name__, "__repr__": shown}


def _limit_memory(megabytes: int) -> None:
    """Soft and hard ``RLIMIT_AS``; as root, drop CAP_SYS_RESOURCE so it cannot be raised."""
    if megabytes <= 0:
        return
    limit = megabytes * 1024 * 1024
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    if os.geteuid() == 0:
        _drop_capability(CAP_SYS_RESOURCE)


def _drop_capability(bit: int) -> None:
    """Remove one capability from this process's bounding, effective and permitted sets."""

    class Header(ctypes.Structure):
        _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]

    class Data(ctypes.Structure):
        _fields_ = [(n, ctypes.c_uint32) for n in ("effective", "permitted", "inheritable")]

    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    libc.prctl(24, bit, 0, 0, 0)  # PR_CAPBSET_DROP
    header = Header(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3
    data = (Data * 2)()
    if libc.capget(ctypes.byref(header), data) != 0:
        return
    word, mask = bit // 32, ~(1 << (bit % 32)) & 0xFFFFFFFF
    data[word].effective &= mask
    data[word].permitted &= mask
    data[word].inheritable &= mask
    libc.capset(ctypes.byref(header), data)


def preload(source: str) -> list[str]:
    """Import the modules ``source`` names in its import statements, before :func:`isolate`.

    Only installed modules can load (this process runs ``-I``: no current folder, no
    ``PYTHONPATH``), and only their own code runs: nothing of the student's file. Confined, the
    file then finds them in ``sys.modules`` while their files are out of reach. A name that does
    not import is left for the file to fail on, as it would on LeetCode. Returns the modules
    loaded.

    Examples
    --------
    >>> preload("import heapq\\nfrom os import path\\nfrom . import x\\nimport no_such_module_")
    ['heapq', 'os', 'os.path']
    """
    import ast
    import importlib

    try:
        tree = ast.parse(source)
    except Exception:  # a file that does not parse fails when it is loaded
        return []
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module)
            names += [f"{node.module}.{alias.name}" for alias in node.names if alias.name != "*"]
    loaded = []
    for name in dict.fromkeys(names):
        parent, _, last = name.rpartition(".")
        inside = parent in sys.modules and hasattr(sys.modules[parent], last)
        if parent and inside and name not in sys.modules:
            continue  # `from module import name`: a name inside the module, not a submodule
        try:
            importlib.import_module(name)
        except BaseException:  # its own error comes again when the file runs
            continue
        loaded.append(name)
    return loaded


class Worker:
    """One thread with a big stack that runs whatever it is given, one job at a time."""

    def __init__(self) -> None:
        self._job: Any = None
        self._ready = threading.Semaphore(0)
        self._done = threading.Semaphore(0)
        threading.stack_size(STACK_MB * 1024 * 1024)  # read when the thread starts
        try:
            threading.Thread(target=self._loop, daemon=True).start()
        finally:
            threading.stack_size(0)

    def _loop(self) -> None:
        while True:
            self._ready.acquire()
            func, out = self._job
            try:
                out["value"] = func()
            except BaseException as err:  # the student's code may raise anything
                out["error"] = err
            # The limit is the interpreter's, not this thread's: a solution that lowered it
            # (sys.setrecursionlimit(8)) must not leave the runner's own frames without room.
            out["limit"] = sys.getrecursionlimit()
            sys.setrecursionlimit(max(out["limit"], PLAIN_PYTHON_FRAMES))
            self._done.release()

    def run(self, func: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        self._job = (func, out)
        self._ready.release()
        self._done.acquire()
        return out


def _depth() -> int:
    frame, depth = inspect.currentframe(), 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1
    return depth


class Runner:
    """The student's ``Solution`` in this process, and the calls the judge asks for."""

    def __init__(self, config: dict[str, Any], answer: Any) -> None:
        self.filename = config["filename"]
        self.method = config["method"]
        self.strict = bool(config["strict"])
        # The method changes its first argument in place: that argument is the answer.
        self.in_place = bool(config.get("answer_in_place"))
        self.answer = answer
        self.worker = Worker()
        self.recursion_limit = LEETCODE_RECURSION_LIMIT
        self.solution_class: Any = None

    def trimmed(self, err: BaseException) -> dict[str, Any]:
        """The traceback of ``err`` with only the student's frames: ``details`` (its lines)
        and ``frames`` (whether any frame is the student's: the judge then heads the lines)."""
        frames = [f for f in traceback.extract_tb(err.__traceback__) if f.filename == self.filename]
        lines = "".join(traceback.format_list(frames[-8:])).rstrip("\n").splitlines()
        lines += "".join(traceback.format_exception_only(type(err), err)).rstrip("\n").splitlines()
        return {"details": lines, "frames": bool(frames)}

    def load(self, source: str, n_args: int) -> dict[str, Any]:
        """Compile and run the file; ``{"ready": ...}`` or what is wrong with it."""
        try:
            code = compile(source, self.filename, "exec", dont_inherit=True)
        except SyntaxError as err:
            text = (err.text or "").rstrip("\n")
            return {"load": "syntax_error", "msg": err.msg, "lineno": err.lineno,
                    "text": text, "offset": err.offset}  # fmt: skip
        except ValueError as err:  # NUL bytes
            return {"load": "unreadable", "msg": str(err)}
        # Tracebacks show the file's lines from here: the file itself is out of the sandbox.
        linecache.cache[self.filename] = (len(source), None, source.splitlines(True), self.filename)
        module = types.ModuleType("solution")
        module.__dict__["__builtins__"] = builtins
        exec(LEETCODE_PRELUDE, module.__dict__)
        module.__file__ = self.filename
        sys.modules["solution"] = module  # dataclasses look their module up
        sys.setrecursionlimit(LEETCODE_RECURSION_LIMIT)
        out = self.worker.run(lambda: exec(code, module.__dict__))
        # A module-level sys.setrecursionlimit(...) is kept, as LeetCode keeps it.
        self.recursion_limit = out["limit"]  # as the file left it (the worker made room since)
        if "error" in out:
            return {"load": "error", **self.trimmed(out["error"])}
        cls = module.__dict__.get("Solution")
        if not isinstance(cls, type):
            return {"load": "no_class", "found": cls is not None}
        method = getattr(cls, self.method, None)
        if not callable(method):
            return {"load": "no_method", "have": sorted(n for n in vars(cls) if n[:2] != "__")}
        # LeetCode calls the method on an instance: a static or class method takes no `self`.
        static = isinstance(inspect.getattr_static(cls, self.method), staticmethod | classmethod)
        try:
            inspect.signature(method).bind(*[None] * (n_args + (not static)))
        except TypeError as err:
            return {"load": "bad_signature", "msg": str(err)}
        except ValueError:
            pass  # a callable without a signature: just try it
        self.solution_class = cls
        return {"ready": True, "recursion_limit": self.recursion_limit}

    def call(self, request: dict[str, Any], raw_args: str) -> dict[str, Any]:
        """One call of the method on a fresh ``Solution``, as LeetCode makes one per test."""
        args = json.loads(raw_args)
        before = json.loads(raw_args)
        probe = bool(request.get("probe"))
        depth = [0, 0]  # now, deepest
        on_stack: dict[Any, int] = {}  # code object -> its frames on the stack now
        recursed = [False]  # whether a function was ever on the stack twice at once
        limits: list[int] = []

        def profile(frame: Any, event: str, arg: Any) -> None:
            # Every Python frame counts, as it does toward the recursion limit (C calls do not);
            # the depth is a recursion only if some function's frame was on the stack twice
            # (a method that calls a helper that calls a lambda is three deep, not recursive).
            if event == "call":
                depth[0] += 1
                depth[1] = max(depth[1], depth[0])
                frames = on_stack.get(frame.f_code, 0) + 1
                on_stack[frame.f_code] = frames
                if frames > 1:
                    recursed[0] = True
            elif event == "return":
                depth[0] -= 1
                on_stack[frame.f_code] = on_stack.get(frame.f_code, 1) - 1

        def job() -> dict[str, Any]:
            if self.strict:
                sys.setrecursionlimit(_depth() + PLAIN_PYTHON_FRAMES - 1)  # as at top level
            else:
                sys.setrecursionlimit(self.recursion_limit)
            limits.append(sys.getrecursionlimit())  # what the call starts with
            solution = self.solution_class()
            if probe:
                sys.setprofile(profile)
            cpu, start = time.thread_time(), time.perf_counter()
            try:
                value = getattr(solution, self.method)(*args)
            finally:
                seconds, cpu = time.perf_counter() - start, time.thread_time() - cpu
                sys.setprofile(None)
            return {"value": value, "seconds": seconds, "cpu": cpu}

        out = self.worker.run(job)
        if "error" in out:
            err = out["error"]
            kind = {RecursionError: "recursion", MemoryError: "memory"}.get(type(err), "error")
            trimmed = self.trimmed(err)
            answer = {"status": kind, "error": f"{type(err).__name__}: {err}"[:MAX_REPR],
                      "details": trimmed["details"][-6:], "frames": trimmed["frames"]}  # fmt: skip
            if kind == "recursion" and limits and out["limit"] < limits[0]:
                # not deep recursion: the solution lowered the limit itself
                answer.update(status="error", lowered=[limits[0], out["limit"]])
            elif kind == "recursion" and (low := TOO_LOW.match(str(err))):
                # sys.setrecursionlimit refused a limit below the current depth
                answer.update(status="error", too_low=[int(low[1]), int(low[2])])
            return answer
        done = out["value"]
        kept = 1 if self.in_place else 0  # an in-place answer is not a mutated input
        answer = {
            "status": "ok",
            "value": plain(args[0] if self.in_place else done["value"]),
            "seconds": done["seconds"],
            "cpu": done["cpu"],
            "mutated": args[kept:] != before[kept:],
        }
        if probe:
            answer["depth"] = depth[1]
            answer["recursed"] = recursed[0]
        return answer


def main() -> None:
    answer_fd = int(sys.argv[1])
    answers = os.fdopen(answer_fd, "w", encoding="utf-8")
    requests = sys.stdin
    config = json.loads(requests.readline())
    memory_mb = int(config["memory_mb"])
    _limit_memory(memory_mb + STACK_MB if memory_mb > 0 else 0)  # the stack is reserved whole

    def send(message: dict[str, Any]) -> None:
        answers.write(json.dumps(message, ensure_ascii=False) + "\n")
        answers.flush()

    isolated = 0
    if config.get("isolate"):
        try:  # before the worker thread starts and before anything of the student's is loaded
            preload(config["source"])
            if len(os.listdir("/proc/self/task")) > 1:  # Landlock would not confine that thread
                raise OSError(errno.EBUSY, "a module the file imports started a thread")
            isolated = landlock.isolate(os.getcwd())
        except OSError as err:
            send({"id": None, "load": "isolation", "msg": str(err)})
            return
    runner = Runner(config, answers)
    send({"id": None, **runner.load(config["source"], int(config["n_args"])), "isolated": isolated})
    for line in requests:  # '{"id": ..., "probe": ...}' TAB 'the arguments as JSON'
        head, raw_args = line.split("\t", 1)
        request = json.loads(head)
        send({"id": request["id"], **runner.call(request, raw_args)})


if __name__ == "__main__":
    main()
