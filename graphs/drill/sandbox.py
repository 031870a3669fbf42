"""The student's process seen from the judge: start it, talk to it, stop it and all it started.

:class:`Sandbox` runs :mod:`graphs.drill.runner` as a script in a fresh temporary directory,
in its own session, under a memory limit it cannot raise, and speaks its line protocol: one
request (``{"id": token, "probe": bool}``, a tab, the arguments as JSON), one answer line on a
pipe of its own. The time limit is the parent's: the wall clock while waiting and the child's
CPU time (psutil) per call, so an alarm swallowed by the student's ``except:`` no longer
matters. Everything the child writes to stdout and stderr is read as it comes and only its
tail is kept. The child is started by a supervisor of the check's own
(:mod:`graphs.drill.supervisor`), a child subreaper that adopts every orphan the student's code
leaves; closing the sandbox kills the child's process group and lets the supervisor end every
process below it: no process a check started outlives it, and the process that calls the judge
(a pytest worker, a notebook) is left as it was.

The solution cannot reach the practice records. Where the kernel has Landlock (Linux 5.13 or
later, enabled: :func:`landlock_abi`), the child confines itself before it loads the student's
file (:func:`graphs.drill.landlock.isolate`): it reads only Python's installation and the
system's libraries, writes only its temporary folder, and sees neither the checkout nor
``drills/`` nor ``/proc``; its environment holds nothing of the parent's. So a check never has
to look at a record before and after, or restore one: lines other commands append meanwhile
are never touched. If the kernel has Landlock but the child cannot confine itself, the check
stops with :class:`IsolationError` rather than run the file unconfined. Where the kernel has
no Landlock at all, the file runs as before, unconfined (it could write to a record as this
user can); ``python -m graphs.drill check`` then says so and records the check with
``"isolated": false``.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import secrets
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil

from graphs.drill import landlock

__all__ = [
    "OUTPUT_TAIL",
    "IsolationError",
    "Sandbox",
    "ctrl_c_held",
    "landlock_abi",
]

RUNNER = Path(__file__).with_name("runner.py")
SUPERVISOR = Path(__file__).with_name("supervisor.py")
OUTPUT_TAIL = 64 * 1024  # bytes of the student's stdout/stderr kept (the rest is counted)
MAX_ANSWER_BYTES = 16 * 2**20
MAX_STRAY_LINES = 10_000  # lines on the answer pipe that answer nothing, before it is a flood
STARTUP_SECONDS = 15.0  # to start Python and import LeetCode's names, on a busy machine
SUPERVISOR_SECONDS = 30.0  # for the supervisor to end everything below it and exit


class IsolationError(ValueError):
    """The kernel has Landlock, but the child could not confine itself: nothing was run."""


@functools.cache
def landlock_abi() -> int:
    """The kernel's Landlock ABI version (0: none, and the solution runs unconfined).

    Examples
    --------
    >>> landlock_abi() >= 0
    True
    """
    return landlock.landlock_abi()


def _kill_tree(pid: int) -> None:
    """Kill ``pid`` and every process below it."""
    with contextlib.suppress(psutil.Error):
        top = psutil.Process(pid)
        for process in [*top.children(recursive=True), top]:
            with contextlib.suppress(psutil.Error):
                process.kill()


@contextlib.contextmanager
def ctrl_c_held() -> Iterator[None]:
    """Hold Ctrl-C (SIGINT) until the block ends, then raise it.

    Ctrl-C while ``Popen`` is still starting the child would leave the child running, unseen,
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


class Sandbox:
    """One running :mod:`graphs.drill.runner` with the student's ``Solution`` loaded.

    Parameters
    ----------
    config : dict
        What the runner needs: ``source``, ``filename`` (as shown in tracebacks), ``method``,
        ``n_args``, ``strict``, ``memory_mb``.
    """

    def __init__(self, config: dict[str, Any]) -> None:
        self.config = config
        self.workdir = tempfile.mkdtemp(prefix="drill-")
        self.proc: subprocess.Popen[bytes] | None = None  # the supervisor
        self.pid: int | None = None  # the runner's
        self.exit: int | None = None  # the runner's exit code (negative: its signal)
        self.answers = b""
        self.reports = b""
        self.tail = bytearray()
        self.output_bytes = 0
        self.killed = False
        self.isolated = 0  # the Landlock ABI the child confined itself with (0: not confined)
        self.stray_lines = 0
        self._process: psutil.Process | None = None
        self._fds: tuple[int, ...] = ()  # this process's ends of the pipes
        self._selector = selectors.DefaultSelector()

    # ------------------------------------------------------------------ life

    def start(self, timeout: float) -> dict[str, Any]:
        """Start the child and load the solution: the runner's first answer, or
        ``{"status": "timeout"}`` / ``{"status": "crashed", ...}``."""
        deadline = time.monotonic() + timeout
        requests_r, requests_w = os.pipe()
        answer_r, answer_w = os.pipe()
        output_r, output_w = os.pipe()
        report_r, report_w = os.pipe()
        self._requests_fd, self._answer_fd = requests_w, answer_r
        self._output_fd, self._report_fd = output_r, report_r
        self._fds = (requests_w, answer_r, output_r, report_r)  # close() closes them
        runner = [sys.executable, "-I", str(RUNNER), str(answer_w)]
        passed = (requests_r, answer_w)
        try:
            with ctrl_c_held():  # until proc exists, so that close() can stop it
                self.proc = subprocess.Popen(
                    [sys.executable, "-I", str(SUPERVISOR), str(report_w), self.workdir,
                     *map(str, passed), "--", *runner],
                    stdin=subprocess.PIPE,
                    stdout=output_w,
                    stderr=output_w,
                    pass_fds=(report_w, *passed),
                    start_new_session=True,  # its own session: no Ctrl-C of the terminal
                    env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": self.workdir,
                         "LANG": "C.UTF-8", "TMPDIR": self.workdir},
                )  # fmt: skip
        finally:
            for fd in (requests_r, answer_w, output_w, report_w):
                os.close(fd)
        for fd in (answer_r, output_r, report_r):
            os.set_blocking(fd, False)
            self._selector.register(fd, selectors.EVENT_READ)
        os.set_blocking(requests_w, False)
        self._await(lambda: self.pid is not None, deadline)
        config = {**self.config, "isolate": landlock_abi() > 0}
        line = json.dumps(config, ensure_ascii=False) + "\n"
        answer = self._exchange(line.encode("utf-8"), deadline, None)
        if answer.get("load") == "isolation":
            raise IsolationError(
                f"the judge cannot confine the solution with Landlock ({answer.get('msg')}):"
                " nothing was run"
            )
        self.isolated = int(answer.get("isolated") or 0)
        return answer

    def close(self) -> None:
        """Kill the child and its group; its supervisor then ends every process below it and
        exits (:mod:`graphs.drill.supervisor`); remove the child's folder."""
        if self.proc is not None:
            self._kill_group()
            with contextlib.suppress(OSError):
                self.proc.stdin.close()  # type: ignore[union-attr]  # the supervisor's signal
            try:
                self.proc.wait(timeout=SUPERVISOR_SECONDS)
            except subprocess.TimeoutExpired:  # it never stops on its own: end what is below
                _kill_tree(self.proc.pid)
                self.proc.wait()
            self.proc = None
        for fd in self._fds:
            with contextlib.suppress(KeyError, ValueError):
                self._selector.unregister(fd)
            with contextlib.suppress(OSError):
                os.close(fd)
        self._fds = ()
        self._selector.close()
        shutil.rmtree(self.workdir, ignore_errors=True)

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ calls

    def call(self, args_json: str, *, probe: bool, time_limit: float) -> dict[str, Any]:
        """Run the method once on ``args_json``; the runner's answer (``status`` ``ok``,
        ``error``, ``recursion``, ``memory``), or the parent's ``timeout`` / ``crashed`` /
        ``protocol``. Adds ``cpu`` (the child's CPU seconds, as the kernel counts them)."""
        token = secrets.token_hex(8)
        head = json.dumps({"id": token, "probe": probe})
        line = f"{head}\t{args_json}\n".encode()
        cpu = self.cpu_seconds()
        wall = max(2.0 * time_limit, time_limit + 1.0)
        answer = self._exchange(line, time.monotonic() + wall, token)
        used = self.cpu_seconds() - cpu
        if answer.get("status") not in ("timeout", "crashed", "protocol") and used > time_limit:
            answer = {"status": "timeout"}
        answer["cpu"] = used
        return answer

    def cpu_seconds(self) -> float:
        """User + system CPU time of the child so far (all its threads); 0 once it is gone."""
        if self._process is None:
            return 0.0
        try:
            times = self._process.cpu_times()
        except psutil.Error:
            return 0.0
        return times.user + times.system

    def output(self) -> str:
        """The tail of what the student's code printed."""
        return self.tail.decode("utf-8", "replace")

    def _exchange(self, line: bytes, deadline: float, token: str | None) -> dict[str, Any]:
        """Send ``line``, then read the answer line, draining the output pipe meanwhile."""
        assert self.proc is not None
        stdin = self._requests_fd
        self._selector.register(stdin, selectors.EVENT_WRITE)
        pending = memoryview(line)
        try:
            while True:
                while b"\n" in self.answers:
                    raw, self.answers = self.answers.split(b"\n", 1)
                    answer = self._parse(raw, token)
                    if answer is not None:
                        return answer
                    self.stray_lines += 1  # not the runner's answer: as LeetCode, ignore it
                    if self.stray_lines > MAX_STRAY_LINES:
                        self.kill()
                        return {"status": "protocol"}
                left = deadline - time.monotonic()
                if left <= 0:
                    self.kill()
                    return {"status": "timeout"}
                for key, _ in self._selector.select(timeout=min(left, 0.5)):
                    if key.fd == stdin:
                        try:
                            pending = pending[os.write(stdin, pending) :]
                        except BrokenPipeError:
                            pending = pending[len(pending) :]
                        if not pending:
                            self._selector.unregister(stdin)
                    elif not self._read(key.fd):  # the answer pipe closed: the child is gone
                        return self._died()
        finally:
            with contextlib.suppress(KeyError, ValueError):
                self._selector.unregister(stdin)

    def _read(self, fd: int) -> bool:
        """Read what is there; False at the end of the answer pipe."""
        try:
            chunk = os.read(fd, 1 << 16)
        except BlockingIOError:
            return True
        if fd == self._report_fd:
            self._take_reports(chunk)
            return True
        if fd == self._output_fd:
            if chunk:
                self.output_bytes += len(chunk)
                self.tail += chunk
                del self.tail[:-OUTPUT_TAIL]
            else:
                self._selector.unregister(fd)
            return True
        self.answers += chunk
        if len(self.answers) > MAX_ANSWER_BYTES:  # no answer is that long: a flood
            self.kill()
            return False
        if not chunk:
            self._selector.unregister(fd)
        return bool(chunk)

    def _take_reports(self, chunk: bytes) -> None:
        """The supervisor's lines: the runner's pid, then its exit code."""
        if not chunk:
            self._selector.unregister(self._report_fd)
            return
        self.reports += chunk
        while b"\n" in self.reports:
            raw, self.reports = self.reports.split(b"\n", 1)
            report = json.loads(raw)
            if "pid" in report:
                self.pid = int(report["pid"])
                with contextlib.suppress(psutil.Error):
                    self._process = psutil.Process(self.pid)
            elif "exit" in report:
                self.exit = int(report["exit"])

    def _await(self, known: Any, deadline: float) -> None:
        """Read the pipes until ``known()`` holds or the deadline passes."""
        while not known():
            left = deadline - time.monotonic()
            if left <= 0:
                return
            for key, _ in self._selector.select(timeout=min(left, 0.5)):
                self._read(key.fd)

    def _parse(self, raw: bytes, token: str | None) -> dict[str, Any] | None:
        """The answer to the request ``token`` (any first line for the load), or None for a
        line that is not it (the student's code may write to the pipe: it gains nothing)."""
        try:
            answer = json.loads(raw)
        except ValueError:
            return None
        if not isinstance(answer, dict) or answer.get("id") != token:
            return None
        return answer

    def _died(self) -> dict[str, Any]:
        self._await(lambda: self.exit is not None, time.monotonic() + 2.0)
        code = self.exit
        if code is None:  # alive, but it closed its answer pipe
            self.kill()
            return {"status": "protocol"}
        self._kill_group()
        if code < 0:
            return {"status": "crashed", "signal": signal.Signals(-code).name}
        return {"status": "crashed", "exit": code}

    @property
    def alive(self) -> bool:
        """Whether the child can take another call."""
        if self.proc is None or self.killed or self.pid is None:
            return False
        self._read(self._report_fd)  # an exit reported meanwhile
        return self.exit is None

    def kill(self) -> None:
        """Stop the child now (the judge then starts a new one for the next input)."""
        self.killed = True
        self._kill_group()

    def _kill_group(self) -> None:
        if self.pid is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.pid, signal.SIGKILL)
