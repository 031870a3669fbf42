"""The check's own process between the judge and the student's: it adopts and ends every orphan.

The judge (:mod:`graphs.drill.sandbox`) starts this file as a script, ``python -I supervisor.py
REPORT_FD WORKDIR FD... -- COMMAND...``, in its own session. It marks itself a child subreaper
(``prctl(PR_SET_CHILD_SUBREAPER)``), so that every process the student's code starts and
abandons is re-parented here rather than to init; it starts ``COMMAND`` (the runner) in
``WORKDIR`` and in a session of its own, with the first of ``FD...`` as its stdin and the others
and this process's stdout and stderr handed on; it writes ``{"pid": N}`` on ``REPORT_FD``, and
``{"exit": code}`` (negative: the signal) when the runner ends. When its stdin reaches its end
(the judge closed it, or the judge itself died), it kills the runner's group and then every
process below it, round after round until none is left, waits for them all, and exits. So the
flag that changes a process for good is set on a process that exists only for the check, never
on the judge's caller (a pytest worker, a notebook), and no process a check started outlives it.

It imports nothing of ``graphs``: it runs from its file, and psutil (the processes below it) is
loaded only when it cleans up.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import json
import os
import signal
import subprocess
import sys
import threading
import time

PR_SET_CHILD_SUBREAPER = 36
CLEANUP_ROUNDS = 50  # rounds of "kill every process below, wait for them" at most


def become_subreaper() -> None:
    """Adopt orphaned descendants (Linux); elsewhere nothing happens."""
    path = ctypes.util.find_library("c")
    if sys.platform.startswith("linux") and path:
        ctypes.CDLL(path, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def end_everything_below() -> None:
    """Kill every process below this one and wait for them: orphans come here, so repeat until
    a round finds none."""
    import psutil

    me = psutil.Process()
    for _ in range(CLEANUP_ROUNDS):
        below = me.children(recursive=True)
        if not below:
            break
        for process in below:
            with contextlib.suppress(psutil.Error):
                process.kill()
        psutil.wait_procs(below, timeout=1.0)  # reaps ours; the others' parents reap theirs
        with contextlib.suppress(ChildProcessError):
            while os.waitpid(-1, os.WNOHANG)[0] > 0:  # adopted orphans that already ended
                pass
        time.sleep(0.005)


def main(argv: list[str]) -> None:
    split = argv.index("--")
    report_fd, workdir, *passed = argv[:split]
    passed = [int(fd) for fd in passed]
    report = os.fdopen(int(report_fd), "w", encoding="utf-8")
    command = argv[split + 1 :]

    def tell(message: dict[str, int]) -> None:
        with contextlib.suppress(OSError, ValueError):  # the judge may have stopped reading
            report.write(json.dumps(message) + "\n")
            report.flush()

    become_subreaper()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # only the end of stdin stops this process
    runner = subprocess.Popen(command, stdin=passed[0], pass_fds=passed[1:], cwd=workdir,
                              start_new_session=True)  # fmt: skip
    for fd in passed:
        os.close(fd)  # the runner holds them now: its end closes the judge's pipes
    tell({"pid": runner.pid})
    waiter = threading.Thread(target=lambda: tell({"exit": runner.wait()}), daemon=True)
    waiter.start()
    with contextlib.suppress(OSError):
        while os.read(0, 1 << 12):  # until the judge closes our stdin (or dies)
            pass
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(runner.pid, signal.SIGKILL)
    waiter.join()
    end_everything_below()


if __name__ == "__main__":
    main(sys.argv[1:])
