"""Figures drawn only when what decides their bytes has changed (issue 19).

Drawing a figure is the slow part of ``python -m studylog.gen``. :func:`cached_png` computes a key,
a SHA-256 over everything that decides a figure's bytes:

- the drawing function's name, its arguments (the data the figure is drawn from, its titles)
  and the source of the module that defines it;
- the PNG settings (dpi, the ``Software`` tag of :func:`~studylog.gen.common.figure_tag`, which
  names the matplotlib version and the font) and the source of the code that saves the PNG;
- the files of the fonts the labels are drawn with, and the versions of numpy, Pillow and zlib
  (matplotlib saves PNGs through Pillow);
- the source of :mod:`house.figures` (the fonts, text sizes and panel layouts every figure
  takes from it);
- :data:`VERSION`, to bump by hand when something else decides the bytes.

The key is stored inside the PNG, in a ``tEXt`` chunk (:data:`KEYWORD`) that also holds the
SHA-256 of the rest of the file. When the figure on disk carries the same key and the rest of
its bytes still hash to what the chunk says, those bytes are returned instead of drawing again,
so ``studylog.gen`` writes nothing and ``studylog.gen --check`` finds it up to date. Otherwise
(changed data or code, another machine's renderer, a file edited or re-saved by hand, an older
figure without the chunk) the figure is drawn again; ``--check`` then compares the new bytes with
the file and calls it stale when they differ.

The same chunk records the size of the figure's smallest text in image pixels (``text_px``,
measured on the figure by :func:`house.figures.smallest_text_pt`), so a test can tell how
large that text is where a page shows the figure (:func:`text_px`).
"""

from __future__ import annotations

import hashlib
import inspect
import json
import zlib
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from house import figures
from studylog.gen import common

#: Bump to redraw every figure once, when something not in the key starts to decide the bytes.
VERSION = 1

#: The ``tEXt`` keyword of the chunk holding a figure's key and the hash of its other bytes.
KEYWORD = b"studylog.gen figure"

_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, body: bytes) -> bytes:
    crc = zlib.crc32(kind + body) & 0xFFFFFFFF
    return len(body).to_bytes(4, "big") + kind + body + crc.to_bytes(4, "big")


def _chunks(data: bytes) -> list[tuple[bytes, bytes, int, int]]:
    """``(kind, body, start, end)`` of every chunk of a PNG; ``[]`` if it is not one."""
    if not data.startswith(_SIGNATURE):
        return []
    out, pos = [], len(_SIGNATURE)
    while pos + 12 <= len(data):
        length = int.from_bytes(data[pos : pos + 4], "big")
        end = pos + 12 + length
        if end > len(data):
            return []  # truncated
        out.append((data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length], pos, end))
        pos = end
    return out


def stamp(png: bytes, key: str, text_px: float | None = None) -> bytes:
    """``png`` with a chunk holding ``key``, the SHA-256 of ``png`` and, when given, the size of
    its smallest text in image pixels, right after ``IHDR``.

    Examples
    --------
    >>> png = _SIGNATURE + _chunk(b"IHDR", bytes(13)) + _chunk(b"IEND", b"")
    >>> stamped(stamp(png, "abc")), text_px(stamp(png, "abc", text_px=30.5))
    ('abc', 30.5)
    """
    chunks = _chunks(png)
    if not chunks or chunks[0][0] != b"IHDR":
        raise ValueError("not a PNG: its first chunk is not IHDR")
    digest = hashlib.sha256(png).hexdigest()
    text = f"key={key} png={digest}" + ("" if text_px is None else f" text_px={text_px:.2f}")
    body = KEYWORD + b"\x00" + text.encode("ascii")
    at = chunks[0][3]
    return png[:at] + _chunk(b"tEXt", body) + png[at:]


def _fields(data: bytes) -> dict[str, str]:
    """The fields of a figure's stamp, if its other bytes are still those it was stamped on;
    ``{}`` for a file that is not a PNG, has no stamp, or was changed after it was written."""
    for kind, body, start, end in _chunks(data):
        if kind == b"tEXt" and body.startswith(KEYWORD + b"\x00"):
            fields = dict(
                item.split("=", 1)
                for item in body[len(KEYWORD) + 1 :].decode("ascii", "replace").split()
                if "=" in item
            )
            rest = data[:start] + data[end:]
            return fields if fields.get("png") == hashlib.sha256(rest).hexdigest() else {}
        if kind == b"IDAT":
            return {}  # the chunk comes before the image data
    return {}


def stamped(data: bytes) -> str | None:
    """The key a figure was stamped with, if its other bytes are still those it was stamped on.

    ``None`` for a file that is not a PNG, has no such chunk, or was changed after it was
    written (by hand, or re-saved by another program that kept the chunk).

    Examples
    --------
    >>> png = stamp(_SIGNATURE + _chunk(b"IHDR", bytes(13)) + _chunk(b"IEND", b""), "k")
    >>> stamped(png), stamped(png[:-12] + _chunk(b"tEXt", b"a\\x00b") + png[-12:])
    ('k', None)
    """
    return _fields(data).get("key")


def text_px(data: bytes) -> float | None:
    """The size of a stamped figure's smallest text in image pixels (its points times the dpi
    over 72), or ``None`` when the figure has no valid stamp or the stamp does not say.

    Examples
    --------
    >>> text_px(b"not a png") is None
    True
    """
    value = _fields(data).get("text_px")
    return None if value is None else float(value)


@cache
def _file_digest(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


@cache
def _font_file(family: str) -> str:
    """The file matplotlib draws ``family`` with (``findfont`` falls back to DejaVu Sans)."""
    from matplotlib import font_manager

    prop = font_manager.FontProperties(family=family)
    return font_manager.findfont(prop, fallback_to_default=True)


@cache
def _environment() -> dict[str, str]:
    import matplotlib
    import numpy
    import PIL

    return {
        "matplotlib": matplotlib.__version__,
        "numpy": numpy.__version__,
        "pillow": PIL.__version__,
        "zlib": zlib.ZLIB_RUNTIME_VERSION,
        "saver": inspect.getsource(common.png_bytes) + inspect.getsource(common.figure_tag),
        "cache": _file_digest(__file__),
        "style": _file_digest(figures.__file__),  # fonts, text sizes and layouts of every figure
    }


def _plain(value: Any) -> Any:
    raise TypeError(
        f"figure input of type {type(value).__name__} has no stable form to hash:"
        " pass plain data (dict, list, str, numbers)"
    )


def figure_key(
    draw: Callable[..., Any],
    args: Sequence[Any] = (),
    kwargs: dict[str, Any] | None = None,
    *,
    dpi: int = 110,
    renderer: str | None = None,
    fonts: Sequence[str] = ("DejaVu Sans",),
) -> str:
    """The SHA-256 (hex) of everything that decides the bytes of ``draw(*args, **kwargs)``
    saved by :func:`~studylog.gen.common.png_bytes` with ``dpi`` and ``renderer``.

    ``fonts`` are the font families the figure's text is drawn with; their files are hashed.
    The arguments must be plain data (JSON): anything else raises ``TypeError``.
    """
    module = inspect.getsourcefile(draw)
    fields = {
        "version": VERSION,
        "draw": f"{draw.__module__}.{draw.__qualname__}",
        "draw_source": _file_digest(module) if module else None,
        "args": list(args),
        "kwargs": kwargs or {},
        "dpi": dpi,
        "tag": common.figure_tag(renderer),
        "fonts": {f: _file_digest(_font_file(f)) for f in fonts},
        **_environment(),
    }
    text = json.dumps(fields, sort_keys=True, ensure_ascii=False, default=_plain)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


#: Paths (under ``docs/``) of the figures the last :func:`cached_png` calls drew, in order.
DRAWN: list[str] = []


def cached_png(
    rel: str,
    draw: Callable[..., Any],
    *args: Any,
    dpi: int = 110,
    renderer: str | None = None,
    fonts: Sequence[str] = ("DejaVu Sans",),
    **kwargs: Any,
) -> bytes:
    """The PNG bytes of the figure ``draw(*args, **kwargs)`` for ``docs/REL``, stamped with its
    :func:`figure_key`: the file's own bytes when it carries that key and is unchanged since
    it was written, else a new drawing (closed after saving; ``rel`` is appended to
    :data:`DRAWN`), whose stamp also records its smallest text in image pixels
    (:func:`text_px`)."""
    key = figure_key(draw, args, kwargs, dpi=dpi, renderer=renderer, fonts=fonts)
    path = common.DOCS / rel
    try:
        old = path.read_bytes()
    except OSError:
        old = b""
    if old and stamped(old) == key:
        return old
    import matplotlib.pyplot as plt

    fig = draw(*args, **kwargs)
    try:
        png = common.png_bytes(fig, dpi=dpi, renderer=renderer)
        smallest = figures.smallest_text_pt(fig) * dpi / 72
    finally:
        plt.close(fig)
    DRAWN.append(rel)
    return stamp(png, key, text_px=smallest)
