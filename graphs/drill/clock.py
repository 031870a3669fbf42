"""LeetCode's clock: how long one input may take, and what a Time Limit Exceeded means.

LeetCode does not publish a fixed number of seconds per input; what it accepts is what runs
about as fast as the usual solutions in the same language. The drill judge models that on this
machine: before the student's call, the parent times the project's own solution on the same
input (its CPU time, measured once per input and kept for the rest of the check), and the
student's call may use

    limit = max(floor, FACTOR x the reference's CPU time)

seconds of its own process's CPU (:data:`FACTOR` = 100, ``floor`` = ``--time-limit``, 2 s by
default). A linear solution with a large constant (string keys per cell, four recursive calls:
30 to 40 times the reference on a 500 x 500 grid) is accepted, as LeetCode accepts it; a
quadratic one is hundreds or thousands of times slower on LeetCode's largest inputs and is not;
on tiny inputs the floor rules, so noise never fails a call.

CPU time is what counts, so a busy machine does not make a solution slow. The wall clock only
stops a call that does not finish at all, and it is generous (:func:`wall_seconds`). While the
call runs, a watch reads the child's CPU time and stops it as soon as it passes the limit. When
the wall clock runs out first (the child got little CPU: the machine was busy, or the solution
sleeps or waits), the answer says so (``cause``: ``wall``), and its message
(:func:`graphs.drill.words.timeout`) suggests running again; it never claims CPU time it did not
measure.

Examples
--------
>>> limit = Limit.of(reference=0.07, floor=2.0)
>>> round(limit.cpu, 2), limit.floored
(7.0, False)
>>> Limit.of(reference=0.001, floor=2.0).floored
True
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any

__all__ = ["FACTOR", "PROBE_FACTOR", "Limit", "call", "wall_seconds"]

FACTOR = 100  # a call may take this many times the reference's CPU time ...
WALL_FACTOR = 5  # ... and the wall clock waits this many times the limit,
WALL_EXTRA = 5.0  # plus these seconds, before it calls the machine busy
PROBE_FACTOR = 4  # the depth probe's profile hook slows every call: its limit is this much more
WATCH_INTERVAL = 0.02  # seconds between two readings of the child's CPU time


@dataclass(frozen=True)
class Limit:
    """The CPU time one call may use on one input, and where it comes from.

    Attributes
    ----------
    cpu : float
        Seconds of the child's CPU time the call may use.
    reference : float
        Seconds of CPU time the project's solution took on the same input, in this process.
    floor : float
        The least limit of any input (``--time-limit``).
    """

    cpu: float
    reference: float
    floor: float

    @classmethod
    def of(cls, reference: float, floor: float) -> Limit:
        """The limit of an input the reference solved in ``reference`` CPU seconds."""
        return cls(cpu=max(floor, FACTOR * reference), reference=reference, floor=floor)

    @property
    def floored(self) -> bool:
        """Whether the floor, not the reference, set the limit."""
        return self.cpu <= self.floor

    def scaled(self, factor: float) -> Limit:
        """The same limit ``factor`` times as long (the depth probe's)."""
        return Limit(cpu=self.cpu * factor, reference=self.reference, floor=self.floor * factor)


def wall_seconds(limit: Limit) -> float:
    """How long the wall clock waits for one call: generous, since CPU time is what counts.

    Examples
    --------
    >>> wall_seconds(Limit.of(reference=0.0, floor=2.0))
    15.0
    """
    return WALL_FACTOR * limit.cpu + WALL_EXTRA


class _Watch:
    """A thread that reads the child's CPU time while a call runs and kills the child as soon
    as the call has used more than ``limit`` seconds of it."""

    def __init__(self, sandbox: Any, limit: float) -> None:
        self.sandbox = sandbox
        self.limit = limit
        self.start = sandbox.cpu_seconds()
        self.used = 0.0  # the last reading: CPU seconds the call had used
        self.fired = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.wait(WATCH_INTERVAL):
            used = self.sandbox.cpu_seconds() - self.start
            if used < 0:  # the child is gone: nothing more to read
                return
            self.used = used
            if used > self.limit:
                self.fired = True
                self.sandbox.kill()
                return

    def __enter__(self) -> _Watch:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def call(sandbox: Any, args_json: str, *, probe: bool, limit: Limit) -> dict[str, Any]:
    """One call of the student's method under LeetCode's clock.

    Parameters
    ----------
    sandbox : graphs.drill.sandbox.Sandbox
        The running child, with the solution loaded.
    args_json : str
        The call's positional arguments as JSON.
    probe : bool
        Whether the runner measures the recursion depth (slower: the limit is
        :data:`PROBE_FACTOR` times longer).
    limit : Limit
        The input's limit.

    Returns
    -------
    dict
        The runner's answer with ``cpu`` (the child's CPU seconds the call used, as the kernel
        counts them) and ``wall`` (seconds waited); a call over the limit is
        ``{"status": "timeout", "cause": "cpu", ...}``, one the wall clock stopped first
        ``{"status": "timeout", "cause": "wall", ...}``. Both carry ``limit``.
    """
    if probe:
        limit = limit.scaled(PROBE_FACTOR)
    wall = wall_seconds(limit)
    began = time.monotonic()
    with _Watch(sandbox, limit.cpu) as watch:
        # The sandbox waits max(2 t, t + 1) seconds of wall clock for a call given t: ``wall``.
        answer = sandbox.call(args_json, probe=probe, time_limit=wall / 2)
    waited = time.monotonic() - began
    used = answer.get("cpu", 0.0)
    if watch.fired or used < 0:  # killed by the watch (or reaped): its reading is the measure
        used = max(watch.used, 0.0)
    clock = {"cpu": used, "wall": waited, "limit": limit.cpu, "reference": limit.reference,
             "floor": limit.floor}  # fmt: skip
    if watch.fired or used > limit.cpu:
        return {**answer, "status": "timeout", "cause": "cpu", "finished": not watch.fired
                and answer.get("status") == "ok", **clock}  # fmt: skip
    if answer.get("status") == "timeout":
        return {**answer, "cause": "wall", **clock}
    return {**answer, **clock}
