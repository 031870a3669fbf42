"""The study note's table, printed at the end of ``python -m mha.experiments.heads``."""

from __future__ import annotations


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
