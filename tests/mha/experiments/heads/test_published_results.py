"""What a published results file holds is fixed by the runs (issue 8): publishing the same runs
again, fresh or resumed, gives the same bytes; machine and timing facts of one execution go to
``execution.json`` next to the runs, never into the published file."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from mha.experiments.heads import cli as experiment
from mha.experiments.heads.training import RunSpec
from studylog.gen.common import RESULTS
from tests.helpers import TINY

#: Keys that describe one execution (its machine or its timing), not the runs.
EXECUTION_KEYS = {"wall_time_s", "platform", "processor", "machine", "cpu_count", "hostname",
                  "load_average", "date", "time"}  # fmt: skip


def keys(obj) -> set[str]:
    """Every dict key anywhere in a JSON-like structure."""
    if isinstance(obj, dict):
        return set(obj) | {k for v in obj.values() for k in keys(v)}
    if isinstance(obj, list):
        return {k for v in obj for k in keys(v)}
    return set()


def test_publishing_the_same_runs_twice_gives_identical_bytes(tmp_path: Path):
    out, pub = tmp_path / "out", tmp_path / "site" / "heads.json"
    pub.parent.mkdir()
    assert experiment.main([*TINY, "--out", str(out), "--publish", str(pub)]) == 0
    first = pub.read_bytes()
    assert experiment.main([*TINY, "--out", str(out), "--publish", str(pub)]) == 0  # resumed
    assert pub.read_bytes() == first
    # A fresh execution elsewhere publishes the same bytes as well.
    pub2 = tmp_path / "site" / "again.json"
    assert experiment.main([*TINY, "--out", str(tmp_path / "fresh"), "--publish", str(pub2)]) == 0
    assert pub2.read_bytes() == first


def test_execution_facts_go_next_to_the_runs(tmp_path: Path):
    assert experiment.main([*TINY, "--out", str(tmp_path)]) == 0
    results = json.loads((tmp_path / "results.json").read_text())
    assert not keys(results) & EXECUTION_KEYS
    execution = json.loads((tmp_path / "execution.json").read_text())
    assert execution["wall_time_s"] > 0 and execution["machine"]["platform"]
    assert len(execution["run_wall_time_s"]) == 6


def test_the_committed_results_file_carries_no_execution_facts():
    results = json.loads((RESULTS / "heads.json").read_text())
    assert not keys(results) & EXECUTION_KEYS


def _published_runs() -> dict[tuple, dict[str, dict]]:
    """``spec -> {results file name: that file's record of the run}`` over every published
    results file of this experiment (a ``heads*.json`` with a list of runs: found, not named)."""
    fields = [f.name for f in dataclasses.fields(RunSpec)]
    held: dict[tuple, dict[str, dict]] = {}
    for path in sorted(RESULTS.glob("heads*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        runs = data.get("runs") if isinstance(data, dict) else None
        if not isinstance(runs, list):  # another kind of file (the viewer's heatmaps)
            continue
        for run in runs:
            held.setdefault(tuple(run[k] for k in fields), {})[path.name] = run
    return held


def test_a_run_that_two_published_files_hold_has_the_same_numbers_in_both():
    # A run is fixed by its spec (the same bits with any --jobs), so two records of one spec
    # that differ mean one file is stale: its numbers came from older code, and a page that
    # shows both (the trade-off search's cost table beside the study's answer) contradicts
    # itself. Measure both grids again with the code of today.
    shared = {spec: records for spec, records in _published_runs().items() if len(records) > 1}
    if not shared:
        pytest.skip("no run is held by two published results files")
    stale = []
    for spec, records in shared.items():
        (first, a), *others = sorted(records.items())
        for name, b in others:
            differ = sorted(
                k for k in a.keys() | b.keys() if k != "analysis" and a.get(k) != b.get(k)
            )
            if differ:
                stale.append(f"{spec[:4]}: {first} and {name} differ in {', '.join(differ)}")
    assert not stale, "\n".join(stale[:10])
