"""Saving results so that an interruption loses nothing finished and damages nothing complete.

Every write goes to a temporary file in the same folder and is moved into place with
``os.replace`` (atomic on POSIX): a reader sees either the old file or the new one, never half.
Each finished run lives in ``DIR/runs/<task>-L<level>-h<heads>-s<seed>-<key>.json``, where
``<key>`` is a short hash of the whole run spec (steps, learning rate, batch size, d_model, data
seed, ...): runs with other settings get other files, so a finished run is never replaced by a
different one. A run file is reused only when it is complete (see :func:`record_problem`) and
the spec stored in it equals the spec asked for.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mha.training import RunSpec, run

#: Significant digits kept for floats in result files.
DIGITS = 5

#: Fields a saved run must have to be reused.
RESULT_KEYS = frozenset(
    {"d_head", "params", "diverged", "diverged_at_step", "final_train_loss", "val_accuracy",
     "curve", "analysis", "wall_time_s"}
)  # fmt: skip


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


def run_rounded(spec: RunSpec, step_callback: Callable[[int, float], None] | None = None) -> dict:
    """:func:`mha.training.run` with floats rounded as they are stored, so a fresh run and one
    read back on resume give the same numbers."""
    record = round_floats(run(spec, step_callback))
    record["wall_time_s"] = round(record["wall_time_s"], 3)
    return record


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and ``os.replace``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes 0600; give the usual permissions
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write_json(path: Path, obj: Any) -> None:
    """Write ``obj`` as indented JSON, atomically."""
    atomic_write_text(path, json.dumps(obj, indent=1, allow_nan=False) + "\n")


def spec_key(spec: RunSpec) -> str:
    """A short hash of everything in ``spec`` (as stored, floats rounded): the run file's key.

    Examples
    --------
    >>> a = RunSpec(task="count", level=0, n_heads=4, seed=0, steps=300, batch_size=64, lr=3e-3)
    >>> spec_key(a) == spec_key(RunSpec(**{**a.to_dict(), "steps": 301}))
    False
    """
    text = json.dumps(round_floats(spec.to_dict()), sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]


def run_path(out: Path, spec: RunSpec) -> Path:
    """Where a finished run is kept: ``out/runs/<spec.name>-<spec_key(spec)>.json``."""
    return Path(out) / "runs" / f"{spec.name}-{spec_key(spec)}.json"


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _numbers(value: Any, length: int | None = None) -> bool:
    return (
        isinstance(value, list)
        and all(_is_number(v) for v in value)
        and (length is None or len(value) == length)
    )


def record_problem(record: Any, spec: RunSpec) -> str | None:
    """What makes ``record`` unusable as the finished run of ``spec``, or ``None`` if nothing.

    A record is usable when it is a JSON object holding ``spec`` (floats rounded as stored) and
    every result field with a value of the right kind: numbers where a trained run has numbers,
    or ``diverged: true`` with ``None`` in place of the accuracy, loss and analysis.
    """
    if not isinstance(record, dict):
        return f"expected a JSON object, got {type(record).__name__}"
    wanted = round_floats(spec.to_dict())
    for key, value in wanted.items():
        if record.get(key) != value:
            return f"field {key!r} is {record.get(key)!r}, expected {value!r}"
    missing = sorted(RESULT_KEYS - set(record))
    if missing:
        return f"missing field(s) {', '.join(missing)}"
    if not isinstance(record["diverged"], bool):
        return f"field 'diverged' is {record['diverged']!r}, expected true or false"
    checks: dict[str, bool] = {
        "d_head": isinstance(record["d_head"], int),
        "params": isinstance(record["params"], int),
        "wall_time_s": _is_number(record["wall_time_s"]),
        "curve": isinstance(record["curve"], list),
    }
    if record["diverged"]:
        checks["diverged_at_step"] = isinstance(record["diverged_at_step"], int)
    else:
        analysis = record["analysis"]
        heatmap = analysis.get("heatmap") if isinstance(analysis, dict) else None
        checks.update({
            "final_train_loss": _is_number(record["final_train_loss"]),
            "val_accuracy": _is_number(record["val_accuracy"]),
            "curve": _numbers(record["curve"]),
            "analysis": isinstance(analysis, dict)
            and _is_number(analysis.get("base_accuracy"))
            and _numbers(analysis.get("ablation_drop"), spec.n_heads)
            and _numbers(analysis.get("importance"), spec.n_heads)
            and isinstance(heatmap, dict)
            and isinstance(heatmap.get("tokens"), list)
            and isinstance(heatmap.get("weights"), list),
        })  # fmt: skip
    bad = [key for key, ok in checks.items() if not ok]
    if bad:
        return f"null or malformed field(s) {', '.join(bad)}"
    return None


def load_finished(
    out: Path, spec: RunSpec, report: Callable[[str], None] | None = None
) -> dict[str, Any] | None:
    """The saved record of ``spec`` if a complete one with the same spec exists, else ``None``.

    Parameters
    ----------
    out : Path
        Output folder.
    spec : RunSpec
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
        problem = record_problem(record, spec)
    if problem is not None:
        if report is not None:
            report(f"{path}: unfinished run ({problem}); running it again")
        return None
    return record


def save_finished(out: Path, spec: RunSpec, record: dict[str, Any]) -> Path:
    """Save the finished run of ``spec`` (its record already rounded) atomically.

    Returns
    -------
    Path
        Where it was saved (see :func:`run_path`).
    """
    path = run_path(out, spec)
    atomic_write_json(path, record)
    return path


def check_writable(folder: Path) -> None:
    """Create ``folder`` if needed and prove a file can be written there.

    Raises
    ------
    OSError
        The folder cannot be created or written.
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".probe.", dir=folder)
    os.close(fd)
    Path(tmp).unlink()


__all__ = [
    "DIGITS",
    "atomic_write_json",
    "atomic_write_text",
    "check_writable",
    "load_finished",
    "record_problem",
    "round_floats",
    "run_path",
    "run_rounded",
    "save_finished",
    "spec_key",
]
