"""Generated pages match their results files, and their numbers match the library."""

from __future__ import annotations

import re

from studylog.gen import common
from studylog.gen.__main__ import generators


def test_generated_pages_match_their_results_files(generated_files, monkeypatch, capsys) -> None:
    """``python -m studylog.gen --check`` on the session's one rendering (tests/conftest.py)."""
    from studylog.gen import __main__ as gen_main

    monkeypatch.setattr(gen_main, "collect", lambda: generated_files)
    assert gen_main.main(["--check"]) == 0, (
        "generated pages are stale; run `python -m studylog.gen` and commit the result:\n"
        + capsys.readouterr().out
    )


def test_generators_are_found_by_discovery(tmp_path, monkeypatch) -> None:
    import studylog.gen

    assert {"configs", "mha", "graphs", "heads", "records"} <= set(generators())
    (tmp_path / "newtopic.py").write_text("def generate():\n    return {}\n", encoding="utf-8")
    (tmp_path / "helper.py").write_text("X = 1\n", encoding="utf-8")  # no generate(): not one
    monkeypatch.setattr(studylog.gen, "__path__", [*studylog.gen.__path__, str(tmp_path)])
    found = generators()
    assert "newtopic" in found and "helper" not in found and "common" not in found


def test_check_notices_a_changed_fragment(tmp_path, monkeypatch) -> None:
    from studylog.gen import mha as gen

    files = {"generated/mha_params.md": gen.params_table()}
    rel = "generated/mha_params.md"
    monkeypatch.setattr(common, "DOCS", tmp_path)
    common.write({rel: files[rel]})
    assert common.stale({rel: files[rel]}) == []
    path = tmp_path / rel
    path.write_text(path.read_text(encoding="utf-8").replace("16,640", "16,641", 1), "utf-8")
    assert common.stale({rel: files[rel]}) == [rel]


def test_params_table_is_the_formula_for_every_head_count() -> None:
    from studylog.gen import mha as gen

    text = gen.params_table()
    rows = [line for line in text.splitlines() if re.match(r"\| \d+ \|", line)]
    assert [int(r.split("|")[1]) for r in rows] == list(gen.HEADS)
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        h, d_head = int(cells[0]), int(cells[1])
        assert h * d_head == gen.D_MODEL
        assert cells[2:] == [f"{4 * 64 * 64:,}", f"{4 * 64 * 65:,}", f"{4 * 64 * 65:,}"]


def test_configs_table_comes_from_mha_config() -> None:
    from mha import config
    from studylog.gen import configs as gen

    text = gen.configs_table()
    for name in config.BUILTIN:
        spec = config.describe(config.load_builtin(name), dtype_bytes=2)
        row = next(
            r for r in text.splitlines() if r.startswith(f"| {config.BUILTIN_TITLES[name]} |")
        )
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert cells[1] == config.kind_text(spec)
        assert cells[3:6] == [str(spec.n_heads), str(spec.n_kv_heads), str(spec.d_head)]
        assert cells[7] == f"{spec.attention_params_per_layer:,}"
        if spec.kv_cache_bytes_per_token is None:
            assert cells[8:11] == ["해당 없음", "해당 없음", "해당 없음"]
        else:
            assert cells[8].startswith(config.human_bytes(spec.kv_cache_bytes_per_token))
            assert cells[9] == config.human_bytes(spec.kv_cache_bytes(8192))
            assert cells[10] == config.human_bytes(spec.kv_cache_bytes(32768))


def test_figures_from_another_matplotlib_version_are_not_called_stale(tmp_path, monkeypatch):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    ax.plot([0, 1], [0, 1])
    new = common.png_bytes(fig)
    plt.close(fig)
    assert common.png_software(new) == common.figure_tag()
    monkeypatch.setattr(common, "DOCS", tmp_path)
    path = tmp_path / "results" / "f.png"
    path.parent.mkdir()
    tag = common.figure_tag().encode()
    other_tag = b"matplotlib " + b"9" * (len(tag) - len(b"matplotlib "))  # same length
    path.write_bytes(new.replace(tag, other_tag) + b"\0")  # another version's bytes
    assert common.stale({"results/f.png": new}) == []  # cannot compare across versions
    assert common.stale({"results/f.png": new}, exact=True) == ["results/f.png"]
    path.write_bytes(new[:-1] + b"\1")  # same version, different bytes: stale
    assert common.stale({"results/f.png": new}) == ["results/f.png"]
