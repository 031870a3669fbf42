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
- a stored run that is torn, incomplete or of another spec is reported in one line and run again.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import shutil
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any, TypeVar

import torch
from tqdm import tqdm

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
        Spec -> record, for every spec.
    """
    records: dict[S, Record] = {}
    pending = []
    for spec in specs:
        found = load_finished(out, spec, check, report=lambda line: print(line, file=sys.stderr))
        if found is not None:
            records[spec] = found
        else:
            pending.append(spec)
    jobs = min(jobs, len(pending))
    disable = True if quiet else None  # tqdm: None = no bar unless stderr is a terminal
    bar = tqdm(total=len(specs), initial=len(records), desc="runs", unit="run", disable=disable,
               dynamic_ncols=True)  # fmt: skip

    def finish(spec: S, record: Record) -> None:
        save_finished(out, spec, record)
        records[spec] = record
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
                remaining = set(futures)
                while remaining:
                    done, remaining = wait(remaining, return_when=FIRST_COMPLETED)
                    for fut in done:
                        finish(futures[fut], fut.result())
    finally:
        bar.close()
    return records


def publish(source: Path, target: Path) -> None:
    """Copy ``source`` to ``target`` atomically (a temporary file next to it, then a rename)."""
    tmp = target.with_name(f".{target.name}.tmp")
    shutil.copyfile(source, tmp)
    os.replace(tmp, target)


class Terminated(KeyboardInterrupt):
    """SIGTERM, turned into an interruption: the pool is stopped and finished runs are kept."""


def _on_sigterm(signum: int, frame: object) -> None:
    raise Terminated


def interruptible(work: Callable[[], object], runs: Path) -> int:
    """Call ``work()`` with SIGTERM turned into an interruption; return an exit code.

    Returns
    -------
    int
        0 when ``work`` finished; 130 after Ctrl-C and 143 after SIGTERM, with one line on
        stderr saying that the finished runs are kept in ``runs`` and how to resume.
    """
    in_main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _on_sigterm) if in_main_thread else None
    try:
        work()
    except KeyboardInterrupt as e:
        print(
            f"\n{'terminated' if isinstance(e, Terminated) else 'interrupted'}: finished runs "
            f"are saved in {runs}; run the same command again to resume",
            file=sys.stderr,
        )
        return 143 if isinstance(e, Terminated) else 130
    finally:
        if in_main_thread:
            signal.signal(signal.SIGTERM, previous)
    return 0


__all__ = [
    "START_METHOD",
    "Terminated",
    "UsageError",
    "Workers",
    "borrowed",
    "execute",
    "interruptible",
    "publish",
]
