"""The main job reproduces and compares; it never overwrites the published record.

In a fresh clone of this checkout (sharing its ``.venv``), ``.ci/reproduce`` (the main job
after set-up: the experiment with ``--compare``, ``studylog.gen``, the strict site build) ends with
``git status`` empty. Then, with one verdict of the published record flipped, the same job
exits non-zero, names the pair and prints the one command that would publish this machine's
runs, and the published file is left as it was.
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from tests.helpers import ROOT

# Minutes each: scheduled first, with room beyond the suite's hang guard.
pytestmark = [pytest.mark.slow, pytest.mark.long, pytest.mark.timeout(1800)]


def _git(*args: str, cwd) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                          text=True).stdout  # fmt: skip


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs git and a git checkout")
    where = tmp_path_factory.mktemp("main-job") / "clone"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(where)], check=True)
    (where / ".venv").symlink_to(ROOT / ".venv")
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


def test_a_flipped_verdict_fails_the_main_job_with_the_publish_command(clone):
    published = clone / "docs/results/heads.json"
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
