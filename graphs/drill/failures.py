"""What the judge says, in Korean, when a solution file never ran or its process died.

The judge (:mod:`graphs.drill.judge`) gets a plain JSON answer from the sandboxed child
(:mod:`graphs.drill.runner`). Two kinds of answer are not a value to compare: the file could not
be loaded as LeetCode loads it (a syntax error, no ``class Solution``, another signature), or the
child stopped answering in the middle of a call (killed by a signal, ``os._exit``, lines written
on the judge's channel). This module turns each into a verdict with a message that says what went
wrong and what LeetCode would have said; it decides nothing else.
"""

from __future__ import annotations

from typing import Any

from graphs.drill.korean import with_particle
from graphs.drill.problem import Drill

__all__ = ["bad", "crash_failure", "load_failure"]


def bad(verdict: str, message: str, details: list[str] | None = None) -> dict[str, Any]:
    """A failed check with no failing input to show.

    Parameters
    ----------
    verdict : str
        The verdict's name (``syntax_error``, ``no_class``, ``budget``, ...).
    message : str
        One line in Korean for the student.
    details : list of str, optional
        Lines printed under the message (the expected signature, a traceback's tail).

    Returns
    -------
    dict
        ``{"status": "fail", "verdict", "message", "details"}``.

    Examples
    --------
    >>> bad("timeout", "느리다")["details"]
    []
    """
    return {"status": "fail", "verdict": verdict, "message": message, "details": details or []}


def load_failure(answer: dict[str, Any], drill: Drill, shown: str) -> dict[str, Any]:
    """The failed check of a file that could not be loaded the way LeetCode loads it.

    Parameters
    ----------
    answer : dict
        The runner's answer to loading (``load`` or ``status`` names what happened).
    drill : Drill
        The problem, for the method's name and signature that the message shows.
    shown : str
        The file's name as the student typed it.

    Returns
    -------
    dict
        A failed check (:func:`bad`); a child that died while loading gets :func:`crash_failure`'s
        verdict.
    """
    expected = ["class Solution:", f"    def {drill.signature}:"]
    kind = answer.get("load") or answer.get("status")
    if kind == "syntax_error":
        where = f"{shown}:{answer['lineno']}" if answer.get("lineno") else shown
        details = []
        if answer.get("text"):
            details.append("    " + answer["text"])
            if answer.get("offset"):
                details.append("    " + " " * (answer["offset"] - 1) + "^")
        return bad("syntax_error", f"{where}: 문법 오류 ({answer['msg']})", details)
    if kind == "unreadable":
        return bad("unreadable", f"{shown}: 읽을 수 없다 ({answer['msg']})")
    if kind == "error":
        return bad("error", f"{shown}: 파일을 실행하다가 예외가 났다", answer["details"])
    if kind == "no_class":
        found = "있지만 클래스가 아니다" if answer["found"] else "없다"
        message = f"{shown}: Solution 클래스가 {found}. LeetCode에 붙여 넣는 모양 그대로 써 주세요:"
        return bad("no_class", message, expected)
    if kind == "no_method":
        have = f" (있는 것: {', '.join(answer['have'])})" if answer["have"] else ""
        method = with_particle(drill.method, "이")
        message = f"{shown}: Solution에 메서드 {method} 없다{have}. 기대하는 시그니처:"
        return bad("no_method", message, expected[1:])
    if kind == "bad_signature":
        message = f"{shown}: {drill.method}의 인자가 LeetCode와 다르다 ({answer['msg']})."
        return bad("bad_signature", message + " 기대하는 시그니처:", expected[1:])
    if kind == "timeout":
        return bad("timeout", f"{shown}: 파일을 불러오는 데 시간 한도를 넘었다")
    return {"status": "fail", **crash_failure(answer)}


def crash_failure(answer: dict[str, Any]) -> dict[str, Any]:
    """The verdict of a child that died (or broke the protocol) during a call.

    Parameters
    ----------
    answer : dict
        The sandbox's account of the child's end: ``status: protocol``, a ``signal`` name or an
        ``exit`` code.

    Returns
    -------
    dict
        ``{"verdict", "message", "details"}`` with no ``status``, so that the judge shows the
        failing input with it.

    Examples
    --------
    >>> crash_failure({"signal": "SIGKILL"})["verdict"]  # the kernel's: out of memory
    'memory'
    """
    if answer.get("status") == "protocol":
        message = (
            "풀이가 채점기와 주고받는 통로를 건드렸다 (답 말고 다른 줄을 쓰거나 통로를 닫았다)"
        )
        return {"verdict": "error", "message": message, "details": []}
    if answer.get("signal") == "SIGKILL":  # not ours: the kernel's, out of memory
        message = "메모리가 모자라 프로세스가 죽었다 (SIGKILL)"
        return {"verdict": "memory", "message": message, "details": []}
    if "signal" in answer:
        message = f"풀이를 돌리던 프로세스가 {answer['signal']} 신호로 죽었다 (C 수준에서 멈췄다)"
        return {"verdict": "crashed", "message": message, "details": []}
    message = (
        f"풀이가 프로세스를 스스로 끝냈다 (exit code {answer.get('exit')}: os._exit나 비슷한"
        " 호출). LeetCode에서도 Runtime Error다"
    )
    return {"verdict": "error", "message": message, "details": []}
