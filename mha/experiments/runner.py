"""The shared runner of every experiment: specs -> runs in a process pool -> the per-run store.

An experiment gives the runner a list of frozen specs (see :mod:`mha.experiments.store`) and a
module-level function ``run(spec, step_callback) -> record`` (a JSON-ready dict, floats rounded
as stored). :func:`execute` loads every run already finished in ``out/runs``, runs the others in
worker processes (or in this process with ``jobs=1``), and saves each record as soon as it ends,
so an interruption loses nothing finished. What the experiment does with the records (its
results file, its verdict) is its own business; :func:`interruptible` turns Ctrl-C and SIGTERM
into exit codes that say the finished runs were kept.

Behaviour every experiment gets:

- each worker runs torch on one thread (numbers do not depend on ``--jobs``), ignores Ctrl-C
  (the parent cancels what has not started) and exits as soon as its parent is gone, even after
  a SIGKILL of the parent (a watchdog thread);
- a progress bar only when stderr is a terminal, none with ``quiet``;
- a stored run that is torn, incomplete or of another spec is reported in one line and run again;
- a worker killed by a signal, or a run that cannot be saved (a full disk), ends the execution
  with one line (:class:`RunFailed`, turned into exit code 1 by :func:`interruptible`); the runs
  finished before are kept;
- :func:`locked` holds an output folder for one process at a time.

Measurements that are not reproducible
--------------------------------------
A run's record holds only what the same spec gives again on any machine, so the results file an
experiment builds from the records keeps its bytes from one execution to the next. What a run
measures that depends on the machine and its load (the wall time of a forward pass, say) goes
under one reserved key of its record, :data:`MEASURED` (``record[MEASURED] = {"forward_s":
0.0021}``): :func:`execute` takes it out of the records it returns, keeps it in the run's file
and writes it, with the machine, the versions and the load average, to ``out/execution.json``
(:mod:`mha.experiments.execution` has the details and the file's shape).
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import os
import shutil
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, TypeVar

import torch
from tqdm import tqdm

try:
    import fcntl
except ImportError:  # not POSIX: no locking (see locked)
    fcntl = None  # type: ignore[assignment]

from house.files import replacing
from house.timing import load_average
from mha.experiments.execution import (
    EXECUTION_NAME,
    MEASURED,
    Measured,
    split_measured,
    write_execution,
)
from mha.experiments.store import Check, Spec, load_finished, save_finished

S = TypeVar("S", bound=Spec)
Record = dict[str, Any]
#: ``run(spec, step_callback)``: one run, a module-level function (it is sent to the workers).
RunFunction = Callable[[Any, "Callable[[int, float], None] | None"], Record]


class UsageError(Exception):
    """A bad command-line argument: ``argument`` names it, the message says what is wrong."""

    def __init__(self, argument: str, problem: str) -> None:
        super().__init__(f"{argument}: {problem}")
        self.argument, self.problem = argument, problem


class RunFailed(Exception):
    """The execution cannot go on (a worker died, a run could not be saved): the message says
    what happened, in one line; the runs finished before are saved."""


class Busy(Exception):
    """Another process holds the lock of an output folder (see :func:`locked`)."""

    def __init__(self, lock: Path, holder: int | None) -> None:
        who = f"process {holder}" if holder is not None else "another process"
        super().__init__(f"{lock.parent} is in use by {who} (lock file {lock})")
        self.lock, self.holder = lock, holder


#: The lock file :func:`locked` keeps in an output folder.
LOCK_NAME = ".lock"


def _lock_holder(fd: int) -> int | None:
    """The process id written in a lock file by its holder, or ``None`` if unreadable."""
    try:
        return int(os.pread(fd, 32, 0).decode("ascii").strip())
    except (OSError, ValueError, UnicodeDecodeError):
        return None


@contextlib.contextmanager
def locked(folder: Path, wait: bool = False, on_wait: Callable[[str], None] | None = None,
           ) -> Iterator[None]:  # fmt: skip
    """Hold ``folder`` for this process: an exclusive ``flock`` on ``folder/.lock`` (which keeps
    the holder's process id), released when the block ends or the process dies.

    Raises
    ------
    Busy
        Another process holds it and ``wait`` is false. With ``wait``, block until it is free
        (``on_wait`` is first told who holds it).
    OSError
        The folder or its lock file cannot be made or opened (a lock file that is a symbolic
        link is refused).
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    if fcntl is None:
        yield
        return
    path = folder / LOCK_NAME
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            busy = Busy(path, _lock_holder(fd))
            if not wait:
                raise busy from None
            if on_wait is not None:
                on_wait(f"waiting: {busy}")
            fcntl.flock(fd, fcntl.LOCK_EX)
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        yield
    finally:
        os.close(fd)  # releases the lock (workers forked meanwhile have exited with the pool)


def _signal_name(code: int) -> str:
    try:
        return signal.Signals(code).name
    except ValueError:
        return f"signal {code}"


def _death(processes: Sequence[mp.process.BaseProcess]) -> str:
    """How the first of a broken pool's workers died, in words (the pool stops the others with
    SIGTERM, so another cause is preferred)."""
    codes = [p.exitcode for p in processes if p.exitcode not in (None, 0)]
    others = [c for c in codes if c != -signal.SIGTERM]
    code = (others or codes or [None])[0]
    if code is None:
        return "ended abruptly"
    if code < 0:
        return f"was killed by {_signal_name(-code)}"
    return f"exited with code {code}"


START_METHOD = "fork" if "fork" in mp.get_all_start_methods() else "spawn"

#: Seconds between a worker's checks that the process that started it is still alive.
PARENT_CHECK_S = 0.5


def _exit_with_parent(parent: int) -> None:
    """Watch, from a daemon thread, that ``parent`` is still this process's parent; end this
    process at once when it is not (the parent died, even of SIGKILL, and the worker was handed
    to another process), instead of training for nobody and then waiting forever for work."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_S)
        os._exit(1)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def _worker_init(parent: int) -> None:
    torch.set_num_threads(1)
    # Ctrl-C is the parent's business: it cancels what has not started and keeps what finished.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler (inherited by fork)
    _exit_with_parent(parent)


class Workers:
    """A process pool started on first use and kept for every round of a grid.

    Workers are forked where the platform allows it (as torch's ``DataLoader`` does; each worker
    sets torch to one thread), else spawned; either way the pool is made once and reused.

    Parameters
    ----------
    jobs : int
        Worker processes.
    warm_up : callable, optional
        Called once in this process before the pool starts, so that forked workers inherit what
        it imports (e.g. building a throwaway model imports torch's lazy modules once).
    """

    def __init__(self, jobs: int, warm_up: Callable[[], object] | None = None) -> None:
        self.jobs = jobs
        self.warm_up = warm_up
        self._pool: ProcessPoolExecutor | None = None
        self._older: set[mp.process.BaseProcess] = set()  # child processes not of this pool

    def pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            if self.warm_up is not None:
                self.warm_up()
            self._older = set(mp.active_children())
            self._pool = ProcessPoolExecutor(
                max_workers=self.jobs,
                mp_context=mp.get_context(START_METHOD),
                initializer=_worker_init,
                initargs=(os.getpid(),),
            )
        return self._pool

    def close(self, cancel: bool = False) -> None:
        """Shut the pool down; with ``cancel``, drop queued runs and stop the running ones (their
        work is unsaved anyway) instead of waiting for them."""
        if self._pool is None:
            return
        pool, self._pool = self._pool, None
        if not cancel:
            pool.shutdown(wait=True)
            return
        # The pool has no public list of its processes: its workers are the children started
        # since it was made (never a process that existed before it).
        processes = [p for p in mp.active_children() if p not in self._older]
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:  # only this pool's own workers
            process.terminate()
        for process in processes:
            process.join(timeout=5)

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, exc_type: object, *_: object) -> None:
        self.close(cancel=exc_type is not None)


class borrowed:
    """Use a caller's :class:`Workers` without closing it on success (cancelled on error)."""

    def __init__(self, workers: Workers) -> None:
        self.workers = workers

    def __enter__(self) -> Workers:
        return self.workers

    def __exit__(self, exc_type: object, *_: object) -> None:
        if exc_type is not None:
            self.workers.close(cancel=True)


def execute(
    specs: Sequence[S],
    out: Path,
    run: RunFunction,
    check: Check,
    jobs: int,
    quiet: bool = False,
    workers: Workers | None = None,
    cost: Callable[[S], Any] | None = None,
    outcome: Callable[[Record], str] | None = None,
) -> dict[S, Record]:
    """Run (or load) every spec; each finished run is saved to ``out/runs`` as soon as it ends.

    Parameters
    ----------
    specs : sequence of specs
    out : Path
        Output folder (the store lives in ``out/runs``).
    run : callable
        ``run(spec, step_callback)``: one run's JSON-ready record, floats rounded as stored.
    check : callable
        ``check(record, spec)``: ``None`` when a stored record is complete (see
        :func:`mha.experiments.store.load_finished`).
    jobs : int
        Worker processes (at most one per run to do); 1 runs in this process, with a bar of the
        spec's ``steps`` when it has them.
    quiet : bool
        No progress bars. Without it, bars are shown only when stderr is a terminal.
    workers : Workers, optional
        A pool to reuse (made and closed here when omitted and ``jobs > 1``).
    cost : callable, optional
        A sort key: runs with the smallest key start first (put the big ones first, for a better
        balance across workers).
    outcome : callable, optional
        A few words about a finished record, shown next to the bar.

    Returns
    -------
    dict
        Spec -> record, for every spec, without its :data:`MEASURED` entry (which, when any
        run has one, is in ``out/execution.json``: see the module's docstring).

    Raises
    ------
    TypeError
        A run's :data:`MEASURED` entry is not a dict.
    RunFailed
        A worker died or a run could not be saved (the runs finished before are saved).
    """
    started, load_at_start = time.perf_counter(), load_average()
    records: dict[S, Record] = {}
    measured: dict[S, Measured] = {}  # the runs' measurements that are not reproducible
    pending = []
    for spec in specs:
        found = load_finished(out, spec, check, report=lambda line: print(line, file=sys.stderr))
        if found is not None:
            records[spec], entry = split_measured(found, spec.name, stored=True)
            if entry is not None:
                measured[spec] = (spec.name, entry, True)
        else:
            pending.append(spec)
    workers_asked = jobs
    jobs = min(jobs, len(pending))
    disable = True if quiet else None  # tqdm: None = no bar unless stderr is a terminal
    bar = tqdm(total=len(specs), initial=len(records), desc="runs", unit="run", disable=disable,
               dynamic_ncols=True)  # fmt: skip

    def finish(spec: S, record: Record) -> None:
        result, entry = split_measured(record, spec.name)  # a bad entry is refused unsaved
        try:
            save_finished(out, spec, record)  # with the measurements: a reused run keeps them
        except OSError as e:
            where = e.filename or out / "runs"
            raise RunFailed(f"cannot save run {spec.name} to {where}: {e.strerror or e}") from e
        records[spec] = result
        if entry is not None:
            measured[spec] = (spec.name, entry, False)
        bar.set_postfix_str(f"{spec.name} {outcome(record)}" if outcome else spec.name)
        bar.update(1)

    try:
        if jobs <= 1:
            for spec in pending:
                steps = tqdm(total=getattr(spec, "steps", None), desc=spec.name, unit="step",
                             leave=False, disable=disable, dynamic_ncols=True)  # fmt: skip
                with steps:
                    record = run(spec, lambda _step, _loss, b=steps: b.update(1))
                finish(spec, record)
        else:
            with Workers(jobs) if workers is None else borrowed(workers) as w:
                pool = w.pool()
                order = sorted(pending, key=cost) if cost is not None else pending
                futures = {pool.submit(run, s, None): s for s in order}
                # The pool has no public list of its processes; keep them to say how one died.
                processes = list(getattr(pool, "_processes", {}).values())
                remaining = set(futures)
                while remaining:
                    done, remaining = wait(remaining, return_when=FIRST_COMPLETED)
                    broken = []
                    # Save every run that finished, then report a dead worker; in the order the
                    # runs were submitted, so the message names the same run each time.
                    for fut in [f for f in futures if f in done]:
                        if isinstance(fut.exception(), BrokenProcessPool):
                            broken.append(futures[fut])
                        else:
                            finish(futures[fut], fut.result())
                    if broken:
                        for process in processes:
                            process.join(timeout=5)
                        others = len(broken) - 1 + len(remaining)
                        raise RunFailed(
                            f"a worker process {_death(processes)}; {broken[0].name}"
                            + (f" and {others} other run(s)" if others else "")
                            + " did not finish"
                        )
    finally:
        bar.close()
    if measured:
        runs = [measured[s] for s in specs if s in measured]
        write_execution(out, runs, workers_asked, time.perf_counter() - started, load_at_start)
    return records


def publish(source: Path, target: Path) -> None:
    """Copy ``source`` to ``target`` atomically (a new temporary file next to it, then a
    rename: :func:`house.files.replacing`); on failure ``target`` is untouched and no
    temporary file is left."""
    with replacing(Path(target)) as tmp, open(source, "rb") as src, open(tmp, "wb") as dst:
        shutil.copyfileobj(src, dst)
        dst.flush()
        os.fsync(dst.fileno())


class Terminated(KeyboardInterrupt):
    """SIGTERM, turned into an interruption: the pool is stopped and finished runs are kept."""


def _on_sigterm(signum: int, frame: object) -> None:
    raise Terminated


def interruptible(work: Callable[[], object], runs: Path) -> int:
    """Call ``work()`` with SIGTERM turned into an interruption; return an exit code.

    Returns
    -------
    int
        0 when ``work`` finished; 130 after Ctrl-C and 143 after SIGTERM; 1 when it raised
        :class:`RunFailed` or an ``OSError`` (a full disk, say). Each but 0 comes with one line
        on stderr saying what happened, that the finished runs are kept in ``runs`` and how to
        resume.
    """
    in_main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _on_sigterm) if in_main_thread else None
    kept = f"finished runs are saved in {runs}; run the same command again to resume"
    try:
        work()
    except KeyboardInterrupt as e:
        print(f"\n{'terminated' if isinstance(e, Terminated) else 'interrupted'}: {kept}",
              file=sys.stderr)  # fmt: skip
        return 143 if isinstance(e, Terminated) else 130
    except RunFailed as e:
        print(f"error: {e}; {kept}", file=sys.stderr)
        return 1
    except OSError as e:
        where = f" {e.filename}" if e.filename else ""
        print(f"error: cannot write{where}: {e.strerror or e}; {kept}", file=sys.stderr)
        return 1
    finally:
        if in_main_thread:
            signal.signal(signal.SIGTERM, previous)
    return 0


__all__ = [
    "EXECUTION_NAME",
    "LOCK_NAME",
    "MEASURED",
    "START_METHOD",
    "Busy",
    "RunFailed",
    "Terminated",
    "UsageError",
    "Workers",
    "borrowed",
    "execute",
    "interruptible",
    "locked",
    "publish",
]
