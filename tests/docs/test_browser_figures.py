"""Issue 21: the figures read on a phone. In headless Chromium at 390 and 1280 px: every content
image's smallest text is at least 11 pt where it is shown (from the text size the figure's stamp
records, :func:`studylog.gen.figcache.text_px`, and the width the browser gives it), a phone loads
the narrow source of each ``<picture>`` and a laptop the wide image, every "크게 보기" link opens
an existing full-size PNG, and each problem page shows only its own scaling figure."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

import pytest

from studylog.gen import figcache
from studylog.gen.common import RESULTS, load_json
from studylog.gen.figures import FULL_SIZE
from tests.docs import site

pytestmark = pytest.mark.browser

#: 11 pt in CSS px (96 px per inch): the smallest text a reader should meet in a figure.
MIN_TEXT_CSS_PX = 11 * 96 / 72


def _file(built_site: Path, path: str) -> Path:
    return built_site / unquote(path)


@pytest.fixture
def seen(every_page) -> dict[int, dict[str, list[dict]]]:
    """``width -> built page -> its article images`` for every page of the nav and the journal
    at 390 and 1280 px (one visit per page and width: tests/docs/sweep.py)."""
    pages = [built.removesuffix("index.html") for built in sorted(set(site.pages().values()))]
    return {width: {path: every_page(width)[path]["images"] for path in pages}
            for width in (390, 1280)}  # fmt: skip


def test_the_pages_show_figures(seen) -> None:
    figures = [img for images in seen[390].values() for img in images if img["narrow"]]
    assert len(figures) >= 10  # the results page alone has more; not a list of them


@pytest.mark.parametrize("width", [390, 1280])
def test_every_image_loads_and_its_text_is_at_least_11_pt(seen, built_site, width):
    small = []
    for path, images in seen[width].items():
        for img in images:
            assert img["natural"] > 0, (path, img["current"])  # loaded, not a broken address
            data = _file(built_site, img["current"]).read_bytes()
            text_px = figcache.text_px(data)
            assert text_px is not None, f"{img['current']}: no text size in its stamp"
            shown = img["shown"] / img["natural"] * text_px
            if shown < MIN_TEXT_CSS_PX - 0.05:
                small.append((path, img["current"].rsplit("/", 1)[-1], round(shown, 1)))
    assert small == []


def test_a_phone_loads_the_narrow_figure_and_a_laptop_the_wide_one(seen) -> None:
    for path, images in seen[390].items():
        for img in images:
            if img["narrow"]:
                assert img["current"] == img["narrow"], (path, img["current"])
    for path, images in seen[1280].items():
        for img in images:
            assert img["current"] == img["src"], (path, img["current"])
            assert not img["current"].endswith("_narrow.png"), path


@pytest.mark.parametrize("width", [390, 1280])
def test_every_figure_links_to_its_full_size_png(seen, built_site, width) -> None:
    for path, images in seen[width].items():
        for img in images:
            assert img["full"] is not None, (path, img["src"])
            text, href = img["full"]
            assert text == FULL_SIZE and href == img["src"], (path, href)
            target = _file(built_site, href)
            assert target.is_file() and target.read_bytes().startswith(b"\x89PNG"), href


def test_each_problem_page_shows_only_its_own_scaling_figure(seen) -> None:
    problems = load_json(RESULTS / "graphs_bench.json")["problems"]
    pages = site.pages()
    for name in problems:
        (source,) = site.sources_including(f"graphs/scaling/{name}.md")
        path = pages[source].removesuffix("index.html")
        for width in (390, 1280):
            shown = {
                Path(unquote(url)).name
                for img in seen[width][path]
                for url in (img["src"], img["narrow"] or "")
                if "graphs_scaling" in url
            }
            assert shown == {f"graphs_scaling_{name}.png", f"graphs_scaling_{name}_narrow.png"}, (
                source,
                width,
                shown,
            )


def test_no_figure_is_squeezed_on_a_phone(seen) -> None:
    """At 390 px each figure is shown at its own width (half its pixels), not shrunk to fit."""
    squeezed = [(path, img["current"].rsplit("/", 1)[-1], img["natural"], img["shown"])
                for path, images in seen[390].items() for img in images
                if img["shown"] < img["natural"] / 2 - 1]  # fmt: skip
    assert squeezed == []
