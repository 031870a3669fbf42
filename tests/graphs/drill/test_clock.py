"""LeetCode's clock (:mod:`graphs.drill.clock`): an input's CPU limit is calibrated on the
project's own solution on the same input, so a linear solution with a large constant passes as
on LeetCode while a quadratic one still runs out of time; the wall clock only stops what takes
no CPU, and then the message names a busy machine (or a waiting solution) instead of claiming
CPU time that was never measured. No test asserts a time: each asserts a verdict or a message."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

from graphs import drill
from graphs.drill import clock, judge, report, words
from graphs.drill.problem import find
from graphs.drill.sandbox import Sandbox
from tests.graphs.drill.helpers import SOLUTIONS, runners


def test_docstring_examples_run():
    assert doctest.testmod(clock, optionflags=doctest.ELLIPSIS).failed == 0


def _judge(problem: int, file: str, **options) -> judge.Judge:
    drill_ = find(problem)
    path = SOLUTIONS / file
    chosen = judge.CheckOptions(**{"max_examples": 10, **options})
    return judge.Judge(drill_, path.read_text(encoding="utf-8"), str(path), chosen)


def _largest_inputs(problem: int) -> list[dict]:
    kind = find(problem).kind
    return [family.inputs()[-1] for family in (*kind.families, kind.timing)]


@pytest.mark.slow
def test_a_linear_solution_with_a_large_constant_passes_leetcodes_largest_grids():
    # String keys "r,c" in a set and four recursive calls a cell: tens of times slower than the
    # project's solution on a 500 x 500 grid, and LeetCode accepts it.
    judged = _judge(1020, "string_keys_1020.py")
    try:
        for args in _largest_inputs(1020):
            failure, answer = judged.judge_once(args)
            assert failure is None, (failure, answer.get("cpu"), answer.get("limit"))
            assert answer["limit"] == max(
                judge.CheckOptions().time_limit, clock.FACTOR * answer["reference"]
            )
    finally:
        judged.close()


@pytest.mark.slow
def test_a_quadratic_solution_runs_out_of_the_calibrated_time_on_a_large_grid():
    # The floor is low here, so the limit on the 300 x 300 grid is the reference's hundredfold.
    judged = _judge(1020, "list_seen_1020.py", time_limit=0.5)
    all_land = next(args for args in find(1020).kind.families[0].inputs()
                    if len(args["grid"]) == 300)  # fmt: skip
    try:
        assert judged.judge_once({"grid": [[1] * 10 for _ in range(10)]})[0] is None  # small
        failure, answer = judged.judge_once(all_land)
    finally:
        judged.close()
    assert failure is not None and failure["verdict"] == "timeout", failure
    assert answer["cause"] == "cpu" and not failure["busy"]
    assert answer["cpu"] > answer["limit"]  # what the message reports was measured
    assert f"CPU를 {answer['cpu']:.2f}초" in failure["message"]
    assert "기계가 바빠" not in failure["message"]


def test_an_endless_loop_is_stopped_by_its_cpu_time_with_what_was_measured():
    result = drill.check(323, SOLUTIONS / "infinite_loop_323.py", time_limit=0.3, max_examples=5)
    assert result["verdict"] == "timeout" and result["phase"] == "LeetCode 예제 1", result
    assert "쓰고도 끝나지 않았다" in result["message"] and not result["busy"]
    assert "가장 작은 한도인 CPU 0.3초" in result["message"]  # tiny input: the floor decides


def test_a_solution_that_only_waits_is_stopped_by_the_wall_clock_and_called_busy(monkeypatch):
    # A short wall clock instead of the generous one: the child sleeps, its CPU stays near 0.
    monkeypatch.setattr(clock, "WALL_FACTOR", 1)
    monkeypatch.setattr(clock, "WALL_EXTRA", 0.5)
    before = runners()
    result = drill.check(323, SOLUTIONS / "sleeps_323.py", time_limit=0.2, max_examples=5)
    assert runners() - before == set()
    assert result["verdict"] == "timeout" and result["busy"], result
    assert "기계가 바빠" in result["message"] and "다시 실행해 보세요" in result["message"]
    lines = report.format_result(find(323), "sleeps_323.py", result)
    assert "Time Limit Exceeded" in lines[1] and "기계가 바빠" in lines[1]


def test_a_busy_machine_is_named_and_no_cpu_is_claimed(monkeypatch):
    # The machine is simulated: the child answers nothing before the wall clock runs out and
    # has used 0.7 s of CPU, under the 2 s limit (a right solution on a crowded machine).
    def crowded(self, args_json, *, probe, time_limit):
        return {"status": "timeout", "cpu": 0.7}

    monkeypatch.setattr(Sandbox, "call", crowded)
    result = drill.check(200, SOLUTIONS / "bfs_200.py", max_examples=5)
    assert result["verdict"] == "timeout" and result["busy"], result
    message = result["message"]
    assert "CPU를 0.70초만 썼다" in message and "한도는 CPU 2.00초" in message
    assert "기계가 바빠" in message and "다시 실행" in message
    assert "넘었다" not in message and "끝나지 않았다" not in message


@given(
    used=st.floats(0, 1000, allow_nan=False),
    limit=st.floats(0.01, 1000, allow_nan=False),
    reference=st.floats(0, 10, allow_nan=False),
    wall=st.floats(0, 10_000, allow_nan=False),
    cause=st.sampled_from(["cpu", "wall"]),
    finished=st.booleans(),
)
def test_a_timeout_message_quotes_only_the_cpu_time_measured(
    used, limit, reference, wall, cause, finished
):
    answer = {"cause": cause, "cpu": used, "wall": wall, "limit": limit, "reference": reference,
              "floor": min(limit, 2.0), "finished": finished}  # fmt: skip
    message = words.timeout(answer)
    assert f"CPU를 {used:.2f}초" in message  # the one CPU time the child was seen to use
    busy = "기계가 바빠" in message and "다시 실행해 보세요" in message
    assert busy == (cause == "wall")
    assert ("끝나지 않았다" in message) == (cause == "cpu" and not finished)


@given(reference=st.floats(0, 100, allow_nan=False), floor=st.floats(0.01, 100))
def test_a_limit_is_the_references_hundredfold_never_under_the_floor(reference, floor):
    limit = clock.Limit.of(reference=reference, floor=floor)
    assert limit.cpu >= floor and limit.cpu >= clock.FACTOR * reference
    assert limit.cpu in (floor, clock.FACTOR * reference)
    assert clock.wall_seconds(limit) > 2 * limit.cpu  # the wall clock is never the tighter one
    assert ("가장 작은 한도" in words.limit_rule(limit)) == limit.floored
