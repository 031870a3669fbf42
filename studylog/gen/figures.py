"""A figure for a laptop and one for a phone, and the Markdown that serves each where it fits.

:func:`figure_pair` draws a figure twice through :func:`studylog.gen.figcache.cached_png`: the
wide layout under its own name and the narrow one (``narrow=True``: one panel a row) under the
same name with ``_narrow``. :func:`picture_md` shows them in a ``<picture>``: a screen at most
:data:`NARROW_MEDIA` wide loads the narrow PNG, a laptop the wide one, and a "크게 보기" link
under the figure opens the wide PNG at full size. Each is shown at half its pixels (the figures
are saved at :data:`~house.figures.DPI`), so their text keeps the size
:mod:`house.figures` chose for it.

MkDocs rewrites the address of a Markdown image or link, but not the ``srcset`` of a raw
``<source>``: that address is written relative to where the page is built (:func:`url_depth`).
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Mapping
from typing import Any

from house.figures import DPI
from studylog.gen.common import Content
from studylog.gen.figcache import cached_png

__all__ = ["NARROW_MEDIA", "figure_pair", "narrow_name", "picture_md", "url_depth"]

#: The screens that get the narrow figure: phones (a laptop's window is wider).
NARROW_MEDIA = "(max-width: 600px)"

#: The link under every figure that opens its wide PNG at full size.
FULL_SIZE = "크게 보기"


def narrow_name(rel: str) -> str:
    """``results/x.png`` -> ``results/x_narrow.png``: where the phone's figure is written.

    Examples
    --------
    >>> narrow_name("results/heads_accuracy.png")
    'results/heads_accuracy_narrow.png'
    """
    if not rel.endswith(".png"):
        raise ValueError(f"rel: expected a path ending in .png, got {rel!r}")
    return rel.removesuffix(".png") + "_narrow.png"


def figure_pair(
    rel: str, draw: Callable[..., Any], *args: Any, renderer: str, fonts: tuple[str, ...],
    **kwargs: Any,
) -> dict[str, Content]:  # fmt: skip
    """The wide figure ``draw(*args, **kwargs)`` at ``docs/REL`` and the narrow one
    (``narrow=True``) at :func:`narrow_name`, both at :data:`~house.figures.DPI` and
    redrawn only when their inputs change (:func:`~studylog.gen.figcache.cached_png`)."""
    style = {"dpi": DPI, "renderer": renderer, "fonts": fonts}
    wide = cached_png(rel, draw, *args, **style, **kwargs)
    narrow = cached_png(narrow_name(rel), draw, *args, narrow=True, **style, **kwargs)
    return {rel: wide, narrow_name(rel): narrow}


def url_depth(page: str) -> int:
    """How many folders deep the page ``docs/PAGE`` is built (directory URLs): ``index.md`` 0,
    ``results/index.md`` 1, ``graphs/200-islands.md`` 2, and every journal post 5, since the
    blog plugin's ``post_url_format: "{date}/{slug}"`` builds it at ``blog/YYYY/MM/DD/SLUG/``.

    Examples
    --------
    >>> [url_depth(p) for p in ("index.md", "results/index.md", "graphs/200-islands.md")]
    [0, 1, 2]
    >>> url_depth("blog/posts/2026-10-05.md")
    5
    """
    if not page.endswith(".md"):
        raise ValueError(f"page: expected a Markdown source under docs/, got {page!r}")
    if page.startswith("blog/posts/"):
        return 5
    parts = page.removesuffix(".md").split("/")
    return len(parts) - (parts[-1] == "index")


def _css_size(png: bytes) -> tuple[int, int]:
    """``(width, height)`` in CSS px of a PNG shown at half its pixels (from its IHDR chunk)."""
    return int.from_bytes(png[16:20], "big") // 2, int.from_bytes(png[20:24], "big") // 2


def picture_md(
    rel: str, files: Mapping[str, Content], alt: str, page: str, css_class: str = ""
) -> str:
    """The Markdown of the figure ``docs/REL`` on the page ``docs/PAGE``: a ``<picture>`` whose
    narrow source (when ``files`` holds :func:`narrow_name` of ``rel``) a phone loads, the wide
    image for other screens, both at half their pixels, and a "크게 보기" link to the wide PNG;
    ``css_class`` is set on the image.

    Raises
    ------
    ValueError
        If ``files`` does not hold the PNG ``rel``.
    """
    wide = files.get(rel)
    if not isinstance(wide, bytes):
        raise ValueError(f"files: expected the PNG {rel!r}, got {sorted(files)}")
    here = posixpath.dirname(page) or "."
    md = posixpath.relpath(rel, here)
    width, height = _css_size(wide)
    extra = f".{css_class} " if css_class else ""
    image = f'![{alt}]({md}){{ {extra}width="{width}" height="{height}" }}'
    narrow = files.get(narrow_name(rel))
    if isinstance(narrow, bytes):
        url = "../" * url_depth(page) + narrow_name(rel)
        w, h = _css_size(narrow)
        source = f'<source media="{NARROW_MEDIA}" srcset="{url}" width="{w}" height="{h}">'
        image = f"<picture>\n{source}\n{image}\n</picture>"
    return (
        f'<figure class="phone-figure" markdown>\n{image}\n'
        f"<figcaption markdown>[{FULL_SIZE}]({md})</figcaption>\n</figure>\n"
    )
