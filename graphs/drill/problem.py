"""A drill declaration: what ``python -m graphs.drill`` needs to judge a LeetCode-style solution.

Each module of :mod:`graphs.drill.problems` declares one problem as a module-level
:class:`Drill` constant named ``DRILL``, next to the data only that problem has: LeetCode's
method name and signature, its examples, how its answers are compared, how its input is written
in LeetCode's form. The problem's number, title and study record (the hints) are *not* repeated
there: the number and title are read from the docstring of the project's solution
(``.. [1] LeetCode 200, "Number of Islands".``), the hints from the "그래프 표현", "BFS / DFS"
and "흔한 실수" sections of its Korean study record (:mod:`graphs.records`). :func:`drills`
finds the declarations by walking that package, so a new problem adds one module and no list
changes.

Examples
--------
>>> 200 in [d.number for d in drills()]
True
>>> find("200").method, find("numIslands").number
('numIslands', 200)
"""

from __future__ import annotations

import importlib
import inspect
import json
import pkgutil
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from graphs.drill.answers import leetcode_text
from graphs.drill.korean import with_particle

__all__ = [
    "Drill",
    "UnknownProblem",
    "drills",
    "find",
    "leetcode_reference",
    "param_names",
    "study_record",
]

_LEETCODE = re.compile(r"LeetCode (?P<number>\d+), \"(?P<title>[^\"]+)\"")
# The record's sections the hints come from, in the order they are given: the mistakes students
# make (one list item per hint), then what the deliberately wrong solutions taught (one
# paragraph per hint). Never how the project's own solution is built.
HINT_FIELDS = ("흔한 실수", "틀린 풀이에서 배운 것")


class UnknownProblem(ValueError):
    """A problem name or number that no drill declares: ``problem`` as given, ``known`` the
    ``"number (method)"`` of every drill there is."""

    def __init__(self, problem: object, known: list[str]) -> None:
        super().__init__(f"PROBLEM: expected one of {', '.join(known)}, got {problem!r}")
        self.problem, self.known = problem, known


def leetcode_reference(func: Callable[..., Any]) -> tuple[int, str]:
    """``(number, title)`` from the ``LeetCode N, "Title"`` reference in ``func``'s docstring.

    Raises
    ------
    ValueError
        If ``func`` has no docstring, or one without such a reference.

    Examples
    --------
    >>> import graphs
    >>> leetcode_reference(graphs.num_islands)
    (200, 'Number of Islands')
    """
    match = _LEETCODE.search(inspect.getdoc(func) or "")
    if match is None:
        raise ValueError(f"solution: {func.__name__}'s docstring has no LeetCode reference")
    return int(match["number"]), match["title"]


def param_names(signature: str) -> list[str]:
    """The argument names of a LeetCode signature, without ``self``.

    Examples
    --------
    >>> param_names("f(self, n: int, edges: List[List[int]]) -> int")
    ['n', 'edges']
    """
    inside = signature[signature.index("(") + 1 : signature.rindex(")")]
    params, depth, current = [], 0, ""
    for ch in inside + ",":
        depth += (ch == "[") - (ch == "]")
        if ch == "," and depth == 0:
            params.append(current.split(":")[0].strip())
            current = ""
        else:
            current += ch
    return [name for name in params if name and name != "self"]


# The TeX the study records use inside \( \), as a terminal shows it; another command loses
# only its backslash (\log -> log).
_TEX = {"le": "≤", "ge": "≥", "ne": "≠", "alpha": "α", "sum": "Σ", "times": "×", "cdot": "·",
        "to": "→", "infty": "∞", ",": ""}  # fmt: skip
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _math(tex: str) -> str:
    text = re.sub(r"\\([A-Za-z]+|,)", lambda m: _TEX.get(m[1], m[1]), tex)
    return re.sub(r"\^(\d+)", lambda m: m[1].translate(_SUPERSCRIPT), text)  # n^2 -> n²


def _plain(text: str) -> str:
    """A record section's Markdown -> plain text on one line, for the terminal.

    Examples
    --------
    >>> _plain("격자가 **곧** 그래프다: `r * stride + c`.\\n\\n- 경계를 잊는다.")
    '격자가 곧 그래프다: `r * stride + c`. · 경계를 잊는다.'
    >>> _plain(r"\\(E \\le 4V\\)이고 \\(O(n\\,\\alpha(n))\\), \\(\\log n\\), \\(10^6\\)")
    'E ≤ 4V이고 O(nα(n)), log n, 10⁶'
    """
    text = re.sub(r"\\\((.+?)\\\)", lambda m: _math(m[1]), text)  # \( math \)
    text = re.sub(r"\*\*(.+?)\*\*", r"\1", text)
    text = re.sub(r"^\s*[-*] ", "· ", text, flags=re.M)
    return " ".join(text.split())


def record_items(text: str) -> list[str]:
    """A record section's Markdown cut into its items: each list item, each other paragraph.

    Examples
    --------
    >>> record_items("- 경계를 잊는다.\\n- 꺼낼 때 표시한다.\\n  그러면 여러 번 들어간다.\\n\\n끝.")
    ['- 경계를 잊는다.', '- 꺼낼 때 표시한다.\\n  그러면 여러 번 들어간다.', '끝.']
    """
    items: list[str] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        parts = re.split(r"\n(?=[-*] )", block.strip())
        items += [part for part in parts if part.strip()]
    return items


def study_record(func: Callable[..., Any]) -> dict[str, str]:
    """The sections of ``func``'s Korean study record (:mod:`graphs.records`), as plain
    one-line text.

    Examples
    --------
    >>> import graphs
    >>> study_record(graphs.count_components)["BFS / DFS"][:21]
    '어느 쪽도 아니다. union-find'
    """
    from graphs import records

    return {field: _plain(text) for field, text in records.record(func.__name__).items()}


@dataclass(frozen=True)
class Drill:
    """One LeetCode problem the drill can judge.

    Inputs are handled in a *canonical* form, the keyword arguments the project's ``solution``
    and the gallery's strategies (:mod:`graphs.tools.strategies`) use:
    ``{"grid": [[1, 0], ...]}`` with int cells, or ``{"n": 3, "edges": [[1, 0], ...]}``.
    ``to_leetcode`` turns a canonical input into the positional arguments LeetCode passes to the
    method.

    Attributes
    ----------
    solution : callable
        The project's solution; its docstring gives the number and title, its Korean study
        record (:mod:`graphs.records`) the hints.
    method, signature : str
        LeetCode's method name and its signature as LeetCode shows it.
    statement : str
        The problem in a few Korean lines.
    examples : tuple of dict
        LeetCode's examples, as canonical inputs.
    answers : tuple
        LeetCode's published answers to those examples (for 210, the one order LeetCode
        shows of several); a test checks the project's solution against them.
    kind : graphs.drill.kinds.Kind
        Grid or graph within the problem's LeetCode constraints (``kind.limits``, declared as
        ``CONSTRAINTS`` in the drill's module): hypothesis strategies, hard cases, drawing an
        input, its size.
    networkx : callable
        The independent oracle: canonical input -> the answer, computed with networkx.
    to_leetcode : callable
        Canonical input -> LeetCode's positional arguments.
    verdict : callable
        ``(input, expected, actual) -> None`` when ``actual`` is right, else a Korean sentence
        saying what is wrong. ``expected`` is the project's answer.
    answer_text : callable
        A Korean description of the right answer for an input (shown on failure); by default
        the answer as LeetCode writes it (:func:`graphs.drill.answers.leetcode_text`:
        ``true``, ``[0,1]``).
    pattern : str
        The technique the problem practises, in Korean (``"플러드 필"``,
        ``"유니온 파인드"``, ...): ``python -m graphs.drill list`` and the progress page group the
        track by it, so problems of one pattern share the same words.
    answer_in_place : bool
        LeetCode's method returns nothing and changes its first argument in place (130's
        ``board``): the answer is that argument after the call, whatever the method returns.
        The project's solution still returns a new value (it never changes its input); the
        method body writes it back, ``board[:] = capture_surrounded(board)``.
    """

    solution: Callable[..., Any]
    method: str
    signature: str
    statement: str
    examples: tuple[dict[str, Any], ...]
    answers: tuple[Any, ...]
    kind: Any
    networkx: Callable[[dict[str, Any]], Any]
    to_leetcode: Callable[[dict[str, Any]], list[Any]]
    verdict: Callable[[dict[str, Any], Any, Any], str | None]
    answer_text: Callable[[dict[str, Any], Any], str] = lambda args, answer: leetcode_text(answer)
    pattern: str = ""
    answer_in_place: bool = False

    @property
    def number(self) -> int:
        return leetcode_reference(self.solution)[0]

    @property
    def title(self) -> str:
        return leetcode_reference(self.solution)[1]

    @property
    def label(self) -> str:
        return f"LeetCode {self.number}. {self.title}"

    @property
    def constraints(self) -> Any:
        """LeetCode's constraints on the input (:mod:`graphs.drill.limits`)."""
        return self.kind.limits

    def hints(self) -> list[tuple[str, str]]:
        """``(label, text)`` for each hint, in the order they are given: each mistake of the
        study record's "흔한 실수", then each lesson of its "틀린 풀이에서 배운 것", as plain
        text on one line; the label is the field and the item's number ("흔한 실수 2")."""
        from graphs import records

        record = records.record(self.solution.__name__)
        return [
            (f"{field} {i}", _plain(item).removeprefix("· "))
            for field in HINT_FIELDS
            if field in record
            for i, item in enumerate(record_items(record[field]), 1)
        ]

    def method_body(self, function: str) -> str:
        """The body of a LeetCode method that hands its arguments to ``function`` (a function
        with the project's solution's parameters) and gives LeetCode its answer.

        Examples
        --------
        >>> find(200).method_body("num_islands")
        'return num_islands(grid)'
        """
        names = param_names(self.signature)
        call = f"{function}({', '.join(names)})"
        if self.answer_in_place:
            return f"{names[0]}[:] = {call}"  # the list LeetCode reads, not a new local name
        return f"return {call}"

    def returns_text(self) -> str:
        """What the method gives LeetCode, in Korean (shown by ``start``)."""
        if self.answer_in_place:
            first = param_names(self.signature)[0]
            return (
                f"이 메서드는 아무것도 돌려주지 않는다(None). {with_particle(first, '을')}"
                f" 제자리에서 바꾸고, 호출이 끝난 뒤의 {with_particle(first, '이')} 답이다"
                " (새 리스트를 return해도 LeetCode는 보지 않는다)."
            )
        return ""

    def expected(self, args: dict[str, Any]) -> Any:
        """The project's answer for a canonical input."""
        return self.solution(*args.values())

    def leetcode_input(self, args: dict[str, Any]) -> str:
        """A canonical input as LeetCode's "Testcase" box shows it: ``grid = [["1","0"]]``."""
        values = self.to_leetcode(args)
        return ", ".join(
            f"{name} = {json.dumps(value, separators=(',', ':'))}"
            for name, value in zip(param_names(self.signature), values, strict=True)
        )


def drills() -> list[Drill]:
    """Every drill declared in :mod:`graphs.drill.problems` (a ``DRILL`` per module), by number."""
    from graphs.drill import problems

    found = []
    for info in pkgutil.iter_modules(problems.__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{problems.__name__}.{info.name}")
        drill = getattr(module, "DRILL", None)
        if isinstance(drill, Drill):
            found.append(drill)
    return sorted(found, key=lambda d: d.number)


def find(problem: str | int) -> Drill:
    """The drill for a problem number (``"200"``) or LeetCode method name (``"numIslands"``).

    Raises
    ------
    UnknownProblem
        (a ``ValueError``) naming the problems there are.
    """
    key = str(problem).strip()
    for drill in drills():
        if key in (str(drill.number), drill.method, drill.solution.__name__):
            return drill
    raise UnknownProblem(problem, [f"{d.number} ({d.method})" for d in drills()])
