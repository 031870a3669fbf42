"""Issue 32: ``studylog.journal new`` took a 300-character slug, and the build then failed with
"File name too long": the built site names a folder by the slug. Slugs are now bounded by what a
file name holds (:data:`studylog.journal.MAX_SLUG`), refused before anything is written.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from studylog import journal
from tests.docs.engines import mkdocs_build

DAY = dt.date(2026, 10, 8)


def words(length: int) -> str:
    """A valid slug of exactly ``length`` characters: ``abcd-abcd-...``."""
    return "-".join(["abcd"] * length)[:length].rstrip("-").ljust(length, "x")


@pytest.mark.parametrize("length", [journal.MAX_SLUG + 1, 300, 100_000])
def test_a_slug_too_long_for_a_file_name_is_one_line_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture, length: int
) -> None:
    posts = tmp_path / "posts"
    argv = ["new", "--date", DAY.isoformat(), "--slug", words(length), "--posts-dir", str(posts)]
    assert journal.main(argv) == 1
    out, err = capsys.readouterr()
    assert err == (
        f"error: --slug: expected at most {journal.MAX_SLUG} characters (the built site names a"
        f" folder by it), got {length}\n"
    )
    assert out == "" and not posts.exists()


def test_a_new_day_refuses_a_long_slug_before_anything(tmp_path: Path) -> None:
    """With --experiment the slug is refused before the experiment's name or mkdocs.yml is
    read, so nothing is written and nothing needs putting back."""
    root = tmp_path / "clone"  # no mkdocs.yml, no mha/: only the slug can be refused first
    root.mkdir()
    with pytest.raises(journal.JournalError, match=r"^--slug: expected at most 250 char"):
        journal.new_day(DAY, "t", words(300), root / "posts", None, "kv_cache", root=root)
    assert list(root.iterdir()) == []


@pytest.mark.slow
def test_the_longest_slug_builds(tmp_path: Path) -> None:
    """The oracle is a real strict build with the blog plugin as the site configures it: the
    longest slug taken builds (its folder is there), and 256 characters, one more than a file
    name holds, fails as the issue saw."""
    site = tmp_path / "site"
    (site / "docs" / "blog" / "posts").mkdir(parents=True)
    (site / "mkdocs.yml").write_text(
        "site_name: t\ntheme:\n  name: material\nplugins:\n  - blog:\n      blog_dir: blog\n"
        '      post_url_format: "{date}/{slug}"\n',
        encoding="utf-8",
    )
    (site / "docs" / "index.md").write_text("# t\n", encoding="utf-8")
    (site / "docs" / "blog" / "index.md").write_text("# blog\n", encoding="utf-8")
    post = site / "docs" / "blog" / "posts" / "entry.md"
    slug = journal.check_slug(words(journal.MAX_SLUG))
    post.write_text(f"---\ndate: {DAY}\nslug: {slug}\n---\n\n# t\n\nx\n", encoding="utf-8")
    proc = mkdocs_build(site, tmp_path / "out")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert (tmp_path / "out" / "blog" / "2026" / "10" / "08" / slug / "index.html").is_file()
    post.write_text(f"---\ndate: {DAY}\nslug: {'a' * 256}\n---\n\n# t\n\nx\n", encoding="utf-8")
    proc = mkdocs_build(site, tmp_path / "out")
    assert proc.returncode != 0 and "File name too long" in proc.stderr
