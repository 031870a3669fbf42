"""``python -m studylog.gen`` on a results file it cannot use: one line naming the file and the
problem, exit status 2 (an error), never the 1 of ``--check`` finding stale files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from studylog.gen import __main__ as gen_main
from studylog.gen import common
from studylog.gen import heads as gen_heads
from studylog.gen import mha as gen_mha


@pytest.fixture
def results(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A results folder the heads and mha generators read instead of ``docs/results``."""
    folder = tmp_path / "results"
    folder.mkdir()
    for topic in ("heads", "mha"):  # every results file of the two topics, found
        for path in common.RESULTS.glob(f"{topic}*.json"):
            shutil.copy2(path, folder / path.name)
    monkeypatch.setattr(gen_heads, "RESULTS", folder)
    monkeypatch.setattr(gen_mha, "RESULTS", folder)
    return folder


def one_error_line(capsys: pytest.CaptureFixture, *args: str) -> str:
    assert gen_main.main(list(args)) == gen_main.EXIT_ERROR == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith("error: ")
    return err


@pytest.mark.parametrize("check", [["--check"], []], ids=["check", "write"])
def test_a_missing_results_file_is_one_line_and_exit_2(results, capsys, check) -> None:
    (results / "heads.json").unlink()
    err = one_error_line(capsys, *check, "heads")
    assert f"{results / 'heads.json'}: missing: run the command that makes it" in err


def test_a_truncated_results_file_is_one_line_and_exit_2(results, capsys) -> None:
    path = results / "heads.json"
    path.write_bytes(path.read_bytes()[:1000])
    err = one_error_line(capsys, "--check", "heads")
    assert f"{path}: not valid JSON, truncated or damaged (line " in err


def test_a_results_file_of_a_newer_format_is_one_line_and_exit_2(results, capsys) -> None:
    path = results / "mha_pitfalls.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**data, "format_version": 2}), encoding="utf-8")
    err = one_error_line(capsys, "--check", "mha")
    assert f"{path}: format_version 2 is newer than studylog.gen reads (1)" in err


def test_a_results_file_of_another_shape_is_named_with_the_generator(results, capsys) -> None:
    path = results / "mha_bench.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["measurements"] = data.pop("rows")  # a renamed field, as a newer bench might write
    path.write_text(json.dumps(data), encoding="utf-8")
    err = one_error_line(capsys, "--check", "mha")
    assert f"{path}: not what studylog/gen/mha.py reads (KeyError: 'rows')" in err


def test_a_results_file_that_is_not_an_object_is_one_line_and_exit_2(results, capsys) -> None:
    (results / "mha_bench.json").write_text("[1, 2]\n", encoding="utf-8")
    err = one_error_line(capsys, "mha")
    assert "mha_bench.json: expected a JSON object, got a list" in err


def test_stale_files_exit_1_and_an_error_exits_2(results, capsys, monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(common, "DOCS", tmp_path / "empty")  # nothing generated yet: all stale
    assert gen_main.main(["--check", "mha"]) == gen_main.EXIT_STALE == 1
    out = capsys.readouterr().out
    assert "stale: docs/generated/mha_params.md" in out
    (results / "mha_bench.json").write_text("{", encoding="utf-8")
    assert gen_main.main(["--check", "mha"]) == 2


def test_a_failing_generator_is_one_line_naming_it(monkeypatch, capsys) -> None:
    def broken() -> dict:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(gen_mha, "generate", broken)
    err = one_error_line(capsys, "--check", "mha")
    assert err == "error: studylog/gen/mha.py failed: ZeroDivisionError: division by zero\n"


def test_help_documents_the_exit_codes(capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        gen_main.main(["--help"])
    assert exit_.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "exit status: 0 up to date (or written); 1 stale files, or temporary files" in text
    assert "130, 143 or 129 after Ctrl-C, SIGTERM or SIGHUP" in text and "; 2 error: " in text


def test_an_unknown_generator_is_a_usage_error(capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        gen_main.main(["--check", "nosuch"])
    assert exit_.value.code == 2
    assert "GENERATOR: no generator studylog/gen/nosuch.py" in capsys.readouterr().err
