"""Issue 19: ``studylog.gen`` draws a figure again only when what decides its bytes changed, and
``--check`` still finds a stale or hand-edited figure."""

from __future__ import annotations

import importlib
import io
import sys
import zlib
from pathlib import Path
from typing import Any

import pytest

from studylog.gen import __main__ as gen_main
from studylog.gen import common, figcache

DRAWS: list[list[float]] = []
REL = "results/f.png"


def line(ys: list[float], title: str = "") -> Any:
    """A small figure; every call is counted in :data:`DRAWS`."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    DRAWS.append(ys)
    fig, ax = plt.subplots(figsize=(2, 1.5))
    ax.plot(ys)
    ax.set_title(title)
    return fig


@pytest.fixture
def docs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(common, "DOCS", tmp_path)
    DRAWS.clear()
    return tmp_path


def test_an_unchanged_figure_is_not_drawn_again(docs) -> None:
    first = figcache.cached_png(REL, line, [0, 1, 3], title="t")
    assert common.write({REL: first}) == [REL] and len(DRAWS) == 1
    again = figcache.cached_png(REL, line, [0, 1, 3], title="t")
    assert again == first and len(DRAWS) == 1  # the file's own bytes, nothing drawn
    assert common.write({REL: again}) == [] and common.stale({REL: again}, exact=True) == []


@pytest.mark.parametrize(
    "change",
    [
        {"args": ([0, 1, 4],)},  # other data
        {"kwargs": {"title": "u"}},  # another title
        {"style": {"dpi": 120}},  # other PNG settings
        {"style": {"renderer": "font Other"}},  # another font named in the Software tag
    ],
    ids=["data", "title", "dpi", "renderer"],
)
def test_a_changed_input_draws_again_and_check_calls_the_file_stale(docs, change) -> None:
    common.write({REL: figcache.cached_png(REL, line, [0, 1, 3], title="t")})
    args = change.get("args", ([0, 1, 3],))
    kwargs = change.get("kwargs", {"title": "t"})
    new = figcache.cached_png(REL, line, *args, **kwargs, **change.get("style", {}))
    assert len(DRAWS) == 2
    assert common.stale({REL: new}, exact=True) == [REL]


def test_a_version_bump_draws_every_figure_again(docs, monkeypatch) -> None:
    common.write({REL: figcache.cached_png(REL, line, [1, 2])})
    monkeypatch.setattr(figcache, "VERSION", figcache.VERSION + 1)
    figcache.cached_png(REL, line, [1, 2])
    assert len(DRAWS) == 2


def test_changed_drawing_code_draws_again(docs, tmp_path, monkeypatch) -> None:
    module = tmp_path / "code" / "figmod19.py"
    module.parent.mkdir()
    source = "def draw(ys):\n    return ys\n"
    module.write_text(source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(module.parent))
    figmod = importlib.import_module("figmod19")
    key = figcache.figure_key(figmod.draw, ([1, 2],))
    module.write_text(source.replace("ys\n", "ys[::-1]\n"), encoding="utf-8")
    figcache._file_digest.cache_clear()
    figmod = importlib.reload(figmod)
    try:
        assert figcache.figure_key(figmod.draw, ([1, 2],)) != key
    finally:
        sys.modules.pop("figmod19", None)
        figcache._file_digest.cache_clear()


def _edit_pixels(png: bytes) -> bytes:
    """``png`` with its first IDAT chunk's data changed (and a valid CRC): a hand edit."""
    for kind, body, start, _end in figcache._chunks(png):
        if kind == b"IDAT":
            raw = zlib.decompress(body)
            body2 = zlib.compress(raw[:-1] + bytes([raw[-1] ^ 0xFF]))
            return png[:start] + figcache._chunk(b"IDAT", body2) + png[start + 12 + len(body) :]
    raise AssertionError("no IDAT")


@pytest.mark.parametrize("edit", ["pixels", "no stamp", "truncated"])
def test_a_hand_edited_figure_is_drawn_again_and_is_stale(docs, edit) -> None:
    good = figcache.cached_png(REL, line, [0, 2, 1])
    path = docs / REL
    common.write({REL: good})
    if edit == "pixels":  # the stamp is kept, the bytes it vouches for are not
        path.write_bytes(_edit_pixels(good))
    elif edit == "no stamp":  # re-saved by a program that drops unknown text chunks
        kind, body, start, end = figcache._chunks(good)[1]
        assert kind == b"tEXt" and body.startswith(figcache.KEYWORD)
        path.write_bytes(good[:start] + good[end:])
    else:
        path.write_bytes(good[: len(good) // 2])
    assert figcache.stamped(path.read_bytes()) is None
    again = figcache.cached_png(REL, line, [0, 2, 1])
    assert len(DRAWS) == 2 and again == good  # drawn again: the same bytes as first written
    assert common.stale({REL: again}) == [REL]  # so --check names the edited file
    assert common.write({REL: again}) == [REL] and path.read_bytes() == good


def test_a_stamped_figure_is_a_valid_png_with_its_software_tag(docs) -> None:
    from PIL import Image

    png = figcache.cached_png(REL, line, [3, 1, 2])
    Image.open(io.BytesIO(png)).verify()  # checks every chunk's CRC
    assert common.png_software(png) == common.figure_tag()
    assert figcache.stamped(png) == figcache.figure_key(line, ([3, 1, 2],))


def sized_text(title_pt: float, tick_pt: float) -> Any:
    """A figure whose smallest text is its tick labels at ``tick_pt`` points."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(2, 1.5))
    ax.set_title("t", fontsize=title_pt)
    ax.set_xticks([0, 1], ["a", "b"], fontsize=tick_pt)
    ax.set_yticks([0, 1], ["c", "d"], fontsize=tick_pt)
    ax.set_xlabel("")  # empty text is not text a reader sees
    return fig


@pytest.mark.parametrize(("dpi", "tick_pt"), [(110, 9.0), (200, 11.0)])
def test_the_stamp_records_the_smallest_text_in_image_pixels(docs, dpi, tick_pt) -> None:
    png = figcache.cached_png(REL, sized_text, 14.0, tick_pt, dpi=dpi)
    assert figcache.text_px(png) == pytest.approx(tick_pt * dpi / 72, abs=0.01)
    assert figcache.stamped(png) is not None
    common.write({REL: png})  # the file's own bytes come back with the same record
    assert figcache.text_px(figcache.cached_png(REL, sized_text, 14.0, tick_pt, dpi=dpi)) == (
        figcache.text_px(png)
    )
    assert figcache.text_px(_edit_pixels(png)) is None  # an edited file vouches for nothing


def test_inputs_that_are_not_plain_data_are_refused() -> None:
    with pytest.raises(TypeError, match="plain data"):
        figcache.figure_key(line, (object(),))


def test_the_committed_heads_figures_are_not_drawn_again() -> None:
    """With nothing changed, a run draws none of the heads figures (on the machine kind whose
    renderer drew the committed ones; another renderer draws its own, see figure_tag)."""
    from studylog.gen import heads
    from studylog.gen.common import RESULTS, load_json

    data = load_json(RESULTS / "heads.json")
    figcache.DRAWN.clear()
    files, _, _ = heads.summary_figures(data)
    tags = {common.png_software((common.DOCS / rel).read_bytes()) for rel in files}
    if tags != {common.png_software(png) for png in files.values()}:
        pytest.skip(f"the committed figures were drawn by another renderer: {tags}")
    assert figcache.DRAWN == [], "run: python -m studylog.gen"
    files, _ = heads.figures(data)
    assert figcache.DRAWN == [], "run: python -m studylog.gen"
    assert all(figcache.stamped(png) for png in files.values())


def test_the_committed_graph_figures_are_not_drawn_again() -> None:
    from studylog.gen import graphs_figures
    from studylog.gen.common import RESULTS, load_json

    data = load_json(RESULTS / "graphs_bench.json")
    figcache.DRAWN.clear()
    files = graphs_figures.scaling_figures(data)
    tags = {common.png_software((common.DOCS / rel).read_bytes()) for rel in files}
    if tags != {common.png_software(png) for png in files.values()}:
        pytest.skip(f"the committed figures were drawn by another renderer: {tags}")
    assert figcache.DRAWN == [], "run: python -m studylog.gen"
    assert len(files) == 2 * (len(data["problems"]) + 1)  # each problem and the overview, x2


def test_only_is_the_same_as_naming_the_generator(docs, capsys) -> None:
    assert gen_main.main(["--check", "--only", "mha"]) == gen_main.EXIT_STALE
    by_option = capsys.readouterr().out
    assert gen_main.main(["--check", "mha"]) == gen_main.EXIT_STALE
    assert capsys.readouterr().out == by_option and "generated/mha_params.md" in by_option
    assert "generated/configs_table.md" not in by_option
    with pytest.raises(SystemExit) as exit_:
        gen_main.main(["--check", "--only", "nosuch"])
    assert exit_.value.code == 2
    assert "GENERATOR: no generator studylog/gen/nosuch.py" in capsys.readouterr().err


def test_help_documents_only(capsys) -> None:
    with pytest.raises(SystemExit):
        gen_main.main(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--only NAME the same as naming NAME as a GENERATOR" in text
