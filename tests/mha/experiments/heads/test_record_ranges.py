"""A hand-edited head-count run file with an impossible number is damaged, not a finished run:
the store's generic checks and the experiment's ranges (accuracy in [0, 1], loss >= 0)."""

from __future__ import annotations

import copy
import dataclasses
import json

import pytest

from mha.experiments.heads.runs import check_record
from mha.experiments.heads.training import RunSpec
from tests.helpers import ROOT

PUBLISHED = json.loads((ROOT / "docs/results/heads.json").read_text(encoding="utf-8"))


def _published_run() -> tuple[dict, RunSpec]:
    record = copy.deepcopy(PUBLISHED["runs"][0])
    record.setdefault("wall_time_s", 1.0)
    names = {f.name for f in dataclasses.fields(RunSpec)}
    return record, RunSpec(**{k: v for k, v in record.items() if k in names})


def test_every_published_run_with_its_maps_is_a_finished_run():
    # heads.json keeps no attention maps of runs with more than 16 heads; a run file does.
    names = {f.name for f in dataclasses.fields(RunSpec)}
    kept = [run for run in PUBLISHED["runs"] if "heatmap" in (run["analysis"] or {})]
    assert len(kept) >= 10
    for run in kept:
        record = {**run, "wall_time_s": run.get("wall_time_s", 1.0)}
        spec = RunSpec(**{k: v for k, v in record.items() if k in names})
        assert check_record(record, spec) is None, (spec, check_record(record, spec))


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (lambda r: r.update(val_accuracy=7.5), "val_accuracy"),
        (lambda r: r.update(final_train_loss=-0.1), "final_train_loss"),
        (lambda r: r["budget_accuracy"][0].__setitem__(1, 1.5), "budget_accuracy"),
        (lambda r: r["curve"].__setitem__(0, -3.0), "curve"),
        (lambda r: r["analysis"].update(base_accuracy=-0.5), "base_accuracy"),
    ],
)
def test_an_impossible_number_makes_the_run_damaged_and_names_the_field(edit, field):
    record, spec = _published_run()
    assert check_record(record, spec) is None
    edit(record)
    problem = check_record(record, spec)
    assert problem is not None and field in problem, problem
