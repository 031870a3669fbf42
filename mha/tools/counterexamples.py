"""Find a small input on which each deliberate mistake in :mod:`mha.pitfalls` goes wrong.

Run ``python -m mha.tools.counterexamples [--out docs/results] [--check] [--quiet]``. For each
pitfall, hypothesis searches (derandomised, no example database, no deadline: the same versions
give the same file on any machine, at any speed) for a smallest input on which the wrong
variant's outcome differs from the right one's, and the result goes to ``mha_pitfalls.json``
for the site's gallery. The file has the shape of ``graphs_pitfalls.json``
(``python -m graphs.tools.counterexamples``): ``generated_by``, ``search`` (tool, versions,
``max_examples``) and a ``pitfalls`` list of ``name``, ``mistake``, ``what_goes_wrong``,
``wrong_function``, ``correct_function`` and ``minimal`` (``input``, ``correct``, ``wrong``).

``--check`` writes nothing: it exits 1 when the file names other pitfalls than the declared ones
or, found with the installed hypothesis and torch, differs from a fresh search; a file found with
other versions cannot be compared (the search may shrink elsewhere, the numbers may round
differently), so it exits 0 and says so.

Each pitfall is a :class:`Pitfall` constant in this module, found by :func:`declared`; the site
shows it where a page includes ``docs/generated/mha/pitfalls/<name>.md``. Needs ``hypothesis``.
The file is written atomically (a temporary file in the same folder, then ``os.replace``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch

from mha import pitfalls
from mha.heads import merge_heads, split_heads
from mha.tools.files import atomic_write_text

__all__ = ["PITFALLS", "Pitfall", "build_report", "check", "declared", "main", "search_settings"]

PROG = "python -m mha.tools.counterexamples"
RESULT_NAME = "mha_pitfalls.json"
FORMAT_VERSION = 1
MAX_EXAMPLES = 2000
DIGITS = 4


def search_settings() -> Any:
    """The hypothesis settings of the search: the same answer on any machine, at any speed.

    Built on hypothesis' ``default`` profile (not on whichever profile is loaded, such as a test
    suite's), derandomised, with no example database and no deadline: the first call warms
    torch up and may take seconds on a busy machine, which must not turn into a
    ``DeadlineExceeded`` (hypothesis' default deadline is 200 ms per call).

    Returns
    -------
    hypothesis.settings
        ``deadline=None``, ``derandomize=True``, ``database=None``,
        ``max_examples=MAX_EXAMPLES``.
    """
    from hypothesis import settings

    return settings(
        settings.get_profile("default"),
        database=None,
        derandomize=True,
        max_examples=MAX_EXAMPLES,
        deadline=None,
    )


def _rows(t: torch.Tensor) -> list[list[float]]:
    """A tensor as a list of rows (last axis), each value rounded to ``DIGITS``."""
    return [[round(float(v), DIGITS) for v in r] for r in t.reshape(-1, t.shape[-1])]


@dataclass(frozen=True)
class Pitfall:
    """One wrong variant of :mod:`mha.pitfalls`, what it should have been, and its search.

    ``find(settings)`` runs the search and returns the entry's ``minimal`` record (``input``,
    ``correct``, ``wrong``) plus any extra fields the page shows.
    """

    mistake: str
    what_goes_wrong: str
    wrong: Callable[..., Any]  # a function of mha.pitfalls; its name names the pitfall
    correct_function: str
    find: Callable[[Any], dict[str, Any]]

    @property
    def name(self) -> str:
        return self.wrong.__name__

    @property
    def wrong_function(self) -> str:
        return f"mha.pitfalls.{self.wrong.__name__}"


def declared() -> list[Pitfall]:
    """Every :class:`Pitfall` constant of this module, in the order they are defined."""
    return [value for value in globals().values() if isinstance(value, Pitfall)]


# ----------------------------------------------------------------------------- the searches


def _find_split(config: Any) -> dict[str, Any]:
    from hypothesis import find
    from hypothesis import strategies as st

    @st.composite
    def split_problems(draw: Any) -> tuple[int, int, int, list[int]]:
        T, n_heads, d_head = (
            draw(st.integers(1, 4)),
            draw(st.integers(1, 3)),
            draw(st.integers(1, 2)),
        )
        n = T * n_heads * d_head
        values = draw(st.lists(st.integers(-3, 3), min_size=n, max_size=n))
        return T, n_heads, d_head, values

    # pitfalls.wrong_split_differs is looked up at each call (a test can slow it down)
    T, n_heads, d_head, values = find(
        split_problems(), lambda p: pitfalls.wrong_split_differs(*p), settings=config
    )
    x = torch.tensor(values, dtype=torch.float64).reshape(1, T, n_heads * d_head)  # (B, T, d)
    m = pitfalls.reference_module(n_heads * d_head, n_heads)
    with torch.no_grad():
        wrong = pitfalls.self_attention_with_split(m, x, pitfalls.split_heads_without_transpose)
        right = pitfalls.self_attention_with_split(m, x, split_heads)  # (B, T, d_model)
    labels = torch.arange(1.0, x.numel() + 1).reshape(x.shape)  # token t, feature j -> a label
    wrong_heads = pitfalls.split_heads_without_transpose(labels, n_heads)  # (B, h, T, d_head)
    return {
        "minimal": {
            "input": {"T": T, "n_heads": n_heads, "d_head": d_head, "x": _rows(x[0])},
            "correct": {"returns": _rows(right[0])},
            "wrong": {"returns": _rows(wrong[0])},
        },
        "max_output_difference": round(float((wrong - right).abs().max()), DIGITS),
        "illustration": {
            "labels": _rows(labels[0]),
            "right_heads": [_rows(h) for h in split_heads(labels, n_heads)[0]],
            "wrong_heads": [_rows(h) for h in wrong_heads[0]],
        },
    }


def _merge_outcome(merge: Callable[[torch.Tensor], torch.Tensor], heads: torch.Tensor) -> dict:
    try:
        return {"returns": {"shape": list(merge(heads).shape)}}
    except RuntimeError as err:
        return {"raises": "RuntimeError", "message": str(err).split("\n")[0]}


def _find_view(config: Any) -> dict[str, Any]:
    from hypothesis import find
    from hypothesis import strategies as st

    def heads(shape: tuple[int, int, int, int]) -> torch.Tensor:
        return torch.arange(float(torch.Size(shape).numel())).reshape(shape)  # (B, h, T, d_head)

    shapes = st.tuples(st.integers(1, 2), st.integers(1, 3), st.integers(1, 3), st.integers(1, 2))
    shape = find(
        shapes,
        lambda s: "raises" in _merge_outcome(pitfalls.merge_heads_with_view, heads(s)),
        settings=config,
    )
    return {
        "minimal": {
            "input": {"shape": list(shape)},
            "correct": _merge_outcome(merge_heads, heads(shape)),
            "wrong": _merge_outcome(pitfalls.merge_heads_with_view, heads(shape)),
        }
    }


def _softmax_outcome(softmax: Callable[[torch.Tensor], torch.Tensor], scores: list) -> dict:
    weights = softmax(torch.tensor(scores, dtype=torch.float64))  # (T, T): query rows, key cols
    return {
        "returns": _rows(weights),
        "row_sums": [round(float(v), DIGITS) for v in weights.sum(-1)],
    }


def _find_softmax(config: Any) -> dict[str, Any]:
    from hypothesis import find
    from hypothesis import strategies as st

    def softmax_over_keys(scores: torch.Tensor) -> torch.Tensor:
        return torch.softmax(scores, dim=-1)

    square = st.integers(1, 4).flatmap(
        lambda T: st.lists(
            st.lists(st.integers(-3, 3), min_size=T, max_size=T), min_size=T, max_size=T
        )
    )
    scores = find(
        square,
        lambda s: (
            not torch.allclose(
                pitfalls.softmax_over_queries(torch.tensor(s, dtype=torch.float64)).sum(-1),
                torch.ones(len(s), dtype=torch.float64),
            )
        ),
        settings=config,
    )
    return {
        "minimal": {
            "input": {"scores": scores},
            "correct": _softmax_outcome(softmax_over_keys, scores),
            "wrong": _softmax_outcome(pitfalls.softmax_over_queries, scores),
        }
    }


# ----------------------------------------------------------------------------- the pitfalls


SPLIT_WITHOUT_TRANSPOSE = Pitfall(
    mistake="heads split by reshape(B, h, T, d_head) straight away, without the transpose",
    what_goes_wrong=(
        "The shape is right, the numbers are not: each head gets consecutive numbers of one "
        "token's row (several tokens' pieces) instead of the same feature slice of every token. "
        "Nothing fails; the self-attention output (fixed module, seed 0, float64) changes."
    ),
    wrong=pitfalls.split_heads_without_transpose,
    correct_function="mha.split_heads",
    find=_find_split,
)

VIEW_AFTER_TRANSPOSE = Pitfall(
    mistake="heads merged with .view after .transpose",
    what_goes_wrong=(
        "The transposed tensor is not contiguous, so .view raises RuntimeError; reshape (or "
        ".contiguous().view) copies when it must."
    ),
    wrong=pitfalls.merge_heads_with_view,
    correct_function="mha.merge_heads",
    find=_find_view,
)

SOFTMAX_OVER_QUERIES = Pitfall(
    mistake="softmax over the query axis (dim=-2) instead of the key axis (dim=-1)",
    what_goes_wrong=(
        "Each key's column sums to 1 instead of each query's row, so a query's weights over "
        "the keys no longer sum to 1; with T = S the shapes cannot tell."
    ),
    wrong=pitfalls.softmax_over_queries,
    correct_function="torch.softmax(scores, dim=-1)",
    find=_find_softmax,
)

PITFALLS: tuple[Pitfall, ...] = tuple(declared())  # found, not listed: see declared()


# ----------------------------------------------------------------------------- the file


def versions() -> dict[str, str]:
    """The versions a search depends on: hypothesis (the shrinker) and torch (the numbers)."""
    import hypothesis

    return {"hypothesis": hypothesis.__version__, "torch": torch.__version__}


def build_report(progress: bool = False) -> dict[str, Any]:
    """Every pitfall with the smallest failing input the search finds (deterministic)."""
    from tqdm import tqdm

    config = search_settings()
    entries = []
    bar = tqdm(PITFALLS, desc=PROG, unit="pitfall", disable=not progress, file=sys.stderr)
    for p in bar:
        bar.set_postfix_str(p.name)
        found = p.find(config)
        entries.append(
            {
                "name": p.name,
                "wrong_function": p.wrong_function,
                "correct_function": p.correct_function,
                "mistake": p.mistake,
                "what_goes_wrong": p.what_goes_wrong,
                **found,
            }
        )
    bar.close()
    return {
        "format_version": FORMAT_VERSION,
        "generated_by": PROG,
        "search": {
            "tool": "hypothesis.find",
            **versions(),
            "derandomize": True,
            "max_examples": MAX_EXAMPLES,
        },
        "pitfalls": entries,
    }


def render(report: dict[str, Any]) -> str:
    """The JSON text written to disk (stable key order, one trailing newline)."""
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"


def check(path: Path) -> tuple[int, str]:
    """Compare the gallery file at ``path`` with a fresh search: ``(exit status, message)``.

    Status 1 if the file is missing, unreadable, names other pitfalls than the declared ones,
    or (found with the installed versions) differs in any byte from a fresh search. A file found
    with other versions cannot be compared: status 0, and the message says so.
    """
    if not path.is_file():
        return 1, f"{path}: missing; run {PROG} --out {path.parent}"
    try:
        committed = json.loads(path.read_text(encoding="utf-8"))
        names = [entry["name"] for entry in committed["pitfalls"]]
        found_with = {key: committed["search"][key] for key in versions()}
    except (ValueError, KeyError, TypeError) as err:
        return 1, f"{path}: not a gallery file ({err!r}); run {PROG} --out {path.parent}"
    if names != [p.name for p in PITFALLS]:
        return 1, f"{path}: OUT OF DATE (its pitfalls are not the declared ones)"
    if found_with != versions():
        used = ", ".join(f"{k} {v}" for k, v in found_with.items())
        now = ", ".join(f"{k} {v}" for k, v in versions().items())
        return 0, f"{path}: found with {used}, installed {now}: not compared"
    same = path.read_text(encoding="utf-8") == render(build_report())
    return (0, f"{path}: up to date") if same else (1, f"{path}: OUT OF DATE")


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description=(
            "Find a smallest failing input for every wrong variant in mha.pitfalls and write"
            f" {RESULT_NAME} into --out (about ten seconds). Writing into docs/results rewrites"
            " a tracked result: then run .venv/bin/python -m docs.gen."
        ),
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("docs/results"),
        help=f"folder for {RESULT_NAME} (default: %(default)s)",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="do not write; exit 1 if the file in --out differs from a fresh search under the"
        " same hypothesis and torch versions (other versions: exit 0 and say so)"
        " (default: off)",
    )
    parser.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="no progress bar; without it a bar shows only when stderr is a terminal"
        " (default: off)",
    )
    args = parser.parse_args(argv)
    path = args.out / RESULT_NAME
    if args.check:
        status, message = check(path)
        print(message)
        return status
    if args.out.exists() and not args.out.is_dir():
        print(f"{PROG}: error: --out {args.out} is not a folder", file=sys.stderr)
        return 2
    text = render(build_report(progress=not args.quiet and _is_terminal(sys.stderr)))
    atomic_write_text(path, text)  # a temporary file, then os.replace: never a cut file
    for entry in json.loads(text)["pitfalls"]:
        m = entry["minimal"]
        print(f"{entry['name']}: input {json.dumps(m['input'])}")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
