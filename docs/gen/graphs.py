"""Graph pages: scaling, timing comparison and pitfall counterexamples per problem.

Sources: ``docs/results/graphs_bench.json`` and ``docs/results/graphs_scaling.png``
(``python -m graphs.bench``), ``docs/results/graphs_pitfalls.json``
(``python -m graphs.counterexamples``). A results file that does not exist yet gives a fragment
that says so, never made-up numbers.
"""

from __future__ import annotations

import json
from typing import Any

from docs.gen.common import RESULTS, Content, header, load_json, missing_results

BENCH = "docs/results/graphs_bench.json"
PITFALLS = "docs/results/graphs_pitfalls.json"
PAGES = ("islands", "max_area", "components", "courses", "traversal")

# Which page shows which wrong variant (695 uses the same island search as 200).
PITFALL_PAGES = {
    "bfs_order_mark_on_dequeue": ("traversal",),
    "num_islands_recursive": ("islands", "max_area"),
    "num_islands_wraparound": ("islands", "max_area"),
    "has_cycle_single_flag": ("courses",),
    "kahn_without_count_check": ("courses",),
    "count_components_from_edges": ("components",),
}

# Korean wording of each mistake and its effect (the JSON carries the English originals).
PITFALL_TEXT = {
    "bfs_order_mark_on_dequeue": (
        "방문 표시를 큐에 넣을 때가 아니라 꺼낼 때 한다.",
        "꺼내기 전에 두 번 도달한 정점이 큐에 두 번 들어가 두 번 방문된다. "
        "빽빽한 그래프에서는 큐가 \\(O(E)\\)까지 커진다.",
    ),
    "num_islands_recursive": (
        "재귀로 섬을 지운다(칸 하나에 Python 프레임 하나).",
        "작은 격자에서는 맞지만, \\(k\\)칸짜리 섬은 재귀 깊이가 \\(k\\) 가까이 필요하다. "
        "Python의 기본 한도(1000 프레임)를 넘으면 `RecursionError`.",
    ),
    "num_islands_wraparound": (
        "경계 검사를 `IndexError`를 잡는 것으로 대신한다: `r - 1 == -1`은 마지막 행이다.",
        "음수 인덱스가 반대편으로 돌아가서 양쪽 경계의 칸이 이웃이 되고, 서로 다른 섬이 합쳐진다.",
    ),
    "has_cycle_single_flag": (
        "방향 그래프의 사이클 판정(반환값: 사이클이 있는가)에 방문 플래그 하나만 쓴다. "
        "미방문·진행 중·완료 세 상태가 필요하다.",
        "이미 끝난 정점(다이아몬드의 공통 후손, 앞선 탐색에서 본 정점)을 만나도 사이클로 본다. "
        "DAG에서 거짓 사이클.",
    ),
    "kahn_without_count_check": (
        "Kahn 알고리즘에서 처리한 정점 수를 \\(n\\)과 비교하지 않는다.",
        "사이클 위의 정점은 진입 차수가 0이 되지 않아 영영 큐에 들어가지 못한다. "
        "그 부분 순서를 답처럼 돌려준다.",
    ),
    "count_components_from_edges": (
        "간선 목록에 나온 정점으로만 그래프를 만든다.",
        "간선이 없는 고립 정점이 빠져 요소 수가 모자란다.",
    ),
}


def _code(value: Any) -> str:
    """Inline code in Python spelling: ``[[1, 0]]``, ``True``."""
    if isinstance(value, bool):
        return f"`{value}`"
    return "`" + json.dumps(value, ensure_ascii=False) + "`"


def _input(inp: dict[str, Any]) -> str:
    if isinstance(inp.get("grid"), str):  # a described grid, e.g. "100 x 100, every cell 1"
        return f"{inp['rows']} × {inp['cols']} 격자, 모든 칸 {_code(inp['fill'])}"
    return ", ".join(f"`{k}` = {_code(v)}" for k, v in inp.items())


def _outcome(out: dict[str, Any]) -> str:
    if "raises" in out:
        extra = f" (사이클 {_code(out['cycle'])})" if "cycle" in out else ""
        return f"`{out['raises']}` 발생{extra}"
    return _code(out["returns"])


def _pitfall(p: dict[str, Any]) -> str:
    mistake, effect = PITFALL_TEXT.get(p["name"], (p["mistake"], p["what_goes_wrong"]))
    rows = [
        "| 입력 | 올바른 함수 | 틀린 풀이 |",
        "| :-- | :-- | :-- |",
    ]
    for label, case in (("가장 작은 반례", p["minimal"]), ("익숙한 예", p.get("classic"))):
        if case:
            rows.append(
                f"| {label}: {_input(case['input'])} | {_outcome(case['correct'])} "
                f"| {_outcome(case['wrong'])} |"
            )
    return (
        f"### `{p['wrong_function']}`\n\n"
        f"- **실수**: {mistake}\n"
        f"- **무엇이 틀리나**: {effect}\n"
        f"- **올바른 함수**: `{p['correct_function']}`\n\n" + "\n".join(rows) + "\n"
    )


def pitfall_fragments() -> dict[str, str]:
    path = RESULTS / "graphs_pitfalls.json"
    if not path.is_file():
        return {key: missing_results(PITFALLS, "python -m graphs.counterexamples") for key in PAGES}
    data = load_json(path)
    search = data.get("search", {})
    note = (
        f"\n반례는 `{data.get('generated_by', 'python -m graphs.counterexamples')}`가 "
        f"{search.get('tool', 'hypothesis')}(hypothesis {search.get('hypothesis', '?')}, "
        f"난수 고정, 최대 {search.get('max_examples', '?')}개 예제)로 찾았다.\n"
    )
    parts: dict[str, list[str]] = {key: [] for key in PAGES}
    for p in data["pitfalls"]:
        for key in PITFALL_PAGES.get(p["name"], ("traversal",)):
            parts[key].append(_pitfall(p))
    return {
        key: header(PITFALLS) + "\n" + ("\n".join(chunks) if chunks else "(해당 없음)\n") + note
        for key, chunks in parts.items()
    }


# Which bench problem measures which page (695 runs the same island search as 200).
BENCH_OF_PAGE = {
    "islands": "islands",
    "max_area": "islands",
    "components": "components",
    "courses": "toposort",
    "traversal": "bfs",
}
FIGURE = (
    "![크기에 따른 실행 시간, log-log (우리 구현, networkx, 참조 구현)]"
    "(../results/graphs_scaling.png)\n"
)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.3g}"


def _slope(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


def _problem(name: str, prob: dict[str, Any], data: dict[str, Any]) -> str:
    lo, hi = data["settings"]["slope_goal"]
    ours = prob["ours"]
    solvers = [*ours, prob["networkx"], prob["reference"]]
    ref_kind = "C" if prob["reference_is_c"] else "순수 Python"
    slope_rows = []
    for solver in solvers:
        role = "우리" if solver in ours else ("networkx" if solver == prob["networkx"] else "참조")
        s = prob["slopes"].get(solver)
        ok = s is not None and lo <= s <= hi
        verdict = ("선형 범위 안" if ok else "범위 밖") if solver in ours else ""
        slope_rows.append(f"| {role} | `{solver}` | {_slope(s)} | {verdict} |")
    lines = [
        f"**측정한 문제**: `{name}` (x축: {prob['x_label']}), 참조 구현은 {ref_kind}.",
        "",
        f"**log-log 기울기** (선형 \\(O(V + E)\\)이면 1에 가깝다; 목표 범위 [{lo}, {hi}])",
        "",
        "| 구분 | 함수 | 기울기 | 판정 |",
        "| :-- | :-- | --: | :-- |",
        *slope_rows,
        "",
        "**크기별 중앙값 시간 (ms)**",
        "",
        "| " + prob["x_label"] + " | " + " | ".join(f"`{s}`" for s in solvers) + " |",
        "| --: | " + " | ".join("--:" for _ in solvers) + " |",
    ]
    for i, x in enumerate(prob["x"]):
        cells = [
            _ms(prob["seconds"][s][i]) if i < len(prob["seconds"][s]) else "—" for s in solvers
        ]
        lines.append(f"| {x:,} | " + " | ".join(cells) + " |")
    target = prob.get("at_target")
    if target:
        label = "목표 크기" if target["is_target"] else "측정한 가장 큰 크기(목표 크기 아님)"
        lines += [
            "",
            f"**{label}에서의 비교** ({prob['x_label']} = {target['x']:,})",
            "",
            "| 우리 함수 | 우리 (ms) | networkx (ms) | 참조 (ms) "
            "| networkx 대비 속도 | 우리 / 참조 |",
            "| :-- | --: | --: | --: | --: | --: |",
        ]
        for solver, r in target["ratios"].items():
            lines.append(
                f"| `{solver}` | {_ms(r['seconds'])} | {_ms(r['networkx_seconds'])} "
                f"| {_ms(r['reference_seconds'])} | {r['speedup_vs_networkx']:.1f}배 "
                f"| {r['ours_over_reference']:.2f} |"
            )
    if not prob.get("answers_agree", True):
        lines += ["", '!!! failure "답이 다르다"', "    측정 중 세 구현의 답이 일치하지 않았다."]
    return "\n".join(lines) + "\n"


def _run_note(data: dict[str, Any]) -> str:
    m, v = data["machine"], data["versions"]
    note = (
        f"\n측정: `{data['generated_by']}`, {data['settings']['statistic']}. "
        f"{m['processor']} × {m['cpu_count']}, Python {v['python']}, networkx {v['networkx']}, "
        f"scipy {v['scipy']}.\n"
    )
    if data.get("quick") or data.get("interrupted"):
        note += (
            '\n!!! warning "짧은 측정"\n'
            "    빠른 실행이거나 중간에 멈춘 측정이다. 크기가 작아 기울기에 잡음이 크고, "
            "목표 크기는 재지 않았다.\n"
        )
    return note


def render_scaling(data: dict[str, Any]) -> dict[str, str]:
    """Fragments keyed ``overview`` and each page key, from the bench JSON."""
    note = _run_note(data)
    out = {}
    goals = data["goals"]
    rows = [
        f"| {k} | {_slope(g['slope'])} | {'달성' if g['met'] else '미달성'} |"
        for k, g in goals["slopes_linear"].items()
    ]
    speed = [
        f"| {k} | {g['speedup_vs_networkx']:.1f}배 | "
        f"{('달성' if g['met'] else '미달성') if g['evaluated'] else '평가 안 함'} |"
        for k, g in goals["speedup_vs_networkx"].items()
    ]
    goal = data["settings"]["speedup_goal_vs_networkx"]
    out["overview"] = (
        header(BENCH)
        + "\n"
        + FIGURE
        + "\n| 문제: 함수 | 기울기 | 선형 목표 |\n| :-- | --: | :-- |\n"
        + "\n".join(rows)
        + f"\n\n| 문제: 함수 | networkx 대비 | {goal:g}배 목표 |\n| :-- | --: | :-- |\n"
        + "\n".join(speed)
        + "\n"
        + note
    )
    for key in PAGES:
        name = BENCH_OF_PAGE[key]
        prob = data["problems"].get(name)
        body = _problem(name, prob, data) if prob else "(이 문제의 측정이 없다)\n"
        out[key] = header(BENCH) + "\n" + FIGURE + "\n" + body + note
    return out


def scaling_fragments() -> dict[str, str]:
    path = RESULTS / "graphs_bench.json"
    if not path.is_file():
        missing = missing_results(BENCH, "python -m graphs.bench")
        return {"overview": missing, **{key: missing for key in PAGES}}
    return render_scaling(load_json(path))


def generate() -> dict[str, Content]:
    out: dict[str, Content] = {}
    scaling = scaling_fragments()
    out["generated/graphs_overview.md"] = scaling["overview"]
    for key, text in pitfall_fragments().items():
        out[f"generated/graphs_{key}_pitfalls.md"] = text
    for key in PAGES:
        out[f"generated/graphs_{key}_scaling.md"] = scaling[key]
    return out
