"""`python -m docs.journal new`: a new entry from the template, never an overwrite."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from docs import journal
from tests.site.conftest import ROOT, mkdocs_build, run


def test_new_entry_has_front_matter_sections_and_record_fields(tmp_path: Path) -> None:
    path = journal.new_entry(dt.date(2026, 10, 6), "GQA와 KV cache", "gqa", posts_dir=tmp_path)
    assert path == tmp_path / "2026-10-06.md"
    text = path.read_text(encoding="utf-8")
    assert text.startswith("---\ndate: 2026-10-06\nslug: gqa\n")
    assert "  - LLM Research\n  - Algorithms\n" in text and "\nreadtime: " in text
    assert "# GQA와 KV cache" in text
    for heading in ("오늘의 목표", "개념 정리", "실험과 관찰", "함정", "알고리즘 드릴 기록"):
        assert f"## {heading}" in text
    for field in ("문제", "접근", "그래프 표현", "BFS / DFS", "시간 복잡도", "공간 복잡도"):
        assert f"| {field} |" in text
    for field in ("틀린 점과 이유", "소요 시간", "힌트 사용"):
        assert f"| {field} |" in text


def test_command_refuses_to_overwrite(tmp_path: Path) -> None:
    args = ["-m", "docs.journal", "new", "--date", "2026-10-07", "--posts-dir", str(tmp_path)]
    first = run(args)
    assert first.returncode == 0, first.stderr
    post = tmp_path / "2026-10-07.md"
    post.write_text("my notes", encoding="utf-8")
    second = run(args)
    assert second.returncode == 1
    assert "already exists" in second.stderr
    assert post.read_text(encoding="utf-8") == "my notes"


def test_the_real_entry_is_protected() -> None:
    proc = run(["-m", "docs.journal", "new", "--date", "2026-10-05"])
    assert proc.returncode == 1 and "already exists" in proc.stderr


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--date", "2026-13-01"], "--date"),
        (["--date", "2026-10-08", "--slug", "Not A Slug"], "--slug"),
        (["--date", "2026-10-08", "--title", " "], "--title"),
    ],
)
def test_bad_arguments_are_named(tmp_path: Path, argv: list[str], message: str) -> None:
    proc = run(["-m", "docs.journal", "new", *argv, "--posts-dir", str(tmp_path)])
    assert proc.returncode == 1 and message in proc.stderr
    assert not list(tmp_path.iterdir())


def test_site_with_a_fresh_entry_still_builds_strictly(tmp_path: Path) -> None:
    copy = tmp_path / "repo"
    copy.mkdir()
    shutil.copy2(ROOT / "mkdocs.yml", copy / "mkdocs.yml")
    shutil.copytree(ROOT / "docs", copy / "docs", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("mha", "graphs"):  # snippets and the API pages read the sources
        (copy / name).symlink_to(ROOT / name, target_is_directory=True)
    proc = run(
        ["-m", "docs.journal", "new", "--date", "2026-10-06", "--posts-dir", "docs/blog/posts"],
        cwd=copy,
    )
    assert proc.returncode == 0, proc.stderr
    site = tmp_path / "site"
    build = mkdocs_build(copy, site)
    assert build.returncode == 0, build.stderr
    assert (site / "blog/2026/10/06/study-log/index.html").is_file()
