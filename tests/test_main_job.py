"""The main job reproduces and compares; it never overwrites the published record.

In a fresh clone of this checkout (sharing its ``.venv``), ``.ci/reproduce`` (the main job
after set-up: the experiment with ``--compare``, ``studylog.gen``, the strict site build) ends with
``git status`` empty. Then, with one verdict of the published record flipped, the same job
exits non-zero, names the pair and prints the one command that would publish this machine's
runs, and the published file is left as it was.

The clone starts as a job resumed after an interruption: the published runs of every seed but
:data:`TRAINED` lie in its runs folder as finished runs, and the job trains the runs of seed
:data:`TRAINED` itself on this machine, every task, level and head count (a fifth of the grid's
runs: the whole grid would take 6 of the suite's CPU minutes). Each run is fixed by its spec
alone (``tests/mha/experiments/heads/test_cli.py`` shows ``--jobs 1`` and ``--jobs 2`` giving
the same bits), so each trained run must equal the published run of its spec, field by field,
and the verdicts, which need every seed, must all agree. The whole grid from nothing is
``bash .ci/reproduce`` (about 3 minutes on 2 CPUs).
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import subprocess

import pytest

from mha.experiments.heads.training import RunSpec
from mha.experiments.store import run_path
from tests.helpers import ROOT

# Scheduled first, with room beyond the suite's hang guard.
pytestmark = [pytest.mark.slow, pytest.mark.long, pytest.mark.timeout(1800)]

#: The seed whose runs the job trains here; the others are resumed from the published record.
TRAINED = 0
PUBLISHED = "docs/results/heads.json"


def _git(*args: str, cwd) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                          text=True).stdout  # fmt: skip


def _published_runs(where) -> list[dict]:
    return json.loads((where / PUBLISHED).read_text(encoding="utf-8"))["runs"]


def _resume_from_the_record(where) -> int:
    """Write the published runs of every seed but :data:`TRAINED` into ``where``'s runs folder
    as the experiment keeps a finished run; return how many. The record keeps the example
    heatmap of the small head counts only, so a run without one gets an empty one (publishing
    leaves it out again)."""
    fields = [f.name for f in dataclasses.fields(RunSpec)]
    resumed = 0
    for entry in _published_runs(where):
        if entry["seed"] == TRAINED:
            continue
        record = {**entry, "wall_time_s": 0.0}
        if record["analysis"] is not None and "heatmap" not in record["analysis"]:
            record["analysis"] = {**record["analysis"], "heatmap": {"tokens": [], "weights": []}}
        path = run_path(where / "runs" / "heads", RunSpec(**{k: entry[k] for k in fields}))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(record), encoding="utf-8")
        resumed += 1
    return resumed


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs git and a git checkout")
    where = tmp_path_factory.mktemp("main-job") / "clone"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(where)], check=True)
    (where / ".venv").symlink_to(ROOT / ".venv")
    assert _resume_from_the_record(where) > 0
    return where


def _reproduce(where) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", ".ci/reproduce"], cwd=where, capture_output=True, text=True,
                          timeout=1800)  # fmt: skip


def test_the_main_job_reports_the_reproduction_and_leaves_the_tree_clean(clone):
    done = _reproduce(clone)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "재현됨: 판정" in done.stdout
    assert _git("status", "--porcelain", cwd=clone) == ""
    execution = json.loads((clone / "runs/heads/execution.json").read_text(encoding="utf-8"))
    assert execution["machine"]["cpu_model"]
    assert execution["torch_cpu_capability"]
    # The runs trained here are the published ones, as the job's own results file holds them.
    ours = json.loads((clone / "runs/heads/results.json").read_text(encoding="utf-8"))["runs"]
    trained = [r for r in ours if r["seed"] == TRAINED]
    published = [r for r in _published_runs(clone) if r["seed"] == TRAINED]
    assert published and trained == published


def test_a_flipped_verdict_fails_the_main_job_with_the_publish_command(clone):
    published = clone / PUBLISHED
    data = json.loads(published.read_text(encoding="utf-8"))
    setting = data["verdict"][0]
    pair = setting["pairs"][0]
    pair["differ"] = not pair["differ"]
    published.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    before = published.read_bytes()
    done = _reproduce(clone)  # the finished runs are reused: only the comparison is new
    assert done.returncode != 0
    assert f"{setting['task']} L{setting['level']} h{pair['a']} 대 h{pair['b']}: differ" in (
        done.stdout
    )
    assert "--publish docs/results/heads.json" in done.stderr
    assert published.read_bytes() == before
