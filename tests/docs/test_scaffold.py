"""A new day with an experiment is one command, and the project still passes right after it.

The command runs in a copy of this working tree (its own git repository), exactly as a student
would type it; then the copy's checks run: the new experiment's tests, the layering rules, the
linter, the generated-pages check and the strict site build.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from docs import scaffold
from tests.conftest import sigint_as_in_a_terminal
from tests.docs.conftest import ROOT

NAME = "kv_cache_probe"
TITLE = "GQA와 KV cache: 첫 실험"


def sh(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(cwd)}
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, env=env)


@pytest.fixture(scope="module")
def repo(tmp_path_factory) -> Path:
    """A committed copy of the working tree."""
    repo = tmp_path_factory.mktemp("repo")
    tracked = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, capture_output=True,
        check=True,
    ).stdout.decode().split("\0")  # fmt: skip
    for rel in filter(None, tracked):
        if (ROOT / rel).is_file():
            (repo / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, repo / rel)
    for args in (["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t",
                                                 "commit", "-q", "-m", "day 1"]):  # fmt: skip
        subprocess.run(["git", *args], cwd=repo, check=True)
    return repo


@pytest.fixture(scope="module")
def day(repo: Path) -> tuple[Path, subprocess.CompletedProcess]:
    """The copy, and the output of the one command run in it."""
    proc = sh([sys.executable, "-m", "docs.journal", "new", "--title", TITLE, "--slug",
               "kv-cache-probe", "--date", "2031-01-15", "--experiment", NAME], repo)  # fmt: skip
    return repo, proc


@pytest.mark.slow
def test_the_command_succeeds_and_modifies_at_most_two_existing_files(day) -> None:
    repo, proc = day
    assert proc.returncode == 0, proc.stdout + proc.stderr
    status = sh(["git", "status", "--porcelain", "--untracked-files=all"], repo).stdout
    modified = [line for line in status.splitlines() if not line.startswith("??")]
    assert len(modified) <= 2, modified
    new = {line[3:] for line in status.splitlines() if line.startswith("??")}
    assert {
        "docs/blog/posts/2031-01-15.md",
        f"mha/experiments/{NAME}/experiment.py",
        f"tests/mha/experiments/{NAME}/test_{NAME}.py",
        f"docs/gen/{NAME}.py",
        f"docs/experiments/{NAME}.md",
        f"docs/results/{NAME}.json",
        f"docs/generated/{NAME}/summary.md",
    } <= new
    entry = (repo / "docs/blog/posts/2031-01-15.md").read_text(encoding="utf-8")
    assert f"(../../experiments/{NAME}.md)" in entry and "draft: true" in entry


@pytest.mark.slow
def test_right_after_it_the_tests_the_checks_and_the_strict_build_pass(day) -> None:
    repo, proc = day
    assert proc.returncode == 0, proc.stdout + proc.stderr
    py = sys.executable
    checks = [
        [py, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"tests/mha/experiments/{NAME}",
         "tests/test_layering.py", "tests/docs/test_records.py"],
        [py, "-m", "ruff", "check", "."],
        [py, "-m", "ruff", "format", "--check", "."],
        [py, "-m", "docs.gen", "--check"],
        [str(Path(py).with_name("mkdocs")), "build", "--strict", "--site-dir", "site"],
    ]  # fmt: skip
    for args in checks:
        result = sh(args, repo)
        assert result.returncode == 0, f"{' '.join(args[1:])}:\n{result.stdout}{result.stderr}"
    page = (repo / f"site/experiments/{NAME}/index.html").read_text(encoding="utf-8")
    assert TITLE in page and "정확도 평균" in page


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
        [sys.executable, "-m", "docs.journal", "new", "--title", "중단", "--slug", "ctrl-c",
         "--date", "2031-02-01", "--experiment", "ctrl_c_probe"],
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


def test_the_page_joins_the_end_of_the_experiment_section() -> None:
    text = "nav:\n  - 실험:\n      - a: results/index.md\n  - 모델: configs.md\n"
    new = scaffold.add_to_nav(text, 'Q: "K"', "probe")
    assert new == (
        "nav:\n  - 실험:\n      - a: results/index.md\n"
        '      - "Q: \\"K\\"": experiments/probe.md\n  - 모델: configs.md\n'
    )
