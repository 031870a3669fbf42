"""The study note's beginner mistakes, written down on purpose so that tests and the site can
show what they do.

* :func:`split_heads_without_transpose`: ``reshape(B, h, T, d_head)`` straight away. The shape is
  right, the numbers are not: each "head" now holds pieces of several tokens. Nothing fails.
* :func:`merge_heads_with_view`: ``.view`` after ``.transpose`` needs contiguous memory and raises;
  ``reshape`` (or ``.contiguous().view``) works.
* :func:`softmax_over_queries`: softmax on the query axis (``dim=-2``), so a query's weights over
  the keys no longer sum to 1.

``python -m mha.pitfalls`` searches (with hypothesis, derandomised, so the answer is the same
every time) for a smallest input on which each mistake goes wrong, and writes them to
``docs/results/mha_pitfalls.json`` for the site's gallery.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch

from mha.heads import merge_heads, split_heads
from mha.module import MultiHeadAttention
from mha.reference import per_head_attention

Split = Callable[[torch.Tensor, int], torch.Tensor]


def split_heads_without_transpose(x: torch.Tensor, n_heads: int) -> torch.Tensor:
    """WRONG: ``(B, T, d_model)`` -> ``(B, h, T, d_head)`` by reshape alone."""
    B, T, d_model = x.shape
    return x.reshape(B, n_heads, T, d_model // n_heads)


def merge_heads_with_view(x: torch.Tensor) -> torch.Tensor:
    """WRONG: ``view`` after ``transpose``; raises ``RuntimeError`` on non-contiguous input."""
    B, h, T, d_head = x.shape
    return x.transpose(1, 2).view(B, T, h * d_head)


def softmax_over_queries(scores: torch.Tensor) -> torch.Tensor:
    """WRONG: softmax over the query axis ``dim=-2`` instead of the key axis ``dim=-1``."""
    return torch.softmax(scores, dim=-2)


def self_attention_with_split(m: MultiHeadAttention, x: torch.Tensor, split: Split) -> torch.Tensor:
    """``m``'s self-attention with the head split replaced by ``split`` (merge stays right)."""
    q, k, v = (split(lin(x), m.n_heads) for lin in (m.W_q, m.W_k, m.W_v))  # (B, h, T, d_head)
    weights = torch.softmax(q @ k.transpose(-2, -1) / math.sqrt(m.d_head), dim=-1)  # (B, h, T, T)
    return m.W_o(merge_heads(weights @ v))  # (B, T, d_model)


def reference_module(d_model: int, n_heads: int) -> MultiHeadAttention:
    """The fixed module (seed 0, float64) the counterexamples are checked on."""
    return MultiHeadAttention(d_model, n_heads, generator=torch.Generator().manual_seed(0)).to(
        torch.float64
    )


def wrong_split_differs(T: int, n_heads: int, d_head: int, values: list[int]) -> bool:
    """True when the reshape-only split gives another output than the per-head reference."""
    x = torch.tensor(values, dtype=torch.float64).reshape(1, T, n_heads * d_head)
    m = reference_module(n_heads * d_head, n_heads)
    wrong = self_attention_with_split(m, x, split_heads_without_transpose)
    right, _ = per_head_attention(m, x)
    return not torch.allclose(wrong, right, atol=1e-9)


def search_settings() -> Any:
    """The hypothesis settings of the search: the same answer on any machine, at any speed.

    Built on hypothesis' ``default`` profile (not on whichever profile is loaded, such as a test
    suite's), derandomised, with no example database and no deadline: the first call warms
    torch up and may take seconds on a busy machine, which must not turn into a
    ``DeadlineExceeded`` (hypothesis' default deadline is 200 ms per call).

    Returns
    -------
    hypothesis.settings
        ``deadline=None``, ``derandomize=True``, ``database=None``, ``max_examples=2000``.
    """
    from hypothesis import settings

    return settings(
        settings.get_profile("default"),
        database=None,
        derandomize=True,
        max_examples=2000,
        deadline=None,
    )


def find_counterexamples() -> dict[str, Any]:
    """Smallest inputs on which each mistake goes wrong, found by hypothesis (derandomised)."""
    from hypothesis import find
    from hypothesis import strategies as st

    quiet = search_settings()

    @st.composite
    def split_problems(draw):
        T, n_heads, d_head = (
            draw(st.integers(1, 4)),
            draw(st.integers(1, 3)),
            draw(st.integers(1, 2)),
        )
        n = T * n_heads * d_head
        values = draw(st.lists(st.integers(-3, 3), min_size=n, max_size=n))
        return T, n_heads, d_head, values

    T, n_heads, d_head, values = find(
        split_problems(), lambda p: wrong_split_differs(*p), settings=quiet
    )
    x = torch.tensor(values, dtype=torch.float64).reshape(1, T, n_heads * d_head)
    m = reference_module(n_heads * d_head, n_heads)
    with torch.no_grad():
        wrong_out = self_attention_with_split(m, x, split_heads_without_transpose)
        right_out, _ = per_head_attention(m, x)
    labels = torch.arange(1.0, x.numel() + 1).reshape(x.shape)  # token t, feature j -> a label

    def rows(t: torch.Tensor) -> list:
        return [[round(float(v), 4) for v in r] for r in t.reshape(-1, t.shape[-1])]

    wrong_reshape = {
        "T": T, "n_heads": n_heads, "d_head": d_head, "x": rows(x[0]),
        "labels": rows(labels[0]),
        "right_heads": [rows(h) for h in split_heads(labels, n_heads)[0]],
        "wrong_heads": [rows(h) for h in split_heads_without_transpose(labels, n_heads)[0]],
        "max_output_difference": round(float((wrong_out - right_out).abs().max()), 4),
    }  # fmt: skip

    heads = torch.arange(8.0).reshape(1, 2, 2, 2)  # (B, h, T, d_head), as attention returns it
    try:
        merge_heads_with_view(heads)
        view_error = None
    except RuntimeError as e:
        view_error = str(e).split("\n")[0]
    merged = merge_heads(heads)  # reshape copies when it must

    scores_list = find(
        st.integers(1, 4).flatmap(
            lambda T: st.lists(
                st.lists(st.integers(-3, 3), min_size=T, max_size=T), min_size=T, max_size=T
            )
        ),
        lambda s: (
            not torch.allclose(
                softmax_over_queries(torch.tensor(s, dtype=torch.float64)).sum(-1),
                torch.ones(len(s), dtype=torch.float64),
            )
        ),
        settings=quiet,
    )
    scores = torch.tensor(scores_list, dtype=torch.float64)
    wrong_axis = {
        "scores": scores_list,
        "row_sums_right": [round(float(v), 4) for v in torch.softmax(scores, -1).sum(-1)],
        "row_sums_wrong": [round(float(v), 4) for v in softmax_over_queries(scores).sum(-1)],
    }
    import hypothesis

    return {
        "found_with": {"hypothesis": hypothesis.__version__, "torch": torch.__version__},
        "wrong_reshape": wrong_reshape,
        "view_after_transpose": {
            "shape": list(heads.shape),
            "error": view_error,
            "reshape_result_shape": list(merged.shape),
        },
        "softmax_wrong_axis": wrong_axis,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m mha.pitfalls", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--out", type=Path, default=Path("docs/results/mha_pitfalls.json"))
    args = parser.parse_args(argv)
    text = json.dumps(find_counterexamples(), indent=2, ensure_ascii=False) + "\n"
    tmp = args.out.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(args.out)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
