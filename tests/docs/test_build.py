"""`mkdocs build --strict` (links and anchors raised to warnings) and what the output holds."""

from __future__ import annotations

import re
from pathlib import Path

from graphs import records
from tests.docs import site
from tests.docs.engines import search_index
from tests.docs.site import config
from tests.helpers import ROOT

#: The journal's study entry, which the tests below read closely.
JOURNAL = site.post_page(site.POSTS / "2026-10-05.md")
# Every page of the nav, plus the journal's published posts (found, not listed).
PAGES = list(site.pages().values())


def test_config_is_plain_and_validates_links_as_warnings() -> None:
    cfg = site.config()
    assert "hooks" not in cfg  # Zensical builds the same file
    v = cfg["validation"]["links"]
    assert v["not_found"] == v["anchors"] == v["unrecognized_links"] == "warn"
    snippets = next(e for e in cfg["markdown_extensions"] if "pymdownx.snippets" in str(e))
    assert snippets["pymdownx.snippets"]["check_paths"] is True
    assert cfg["theme"]["language"] == "ko"


def test_strict_build_has_every_page(built_site: Path) -> None:
    missing = [p for p in PAGES if not (built_site / p).is_file()]
    assert not missing


def test_no_python_fragments_or_templates_published(built_site: Path) -> None:
    published = [p.relative_to(built_site).as_posix() for p in built_site.rglob("*")]
    bad = [
        p
        for p in published
        if p.endswith(".py") or p.startswith(("gen/", "generated/", "templates/", "snippets/"))
    ]
    assert not bad


def test_snippets_were_expanded_into_real_code(built_site: Path) -> None:
    for page in (p for p in PAGES if not p.startswith("api/")):  # API source shows the markers
        html = (built_site / page).read_text(encoding="utf-8")
        assert "--8&lt;--" not in html and "--8<--" not in html, page
    journal = (built_site / JOURNAL).read_text(encoding="utf-8")
    src = (ROOT / "mha" / "heads.py").read_text(encoding="utf-8")
    assert "transpose" in src and "transpose" in journal


def test_math_is_served_from_the_site(built_site: Path) -> None:
    assert (built_site / "assets/katex/katex.min.js").is_file()
    assert list((built_site / "assets/katex/fonts").glob("*.woff2"))
    for page in PAGES:
        html = (built_site / page).read_text(encoding="utf-8")
        scripts = re.findall(r'<script[^>]+src="(https?://[^"]+)"', html)
        styles = re.findall(r'<link[^>]+rel="stylesheet"[^>]+href="(https?://[^"]+)"', html)
        external = scripts + styles
        assert not external, (page, external)
    assert 'class="arithmatex"' in (built_site / JOURNAL).read_text(encoding="utf-8")


def test_search_index_has_korean_and_english(built_site: Path, engine: str) -> None:
    settings, entries = search_index(built_site)
    # The Korean separator (Hangul/ASCII boundaries) is the one setting both engines read;
    # Zensical ignores the search plugin's `lang` (it keeps only the site's language).
    search = next(p["search"] for p in config()["plugins"] if isinstance(p, dict) and "search" in p)
    assert settings["separator"] == search["separator"]
    assert "ko" in settings["lang"]
    if engine == "mkdocs":
        assert "en" in settings["lang"]
    text = " ".join(d["text"] for d in entries if d["location"].startswith("blog/2026"))
    assert "어텐션" in text and "softmax" in text


def test_journal_entry_has_every_record_section(built_site: Path) -> None:
    html = (built_site / JOURNAL).read_text(encoding="utf-8")
    for heading in ("오늘의 목표", "개념 정리", "코드 따라가기", "실험과 관찰", "흔한 실수"):
        assert f">{heading}<" in html, heading
    assert "LLM config와의 연결" in html
    problems = ["200. Number of Islands", "695. Max Area of Island", "323. Number of Connected"]
    for problem in [*problems, "207 / 210. Course Schedule", "BFS와 DFS"]:
        assert problem in html, problem
    # Each record the entry includes is rendered with every field its Korean record has.
    post = (ROOT / "docs/blog/posts/2026-10-05.md").read_text(encoding="utf-8")
    included = re.findall(r'--8<-- "docs/generated/records/(\w+)\.md"', post)
    assert len(included) >= 5
    for field in records.FIELDS:
        expected = sum(1 for name in included if field in records.record(name))
        assert len(re.findall(f"<dt>{re.escape(field)}</dt>", html)) == expected, field
    assert "읽는 데 15분" in html  # the hand-set readtime, in the overridden Korean string
    assert "읽는시간" not in html and "Index로" not in html  # Material's stock Korean strings


def test_the_not_found_page_speaks_korean_and_leads_home(built_site: Path) -> None:
    # An address the site does not have (an old link, a typo) gets overrides/404.html.
    html = (built_site / "404.html").read_text(encoding="utf-8")
    assert "페이지를 찾을 수 없다" in html and "Not found" not in html
    assert ">첫 페이지</a>" in html
