"""The next study day, played the README's way in a copy of the checkout, keeps the site green.

The student adds a day every week (README, "Adding a day's entry"), and a day is not the tests'
business: adding one must not break a test that is not about it. So this test plays the next day
in a temporary copy of the working tree, on a day after every day the checkout holds
(:func:`tests.docs.days.next_free_day`, so it keeps working as real days are added): the day's
entry with its experiment (``studylog.journal new --experiment ... --vary n_kv_heads=1,2,4,8``, the
scaffold's own tiny run), the entry filled in and published, two drills checked with the drill
command and recorded for that day, ``studylog.journal drills`` and ``studylog.gen``. Then it runs
the tests that read the site and its index pages there (not the browser tests: they take too long to
run twice) and asserts that they pass.
"""

from __future__ import annotations

import datetime as dt
import re
import shutil
import textwrap
from pathlib import Path

import pytest

from graphs.drill.problem import find
from studylog import entry_drills, scaffold
from tests.docs.days import next_free_day
from tests.docs.test_journal import placeholder_lines
from tests.helpers import ROOT, copy_of_the_working_tree, run

pytestmark = [pytest.mark.slow, pytest.mark.long]  # a minute or two on a busy machine

#: The tests of the site and its index pages that run in the copy once the day is in.
SITE_TESTS = [
    "tests/docs/test_indexes.py",
    "tests/docs/test_build.py",
    "tests/docs/test_stylesheet.py",
    "tests/docs/test_pages_progress.py",
    "tests/docs/test_journal.py",
    "tests/docs/test_tags.py",
]

#: The day's two drills, files written as LeetCode users write them (the automatic imports; the
#: 1091 one marks the grid in place), from the judge's own test bench.
SOLUTIONS = {
    994: ROOT / "tests/graphs/drill/solutions/bfs_994.py",
    1091: ROOT / "tests/graphs/drill/corpus/solutions/sink_bfs_1091.py",
}

#: The test that drafts and publishes one more day in a copy: this test has just done that
#: itself (and the run outside the copy runs it too), so the copy leaves it out.
PLAYED_HERE = "tests/docs/test_journal.py::test_site_with_a_fresh_entry_still_builds_strictly"

#: What pytest-xdist tells its workers; a pytest started by a test must not inherit it.
XDIST_VARIABLES = ("PYTEST_XDIST_WORKER", "PYTEST_XDIST_WORKER_COUNT", "PYTEST_XDIST_TESTRUNUID")

#: ``python -m graphs.drill`` with its clock set to the day being played (``python -c CLOCK
#: YYYY-MM-DDTHH:MM command ...``): a student drills on the day of the entry, and the record's
#: times are what the progress page and the review box count by day.
CLOCK = textwrap.dedent("""
    import datetime as dt, sys
    from graphs.drill import cli
    start, t0 = dt.datetime.fromisoformat(sys.argv.pop(1)).astimezone(), dt.datetime.now()
    cli.now = lambda: start + (dt.datetime.now() - t0)
    sys.exit(cli.run_command())
""")

#: What the student writes in place of the template's fill-me-in lines, section by section
#: (a bare list item "- " gets the section's sentence).
FILLED = {
    "summary": "query head는 그대로 두고 key와 value의 head만 줄이는 grouped-query attention을"
    " 살펴봤다. 알고리즘 시간에는 격자 BFS 문제 두 개를 풀었다.",
    "오늘의 목표": "KV cache가 왜 커지는지, GQA가 그것을 어떻게 줄이는지 내 말로 설명한다.",
    "개념 정리": "생성할 때는 이전 토큰의 key와 value를 저장해 두고 다시 쓴다. 그 크기는 KV"
    " head 수에 비례한다.",
    "함정": "`n_kv_heads`가 head 수를 나누어떨어지게 하지 않으면 query head를 고르게 묶을 수 없다.",
    "LLM과의 연결": "Llama와 Mistral 계열이 GQA를 쓴다.",
    "다음에 할 것": "KV head 수에 따라 정확도가 갈리는 과제를 찾는다.",
}


def _free_experiment(root: Path, base: str = "gqa") -> str:
    """``base``, or ``base`` with a number, whichever the scaffold takes in ``root``."""
    for name in [base, *(f"{base}_{i}" for i in range(2, 100))]:
        try:
            scaffold.check_name(name, root)
        except scaffold.ScaffoldError:
            continue
        return name
    raise AssertionError(f"no free experiment name like {base!r}")


def _publish(text: str, name: str) -> str:
    """The drafted entry filled in as the template asks: every fill-me-in line replaced, the
    code and the results included rather than typed, ``readtime:`` set and the ``draft: true``
    line deleted. The problems' sections were filled by ``journal drills``: only "틀린 점과
    이유" is left to the student."""
    placeholders = placeholder_lines()
    section = "summary"
    out = []
    for line in text.splitlines():
        if line.startswith("## "):
            section = line[3:]
        if line.startswith("readtime:"):
            line = "readtime: 5"
        if line == "draft: true" or line.startswith("# A draft is left out"):
            continue
        if " ".join(line.split()) not in placeholders:
            out.append(line)
            continue
        if line.startswith("| 틀린 점과 이유 |"):
            out.append("| 틀린 점과 이유 | 처음 제출에서는 없었다. |")
        elif line.startswith("소스는"):
            out += ['```python title="mha/module.py — project"',
                    '--8<-- "mha/module.py:project"', "```"]  # fmt: skip
        elif line.startswith("표와 그림은"):
            out.append(f'--8<-- "docs/generated/{name}/summary.md"')
        elif line.startswith("- ") or line == "-":
            out.append(f"- {FILLED[section]}")
        elif section == "summary":
            out.append(FILLED["summary"])
        # any other instruction of the template (how to write the records) is deleted
    return "\n".join(out) + "\n"


def test_the_next_day_keeps_the_site_and_index_tests_green(tmp_path: Path) -> None:
    repo = copy_of_the_working_tree(tmp_path / "repo")
    env = {"PYTHONPATH": str(repo)}  # the copy's own code, not the checkout's

    def command(*args: str) -> str:
        proc = run(list(args), cwd=repo, env=env, timeout=900)
        assert proc.returncode == 0, f"{' '.join(args[:4])}:\n{proc.stdout}{proc.stderr}"
        return proc.stdout

    day = next_free_day(repo)
    name = _free_experiment(repo)
    command("-m", "studylog.journal", "new", "--date", str(day), "--title", "GQA와 KV cache",
            "--slug", "gqa-kv-cache", "--experiment", name,
            "--vary", "n_kv_heads=1,2,4,8")  # fmt: skip
    # the drills of the day: start, then check a solution file; both recorded for that day
    record = f"drills/{day}.jsonl"
    for i, (problem, source) in enumerate(SOLUTIONS.items()):
        solution = tmp_path / f"solution_{problem}.py"
        shutil.copy2(source, solution)
        started = dt.datetime.combine(day, dt.time(9 + i, 0))
        command("-c", CLOCK, started.isoformat(), "start", str(problem), "--record", record)
        checked = (started + dt.timedelta(minutes=25)).isoformat()
        out = command("-c", CLOCK, checked, "check", str(problem), str(solution),
                      "--record", record, "--quiet")  # fmt: skip
        assert "[통과]" in out, out
    post = repo / f"docs/blog/posts/{day}.md"
    command("-m", "studylog.journal", "drills", "--date", str(day))  # drills after new: filled
    drafted = post.read_text("utf-8")
    for problem in SOLUTIONS:
        assert f"| 문제 | {find(problem).label} |" in drafted
        assert drafted.count(entry_drills.record_include(problem) or "missing") == 1
    post.write_text(_publish(drafted, name), encoding="utf-8")
    command("-m", "studylog.gen")

    log = (repo / f"docs/generated/drills/log-{day}.md").read_text(encoding="utf-8")
    assert [int(n) for n in re.findall(r"^\| LeetCode (\d+)\. ", log, re.M)] == list(SOLUTIONS)
    box = (repo / f"docs/generated/drills/review-{day}.md").read_text(encoding="utf-8")
    assert f"{day}에 푼 문제 2개: " in box and "(../../graphs/progress.md)" in box
    # A run of its own: its temporary folders under tmp_path, none of this run's xdist worker.
    alone = {**env, **dict.fromkeys(XDIST_VARIABLES)}
    tests = run(["-m", "pytest", "-q", "-p", "no:cacheprovider",
                 f"--basetemp={tmp_path / 'pytest'}", "-m", "not browser", *SITE_TESTS,
                 f"--deselect={PLAYED_HERE}"],
                cwd=repo, env=alone, timeout=3600)  # fmt: skip
    assert tests.returncode == 0, tests.stdout[-6000:] + tests.stderr[-2000:]
    assert re.search(r"\b\d+ passed\b", tests.stdout), tests.stdout[-2000:]  # tests ran
