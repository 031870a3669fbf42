"""The site's pages as the tests find them: the nav of ``mkdocs.yml``, the journal's published
posts by their front matter, and where each page is built (no page list is kept here)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import yaml

from tests.helpers import ROOT

DOCS = ROOT / "docs"
POSTS = DOCS / "blog" / "posts"


class _Loader(yaml.SafeLoader):
    """``mkdocs.yml`` with its ``!!python/name:`` tags read as None."""


_Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


def config() -> dict:
    """``mkdocs.yml``, parsed."""
    return yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)


def nav_sources(nav: list | None = None) -> list[str]:
    """Every Markdown source the nav names (paths under ``docs/``), depth first."""
    out = []
    for item in config()["nav"] if nav is None else nav:
        value = item if isinstance(item, str) else next(iter(item.values()))
        out += nav_sources(value) if isinstance(value, list) else [value]
    return out


def built(source: str) -> str:
    """``graphs/200-islands.md`` -> ``graphs/200-islands/index.html`` (directory URLs)."""
    stem = source.removesuffix(".md")
    return "index.html" if stem == "index" else stem.removesuffix("/index") + "/index.html"


def front_matter(path: Path) -> dict:
    """The YAML between a page's opening ``---`` lines (empty when it has none)."""
    match = re.match(r"---\n(.*?)\n---\n", path.read_text(encoding="utf-8"), flags=re.S)
    return (yaml.safe_load(match[1]) or {}) if match else {}


def post_page(post: Path) -> str:
    """Where the blog plugin builds a post: ``blog/YYYY/MM/DD/SLUG/index.html``.

    Raises
    ------
    ValueError
        If ``mkdocs.yml`` asks for another ``post_url_format`` than ``{date}/{slug}`` (then this
        function must learn it), or the post has no ``date`` or ``slug``.
    """
    blog = next(p["blog"] for p in config()["plugins"] if isinstance(p, dict) and "blog" in p)
    if blog.get("post_url_format") != "{date}/{slug}":
        raise ValueError(f"post_url_format: expected '{{date}}/{{slug}}', got {blog!r}")
    meta = front_matter(post)
    if not isinstance(meta.get("date"), dt.date) or not meta.get("slug"):
        raise ValueError(f"{post}: expected a date and a slug in the front matter, got {meta}")
    return f"{blog.get('blog_dir', 'blog')}/{meta['date']:%Y/%m/%d}/{meta['slug']}/index.html"


def published_posts() -> list[Path]:
    """The journal's posts that are not drafts, oldest first."""
    return [p for p in sorted(POSTS.glob("*.md")) if not front_matter(p).get("draft")]


def pages() -> dict[str, str]:
    """Every page of the site the tests check: source under ``docs/`` -> built page, the nav's
    and the published posts' (the blog plugin lists posts, not the nav)."""
    found = {source: built(source) for source in nav_sources()}
    for post in published_posts():
        found[post.relative_to(DOCS).as_posix()] = post_page(post)
    return found


def sources_including(fragment: str) -> list[str]:
    """The sources (of :func:`pages`) that include ``docs/generated/<fragment>`` by a snippet."""
    line = f'--8<-- "docs/generated/{fragment}"'
    return [s for s in pages() if line in (DOCS / s).read_text(encoding="utf-8")]


def api_packages() -> list[str]:
    """The packages with an API page in the nav (``api/mha.md`` -> ``mha``), in nav order."""
    return [
        source.removeprefix("api/").removesuffix(".md")
        for source in nav_sources()
        if source.startswith("api/") and source != "api/index.md"
    ]
