"""What the student reads: pages say things for the reader; text for whoever builds the site
(how pages are made, how tests fail, how the main job reproduces) is on one page of its own."""

from __future__ import annotations

import re

import pytest

from tests.docs import site

BUILD_PAGE = "site-build.md"

#: Sentences about building the site, found on reader pages before (issue 34).
BUILDER_TEXT = (
    "다시 만들지 않으면 테스트가 실패한다",
    "bash .ci/main",
    "손으로 적은 목록이 아니다",
    "`==`가 늘 참인",
)


def expanded(source: str) -> str:
    """A page's Markdown with its snippet includes (``--8<-- "docs/..."``) put in place."""
    text = (site.DOCS / source).read_text(encoding="utf-8")
    return re.sub(r'--8<-- "docs/([^":]+)"',
                  lambda m: (site.DOCS / m[1]).read_text(encoding="utf-8"), text)  # fmt: skip


def test_the_build_page_is_in_the_nav_and_holds_the_builder_text():
    assert BUILD_PAGE in site.nav_sources()
    text = expanded(BUILD_PAGE)
    for phrase in BUILDER_TEXT:
        assert phrase in text, phrase


@pytest.mark.parametrize("source", [s for s in site.pages() if s != BUILD_PAGE])
def test_reader_pages_hold_no_builder_text(source):
    text = expanded(source)
    for phrase in BUILDER_TEXT:
        assert phrase not in text, (source, phrase)


# ------------------------------------------------------------------------ Korean for the reader

HANGUL = re.compile("[가-힣]")

#: Translated-sounding words (issue 34) and the second name of the journal.
AVOIDED = ("홍수 채우기", "테두리에서 채우기", "사다리", "단단한 모듈", "저널")


@pytest.mark.parametrize("source", list(site.pages()))
def test_pages_use_the_words_a_korean_student_uses(source):
    text = expanded(source)
    for word in AVOIDED:
        assert word not in text, (source, word)


def _constraints_section(page: str) -> str:
    return page.split("**제약**", 1)[1].split("**채점과 비교**", 1)[0]


def test_every_problem_page_states_its_constraints_in_korean_with_the_original_folded():
    from graphs.drill.problem import drills
    from studylog.gen.drills import statement_path

    for drill in drills():
        fragment = (site.ROOT / statement_path(drill.number)).read_text(encoding="utf-8")
        section = _constraints_section(fragment)
        korean, fold = section.split('??? note "LeetCode 원문 (영어)"', 1)
        bullets = [line for line in korean.splitlines() if line.startswith("- ")]
        assert bullets and all(HANGUL.search(line) for line in bullets), drill.number
        for line in drill.constraints.lines():  # LeetCode's English: only inside the fold
            assert line not in korean.splitlines(), (drill.number, line)
            assert f"    {line}" in fold, (drill.number, line)


def test_benchmark_problems_have_korean_titles_on_the_pages_and_figures():
    from graphs.tools.scaling import X_LABEL_KO, problems, title_of

    for problem in problems():
        assert HANGUL.search(problem.title), problem.name
        assert title_of(problem.name) == problem.title
    for source in site.pages():
        text = expanded(source)
        assert "x축: cells" not in text and "(x축: cells" not in text, source
    overview = expanded("graphs/index.md")
    for problem in problems():
        assert f"| {problem.title} |" in overview, problem.name
    islands = expanded("graphs/200-islands.md")
    assert f"x축은 {X_LABEL_KO['cells']}" in islands


def test_terms_are_defined_where_they_first_appear():
    drill = expanded("graphs/drill.md")
    assert drill.index("**반례 갤러리**") < drill.index("갤러리의")
    fsrs = drill.index("`fsrs`")
    assert "간격 반복" in drill[fsrs : fsrs + 300]
    for source in site.pages():
        text = expanded(source)
        if "2k - 2" in text:  # k is the side of the grid, said before the answer
            assert re.search(r"k \\times k|k × k", text[: text.index("2k - 2")]), source
        if re.search(r"수준 \d", text):  # a task's level: defined before its first use
            assert text.index("수준") == text.index("**수준**은") + 2, source
        if "갤러리" in text and source != "graphs/drill.md":
            assert "**반례 갤러리**" in text or "갤러리" not in text.split("--8<--")[0], source


def test_the_api_index_lists_every_topic_it_finds():
    from studylog.gen.api_index import PACKAGES, TOPIC_KO, topics

    summary = expanded("api/index.md")
    for package in PACKAGES:
        line = next(l for l in summary.splitlines() if l.startswith(f"- [{package}]"))
        found = topics(package)
        assert len(found) >= 10, package
        for topic in found:
            assert f"{TOPIC_KO.get(topic, topic)}(`{topic}`)" in line, topic


#: The student's own words (issue 34) and the page each must find first.
STUDENT_WORDS = {
    "오렌지": "graphs/994-rotting-oranges.md",
    "유니온 파인드": "graphs/323-components.md",
    "플러드 필": "graphs/200-islands.md",
    "가장자리": "graphs/130-surrounded-regions.md",
    "진도": "graphs/progress.md",
    "색칠": "graphs/785-is-graph-bipartite.md",
    "리트코드": "graphs/drill.md",
}


@pytest.mark.parametrize(("word", "page"), STUDENT_WORDS.items())
def test_the_students_words_are_tags_of_the_right_page(word, page):
    """A tag names one page (tests/docs/test_tags.py), so search puts that page first."""
    from studylog.gen import tags

    assert (word, page) in tags.declared()
