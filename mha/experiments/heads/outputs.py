"""What the head-count experiment may replace: the results file in ``--out`` only when it holds
the same grid, and the ``--publish`` target only when it is new or a results file of this
experiment's grid, outside ``--out``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from house.files import check_writable
from house.outputs import replaceable_problem
from mha.experiments.heads.results import GRID_KEYS, results_grid
from mha.experiments.runner import UsageError


def other_grid(path: Path, wanted: dict[str, Any]) -> list[str]:
    """The settings in which the results file at ``path`` differs from the grid whose ``config``
    (:func:`~mha.experiments.heads.results.grid_config`) is ``wanted``, as
    ``"name: old -> new"``; empty when the file is absent, unreadable or of the same grid."""
    try:
        config = json.loads(path.read_text(encoding="utf-8"))["config"]
    except (OSError, ValueError, KeyError, TypeError):
        return []
    if not isinstance(config, dict):
        return []
    return [f"{k} {config.get(k)!r} -> {wanted[k]!r}" for k in GRID_KEYS
            if config.get(k) != wanted[k]]  # fmt: skip


def check_other_grid(out: Path, wanted: dict[str, Any]) -> None:
    """Raise :class:`UsageError` when ``--out`` (``out``) holds the results.json of another grid
    than the one whose ``config`` is ``wanted``."""
    differ = other_grid(out / "results.json", wanted)
    if differ:
        raise UsageError(
            "--out",
            f"{out / 'results.json'} holds the results of another grid "
            f"({'; '.join(differ)}); give another --out, or delete that file to replace it "
            "(finished runs in runs/ are kept either way)",
        )


def _inside(path: Path, folder: Path) -> bool:
    """Whether ``path`` (its folder resolved, its own name kept) is ``folder`` or under it."""
    where = path.parent.resolve() / path.name
    top = folder.resolve()
    return where == top or top in where.parents


def publish_problem(target: Path, out: Path, grid: str) -> str | None:
    """Why ``--publish`` may not replace ``target`` (one sentence), or ``None`` when it may: a
    new path, an empty regular file or a regular file holding a results file of this
    experiment's ``grid`` (``"study"`` or ``"search"``), outside ``out``. Devices, FIFOs,
    sockets, symbolic links, folders, other files and anything under ``out`` are refused. The
    parent folder is created if missing."""
    if _inside(target, out):
        return (f"{target} is inside --out {out}, whose files belong to the run; "
                "publish to a path outside it")  # fmt: skip
    problem = replaceable_problem(target, "give the path of a regular file")
    if problem is not None:
        return problem
    if target.is_file():  # a regular file (not a link): it holds this grid's results, or nothing
        found = results_grid(target) if target.stat().st_size > 0 else grid
        if found is None:
            return (f"{target} is not a results file of this experiment (it would be "
                    "replaced); give a new path or a results file of this command")  # fmt: skip
        if found != grid:
            return (f"{target} holds the results of the {found} grid, not of the {grid} grid; "
                    "give a new path or a results file of this grid")  # fmt: skip
    try:
        check_writable(target.parent)
    except OSError as e:
        return f"cannot write to {target}: {e.strerror or e}"
    return None
