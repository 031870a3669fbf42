"""The student's file runs as on LeetCode: its automatic imports, its recursion limit (and the
file's own ``sys.setrecursionlimit``), a stack deep enough for any recursion LeetCode accepts;
and the fit of time against size says what it measured, with its spread."""

from __future__ import annotations

import bisect
import builtins
import collections
import copy
import datetime
import functools
import heapq
import itertools
import math
import operator

import pytest
import sortedcontainers
from hypothesis import given
from hypothesis import strategies as st

from graphs import drill
from graphs.drill import growth, report, runner


def _prelude() -> dict:
    names: dict = {"__builtins__": builtins}
    exec(runner.LEETCODE_PRELUDE, names)
    return names


# The names the issue saw solutions use without an import, and where LeetCode takes them from.
PRE_IMPORTED = {
    "pairwise": itertools.pairwise, "accumulate": itertools.accumulate,
    "product": itertools.product, "gcd": math.gcd, "comb": math.comb, "inf": math.inf,
    "cache": functools.cache, "lru_cache": functools.lru_cache, "reduce": functools.reduce,
    "nlargest": heapq.nlargest, "heappush": heapq.heappush, "bisect_left": bisect.bisect_left,
    "deepcopy": copy.deepcopy, "defaultdict": collections.defaultdict, "deque": collections.deque,
    "SortedList": sortedcontainers.SortedList, "itemgetter": operator.itemgetter,
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(PRE_IMPORTED))
def test_leetcodes_automatic_names_need_no_import(name):
    assert _prelude()[name] is PRE_IMPORTED[name]


def test_the_order_of_leetcodes_star_imports_is_kept():
    names = _prelude()
    assert names["pow"] is builtins.pow  # not math.pow: builtins come after math
    assert names["time"] is datetime.time  # datetime's class, the module is not imported
    assert names["datetime"] is datetime and names["math"] is math
    assert names["List"][int] == list[int] or "List" in names  # typing's List
    assert names["Counter"] is not None and names["ListNode"]().val == 0


def _solution(tmp_path, body: str, head: str = "") -> str:
    path = tmp_path / "deep_207.py"
    path.write_text(
        f"{head}\n"
        "class Solution:\n"
        "    def canFinish(self, numCourses: int, prerequisites: List[List[int]]) -> bool:\n"
        "        graph = defaultdict(list)\n"
        "        for a, b in prerequisites:\n"
        "            graph[b].append(a)\n"
        "        state = [0] * numCourses\n"
        "        def cyclic(u):\n"
        "            state[u] = 1\n"
        "            for v in graph[u]:\n"
        "                if state[v] == 1 or (state[v] == 0 and cyclic(v)):\n"
        "                    return True\n"
        "            state[u] = 2\n"
        "            return False\n"
        f"{body}\n",
        encoding="utf-8",
    )
    return path


ANSWER = "        return not any(state[u] == 0 and cyclic(u) for u in range(numCourses))"


@pytest.mark.slow
def test_a_module_level_recursion_limit_is_honoured_as_on_leetcode(tmp_path):
    # 1500 frames is less than the 2000-course path needs: on LeetCode that file fails.
    low = drill.check(207, _solution(tmp_path, ANSWER, "import sys\nsys.setrecursionlimit(1500)"))
    assert low["verdict"] == "error" and "RecursionError" in low["message"], low
    assert low["size"]["V"] == 2000
    high = drill.check(207, _solution(tmp_path, ANSWER, "import sys\nsys.setrecursionlimit(10**6)"))
    assert high["status"] == "pass", high
    assert high["recursion_limit"] == 10**6
    assert any("sys.setrecursionlimit(1000000)" in line for line in report.notes(high))
    assert any("RecursionError" in line for line in report.notes(high))  # plain Python fails


# ----------------------------------------------------------------------------- the fit


@given(
    slope=st.floats(0.5, 2.5),
    scale=st.floats(1e-7, 1e-3),
    sizes=st.lists(st.integers(100, 10**6), min_size=3, max_size=10, unique=True),
)
def test_an_exact_power_law_gives_its_slope_with_no_spread(slope, scale, sizes):
    fitted = growth.loglog_slope([(n, scale * n**slope) for n in sizes])
    assert fitted is not None
    assert fitted[0] == pytest.approx(slope, abs=1e-6)
    assert fitted[1] == pytest.approx(0.0, abs=1e-6)


@given(noise=st.lists(st.floats(0.8, 1.25), min_size=8, max_size=8))
def test_noisy_linear_times_are_never_called_steeper(noise):
    sizes = [1000 * 2**i for i in range(8)]
    points = [(n, 1e-6 * n * f) for n, f in zip(sizes, noise, strict=True)]
    slope, _half = growth.loglog_slope(points)
    assert abs(slope - 1.0) < 0.1  # noise of -20% .. +25% over a 128-fold range of sizes
    # What the judge concludes from it: linear, or no verdict; never "steeper than linear".
    fit = growth.fit([{"V": n, "E": 0, "seconds": s} for n, s in points])
    assert fit["verdict"] in ("linear", "wide", "unclear")


def test_quadratic_times_are_called_steeper():
    sizes = [1000 * 2**i for i in range(8)]
    fit = growth.fit([{"V": n, "E": 0, "seconds": 1e-9 * n * n} for n in sizes])
    assert fit["verdict"] == "steeper" and fit["slope"] == pytest.approx(2.0)


@given(
    sizes=st.lists(st.integers(1, 999), min_size=1, max_size=8, unique=True),
    slope=st.floats(0.5, 3.0),
)
def test_inputs_as_small_as_994s_get_no_slope_and_say_why(sizes, slope):
    # 994's grid is at most 10 x 10: the cost of a call, not the growth, sets such times.
    timings = [{"V": n, "E": 0, "seconds": 1e-8 * n**slope} for n in sorted(sizes)]
    fit = growth.fit(timings)
    assert fit == {"verdict": "small", "largest": max(sizes)}
    said = report.timing_lines({"timings": timings, "fit": fit}, "격자")[-1]
    assert f"V + E = {max(sizes):,}밖에" in said and "기울기는 재지 않는다" in said


def test_a_wide_interval_over_a_narrow_range_is_blamed_on_the_range():
    # A ladder over n = 500 .. 1000: a noisy point there is the range's fault, not the machine's.
    noise = [1.0, 1.6, 0.7, 1.3, 0.8, 1.5, 0.6, 1.0]
    sizes = [round(1000 * 2 ** (i / 7)) for i in range(8)]
    timings = [{"V": n, "E": 0, "seconds": 1e-6 * n * f} for n, f in zip(sizes, noise, strict=True)]
    fit = growth.fit(timings)
    assert fit["verdict"] == "wide" and fit["largest"] / fit["smallest"] < growth.MIN_RANGE
    said = report.timing_lines({"timings": timings, "fit": fit}, "트리")[-1]
    assert "2.0배 범위뿐" in said and "바쁠" not in said


def test_too_few_sizes_give_no_slope():
    assert growth.loglog_slope([(1000, 0.1), (2000, 0.2)]) is None
    assert growth.loglog_slope([(1000, 0.1), (1000, 0.2), (1000, 0.3)]) is None


# ----------------------------------------------------------------------------- how it is called


def _shape_solution(tmp_path, decorator: str, params: str):
    """A 200 file whose answer is the grid's shape, rows * 1000 + columns: wrong, but it shows
    the method was reached through an instance and got the grid."""
    path = tmp_path / "shape_200.py"
    path.write_text(
        "class Solution:\n"
        f"    {decorator}\n"
        f"    def numIslands({params}):\n"
        "        return len(grid) * 1000 + len(grid[0])\n",
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize(
    "decorator, params",
    [("", "self, grid"), ("@staticmethod", "grid"), ("@classmethod", "cls, grid")],
)
def test_static_and_class_methods_are_called_on_an_instance_as_on_leetcode(
    tmp_path, decorator, params
):
    grid = drill.find(200).examples[0]["grid"]
    result = drill.check(200, _shape_solution(tmp_path, decorator, params), max_examples=5)
    # LeetCode's verdict on that answer: the file loaded and the call returned the shape.
    assert result["verdict"] == "wrong_answer", result
    assert result["actual"] == repr(len(grid) * 1000 + len(grid[0]))


def test_a_static_method_that_still_wants_self_is_another_signature(tmp_path):
    result = drill.check(200, _shape_solution(tmp_path, "@staticmethod", "self, grid"))
    assert result["verdict"] == "bad_signature", result


# ------------------------------------------------------------------- the limit changed in a call


def _lowering_solution(tmp_path, limit: int):
    path = tmp_path / "lowers_200.py"
    path.write_text(
        "import sys\n"
        "class Solution:\n"
        "    def numIslands(self, grid):\n"
        f"        sys.setrecursionlimit({limit})\n"
        "        def down(n):\n"
        "            return 0 if n == 0 else down(n - 1)\n"
        "        return down(20)\n",
        encoding="utf-8",
    )
    return path


def test_a_limit_lowered_inside_the_call_is_the_solutions_runtime_error(tmp_path):
    result = drill.check(200, _lowering_solution(tmp_path, 8), max_examples=5)
    assert result["verdict"] == "error" and result["phase"] == "LeetCode 예제 1", result
    message = result["message"]
    assert "8단계로 낮췄다 (sys.setrecursionlimit(8))" in message, message
    assert "os._exit" not in message and "exit code" not in message
    assert any("lowers_200.py" in line for line in result["details"]), result["details"]


def test_a_limit_below_the_calls_own_depth_is_the_solutions_runtime_error(tmp_path):
    result = drill.check(200, _lowering_solution(tmp_path, 3), max_examples=5)
    assert result["verdict"] == "error", result
    assert "3단계로 낮추려 했지만 (sys.setrecursionlimit(3))" in result["message"], result


def test_a_module_level_limit_below_the_judges_own_frames_is_kept_for_the_calls(tmp_path):
    path = tmp_path / "module_12_200.py"
    path.write_text(
        "import sys\nsys.setrecursionlimit(12)\n"
        "class Solution:\n"
        "    def numIslands(self, grid):\n"
        "        def down(n):\n"
        "            return 0 if n == 0 else down(n - 1)\n"
        "        return down(20)\n",
        encoding="utf-8",
    )
    result = drill.check(200, path, max_examples=5)
    # As on LeetCode: the file's own limit holds, and 20 nested calls exceed it.
    assert result["verdict"] == "error", result
    assert "RecursionError: 재귀 한도(12단계)도 넘었다" in result["message"], result
