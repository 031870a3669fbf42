"""Both engines build the same site from the one ``mkdocs.yml`` (issue 22): the same pages, each
page's main text the same (headings, words, tables, figures, generated fragments), the API pages
the same entries. A page that one engine drops or changes fails by name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.docs.engines import ENGINES, ZENSICAL_GAPS, built_by, html_pages, main_text, zensical
from tests.docs.site import api_packages, pages
from tests.helpers import ROOT

pytestmark = pytest.mark.skipif(zensical() is None, reason="zensical: run bash .ci/setup")

API_ENTRY = re.compile(r'<h\d id="([^"]+)" class="doc doc-heading')


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Both engines' builds: the ones every site test reads (built once per test run)."""
    return {engine: built_by(engine, tmp_path_factory) for engine in ENGINES}


def test_main_text_reads_the_article_only(tmp_path):
    html = (
        '<header>menu</header><article class="md-content__inner md-typeset">'
        '<nav class="md-tags"><a class="md-tag">섬</a></nav>'
        '<h1 id="t">제목<a class="headerlink" href="#t">¶</a></h1><p>본문 <b>1.5</b> 초</p>'
        '<img src="../x/fig.png" alt=""><table><tr><th>h</th><td>0.9 <br>KiB</td></tr></table>'
        "<script>var no = 1;</script></article><footer>끝</footer>"
    )
    page = tmp_path / "page.html"
    page.write_text(html, encoding="utf-8")
    found = main_text(page)
    assert found.headings == ["제목"]
    assert found.text == ["제목", "본문", "1.5", "초", "h", "0.9", "KiB"]
    assert found.images == ["fig.png"] and found.cells == ["h", "0.9 KiB"]


@pytest.mark.slow
def test_both_engines_build_the_same_pages(sites):
    mkdocs, zensical_ = (html_pages(sites[e]) for e in ENGINES)
    assert not mkdocs - zensical_, f"pages only MkDocs builds: {sorted(mkdocs - zensical_)}"
    assert not zensical_ - mkdocs, f"pages only Zensical builds: {sorted(zensical_ - mkdocs)}"
    assert set(pages().values()) <= mkdocs  # every page of the nav and every post is there


@pytest.mark.slow
def test_every_page_says_the_same_under_both_engines(sites):
    differ = {}
    for page in sorted(html_pages(sites["mkdocs"])):
        ours, theirs = (main_text(sites[e] / page) for e in ENGINES)
        for part in ("headings", "images", "cells", "text"):
            a, b = getattr(ours, part), getattr(theirs, part)
            if a != b:
                at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), None)
                at = min(len(a), len(b)) if at is None else at
                differ[page] = f"{part} from #{at}: {a[at : at + 6]} vs {b[at : at + 6]}"
                break
    assert not differ, "pages whose main text differs (MkDocs vs Zensical):\n" + "\n".join(
        f"  {page}: {what}" for page, what in differ.items()
    )


@pytest.mark.slow
@pytest.mark.parametrize("package", api_packages())
def test_the_api_pages_have_the_same_entries(sites, package):
    entries = {
        e: API_ENTRY.findall((sites[e] / "api" / package / "index.html").read_text("utf-8"))
        for e in ENGINES
    }
    assert len(entries["mkdocs"]) > 20, entries["mkdocs"][:5]
    assert entries["mkdocs"] == entries["zensical"]


def test_the_readme_names_every_gap_left_on_zensical():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    missing = [test for test in ZENSICAL_GAPS if f"`{test}`" not in readme]
    assert not missing, f"README.md does not name these Zensical gaps: {missing}"
