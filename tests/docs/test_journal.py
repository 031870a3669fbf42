"""`python -m studylog.journal new`: a new entry from the template, never an overwrite, a draft
until filled in; and no published entry still holds the template's placeholder text."""

from __future__ import annotations

import datetime as dt
import os
import posixpath
import re
import shutil
from pathlib import Path
from string import Template

import pytest
import yaml

from studylog import journal
from tests.docs import site
from tests.docs.days import next_free_day
from tests.docs.drill_records import drill_events, write_record
from tests.docs.engines import mkdocs_build
from tests.helpers import IMPORTABLE, ROOT, run

POSTS = ROOT / "docs" / "blog" / "posts"
TEMPLATE = ROOT / "studylog" / "templates" / "journal_entry.md"


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
    list items and the record rows with an empty second cell (``| 문제 | |``). The day's
    experiment link goes on a line of its own, so the instruction under "실험과 관찰" is read
    without it (``${experiment}`` is empty on a day without an experiment).
    """
    _, body = _split(Template(TEMPLATE.read_text(encoding="utf-8")).safe_substitute(experiment=""))
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
    assert {"-", "| 문제 | |", "| 틀린 점과 이유 | |"} <= placeholder_lines()
    assert any(line.startswith("표와 그림은 ") for line in placeholder_lines())  # 실험과 관찰
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
    for field in ("문제", "틀린 점과 이유"):  # what only the student can write
        assert f"| {field} |" in text
    # The record (approach, representation, ...) is included from graphs/records/, not asked for.
    assert "| 접근 |" not in text and "docs/generated/records/<함수>.md" in text
    # Time, hints and attempts come from the drill record, in a generated log the entry includes.
    assert '--8<-- "docs/generated/drills/log-2026-10-06.md"' in text
    assert "| 소요 시간 |" not in text


def test_command_refuses_to_overwrite(tmp_path: Path) -> None:
    args = ["-m", "studylog.journal", "new", "--date", "2026-10-07", "--posts-dir", str(tmp_path)]
    first = run(args)
    assert first.returncode == 0, first.stderr
    post = tmp_path / "2026-10-07.md"
    post.write_text("my notes", encoding="utf-8")
    second = run(args)
    assert second.returncode == 1
    assert "already exists" in second.stderr
    assert post.read_text(encoding="utf-8") == "my notes"


def test_the_real_entry_is_protected() -> None:
    proc = run(["-m", "studylog.journal", "new", "--date", "2026-10-05"])
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
    proc = run(["-m", "studylog.journal", "new", *argv, "--posts-dir", str(tmp_path)])
    assert proc.returncode == 1 and message in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr and len(proc.stderr.splitlines()) == 1
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("where", ["file", "under-a-file"])
def test_posts_dir_that_is_not_a_directory_gets_one_clear_line(tmp_path: Path, where: str) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x", encoding="utf-8")
    posts = blocker if where == "file" else blocker / "posts"
    proc = run(["-m", "studylog.journal", "new", "--date", "2026-10-08", "--posts-dir", str(posts)])
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
        proc = run(
            ["-m", "studylog.journal", "new", "--date", "2026-10-08", "--posts-dir", str(posts)]
        )
    finally:
        posts.chmod(0o755)
    assert proc.returncode == 1
    assert proc.stderr.startswith("error: --posts-dir: ") and "Traceback" not in proc.stderr


@pytest.mark.slow
def test_site_with_a_fresh_entry_still_builds_strictly(tmp_path: Path) -> None:
    """Two new days in a copy, one strict build: the first published (it builds, and the newest
    entry before it links to it as "next"), the day after it left a draft (not published)."""
    copy = tmp_path / "repo"
    copy.mkdir()
    shutil.copy2(ROOT / "mkdocs.yml", copy / "mkdocs.yml")
    for name in ("docs", "studylog"):  # the site and its generator, which finds the site beside it
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("mha", "graphs", "house", "tests", "overrides"):  # snippets, API, theme strings
        (copy / name).symlink_to(ROOT / name, target_is_directory=True)
    day = next_free_day()  # after every day there is: the newest entry once published
    draft_day = day + dt.timedelta(days=1)
    newest = site.post_page(site.published_posts()[-1])  # the newest published so far
    for new in (day, draft_day):
        proc = run(
            ["-m", "studylog.journal", "new", "--date", str(new), "--posts-dir", "docs/blog/posts"],
            cwd=copy,
        )
        assert proc.returncode == 0, proc.stderr
    page = f"blog/{day:%Y/%m/%d}/study-log/index.html"
    post = copy / f"docs/blog/posts/{day}.md"
    post.write_text(post.read_text(encoding="utf-8").replace("draft: true\n", ""), "utf-8")
    build = mkdocs_build(copy, tmp_path / "site")
    assert build.returncode == 0, build.stderr
    assert (tmp_path / "site" / page).is_file()
    # a draft: not published by `mkdocs build`
    assert not (tmp_path / "site" / f"blog/{draft_day:%Y/%m/%d}/study-log/index.html").exists()
    # The newest entry before it now links to it in the footer (older = previous, newer = next).
    before = tmp_path / "site" / newest
    footer = re.findall(r'href="([^"]*)" class="md-footer__link md-footer__link--(\w+)"',
                        before.read_text(encoding="utf-8"))  # fmt: skip
    href, kind = footer[-1]
    target = posixpath.normpath(posixpath.join(posixpath.dirname(newest), href))
    assert (target, kind) == (page.removesuffix("/index.html"), "next")


# ----------------------------------------------------------------------------- drill records


def _tables(text: str) -> dict[str, dict[str, str]]:
    """``### 문제 N`` -> that table's rows (label -> cell text)."""
    tables: dict[str, dict[str, str]] = {}
    current = None
    for line in text.splitlines():
        if line.startswith("### 문제 "):
            current = tables.setdefault(line[4:], {})
        elif line.startswith("## "):
            current = None
        elif current is not None and line.startswith("| ") and not line.startswith("| :--"):
            label, value = (cell.strip() for cell in line.strip("|").split("|", 1))
            current[label] = value.strip(" |")
    return tables


def test_new_entry_names_the_days_drilled_problems_and_includes_their_log(tmp_path):
    day = dt.date(2026, 11, 30)
    write_record(tmp_path / "drills" / "2026-11-30.jsonl", drill_events(day))
    posts = tmp_path / "posts"
    proc = run(["-m", "studylog.journal", "new", "--date", "2026-11-30", "--posts-dir", str(posts)],
               cwd=tmp_path, env=IMPORTABLE)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "200, 210, 323" in proc.stdout
    tables = _tables((posts / "2026-11-30.md").read_text(encoding="utf-8"))
    assert list(tables) == ["문제 1", "문제 2", "문제 3"]  # one more than the template has
    one, two, three = tables.values()
    assert one["문제"] == "LeetCode 200. Number of Islands"
    assert two["문제"].startswith("LeetCode 210. ") and three["문제"].startswith("LeetCode 323. ")
    text = (posts / "2026-11-30.md").read_text(encoding="utf-8")
    assert '--8<-- "docs/generated/drills/log-2026-11-30.md"' in text
    for table in tables.values():  # what only the student can write stays blank
        assert table["틀린 점과 이유"] == "" and "접근" not in table


def test_without_a_drill_record_the_tables_stay_as_in_the_template(tmp_path):
    posts = tmp_path / "posts"
    proc = run(["-m", "studylog.journal", "new", "--date", "2026-11-30", "--posts-dir", str(posts)],
               cwd=tmp_path, env=IMPORTABLE)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    text = (posts / "2026-11-30.md").read_text(encoding="utf-8")
    assert text == journal.render(dt.date(2026, 11, 30))
    assert set(_tables(text)) == {"문제 1", "문제 2"}


def test_one_drilled_problem_fills_the_first_table_and_leaves_the_second_blank():
    events = drill_events(dt.date(2026, 11, 30))[:4]
    summaries = __import__("graphs.drill", fromlist=["x"]).attempt_summaries(events)
    text = journal.render(dt.date(2026, 11, 30), drills=summaries)
    one, two = _tables(text).values()
    assert one["문제"] == "LeetCode 200. Number of Islands"
    assert set(two.values()) == {"", "기록"}  # the header row and blank cells
    published = text.replace("draft: true\n", "")
    assert "| 틀린 점과 이유 | |" in unfilled(published) and "| 문제 | |" in unfilled(published)


def test_drills_option_reads_another_file_and_refuses_a_directory(tmp_path):
    record = tmp_path / "elsewhere.jsonl"
    write_record(record, drill_events(dt.date(2026, 11, 30))[:4])
    args = ["-m", "studylog.journal", "new", "--date", "2026-12-01", "--posts-dir"]
    proc = run([*args, tmp_path / "a", "--drills", record], cwd=tmp_path, env=IMPORTABLE)
    assert proc.returncode == 0, proc.stderr
    assert "LeetCode 200. Number of Islands" in (tmp_path / "a" / "2026-12-01.md").read_text(
        encoding="utf-8"
    )
    proc = run([*args, tmp_path / "b", "--drills", tmp_path], cwd=tmp_path, env=IMPORTABLE)
    assert proc.returncode == 1 and proc.stderr.startswith("error: --drills: ")
    assert len(proc.stderr.splitlines()) == 1 and not (tmp_path / "b").exists()
