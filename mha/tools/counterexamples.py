"""The MHA pitfall gallery's declarations: each deliberate mistake of :mod:`mha.pitfalls`, what
it should have been, and where to search for an input that shows it.

Run ``python -m mha.tools.counterexamples [--out docs/results] [--check] [--quiet]``: the
gallery engine (:mod:`house.gallery`, shared with ``python -m
graphs.tools.counterexamples``) has hypothesis find a smallest input on which each wrong
variant goes wrong and writes ``mha_pitfalls.json`` for the site (``docs/mha/pitfalls.md``
includes ``docs/generated/mha/pitfalls/<name>.md``). ``--check`` writes nothing and exits 1
when the file differs from a fresh search under the installed hypothesis and torch (the numbers
are rounded to ``DIGITS`` decimals; other versions cannot be compared: exit 0, saying so).

Each pitfall is a :class:`~house.pitfall.Pitfall` constant below; the engine finds them
(no list names them). Needs ``hypothesis``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import torch

from house import gallery
from house.pitfall import Pitfall
from mha import pitfalls
from mha.heads import merge_heads, split_heads

__all__ = [
    "MAX_EXAMPLES",
    "PITFALLS",
    "RESULT_NAME",
    "SOFTMAX_OVER_QUERIES",
    "SPLIT_WITHOUT_TRANSPOSE",
    "VERSIONS",
    "VIEW_AFTER_TRANSPOSE",
]

RESULT_NAME = "mha_pitfalls.json"
MAX_EXAMPLES = 2000
VERSIONS = ("hypothesis", "torch")  # the shrinker, and the numbers
DIGITS = 4


def _rows(t: torch.Tensor) -> list[list[float]]:
    """A tensor as a list of rows (last axis), each value rounded to ``DIGITS``."""
    return [[round(float(v), DIGITS) for v in r] for r in t.reshape(-1, t.shape[-1])]


# ----------------------------------------------------------------------------- split heads
# A search input is (T, n_heads, d_head, values): T tokens of n_heads * d_head small integers.

Problem = tuple[int, int, int, list[int]]


def _split_problems() -> Any:
    from hypothesis import strategies as st

    @st.composite
    def build(draw: Any) -> Problem:
        T, n_heads, d_head = (
            draw(st.integers(1, 4)),
            draw(st.integers(1, 3)),
            draw(st.integers(1, 2)),
        )
        n = T * n_heads * d_head
        values = draw(st.lists(st.integers(-3, 3), min_size=n, max_size=n))
        return T, n_heads, d_head, values

    return build()


def _tokens(p: Problem) -> torch.Tensor:
    T, n_heads, d_head, values = p
    return torch.tensor(values, dtype=torch.float64).reshape(1, T, n_heads * d_head)  # (B, T, d)


def _attention_with(split: Callable[..., torch.Tensor], p: Problem) -> torch.Tensor:
    """Self-attention of the fixed module (seed 0, float64) on ``p``, heads split by ``split``."""
    m = pitfalls.reference_module(p[1] * p[2], p[1])
    with torch.no_grad():
        return pitfalls.self_attention_with_split(m, _tokens(p), split)  # (B, T, d_model)


def _split_outcome(split: Callable[..., torch.Tensor], p: Problem) -> dict[str, Any]:
    return {"returns": _rows(_attention_with(split, p)[0])}


def _split_differs(p: Problem) -> bool:
    # pitfalls.wrong_split_differs is looked up at each call (a test can slow it down)
    return pitfalls.wrong_split_differs(*p)


def _split_input(p: Problem) -> dict[str, Any]:
    T, n_heads, d_head, _ = p
    return {"T": T, "n_heads": n_heads, "d_head": d_head, "x": _rows(_tokens(p)[0])}


def _split_illustration(p: Problem) -> dict[str, Any]:
    """How far the outputs differ, and what each split puts in each head (position labels)."""
    n_heads = p[1]
    wrong = _attention_with(pitfalls.split_heads_without_transpose, p)
    right = _attention_with(split_heads, p)
    labels = torch.arange(1.0, _tokens(p).numel() + 1).reshape(_tokens(p).shape)  # (1, T, d)
    wrong_heads = pitfalls.split_heads_without_transpose(labels, n_heads)  # (B, h, T, d_head)
    return {
        "max_output_difference": round(float((wrong - right).abs().max()), DIGITS),
        "illustration": {
            "labels": _rows(labels[0]),
            "right_heads": [_rows(h) for h in split_heads(labels, n_heads)[0]],
            "wrong_heads": [_rows(h) for h in wrong_heads[0]],
        },
    }


# ----------------------------------------------------------------------------- merge heads
# A search input is the shape (B, h, T, d_head) of the heads to merge.


def _head_shapes() -> Any:
    from hypothesis import strategies as st

    return st.tuples(st.integers(1, 2), st.integers(1, 3), st.integers(1, 3), st.integers(1, 2))


def _merge_outcome(merge: Callable[[torch.Tensor], torch.Tensor], shape: tuple) -> dict:
    heads = torch.arange(float(torch.Size(shape).numel())).reshape(shape)  # (B, h, T, d_head)
    try:
        return {"returns": {"shape": list(merge(heads).shape)}}
    except RuntimeError as err:
        return {"raises": "RuntimeError", "message": str(err).split("\n")[0]}


# ----------------------------------------------------------------------------- softmax
# A search input is a square T x T list of integer scores: query rows, key columns.


def _square_scores() -> Any:
    from hypothesis import strategies as st

    return st.integers(1, 4).flatmap(
        lambda T: st.lists(
            st.lists(st.integers(-3, 3), min_size=T, max_size=T), min_size=T, max_size=T
        )
    )


def softmax_over_keys(scores: torch.Tensor) -> torch.Tensor:
    """The right softmax: each query's row of weights over the keys sums to 1."""
    return torch.softmax(scores, dim=-1)


def _softmax_outcome(softmax: Callable[[torch.Tensor], torch.Tensor], scores: list) -> dict:
    weights = softmax(torch.tensor(scores, dtype=torch.float64))  # (T, T): query rows, key cols
    return {
        "returns": _rows(weights),
        "row_sums": [round(float(v), DIGITS) for v in weights.sum(-1)],
    }


def _rows_do_not_sum_to_one(scores: list) -> bool:
    weights = pitfalls.softmax_over_queries(torch.tensor(scores, dtype=torch.float64))
    return not torch.allclose(weights.sum(-1), torch.ones(len(scores), dtype=torch.float64))


# ----------------------------------------------------------------------------- the pitfalls


SPLIT_WITHOUT_TRANSPOSE = Pitfall(
    mistake="heads split by reshape(B, h, T, d_head) straight away, without the transpose",
    what_goes_wrong=(
        "The shape is right, the numbers are not: each head gets consecutive numbers of one "
        "token's row (several tokens' pieces) instead of the same feature slice of every token. "
        "Nothing fails; the self-attention output (fixed module, seed 0, float64) changes."
    ),
    wrong=pitfalls.split_heads_without_transpose,
    correct=split_heads,
    correct_function="mha.split_heads",
    strategy=_split_problems,
    outcome=_split_outcome,
    goes_wrong=_split_differs,
    describe=_split_input,
    extra=_split_illustration,
)

VIEW_AFTER_TRANSPOSE = Pitfall(
    mistake="heads merged with .view after .transpose",
    what_goes_wrong=(
        "The transposed tensor is not contiguous, so .view raises RuntimeError; reshape (or "
        ".contiguous().view) copies when it must."
    ),
    wrong=pitfalls.merge_heads_with_view,
    correct=merge_heads,
    correct_function="mha.merge_heads",
    strategy=_head_shapes,
    outcome=_merge_outcome,  # goes wrong where view raises: otherwise both give the same shape
    describe=lambda shape: {"shape": list(shape)},
)

SOFTMAX_OVER_QUERIES = Pitfall(
    mistake="softmax over the query axis (dim=-2) instead of the key axis (dim=-1)",
    what_goes_wrong=(
        "Each key's column sums to 1 instead of each query's row, so a query's weights over "
        "the keys no longer sum to 1; with T = S the shapes cannot tell."
    ),
    wrong=pitfalls.softmax_over_queries,
    correct=softmax_over_keys,
    correct_function="torch.softmax(scores, dim=-1)",
    strategy=_square_scores,
    outcome=_softmax_outcome,
    goes_wrong=_rows_do_not_sum_to_one,
    describe=lambda scores: {"scores": scores},
)

PITFALLS: tuple[Pitfall, ...] = tuple(gallery.declared(sys.modules[__name__]))  # found, not listed


if __name__ == "__main__":
    raise SystemExit(gallery.main("mha.tools.counterexamples"))
