"""The API pages render the docstrings' Sphinx roles as links (or code), never as raw text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.docs import site

ROLE = re.compile(r":(?:py:)?(?:func|meth|class|mod|attr|data|exc|obj):`")


def _prose(html: str) -> str:
    """The page without its code blocks (the source listings show the docstrings as written)."""
    return re.sub(r"<pre.*?</pre>", "", html, flags=re.S)


def test_both_packages_have_an_api_page() -> None:
    assert {"mha", "graphs"} <= set(site.api_packages())


@pytest.mark.parametrize("package", site.api_packages())
def test_no_raw_roles_on_api_pages(built_site: Path, package: str) -> None:
    html = (built_site / "api" / package / "index.html").read_text(encoding="utf-8")
    raw = ROLE.findall(_prose(html))
    assert raw == [], f"{len(raw)} raw roles on /api/{package}/"
    # the docstrings the page renders are written with roles: the check has something to catch
    sources = (site.ROOT / package).rglob("*.py")
    assert any(ROLE.search(path.read_text(encoding="utf-8")) for path in sources), package


@pytest.mark.parametrize(
    ("package", "target"),
    [
        ("mha", "mha.interop.from_torch"),  # :func:`mha.interop.from_torch`, full path
        ("mha", "mha.heads"),  # :mod:`mha.heads` in the package docstring
        ("graphs", "graphs.islands.num_islands"),  # :func:`num_islands`, relative to its module
    ],
)
def test_roles_become_links_to_the_object(built_site: Path, package: str, target: str) -> None:
    # a link to the same page: "#target" (MkDocs) or "./#target" (Zensical)
    html = _prose((built_site / "api" / package / "index.html").read_text(encoding="utf-8"))
    assert re.search(
        rf'<a class="autorefs autorefs-internal"[^>]*href="(\./)?#{re.escape(target)}"', html
    )


def test_names_outside_the_package_become_code() -> None:
    import griffe

    from studylog.griffe_roles import rewrite

    pkg = griffe.load("graphs")
    text = (
        "See :class:`torch.nn.MultiheadAttention`, :exc:`ValueError` and :func:`~graphs.bfs_order`."
    )
    out = rewrite(pkg, text)
    assert out == (
        "See `torch.nn.MultiheadAttention`, `ValueError` and "
        "[`bfs_order`][graphs.traversal.bfs_order]."
    )
