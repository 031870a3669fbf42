"""What the judge says, in Korean: every sentence of a verdict, made from what was decided.

The deciding modules (:mod:`graphs.drill.judge`, :mod:`graphs.drill.clock`,
:mod:`graphs.drill.sandbox`, :mod:`graphs.drill.runner`) hand over plain data: a verdict's
kind, the runner's answer, the numbers measured. This module turns them into the lines the
student reads and the record keeps; :mod:`graphs.drill.report` lays a whole result out.

Examples
--------
>>> from graphs.drill.clock import Limit
>>> limit = {"limit": 2.0, "reference": 0.001, "floor": 2.0}
>>> print(timeout({"cause": "wall", "cpu": 0.4, "wall": 15.0, **limit}))
... # doctest: +NORMALIZE_WHITESPACE
시간 초과인지 가릴 수 없다: 벽시계로 15초를 기다리는 동안 풀이는 CPU를 0.40초만 썼다
(이 입력의 한도는 CPU 2.00초). 기계가 바빠 풀이가 CPU를 받지 못했거나, 풀이가 sleep이나
무언가를 기다리며 멈춰 있었다. 기계가 한가할 때 다시 실행해 보세요
>>> load({"load": "no_class", "found": False}, "numIslands(self, grid)", "numIslands", "a.py")[0]
'a.py: Solution 클래스가 없다. LeetCode에 붙여 넣는 모양 그대로 써 주세요:'
"""

from __future__ import annotations

from typing import Any

from graphs.drill.clock import FACTOR, Limit
from graphs.drill.korean import with_particle

__all__ = [
    "BUDGET",
    "MEMORY",
    "MUTATED_STRICT",
    "TRACEBACK",
    "crash",
    "error",
    "limit_rule",
    "load",
    "passed",
    "phase",
    "recursion",
    "timeout",
    "traceback",
    "unreadable",
]

TRACEBACK = "Traceback (학생 파일 부분만):"
MUTATED_STRICT = (
    "입력을 바꿨다 (--strict: 답은 맞고 LeetCode는 받아 주지만, 이 프로젝트의 규칙은 입력을"
    " 그대로 두는 것이다. 복사본이나 visited 집합을 쓰세요)"
)
MEMORY = "MemoryError: 메모리 한도를 넘었다"
BUDGET = "판정 시간 예산을 다 썼다: 통과도 실패도 확정하지 못했다 (--budget을 늘려 보세요)"
#: The phases of a check, as the progress line and a failure's ``phase`` name them.
PHASES = {
    "search": "작은 무작위 입력 (hypothesis)",
    "depth": "재귀 깊이 재기",
}


def phase(name: str, *, index: int = 0, count: int = 0, label: str = "") -> str:
    """A phase's name: ``example`` (``index`` of ``count``), ``search``, ``timing`` (of the
    ladder ``label``), ``depth``, or a hard ladder's own ``label``."""
    if name == "example":
        return f"LeetCode 예제 {index}/{count}" if count else f"LeetCode 예제 {index}"
    if name == "timing":
        return f"시간 재기 ({label})"
    return PHASES.get(name, label)


def limit_rule(limit: Limit) -> str:
    """How ``limit`` was decided."""
    if limit.floored:
        return (
            f"한도는 가장 작은 한도인 CPU {limit.floor:g}초다(프로젝트 풀이는 이 입력에서"
            f" CPU {limit.reference:.3f}초를 썼다. 그 {FACTOR}배보다 최소 한도가 크다)"
        )
    return (
        f"한도는 프로젝트 풀이가 같은 입력에 쓴 CPU {limit.reference:.3f}초의 {FACTOR}배인"
        f" {limit.cpu:.2f}초다"
    )


def timeout(answer: dict[str, Any]) -> str:
    """The message of a call that ran out of time, from what was measured
    (:func:`graphs.drill.clock.call`'s answer)."""
    limit = Limit(cpu=answer["limit"], reference=answer["reference"], floor=answer["floor"])
    used = answer["cpu"]
    if answer.get("cause") == "wall":
        return (
            f"시간 초과인지 가릴 수 없다: 벽시계로 {answer['wall']:.0f}초를 기다리는 동안 풀이는"
            f" CPU를 {used:.2f}초만 썼다 (이 입력의 한도는 CPU {limit.cpu:.2f}초). 기계가 바빠"
            " 풀이가 CPU를 받지 못했거나, 풀이가 sleep이나 무언가를 기다리며 멈춰 있었다."
            " 기계가 한가할 때 다시 실행해 보세요"
        )
    if answer.get("finished"):
        spent = f"이 입력에서 CPU를 {used:.2f}초 써서 답했다"
    else:
        spent = f"이 입력에서 CPU를 {used:.2f}초 쓰고도 끝나지 않았다"
    return (
        f"시간 초과: {spent}. {limit_rule(limit)}. 이만큼 느리면 보통 O(V + E)보다 훨씬 많이"
        " 일하거나(같은 칸을 거듭 방문하거나 리스트에서 찾거나) 끝나지 않는 반복이다"
    )


def traceback(answer: dict[str, Any]) -> list[str]:
    """The runner's traceback lines (only the student's frames), under their heading."""
    lines = [str(line) for line in answer.get("details", [])]
    return [TRACEBACK, *lines] if answer.get("frames") else lines


def error(answer: dict[str, Any]) -> str:
    """The message of a call that raised: the exception, or the recursion limit the solution
    lowered itself (the runner's ``lowered`` or ``too_low``)."""
    if "lowered" in answer:
        before, after = answer["lowered"]
        said = (
            f"RecursionError: 풀이가 호출 안에서 재귀 한도를 {before}단계에서 {after}단계로"
            f" 낮췄다 (sys.setrecursionlimit({after})), 그 한도를 넘었다"
        )
    elif "too_low" in answer:
        limit, depth = answer["too_low"]
        said = (
            f"RecursionError: 풀이가 재귀 한도를 {limit}단계로 낮추려 했지만"
            f" (sys.setrecursionlimit({limit})) 호출이 이미 {depth}단계 깊이였다"
        )
    else:
        said = str(answer["error"])
    return f"풀이가 예외를 냈다: {said}"


def recursion(*, strict: bool, limit: int) -> str:
    """The message of a RecursionError: past plain Python's ``limit`` (``strict``), or past
    the recursion limit the call ran with."""
    if strict:
        return (
            f"RecursionError: 재귀가 파이썬 기본 한도({limit}단계)를 넘었다 (--strict: LeetCode는"
            " 한도를 크게 올려 두어 받아 준다). 명시적 스택이나 큐를 쓰세요"
        )
    return f"RecursionError: 재귀 한도({limit}단계)도 넘었다. LeetCode에서도 Runtime Error다"


def passed(examples: int, calls: int) -> str:
    """The message of a pass."""
    return f"예제 {examples}개와 입력 {calls}개 모두 맞았다"


def unreadable(shown: str, reason: object) -> str:
    """The message of a file that could not be read (or decoded)."""
    return f"{shown}: 읽을 수 없다 ({reason})"


def load(answer: dict[str, Any], signature: str, method: str, shown: str) -> tuple[str, list[str]]:
    """``(message, details)`` of a file that could not be loaded as LeetCode loads it.

    Parameters
    ----------
    answer : dict
        The runner's answer to loading (``load`` or ``status`` names what happened).
    signature, method : str
        The method's signature and name, as the problem declares them.
    shown : str
        The file's name as the student typed it.
    """
    expected = ["class Solution:", f"    def {signature}:"]
    kind = answer.get("load") or answer.get("status")
    if kind == "syntax_error":
        where = f"{shown}:{answer['lineno']}" if answer.get("lineno") else shown
        details = []
        if answer.get("text"):
            details.append("    " + answer["text"])
            if answer.get("offset"):
                details.append("    " + " " * (answer["offset"] - 1) + "^")
        return f"{where}: 문법 오류 ({answer['msg']})", details
    if kind == "unreadable":
        return unreadable(shown, answer["msg"]), []
    if kind == "error":
        return f"{shown}: 파일을 실행하다가 예외가 났다", traceback(answer)
    if kind == "no_class":
        found = "있지만 클래스가 아니다" if answer["found"] else "없다"
        return f"{shown}: Solution 클래스가 {found}. LeetCode에 붙여 넣는 모양 그대로 써 주세요:", (
            expected
        )
    if kind == "no_method":
        have = f" (있는 것: {', '.join(answer['have'])})" if answer["have"] else ""
        named = with_particle(method, "이")
        return f"{shown}: Solution에 메서드 {named} 없다{have}. 기대하는 시그니처:", expected[1:]
    if kind == "bad_signature":
        message = f"{shown}: {method}의 인자가 LeetCode와 다르다 ({answer['msg']})."
        return message + " 기대하는 시그니처:", expected[1:]
    return f"{shown}: 파일을 불러오는 데 시간 한도를 넘었다", []  # timeout


def crash(answer: dict[str, Any]) -> str:
    """The message of a child that died (or broke the protocol) during a call."""
    if answer.get("status") == "protocol":
        return "풀이가 채점기와 주고받는 통로를 건드렸다 (답 말고 다른 줄을 쓰거나 통로를 닫았다)"
    if answer.get("signal") == "SIGKILL":
        return "메모리가 모자라 프로세스가 죽었다 (SIGKILL)"
    if "signal" in answer:
        return f"풀이를 돌리던 프로세스가 {answer['signal']} 신호로 죽었다 (C 수준에서 멈췄다)"
    return (
        f"풀이가 프로세스를 스스로 끝냈다 (exit code {answer.get('exit')}: os._exit나 비슷한"
        " 호출). LeetCode에서도 Runtime Error다"
    )


def unknown_problem(problem: object, known: list[str]) -> str:
    """The student asked for a problem the track does not hold: which ones it does, and where
    the site explains how to add one, on one line (a usage error's form)."""
    asked = str(problem).strip()
    name = f"{asked}번 문제는" if asked.isdigit() else with_particle(f"'{asked}'", "은")
    return (
        f"{name} 드릴 목록에 없다. 지금 있는 문제: {', '.join(known)}. "
        "새 문제를 더하는 방법은 사이트의 '드릴' 페이지, '새 문제 추가하기' 절"
        "(docs/graphs/drill.md)에 있다."
    )
