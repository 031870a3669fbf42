"""The pitfall galleries' one engine (:mod:`house.gallery`) and one page renderer
(:mod:`studylog.gen.gallery`), on a toy domain whose smallest counterexample is known: ``abs``
written as the identity first fails at -1."""

from __future__ import annotations

import importlib
import json
import sys
import textwrap
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import hypothesis
import pytest
from hypothesis import settings

from house import gallery
from studylog.gen import gallery as pages
from studylog.gen.common import RESULTS

TOY = "toy_gallery"
TOY_SOURCE = '''
"""A toy gallery: abs written as the identity."""

from hypothesis import strategies as st

from house.gallery import Pitfall

RESULT_NAME = "toy_pitfalls.json"
MAX_EXAMPLES = 300


def absolute(x: int) -> int:
    return x  # the mistake: negative numbers are left as they are


def called(func, x):
    return {"returns": func(x)}


ABS_AS_IDENTITY = Pitfall(
    mistake="abs as the identity",
    what_goes_wrong="negative numbers stay negative",
    wrong=absolute,
    correct=abs,
    correct_function="abs",
    strategy=lambda: st.integers(-1000, 1000),
    outcome=called,
    describe=lambda x: {"x": x},
    classic=-7,
)
'''


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """The toy declaration module, importable by its name for this test only."""
    folder = tmp_path / "modules"
    folder.mkdir()
    (folder / f"{TOY}.py").write_text(textwrap.dedent(TOY_SOURCE), encoding="utf-8")
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.delitem(sys.modules, TOY, raising=False)
    module = importlib.import_module(TOY)
    yield module
    sys.modules.pop(TOY, None)


def smallest_failing(candidates: range) -> int:
    """The oracle: of the candidates where the identity is not Python's ``abs``, the one of
    least magnitude (a negative one on a tie, as hypothesis orders integers), by trying all."""
    failing = [x for x in candidates if abs(x) != x]
    return min(failing, key=lambda x: (abs(x), x > 0))


def config() -> settings:
    return gallery.search_settings(300)


# ----------------------------------------------------------------------------- the search


def test_the_search_finds_the_smallest_failing_input(toy: ModuleType) -> None:
    found = gallery.search(toy.ABS_AS_IDENTITY, config())
    assert found == smallest_failing(range(-1000, 1001)) == -1
    assert toy.ABS_AS_IDENTITY.record(found) == {
        "input": {"x": -1},
        "correct": {"returns": abs(-1)},
        "wrong": {"returns": -1},
    }


def test_a_declared_condition_replaces_the_comparison_of_outcomes(toy: ModuleType) -> None:
    below = replace(toy.ABS_AS_IDENTITY, goes_wrong=lambda x: x < -41)
    assert gallery.search(below, config()) == -42
    assert below.fails(-42) and not below.fails(-41)


def test_the_search_ignores_the_loaded_profile() -> None:
    # tests/conftest.py loads a profile of its own (25 examples, a suppressed health check)
    default = settings.get_profile("default")
    made = gallery.search_settings(7)
    assert (made.max_examples, made.derandomize, made.database, made.deadline) == (7, True, None,
                                                                                  None)  # fmt: skip
    assert made.suppress_health_check == default.suppress_health_check
    assert made.phases == default.phases
    with pytest.raises(ValueError, match="max_examples"):
        gallery.search_settings(0)
    with pytest.raises(TypeError, match="max_examples"):
        gallery.search_settings(True)


# ----------------------------------------------------------------------------- the file


def test_the_report_records_names_versions_and_both_cases(toy: ModuleType) -> None:
    report = gallery.build_report(TOY)
    assert report["format_version"] == gallery.FORMAT_VERSION == 1
    assert report["generated_by"] == f"python -m {TOY}"
    assert report["search"] == {
        "tool": "hypothesis.find",
        "hypothesis": hypothesis.__version__,
        "derandomize": True,
        "max_examples": 300,
    }
    (entry,) = report["pitfalls"]
    assert entry == {
        "name": "absolute",
        "wrong_function": f"{TOY}.absolute",
        "correct_function": "abs",
        "mistake": "abs as the identity",
        "what_goes_wrong": "negative numbers stay negative",
        "minimal": {"input": {"x": -1}, "correct": {"returns": 1}, "wrong": {"returns": -1}},
        "classic": {"input": {"x": -7}, "correct": {"returns": 7}, "wrong": {"returns": -7}},
    }


def test_the_file_text_is_the_same_every_time(toy: ModuleType) -> None:
    text = gallery.render(gallery.build_report(toy))
    assert text == gallery.render(gallery.build_report(toy))  # derandomised
    assert gallery.render(json.loads(text)) == text and text.endswith("}\n")


def _write(toy: ModuleType, out: Path, capsys: pytest.CaptureFixture) -> Path:
    assert gallery.main(TOY, ["--out", str(out), "--quiet"]) == 0
    printed = capsys.readouterr().out
    assert 'absolute: input {"x": -1} -> correct {"returns": 1}, wrong {"returns": -1}' in printed
    return out / toy.RESULT_NAME


def test_check_passes_on_a_fresh_file_and_fails_on_a_stale_one(toy, tmp_path, capsys) -> None:
    path = _write(toy, tmp_path / "new", capsys)  # a new folder inside an existing one
    assert gallery.check(toy, path) == (0, f"{path}: up to date")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["pitfalls"][0]["minimal"]["input"] = {"x": -2}  # not what the search finds
    path.write_text(gallery.render(data), encoding="utf-8")
    status, message = gallery.check(toy, path)
    assert status == 1 and "OUT OF DATE" in message
    assert gallery.main(TOY, ["--check", "--out", str(path.parent)]) == 1
    assert "OUT OF DATE" in capsys.readouterr().out


def test_check_names_what_it_cannot_compare(toy, tmp_path, capsys) -> None:
    path = _write(toy, tmp_path, capsys)
    data = json.loads(path.read_text(encoding="utf-8"))
    older = {**data, "search": {**data["search"], "hypothesis": "0.0.1"}}
    path.write_text(gallery.render(older), encoding="utf-8")
    status, message = gallery.check(toy, path)
    assert status == 0 and "hypothesis 0.0.1" in message and "not compared" in message
    path.write_text(gallery.render({**data, "pitfalls": []}), encoding="utf-8")
    assert gallery.check(toy, path)[0] == 1  # other pitfalls than the declared ones
    path.write_text("{", encoding="utf-8")
    status, message = gallery.check(toy, path)
    assert status == 1 and "not a gallery file" in message
    missing = tmp_path / "none" / toy.RESULT_NAME
    assert gallery.check(toy, missing) == (1, f"{missing}: missing; run python -m {TOY} --out"
                                              f" {missing.parent}")  # fmt: skip
    assert not missing.parent.exists()  # --check writes nothing


def test_an_out_that_is_a_file_is_refused_before_any_search(toy, tmp_path, capsys) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("keep", encoding="utf-8")
    assert gallery.main(TOY, ["--out", str(blocker)]) == 2
    assert capsys.readouterr().err.startswith("error: --out: ")
    assert blocker.read_text(encoding="utf-8") == "keep"


# ----------------------------------------------------------------------------- the domain


def test_the_pitfalls_are_found_not_listed(toy: ModuleType, monkeypatch) -> None:
    assert gallery.declared(toy) == [toy.ABS_AS_IDENTITY]

    def negate(x: int) -> int:
        return -x

    monkeypatch.setattr(toy, "NEGATE", replace(toy.ABS_AS_IDENTITY, wrong=negate), raising=False)
    assert [p.name for p in gallery.declared(TOY)] == ["absolute", "negate"]
    monkeypatch.setattr(toy, "AGAIN", replace(toy.ABS_AS_IDENTITY), raising=False)
    with pytest.raises(ValueError, match="declared twice: absolute"):
        gallery.declared(toy)


def test_a_domain_is_checked(toy: ModuleType, monkeypatch) -> None:
    with pytest.raises(ValueError, match="domain: no module named 'no_such_gallery'"):
        gallery.domain_module("no_such_gallery")
    with pytest.raises(TypeError, match="domain"):
        gallery.domain_module(3)
    monkeypatch.setattr(toy, "MAX_EXAMPLES", 0)
    with pytest.raises(ValueError, match=f"{TOY}.MAX_EXAMPLES"):
        gallery.main(toy, ["--check"])
    monkeypatch.delattr(toy, "RESULT_NAME")
    with pytest.raises(ValueError, match=f"{TOY}.RESULT_NAME"):
        gallery.declared(toy)


def test_a_pitfall_is_checked(toy: ModuleType) -> None:
    with pytest.raises(TypeError, match="mistake"):
        replace(toy.ABS_AS_IDENTITY, mistake="")
    with pytest.raises(TypeError, match="outcome"):
        replace(toy.ABS_AS_IDENTITY, outcome=None)
    with pytest.raises(TypeError, match="pitfall"):
        gallery.search("absolute", config())


def test_both_domains_are_declaration_modules_of_one_file_shape() -> None:
    for domain, result in (("mha.tools.counterexamples", "mha_pitfalls.json"),
                           ("graphs.tools.counterexamples", "graphs_pitfalls.json")):  # fmt: skip
        assert gallery.result_name(domain) == result
        assert gallery.prog(domain) == f"python -m {domain}"
        assert gallery.declared(domain), domain
        committed = json.loads((RESULTS / result).read_text(encoding="utf-8"))
        assert committed["generated_by"] == gallery.prog(domain)
        assert set(committed["search"]) == {"tool", "derandomize", "max_examples",
                                            *gallery.versions(domain)}  # fmt: skip


# ----------------------------------------------------------------------------- the pages


def test_the_fragment_shows_both_cases_a_row_each(toy, tmp_path, capsys) -> None:
    _write(toy, tmp_path, capsys)
    (text,) = pages.pitfall_fragments(TOY, tmp_path).values()
    assert text.startswith("<!-- generated by `python -m studylog.gen` from "
                           "docs/results/toy_pitfalls.json")  # fmt: skip
    assert f"올바른 함수 `abs`, 틀린 풀이 `{TOY}.absolute`." in text
    assert "| 가장 작은 반례 | `x` = `-1` | `1` | `-1` |" in text
    assert "| 익숙한 예 | `x` = `-7` | `7` | `-7` |" in text
    assert text.endswith(
        f"<small>반례는 `python -m {TOY}`가 hypothesis.find(hypothesis {hypothesis.__version__},"
        " 난수 고정, 최대 300개 예제)로 찾았다.</small>\n"
    )


def test_one_case_is_a_row_per_field_and_the_domain_adds_its_parts(toy, tmp_path) -> None:
    report = gallery.build_report(toy)
    del report["pitfalls"][0]["classic"]
    report["pitfalls"][0]["minimal"]["wrong"] = {"raises": "ValueError", "message": "negative"}
    (tmp_path / toy.RESULT_NAME).write_text(gallery.render(report), encoding="utf-8")
    fragments = pages.pitfall_fragments(TOY, tmp_path, lambda p: [f"더: {p['name']}\n"])
    text = fragments["absolute"]
    rows = [
        "| 가장 작은 반례 | `x` = `-1` |",
        "| 올바른 함수 | `1` |",
        "| 틀린 풀이 | `ValueError` 발생 |",
    ]
    assert "|  | 값 |\n| :-- | :-- |\n" + "\n".join(rows) + "\n" in text
    assert "`ValueError`의 메시지:\n\n```text\nnegative\n```\n\n더: absolute\n" in text


def test_a_pitfall_without_a_counterexample_yet_says_so(toy, tmp_path, monkeypatch) -> None:
    command = f"`python -m {TOY}`"
    (text,) = pages.pitfall_fragments(TOY, tmp_path / "empty").values()  # no file at all
    assert "아직 결과 파일이 없다" in text and command in text
    report = gallery.build_report(toy)
    (tmp_path / toy.RESULT_NAME).write_text(gallery.render(report), encoding="utf-8")

    def negate(x: int) -> int:
        return -x

    monkeypatch.setattr(toy, "NEGATE", replace(toy.ABS_AS_IDENTITY, wrong=negate), raising=False)
    fragments = pages.pitfall_fragments(TOY, tmp_path)
    assert "아직 반례를 찾지 않았다" in fragments["negate"] and command in fragments["negate"]
    assert "아직" not in fragments["absolute"]


@pytest.mark.parametrize("results", sorted(RESULTS.glob("*_pitfalls.json")), ids=lambda p: p.name)
def test_a_counterexample_table_shows_each_input_once(results: Path) -> None:
    """Issue 34: 785's and 886's tables showed one input twice, as "가장 작은 반례" and as
    "익숙한 예". Every recorded pitfall's table names each distinct input once."""
    for p in json.loads(results.read_text(encoding="utf-8"))["pitfalls"]:
        table = pages._table(p)
        shown = [p[key].get("called_with", p[key]["input"]) for key, _ in pages.CASES if p.get(key)]
        for case in shown:
            assert table.count(pages.input_cell(case)) == 1, (p["wrong_function"], table)
