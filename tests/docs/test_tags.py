"""The rule of the pages' tags, stated before the site's search test meets a repeat: a tag names
one page. ``studylog.journal new`` prints it; ``studylog.gen`` refuses a tag two pages declare, in
one line that names the tag and both pages (the concept page keeps it, the entry is told to
change)."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path

import pytest

from studylog import journal
from studylog.gen import tags
from studylog.gen.__main__ import EXIT_ERROR
from studylog.gen.__main__ import main as gen_main
from tests.docs import site
from tests.docs.days import next_free_day
from tests.helpers import ROOT


def _pages(tmp_path: Path) -> Path:
    """A copy of this checkout's ``mkdocs.yml`` and pages (all the rule reads)."""
    root = tmp_path / "checkout"
    for page in [ROOT / "mkdocs.yml", *(ROOT / "docs").rglob("*.md")]:
        (root / page.relative_to(ROOT)).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(page, root / page.relative_to(ROOT))
    return root


def _a_concept_tag() -> tuple[str, str]:
    """A tag of a page of the nav (not a journal entry) and that page, under ``docs/``."""
    posts = {p.relative_to(site.DOCS).as_posix() for p in site.POSTS.glob("*.md")}
    return next((tag, page) for tag, page in tags.declared() if page not in posts)


def test_the_checkout_keeps_the_rule() -> None:
    tags.check()  # raises TagError naming the tag and both pages otherwise
    assert tags.declared()  # the rule reads the pages' tags: there are some


def test_a_days_tag_that_a_concept_page_declares_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _pages(tmp_path)
    tag, page = _a_concept_tag()
    day = next_free_day()
    post = root / f"docs/blog/posts/{day}.md"
    tagged = f"tags:\n  - {json.dumps(tag, ensure_ascii=False)}\nreadtime:"
    post.write_text(journal.render(day).replace("readtime:", tagged, 1), encoding="utf-8")
    assert (tag, f"blog/posts/{day}.md") in tags.declared(root)  # a draft counts too
    with pytest.raises(tags.TagError) as caught:
        tags.check(root)
    message = str(caught.value)
    assert "\n" not in message  # the concept page keeps the tag; the entry is told to change
    assert message.startswith(f"tag {tag!r} of docs/blog/posts/{day}.md is already declared by"
                              f" docs/{page}: ")  # fmt: skip
    assert message.endswith(f"give docs/blog/posts/{day}.md another tag")
    # studylog.gen checks it first: exit 2, one line, nothing generated (the checkout's generated
    # pages are left alone: the check reads the copy and stops before any generator runs)
    monkeypatch.setattr(tags, "ROOT", root)
    assert gen_main(["--check"]) == EXIT_ERROR
    err = capsys.readouterr().err
    assert err == f"error: {message}\n"
    post.write_text(journal.render(day), encoding="utf-8")  # without the tag: the rule holds again
    tags.check(root)


def test_a_new_entry_states_the_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    day = dt.date(2031, 1, 15)  # an empty folder of posts: any day is free
    assert journal.main(["new", "--date", str(day), "--posts-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.count(tags.RULE) == 1 and "\n" not in tags.RULE
