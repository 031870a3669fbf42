"""``studylog.journal new --experiment``: names that would hide a module are refused up front, and a
failure or Ctrl-C at any step leaves the files exactly as they were (all or nothing).

These tests work in a small temporary site (``scaffold.ROOT`` pointed at it) and replace the
first run's commands, so they take well under a second; the one real Ctrl-C of a real first run
is in ``test_scaffold.py`` (slow).
"""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest

from studylog import journal, scaffold
from tests.helpers import ROOT

NAME = "probe"
DATE = "2031-01-15"


def state(root: Path) -> dict[str, object]:
    """What ``git status`` would compare, and more: every file's bytes and mode, every folder."""
    out: dict[str, object] = {}
    for path in sorted(root.rglob("*")):
        rel = str(path.relative_to(root))
        if path.is_dir():
            out[rel] = "dir"
        else:
            out[rel] = (path.read_bytes(), path.stat().st_mode & 0o777)
    return out


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A site with the folders the scaffold adds to, as in this repository (entries empty)."""
    root = tmp_path / "site"
    root.mkdir()
    shutil.copy2(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    (root / "mkdocs.yml").chmod(0o640)  # a restored file keeps its mode too
    for rel in ("mha/experiments", "tests/mha/experiments", "studylog/gen", "docs/results"):
        for entry in (ROOT / rel).iterdir():
            if entry.name != "__pycache__":
                target = root / rel / entry.name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.mkdir() if entry.is_dir() else target.write_text("# stand-in\n")
    (root / "docs/generated/drills").mkdir(parents=True)
    (root / "docs/generated/indexes").mkdir(parents=True)
    (root / "docs/generated/indexes/experiments.md").write_text("the old list\n")
    (root / "docs/blog/posts").mkdir(parents=True)
    (root / "docs/blog/posts/2031-01-14.md").write_text("yesterday\n", encoding="utf-8")
    monkeypatch.setattr(scaffold, "ROOT", root)
    return root


def new_day(root: Path, name: str = NAME, *more: str) -> int:
    return journal.main(
        ["new", "--title", "탐침", "--slug", "probe", "--date", DATE, "--experiment", name,
         "--posts-dir", str(root / "docs/blog/posts"), "--drills", str(root / "none.jsonl"),
         *more]
    )  # fmt: skip


def fake_first_run(root: Path, outcome: str):
    """A stand-in for ``scaffold._run``: the experiment writes what the real one does, and so
    does ``studylog.gen`` (its new fragment, a page that lists the experiments rewritten), then the
    command ``outcome`` names fails ("experiment" or "gen") or is interrupted ("ctrl-c")."""

    def run(command: list[str], cwd: Path) -> tuple[int, str]:
        assert Path(cwd) == root
        if command[2] == f"mha.experiments.{NAME}":
            (root / f"runs/{NAME}/runs").mkdir(parents=True)
            (root / f"runs/{NAME}/runs/h1-s0.json").write_text("{}")
            (root / f"docs/results/.{NAME}.json.x1.tmp").write_text("{")
            if outcome == "experiment":
                return 1, "Traceback ...\nRuntimeError: boom\n"
            (root / f"docs/results/{NAME}.json").write_text("{}")
            return 0, ""
        assert command[2:] == ["studylog.gen"]  # every generator, not the day's alone
        (root / f"docs/generated/{NAME}").mkdir(parents=True)
        (root / f"docs/generated/{NAME}/summary.md.tmp").write_text("half")
        (root / "docs/generated/indexes/experiments.md").write_text("the new list\n")
        if outcome == "ctrl-c":
            raise KeyboardInterrupt
        return 1, "error: docs/results/probe.json: not valid JSON\n"

    return run


@pytest.mark.parametrize("name", ["runner", "store", "verdict", "test_runner", "common"])
def test_a_name_of_an_existing_entry_is_refused_as_taken(site: Path, name: str) -> None:
    with pytest.raises(scaffold.ScaffoldError, match=rf"^--experiment: the name '{name}' is take"):
        scaffold.check_name(name, site)
    with pytest.raises(scaffold.ScaffoldError, match="taken"):
        scaffold.check_name(name)  # this repository's own entries


@pytest.mark.parametrize(
    ("name", "why"),
    [("json", "standard-library"), ("os", "standard-library"), ("typing", "standard-library"),
     ("torch", "torch"), ("nn", "torch.nn"), ("functional", "torch.functional"),
     ("optim", "torch.optim"), ("class", "keyword"), ("match", "keyword")],
)  # fmt: skip
def test_a_keyword_or_a_module_it_could_hide_is_refused(name: str, why: str) -> None:
    with pytest.raises(scaffold.ScaffoldError, match=f"^--experiment: '{name}' is .*{why}"):
        scaffold.check_name(name)


def test_an_ordinary_name_is_accepted(site: Path) -> None:
    assert scaffold.check_name("kv_cache", site) == "kv_cache"


@pytest.mark.parametrize("name", ["runner", "json", "nn", "class"])
def test_the_command_refuses_such_a_name_in_one_line_and_writes_nothing(
    site: Path, capsys: pytest.CaptureFixture, name: str
) -> None:
    before = state(site)
    assert new_day(site, name) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: --experiment: "), err
    assert state(site) == before


@pytest.mark.parametrize(
    ("vary", "why"),
    [("n_kv_heads=3,4", "n_kv_heads=3: "), ("seed=0,1", "seeds"), ("n_kv_heads=2", "two"),
     ("bogus=1,2", "no field 'bogus'")],
)  # fmt: skip
def test_a_bad_vary_is_refused_in_one_line_and_writes_nothing(
    site: Path, capsys: pytest.CaptureFixture, vary: str, why: str
) -> None:
    before = state(site)
    assert new_day(site, NAME, "--vary", vary) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: --vary: ") and why in err, err
    assert state(site) == before


def test_vary_without_an_experiment_is_refused_and_writes_nothing(site: Path, capsys) -> None:
    before = state(site)
    code = journal.main(
        ["new", "--slug", "probe", "--date", DATE, "--vary", "n_kv_heads=1,2",
         "--posts-dir", str(site / "docs/blog/posts"), "--drills", str(site / "none.jsonl")]
    )  # fmt: skip
    assert code == 1
    assert capsys.readouterr().err.startswith("error: --vary: only with --experiment NAME")
    assert state(site) == before


def test_a_bad_slug_is_refused_in_one_line_and_writes_nothing(site: Path, capsys) -> None:
    before = state(site)
    code = journal.main(
        ["new", "--slug", "Bad Slug", "--date", DATE, "--experiment", NAME,
         "--posts-dir", str(site / "docs/blog/posts"), "--drills", str(site / "none.jsonl")]
    )  # fmt: skip
    assert code == 1
    assert capsys.readouterr().err == (
        "error: --slug: expected lowercase words joined by '-', got 'Bad Slug'\n"
    )
    assert state(site) == before


@pytest.mark.parametrize("outcome", ["experiment", "gen"])
def test_a_failing_first_run_puts_every_file_back(
    site: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture, outcome: str
) -> None:
    before = state(site)
    monkeypatch.setattr(scaffold, "_run", fake_first_run(site, outcome))
    assert new_day(site) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: `-m ") and "failed (exit 1):\n" in err and "\n\n" not in err
    last = err.splitlines()[-1]
    rewritten = "docs/generated/indexes/experiments.md, " if outcome == "gen" else ""
    assert last.startswith(f"undone: restored {rewritten}mkdocs.yml; removed "), last
    assert last.endswith(": nothing of it is left") and "docs/experiments/" in last
    assert f"docs/blog/posts/{DATE}.md" in last and f"mha/experiments/{NAME}/" in last
    assert state(site) == before


def test_ctrl_c_during_the_first_run_puts_every_file_back_and_exits_130(
    site: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    before = state(site)
    monkeypatch.setattr(scaffold, "_run", fake_first_run(site, "ctrl-c"))
    assert new_day(site) == 130
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith("interrupted: restored docs/generated/indexes/experiments.md,"
                          " mkdocs.yml; removed ")  # fmt: skip
    assert "runs/" in err and f"docs/results/{NAME}.json" in err
    assert f"wrote mha/experiments/{NAME}/experiment.py" in out
    assert state(site) == before


@pytest.mark.parametrize("failure", [OSError(errno.ENOSPC, "No space left on device"),
                                     KeyboardInterrupt()])  # fmt: skip
@pytest.mark.parametrize("at", [1, 4, 7])
def test_a_failure_while_writing_the_skeleton_puts_every_file_back(
    site: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture,
    failure: BaseException, at: int,
) -> None:  # fmt: skip
    before = state(site)
    real = scaffold._write_new
    calls = []

    def write_new(path: Path, text: str) -> None:
        calls.append(path)
        if len(calls) == at:
            real(path, text[: len(text) // 2])  # half a file, then the failure
            raise failure
        real(path, text)

    monkeypatch.setattr(scaffold, "_write_new", write_new)
    monkeypatch.setattr(scaffold, "_run", lambda *a: pytest.fail("ran after a failed write"))
    code = new_day(site)
    err = capsys.readouterr().err
    if isinstance(failure, KeyboardInterrupt):
        assert code == 130 and err.count("\n") == 1 and err.startswith("interrupted: removed ")
    else:
        assert code == 1 and "No space left on device" in err
        assert err.splitlines()[-1].startswith("undone: removed ")
    assert state(site) == before


@pytest.mark.parametrize("failure", [OSError(errno.EIO, "Input/output error"),
                                     KeyboardInterrupt()])  # fmt: skip
def test_a_failure_while_replacing_mkdocs_yml_puts_every_file_back(
    site: Path, monkeypatch: pytest.MonkeyPatch, failure: BaseException
) -> None:
    before = state(site)
    real = os.replace

    def replace(src, dst) -> None:
        if Path(dst).name == "mkdocs.yml" and Path(src).name.startswith(".mkdocs.yml."):
            raise failure
        real(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    assert new_day(site) == (130 if isinstance(failure, KeyboardInterrupt) else 1)
    assert state(site) == before


def test_ctrl_c_right_after_the_entry_is_written_removes_it_its_drill_log_and_review_box(
    site: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    before = state(site)
    real = journal.new_entry

    def new_entry(*args, **kwargs) -> Path:
        path = real(*args, **kwargs)
        assert path.is_file() and (site / f"docs/generated/drills/log-{DATE}.md").is_file()
        raise KeyboardInterrupt

    monkeypatch.setattr(journal, "new_entry", new_entry)
    assert new_day(site) == 130
    err = capsys.readouterr().err
    assert err == (
        f"interrupted: removed docs/generated/drills/review-{DATE}.md,"
        f" docs/generated/drills/log-{DATE}.md, docs/blog/posts/{DATE}.md: nothing of it is left\n"
    )
    assert state(site) == before


def test_a_changed_file_and_a_folder_that_existed_are_put_back_as_they_were(
    tmp_path: Path,
) -> None:
    (tmp_path / "runs/x").mkdir(parents=True)
    (tmp_path / "runs/x/kept.json").write_text("kept")
    (tmp_path / "a.txt").write_text("before")
    before = state(tmp_path)
    undo = scaffold.Undo(tmp_path)
    for rel in ("runs/x", "a.txt", "new/deeper/b.txt"):
        undo.track(tmp_path / rel)
    (tmp_path / "runs/x/kept.json").write_text("changed")
    (tmp_path / "runs/x/sub").mkdir()
    (tmp_path / "runs/x/sub/new.json").write_text("new")
    (tmp_path / "a.txt").unlink()
    (tmp_path / "new/deeper").mkdir(parents=True)
    (tmp_path / "new/deeper/b.txt").write_text("b")
    line = undo.rollback()
    assert line == "restored a.txt, runs/x; removed new/: nothing of it is left"
    assert state(tmp_path) == before
    assert scaffold.Undo(tmp_path).rollback() == "nothing had been written: nothing of it is left"


def test_a_day_that_succeeds_keeps_everything_and_ends_with_the_fast_check(
    site: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    ran = []

    def succeed(command: list[str], cwd: Path) -> tuple[int, str]:
        ran.append(command[2:])
        return 0, ""

    monkeypatch.setattr(scaffold, "_run", succeed)
    assert new_day(site, NAME, "--vary", "n_kv_heads=1,2,4,8") == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == f"next: {scaffold.next_command(NAME)}"
    assert "(n_kv_heads=1,2,4,8)" in out
    assert ran[1] == ["studylog.gen"]
    source = (site / f"mha/experiments/{NAME}/experiment.py").read_text(encoding="utf-8")
    assert 'VARY = ("n_kv_heads", (1, 2, 4, 8))' in source
