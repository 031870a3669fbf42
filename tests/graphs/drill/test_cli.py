"""``python -m graphs.drill`` on a damaged record: one warning per file names the first bad
``file:line`` and how many more there were, ``hint`` and ``check`` carry on; a check prints its
verdict even when the record cannot be written, and keeps the verdict's exit status;
``--strict`` reaches the judge."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from graphs.drill import record as drill
from tests.graphs.drill.helpers import MALFORMED, SOLUTIONS, malformed_record, run_drill

BFS = str(SOLUTIONS / "bfs_200.py")  # a small correct solution of 200


def _damaged(tmp_path: Path, minutes_ago: float = 5) -> tuple[Path, list[int]]:
    """A record with every malformed kind, then a valid start of 200 ``minutes_ago``."""
    path = tmp_path / "day.jsonl"
    numbers = malformed_record(path)
    at = dt.datetime.now().astimezone() - dt.timedelta(minutes=minutes_ago)
    start = {"event": "start", "problem": 200, "at": at.isoformat(timespec="seconds")}
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps(start) + "\n")
    return path, numbers


def _warnings(stderr: str, path: Path, numbers: list[int]) -> list[str]:
    """The warning lines, checked to be ONE for the file: its first bad line, and how many more."""
    lines = [line for line in stderr.splitlines() if line.startswith("warning: ")]
    assert len(lines) == 1, stderr
    first, what = numbers[0], MALFORMED[0][1]
    assert lines[0].startswith(f"warning: {path}:{first}: {what}")
    assert lines[0].endswith(f"; skipped (and {len(numbers) - 1} more bad lines after it)")
    return lines


def test_hint_names_the_first_malformed_line_and_carries_on(tmp_path):
    path, numbers = _damaged(tmp_path, minutes_ago=41)
    proc = run_drill("hint", "200", "--record", str(path))
    assert proc.returncode == 0, proc.stderr
    _warnings(proc.stderr, path, numbers)
    assert "Traceback" not in proc.stderr
    assert "시작한 지 41분: 힌트를 볼 때다." in proc.stdout  # the valid start still counts
    from graphs.drill.problem import find

    assert f"힌트 1/{len(find(200).hints())} — 흔한 실수 1:" in proc.stdout
    assert drill.read_record(path)[-1]["event"] == "hint"


def test_check_names_the_first_malformed_line_prints_the_verdict_and_records_it(tmp_path):
    path, numbers = _damaged(tmp_path, minutes_ago=12)
    proc = run_drill("check", "200", BFS, "--record", str(path), "--max-examples", "20")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    _warnings(proc.stderr, path, numbers)
    assert "[통과]" in proc.stdout and "1번째 시도, 시작 후 12분" in proc.stdout
    event = drill.read_record(path)[-1]
    assert event["event"] == "check" and event["passed"] is True and event["strict"] is False
    assert 12 <= event["minutes"] < 15


def test_a_torn_tail_then_start_gives_an_intact_event(tmp_path):
    path = tmp_path / "day.jsonl"
    path.write_text('{"event": "start", "problem": 200, "at": "2026-11', encoding="utf-8")
    proc = run_drill("start", "200", "--record", str(path))
    assert proc.returncode == 0, proc.stderr
    problems: list[str] = []
    (event,) = drill.read_record(path, problems)
    assert event["event"] == "start" and event["problem"] == 200
    assert len(problems) == 1 and problems[0].startswith(f"{path}:1: not JSON")


@pytest.mark.slow  # seconds of CPU: the whole suite runs it, the inner loop does not
@pytest.mark.parametrize(
    ("solution", "status", "verdict"),
    [(BFS, 0, "[통과]"), (str(SOLUTIONS / "no_class_323.py"), 1, "[실패]")],
    ids=["pass", "fail"],
)
@pytest.mark.parametrize("where", ["parent-is-a-file", "a-directory"])
def test_a_record_that_cannot_be_written_costs_one_line_never_the_verdict(
    tmp_path, solution, status, verdict, where
):
    blocker = tmp_path / "blocker"
    if where == "parent-is-a-file":  # unwritable even for root
        blocker.write_text("x", encoding="utf-8")
        record = blocker / "day.jsonl"
    else:
        blocker.mkdir()
        record = blocker
    problem = "200" if "200" in solution else "323"
    proc = run_drill("check", problem, solution, "--record", str(record), "--max-examples", "20")
    assert proc.returncode == status, proc.stdout + proc.stderr
    assert verdict in proc.stdout and "기록:" not in proc.stdout
    (line,) = proc.stderr.splitlines()
    assert line.startswith(f"기록하지 못했다: {record} (") and "Traceback" not in line
    assert line.endswith("판정은 위와 같지만 기록에는 남지 않았다.")
    if where == "parent-is-a-file":
        assert blocker.read_text(encoding="utf-8") == "x"


@pytest.mark.slow  # seconds of CPU: the whole suite runs it, the inner loop does not
def test_strict_is_accepted_recorded_and_passed_to_the_judge(tmp_path):
    path = tmp_path / "day.jsonl"
    recursive = str(SOLUTIONS / "recursive_200.py")  # deeper than plain Python's 1000 frames
    lenient = run_drill("check", "200", recursive, "--record", str(path), "--max-examples", "20")
    assert lenient.returncode == 0, lenient.stdout + lenient.stderr
    strict = run_drill("check", "200", recursive, "--record", str(path), "--strict",
                 "--max-examples", "20")  # fmt: skip
    assert strict.returncode == 1, strict.stdout + strict.stderr
    first, second = drill.read_record(path)
    assert (first["strict"], first["passed"]) == (False, True)
    assert (second["strict"], second["passed"], second["verdict"]) == (True, False, "recursion")


def test_strict_is_documented_with_its_default():
    proc = run_drill("check", "--help")
    assert proc.returncode == 0
    text = " ".join(proc.stdout.split())
    assert "--strict" in text and "stricter than LeetCode" in text and "(default: off" in text


@pytest.mark.parametrize(
    "argv",
    [["--time-limit", "0"], ["--budget", "nan"], ["--max-examples", "0"], ["--memory-mb", "-1"]],
)
def test_bad_limits_are_one_usage_line_and_nothing_is_recorded(tmp_path, argv):
    path = tmp_path / "day.jsonl"
    proc = run_drill("check", "200", BFS, "--record", str(path), *argv)
    assert proc.returncode == 2 and len(proc.stderr.splitlines()) == 1, proc.stderr
    assert proc.stderr.startswith("error: ") and not path.exists()


@pytest.mark.parametrize(
    ("asked", "said"), [("1971", "1971번 문제는"), ("validTree", "'validTree'는")]
)
def test_a_problem_off_the_track_is_refused_in_korean_with_where_to_add_one(
    tmp_path: Path, capsys, asked: str, said: str
):
    from graphs.drill import cli
    from graphs.drill.problem import drills
    from tests.helpers import ROOT

    record = tmp_path / "record.jsonl"
    assert cli.main(["start", asked, "--record", str(record)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {said} 드릴 목록에 없다.")
    assert all(f"{d.number} ({d.method})" in err for d in drills())
    # the page it sends the student to holds that section
    assert "'새 문제 추가하기' 절(docs/graphs/drill.md)" in err
    assert "\n## 새 문제 추가하기\n" in (ROOT / "docs/graphs/drill.md").read_text(encoding="utf-8")
    assert not record.exists()


def test_check_judges_solutions_number_py_when_no_file_is_named(tmp_path):
    """The student's solutions live in ``solutions/<number>.py`` (ruff leaves the folder alone);
    ``check`` without FILE judges that file and the record names it."""
    missing = run_drill("check", "200", "--record", "day.jsonl", cwd=tmp_path)
    assert missing.returncode == 2 and missing.stdout == ""
    assert missing.stderr.startswith("error: FILE: no file given and no solutions/200.py")
    assert "solutions/200.py에 두거나" in missing.stderr
    (tmp_path / "solutions").mkdir()
    wrong = "class Solution:\n    def numIslands(self, grid: List[List[str]]) -> int:\n"
    wrong += "        return 0\n"
    (tmp_path / "solutions" / "200.py").write_text(wrong, encoding="utf-8")
    proc = run_drill("check", "200", "--record", "day.jsonl", "--quiet", cwd=tmp_path)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    (event,) = drill.read_record(tmp_path / "day.jsonl")
    assert event["file"] == "solutions/200.py" and event["failing_input"]


def test_start_names_the_solution_file_and_the_date_picks_the_days_record(tmp_path):
    proc = run_drill("start", "994", "--date", "2025-01-02", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "풀이 파일: solutions/994.py" in proc.stdout
    (event,) = drill.read_record(tmp_path / "drills" / "2025-01-02.jsonl")
    assert event["event"] == "start" and event["problem"] == 994
    both = run_drill("hint", "994", "--date", "2025-01-02", "--record", "x.jsonl", cwd=tmp_path)
    assert both.returncode == 2 and both.stderr.startswith("error: --date: not with --record")


def test_the_repository_leaves_the_solutions_folder_to_the_student():
    import tomllib

    from tests.helpers import ROOT

    ruff = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["ruff"]
    assert "solutions" in ruff["extend-exclude"]
    assert (ROOT / "solutions" / "README.md").is_file()
