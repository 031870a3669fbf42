"""What a published results file holds is fixed by the runs (issue 8): publishing the same runs
again, fresh or resumed, gives the same bytes; machine and timing facts of one execution go to
``execution.json`` next to the runs, never into the published file."""

from __future__ import annotations

import json
from pathlib import Path

from mha.experiments.heads import cli as experiment
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
