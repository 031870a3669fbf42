"""Graph pages: scaling, timing comparison and pitfall counterexamples per problem.

Sources: ``docs/results/graphs_bench.json``, ``docs/results/graphs_scaling.png`` and
``docs/results/graphs_pitfalls.json`` (made by ``python -m graphs.bench`` and
``python -m graphs.counterexamples``).
"""

from __future__ import annotations

from docs.gen.common import RESULTS, Content, header

PAGES = ("islands", "max_area", "components", "courses", "traversal")


def _missing(source: str) -> str:
    return (
        header(source)
        + '\n!!! warning "아직 결과 파일이 없다"\n'
        + f"    `{source}`가 아직 없다. 그래프 벤치마크를 실행한 뒤 "
        + "`python -m docs.gen`을 다시 실행한다.\n"
    )


def generate() -> dict[str, Content]:
    bench = "docs/results/graphs_bench.json"
    pitfalls = "docs/results/graphs_pitfalls.json"
    out: dict[str, Content] = {}
    out["generated/graphs_overview.md"] = _missing(bench)
    for key in PAGES:
        out[f"generated/graphs_{key}_scaling.md"] = _missing(bench)
        out[f"generated/graphs_{key}_pitfalls.md"] = _missing(pitfalls)
    assert RESULTS  # real rendering lands with the results files
    return out
