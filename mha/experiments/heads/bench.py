"""``python -m mha.experiments.heads.bench``: the experiment's runner against a plain PyTorch
loop, the same runs on both sides, timed in interleaved repeats. The default (12 runs of 300
steps, 5 repeats of both sides) takes about a minute on a quiet 2-CPU machine and five minutes
or more when other processes compete for the CPUs; ``--quick`` (4 runs, 1 repeat) takes 10 to
30 seconds. No page of the site is generated from the results file, so nothing needs
regenerating afterwards.

Both sides do the same runs of a fixed slice of the grid (same task, head counts, seeds, steps,
batches): train with Adam and a moving average of the weights, score the average at every
quarter of the budget.

- **ours**: :func:`mha.experiments.heads.runs.execute` (the shared runner) with ``--jobs 2``
  (one torch thread per worker, the attention's fast path while training). It also does the
  head analysis and saves every run, work the plain loop skips.
- **plain**: one process, torch's default threads, a sequential loop with the attention written
  inline as ``softmax(Q K^T / sqrt(d_head)) V``.

The two are timed in interleaved repeats; the script prints the median of each, the ratio of
the medians and the median of the per-repeat ratios ``ours / plain`` (the two sides of one repeat
run back to back, so they see the same load from other processes; goal: at most 0.7), with the
machine's load average, and writes ``docs/results/experiment_bench.json``.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import torch
import torch.nn.functional as F
from torch import nn
from torch.optim.swa_utils import AveragedModel, get_ema_multi_avg_fn

from house.files import atomic_write_json
from house.outputs import count_problem, file_problem, refuse
from house.terminal import ctrl_c_ends
from house.timing import interleaved, load_average, medians
from mha.experiments.heads.runs import DEFAULTS, execute
from mha.experiments.heads.tasks import TASKS, accuracy, get_task, train_batches, validation_set
from mha.experiments.heads.training import RunSpec, budgets
from mha.experiments.store import round_floats

DEFAULT_OUT = Path(__file__).resolve().parents[3] / "docs" / "results" / "experiment_bench.json"


class PlainModel(nn.Module):
    """Embeddings, four projections and a readout, attention written inline (no ``mha``)."""

    def __init__(self, vocab: int, n_classes: int, length: int, d_model: int, n_heads: int,
                 causal: bool, seed: int) -> None:  # fmt: skip
        super().__init__()
        g = torch.Generator().manual_seed(seed)
        self.h, self.causal = n_heads, causal
        self.tok = nn.Embedding(vocab, d_model)
        self.pos = nn.Embedding(length, d_model)
        self.q, self.k, self.v, self.o = (nn.Linear(d_model, d_model) for _ in range(4))
        self.out = nn.Linear(d_model, n_classes)
        for emb in (self.tok, self.pos):
            nn.init.normal_(emb.weight, std=1 / math.sqrt(d_model), generator=g)
        for lin in (self.q, self.k, self.v, self.o, self.out):
            nn.init.xavier_uniform_(lin.weight, generator=g)
            nn.init.zeros_(lin.bias)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        B, T = x.shape
        e = self.tok(x) + self.pos(torch.arange(T))  # (B, T, d)
        d = e.shape[-1]
        dh = d // self.h
        q = self.q(e).view(B, T, self.h, dh).transpose(1, 2)  # (B, h, T, dh)
        k = self.k(e).view(B, T, self.h, dh).transpose(1, 2)
        v = self.v(e).view(B, T, self.h, dh).transpose(1, 2)
        scores = q @ k.transpose(-2, -1) / math.sqrt(dh)  # (B, h, T, T)
        if self.causal:
            blocked = torch.ones(T, T, dtype=torch.bool).triu(1)
            scores = scores.masked_fill(blocked, float("-inf"))
        a = torch.softmax(scores, dim=-1) @ v  # (B, h, T, dh)
        return self.out(self.o(a.transpose(1, 2).reshape(B, T, d)))  # (B, T, C)


def plain_loop(specs: list[RunSpec]) -> list[float]:
    """Train and score every spec sequentially, as the experiment does (Adam, a moving average
    of the weights scored at every quarter of the budget); return the final accuracies."""
    accs = []
    torch.set_flush_denormal(True)  # as the experiment's runs do
    for s in specs:
        task = get_task(s.task)
        knobs = task.knobs(s.level)
        model = PlainModel(knobs["vocab"], task.n_classes(s.level), knobs["length"], s.d_model,
                           s.n_heads, task.causal, s.seed)  # fmt: skip
        opt = torch.optim.Adam(model.parameters(), lr=s.lr)
        averaged = AveragedModel(model, multi_avg_fn=get_ema_multi_avg_fn(s.ema_decay))
        xv, yv = validation_set(task, s.level, s.val_size, s.data_seed)
        scored_at = set(budgets(s.steps))
        batches = train_batches(task, s.level, s.batch_size, s.steps, s.data_seed)
        for step, (x, y) in enumerate(batches, start=1):
            logits = model(x)
            loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y.reshape(-1))
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            averaged.update_parameters(model)
            if step in scored_at:
                with torch.no_grad():
                    acc = accuracy(averaged.module(xv).argmax(-1), yv)
        accs.append(acc)
    torch.set_flush_denormal(False)
    return accs


def ours(specs: list[RunSpec], jobs: int) -> list[float]:
    with tempfile.TemporaryDirectory() as out:
        records = execute(specs, Path(out), jobs=jobs, quiet=True)
    return [records[s]["val_accuracy"] for s in specs]


#: Full and --quick slices: (heads, seeds, repeats).
FULL = ([1, 4, 8], [0, 1, 2, 3], 5)
QUICK = ([1, 8], [0, 1], 1)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m mha.experiments.heads.bench",
        description=__doc__.split("\n\n")[0].replace("``", ""),  # plain text in --help
    )
    p.add_argument(
        "--task",
        default="count",
        choices=sorted(TASKS),
        help="task of every run (default: %(default)s)",
    )
    p.add_argument(
        "--heads",
        nargs="+",
        type=int,
        default=None,
        metavar="H",
        help="head counts, each a divisor of d_model 64 (default: "
        f"{' '.join(map(str, FULL[0]))}; with --quick: {' '.join(map(str, QUICK[0]))})",
    )
    p.add_argument(
        "--seeds",
        nargs="+",
        type=int,
        default=None,
        metavar="S",
        help=f"initialisation seeds (default: {' '.join(map(str, FULL[1]))}; "
        f"with --quick: {' '.join(map(str, QUICK[1]))})",
    )
    p.add_argument(
        "--steps", type=int, default=300, help="Adam steps per run (default: %(default)s)"
    )
    p.add_argument(
        "--repeats",
        type=int,
        default=None,
        help=f"interleaved repeats of both sides (default: {FULL[2]}; with --quick: {QUICK[2]})",
    )
    p.add_argument(
        "--jobs", type=int, default=2, help="worker processes of our runner (default: %(default)s)"
    )
    p.add_argument(
        "--quick",
        action="store_true",
        help="a small slice and one repeat (10 to 30 seconds): a check that it "
        "works, not a measurement (default: off)",
    )
    p.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help="results file to write (default: %(default)s)"
    )
    p.add_argument(
        "--quiet", action="store_true", help="do not print a line after every timing (default: off)"
    )
    return p  # fmt: skip


def argument_problems(
    args: argparse.Namespace, heads: list[int], seeds: list[int], repeats: int
) -> Iterator[tuple[str, str | None]]:
    """Each argument and its problem (``None``: fine), in the order the user hears of them;
    :func:`~house.outputs.refuse` prints the first problem."""
    for name, value in (("--repeats", repeats), ("--steps", args.steps), ("--jobs", args.jobs)):
        yield name, count_problem(value)
    if any(h < 1 or 64 % h for h in heads):
        yield "--heads", f"expected divisors of d_model 64, got {heads}"
    if any(not 0 <= s < 2**64 for s in seeds):
        yield "--seeds", f"expected seeds in 0..2**64-1, got {seeds}"
    for name, values in (("--heads", heads), ("--seeds", seeds)):
        if len(set(values)) != len(values):
            yield name, f"expected distinct values, got {values}"
    yield "--out", file_problem(args.out)  # a bad --out costs nothing either


def _main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    heads, seeds, repeats = QUICK if args.quick else FULL
    heads = heads if args.heads is None else args.heads
    seeds = seeds if args.seeds is None else args.seeds
    repeats = repeats if args.repeats is None else args.repeats
    if refuse(argument_problems(args, heads, seeds, repeats)):  # before any measuring
        return 2
    specs = [RunSpec(task=args.task, level=0, n_heads=h, seed=s, steps=args.steps,
                     batch_size=DEFAULTS["batch_size"], lr=DEFAULTS["lr"])
             for h in heads for s in seeds]  # fmt: skip
    default_threads = torch.get_num_threads()

    def side(run: Callable[[], object]) -> Callable[[], object]:
        def timed() -> object:
            torch.set_num_threads(default_threads)  # the runner's workers use one thread each
            return run()

        return timed

    def report(r: int, name: str, seconds: float) -> None:
        if not args.quiet:
            print(f"repeat {r + 1}/{repeats} {name:>5}: {seconds:.2f} s", flush=True)

    load_before = load_average()
    # Repeat r runs the sides in turn, starting with "ours" at even r and "plain" at odd r.
    times = interleaved({"ours": side(lambda: ours(specs, args.jobs)),
                         "plain": side(lambda: plain_loop(specs))},
                        repeats, after_each=report)  # fmt: skip
    med = medians(times)
    ratio = med["ours"] / med["plain"]
    paired = statistics.median(o / p for o, p in zip(times["ours"], times["plain"], strict=True))
    load_after = load_average()
    print(f"\n{len(specs)} runs ({args.task}, heads {heads}, seeds {seeds}, "
          f"{args.steps} steps each)")  # fmt: skip
    print(f"ours  (runner, --jobs {args.jobs}, fast path, + head analysis): {med['ours']:.2f} s")
    print(
        f"plain (sequential loop, explicit attention, {default_threads} threads): "
        f"{med['plain']:.2f} s"
    )
    print(f"ratio of medians ours/plain = {ratio:.3f}; median of per-repeat ratios = {paired:.3f}"
          "  (goal <= 0.7)")  # fmt: skip
    if load_before and load_after:
        print(f"load average (1 min) before {load_before[0]:.2f}, after {load_after[0]:.2f} "
              f"on {os.cpu_count()} CPUs: other processes slow both sides unevenly")  # fmt: skip
    atomic_write_json(args.out, round_floats({
        "slice": {"task": args.task, "heads": heads, "seeds": seeds,
                  "steps": args.steps, "batch_size": DEFAULTS["batch_size"], "runs": len(specs)},
        "jobs": args.jobs, "plain_threads": default_threads, "repeats": repeats,
        "seconds": times, "median_s": med, "ratio": ratio, "paired_ratio_median": paired,
        "goal": 0.7, "cpu_count": os.cpu_count(),
        "load_average_before": load_before, "load_average_after": load_after,
    }))  # fmt: skip
    print(f"wrote {args.out}")
    return 0


#: The command (see :func:`_main`); Ctrl-C ends it with one line and exit status 130 (nothing is
#: written before the last measurement, and then whole).
main = ctrl_c_ends(_main, "nothing was written")


if __name__ == "__main__":
    sys.exit(main())
