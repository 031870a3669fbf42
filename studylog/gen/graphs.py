"""Graph pages: the scaling overview, and one fragment per benchmarked problem and per pitfall.

Sources: ``docs/results/graphs_bench.json`` (``python -m graphs.tools.bench``; the scaling
figures are drawn from it here, :mod:`studylog.gen.graphs_figures`) and
``docs/results/graphs_pitfalls.json`` (``python -m graphs.tools.counterexamples``). A results
file (or an entry in one) that does not exist yet gives a fragment that says so, never made-up
numbers.

No list of pages or problems is kept here. The problems are the ``Problem`` declarations of
:mod:`graphs.tools.scaling` and the pitfalls the ``Pitfall`` declarations of
:mod:`graphs.tools.counterexamples` (plus anything the results files hold); each gets its own
fragment,

* ``docs/generated/graphs/scaling/<problem>.md`` (e.g. ``islands``, ``max_area``),
* ``docs/generated/graphs/pitfalls/<wrong function>.md`` (e.g. ``max_area_mark_on_pop``),
* ``docs/generated/graphs/linear_rule.md``: the one definition of linear
  (:mod:`graphs.tools.linear`), for the pages that judge a slope outside the benchmark's,

and the page that shows the code of the functions concerned includes it, next to its own
Korean explanation of the mistake. The pitfall fragments are rendered by the galleries' one
renderer, :mod:`studylog.gen.gallery` (the MHA gallery's too). ``tests/docs/test_pages_graphs.py``
checks that every fragment is included by exactly one page, that this page holds the records of
the functions measured (or done right), and that it explains each pitfall it shows.
"""

from __future__ import annotations

import math
from typing import Any

from graphs.tools.linear import LINEAR_RULE_KO, LINEAR_SLOPE_MAX, is_linear
from graphs.tools.scaling import X_LABEL_KO, title_of
from studylog.gen import gallery
from studylog.gen.common import RESULTS, Content, header, load_json, missing_results
from studylog.gen.graphs_figures import OVERVIEW, figure_md, scaling_figures

BENCH = "docs/results/graphs_bench.json"
OUT = "generated/graphs"


def pitfall_fragments() -> dict[str, str]:
    """``wrong function name -> fragment`` for every declared or recorded pitfall
    (:func:`studylog.gen.gallery.pitfall_fragments` on ``graphs.tools.counterexamples``)."""
    return gallery.pitfall_fragments("graphs.tools.counterexamples", RESULTS)


def _ms(seconds: float) -> str:
    """Milliseconds with at least three significant figures and never in exponent notation:
    ``57.7``, ``0.0123``, and whole milliseconds from 100 up (``1,655``, not ``1.66e+03``)."""
    ms = seconds * 1000
    if ms == 0:
        return "0"
    digits = max(0, 2 - math.floor(math.log10(abs(ms))))
    return f"{round(ms, digits):,.{digits}f}"


def _x(prob: dict[str, Any]) -> str:
    """What a problem's size counts, in Korean (``cells`` -> ``격자 칸 수``)."""
    return X_LABEL_KO.get(prob["x_label"], prob["x_label"])


def _slope(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


def _problem(name: str, prob: dict[str, Any], data: dict[str, Any]) -> str:
    ours = prob["ours"]
    solvers = [*ours, prob["networkx"], prob["reference"]]
    ref_kind = "C" if prob["reference_is_c"] else "순수 Python"
    slope_rows = []
    for solver in solvers:
        role = "우리" if solver in ours else ("networkx" if solver == prob["networkx"] else "참조")
        s = prob["slopes"].get(solver)
        verdict = ("선형" if is_linear(s) else "선형보다 가파름") if solver in ours else ""
        slope_rows.append(f"| {role} | `{solver}` | {_slope(s)} | {verdict} |")
    lines = [
        f"**측정한 문제**: {title_of(name)} (`{name}`, x축은 {_x(prob)}), 참조 구현은 {ref_kind}.",
        "",
        f"**log-log 기울기** (선형 \\(O(V + E)\\)이면 1에 가깝다. "
        f"{LINEAR_SLOPE_MAX} 이하면 선형으로 본다)",
        "",
        "| 구분 | 함수 | 기울기 | 판정 |",
        "| :-- | :-- | --: | :-- |",
        *slope_rows,
        "",
        "**크기별 중앙값 시간 (ms)**",
        "",
        "| " + _x(prob) + " | " + " | ".join(f"`{s}`" for s in solvers) + " |",
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
        ratios = target["ratios"]  # a column per function, so the labels stay in view on a phone
        rows = [
            ("우리 (ms)", lambda r: _ms(r["seconds"])),
            ("networkx (ms)", lambda r: _ms(r["networkx_seconds"])),
            ("참조 (ms)", lambda r: _ms(r["reference_seconds"])),
            ("networkx 대비 속도", lambda r: f"{r['speedup_vs_networkx']:.1f}배"),
            ("우리 / 참조", lambda r: f"{r['ours_over_reference']:.2f}"),
        ]
        lines += [
            "",
            f"**{label}에서의 비교** ({_x(prob)} = {target['x']:,})",
            "",
            "| | " + " | ".join(f"`{solver}`" for solver in ratios) + " |",
            "| :-- | " + " | ".join("--:" for _ in ratios) + " |",
            *(
                f"| {name} | " + " | ".join(cell(r) for r in ratios.values()) + " |"
                for name, cell in rows
            ),
        ]
    if not prob.get("answers_agree", True):
        lines += ["", '!!! failure "답이 다르다"', "    측정 중 세 구현의 답이 일치하지 않았다."]
    return "\n".join(lines) + "\n"


#: The bench's description of its statistic, in the page's language.
STATISTIC_KO = {
    "median of interleaved repeats; each sample >= ~20 ms of looped calls": (
        "구현들을 번갈아 실행한 반복의 중앙값"
        "(표본 하나는 20 ms 이상 되도록 같은 호출을 반복한 시간)"
    ),
}


def _statistic(text: str) -> str:
    return STATISTIC_KO.get(text, text)


def _run_note(data: dict[str, Any]) -> str:
    m, v = data["machine"], data["versions"]
    note = (
        f"\n측정: `{data['generated_by']}`, {_statistic(data['settings']['statistic'])}. "
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


def _declared_problems() -> dict[str, list[str]]:
    from graphs.tools.scaling import problems

    return {p.name: list(p.ours) for p in problems()}


def _not_measured(name: str, ours: list[str]) -> str:
    functions = ", ".join(f"`{f}`" for f in ours)
    return (
        header(BENCH)
        + '\n!!! warning "아직 측정하지 않았다"\n'
        + f"    `python -m graphs.tools.bench`에 `{name}` 문제({functions})가 선언되어 있지만 "
        + f"`{BENCH}`에는 아직 그 측정이 없다. `python -m graphs.tools.bench`를 실행한 뒤 "
        + "`python -m studylog.gen`을 다시 실행한다.\n"
    )


def _speed_summary(data: dict[str, Any], goal: float) -> tuple[list[str], str]:
    """Every measured function's speed against networkx at the largest size measured, and one
    paragraph that names which reach ``goal`` times and which do not, and where it was a goal.

    A problem declared with ``speedup_goal`` had the goal; the others were measured without one,
    and the paragraph says so rather than calling every function a success."""
    goals = data["goals"]["speedup_vs_networkx"]
    rows, reached, short = [], [], []
    for name, prob in data["problems"].items():
        target = prob.get("at_target")
        if not target or not target["is_target"]:
            continue
        for solver, r in target["ratios"].items():
            key, speedup = f"{name}: {solver}", r["speedup_vs_networkx"]
            had_goal = key in goals
            rows.append(
                f"| {title_of(name)} | `{solver}` | {speedup:.1f}배 "
                f"| {f'{goal:g}배 목표' if had_goal else '목표 없음'} |"
            )
            (reached if speedup >= goal else short).append(
                f"`{solver}`({speedup:.1f}배{'' if had_goal else ', 목표 없음'})"
            )
    if not rows:
        return [], (
            f"networkx보다 {goal:g}배 빠르게 만드는 것이 목표였지만, 이번 측정은 목표 크기를 "
            "재지 않아 판단하지 않았다."
        )
    with_goal = [k.split(": ", 1)[-1] for k in goals]
    text = (
        f"networkx보다 {goal:g}배 빠르게 만드는 목표는 "
        + ", ".join(f"`{k}`" for k in with_goal)
        + f"에 두었다. 목표 크기에서 잰 {len(rows)}개 함수 가운데 {goal:g}배를 넘은 것은 "
        + f"{len(reached)}개"
        + ("이고, 못 미친 것은 " + ", ".join(short) + "이다." if short else "로, 모두 넘었다.")
    )
    return rows, text


def render_scaling(
    data: dict[str, Any], figures: dict[str, Content] | None = None
) -> dict[str, str]:
    """Fragments keyed ``overview`` and each problem's name, from the bench JSON; ``figures``
    are its scaling figures (:func:`~studylog.gen.graphs_figures.scaling_figures`, drawn when not
    given): each problem's fragment shows only that problem's."""
    figures = scaling_figures(data) if figures is None else figures
    note = _run_note(data)
    out = {}
    goals = data["goals"]
    slopes = goals["slopes_linear"]
    rows = [  # the problem alone in the first column: it stays in view on a phone
        "| {} | `{}` | {} |".format(title_of(name), solver, _slope(g["slope"]))
        for (name, solver), g in ((key.split(": ", 1), g) for key, g in slopes.items())
    ]
    inside = [k.split(": ", 1)[-1] for k, g in slopes.items() if is_linear(g["slope"])]
    outside = [k.split(": ", 1)[-1] for k, g in slopes.items() if not is_linear(g["slope"])]
    slope_text = (
        LINEAR_RULE_KO
        + " "
        + (
            f"잰 {len(inside)}개 함수 모두 선형이다."
            if not outside
            else f"선형인 함수는 {len(inside)}개, 선형보다 가파른 함수는 "
            + ", ".join(f"`{k}`" for k in outside)
            + "이다."
        )
    )
    goal = data["settings"]["speedup_goal_vs_networkx"]
    speed, speed_text = _speed_summary(data, goal)
    out["overview"] = (
        header(BENCH)
        + "\n"
        + figure_md(OVERVIEW, figures)
        + "\n| 문제 | 함수 | log-log 기울기 |\n| :-- | :-- | --: |\n"
        + "\n".join(rows)
        + f"\n\n{slope_text}\n"
        + (
            "\n| 문제 | 함수 | networkx 대비 속도 | 목표 |\n| :-- | :-- | --: | :-- |\n"
            + "\n".join(speed)
            + "\n"
            if speed
            else ""
        )
        + f"\n{speed_text}\n"
        + note
    )
    for name, prob in data["problems"].items():
        figure = figure_md(name, figures)
        out[name] = header(BENCH) + "\n" + figure + "\n" + _problem(name, prob, data) + note
    for name, ours in _declared_problems().items():
        if name not in out:
            out[name] = _not_measured(name, ours)
    return out


def scaling_fragments() -> tuple[dict[str, str], dict[str, Content]]:
    """``overview`` and ``problem name -> fragment`` for every declared or measured problem,
    and the scaling figures they show (PNGs keyed by path under ``docs/``)."""
    path = RESULTS / "graphs_bench.json"
    if not path.is_file():
        missing = missing_results(BENCH, "python -m graphs.tools.bench")
        return dict.fromkeys(["overview", *_declared_problems()], missing), {}
    data = load_json(path)
    figures = scaling_figures(data)
    return render_scaling(data, figures), figures


def generate() -> dict[str, Content]:
    scaling, figures = scaling_fragments()
    out: dict[str, Content] = {f"{OUT}/overview.md": scaling.pop("overview"), **figures}
    out.update({f"{OUT}/scaling/{name}.md": text for name, text in scaling.items()})
    out.update({f"{OUT}/pitfalls/{name}.md": text for name, text in pitfall_fragments().items()})
    out[f"{OUT}/linear_rule.md"] = header("graphs/tools/linear.py") + "\n" + LINEAR_RULE_KO + "\n"
    return out
