"""The site's search in headless Chromium, as the student uses it weeks later: the words they
type, in Korean or in English, put the page that answers them first.

Which page answers which word is declared once, in each page's front matter (``tags:``, which
Material's search weighs far above the text, and ``search: boost:``). Two oracles check it:
the student's own queries below, written as they would type them, and every declared tag,
which must find its own page first (so no tag steals another page's word: "수강 순서" once
took "head 수" because its first syllable matches the prefix "수"). API pages stay out of the
index. A few queries run at 390 px too, through the phone's search button.
"""

from __future__ import annotations

import pytest

from tests.docs import site
from tests.docs.browser import search, site_page
from tests.docs.test_browser import JOURNAL_HREF

pytestmark = pytest.mark.browser

RESULTS = "results/"
CONFIGS = "configs/"
COURSES = "graphs/207-210-course-schedule/"

#: (what the student types, the page that must come first): each concept by its Korean and its
#: English name, the spellings people use ("헤드" for head, "로라" for LoRA), and whole phrases
#: that share a first syllable with another page's word ("head 수" / "수강 순서").
STUDENT = [
    # the head-count experiment
    ("head 수", RESULTS),
    ("head 수 실험", RESULTS),
    ("헤드", RESULTS),
    ("헤드 수", RESULTS),
    ("head 개수", RESULTS),
    ("헤드 개수", RESULTS),
    ("head", RESULTS),
    ("트레이드오프", RESULTS),
    ("trade-off", RESULTS),
    ("attention 뷰어", RESULTS),
    ("어텐션 뷰어", RESULTS),
    ("히트맵", RESULTS),
    ("heatmap", RESULTS),
    ("ablation", RESULTS),
    ("재현", "site-build/"),  # 다른 기계에서 head 수 실험 재현하기
    ("시드", RESULTS),
    # the concept pages of Multi-Head Attention
    ("멀티헤드", "mha/"),
    ("멀티헤드 어텐션", "mha/"),
    ("Multi-Head Attention", "mha/"),
    ("MHA", "mha/"),
    ("어텐션", "mha/"),
    ("attention", "mha/"),
    ("d_head", "mha/"),
    ("가장 작은 MHA", "mha/minimal/"),
    ("minimal MHA", "mha/minimal/"),
    ("소프트맥스", "mha/minimal/"),
    ("softmax", "mha/minimal/"),
    ("causal mask", "mha/minimal/"),
    ("마스크", "mha/minimal/"),
    ("분할과 병합", "mha/split-merge/"),
    ("split heads", "mha/split-merge/"),
    ("reshape", "mha/split-merge/"),
    ("파라미터 수", "mha/params/"),
    ("파라미터 개수", "mha/params/"),
    ("parameter count", "mha/params/"),
    ("미세 조정", "mha/finetuning/"),
    ("파인튜닝", "mha/finetuning/"),
    ("LoRA", "mha/finetuning/"),
    ("로라", "mha/finetuning/"),
    ("속도", "mha/speed/"),
    ("SDPA", "mha/speed/"),
    ("nn.MultiheadAttention", "mha/interop/"),
    ("함정", "mha/pitfalls/"),
    # model configs and the KV cache
    ("KV 캐시", CONFIGS),
    ("KV cache", CONFIGS),
    ("GQA", CONFIGS),
    ("grouped-query attention", CONFIGS),
    ("MQA", CONFIGS),
    ("MLA", CONFIGS),
    ("모델 config", CONFIGS),
    ("config.json", CONFIGS),
    # the journal
    ("공부 일지", "blog/"),
    ("첫날", JOURNAL_HREF),
    # the graph drills
    ("그래프 드릴", "graphs/"),
    ("섬의 개수", "graphs/200-islands/"),
    ("섬 개수", "graphs/200-islands/"),
    ("Number of Islands", "graphs/200-islands/"),
    ("섬 넓이", "graphs/695-max-area/"),
    ("Max Area of Island", "graphs/695-max-area/"),
    ("썩은 귤", "graphs/994-rotting-oranges/"),
    ("Rotting Oranges", "graphs/994-rotting-oranges/"),
    ("다중 시작점 BFS", "graphs/994-rotting-oranges/"),
    ("연결 요소", "graphs/323-components/"),
    ("Connected Components", "graphs/323-components/"),
    ("union-find", "graphs/323-components/"),
    ("위상 정렬", COURSES),
    ("topological sort", COURSES),
    ("수강 순서", COURSES),
    ("선수 과목", COURSES),
    ("Course Schedule", COURSES),
    ("사이클", COURSES),
    ("너비 우선 탐색", "graphs/bfs-dfs/"),
    ("BFS", "graphs/bfs-dfs/"),
    ("깊이 우선 탐색", "graphs/bfs-dfs/"),
    ("DFS", "graphs/bfs-dfs/"),
    ("드릴 채점", "graphs/drill/"),
    ("채점기", "graphs/drill/"),
    # the words a Korean student types for them (issue 34)
    ("오렌지", "graphs/994-rotting-oranges/"),
    ("유니온 파인드", "graphs/323-components/"),
    ("플러드 필", "graphs/200-islands/"),
    ("가장자리", "graphs/130-surrounded-regions/"),
    ("색칠", "graphs/785-is-graph-bipartite/"),
    ("리트코드", "graphs/drill/"),
    ("진도", "graphs/progress/"),
]

#: A few of them on a phone, in both languages.
PHONE = ["헤드 수", "KV cache", "위상 정렬", "softmax"]


def declared_tags() -> list[tuple[str, str]]:
    """(tag, the page that declares it) for every tag in the front matter of the site's pages.

    Raises
    ------
    ValueError
        If two pages declare the same tag (a tag names the one page that answers it).
    """
    owner: dict[str, str] = {}
    for source, built in site.pages().items():
        for tag in site.front_matter(site.DOCS / source).get("tags") or []:
            page = built.removesuffix("index.html")
            if owner.setdefault(str(tag), page) != page:
                raise ValueError(f"tag {tag!r}: declared by {owner[str(tag)]} and {page}")
    return sorted(owner.items())


@pytest.fixture(scope="module")
def desktop(browser, site_url: str):
    with site_page(browser, site_url, 1280) as pg:
        yield pg


def assert_first(found: list[str], term: str, expected: str) -> None:
    """``expected`` leads the results, and no API page is among them (they are not indexed)."""
    assert found and found[0] == expected, f"{term!r}: first results {found[:4]}"
    assert not [p for p in found if p.startswith("api/")], f"{term!r}: API pages in {found}"


@pytest.mark.parametrize(("term", "expected"), STUDENT)
def test_the_students_words_find_the_page_that_answers_them(desktop, site_url, term, expected):
    assert_first(search(desktop, site_url, term), term, expected)


@pytest.mark.parametrize(("tag", "page"), declared_tags())
def test_every_tag_finds_its_own_page_first(desktop, site_url: str, tag: str, page: str) -> None:
    assert_first(search(desktop, site_url, tag), tag, page)


@pytest.mark.parametrize("term", PHONE)
def test_search_works_on_a_phone(browser, site_url: str, term: str) -> None:
    expected = dict(STUDENT)[term]
    with site_page(browser, site_url, 390, 844) as phone:
        assert_first(search(phone, site_url, term), term, expected)
        # Waited for, as a web-first assertion: under load the results may still be laid out.
        fits = "() => document.documentElement.scrollWidth <= 390"
        from playwright.sync_api import TimeoutError as PlaywrightTimeout  # the fixture has it

        try:
            phone.wait_for_function(fits, timeout=5_000)
        except PlaywrightTimeout:
            width = phone.evaluate("() => document.documentElement.scrollWidth")
            raise AssertionError(f"{term!r}: the page is {width} px wide at 390") from None
        assert phone.errors == [], phone.errors
