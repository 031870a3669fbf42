"""The Korean report of a check: LeetCode's verdict first, then what LeetCode never says."""

from __future__ import annotations

from typing import Any

from graphs.drill import clock, growth, words
from graphs.drill.korean import particle
from graphs.drill.runner import LEETCODE_RECURSION_LIMIT, PLAIN_PYTHON_FRAMES

__all__ = ["LEETCODE_NAMES", "VERDICTS", "format_result", "notes", "timing_lines"]

# Each verdict a check can record, in the words the journal uses for it.
VERDICTS = {
    "ok": "통과",
    "wrong_answer": "틀린 답",
    "timeout": "시간 초과",
    "memory": "메모리 초과",
    "error": "실행 중 오류",
    "syntax_error": "문법 오류",
    "unreadable": "파일을 못 읽음",
    "no_class": "Solution 클래스 없음",
    "no_method": "메서드 이름 틀림",
    "bad_signature": "인자 틀림",
    "mutated": "입력을 바꿈 (--strict)",
    "recursion": "깊은 재귀 (--strict)",
    "crashed": "프로세스가 죽음",
    "budget": "판정 시간 초과",
    "killed": "강제 종료(무한 반복)",  # older records
}
# What LeetCode shows for the same outcome (None: the project's own rule, --strict).
LEETCODE_NAMES = {
    "ok": "Accepted",
    "wrong_answer": "Wrong Answer",
    "timeout": "Time Limit Exceeded",
    "memory": "Memory Limit Exceeded",
    "error": "Runtime Error",
    "crashed": "Runtime Error",
    "syntax_error": "Compile Error",
    "unreadable": "Compile Error",
    "no_class": "Compile Error",
    "no_method": "Runtime Error",
    "bad_signature": "Runtime Error",
    "mutated": None,
    "recursion": None,
    "budget": None,
    "killed": "Time Limit Exceeded",
}


def _leetcode(verdict: str) -> str:
    name = LEETCODE_NAMES.get(verdict)
    return f" (LeetCode: {name})" if name else " (LeetCode에는 없는 규칙)"


def timing_lines(result: dict[str, Any], label: str) -> list[str]:
    """The time-against-size table and the fitted slope, with its spread."""
    timings = result.get("timings") or []
    if not timings:
        return []
    lines = [f"입력 크기에 따른 시간 ({label}; 기대 복잡도 O(V + E)):"]
    lines.append(f"  {'V':>8} {'E':>8} {'V + E':>8} {'시간':>10}")
    for t in timings:
        lines.append(
            f"  {t['V']:>8} {t['E']:>8} {t['V'] + t['E']:>8} {t['seconds'] * 1000:>8.2f} ms"
        )
    fit = result.get("fit")
    if fit is None:
        return lines
    if fit["verdict"] == "small":
        lines.append(
            f"  LeetCode가 허락하는 가장 큰 입력이 V + E = {fit['largest']:,}밖에 안 되어, 시간은"
            " 알고리즘보다 호출 비용이 정한다: 기울기는 재지 않는다."
        )
        return lines
    slope, half = fit["slope"], fit["half_width"]
    said = {
        "linear": "선형에 가깝다, O(V + E)와 맞다",
        "steeper": "선형보다 가파르다: 어딘가에서 V + E보다 많이 일한다",
        "unclear": "선형인지 더 가파른지 이 측정으로는 가를 수 없다",
        "wide": "측정이 흔들려 판단하지 않는다 (기계가 바쁠 때 그렇다)",
    }[fit["verdict"]]
    times = fit["largest"] / fit["smallest"]
    if fit["verdict"] == "wide" and times < growth.MIN_RANGE:
        said = (
            f"LeetCode의 크기 한도 안에서 잰 V + E가 {times:.1f}배 범위뿐이라, 측정 오차가"
            " 기울기를 크게 흔든다: 판단하지 않는다"
        )
    lines.append(
        f"  log-log 기울기 {slope:.2f} ± {half:.2f} (95%, 1이면 선형): {said}."
        f" 크기마다 {result.get('repeats', 1)}번 잰 가장 빠른 값."
    )
    return lines


def notes(result: dict[str, Any]) -> list[str]:
    """What LeetCode never says about a passing solution, in Korean."""
    lines = []
    if result.get("mutated"):
        lines.append(
            "입력을 바꿨다 (LeetCode는 받아 주지만, 호출한 쪽의 입력이 달라진다: 같은 입력을 다시"
            " 쓰는 코드와 함께라면 버그가 된다. --strict에서는 실패다)."
        )
    depth = result.get("depth")
    limit = result.get("recursion_limit")
    if depth is not None:
        where = f"{depth['family']}, V + E = {depth['V'] + depth['E']}"
        if depth["depth"] >= PLAIN_PYTHON_FRAMES - 10:
            lines.append(
                f"가장 깊은 재귀: {depth['depth']}단계 ({where}). 파이썬 기본 한도"
                f"({PLAIN_PYTHON_FRAMES}단계)였다면 RecursionError로 실패했다. LeetCode는 한도를"
                " 크게 올려 두어 통과시킨다 (--strict에서는 실패다)."
            )
        else:  # the judge keeps a depth only where the solution recursed
            lines.append(
                f"가장 깊은 재귀: {depth['depth']}단계 ({where}): 파이썬 기본 한도"
                f"({PLAIN_PYTHON_FRAMES}단계) 안이다."
            )
    if limit is not None and limit != LEETCODE_RECURSION_LIMIT:
        lines.append(f"파일의 sys.setrecursionlimit({limit}){particle(limit, '을')} 그대로 지켰다.")
    closest = result.get("closest")
    if closest is not None:
        limit = clock.Limit(closest["limit"], closest["reference"], closest["floor"])
        size = closest["V"] + closest["E"]
        lines.append(
            f"시간 한도에 가장 가까웠던 입력: V + E = {size:,}에서 CPU {closest['cpu']:.2f}초를"
            f" 썼다. {words.limit_rule(limit)}."
        )
    return lines


def format_result(drill: Any, shown: str, result: dict[str, Any]) -> list[str]:
    """The Korean report of a ``check`` result: the verdict, its input, then the notes."""
    lines = [f"{drill.label} ({drill.method}) — {shown}"]
    verdict = result["verdict"]
    if result["status"] == "pass":
        lines.append(f"[통과]{_leetcode(verdict)} {result['message']}")
        extra = notes(result)
        if extra:
            lines.append("LeetCode가 말해 주지 않는 것:")
            lines += [f"  - {line}" for line in extra]
        lines += timing_lines(result, drill.kind.timing.label)
        return lines
    phase = f" — {result['phase']}" if result.get("phase") else ""
    lines.append(f"[실패]{_leetcode(verdict)} {result['message']}{phase}")
    lines += ["  " + line for line in result.get("details", [])]
    if "input_lines" in result:
        lines.append("  가장 작은 반례:" if "예제" not in result.get("phase", "") else "  입력:")
        if result.get("leetcode_input"):  # what the student pastes into LeetCode comes first
            lines.append(f"    LeetCode 입력: {result['leetcode_input']}")
        lines += ["    " + line for line in result["input_lines"]]
        lines.append(f"  기대한 답: {result['expected']}")
        if "actual" in result:
            lines.append(f"  받은 답:   {result['actual']}")
    return lines
