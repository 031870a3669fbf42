"""One head-count run as the store keeps it: the record's floats rounded, and the check that a
stored record is complete (see :mod:`mha.experiments.store`)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from mha.experiments.heads.training import RunSpec, budgets, run
from mha.experiments.store import round_floats, with_ranges

#: Fields a saved run must have to be reused.
RESULT_KEYS = frozenset(
    {"d_head", "params", "diverged", "diverged_at_step", "final_train_loss", "val_accuracy",
     "budget_accuracy", "curve", "analysis", "wall_time_s"}
)  # fmt: skip


def run_rounded(spec: RunSpec, step_callback: Callable[[int, float], None] | None = None) -> dict:
    """:func:`~mha.experiments.heads.training.run` with floats rounded as they are stored, so a
    fresh run and one read back on resume give the same numbers."""
    record = round_floats(run(spec, step_callback))
    record["wall_time_s"] = round(record["wall_time_s"], 3)
    return record


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _numbers(value: Any, length: int | None = None) -> bool:
    return (
        isinstance(value, list)
        and all(_is_number(v) for v in value)
        and (length is None or len(value) == length)
    )


def record_problem(record: dict[str, Any], spec: RunSpec) -> str | None:
    """What makes ``record`` (whose spec fields already match ``spec``) unusable as the finished
    run of ``spec``, or ``None`` if nothing.

    A record is usable when every result field has a value of the right kind: numbers where a
    trained run has numbers, or ``diverged: true`` with ``None`` in place of the accuracy, loss
    and analysis.
    """
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
            "budget_accuracy": isinstance(record["budget_accuracy"], list)
            and len(record["budget_accuracy"]) == len(budgets(spec.steps))
            and all(_numbers(b, 2) for b in record["budget_accuracy"]),
            "curve": _numbers(record["curve"]),
            "analysis": isinstance(analysis, dict)
            and _is_number(analysis.get("base_accuracy"))
            and _numbers(analysis.get("ablation_drop"), spec.n_heads)
            and _numbers(analysis.get("importance"), spec.n_heads)
            and _numbers(analysis.get("answer_weight"), spec.n_heads)
            and _numbers(analysis.get("answer_argmax"), spec.n_heads)
            and isinstance(heatmap, dict)
            and isinstance(heatmap.get("tokens"), list)
            and isinstance(heatmap.get("weights"), list),
        })  # fmt: skip
    bad = [key for key, ok in checks.items() if not ok]
    if bad:
        return f"null or malformed field(s) {', '.join(bad)}"
    return None


#: The bounds a finished run's numbers lie within; ``*`` is every item of a list. A hand-edited
#: accuracy of 7.5 or a negative loss makes the run damaged: it is run again.
RANGES = {
    "val_accuracy": (0.0, 1.0),
    "budget_accuracy.*.1": (0.0, 1.0),
    "analysis.base_accuracy": (0.0, 1.0),
    "analysis.answer_weight.*": (0.0, 1.0),
    "analysis.answer_argmax.*": (0.0, 1.0),
    "final_train_loss": (0.0, math.inf),
    "curve.*": (0.0, math.inf),
    "wall_time_s": (0.0, math.inf),
    "d_head": (1, math.inf),
    "params": (1, math.inf),
}
#: What the store checks a head-count run file with: the kinds, then :data:`RANGES`.
check_record = with_ranges(record_problem, RANGES)


def outcome(record: dict[str, Any]) -> str:
    """A few words for the progress bar: the accuracy, or that the run diverged."""
    return "diverged" if record["diverged"] else f"acc={record['val_accuracy']:.3f}"


__all__ = ["RANGES", "RESULT_KEYS", "check_record", "outcome", "record_problem", "run_rounded"]
