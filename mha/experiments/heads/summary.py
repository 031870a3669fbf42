"""Runs aggregated over seeds, and what is said of them:

- the verdict: the shared rule (:mod:`mha.experiments.verdict`) with head counts as the variants
  and validation accuracy as the score (:func:`verdict`), and its sentence (:func:`describe`);
- the study note's table (:func:`summarise`), the head analysis per head count
  (:func:`analyse_groups`) and each setting's verdict (:func:`judge`);
- the table as the command prints it at the end (:func:`format_table`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from mha.experiments import verdict as rule_of_seeds
from mha.experiments.heads.runs import Setting
from mha.experiments.heads.tasks import TASKS
from mha.experiments.heads.training import RunSpec, budgets
from mha.experiments.verdict import MIN_SEEDS, converged, mean_std

# ----------------------------------------------------------------------------- the verdict

#: The rule as results.json states it.
RULE = rule_of_seeds.rule("head counts", "validation accuracies")


def verdict(
    accuracies: Mapping[int, Sequence[float | None]], converged: Mapping[int, bool] | None = None
) -> dict[str, Any]:
    """The verdict for one task and level (see :func:`mha.experiments.verdict.verdict`), with
    the trade-off's cost side: ``fewer_heads_win`` lists the converged pairs where fewer, wider
    heads beat more, narrower heads confidently.

    Parameters
    ----------
    accuracies : mapping
        Head count -> validation accuracy of each seed; ``None`` for a seed whose training
        diverged.
    converged : mapping, optional
        Head count -> whether it finished learning (all by default).

    Raises
    ------
    ValueError
        Fewer than two head counts, or a head count with no accuracies.

    Examples
    --------
    >>> verdict({1: [0.5, 0.51, 0.52], 4: [0.9, 0.91, 0.9]})["status"]
    'differ'
    >>> verdict({1: [0.5, None, 0.52], 4: [0.9, 0.91, 0.9]})["diverged"]
    [{'n_heads': 1, 'runs': 1}]
    >>> v = verdict({1: [0.99, 0.99, 0.98], 64: [0.9, 0.91, 0.9]})
    >>> [(p["a"], p["b"]) for p in v["fewer_heads_win"]]
    [(1, 64)]
    """
    v = rule_of_seeds.verdict(accuracies, RULE, variants="head counts", key="n_heads",
                              argument="accuracies", converged=converged)  # fmt: skip
    # pairs come as (a, b) with a < b: fewer heads win when the gap a - b is positive
    v["fewer_heads_win"] = [p for p in v["pairs"] if p["confident"] and p["gap"] > 0]
    return v


def describe(task: str, level: int, v: Mapping[str, Any]) -> str:
    """One English sentence for the command's output."""
    if v["status"] == "too_few_seeds":
        return (
            f"{task} L{level}: {v['n_seeds']} seed(s) per head count is too few to tell "
            f"(need {MIN_SEEDS})"
        )
    if v["status"] == "diverged":
        runs = ", ".join(f"{d['runs']} with {d['n_heads']} head(s)" for d in v["diverged"])
        return (
            f"{task} L{level}: training diverged (NaN or infinite loss) in {runs}; nothing is "
            "claimed about head counts (try a smaller --lr)"
        )
    still = ""
    if v.get("still_learning"):
        heads = ", ".join(str(h) for h in v["still_learning"])
        still = f"; still learning at the budget: {heads} head(s)"
    if v["status"] == "no_difference":
        return f"{task} L{level}: no pair of head counts differs by more than the seed spread"
    if v["status"] == "still_learning":
        return f"{task} L{level}: no converged pair differs{still}"
    if v["status"] != "differ":
        return f"{task} L{level}: {v['status'].replace('_', ' ')}"
    parts = [
        f"{p['a']} vs {p['b']} heads (gap {p['gap']:+.3f} > spread {p['spread']:.3f}"
        + (", confident)" if p["confident"] else ")")
        for p in v["pairs"]
        if p["differ"]
    ]
    return f"{task} L{level}: differ: " + "; ".join(parts) + still


# ----------------------------------------------------------------------------- over seeds


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


# ----------------------------------------------------------------------------- the printed table


def format_table(summary: list[dict]) -> str:
    """The study note's table, one block per task and level; diverged seeds are counted in
    their own column and left out of the means."""
    lines = []
    last = None
    head = (f"{'heads':>5} {'d_head':>6} {'params':>8} {'final train loss':>16} "
            f"{'val acc (mean)':>14} {'spread (std)':>12} {'converged':>9} {'seeds':>5} "
            f"{'diverged':>8}")  # fmt: skip

    def num(x: float | None, width: int) -> str:
        return f"{'-':>{width}}" if x is None else f"{x:>{width}.4f}"

    for row in summary:
        key = (row["task"], row["level"])
        if key != last:
            knobs = ", ".join(f"{k}={v}" for k, v in row["knobs"].items())
            lines += [
                "",
                f"{row['task']}  level {row['level']} ({knobs}), {row['steps']} steps",
                head,
            ]
            last = key
        lines.append(
            f"{row['n_heads']:>5} {row['d_head']:>6} {row['params']:>8,} "
            f"{num(row['final_train_loss_mean'], 16)} {num(row['val_accuracy_mean'], 14)} "
            f"{num(row['val_accuracy_std'], 12)} "
            f"{'yes' if row['converged'] else 'no':>9} {row['n_seeds']:>5} "
            f"{row['n_diverged']:>8}"
        )
    return "\n".join(lines)
