"""Issue 18: a hand-edited run file with impossible values is damaged, not a finished run.

The store's own checks are generic (a regular file, a JSON object, finite numbers, the spec hash
with JSON types); ranges are the experiment's, added with :func:`with_ranges`. Each damaged file
is reported in one line naming it and the field, then run again.
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import asdict, dataclass
from pathlib import Path

import pytest

from mha.experiments import runner
from mha.experiments.store import load_finished, run_path, save_finished, with_ranges
from tests import helpers


@dataclass(frozen=True)
class Run:
    x: int
    scale: float = 1.0

    @property
    def name(self) -> str:
        return f"run-x{self.x}"


def run(spec: Run, step_callback=None) -> dict:
    return {**asdict(spec), "accuracy": 0.5, "loss": 0.25, "curve": [1.0, 0.5]}


def types(record: dict, spec: Run) -> str | None:
    for key in ("accuracy", "loss"):
        if not isinstance(record.get(key), int | float) or isinstance(record.get(key), bool):
            return f"field {key!r} is not a number"
    return None


RANGES = {"accuracy": (0.0, 1.0), "loss": (0.0, math.inf), "curve.*": (0.0, math.inf)}
CHECK = with_ranges(types, RANGES)
SPEC = Run(1)


def stored(tmp_path: Path, text: str, spec: Run = SPEC) -> Path:
    save_finished(tmp_path, spec, run(spec))
    path = run_path(tmp_path, spec)
    path.write_text(text)
    return path


def edited(**changes) -> str:
    return json.dumps({**run(SPEC), **changes})


@pytest.mark.parametrize(
    ("text", "field"),
    [
        (edited(accuracy=7.5), "accuracy"),
        (edited(loss=-0.1), "loss"),
        (edited(curve=[1.0, -2.0]), "curve[1]"),
        (edited(accuracy="0.5"), "accuracy"),
        (edited(accuracy=True), "accuracy"),
        (edited(x=True), "x"),  # true == 1 in Python, not in the spec's hash
        (edited(scale=1), "scale"),  # 1 == 1.0 in Python, not in the spec's hash
        (edited(x=2), "x"),  # another spec's record under this spec's name
        (edited().replace('"accuracy": 0.5', '"accuracy": NaN'), "accuracy"),
        (edited().replace('"loss": 0.25', '"loss": -Infinity'), "loss"),
        (edited().replace("0.5]", "1e999]"), "curve[1]"),  # parses as inf
    ],
    ids=[
        "acc>1",
        "loss<0",
        "curve<0",
        "acc-str",
        "acc-bool",
        "x-bool",
        "scale-int",
        "x-other",
        "nan",
        "-inf",
        "1e999",
    ],
)
def test_an_impossible_field_makes_the_file_damaged(tmp_path, text, field):
    path = stored(tmp_path, text)
    lines: list[str] = []
    assert load_finished(tmp_path, SPEC, CHECK, report=lines.append) is None
    (line,) = lines
    assert line.startswith(f"{path}: damaged run file (") and f"field {field!r}" in line
    assert line.endswith("running it again") and "\n" not in line


def test_the_spec_hash_is_the_files_key(tmp_path):
    stored(tmp_path, edited(scale=1))
    lines: list[str] = []
    assert load_finished(tmp_path, SPEC, CHECK, report=lines.append) is None
    assert "does not match the spec's" in lines[0]


def test_a_sound_file_is_reused_and_a_diverged_none_passes_the_ranges(tmp_path):
    stored(tmp_path, edited())
    assert load_finished(tmp_path, SPEC, CHECK) == run(SPEC)
    stored(tmp_path, edited(curve=[None, 0.5]))
    assert load_finished(tmp_path, SPEC, with_ranges(lambda r, s: None, RANGES)) is not None


def test_the_runner_reruns_each_damaged_file_with_one_line_each(tmp_path, capsys):
    specs = [Run(x) for x in range(4)]
    runner.execute(specs, tmp_path, run, CHECK, jobs=1, quiet=True)
    bad = {run_path(tmp_path, specs[1]): "accuracy", run_path(tmp_path, specs[3]): "loss"}
    bad_values = {"accuracy": 7.5, "loss": -1.0}
    for path, field in bad.items():
        record = json.loads(path.read_text())
        path.write_text(json.dumps({**record, field: bad_values[field]}))
    capsys.readouterr()
    records = runner.execute(specs, tmp_path, run, CHECK, jobs=1, quiet=True)
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 2
    for path, field in bad.items():
        (line,) = [line for line in lines if line.startswith(f"{path}:")]
        assert f"field {field!r}" in line
    assert all(r == run(s) for s, r in records.items())
    assert all(json.loads(run_path(tmp_path, s).read_text()) == run(s) for s in specs)


def test_deep_nesting_is_damage_not_a_crash(tmp_path):
    stored(tmp_path, '{"x": 1, "scale": 1.0, "deep": ' + "[" * 100_000 + "]" * 100_000 + "}")
    lines: list[str] = []
    assert load_finished(tmp_path, SPEC, CHECK, report=lines.append) is None
    assert "unreadable" in lines[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_in_place_of_a_run_file_is_refused_without_hanging(tmp_path):
    path = run_path(tmp_path, SPEC)
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    code = (
        "import sys; from pathlib import Path; sys.path.insert(0, sys.argv[2])\n"
        "from tests.mha.experiments.test_store import SPEC, CHECK\n"
        "from mha.experiments.store import load_finished\n"
        "print(load_finished(Path(sys.argv[1]), SPEC, CHECK, report=print))\n"
    )
    proc = helpers.run(["-c", code, tmp_path, helpers.ROOT], timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        f"{path}: damaged run file (not a regular file); running it again",
        "None",
    ]


@pytest.mark.parametrize(
    ("ranges", "error"),
    [({"acc": (1, 0)}, ValueError), ({"acc": 1}, ValueError), ({3: (0, 1)}, TypeError)],
)
def test_bad_ranges_are_refused_naming_the_argument(ranges, error):
    with pytest.raises(error, match="ranges"):
        with_ranges(types, ranges)
