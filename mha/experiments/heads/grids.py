"""The grids of the head-count experiment: the fixed training settings (:data:`DEFAULTS`), one
:class:`Setting` per task and level, :data:`STUDY` (the default grid) and :data:`SEARCH` (the
trade-off search), and :func:`narrow`, a grid as the command line narrows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

DEFAULTS: dict[str, Any] = {
    "seeds": [0, 1, 2, 3, 4],
    "batch_size": 32,
    "lr": 1e-2,
    "ema_decay": 0.99,
    "d_model": 64,
    "data_seed": 0,
    "val_size": 1024,
    "curve_every": 10,
}


@dataclass(frozen=True)
class Setting:
    """One row block of the grid: a task at one level, the head counts it compares and the
    training budget (Adam steps) of each run."""

    task: str
    level: int
    heads: tuple[int, ...]
    steps: int

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "heads": list(self.heads)}


#: Every head count that divides d_model = 64.
ALL_HEADS = (1, 2, 4, 8, 16, 32, 64)
#: The study note's table.
NOTE_HEADS = (1, 4, 8)

#: The default grid. ``count`` and ``recall`` separate head counts, so they get the whole sweep;
#: ``relations`` (level 1: four relations) and ``reverse`` keep the study note's 1, 4 and 8.
#: ``recall`` at level 1 (32 keys) is where the search (:data:`SEARCH`) found fewer, wider heads
#: ahead with every head count converged (with more keys, 64 heads are still learning at the
#: budget). ``reverse`` is solved within its budget by every head count (one fixed positional
#: lookup per query); it stays as the control whose attention maps show why.
STUDY: tuple[Setting, ...] = (
    Setting("count", 0, ALL_HEADS, 1000),
    Setting("recall", 1, ALL_HEADS, 1000),
    Setting("relations", 1, NOTE_HEADS, 500),
    Setting("reverse", 0, NOTE_HEADS, 500),
)

#: The search for the trade-off's cost side: settings where a head must match content with few
#: dimensions (lookups by key among more and more keys; counting among a larger vocabulary),
#: each at 1, 4, 16 and 64 heads. Every setting tried is kept in the search's results file.
#: Budgets: at 1,000 steps 64 heads were still learning on recall 2 and 3 and 4 to 64 heads on
#: count 3 (seed means still rising by 0.010 to 0.048 over the last quarter). Measured runs of
#: the slowest head count (64, 5 seeds): recall 2 converges at 2,000 steps (+0.0034 over the
#: last quarter); recall 3 does not (+0.0086 at 2,000) but does at 4,000 (+0.0042); on count 3
#: the first two seeds moved about +0.006 over the last quarter of 2,000, the first three
#: +0.002 over that of 3,000. A head count still learning at its budget is shown as such.
SEARCH: tuple[Setting, ...] = (
    Setting("recall", 0, (1, 4, 16, 64), 1000),
    Setting("recall", 1, (1, 4, 16, 64), 1000),
    Setting("recall", 2, (1, 4, 16, 64), 2000),
    Setting("recall", 3, (1, 4, 16, 64), 4000),
    Setting("count", 3, (1, 4, 16, 64), 3000),
)


def narrow(
    grid: Sequence[Setting],
    tasks: Sequence[str] | None = None,
    level: int | None = None,
    heads: Sequence[int] | None = None,
    steps: int | None = None,
) -> list[Setting]:
    """``grid`` narrowed to ``tasks`` (every task of the grid when ``None``), with ``heads``,
    ``steps`` and ``level`` replacing the grid's choice for every setting when given. A task
    outside the grid gets 1, 4, 8 heads, level 0 and 1,000 steps unless told otherwise.

    Examples
    --------
    >>> [(s.task, s.heads) for s in narrow(STUDY, ["reverse"], heads=[2])]
    [('reverse', (2,))]
    """
    tasks = list(dict.fromkeys(s.task for s in grid)) if tasks is None else tasks
    chosen = []
    for task in tasks:
        mine = [s for s in grid if s.task == task] or [Setting(task, 0, NOTE_HEADS, 1000)]
        for s in mine:
            chosen.append(Setting(
                task,
                s.level if level is None else level,
                s.heads if heads is None else tuple(heads),
                s.steps if steps is None else steps,
            ))  # fmt: skip
    return list(dict.fromkeys(chosen))
