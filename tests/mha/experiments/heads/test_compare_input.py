"""``--compare`` is read once, before any training, from a regular file or a pipe, and checked
against the results file's schema; nothing hangs, nothing is compared with itself.

No test here trains: the grid is the study's (the published record's), and ``experiment`` is
replaced by a function that fails the test (``training started``) or hands back a record.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from mha.experiments.heads import cli, published
from mha.experiments.heads.published import depth, nonfinite_path, parse
from studylog.gen.common import RESULTS

FULL = (RESULTS / "heads.json").read_bytes()
RECORD = json.loads(FULL)
#: The published record without the runs' maps and the analysis (nothing --compare reads).
SLIM = {**RECORD, "runs": [], "analysis": []}


def text(record: object) -> str:
    return json.dumps(record, indent=1)


@pytest.fixture
def no_training(monkeypatch):
    monkeypatch.setattr(cli, "experiment", lambda args: pytest.fail("training started"))


def refused(tmp_path: Path, capsys, compare: object, *extra: str) -> str:
    """Run the command with ``--compare compare``; it must stop with exit 2 before training
    (the ``no_training`` fixture) and say one line naming ``--compare``: return that line."""
    code = cli.main(["--out", str(tmp_path / "out"), "--compare", str(compare), *extra])
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.startswith("error: --compare: ") and err.count("\n") == 1, err
    return err.strip()


def write(tmp_path: Path, content: str | bytes, name: str = "heads.json") -> Path:
    path = tmp_path / name
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    return path


@contextlib.contextmanager
def fed(data: bytes) -> Iterator[Path]:
    """A pipe (as ``<(...)`` gives one: ``/dev/fd/N``) that a thread fills with ``data``."""
    r, w = os.pipe()

    def writer() -> None:
        view = memoryview(data)
        with contextlib.suppress(BrokenPipeError):  # the reader stopped at its size cap
            while view:
                view = view[os.write(w, view) :]
        os.close(w)

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    try:
        yield Path(f"/dev/fd/{r}")
    finally:
        os.close(r)  # the writer, if still writing, gets a broken pipe
        thread.join(10)


# --------------------------------------------------------------------- read once, never hang


def test_a_pipe_is_read_once_before_training_and_compared_with_what_was_read(
    tmp_path, capsys, monkeypatch
):
    here = copy.deepcopy(SLIM)  # the runs: what compare() reads of them
    monkeypatch.setattr(cli, "experiment", lambda args: here)
    with fed(FULL) as path:
        assert cli.main(["--out", str(tmp_path / "out"), "--compare", str(path)]) == 0
    assert "재현됨: 판정" in capsys.readouterr().out
    # the same through a pipe when a verdict differs: no file to publish to, said so
    pair = here["verdict"][0]["pairs"][0]
    pair["differ"] = not pair["differ"]
    with fed(FULL) as path:
        assert cli.main(["--out", str(tmp_path / "out"), "--compare", str(path)]) == 1
    captured = capsys.readouterr()
    assert "재현되지 않음" in captured.out
    assert "--publish FILE in place of --compare" in captured.err


def test_a_file_changed_during_the_run_does_not_change_the_comparison(
    tmp_path, capsys, monkeypatch
):
    path = write(tmp_path, FULL)

    def experiment(args):
        path.write_text("not even JSON")  # read before training: this is never seen
        return copy.deepcopy(SLIM)

    monkeypatch.setattr(cli, "experiment", experiment)
    assert cli.main(["--out", str(tmp_path / "out"), "--compare", str(path)]) == 0
    assert "재현됨: 판정" in capsys.readouterr().out


def test_a_file_that_does_not_reproduce_names_the_command_that_would_publish_it(
    tmp_path, capsys, monkeypatch
):
    here = copy.deepcopy(SLIM)
    here["summary"][0]["converged"] = not here["summary"][0]["converged"]
    monkeypatch.setattr(cli, "experiment", lambda args: here)
    path = write(tmp_path, FULL)
    assert cli.main(["--out", str(tmp_path / "out"), "--compare", str(path)]) == 1
    captured = capsys.readouterr()
    assert "수렴 여부 true → false" in captured.out or "수렴 여부 false → true" in captured.out
    assert f"mha-experiment --out {tmp_path / 'out'} --publish {path}" in captured.err


@pytest.mark.timeout(60)
def test_a_fifo_with_no_writer_is_refused_at_once(tmp_path, capsys, no_training):
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    assert "nothing is writing to it" in refused(tmp_path, capsys, fifo)


@pytest.mark.timeout(60)
def test_a_pipe_whose_writer_sends_nothing_is_refused_after_the_wait(
    tmp_path, capsys, no_training, monkeypatch
):
    monkeypatch.setattr(published, "PIPE_WAIT_S", 0.2)
    r, w = os.pipe()
    try:
        line = refused(tmp_path, capsys, f"/dev/fd/{r}")
    finally:
        os.close(r)
        os.close(w)
    assert "no data came through the pipe within 0.2 s" in line


def loop(path: Path) -> Path:
    """A symbolic link to itself."""
    path.symlink_to(path.name)
    return path


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda tmp: tmp, "is a folder; give a results file or a pipe"),
        (lambda tmp: Path("/dev/null"), "is a device; give a results file or a pipe"),
        (lambda tmp: tmp / "missing.json", "cannot read it: No such file or directory"),
        (lambda tmp: write(tmp, b""), "is empty"),
        (lambda tmp: loop(tmp / "loop.json"), "cannot read it: Too many levels of symbolic links"),
    ],
)
def test_folders_devices_missing_and_empty_files_are_refused(
    tmp_path, capsys, no_training, make, said
):
    target = make(tmp_path)
    if str(target).startswith("/dev/") and not target.exists():
        pytest.skip(f"{target} does not exist here")
    assert refused(tmp_path, capsys, target).endswith(said)


def test_a_file_or_pipe_larger_than_the_cap_is_refused(tmp_path, capsys, no_training, monkeypatch):
    monkeypatch.setattr(published, "MAX_BYTES", 1000)
    assert "larger than" in refused(tmp_path, capsys, write(tmp_path, text(SLIM)))
    with fed(text(SLIM).encode()) as path:
        assert "larger than" in refused(tmp_path, capsys, path)


# --------------------------------------------------------------------- JSON as strict as written


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 20, "not UTF-8 text (byte 0)"),
        ('{"config": ', "not JSON: Expecting value (line 1, column 12)"),
        ("[" * 100_000 + "]" * 100_000, "JSON nested 100000 levels deep"),
        ('{"config": {"grid": ' + "1" * 5000 + "}}", "not JSON that can be read"),
        (text({**SLIM, "runs": [{"val_accuracy": float("nan")}]}), "runs[0].val_accuracy: "
         "expected a finite number, got NaN"),
    ],
)  # fmt: skip
def test_what_is_not_strict_json_is_refused_in_one_line(
    tmp_path, capsys, no_training, content, said
):
    assert said in refused(tmp_path, capsys, write(tmp_path, content))


def test_depth_counts_brackets_outside_strings_only():
    assert depth(b'{"a": "[[[[{{{{", "b": [{"c": "\\"]]"}]}') == 3
    assert depth(json.dumps(RECORD).encode()) == json_depth(RECORD)


def json_depth(value: object) -> int:
    """The oracle: nesting counted on the parsed value."""
    if isinstance(value, dict):
        return 1 + max((json_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((json_depth(v) for v in value), default=0)
    return 0


def test_nesting_just_past_the_limit_inside_a_field_is_refused(tmp_path, capsys, no_training):
    deep: object = 0
    for _ in range(published.MAX_DEPTH):
        deep = [deep]
    line = refused(tmp_path, capsys, write(tmp_path, text({**SLIM, "runs": deep})))
    assert f"JSON nested {published.MAX_DEPTH + 1} levels deep" in line


def test_every_nan_or_infinity_token_is_found_where_it_is():
    assert nonfinite_path({"a": [1, {"b c": float("-inf")}]}) == 'a[1]."b c"'
    with pytest.raises(ValueError, match=r"^the whole file: expected a finite number, got NaN"):
        parse(b"NaN")
    assert parse(FULL) == RECORD


# --------------------------------------------------------------------- the results file's schema


def cell(record: dict, i: int = 3) -> dict:
    return record["summary"][i]


#: A placeholder for the literal 1e999 (json.dumps writes inf as the token Infinity).
BIG = "<1e999>"

MALFORMED = [
    (lambda r: cell(r).update(val_accuracy_mean="x"),
     'summary[3].val_accuracy_mean: expected a number or null, got "x"'),
    (lambda r: cell(r).update(val_accuracy_mean=BIG),  # parsed as inf
     "summary[3].val_accuracy_mean: expected a finite number or null, got Infinity"),
    (lambda r: cell(r).update(val_accuracy_mean=1.5),
     "summary[3].val_accuracy_mean: expected a number in [0, 1] or null, got 1.5"),
    (lambda r: cell(r).update(val_accuracy_std=-0.1),
     "summary[3].val_accuracy_std: expected a number >= 0 or null, got -0.1"),
    (lambda r: cell(r).update(converged="yes"),
     'summary[3].converged: expected true, false or null, got "yes"'),
    (lambda r: cell(r).pop("n_heads"), 'summary[3]: no field "n_heads"'),
    (lambda r: cell(r).update(level=True), "summary[3].level: expected an integer, got true"),
    (lambda r: r["summary"].append(cell(r)),
     f"summary[{len(RECORD['summary'])}]: a second cell count L0 h8 (the first is summary[3])"),
    (lambda r: r["summary"].insert(0, 7), "summary[0]: expected an object, got 7"),
    (lambda r: r.update(summary={}), "summary: expected a list, got an object"),
    (lambda r: r["verdict"][1].update(status=None),
     "verdict[1].status: expected a string, got null"),
    (lambda r: r["verdict"][1].update(still_learning=[1, "2"]),
     "verdict[1].still_learning: expected a list of integers, got a list"),
    (lambda r: r["verdict"][1].update(fewer_heads_win=[{"a": 1}]),
     'verdict[1].fewer_heads_win[0]: no field "b"'),
    (lambda r: r["verdict"][0]["pairs"][2].update(differ="false"),
     'verdict[0].pairs[2].differ: expected true or false, got "false"'),
    (lambda r: r["verdict"][0].update(pairs=None),
     "verdict[0].pairs: expected a list of pairs, got null"),
    (lambda r: r["config"].update(seeds=[0, 1, 2]),
     "holds another grid than the one these arguments run: seeds [0, 1, 2] in the file, "
     "[0, 1, 2, 3, 4] here"),
    (lambda r: r.pop("runs"), 'not a results file of this experiment: no field "runs"'),
    (lambda r: r["config"].update(grid="search"),
     'holds the results of the grid "search", not of the study grid these arguments run'),
    (lambda r: r["summary"].pop(3), "summary: no cell count L0 h8 of the grid"),
    (lambda r: r["verdict"][0].update(steps=999),
     "verdict: no verdict for count L0, 1000 steps of the grid"),
    (lambda r: r["summary"].append({**cell(r), "n_heads": 3}),
     "summary: a cell count L0 h3, outside the grid"),
]  # fmt: skip


@pytest.mark.parametrize(("spoil", "said"), MALFORMED, ids=[m[1][:40] for m in MALFORMED])
def test_a_malformed_record_is_refused_before_training_naming_the_field(
    tmp_path, capsys, no_training, spoil, said
):
    record = copy.deepcopy(SLIM)
    spoil(record)
    path = write(tmp_path, text(record).replace(json.dumps(BIG), "1e999"))
    assert refused(tmp_path, capsys, path) == f"error: --compare: {path}: {said}"


# --------------------------------------------------------------------- never compared with itself


@pytest.mark.parametrize("how", ["same path", "other spelling", "symlink", "hard link", "absent"])
def test_the_results_file_out_will_write_is_refused(tmp_path, capsys, no_training, how):
    out = tmp_path / "out"
    out.mkdir()
    written = out / "results.json"
    if how != "absent":
        written.write_text(text(SLIM), encoding="utf-8")
    compare = {
        "same path": written,
        "other spelling": out / "runs" / ".." / "results.json",
        "symlink": tmp_path / "link.json",
        "hard link": tmp_path / "hard.json",
        "absent": written,
    }[how]
    if how == "symlink":
        compare.symlink_to(written)
    elif how == "hard link":
        os.link(written, compare)
    (out / "runs").mkdir(exist_ok=True)
    line = refused(tmp_path, capsys, compare)
    assert line.endswith(f"{compare} is {written}, the results file this run writes; compare "
                         "with the published record, outside --out")  # fmt: skip


def test_ctrl_c_while_reading_is_exit_130_and_one_line(tmp_path, capsys, no_training, monkeypatch):
    def interrupted(path):
        raise KeyboardInterrupt

    monkeypatch.setattr(published, "read_bytes", interrupted)
    path = write(tmp_path, text(SLIM))
    assert cli.main(["--out", str(tmp_path / "out"), "--compare", str(path)]) == 130
    assert capsys.readouterr().err.strip() == "interrupted: nothing was run"
