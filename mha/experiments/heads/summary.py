"""Runs aggregated over seeds: the study note's table (:func:`summarise`), the head analysis per
head count (:func:`analyse_groups`) and each setting's verdict (:func:`judge`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from mha.experiments.heads.grids import Setting
from mha.experiments.heads.tasks import TASKS
from mha.experiments.heads.training import RunSpec, budgets
from mha.experiments.heads.verdict import RULE, describe, verdict
from mha.experiments.verdict import converged, mean_std


def _sorted_desc_by_rank(rows: list[list[float]]) -> list[float]:
    """Sort each row descending, then average position by position (heads are not aligned
    across seeds, so rank 0 = each seed's largest value)."""
    ranked = [sorted(r, reverse=True) for r in rows]
    return [sum(col) / len(col) for col in zip(*ranked, strict=True)]


def _groups(records: list[dict]) -> dict[tuple, list[dict]]:
    """Records by (task, level, n_heads), in the order of ``records``."""
    groups: dict[tuple, list[dict]] = defaultdict(list)
    for r in records:
        groups[(r["task"], r["level"], r["n_heads"])].append(r)
    return groups


def _mean_std_or_none(values: list[float]) -> tuple[float | None, float | None]:
    return mean_std(values) if values else (None, None)


def cell_converged(trained: list[dict]) -> bool | None:
    """Whether one task, level and head count finished learning: the rule of
    :func:`mha.experiments.verdict.converged` on its runs' accuracies at the last two budgets
    (``None`` when no seed trained)."""
    if not trained:
        return None
    if len(trained[0]["budget_accuracy"]) < 2:
        return False
    before = [r["budget_accuracy"][-2][1] for r in trained]
    return converged(before, [r["val_accuracy"] for r in trained])


def summarise(records: list[dict]) -> list[dict]:
    """The study note's table: one row per task, level and head count, over seeds, with the
    accuracy at every budget and the ``converged`` flag (:func:`cell_converged`).

    Diverged runs are counted in ``n_diverged`` and left out of the means (which are ``None``
    when every seed diverged). Rows come in the order of ``records`` (sorted by the caller).
    """
    rows = []
    for (task, level, h), rs in _groups(records).items():
        trained = [r for r in rs if not r["diverged"]]
        accs = [r["val_accuracy"] for r in trained]
        acc_mean, acc_std = _mean_std_or_none(accs)
        loss_mean, loss_std = _mean_std_or_none([r["final_train_loss"] for r in trained])
        by_budget = []
        for i, steps in enumerate(budgets(rs[0]["steps"])):
            mean, std = _mean_std_or_none([r["budget_accuracy"][i][1] for r in trained])
            by_budget.append({"steps": steps, "mean": mean, "std": std})
        rows.append({
            "task": task, "level": level, "knobs": TASKS[task].knobs(level),
            "n_heads": h, "d_head": rs[0]["d_head"], "params": rs[0]["params"],
            "steps": rs[0]["steps"],
            "final_train_loss_mean": loss_mean, "final_train_loss_std": loss_std,
            "val_accuracy_mean": acc_mean, "val_accuracy_std": acc_std,
            "val_accuracy_min": min(accs, default=None),
            "val_accuracy_max": max(accs, default=None),
            "budget_accuracy": by_budget, "converged": cell_converged(trained),
            "n_seeds": len(rs), "n_diverged": len(rs) - len(trained),
        })  # fmt: skip
    return rows


def analyse_groups(records: list[dict]) -> list[dict]:
    """Head analysis per task, level and head count, aggregated over the seeds that trained
    (heads ranked); diverged runs have no analysis. A group where every seed diverged is left
    out."""
    out = []
    for (task, level, h), group in _groups(records).items():
        rs = [r for r in group if not r["diverged"]]
        if not rs:
            continue
        drops = [r["analysis"]["ablation_drop"] for r in rs]
        shares = []
        for r in rs:
            imp = r["analysis"]["importance"]
            total = sum(imp)
            shares.append([v / total if total > 0 else 1.0 / h for v in imp])
        red = [r["analysis"]["redundancy_mean"] for r in rs]
        on_answer = [r["analysis"]["answer_weight"] for r in rs]
        on_answer_argmax = [r["analysis"]["answer_argmax"] for r in rs]
        max_drop = mean_std([max(d) for d in drops])
        top_share = mean_std([max(s) for s in shares])
        entry = {
            "task": task, "level": level, "n_heads": h, "n_seeds": len(rs),
            "base_accuracy_mean": mean_std([r["analysis"]["base_accuracy"] for r in rs])[0],
            "ablation_drop_by_rank": _sorted_desc_by_rank(drops),
            "ablation_max_drop_mean": max_drop[0], "ablation_max_drop_std": max_drop[1],
            "ablation_sum_drop_mean": mean_std([sum(d) for d in drops])[0],
            "importance_share_by_rank": _sorted_desc_by_rank(shares),
            "importance_top_share_mean": top_share[0], "importance_top_share_std": top_share[1],
            "redundancy_mean": None, "redundancy_std": None,
            "answer_weight_by_rank": _sorted_desc_by_rank(on_answer),
            "answer_argmax_by_rank": _sorted_desc_by_rank(on_answer_argmax),
            "answer_weight_mean": mean_std([sum(w) / h for w in on_answer])[0],
            "answer_argmax_mean": mean_std([sum(w) / h for w in on_answer_argmax])[0],
        }  # fmt: skip
        if h > 1 and all(v is not None for v in red):
            entry["redundancy_mean"], entry["redundancy_std"] = mean_std(red)
        out.append(entry)
    return out


def judge(setting: Setting, specs: Sequence[RunSpec], records: dict[RunSpec, dict]) -> dict:
    """The verdict of one setting: its head counts compared on their seeds' final accuracies,
    a difference claimed only between converged head counts."""
    runs: dict[int, list[dict]] = defaultdict(list)
    for spec in specs:
        runs[spec.n_heads].append(records[spec])
    accs = {h: [r["val_accuracy"] for r in rs] for h, rs in runs.items()}  # None: diverged
    done = {h: bool(cell_converged([r for r in rs if not r["diverged"]])) for h, rs in runs.items()}
    if len(accs) >= 2:
        v = verdict(accs, done)
    else:
        v = {"status": "single_head_count", "n_seeds": len(next(iter(accs.values()))),
             "pairs": [], "best": list(accs), "still_learning": [], "fewer_heads_win": [],
             "rule": RULE}  # fmt: skip
    return {"task": setting.task, "level": setting.level,
            "knobs": TASKS[setting.task].knobs(setting.level), "steps": setting.steps, **v,
            "sentence": describe(setting.task, setting.level, v)}  # fmt: skip
