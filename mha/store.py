"""Saving results so that an interruption loses nothing finished and damages nothing complete.

Every write goes to a temporary file in the same folder and is moved into place with
``os.replace`` (atomic on POSIX): a reader sees either the old file or the new one, never half.
Each finished run lives in ``DIR/runs/<task>-L<level>-h<heads>-s<seed>.json``; a run file is
reused only when the spec stored in it equals the spec asked for.
"""

from __future__ import annotations

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
    {"d_head", "params", "final_train_loss", "val_accuracy", "curve", "analysis", "wall_time_s"}
)


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


def run_path(out: Path, spec: RunSpec) -> Path:
    """Where a finished run is kept: ``out/runs/<spec.name>.json``."""
    return Path(out) / "runs" / f"{spec.name}.json"


def load_finished(out: Path, spec: RunSpec) -> dict[str, Any] | None:
    """The saved record of ``spec`` if a complete one with the same spec exists, else ``None``."""
    path = run_path(out, spec)
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    wanted = round_floats(spec.to_dict())
    if not isinstance(record, dict) or {k: record.get(k) for k in wanted} != wanted:
        return None
    if not RESULT_KEYS.issubset(record):  # written by an older version: run it again
        return None
    return record


def save_finished(out: Path, record: dict[str, Any]) -> Path:
    """Save one finished run's (already rounded) record atomically; return its path."""
    spec = RunSpec(**{k: record[k] for k in RunSpec.__dataclass_fields__})
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
    "round_floats",
    "run_path",
    "run_rounded",
    "save_finished",
]
