"""The per-run store of every experiment: one file per finished run, keyed by a hash of its spec.

A run is described by a *spec*: a frozen dataclass with a ``name`` (a readable file-name stem,
e.g. ``count-L0-h4-s2``) whose fields decide everything the run computes. Each finished run
lives in ``DIR/runs/<name>-<key>.json``, where ``<key>`` is a short hash of the whole spec: runs
with other settings get other files, so a finished run is never replaced by a different one.
A run file is reused only when it passes every check (:func:`record_damage`); a torn, emptied or
hand-edited file is reported in one line naming the file and the field, and run again:

- the store's own, generic checks: the file is a regular file holding a JSON object, every
  number in it is finite (no ``NaN`` or ``Infinity``: the store never writes them), and the hash
  of the spec fields it holds, with their JSON types, is the spec's key (``"steps": 300.0`` or
  ``"level": true`` are not the spec's ``300`` and ``1``, though Python finds them equal);
- the experiment's own check (a :data:`Check`): which result fields a run has and of what
  types, and, with :func:`with_ranges`, the ranges of its numbers (the store knows no topic:
  that an accuracy lies in [0, 1] is the experiment's knowledge, declared as :data:`Ranges`).

Writes are atomic (:mod:`house.files`): an interruption loses nothing finished and damages
nothing complete.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import os
import stat
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol

from house.files import atomic_write_json

#: Significant digits kept for floats in result files.
DIGITS = 5


class Spec(Protocol):
    """What the store needs of a run spec: a frozen dataclass with a file-name stem."""

    __dataclass_fields__: dict[str, Any]

    @property
    def name(self) -> str: ...


#: ``problem(record, spec)``: what makes a stored record unusable for ``spec``, or ``None``.
Check = Callable[[dict[str, Any], Any], "str | None"]

#: Bounds of an experiment's result numbers: ``path -> (low, high)``, both inclusive. A path is
#: field names and list indices joined by dots, ``*`` standing for every item of a list:
#: ``"val_accuracy"``, ``"analysis.base_accuracy"``, ``"budget_accuracy.*.1"``.
Ranges = Mapping[str, "tuple[float, float]"]


def round_floats(obj: Any, digits: int = DIGITS) -> Any:
    """Round every float in a JSON-like structure to ``digits`` significant digits.

    Non-finite floats become ``None`` (JSON has no NaN). Ints, strings and bools pass through.

    Examples
    --------
    >>> round_floats({"a": [0.123456789, 2], "b": float("nan")})
    {'a': [0.12346, 2], 'b': None}
    """
    if isinstance(obj, float):
        if not math.isfinite(obj):
            return None
        return float(f"{obj:.{digits}g}")
    if isinstance(obj, dict):
        return {k: round_floats(v, digits) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [round_floats(v, digits) for v in obj]
    return obj


def spec_fields(spec: Spec) -> dict[str, Any]:
    """The spec's fields as stored (floats rounded)."""
    return round_floats(dataclasses.asdict(spec))


def spec_key(spec: Spec) -> str:
    """A short hash of everything in ``spec`` (as stored, floats rounded): the run file's key.

    Examples
    --------
    >>> S = dataclasses.make_dataclass("S", [("steps", int)], frozen=True)  # a one-field spec
    >>> spec_key(S(300)) == spec_key(S(301))
    False
    """
    return _hash(spec_fields(spec))


def run_path(out: Path, spec: Spec) -> Path:
    """Where a finished run is kept: ``out/runs/<spec.name>-<spec_key(spec)>.json``."""
    return Path(out) / "runs" / f"{spec.name}-{spec_key(spec)}.json"


def _canonical(value: Any) -> str:
    """``value`` as the key hashes it: JSON text, so ``1``, ``1.0`` and ``true`` all differ."""
    return json.dumps(value, sort_keys=True)


def _hash(fields: Any) -> str:
    return hashlib.sha256(_canonical(fields).encode("utf-8")).hexdigest()[:10]


def spec_problem(record: Any, spec: Spec) -> str | None:
    """``None`` when ``record`` is a JSON object holding every field of ``spec`` as stored, with
    the same JSON types (the hash of its spec fields is :func:`spec_key`), else what differs.

    Examples
    --------
    >>> S = dataclasses.make_dataclass("S", [("steps", int)], frozen=True)  # a one-field spec
    >>> spec_problem({"steps": 300.0}, S(300)).split(" (")[0]
    "field 'steps' is 300.0, expected 300"
    """
    if not isinstance(record, dict):
        return f"expected a JSON object, got {type(record).__name__}"
    fields = spec_fields(spec)
    missing = object()
    held = {key: record.get(key, missing) for key in fields}
    for key, value in fields.items():
        if held[key] is missing:
            return f"field {key!r} is missing, expected {value!r}"
    key = spec_key(spec)
    found = _hash(held)
    if found == key:
        return None
    first = next(k for k, v in fields.items() if _canonical(held[k]) != _canonical(v))
    return (
        f"field {first!r} is {held[first]!r}, expected {fields[first]!r} "
        f"(spec hash {found} does not match the spec's {key})"
    )


def _where(path: tuple[str | int, ...]) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")


def nonfinite_problem(record: Any) -> str | None:
    """The first number in ``record`` that is not finite (``NaN``, ``Infinity``, ``1e999``),
    named by its field, or ``None``. Iterative: any nesting depth is fine."""
    stack: list[tuple[tuple[str | int, ...], Any]] = [((), record)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, float) and not math.isfinite(value):
            return f"field {_where(path)!r} is {value!r}, expected a finite number"
        if isinstance(value, dict):
            stack.extend(((*path, k), v) for k, v in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend(((*path, i), v) for i, v in reversed(list(enumerate(value))))
    return None


def _at(record: Any, path: str) -> list[tuple[str, Any]]:
    """Every ``(where, value)`` that ``path`` (see :data:`Ranges`) reaches in ``record``; parts
    that are absent reach nothing (whether a field must be there is the experiment's check)."""
    found: list[tuple[tuple[str | int, ...], Any]] = [((), record)]
    for part in path.split("."):
        reached: list[tuple[tuple[str | int, ...], Any]] = []
        for where, value in found:
            if isinstance(value, dict) and part in value:
                reached.append(((*where, part), value[part]))
            elif isinstance(value, list) and part == "*":
                reached.extend(((*where, i), v) for i, v in enumerate(value))
            elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
                reached.append(((*where, int(part)), value[int(part)]))
        found = reached
    return [(_where(where), value) for where, value in found]


def range_problem(record: dict[str, Any], ranges: Ranges) -> str | None:
    """The first number of ``record`` outside its bound in ``ranges``, named by its field, or
    ``None``. ``None`` values pass (a diverged run has no accuracy: whether a field may be
    ``None`` is the experiment's check); any other value that is not a number is a problem.

    Examples
    --------
    >>> range_problem({"acc": [0.5, 7.5]}, {"acc.*": (0, 1)})
    "field 'acc[1]' is 7.5, expected a number in [0, 1]"
    >>> range_problem({"loss": None}, {"loss": (0, math.inf)}) is None
    True
    """
    for path, (low, high) in ranges.items():
        for where, value in _at(record, path):
            if value is None:
                continue
            number = isinstance(value, int | float) and not isinstance(value, bool)
            if not number or not low <= value <= high:
                return f"field {where!r} is {value!r}, expected a number in [{low}, {high}]"
    return None


def with_ranges(check: Check, ranges: Ranges) -> Check:
    """``check`` followed by :func:`range_problem` with ``ranges``: the hook through which an
    experiment adds the bounds only it knows (e.g. an accuracy in [0, 1], a loss >= 0).

    Parameters
    ----------
    check : callable
        The experiment's check of kinds and types, run first.
    ranges : Ranges
        Path -> ``(low, high)``; checked (in order) only once ``check`` passes.
    """
    for path, bounds in ranges.items():
        if not isinstance(path, str) or not path:
            raise TypeError(f"ranges: expected field paths as strings, got {path!r}")
        if not (isinstance(bounds, tuple) and len(bounds) == 2) or not bounds[0] <= bounds[1]:
            raise ValueError(f"ranges[{path!r}]: expected (low, high) with low <= high")
    frozen = dict(ranges)

    def checked(record: dict[str, Any], spec: Any) -> str | None:
        return check(record, spec) or range_problem(record, frozen)

    checked.__doc__ = f"{getattr(check, '__name__', 'check')} with ranges {frozen}"
    return checked


def record_damage(record: Any, spec: Spec, check: Check) -> str | None:
    """What makes ``record`` (as read from a run file) unusable as the finished run of ``spec``,
    or ``None``: the store's generic checks (a JSON object, finite numbers, the spec hash),
    then the experiment's ``check``."""
    return spec_problem(record, spec) or nonfinite_problem(record) or check(record, spec)


def load_finished(
    out: Path, spec: Spec, check: Check, report: Callable[[str], None] | None = None
) -> dict[str, Any] | None:
    """The saved record of ``spec`` if a complete one with the same spec exists, else ``None``.

    Parameters
    ----------
    out : Path
        Output folder.
    spec : Spec
    check : callable
        ``check(record, spec)``: the experiment's own test of a record's result fields (called
        once the store's generic checks pass, see :func:`record_damage`; add ranges with
        :func:`with_ranges`); a string says what is wrong, ``None`` that it is complete.
    report : callable, optional
        Called with one line when a file exists but cannot be reused (not a regular file,
        unreadable, of another spec, with a non-finite number, incomplete or out of range),
        naming the file and the field, so the caller can say that the run will be done again.
    """
    path = run_path(out, spec)
    if not path.exists():
        return None
    problem, record = _read_record(path)
    if problem is None:
        problem = record_damage(record, spec, check)
    if problem is not None:
        if report is not None:
            report(f"{path}: damaged run file ({problem}); running it again")
        return None
    return record


def _read_record(path: Path) -> tuple[str | None, Any]:
    """``(None, the JSON value in path)``, or ``(why it cannot be read, None)``. A FIFO, device
    or folder is refused before it is read (checked again on the open file: no race, no hang)."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            return "not a regular file", None
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                return "not a regular file", None
            data = f.read()
        return None, json.loads(data.decode("utf-8"))
    except (OSError, ValueError, RecursionError) as e:  # RecursionError: absurd nesting
        return f"unreadable ({type(e).__name__})", None


def save_finished(out: Path, spec: Spec, record: dict[str, Any]) -> Path:
    """Save the finished run of ``spec`` (its record already rounded) atomically; return where."""
    path = run_path(out, spec)
    atomic_write_json(path, record)
    return path


__all__ = [
    "DIGITS",
    "Check",
    "Ranges",
    "Spec",
    "load_finished",
    "nonfinite_problem",
    "range_problem",
    "record_damage",
    "round_floats",
    "run_path",
    "save_finished",
    "spec_fields",
    "spec_key",
    "spec_problem",
    "with_ranges",
]
