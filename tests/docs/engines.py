"""The two engines that build the site from the one ``mkdocs.yml`` (issue 22): MkDocs with
Material, and Zensical, Material's successor. :func:`build` makes a strict build with either;
:func:`main_text` reads what a page says (its article: headings, text, tables, figures), the
part that must not depend on the engine.

Zensical writes its site to the config's ``site_dir`` (no ``-d``) and a ``.cache/`` beside the
config, and refuses a config file outside the project's root; so it builds a copy of the
working tree in a temporary folder, and the checkout is never written to.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import ROOT, made_once, run

ENGINES = ("mkdocs", "zensical")
#: What a copy of the working tree for Zensical leaves out (the site needs none of it): these
#: names at the top of the checkout, and caches anywhere.
NOT_COPIED_TOP = {".git", ".venv", "site", "runs", "drills", ".cache"}
NOT_COPIED = shutil.ignore_patterns(
    "__pycache__", ".hypothesis", ".pytest_cache", ".ruff_cache", "*.egg-info"
)


def _not_copied(folder: str, names: list[str]) -> set[str]:
    top = NOT_COPIED_TOP & set(names) if Path(folder) == ROOT else set()
    return top | NOT_COPIED(folder, names)


#: Elements with no end tag: they do not nest.
VOID = {"area", "br", "col", "hr", "img", "input", "link", "meta", "source", "wbr"}


def zensical() -> Path | None:
    """The venv's ``zensical`` command, or ``None`` when the extra is not installed."""
    path = Path(sys.executable).parent / "zensical"
    return path if path.exists() else None


def mkdocs_build(config_dir: Path, site_dir: Path) -> subprocess.CompletedProcess:
    """``mkdocs build --strict`` of the site whose ``mkdocs.yml`` is in ``config_dir``."""
    return run(["-m", "mkdocs", "build", "--strict", "-d", site_dir], cwd=config_dir)


def build(engine: str, out: Path) -> tuple[subprocess.CompletedProcess, Path]:
    """A strict build of the site with ``engine``; the process and the built site's folder.

    Raises
    ------
    ValueError
        ``engine`` is not one of :data:`ENGINES`.
    """
    if engine == "mkdocs":
        return mkdocs_build(ROOT, out / "site"), out / "site"
    if engine == "zensical":
        command = zensical()
        if command is None:
            raise FileNotFoundError("zensical: not installed (bash .ci/setup installs it)")
        project = out / "project"
        shutil.copytree(ROOT, project, ignore=_not_copied, symlinks=True)
        proc = subprocess.run([command, "build", "--strict"], cwd=project,
                              capture_output=True, text=True, timeout=900)  # fmt: skip
        return proc, project / "site"
    raise ValueError(f"engine: expected one of {ENGINES}, got {engine!r}")


def built_by(engine: str, tmp_path_factory: Any) -> Path:
    """The real site, built strictly by ``engine`` once per test run (every worker and every
    test reads the same build: none may change it)."""

    def make(folder: Path) -> tuple[int, str, Path]:
        proc, site = build(engine, folder)
        return proc.returncode, proc.stderr, site

    returncode, stderr, site = made_once(tmp_path_factory, f"site-{engine}", make)
    if returncode != 0:
        pytest.fail(f"{engine} build --strict failed ({returncode}):\n{stderr[-3000:]}")
    return site


@dataclass
class MainText:
    """What a page's article says: its headings, its words, its figures and its table cells."""

    headings: list[str] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    images: list[str] = field(default_factory=list)
    cells: list[str] = field(default_factory=list)


class _Article(HTMLParser):
    """Collects :class:`MainText` inside ``<article class="md-content__inner">``, leaving out
    scripts, styles, heading permalinks (``headerlink``) and the tag list (``md-tags``, which
    Zensical shows and MkDocs without the tags plugin does not)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found = MainText()
        self.open: list[tuple[str, bool]] = []  # (tag, skipped) of every open element
        self.heading: list[str] | None = None
        self.cell: list[str] | None = None

    def _skipped(self) -> bool:
        return any(skipped for _, skipped in self.open)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if not self.open and not (tag == "article" and "md-content__inner" in classes):
            return
        if tag == "img" and not self._skipped():
            self.found.images.append(Path(dict(attrs).get("src") or "").name)
        if tag in VOID:
            return
        skip = tag in ("script", "style") or bool({"headerlink", "md-tags"} & set(classes))
        self.open.append((tag, skip))
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            self.heading = []
        if tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if not self.open or tag in VOID:
            return
        while self.open:  # close up to the matching element (HTML may omit end tags)
            name, _ = self.open.pop()
            if name == tag:
                break
        if tag.startswith("h") and tag[1:].isdigit() and self.heading is not None:
            self.found.headings.append(" ".join("".join(self.heading).split()))
            self.heading = None
        if tag in ("td", "th") and self.cell is not None:
            self.found.cells.append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data: str) -> None:
        if not self.open or self._skipped():
            return
        self.found.text += data.split()
        for part in (self.heading, self.cell):
            if part is not None:
                part.append(data)


def main_text(page: Path) -> MainText:
    """The :class:`MainText` of a built page (empty when it has no article)."""
    parser = _Article()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.found


def html_pages(site: Path) -> set[str]:
    """Every HTML page of a built site, as paths relative to it."""
    return {p.relative_to(site).as_posix() for p in site.rglob("*.html")}


def search_index(site: Path) -> tuple[dict, list[dict]]:
    """A built site's search index: its ``config`` (``lang``, ``separator``) and its entries
    (``location``, ``title``, ``text``), from either engine: MkDocs writes
    ``search/search_index.json`` (entries under ``docs``), Zensical ``search.json`` (``items``).
    """
    for path, entries in (("search/search_index.json", "docs"), ("search.json", "items")):
        if (site / path).is_file():
            index = json.loads((site / path).read_text(encoding="utf-8"))
            return index["config"], index[entries]
    raise FileNotFoundError(f"site: no search index in {site}")


#: What does not hold under Zensical yet, by test function: the README's list of the gaps left
#: (a test there checks it names each). Those tests still run on Zensical, as expected failures
#: (``xfail``, not strict: of a parametrized test some cases may pass); when Zensical closes a
#: gap, remove its line here. MkDocs stays the default engine while this is not empty.
ZENSICAL_GAPS = {
    "test_the_students_words_find_the_page_that_answers_them":
        "its search ranks pages otherwise: 28 of the 77 queries of 2026-12-05 led elsewhere "
        "(it reads only the search plugin's separator; the tags and boosts MkDocs' search "
        "weighs do not order its results the same way)",
    "test_every_tag_finds_its_own_page_first": "the same ranking: 37 of 74 tags then",
    "test_search_snippets_show_rendered_math": "its search dialog shows no rendered formulas",
    "test_search_works_on_a_phone": "the same search ranking",
    "test_journal_entry_has_previous_and_next":
        "a blog post gets no previous/next links in the footer",
    "test_the_study_tables_fit_a_phone":
        "its classic layout leaves a narrower column on a phone: the study tables scroll",
    "test_no_figure_is_squeezed_on_a_phone":
        "it rewrites a raw <source srcset> as a path relative to the Markdown file (MkDocs "
        "leaves raw HTML as written), so the phone figure's narrow source is broken in posts",
}  # fmt: skip
