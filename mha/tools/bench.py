"""Speed of our attention against ``torch.nn.MultiheadAttention``, side by side in one process.

``python -m mha.tools.bench [--repeats N] [--out FILE]`` times causal self-attention at four
sizes, two ways side by side in one run: training (forward + backward, the modules in train
mode) and inference (forward only, ``eval()``, under ``torch.no_grad()``, PyTorch's module called
with ``need_weights=False``, which lets it take its own fused fast path). It interleaves the
contenders in every repeat and prints the median ratio ours / PyTorch of each (below 1.0: ours is
faster). Both ways, one sample is one contender called back to back for at least
:data:`MIN_SAMPLE` seconds (a single call when one call lasts that long): the steady state of a
loop that calls the module again and again, as ``torch.utils.benchmark``'s blocked measurement
does. In training it also times our explicit path (weights returned) and the per-head Python
loop against our fast path; in inference, our module with Q, K and V made by three matmuls
against the one matmul it makes by default. Results go to a JSON file for the
site; when that is the site's own file, the site's pages are regenerated from it at the end
(``python -m studylog.gen`` in a subprocess: the library never imports the docs). Numbers are
wall-clock and machine-dependent; nothing here is asserted by the tests.
"""

from __future__ import annotations

import argparse
import copy
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import torch

from house.files import atomic_write_json
from house.outputs import count_problem, file_problem, refuse
from house.terminal import ctrl_c_ends, progress_bar
from house.timing import (
    calls_per_sample,
    interleaved,
    load_average,
    machine,
    medians,
    versions,
)
from mha.interop import to_torch
from mha.module import MultiHeadAttention
from mha.reference import per_head_attention

SIZES = [(2, 16, 64, 8), (32, 16, 64, 8), (8, 256, 256, 8), (4, 512, 512, 8)]  # (B, T, d, h)

#: The shortest sample, in seconds: a shorter call is looped within one sample (at most 500 calls).
MIN_SAMPLE = 0.02

#: The project's checkout, and the results file the site's speed page is generated from.
ROOT = Path(__file__).resolve().parents[2]
DEFAULT_OUT = ROOT / "docs" / "results" / "mha_bench.json"


def contenders(
    B: int, T: int, d_model: int, n_heads: int, *, train: bool = True
) -> dict[str, Callable]:
    """Forward functions with identical weights, each returning ``(B, T, d_model)``; the
    modules in train mode, or with ``train=False`` in eval mode, and then also ``ours_three``:
    our module whose inference makes Q, K and V with three matmuls instead of one (a deep copy,
    which :meth:`~mha.module.MultiHeadAttention.eval` has not laid out in one matrix)."""
    ours = MultiHeadAttention(
        d_model, n_heads, causal=True, generator=torch.Generator().manual_seed(0)
    ).train(train)
    theirs = to_torch(ours).train(train)
    mask = torch.ones(T, T, dtype=torch.bool).triu(1)
    fns = {
        "ours_fast": lambda x: ours(x),
        "torch": lambda x: theirs(x, x, x, attn_mask=mask, is_causal=True, need_weights=False)[0],
        "ours_explicit": lambda x: ours(x, need_weights=True)[0],
        "per_head_loop": lambda x: per_head_attention(ours, x)[0],
    }
    if not train:  # the same module with W_q, W_k, W_v apart: Q, K, V from three matmuls
        three = copy.deepcopy(ours)  # new memory for each parameter: nothing stacks them
        fns["ours_three"] = lambda x: three(x)
    return fns


def loops_per_sample(call: Callable[[], object], warmup: int) -> int:
    """How many calls of ``call`` one sample loops over to last :data:`MIN_SAMPLE` seconds,
    from one timed call after ``warmup`` untimed ones (the first calls allocate)."""
    for _ in range(warmup):
        call()
    start = time.perf_counter()
    call()
    return calls_per_sample(time.perf_counter() - start, MIN_SAMPLE, most=500)


def measure(size: tuple[int, int, int, int], repeats: int, warmup: int = 3) -> dict[str, float]:
    """Median seconds of one forward + backward (training) per contender, over interleaved
    repeats (the order rotated in every repeat, see :func:`house.timing.interleaved`); a call
    shorter than :data:`MIN_SAMPLE` is looped within a sample, as many times as PyTorch's fits."""
    B, T, d_model, _ = size
    fns = contenders(*size)
    x = torch.randn(B, T, d_model, generator=torch.Generator().manual_seed(1), requires_grad=True)

    def step(forward: Callable[[torch.Tensor], torch.Tensor]) -> Callable[[], None]:
        return lambda: forward(x).sum().backward()  # one forward + backward

    steps = {name: step(f) for name, f in fns.items()}
    number = loops_per_sample(steps["torch"], warmup)
    return medians(interleaved(steps, repeats, warmup=warmup, number=number))


#: The contenders timed in inference: the two modules, each without weights, and ours with
#: Q, K and V made by three matmuls (the one-matmul layout's own measurement).
INFERENCE = ("ours_fast", "ours_three", "torch")


def measure_inference(
    size: tuple[int, int, int, int], repeats: int, warmup: int = 3
) -> dict[str, float]:
    """Median seconds of one forward in inference (``eval()``, ``torch.no_grad()``) of our fast
    path and of PyTorch's module, over interleaved repeats; a call of a few microseconds is
    looped so that one sample lasts about :data:`MIN_SAMPLE` seconds (at most 500 calls)."""
    B, T, d_model, _ = size
    fns = contenders(*size, train=False)
    x = torch.randn(B, T, d_model, generator=torch.Generator().manual_seed(1))
    with torch.no_grad():
        number = loops_per_sample(lambda: fns["torch"](x), warmup)
        times = interleaved(
            {name: fns[name] for name in INFERENCE}, repeats, warmup=warmup, args=(x,),
            number=number,
        )  # fmt: skip
    return medians(times)


def regenerate_docs(root: Path = ROOT) -> int:
    """Run ``python -m studylog.gen`` in ``root`` (a subprocess: ``mha`` does not import the docs);
    return its exit code, or 0 with a note when there is no docs generator (an installed copy)."""
    if not (root / "studylog" / "gen").is_dir():
        print("no docs generator next to this package: nothing regenerated")
        return 0
    print("regenerating the site's pages: python -m studylog.gen", flush=True)
    return subprocess.run([sys.executable, "-m", "studylog.gen"], cwd=root, check=False).returncode


def size_argument(text: str) -> tuple[int, int, int, int]:
    """``"B,T,d_model,n_heads"`` (``"2,16,64,8"``) as four positive ints, ``d_model`` a
    multiple of ``n_heads``; argparse's error otherwise."""
    try:
        size = tuple(int(part) for part in text.split(","))
    except ValueError:
        size = ()
    if len(size) != 4 or min(size) < 1 or size[2] % size[3]:
        raise argparse.ArgumentTypeError(
            f"expected B,T,d_model,n_heads: four positive integers, d_model a multiple of "
            f"n_heads (like 2,16,64,8), got {text!r}"
        )
    return size  # type: ignore[return-value]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m mha.tools.bench",
        description="Speed of our attention against torch.nn.MultiheadAttention at four sizes "
        "(or --sizes), in training (forward + backward) and in inference (forward only, eval, "
        "no_grad), side by side in one process (about a minute with the default repeats on a "
        "quiet 2-CPU machine, several minutes on a busy one). Writing the site's own results "
        "file regenerates the site's pages (python -m studylog.gen) at the end; with another "
        "--out nothing else is touched.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument("--repeats", type=int, default=30, help="interleaved repeats per size")
    parser.add_argument("--sizes", type=size_argument, nargs="+", default=SIZES, metavar="B,T,D,H",
                        help="the sizes to time (B, T, d_model, n_heads)")  # fmt: skip
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="results file to write")
    parser.add_argument("--no-docs", action="store_true",
                        help="do not run python -m studylog.gen after writing the site's results "
                        "file (the site's tests then report its pages as stale)")  # fmt: skip
    parser.add_argument("--quiet", action="store_true",
                        help="no progress bar (there is none anyway when stderr is not a "
                        "terminal)")  # fmt: skip
    return parser


def _main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    checks = (("--repeats", count_problem(args.repeats)), ("--out", file_problem(args.out)))
    if refuse(checks):  # before any measuring: a bad argument costs nothing
        return 2
    load_before = load_average()
    rows = []
    for size in progress_bar(args.sizes, quiet=args.quiet, desc="sizes", unit="size"):
        med, inf = measure(size, args.repeats), measure_inference(size, args.repeats)
        B, T, d_model, n_heads = size
        rows.append({
            "B": B, "T": T, "d_model": d_model, "n_heads": n_heads,
            "seconds": {k: round(v, 6) for k, v in med.items()},
            "inference_seconds": {k: round(v, 7) for k, v in inf.items()},
            "ratio_ours_to_torch": round(med["ours_fast"] / med["torch"], 3),
            "ratio_inference_ours_to_torch": round(inf["ours_fast"] / inf["torch"], 3),
            "ratio_inference_one_to_three_matmuls": round(inf["ours_fast"] / inf["ours_three"], 3),
            "ratio_explicit_to_fast": round(med["ours_explicit"] / med["ours_fast"], 3),
            "ratio_loop_to_fast": round(med["per_head_loop"] / med["ours_fast"], 3),
        })  # fmt: skip
    print(f"{'(B, T, d_model, h)':>22}  ours/torch: training  inference  explicit/fast  loop/fast"
          "  QKV one/three")  # fmt: skip
    for r in rows:
        size = f"({r['B']}, {r['T']}, {r['d_model']}, {r['n_heads']})"
        print(
            f"{size:>22}  {r['ratio_ours_to_torch']:>20.3f}  "
            f"{r['ratio_inference_ours_to_torch']:>9.3f}  {r['ratio_explicit_to_fast']:>13.3f}"
            f"  {r['ratio_loop_to_fast']:>9.3f}  {r['ratio_inference_one_to_three_matmuls']:>13.3f}"
        )
    goal = all(
        r["ratio_ours_to_torch"] <= 1.0 and r["ratio_inference_ours_to_torch"] <= 1.0 for r in rows
    )
    print("goal (ours/torch <= 1.0 in training and inference at every size):",
          "met" if goal else "NOT met")  # fmt: skip
    info, load_after = machine(), load_average()
    result = {
        "what": "causal self-attention, median of interleaved repeats: training (forward+"
        "backward, 'seconds') and inference (forward, eval, no_grad, 'inference_seconds')",
        "repeats": args.repeats,
        "min_sample_seconds": MIN_SAMPLE,
        "torch": torch.__version__,
        "threads": torch.get_num_threads(),
        "machine": f"{info['machine']}, {info['system']}",
        "python": versions()["python"],
        "load_average_1min": {
            "before": load_before and load_before[0],
            "after": load_after and load_after[0],
        },
        "rows": rows,
        "goal_met": goal,
    }
    atomic_write_json(args.out, result, indent=2)
    print(f"wrote {args.out}")
    if args.out.resolve() == DEFAULT_OUT.resolve():
        if args.no_docs:
            print("now run: python -m studylog.gen (the site's pages are stale until then)")
        elif regenerate_docs() != 0:
            print("error: python -m studylog.gen failed; run it again by hand", file=sys.stderr)
            return 1
    return 0


#: The command (see :func:`_main`); Ctrl-C ends it with one line and exit status 130 (the results
#: file is written whole or not at all).
main = ctrl_c_ends(_main, "no file was left half-written")


if __name__ == "__main__":
    sys.exit(main())
