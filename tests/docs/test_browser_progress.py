"""The progress page's heatmap at 1280 and 390 px: the box fits or scrolls inside itself, the
page never scrolls sideways, every drawn day has a title. A synthetic heatmap of many days (the
generator's own HTML) is put into the built page's article, styled by the site's real CSS, so
the test does not depend on how many days the records hold. The built problem pages tell the
records' story: when each problem was solved, linked to that day's entry."""

from __future__ import annotations

import datetime as dt

import pytest

from studylog.gen import progress
from tests.docs.browser import open_page, site_page

pytestmark = pytest.mark.browser

DAYS = {dt.date(2026, 12, 1) - dt.timedelta(days=3 * i): i % 5 for i in range(40)}

CHECK_JS = r"""(html) => {
    const article = document.querySelector('article') || document.querySelector('.md-content');
    article.insertAdjacentHTML('beforeend', html);
    const box = article.querySelector('.dp-heatmap');
    const r = box.getBoundingClientRect();
    const cells = [...box.querySelectorAll('.dp-cell:not(.dp-future)')];
    return {
        pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        boxRight: r.right, viewport: window.innerWidth,
        scrolls: box.scrollWidth > box.clientWidth ? getComputedStyle(box).overflowX : 'fits',
        cells: cells.length,
        titled: cells.filter(c => /^\d{4}-\d\d-\d\d: \d+번$/.test(c.title)).length,
    };
}"""


@pytest.mark.parametrize("width", [1280, 390])
def test_heatmap_fits_or_scrolls(browser, site_url, width):
    with site_page(browser, site_url, width=width) as page:
        open_page(page, site_url, "graphs/progress/")
        got = page.evaluate(CHECK_JS, progress.heatmap(DAYS, dt.date(2026, 12, 2)))
    assert got["pageOverflow"] <= 0, got
    assert got["boxRight"] <= got["viewport"], got
    assert got["scrolls"] in ("fits", "auto", "scroll"), got
    assert got["cells"] > 0 and got["titled"] == got["cells"], got


@pytest.mark.parametrize("width", [1280, 390])
def test_the_pattern_table_and_the_rule_read_on_the_built_page(browser, site_url, width):
    from graphs.drill.problem import drills

    with site_page(browser, site_url, width=width) as page:
        open_page(page, site_url, "graphs/progress/")
        got = page.evaluate(
            """() => ({
                overflow: document.documentElement.scrollWidth
                    - document.documentElement.clientWidth,
                rows: [...document.querySelectorAll('article table tbody tr')]
                    .map(r => r.cells[0].textContent.trim()),
                problems: [...document.querySelectorAll('article table tbody tr')]
                    .map(r => r.cells[1].textContent.trim()),
                text: document.querySelector('article').innerText,
            })"""
        )
    assert got["overflow"] <= 0, got["overflow"]
    assert got["rows"] == list(dict.fromkeys(d.pattern for d in drills()))
    # each pattern names its problems, so the reader sees what "푼 문제 1/3" counts
    for pattern, listed in zip(got["rows"], got["problems"], strict=True):
        assert listed.split(", ") == sorted(
            (str(d.number) for d in drills() if d.pattern == pattern), key=int
        ), (pattern, listed)
    assert "복습 규칙" in got["text"] and "다시(Again)" in got["text"] and "FSRS" in got["text"]


def test_problem_pages_say_when_each_problem_was_studied_and_link_the_day(browser, site_url):
    """Whatever days the checkout's records hold: a solved problem's page names the day it was
    last solved (and links that day's published entry, which opens); a problem never drilled
    says so."""
    from graphs.drill.practice import passes
    from graphs.drill.problem import drills
    from studylog.gen.common import DOCS, ROOT
    from studylog.gen.studied import published_entries

    solved = passes(progress.read_events(ROOT / "drills"))
    entries = published_entries(DOCS / "blog" / "posts")
    with site_page(browser, site_url) as page:
        for d in drills():
            (source,) = DOCS.glob(f"graphs/*{d.number}-*.md")
            open_page(page, site_url, f"graphs/{source.stem}/")
            text = page.evaluate("() => document.querySelector('article').innerText")
            said = text[text.index(f"공부한 날 (LeetCode {d.number})") :][:400]
            if d.number not in solved:
                assert "아직 없다" in said, (d.label, said)
                continue
            day = solved[d.number][-1].at.date()
            assert f"{day}에 풀었다" in said, (d.label, said)
            if day in entries:
                link = page.locator(f"article a:text-is('{day} 일지')").first
                target = link.evaluate("a => a.href")  # absolute, as the browser resolves it
                assert page.request.get(target).ok, (d.label, target)
