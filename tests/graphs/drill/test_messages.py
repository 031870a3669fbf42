"""The judge's messages in LeetCode's spelling and in Korean that reads right: ``true`` and
``false`` as LeetCode prints them, 886's counterexample in LeetCode's 1-based numbering first,
particles that fit the number before them (checked against each number read aloud in Korean),
and the note on recursion only for a solution that recursed. The solutions are written the way
LeetCode users write them."""

from __future__ import annotations

import doctest
import json
import re
import textwrap
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from graphs import drill
from graphs.drill import answers, judge, kinds, korean, options, report, words
from graphs.drill.korean import particle, with_particle
from graphs.drill.problem import find


@pytest.mark.parametrize(
    "module", [korean, answers, kinds, words, options, judge], ids=lambda m: m.__name__
)
def test_docstring_examples_run(module):
    assert doctest.testmod(module, optionflags=doctest.ELLIPSIS).failed == 0


# ----------------------------------------------------------------------------- the oracle

DIGITS = "영일이삼사오육칠팔구"
SMALL_UNITS = ("", "십", "백", "천")
BIG_UNITS = ("", "만", "억", "조", "경")


def read_aloud(n: int) -> str:
    """``n`` as a Korean reader says it (Sino-Korean): 0 영, 12 십이, 2000 이천, 10^4 만."""
    if n == 0:
        return "영"
    words = []
    for big, start in enumerate(range(0, len(str(n)), 4)):
        chunk = (n // 10**start) % 10**4
        said = ""
        for place in range(3, -1, -1):
            digit = chunk // 10**place % 10
            if digit:
                said += ("" if digit == 1 and place else DIGITS[digit]) + SMALL_UNITS[place]
        if said:
            said = "" if said == "일" and big == 1 else said  # 10^4 is 만, not 일만
            words.append(said + BIG_UNITS[big])
    return "".join(reversed(words))


def final_consonant(syllable: str) -> int:
    """The index of the final consonant of a Hangul syllable (0: none, 8: ㄹ)."""
    return (ord(syllable) - 0xAC00) % 28


def expected_particle(word: str, form: str) -> str:
    pairs = {"은": "은는", "는": "은는", "이": "이가", "가": "이가", "을": "을를", "를": "을를",
             "과": "과와", "와": "과와"}  # fmt: skip
    if form in ("으로", "로"):
        return "로" if final_consonant(word[-1]) in (0, 8) else "으로"
    after_consonant, after_vowel = pairs[form]
    return after_consonant if final_consonant(word[-1]) else after_vowel


@given(n=st.integers(0, 10**16), form=st.sampled_from(["은", "는", "이", "가", "을", "를",
                                                      "과", "와", "으로", "로"]))  # fmt: skip
@example(n=5 * 10**12, form="은")  # 오조: 조 ends in a vowel (found by this test)
@example(n=30 * 10**4, form="으로")  # 삼십만: the big unit is said last
def test_a_particle_after_a_number_fits_the_number_read_aloud(n, form):
    assert particle(n, form) == expected_particle(read_aloud(n), form)
    assert particle(-n, form) == particle(n, form)  # 마이너스 ... ends as the number does
    assert particle(f"[{n}]", form) == particle(n, form)  # brackets are not read


def test_the_reading_oracle_reads_as_a_korean_reader_does():
    said = {
        0: "영",
        1: "일",
        10: "십",
        12: "십이",
        2000: "이천",
        10**4: "만",
        12345: "만이천삼백사십오",
    }
    assert {n: read_aloud(n) for n in said} == said


def test_particles_the_issue_saw_wrong_and_words_the_messages_use():
    assert f"2{particle(2, '과')} 4{particle(4, '은')}" == "2와 4는"
    assert f"3{particle(3, '와')} 1{particle(1, '는')}" == "3과 1은"
    assert [with_particle(w, "을") for w in ("true", "false", "null", "그래프", "'X'")] == [
        "true를", "false를", "null을", "그래프를", "'X'를"]  # fmt: skip
    # Method names as Korean writes the English words: ...커넥션이, ...로팅이, ...아일랜즈가.
    assert [with_particle(m, "이") for m in ("findRedundantConnection", "orangesRotting",
                                             "numIslands", "solve")] == [
        "findRedundantConnection이", "orangesRotting이", "numIslands가", "solve가"]  # fmt: skip
    assert particle("…", "을") == "을(를)"  # nothing readable: the combined form, last resort


# ----------------------------------------------------------------------------- the judge


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "solution.py"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return path


def _report(problem: int, path: Path, result: dict) -> str:
    return "\n".join(report.format_result(find(problem), str(path), result))


def test_booleans_are_shown_as_leetcode_spells_them(tmp_path):
    # A 207 solution that forgets the cycle check: "true" on LeetCode's second example.
    path = _write(tmp_path, """\
        class Solution:
            def canFinish(self, numCourses: int, prerequisites: List[List[int]]) -> bool:
                indeg = [0] * numCourses
                for a, b in prerequisites:
                    indeg[a] += 1
                return True
        """)  # fmt: skip
    result = drill.check(207, path, max_examples=10)
    assert result["verdict"] == "wrong_answer" and result["phase"] == "LeetCode 예제 2", result
    assert result["actual"] == "true" and result["expected"] == "false"
    assert "기대 false, 받은 답 true" in result["message"]
    shown = _report(207, path, result)
    assert "True" not in shown and "False" not in shown, shown


def test_an_answer_of_the_wrong_type_is_named_with_a_fitting_particle(tmp_path):
    path = _write(tmp_path, """\
        class Solution:
            def canFinish(self, numCourses: int, prerequisites: List[List[int]]) -> bool:
                return 1
        """)  # fmt: skip
    result = drill.check(207, path, max_examples=10)
    assert result["message"] == "bool(true/false)을 돌려줘야 하는데 int 1을 돌려줬다", result


def test_886s_counterexample_shows_leetcodes_one_based_input_first(tmp_path):
    # Colours only the people reachable from person 1: misses a dislike triangle elsewhere.
    path = _write(tmp_path, """\
        class Solution:
            def possibleBipartition(self, n: int, dislikes: List[List[int]]) -> bool:
                g = defaultdict(list)
                for a, b in dislikes:
                    g[a].append(b)
                    g[b].append(a)
                color = {1: 0}
                stack = [1]
                while stack:
                    u = stack.pop()
                    for v in g[u]:
                        if v not in color:
                            color[v] = 1 - color[u]
                            stack.append(v)
                        elif color[v] == color[u]:
                            return False
                return True
        """)  # fmt: skip
    result = drill.check(886, path, max_examples=50)
    assert result["verdict"] == "wrong_answer" and result["actual"] == "true", result
    lines = report.format_result(find(886), str(path), result)
    first = next(i for i, line in enumerate(lines) if "LeetCode 입력:" in line)
    own = next(i for i, line in enumerate(lines) if "채점기 안에서 0부터 센 쌍" in line)
    drawn = next(i for i, line in enumerate(lines) if line.strip().startswith("정점"))
    assert first < drawn < own, lines
    n = result["input"]["n"]
    pasted = result["leetcode_input"]
    dislikes = json.loads(pasted.split("dislikes = ", 1)[1])
    assert dislikes == [[a + 1, b + 1] for a, b in result["input"]["edges"]]
    assert f"{json.dumps(dislikes)}" in lines[drawn]  # the drawing numbers people from 1 too
    assert all(1 <= p <= n for pair in dislikes for p in pair)
    pairs = [m.groups() for line in lines if (m := re.search(r"(\d+)(.) (\d+)(.) 다른 그룹", line))]
    assert len(pairs) == len(dislikes)
    for a, with_, b, topic in pairs:
        assert with_ == expected_particle(read_aloud(int(a)), "과")
        assert topic == expected_particle(read_aloud(int(b)), "은")


BFS_WITH_HELPERS = """\
    class Solution:
        def isBipartite(self, graph: List[List[int]]) -> bool:
            color = {}
            for s in range(len(graph)):
                if s not in color and not self.paint(graph, s, color):
                    return False
            return True

        def paint(self, graph, s, color):
            other = lambda c: 1 - c
            color[s] = 0
            q = deque([s])
            while q:
                u = q.popleft()
                for v in graph[u]:
                    if v not in color:
                        color[v] = other(color[u])
                        q.append(v)
                    elif color[v] == color[u]:
                        return False
            return True
    """

DFS = """\
    class Solution:
        def isBipartite(self, graph: List[List[int]]) -> bool:
            color = {}

            def dfs(u, c):
                color[u] = c
                return all(dfs(v, 1 - c) if v not in color else color[v] != c for v in graph[u])

            return all(u in color or dfs(u, 0) for u in range(len(graph)))
    """


def test_no_note_on_recursion_for_a_solution_that_never_recursed(tmp_path):
    path = _write(tmp_path, BFS_WITH_HELPERS)
    d = find(785)
    options = judge.CheckOptions(max_examples=10)
    judged = judge.Judge(d, path.read_text(encoding="utf-8"), str(path), options)
    try:
        probe = judged.run_once(d.kind.families[0].inputs()[-1], probe=True)
    finally:
        judged.close()
    assert probe["depth"] >= 3 and not probe["recursed"]  # method -> paint -> lambda
    result = drill.check(785, path, max_examples=10)
    assert result["status"] == "pass" and result["depth"] is None, result
    assert not any("재귀" in line for line in report.notes(result))


def test_the_note_on_recursion_stays_for_a_solution_that_recursed(tmp_path):
    path = _write(tmp_path, DFS)
    result = drill.check(785, path, max_examples=10)
    assert result["status"] == "pass" and result["depth"]["depth"] > 2, result
    assert any(line.startswith("가장 깊은 재귀:") for line in report.notes(result))
