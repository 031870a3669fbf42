"""The drill judges LeetCode solutions on LeetCode's input space: every input it generates (the
examples, the small hypothesis search, the hard ladders) is within the problem's published
constraints, the ladders still reach the limits, and ordinary solutions that rely on the
constraints (``len(grid[0])``, ``ai != bi``) pass.

The constraint checker here is written from LeetCode's problem pages, independently of the
declarations in ``graphs/drill/problems/`` and of the generators that build within them.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from graphs import drill
from graphs.drill import problem as drills
from tests.graphs.drill.helpers import SOLUTIONS, run_drill
from tests.helpers import ROOT

# The problems are the drill's own, found by discovery; what they are checked against below
# (the constraint checker, LeetCode's constraint lines) is typed from LeetCode's pages, and
# test_every_discovered_problem_has_an_independent_entry fails until a new problem has both.
NUMBERS = tuple(d.number for d in drills.drills())


# ----------------------------------------------------------------------------- the checker


def _grid_violation(grid: Any, max_side: int, cells: tuple[Any, ...]) -> str | None:
    # m == grid.length, n == grid[i].length, 1 <= m, n <= max_side, grid[i][j] in cells
    if not isinstance(grid, list) or not 1 <= len(grid) <= max_side:
        return "1 <= m <= max"
    if not all(isinstance(row, list) and len(row) == len(grid[0]) for row in grid):
        return "rows of n cells"
    if not 1 <= len(grid[0]) <= max_side:
        return "1 <= n <= max"
    for row in grid:
        for cell in row:
            if type(cell) is not type(cells[0]) or cell not in cells:
                return f"cell {cell!r} not in {cells}"
    return None


def _pairs_violation(n: Any, pairs: Any, problem: int) -> str | None:
    if type(n) is not int or not 1 <= n <= 2000:  # all three: 1 <= n <= 2000
        return "1 <= n <= 2000"
    if not isinstance(pairs, list):
        return "a list of pairs"
    most = {323: 5000, 207: 5000, 210: n * (n - 1)}[problem]
    least = 1 if problem == 323 else 0
    if not least <= len(pairs) <= most:
        return f"{least} <= pairs.length <= {most}"
    for pair in pairs:
        if not isinstance(pair, list) or len(pair) != 2:
            return "pairs[i].length == 2"
        a, b = pair
        if not (type(a) is int and type(b) is int and 0 <= a < n and 0 <= b < n):
            return "0 <= ai, bi < n"
        if problem == 323 and not a <= b:
            return "0 <= ai <= bi < n"
        if problem in (323, 210) and a == b:
            return "ai != bi"
    if len({tuple(p) for p in pairs}) != len(pairs):  # no repeated edges / unique / distinct
        return "repeated pair"
    return None


def leetcode_violation(problem: int, call_args: list[Any]) -> str | None:
    """What in LeetCode's positional arguments breaks the problem's constraints, or None.

    From the problem pages: 200: 1 <= m, n <= 300, cells '0'/'1'. 695: 1 <= m, n <= 50, cells
    0/1. 994: 1 <= m, n <= 10, cells 0/1/2. 323: 1 <= n <= 2000, 1 <= edges.length <= 5000,
    0 <= ai <= bi < n, ai != bi, no repeated edges. 207: 1 <= numCourses <= 2000,
    0 <= prerequisites.length <= 5000, 0 <= ai, bi < numCourses, unique pairs. 210: as 207
    but prerequisites.length <= numCourses * (numCourses - 1), ai != bi, distinct pairs.
    """
    if problem in GRIDS:
        side, cells = GRIDS[problem]
        return _grid_violation(call_args[0], side, cells)
    if problem in PAIRS:
        return _pairs_violation(call_args[0], call_args[1], problem)
    if problem in LATER:
        return LATER[problem](*call_args)
    raise KeyError(f"problem {problem}: no constraints typed from its LeetCode page")


def _later_checkers() -> dict[int, Any]:
    """The later problems' checkers, one test module per topic (``constraints_<topic>.py`` beside
    this file, each a ``CHECKERS`` dict: problem -> function of LeetCode's positional arguments
    -> what breaks the constraints, or None), typed from LeetCode's pages as the ones above;
    and each module's ``LINES``: problem -> LeetCode's constraint lines (:data:`LEETCODE_LINES`)."""
    found: dict[int, Any] = {}
    for path in _later_modules():
        found.update(importlib.import_module(f"{__package__}.{path.stem}").CHECKERS)
    return found


def _later_modules() -> list[Path]:
    return sorted(Path(__file__).parent.glob("constraints_*.py"))


# The grid problems: the largest side and the cell values, as LeetCode gives them.
GRIDS = {200: (300, ("0", "1")), 695: (50, (0, 1)), 994: (10, (0, 1, 2))}
PAIRS = (207, 210, 323)  # n and a list of pairs: _pairs_violation
LATER = _later_checkers()


def satisfies_constraints(problem: int, args: dict[str, Any]) -> bool:
    """Whether a canonical input (``{"grid": 0/1 ints}`` or ``{"n", "edges"}``, as the judge
    reports it) is, passed to LeetCode's method, within the problem's constraints."""
    if problem in GRIDS:
        grid = args["grid"]
        if problem == 200 and isinstance(grid, list):
            grid = [[{0: "0", 1: "1"}.get(c, c) for c in row] for row in grid]
        return leetcode_violation(problem, [grid]) is None
    if problem in LATER:  # the declaration writes the input as LeetCode passes it
        return leetcode_violation(problem, drills.find(problem).to_leetcode(args)) is None
    return leetcode_violation(problem, [args["n"], args["edges"]]) is None


def test_the_checker_refuses_what_leetcode_never_gives():
    assert not satisfies_constraints(200, {"grid": []})
    assert not satisfies_constraints(200, {"grid": [[]]})
    assert not satisfies_constraints(695, {"grid": [[1] * 51]})
    assert satisfies_constraints(695, {"grid": [[1] * 50] * 50})
    assert not satisfies_constraints(323, {"n": 1, "edges": []})  # 1 <= edges.length
    assert not satisfies_constraints(323, {"n": 2, "edges": [[1, 0]]})  # ai <= bi
    assert not satisfies_constraints(323, {"n": 3, "edges": [[0, 1], [0, 1]]})
    assert satisfies_constraints(207, {"n": 1, "edges": [[0, 0]]})  # 207 allows a self-loop
    assert not satisfies_constraints(210, {"n": 1, "edges": [[0, 0]]})  # 210 does not
    assert not satisfies_constraints(207, {"n": 2, "edges": [[1, 0], [1, 0]]})
    assert not satisfies_constraints(207, {"n": 0, "edges": []})
    assert leetcode_violation(200, [[[0, 1]]]) is not None  # 200's cells are strings
    assert satisfies_constraints(994, {"grid": [[2, 1, 0]]})
    assert satisfies_constraints(994, {"grid": [[1] * 10] * 10})
    assert not satisfies_constraints(994, {"grid": [[1] * 11]})
    assert not satisfies_constraints(994, {"grid": [[2, 3]]})  # cells are 0, 1 or 2
    assert not satisfies_constraints(994, {"grid": [[True]]})
    assert leetcode_violation(994, [[["2", "1"]]]) is not None  # 994's cells are ints


def test_every_discovered_problem_has_an_independent_entry():
    # A new drill module is found by discovery, so every test here runs on it; but what it is
    # checked against must be typed from its LeetCode page, not taken from its declaration.
    # Without an entry this fails (never skips): add the problem to GRIDS or PAIRS and to
    # LEETCODE_LINES.
    for d in drills.drills():
        assert d.number in LEETCODE_LINES, f"{d.label}: no constraint lines in LEETCODE_LINES"
        grid = d.kind.name == "grid"
        assert d.number in (GRIDS if grid else PAIRS) or d.number in LATER, (
            f"{d.label}: no independent checker"
        )
        assert leetcode_violation(d.number, d.to_leetcode(d.examples[0])) is None
    with pytest.raises(KeyError, match="no constraints typed"):
        leetcode_violation(99999, [[[0]]])


# ----------------------------------------------------------------------------- what is generated


def _ladders(number: int) -> list[tuple[str, Any]]:
    """``(label, inputs)`` of every hard family and of the timing ladder of a problem."""
    kind = drills.find(number).kind
    ladders = [(f.label, f.inputs) for f in kind.families]
    return [*ladders, (f"timing: {kind.timing.label}", kind.timing.inputs)]


PHASES = [(number, label) for number in NUMBERS for label, _ in _ladders(number)]


@pytest.mark.parametrize("number", NUMBERS)
def test_leetcodes_examples_are_within_the_constraints(number):
    d = drills.find(number)
    for example in d.examples:
        assert satisfies_constraints(number, example), example
        assert leetcode_violation(number, d.to_leetcode(example)) is None


@pytest.mark.parametrize("number", NUMBERS)
@given(data=st.data())
def test_every_small_search_input_is_within_the_constraints(number, data):
    d = drills.find(number)
    args = data.draw(d.kind.strategy())
    assert satisfies_constraints(number, args), args
    # ... also in the form the student's method receives it (200: '0'/'1' strings)
    assert leetcode_violation(number, d.to_leetcode(args)) is None
    assert d.constraints.violation(args) is None  # the declaration agrees


def _members(number: int, label: str) -> list[Any]:
    return dict(_ladders(number))[label]()


@pytest.mark.slow  # seconds of CPU: the whole suite runs it, the inner loop does not
@pytest.mark.parametrize(("number", "label"), PHASES)
def test_every_hard_input_is_within_the_constraints(number, label):
    d = drills.find(number)
    members = _members(number, label)
    assert members
    for args in members:
        assert satisfies_constraints(number, args), (label, d.kind.size(args))
        assert leetcode_violation(number, d.to_leetcode(args)) is None


@pytest.mark.parametrize("number", sorted(GRIDS))
def test_grid_ladders_climb_to_the_largest_grid_leetcode_allows(number):
    side = GRIDS[number][0]  # LeetCode: 1 <= m, n <= side
    for label, make in _ladders(number):
        sides = [len(args["grid"]) for args in make()]
        assert max(sides) == side, label
        assert sides == sorted(sides), label  # smallest first: the first failure is the smallest
    if len(GRIDS[number][1]) == 2:  # land and water: the all-land square
        land = next(make for label, make in _ladders(number) if "땅인" in label)
        assert land()[-1]["grid"] == [[1] * side] * side


def test_994_ladders_reach_its_hardest_answers_at_10_x_10():
    # The oranges' own families, answered by the simulation of tests/graphs/test_oranges.py.
    from tests.graphs.test_oranges import simulated_minutes

    last = {label: simulated_minutes(make()[-1]["grid"]) for label, make in _ladders(994)}
    assert 18 in last.values()  # 2k - 2 from one rotten corner of a 10 x 10 grid
    assert -1 in last.values() and 0 in last.values()
    assert max(last.values()) >= 50  # the snake: a BFS about half the grid deep


def _graph_cases(number: int) -> dict[str, list[dict]]:
    return {label: make() for label, make in _ladders(number)}


@pytest.mark.parametrize("number", PAIRS)
def test_graph_ladders_keep_deep_paths_isolated_nodes_and_cycles_at_2000_nodes(number):
    import networkx as nx

    cases = [args for members in _graph_cases(number).values() for args in members]
    assert max(args["n"] for args in cases) == 2000

    def undirected(args: dict) -> Any:
        g = nx.Graph()
        g.add_nodes_from(range(args["n"]))
        g.add_edges_from(map(tuple, args["edges"]))
        return g

    # A deep path: 2000 nodes in one chain of 1999 edges.
    assert any(
        args["n"] == 2000 and len(args["edges"]) == 1999 and nx.is_tree(undirected(args))
        for args in cases
    )
    # Isolated nodes: 2000 nodes with at most one edge (323 needs one).
    assert any(args["n"] == 2000 and len(args["edges"]) <= 1 for args in cases)
    # A cycle through all 2000 nodes.
    assert any(
        args["n"] == 2000 and len(args["edges"]) == 2000 and nx.cycle_basis(undirected(args))
        for args in cases
    )


def test_duplicate_edges_are_never_generated_since_no_problem_allows_them():
    for number in PAIRS:
        labels = [label for label, _ in _ladders(number)]
        assert not any("두 번" in label for label in labels), labels
        assert any("중복 간선" in note for note in drills.find(number).constraints.notes())


def test_207_still_gets_a_course_that_needs_itself_and_210_does_not():
    def self_loops(number: int) -> bool:
        cases = [a for members in _graph_cases(number).values() for a in members]
        return any(a == b for args in cases for a, b in args["edges"])

    assert self_loops(207) and not self_loops(210) and not self_loops(323)


# ----------------------------------------------------------------------------- shown to the student


# LeetCode's constraint lines, as its problem pages write them (wording of the last line unified).
LEETCODE_LINES = {
    200: ["m == grid.length", "n == grid[i].length", "1 <= m, n <= 300",
          "grid[i][j] is '0' or '1'"],
    695: ["m == grid.length", "n == grid[i].length", "1 <= m, n <= 50", "grid[i][j] is 0 or 1"],
    994: ["m == grid.length", "n == grid[i].length", "1 <= m, n <= 10",
          "grid[i][j] is 0, 1, or 2"],
    323: ["1 <= n <= 2000", "1 <= edges.length <= 5000", "edges[i].length == 2",
          "0 <= ai <= bi < n", "ai != bi", "All the pairs edges[i] are distinct"],
    207: ["1 <= numCourses <= 2000", "0 <= prerequisites.length <= 5000",
          "prerequisites[i].length == 2", "0 <= ai, bi < numCourses",
          "All the pairs prerequisites[i] are distinct"],
    210: ["1 <= numCourses <= 2000",
          "0 <= prerequisites.length <= numCourses * (numCourses - 1)",
          "prerequisites[i].length == 2", "0 <= ai, bi < numCourses", "ai != bi",
          "All the pairs prerequisites[i] are distinct"],
}  # fmt: skip
for _path in _later_modules():
    LEETCODE_LINES.update(importlib.import_module(f"{__package__}.{_path.stem}").LINES)


@pytest.mark.slow  # seconds of CPU: the whole suite runs it, the inner loop does not
@pytest.mark.parametrize("number", NUMBERS)
def test_start_prints_leetcodes_constraints(tmp_path, number):
    proc = run_drill("start", str(number), "--record", str(tmp_path / "r.jsonl"))
    assert proc.returncode == 0, proc.stderr
    assert "LeetCode 제약" in proc.stdout
    shown = [line.strip() for line in proc.stdout.splitlines()]
    start = shown.index(LEETCODE_LINES[number][0])
    assert shown[start : start + len(LEETCODE_LINES[number])] == LEETCODE_LINES[number]


def test_the_drill_page_lists_every_problems_constraints():
    from studylog.gen import drills as gen

    fragment = gen.generate()["generated/drills/constraints.md"]
    page = (ROOT / "docs/graphs/drill.md").read_text(encoding="utf-8")
    assert '--8<-- "docs/generated/drills/constraints.md"' in page
    for number, lines in LEETCODE_LINES.items():
        assert f"LeetCode {number}." in fragment
        for line in lines:
            assert line in fragment
    said = [d for d in drills.drills() if "중복 간선" in " ".join(d.constraints.notes())]
    assert fragment.count("중복 간선") == len(said) >= 3  # 207, 210, 323 and later: notes


# ----------------------------------------------------------------------------- regressions


@pytest.mark.slow
def test_an_iterative_solution_that_reads_grid_0_passes():
    # Used to fail with "IndexError ... 가장 작은 반례: grid = []", an input LeetCode never gives.
    result = drill.check(200, SOLUTIONS / "seen_set_stack_200.py")
    assert result["status"] == "pass", result


@pytest.mark.slow
def test_a_recursive_solution_that_reads_grid_0_fails_only_for_its_depth_and_only_if_strict():
    # The same len(grid[0]) no longer fails on an empty grid; LeetCode accepts the recursion,
    # and --strict fails it, on an all-land grid that LeetCode allows.
    assert drill.check(200, SOLUTIONS / "seen_set_recursive_200.py")["status"] == "pass"
    result = drill.check(200, SOLUTIONS / "seen_set_recursive_200.py", strict=True)
    assert result["verdict"] == "recursion", result
    assert result["input_lines"] == ["100 x 100 격자, 모든 칸 1"]


@pytest.mark.slow
def test_a_323_solution_that_relies_on_distinct_ends_passes():
    # A complete graph is connected only without self-loops and repeated edges: LeetCode's
    # constraints. It used to fail on n = 0 and on self-loops, which LeetCode never gives.
    result = drill.check(323, SOLUTIONS / "complete_shortcut_323.py")
    assert result["status"] == "pass", result
