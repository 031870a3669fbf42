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
