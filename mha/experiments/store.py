"""The per-run store of every experiment: one file per finished run, keyed by a hash of its spec.

A run is described by a *spec*: a frozen dataclass with a ``name`` (a readable file-name stem,
e.g. ``count-L0-h4-s2``) whose fields decide everything the run computes. Each finished run
lives in ``DIR/runs/<name>-<key>.json``, where ``<key>`` is a short hash of the whole spec: runs
with other settings get other files, so a finished run is never replaced by a different one.
A run file is reused only when it holds the same spec and the experiment's own check finds it
complete (a torn, emptied or hand-edited file is run again). Writes are atomic
(:mod:`mha.tools.files`): an interruption loses nothing finished and damages nothing complete.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from mha.tools.files import atomic_write_json

#: Significant digits kept for floats in result files.
DIGITS = 5


class Spec(Protocol):
    """What the store needs of a run spec: a frozen dataclass with a file-name stem."""

    __dataclass_fields__: dict[str, Any]

    @property
    def name(self) -> str: ...


#: ``problem(record, spec)``: what makes a stored record unusable for ``spec``, or ``None``.
Check = Callable[[dict[str, Any], Any], "str | None"]


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
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class S:
    ...     steps: int
    >>> spec_key(S(300)) == spec_key(S(301))
    False
    """
    text = json.dumps(spec_fields(spec), sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]


def run_path(out: Path, spec: Spec) -> Path:
    """Where a finished run is kept: ``out/runs/<spec.name>-<spec_key(spec)>.json``."""
    return Path(out) / "runs" / f"{spec.name}-{spec_key(spec)}.json"


def spec_problem(record: Any, spec: Spec) -> str | None:
    """``None`` when ``record`` is a JSON object holding every field of ``spec`` as stored,
    else what differs."""
    if not isinstance(record, dict):
        return f"expected a JSON object, got {type(record).__name__}"
    for key, value in spec_fields(spec).items():
        if record.get(key) != value:
            return f"field {key!r} is {record.get(key)!r}, expected {value!r}"
    return None


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
        once the spec fields match); a string says what is wrong, ``None`` that it is complete.
    report : callable, optional
        Called with one line when a file exists but cannot be reused (unreadable, incomplete or
        of another spec), so the caller can say that the run will be done again.
    """
    path = run_path(out, spec)
    if not path.exists():
        return None
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        problem: str | None = f"unreadable ({type(e).__name__})"
    else:
        problem = spec_problem(record, spec) or check(record, spec)
    if problem is not None:
        if report is not None:
            report(f"{path}: unfinished run ({problem}); running it again")
        return None
    return record


def save_finished(out: Path, spec: Spec, record: dict[str, Any]) -> Path:
    """Save the finished run of ``spec`` (its record already rounded) atomically; return where."""
    path = run_path(out, spec)
    atomic_write_json(path, record)
    return path


__all__ = [
    "DIGITS",
    "Check",
    "Spec",
    "load_finished",
    "round_floats",
    "run_path",
    "save_finished",
    "spec_fields",
    "spec_key",
    "spec_problem",
]
