"""The drills' problem statements, constraints and peers, generated from their declarations.

Each drill module of :mod:`graphs.drill.problems` declares its problem: a Korean ``statement``,
LeetCode's ``examples`` and ``answers``, its LeetCode constraints (``CONSTRAINTS``, a
:mod:`graphs.drill.limits` object, within which the judge builds every input) and its
independent oracle (``networkx``). The benchmark (:mod:`graphs.tools.scaling`) declares, per
measured problem, the peers it times: networkx and a reference implementation. This generator
writes, with no list of problems kept here (:func:`graphs.drill.drills` finds the drills):

* ``docs/generated/drills/problem-<number>.md``: the problem page's 문제 / 예시 / 제약, and which
  implementations check and time the solution;
* ``docs/generated/drills/constraints.md``: every problem's constraints in Korean (LeetCode's
  English words folded under each), with
  the hard cases the judge climbs and what the constraints leave out (the drill page);
* ``docs/generated/drills/peers.md``: what each benchmark compares with (the graphs index).
"""

from __future__ import annotations

import inspect
import json
import re
import sys
from typing import Any

from studylog.gen.common import Content, header, md_table

OUT = "generated/drills"
SOURCE = "the declarations of graphs/drill/problems"


def statement_path(number: int) -> str:
    """The path a problem page includes for the statement of LeetCode ``number``."""
    return f"docs/{OUT}/problem-{number}.md"


def _value(value: Any) -> str:
    """A LeetCode value as LeetCode writes it; a long grid one row per line.

    Examples
    --------
    >>> _value([[1, 0], [0, 1]]), _value(True)
    ('[[1,0],[0,1]]', 'true')
    >>> print(_value([["1", "1", "0", "0", "0"]] * 2))
    [
      ["1","1","0","0","0"],
      ["1","1","0","0","0"]
    ]
    """
    text = json.dumps(value, separators=(",", ":"))
    rows = isinstance(value, list) and len(value) > 1 and all(isinstance(r, list) for r in value)
    if rows and len(text) > 40:
        inner = ",\n".join("  " + json.dumps(r, separators=(",", ":")) for r in value)
        return f"[\n{inner}\n]"
    return text


def _statement(text: str) -> str:
    """The declaration's statement on one line, its lists (``[a, b]``, ``[]``) and indexed names
    (``dislikes[i]``) as code, so that Markdown never reads ``[a, b](...)`` as a link.

    Examples
    --------
    >>> _statement("쌍 [a, b](b를 먼저)가 주어질 때\\n사이클이면 [].")
    '쌍 `[a, b]`(b를 먼저)가 주어질 때 사이클이면 `[]`.'
    >>> _statement("dislikes[i] = [a, b], graph[u][i]")
    '`dislikes[i]` = `[a, b]`, `graph[u][i]`'
    """
    indexed = r"(?:[A-Za-z_][A-Za-z0-9_]*)?(?:\[[^\]`]*\])+"
    return re.sub(indexed, lambda m: f"`{m[0]}`", " ".join(text.split()))


def _example(drill: Any, args: dict[str, Any], answer: Any) -> list[str]:
    from graphs.drill.problem import param_names

    values = drill.to_leetcode(args)
    names = param_names(drill.signature)
    lines = [f"{name} = {_value(v)}" for name, v in zip(names, values, strict=True)]
    label = f"출력 (바뀐 {names[0]})" if drill.answer_in_place else "출력"
    return ["```text", *lines, f"{label}: {_value(answer)}", "```"]


def _constraints(drill: Any) -> list[str]:
    """The constraints in Korean, then LeetCode's English original folded away."""
    original = ["```text", *drill.constraints.lines(), "```"]
    return [
        *(f"- {line}" for line in drill.constraints.lines_ko()),
        "",
        '??? note "LeetCode 원문 (영어)"',
        "",
        *(f"    {line}" for line in original),
    ]


def built_on(func: Any) -> set[str]:
    """``graphs.<name>`` of ``func`` and of the public ``graphs`` functions its module imports
    from another module (what :func:`graphs.can_finish` is built on: the Kahn sort)."""
    import graphs

    module = inspect.getmodule(func)
    names = {f"graphs.{func.__name__}"}
    for name in graphs.__all__:
        other = getattr(graphs, name)
        if (
            inspect.isfunction(other)
            and getattr(module, name, None) is other
            and other.__module__ != func.__module__
        ):
            names.add(f"graphs.{name}")
    return names


def reference_text(problem: Any) -> str:
    """A benchmark's reference implementation in the page's words: its name and its language.

    Examples
    --------
    >>> from graphs.tools.scaling import TOPOSORT
    >>> reference_text(TOPOSORT)
    '`graphlib.TopologicalSorter`(순수 Python)'
    """
    name = problem.reference_name.split(" (", 1)[0]  # "graphlib.TopologicalSorter (pure Python)"
    return f"`{name}`({'C' if problem.reference_is_c else '순수 Python'})"


def measured_with(drill: Any) -> tuple[list[Any], bool]:
    """The benchmark problems that time the drill's solution (True) or, if none does, the
    function it is built on (False)."""
    from graphs.tools.scaling import problems

    direct = [p for p in problems() if f"graphs.{drill.solution.__name__}" in p.ours]
    if direct:
        return direct, True
    return [p for p in problems() if built_on(drill.solution) & set(p.ours)], False


def declared_in(drill: Any) -> str:
    """The module of :mod:`graphs.drill.problems` whose ``DRILL`` is ``drill``."""
    for name, module in sorted(sys.modules.items()):
        if name.startswith("graphs.drill.problems.") and getattr(module, "DRILL", None) is drill:
            return name
    raise ValueError(f"drill: {drill.label} is not the DRILL of a graphs.drill.problems module")


def _timing(drill: Any) -> str:
    """Which peers the benchmark times the solution against, or "" if it is not measured."""
    timed, direct = measured_with(drill)
    sentences = []
    for p in timed:
        particle = "를" if p.reference_is_c else "을"  # (C)를 / (순수 Python)을
        mine = built_on(drill.solution) & set(p.ours)
        what = "이 풀이" if direct else "이 풀이가 부르는 " + ", ".join(f"`{f}`" for f in mine)
        sentences.append(
            f"시간은 `python -m graphs.tools.bench`의 `{p.name}` 측정에서 잰다: {what}, networkx, "
            f"참조 구현 {reference_text(p)}{particle} 같은 프로세스에서 번갈아 실행한다."
        )
    return " ".join(sentences)


def render_statement(drill: Any) -> str:
    """One problem's statement, examples, constraints and checking peers."""
    from graphs.drill.judge import NETWORKX_MAX_SIZE

    module = declared_in(drill)
    parts = [
        header(f"the DRILL of {module}"),
        f"LeetCode {drill.number}번. 구현할 메서드는 `{drill.signature}`다.",
        "",
        _statement(drill.statement),
        "",
    ]
    for i, (args, answer) in enumerate(zip(drill.examples, drill.answers, strict=True), 1):
        parts += [f"**예시 {i}**", "", *_example(drill, args, answer), ""]
    parts += ["**제약**", "", *_constraints(drill), ""]
    check = (
        f"**채점과 비교**: 기대하는 답은 이 저장소의 `graphs.{drill.solution.__name__}`가 내고, "
        f"크기(V + E)가 {NETWORKX_MAX_SIZE:,} 이하인 입력에서는 networkx로 따로 계산한 답"
        f"(`{module}`의 `networkx` 선언)과도 맞춰 본다."
    )
    timing = _timing(drill)
    return "\n".join([*parts, check + (" " + timing if timing else "")]) + "\n"


def render_constraints() -> str:
    """Per problem: its constraints as a code block, then the judge's hard cases and notes."""
    from graphs.drill import problem as drills

    parts = [header("the CONSTRAINTS of each graphs/drill/problems module")]
    for d in drills.drills():
        hard = ", ".join(family.label for family in d.kind.families)
        parts += [
            "",
            f"#### {d.label}",
            "",
            *_constraints(d),
            "",
            f"- 어려운 입력 (제약의 한계까지): {hard}.",
            *(f"- {note}" for note in d.constraints.notes()),
        ]
    return "\n".join(parts) + "\n"


def render_peers() -> str:
    """What each benchmark times our functions against: networkx and its reference."""
    from graphs.tools.scaling import problems

    rows = [
        [
            f"`{p.name}`",
            ", ".join(f"`{f}`" for f in p.ours),
            "networkx",
            reference_text(p),
        ]
        for p in problems()
    ]
    return (
        header("the Problem declarations of graphs/tools/scaling/")
        + "\n"
        + md_table(["측정", "우리 함수", "비교 1", "비교 2: 참조 구현"], rows)
    )


def generate() -> dict[str, Content]:
    from graphs.drill import problem as drills

    out: dict[str, Content] = {
        f"{OUT}/constraints.md": render_constraints(),
        f"{OUT}/peers.md": render_peers(),
    }
    for d in drills.drills():
        out[statement_path(d.number).removeprefix("docs/")] = render_statement(d)
    return out
