"""Issue 21: the figures read on a phone. In headless Chromium at 390 and 1280 px: every content
image's smallest text is at least 11 pt where it is shown (from the text size the figure's stamp
records, :func:`docs.gen.figcache.text_px`, and the width the browser gives it), a phone loads
the narrow source of each ``<picture>`` and a laptop the wide image, every "크게 보기" link opens
an existing full-size PNG, and each problem page shows only its own scaling figure."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

import pytest

from docs.gen import figcache
from docs.gen.common import RESULTS, load_json
from docs.gen.figures import FULL_SIZE
from tests.docs import site
from tests.docs.browser import open_page, site_page, site_path

pytestmark = pytest.mark.browser

#: 11 pt in CSS px (96 px per inch): the smallest text a reader should meet in a figure.
MIN_TEXT_CSS_PX = 11 * 96 / 72

IMAGES_JS = """() => [...document.querySelectorAll('article img')].map(img => {
    const source = img.closest('picture')?.querySelector('source');
    const link = img.closest('figure')?.querySelector('figcaption a');
    return {src: img.src, current: img.currentSrc, natural: img.naturalWidth,
            shown: img.getBoundingClientRect().width,
            narrow: source ? new URL(source.getAttribute('srcset'), document.baseURI).href : null,
            full: link ? [link.textContent.trim(), link.href] : null};
})"""


def _load_all(page) -> list[dict]:
    """Every article image of the open page, each scrolled to and decoded first."""
    page.evaluate(
        """async () => { for (const img of document.querySelectorAll('article img')) {
            img.scrollIntoView(); await img.decode().catch(() => {}); } }"""
    )
    return page.evaluate(IMAGES_JS)


def _file(built_site: Path, url: str, site_url: str) -> Path:
    return built_site / unquote(site_path(url, site_url))


@pytest.fixture(scope="module")
def seen(browser, site_url: str) -> dict[int, dict[str, list[dict]]]:
    """``width -> built page -> its article images`` for every page of the site at 390 and
    1280 px (light theme: the theme changes no figure, only the card around it)."""
    out: dict[int, dict[str, list[dict]]] = {}
    for width in (390, 1280):
        with site_page(browser, site_url, width) as page:
            out[width] = {}
            for built in sorted(set(site.pages().values())):
                path = built.removesuffix("index.html")
                open_page(page, site_url, path)
                out[width][path] = _load_all(page)
    return out


def test_the_pages_show_figures(seen) -> None:
    figures = [img for images in seen[390].values() for img in images if img["narrow"]]
    assert len(figures) >= 10  # the results page alone has more; not a list of them


@pytest.mark.parametrize("width", [390, 1280])
def test_every_image_loads_and_its_text_is_at_least_11_pt(seen, built_site, site_url, width):
    small = []
    for path, images in seen[width].items():
        for img in images:
            assert img["natural"] > 0, (path, img["current"])  # loaded, not a broken address
            data = _file(built_site, img["current"], site_url).read_bytes()
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
def test_every_figure_links_to_its_full_size_png(seen, built_site, site_url, width) -> None:
    for path, images in seen[width].items():
        for img in images:
            assert img["full"] is not None, (path, img["src"])
            text, href = img["full"]
            assert text == FULL_SIZE and href == img["src"], (path, href)
            target = _file(built_site, href, site_url)
            assert target.is_file() and target.read_bytes().startswith(b"\x89PNG"), href


def test_each_problem_page_shows_only_its_own_scaling_figure(seen, site_url) -> None:
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
