"""`python -m docs.journal new`: a new entry from the template, never an overwrite, a draft until
filled in; and no published entry still holds the template's placeholder text."""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
from pathlib import Path

import pytest
import yaml

from docs import journal
from tests.site.conftest import ROOT, mkdocs_build, run

POSTS = ROOT / "docs" / "blog" / "posts"
TEMPLATE = ROOT / "docs" / "templates" / "journal_entry.md"


def _split(text: str) -> tuple[dict, str]:
    """A post's front matter (parsed YAML) and its body."""
    match = re.match(r"---\n(.*?)\n---\n(.*)", text, flags=re.S)
    assert match, "a post starts with a --- front matter block ---"
    return yaml.safe_load(match.group(1)) or {}, match.group(2)


def _norm(line: str) -> str:
    return re.sub(r"\s+", " ", line.strip())


def placeholder_lines() -> set[str]:
    """The template's fill-me-in lines: its body minus headings, blank lines and table headers.

    That is the summary prompt, the instructions under "코드 따라가기" and "실험과 관찰", the bare
    list items and the record rows with an empty second cell (``| 문제 | |``).
    """
    _, body = _split(TEMPLATE.read_text(encoding="utf-8"))
    lines = {_norm(line) for line in body.splitlines()}
    structure = re.compile(r"#.*|<!-- more -->|\|[ :|-]*\||\| 항목 \| 기록 \|")
    return {line for line in lines if line and not structure.fullmatch(line)}


def unfilled(text: str) -> list[str]:
    """The placeholder lines a post still holds, or [] if it is a draft (drafts are not built)."""
    meta, body = _split(text)
    if meta.get("draft") is True:
        return []
    placeholders = placeholder_lines()
    return [line for line in map(_norm, body.splitlines()) if line in placeholders]


def test_the_placeholder_check_has_teeth() -> None:
    assert {"-", "| 문제 | |", "| 소요 시간 | |"} <= placeholder_lines()
    fresh = journal.render(dt.date(2026, 10, 6))
    assert unfilled(fresh) == []  # a draft is never published, so it may hold placeholders
    published = fresh.replace("draft: true\n", "")
    assert _split(published)[0].get("draft") is None
    assert len(unfilled(published)) >= len(placeholder_lines())


@pytest.mark.parametrize("post", sorted(POSTS.glob("*.md")), ids=lambda p: p.name)
def test_no_published_entry_holds_the_templates_placeholder_text(post: Path) -> None:
    left = unfilled(post.read_text(encoding="utf-8"))
    assert left == [], f"{post.name} is published but unfilled (or set draft: true): {left[:5]}"


def test_new_entry_starts_as_a_draft(tmp_path: Path) -> None:
    path = journal.new_entry(dt.date(2026, 10, 6), posts_dir=tmp_path)
    meta, _ = _split(path.read_text(encoding="utf-8"))
    assert meta["draft"] is True
    assert meta["date"] == dt.date(2026, 10, 6) and meta["slug"] == "study-log"


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
        (["--date", "20300115"], "--date"),  # date.fromisoformat accepts both on 3.11
        (["--date", "2030-W03-4"], "--date"),
        (["--date", "2030-01-15T00:00"], "--date"),
        (["--date", "2030-02-30"], "--date"),
        (["--date", "2026-10-08", "--slug", "gqa\n"], "--slug"),  # `$` matches before "\n"
        (["--date", "2026-10-08", "--title", "GQA\x1b[31m"], "--title"),
        (["--date", "2026-10-08", "--title", "GQA\tKV"], "--title"),
        (["--date", "2026-10-08", "--title", "GQA\u2028KV"], "--title"),
    ],
)
def test_bad_arguments_are_named(tmp_path: Path, argv: list[str], message: str) -> None:
    proc = run(["-m", "docs.journal", "new", *argv, "--posts-dir", str(tmp_path)])
    assert proc.returncode == 1 and message in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr and len(proc.stderr.splitlines()) == 1
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("where", ["file", "under-a-file"])
def test_posts_dir_that_is_not_a_directory_gets_one_clear_line(tmp_path: Path, where: str) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x", encoding="utf-8")
    posts = blocker if where == "file" else blocker / "posts"
    proc = run(["-m", "docs.journal", "new", "--date", "2026-10-08", "--posts-dir", str(posts)])
    assert proc.returncode == 1, proc.stdout
    assert "Traceback" not in proc.stderr and len(proc.stderr.splitlines()) == 1, proc.stderr
    assert proc.stderr.startswith("error: --posts-dir: ")
    assert blocker.read_text(encoding="utf-8") == "x"


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into a read-only directory")
def test_read_only_posts_dir_gets_one_clear_line(tmp_path: Path) -> None:
    posts = tmp_path / "posts"
    posts.mkdir()
    posts.chmod(0o555)
    try:
        proc = run(["-m", "docs.journal", "new", "--date", "2026-10-08", "--posts-dir", str(posts)])
    finally:
        posts.chmod(0o755)
    assert proc.returncode == 1
    assert proc.stderr.startswith("error: --posts-dir: ") and "Traceback" not in proc.stderr


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
    page = "blog/2026/10/06/study-log/index.html"
    build = mkdocs_build(copy, tmp_path / "site")
    assert build.returncode == 0, build.stderr
    assert not (tmp_path / "site" / page).exists()  # a draft: not published by `mkdocs build`
    post = copy / "docs/blog/posts/2026-10-06.md"
    post.write_text(post.read_text(encoding="utf-8").replace("draft: true\n", ""), "utf-8")
    build = mkdocs_build(copy, tmp_path / "site-published")
    assert build.returncode == 0, build.stderr
    assert (tmp_path / "site-published" / page).is_file()
