"""The place of an experiment's measurements that are not reproducible: ``out/execution.json``.

A run's record holds only what the same spec gives again on any machine (its accuracy, its
loss): the results file an experiment builds from the records (``results.json``) keeps its
bytes from one execution to the next. What a run measures that depends on the machine and its
load (the wall time of a forward pass, tokens per second, peak memory) goes under one reserved
key of its record, :data:`MEASURED`, a JSON-ready dict::

    record = {**dataclasses.asdict(spec), "val_accuracy": 0.93}
    record[MEASURED] = {"forward_s": 0.0021}
    return round_floats(record)

The shared runner (:func:`mha.experiments.runner.execute`) then

- keeps the entry in the run's file in ``out/runs/``, so a run reused by a later execution keeps
  the measurement made when it ran;
- takes it out of every record it returns (:func:`split_measured`): it never reaches the
  experiment's results file;
- when any run has one, writes ``out/execution.json`` (:data:`EXECUTION_NAME`,
  :func:`execution_facts`) at the end of the execution: the machine (with the load average at
  the end), the load average at the start, the versions, the worker count, the wall time, and
  every run's measurements in spec order, ``reused`` telling those made by an earlier execution
  (perhaps on another machine or under another load). An experiment whose runs measure nothing
  gets no ``execution.json`` from the runner.

A page that shows such a number says it was measured, on which machine and under what load;
a test never asserts on one.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from house.files import atomic_write_json
from house.timing import machine, versions
from mha.experiments.store import round_floats

#: The key of a run record that holds its measurements that are not reproducible (timings).
MEASURED = "measured"

#: The file of an output folder that describes the last execution that measured something.
EXECUTION_NAME = "execution.json"

#: ``(run name, its measurements, whether an earlier execution made them)``.
Measured = tuple[str, dict[str, Any], bool]


def split_measured(
    record: dict[str, Any], run: str, stored: bool = False
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """``record`` without its :data:`MEASURED` entry, and that entry (``None`` if it has none).

    Parameters
    ----------
    record : dict
        A run's record, fresh from its run function or read from its run file.
    run : str
        The run's name, for the error message.
    stored : bool
        Whether ``record`` was read from a run file: there an entry that is not a dict (a
        hand-edited file) is dropped, since it decides nothing the run computed.

    Returns
    -------
    tuple
        A new dict without the entry (``record`` itself is left as it is), and the entry.

    Raises
    ------
    TypeError
        A fresh record's entry is not a dict.

    Examples
    --------
    >>> split_measured({"y": 1.0, "measured": {"forward_s": 0.5}}, "x1")
    ({'y': 1.0}, {'forward_s': 0.5})
    >>> split_measured({"y": 1.0}, "x1")
    ({'y': 1.0}, None)
    """
    if MEASURED not in record:
        return record, None
    entry = record[MEASURED]
    rest = {k: v for k, v in record.items() if k != MEASURED}
    if isinstance(entry, dict):
        return rest, entry
    if stored:
        return rest, None
    raise TypeError(
        f"run {run}: record[{MEASURED!r}]: expected a dict of measurements, got"
        f" {type(entry).__name__}"
    )


def execution_facts(
    runs: Sequence[Measured], jobs: int, wall_time_s: float, load_at_start: list[float] | None
) -> dict[str, Any]:
    """What ``execution.json`` holds (floats rounded as in the results files).

    Parameters
    ----------
    runs : sequence of (name, measurements, reused)
        Each run that measured something, in spec order.
    jobs : int
        The worker processes asked for.
    wall_time_s : float
        This execution's wall time, loading the stored runs included.
    load_at_start : list of float or None
        The load averages when the execution started (``machine`` holds those at the end).

    Returns
    -------
    dict
        ``machine``, ``load_average_at_start``, ``versions`` (Python, torch), ``jobs``,
        ``wall_time_s`` and ``runs``: ``{"run": name, "reused": bool, "measured": {...}}`` each.

    Examples
    --------
    >>> facts = execution_facts([("x1", {"forward_s": 0.25}, False)], 1, 2.0, None)
    >>> facts["runs"], facts["jobs"], facts["wall_time_s"]
    ([{'run': 'x1', 'reused': False, 'measured': {'forward_s': 0.25}}], 1, 2.0)
    """
    return round_floats({
        "machine": machine(),
        "load_average_at_start": load_at_start,
        "versions": versions("torch"),
        "jobs": jobs,
        "wall_time_s": wall_time_s,
        "runs": [{"run": name, "reused": reused, "measured": entry}
                 for name, entry, reused in runs],
    })  # fmt: skip


def write_execution(
    out: Path,
    runs: Sequence[Measured],
    jobs: int,
    wall_time_s: float,
    load_at_start: list[float] | None,
) -> Path:
    """Write :func:`execution_facts` to ``out/execution.json`` atomically; return the path.

    Raises
    ------
    OSError
        The file cannot be written (the old one, if any, is left as it was).
    """
    path = Path(out) / EXECUTION_NAME
    atomic_write_json(path, execution_facts(runs, jobs, wall_time_s, load_at_start))
    return path


__all__ = [
    "EXECUTION_NAME",
    "MEASURED",
    "Measured",
    "execution_facts",
    "split_measured",
    "write_execution",
]
