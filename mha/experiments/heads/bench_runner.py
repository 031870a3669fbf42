"""``python -m mha.experiments.heads.bench_runner``: the experiment's runner today against the
runner of an earlier commit, at equal work.

Both sides run the same command, ``python -m mha.experiments.heads ARGS --out TMP`` (by default
the whole study grid the main job runs: 100 runs), in fresh temporary folders, one side after the
other in interleaved repeats:

- **now**: this checkout's code;
- **before**: the code of ``--before REV``, taken out of git with ``git archive`` into a
  temporary folder (nothing in this checkout is touched) and run with the same Python.

The script prints the median wall time of each side, their ratio ``now / before`` and whether
both sides wrote the same ``results.json`` bytes (the science unchanged), and writes
``docs/results/runner_bench.json``. No page of the site is generated from that file.

The default (the whole grid, one repeat of each side) takes about eight minutes on a quiet 2-CPU
machine; ``--task count --heads 64 --seeds 0 1`` narrows both sides alike.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from house.files import atomic_write_json
from house.outputs import count_problem, file_problem, refuse
from house.terminal import ctrl_c_ends
from house.timing import interleaved, load_average, machine, medians
from mha.experiments.store import round_floats

ROOT = Path(__file__).resolve().parents[3]
DEFAULT_OUT = ROOT / "docs" / "results" / "runner_bench.json"


def checkout(rev: str, into: Path) -> Path:
    """The tree of ``rev`` unpacked into ``into`` (``git archive``: no worktree, no index).

    Raises
    ------
    ValueError
        ``rev`` is not a commit of this repository.
    """
    git = ["git", "-C", str(ROOT)]
    found = subprocess.run([*git, "rev-parse", "--verify", "-q", f"{rev}^{{commit}}"],
                           capture_output=True, text=True)  # fmt: skip
    if found.returncode != 0:
        raise ValueError(f"--before: {rev!r} is not a commit of {ROOT}")
    archive = subprocess.run([*git, "archive", found.stdout.strip()],
                             capture_output=True, check=True)  # fmt: skip
    into.mkdir()
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def run_grid(code: Path, args: list[str], scratch: Path) -> str:
    """Run the experiment of the checkout at ``code`` into a fresh folder under ``scratch``;
    the SHA-256 of the ``results.json`` it wrote."""
    out = Path(tempfile.mkdtemp(dir=scratch))
    # `python -m` from the checkout's root imports that checkout's packages first.
    subprocess.run([sys.executable, "-m", "mha.experiments.heads", *args, "--out", str(out)],
                   cwd=code, check=True, stdout=subprocess.DEVNULL)  # fmt: skip
    return hashlib.sha256((out / "results.json").read_bytes()).hexdigest()


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m mha.experiments.heads.bench_runner",
        description="This checkout's experiment runner against an earlier commit's, the same "
        "command on both sides (default: the whole study grid, about eight minutes on a quiet "
        "2-CPU machine). Arguments after -- go to both sides' experiment command.",
    )
    p.add_argument(
        "--before",
        required=True,
        metavar="REV",
        help="the earlier commit (default: none, required)",
    )
    p.add_argument(
        "--quiet", action="store_true", help="do not print a line after every timing (default: off)"
    )
    p.add_argument(
        "--repeats",
        type=int,
        default=1,
        help="interleaved repeats of both sides (default: %(default)s)",
    )
    p.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help="results file to write (default: %(default)s)"
    )
    p.add_argument(
        "grid",
        nargs="*",
        metavar="ARG",
        help="experiment arguments for both sides, after -- (default: the study grid)",
    )
    return p  # fmt: skip


def _main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if refuse([("--repeats", count_problem(args.repeats)), ("--out", file_problem(args.out))]):
        return 2
    with tempfile.TemporaryDirectory(prefix="runner-bench-") as tmp:
        scratch = Path(tmp)
        try:
            before = checkout(args.before, scratch / "before")
        except ValueError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        digests: dict[str, set[str]] = {"now": set(), "before": set()}

        def side(name: str, code: Path):
            def timed() -> None:
                digests[name].add(run_grid(code, args.grid, scratch))

            return timed

        def report(r: int, name: str, seconds: float) -> None:
            if not args.quiet:
                print(f"repeat {r + 1}/{args.repeats} {name:>6}: {seconds:.1f} s", flush=True)

        load_before, started = load_average(), time.time()
        times = interleaved({"now": side("now", ROOT), "before": side("before", before)},
                            args.repeats, after_each=report)  # fmt: skip
    med = medians(times)
    ratio = med["now"] / med["before"]
    same = len(digests["now"] | digests["before"]) == 1
    grid = " ".join(args.grid) or "the study grid"
    print(f"\n{grid}: now {med['now']:.1f} s, before ({args.before}) {med['before']:.1f} s, "
          f"ratio now/before {ratio:.3f}; results.json "
          f"{'the same bytes' if same else 'DIFFERENT bytes'} on both sides")  # fmt: skip
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()  # fmt: skip
    atomic_write_json(args.out, round_floats({
        "grid_arguments": args.grid, "now": commit, "before": args.before,
        "repeats": args.repeats, "seconds": times, "median_s": med, "ratio": ratio,
        "same_results_bytes": same, "machine": machine(),
        "load_average_before": load_before, "load_average_after": load_average(),
        "measured_in_s": time.time() - started, "cpu_count": os.cpu_count(),
    }))  # fmt: skip
    print(f"wrote {args.out}")
    return 0 if same else 1


#: The command (see :func:`_main`); Ctrl-C ends it with one line and exit status 130 (nothing is
#: written before the last measurement, and then whole).
main = ctrl_c_ends(_main, "nothing was written")


if __name__ == "__main__":
    sys.exit(main())
