"""A new day with an experiment is one command, and the project still passes right after it.

The command runs in a copy of this working tree (its own git repository), exactly as a student
would type it, twice: a first day with the default compared variable (the head count), then a
second day with ``--vary n_kv_heads=1,2,4``. Then the copy's checks run: both experiments' tests,
the layering rules, the linter, the generated-pages check and the strict site build.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from studylog import scaffold
from tests.conftest import sigint_as_in_a_terminal
from tests.docs.days import next_free_day
from tests.helpers import copy_of_the_working_tree

NAME = "kv_cache_probe"
TITLE = "GQA와 KV cache: 첫 실험"
VARIED = "kv_heads_probe"  # the second day: --vary n_kv_heads=1,2,4
VARIED_TITLE = "K/V head 수: 둘째 날"
# A day scaffolded and run in a copy of the checkout, minutes in all: scheduled first.
pytestmark = pytest.mark.long


def sh(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(cwd)}
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, env=env)


@pytest.fixture(scope="module")
def repo(tmp_path_factory) -> Path:
    """A committed copy of the working tree."""
    repo = copy_of_the_working_tree(tmp_path_factory.mktemp("repo"))
    for args in (["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t",
                                                 "commit", "-q", "-m", "day 1"]):  # fmt: skip
        subprocess.run(["git", *args], cwd=repo, check=True)
    return repo


def changes(repo: Path) -> tuple[list[str], set[str]]:
    """The existing files the working tree changed, and the new ones (``git status``)."""
    status = sh(["git", "status", "--porcelain", "--untracked-files=all"], repo).stdout
    modified = [line[3:] for line in status.splitlines() if not line.startswith("??")]
    return modified, {line[3:] for line in status.splitlines() if line.startswith("??")}


def commit(repo: Path, message: str) -> None:
    for args in (["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q",
                                 "-m", message]):  # fmt: skip
        subprocess.run(["git", *args], cwd=repo, check=True)


@pytest.fixture(scope="module")
def day(repo: Path) -> dict:
    """The copy, and for each of the two days the command's output and what it changed."""
    first = next_free_day(repo)  # after every day the copy holds, and the day after it
    dates = {NAME: str(first), VARIED: str(first + dt.timedelta(days=1))}
    days = {}
    for name, title, date, vary in [(NAME, TITLE, dates[NAME], []),
                                    (VARIED, VARIED_TITLE, dates[VARIED],
                                     ["--vary", "n_kv_heads=1,2,4"])]:  # fmt: skip
        proc = sh([sys.executable, "-m", "studylog.journal", "new", "--title", title, "--slug",
                   name.replace("_", "-"), "--date", date, "--experiment", name, *vary],
                  repo)  # fmt: skip
        days[name] = (proc, *changes(repo))
        if proc.returncode == 0:
            commit(repo, f"day {date}")
    return {"repo": repo, "dates": dates, **days}


def day_files(name: str, date: str) -> set[str]:
    return {
        f"docs/blog/posts/{date}.md",
        f"mha/experiments/{name}/experiment.py",
        f"tests/mha/experiments/{name}/test_{name}.py",
        f"studylog/gen/{name}.py",
        f"docs/experiments/{name}.md",
        f"docs/results/{name}.json",
        f"docs/generated/{name}/summary.md",
    }


def only_the_nav_and_generated_pages(modified: list[str]) -> bool:
    """Existing files a day may change: the nav, and pages ``studylog.gen`` makes (those that list
    the experiments, say); nothing written by hand."""
    return "mkdocs.yml" in modified and all(
        m == "mkdocs.yml" or m.startswith("docs/generated/") for m in modified
    )


@pytest.mark.slow
def test_the_command_succeeds_and_modifies_only_the_nav_and_generated_pages(day) -> None:
    proc, modified, new = day[NAME]
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert only_the_nav_and_generated_pages(modified), modified
    assert day_files(NAME, day["dates"][NAME]) <= new
    entry = (day["repo"] / f"docs/blog/posts/{day['dates'][NAME]}.md").read_text("utf-8")
    assert f"(../../experiments/{NAME}.md)" in entry and "draft: true" in entry
    assert proc.stdout.splitlines()[-1] == f"next: {scaffold.next_command(NAME)}"


@pytest.mark.slow
def test_a_second_day_with_vary_touches_only_the_nav_and_generated_pages(day) -> None:
    repo = day["repo"]
    proc, modified, new = day[VARIED]
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert only_the_nav_and_generated_pages(modified), modified
    assert day_files(VARIED, day["dates"][VARIED]) <= new
    source = (repo / f"mha/experiments/{VARIED}/experiment.py").read_text(encoding="utf-8")
    assert source.count('VARY = ("n_kv_heads", (1, 2, 4))') == 1
    assert "n_kv_heads=spec.n_kv_heads" in source  # the model really varies it
    data = json.loads((repo / f"docs/results/{VARIED}.json").read_text(encoding="utf-8"))
    assert data["config"]["vary"] == {"name": "n_kv_heads", "values": [1, 2, 4]}
    assert {r["n_kv_heads"] for r in data["runs"]} == {1, 2, 4} and "measured" not in str(data)
    execution = json.loads((repo / f"runs/{VARIED}/execution.json").read_text(encoding="utf-8"))
    assert len(execution["runs"]) == 9 and "load_average" in execution["machine"]
    assert all(r["measured"]["forward_s"] >= 0 for r in execution["runs"])


@pytest.mark.slow
def test_right_after_it_the_tests_the_checks_and_the_strict_build_pass(day) -> None:
    repo = day["repo"]
    for name in (NAME, VARIED):
        assert day[name][0].returncode == 0, day[name][0].stdout + day[name][0].stderr
    py = sys.executable
    checks = [
        [py, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"tests/mha/experiments/{NAME}",
         f"tests/mha/experiments/{VARIED}", "tests/test_layering.py",
         "tests/docs/test_records.py"],
        [py, "-m", "ruff", "check", "."],
        [py, "-m", "ruff", "format", "--check", "."],
        [py, "-m", "studylog.gen", "--check"],
        [str(Path(py).with_name("mkdocs")), "build", "--strict", "--site-dir", "site"],
    ]  # fmt: skip
    for args in checks:
        result = sh(args, repo)
        assert result.returncode == 0, f"{' '.join(args[1:])}:\n{result.stdout}{result.stderr}"
    page = (repo / f"site/experiments/{NAME}/index.html").read_text(encoding="utf-8")
    assert TITLE in page and "정확도 평균" in page and "<code>n_heads</code>" in page
    page = (repo / f"site/experiments/{VARIED}/index.html").read_text(encoding="utf-8")
    assert VARIED_TITLE in page and "<code>n_kv_heads</code>" in page


def files_as_git_sees_them(repo: Path) -> tuple[str, bytes]:
    """``git status`` with the untracked and ignored files, and the working tree's diff."""
    status = sh(["git", "status", "--porcelain", "--untracked-files=all", "--ignored"], repo)
    diff = subprocess.run(["git", "diff", "--binary"], cwd=repo, capture_output=True, check=True)
    return status.stdout, diff.stdout


@pytest.mark.slow
def test_ctrl_c_during_the_real_first_run_leaves_nothing_of_the_day(repo: Path) -> None:
    """A real Ctrl-C (SIGINT to the command's process group, as a terminal sends it) while the
    experiment runs: exit 130, one line, and the copy exactly as it was."""
    before = files_as_git_sees_them(repo)
    env = {**os.environ, "PYTHONPATH": str(repo), "PYTHONUNBUFFERED": "1",
           "PYTHONDONTWRITEBYTECODE": "1"}  # fmt: skip
    proc = subprocess.Popen(
        [sys.executable, "-m", "studylog.journal", "new", "--title", "중단", "--slug", "ctrl-c",
         "--date", str(next_free_day(repo)), "--experiment", "ctrl_c_probe"],
        cwd=repo, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True, preexec_fn=sigint_as_in_a_terminal,
    )  # fmt: skip
    seen = []
    for line in proc.stdout:
        seen.append(line)
        if line.startswith("running the ctrl_c_probe experiment once"):
            break
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, "".join(seen) + out + err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith("interrupted: restored mkdocs.yml; removed "), err
    assert err.rstrip().endswith(": nothing of it is left"), err
    assert files_as_git_sees_them(repo) == before


def test_a_taken_or_malformed_name_is_refused_before_anything_is_written(tmp_path) -> None:
    with pytest.raises(scaffold.ScaffoldError, match="taken"):
        scaffold.check_name("heads")
    for bad in ("Heads", "1st", "kv-cache", "class", "a" * 25, "x\n"):
        with pytest.raises(scaffold.ScaffoldError, match="--experiment"):
            scaffold.check_name(bad)
    with pytest.raises(TypeError, match="--experiment"):
        scaffold.check_name(3)
    with pytest.raises(scaffold.ScaffoldError, match="nav section"):
        scaffold.add_to_nav("nav:\n  - 홈: index.md\n", "t", "x")


@pytest.mark.parametrize(
    ("text", "why"),
    [("n_kv_heads", "expected NAME=V1,V2"), ("n_kv_heads=", "expected NAME=V1,V2"),
     ("n_kv_heads=4", "at least two"), ("n_kv_heads=2,2", "each value once"),
     ("n_kv_heads=1,,2", "empty value"), ("n_kv_heads=one,two", "expected numbers"),
     ("n_kv_heads=1.5,2", "whole numbers"), ("n_kv_heads=3,4", "n_kv_heads=3: "),
     ("n_heads=3,4", "n_heads=3: "), ("seed=1,2", "seeds are the repeats"),
     ("heads=1,2", "no field 'heads'; choose one of n_heads, n_kv_heads, d_model"),
     ("2x=1,2", "Python name"), ("offset=2,8", "offset=8: "), ("lr=0,0.1", "lr=0.0: "),
     ("lr=inf,1", "finite")],
)  # fmt: skip
def test_a_bad_vary_is_refused_naming_it(text: str, why: str) -> None:
    with pytest.raises(scaffold.ScaffoldError, match=r"^--vary: ") as caught:
        scaffold.check_vary(text)
    assert why in str(caught.value)
    with pytest.raises(TypeError, match="--vary"):
        scaffold.check_vary(3)  # type: ignore[arg-type]


def test_vary_takes_any_number_field_of_the_spec_in_its_own_type() -> None:
    assert scaffold.check_vary(None) == ("n_heads", (1, 2, 4))
    assert scaffold.check_vary("n_kv_heads=8,1,4,2") == ("n_kv_heads", (1, 2, 4, 8))
    lr = scaffold.check_vary("lr=1e-3, 0.01")
    assert lr == ("lr", (0.001, 0.01)) and lr.literal() == "(0.001, 0.01)"
    assert scaffold.check_vary("lr=1,2").values == (1.0, 2.0)  # a float field gets floats
    assert type(scaffold.check_vary("steps=10,20").values[0]) is int


def test_the_variable_is_written_once_in_the_experiment_module() -> None:
    """Two days that differ only in ``--vary`` differ only in the ``VARY`` line."""
    one = scaffold.render("probe", "t", "2031-01-15", scaffold.check_vary(None))
    two = scaffold.render("probe", "t", "2031-01-15", scaffold.check_vary("n_kv_heads=1,2,4,8"))
    assert [rel for rel in one if one[rel] != two[rel]] == ["mha/experiments/probe/experiment.py"]
    diff = set(one["mha/experiments/probe/experiment.py"].splitlines()) ^ set(
        two["mha/experiments/probe/experiment.py"].splitlines()
    )
    assert diff == {'VARY = ("n_heads", (1, 2, 4))', 'VARY = ("n_kv_heads", (1, 2, 4, 8))'}
    for template in ("gen.py.tmpl", "page.md.tmpl"):
        assert "n_heads" not in (scaffold.TEMPLATES / template).read_text(encoding="utf-8")
    test = (scaffold.TEMPLATES / "test.py.tmpl").read_text(encoding="utf-8")
    assert '"n_heads"' not in test and "r[VARIABLE]" in test  # the model's fields, not a key


def test_the_next_line_is_ruff_then_the_days_own_tests() -> None:
    assert scaffold.next_command("kv") == (
        ".venv/bin/python -m ruff check mha/experiments/kv tests/mha/experiments/kv"
        " studylog/gen/kv.py"
        " && .venv/bin/python -m pytest -q tests/mha/experiments/kv"
    )


def test_the_page_joins_the_end_of_the_experiment_section() -> None:
    text = "nav:\n  - 실험:\n      - a: results/index.md\n  - 모델: configs.md\n"
    new = scaffold.add_to_nav(text, 'Q: "K"', "probe")
    assert new == (
        "nav:\n  - 실험:\n      - a: results/index.md\n"
        '      - "Q: \\"K\\"": experiments/probe.md\n  - 모델: configs.md\n'
    )
