"""Project-level checks: lint, and the README's commands being the ones CI and users run."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return [b.strip() for b in re.findall(r"```bash\n(.*?)```", text, flags=re.S)]


def test_ci_runs_exactly_the_readme_test_command():
    ci_lines = [
        line.strip()
        for line in (ROOT / ".ci/run").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith(("#", "set ", "cd "))
    ]
    assert ci_lines == [readme_commands()[1]]


def test_readme_main_command_is_the_main_job_script():
    assert readme_commands()[0] == "bash .ci/main"
    assert (ROOT / ".ci/main").is_file()


def test_ruff_passes():
    for args in (["check", "."], ["format", "--check", "."]):
        done = subprocess.run(
            [sys.executable, "-m", "ruff", *args], cwd=ROOT, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stdout + done.stderr


def test_graphs_and_mha_never_import_each_other():
    pattern = {"mha": re.compile(r"^\s*(from|import)\s+graphs\b", re.M),
               "graphs": re.compile(r"^\s*(from|import)\s+mha\b", re.M)}  # fmt: skip
    for package, forbidden in pattern.items():
        for path in (ROOT / package).rglob("*.py"):
            assert not forbidden.search(path.read_text(encoding="utf-8")), path


def test_attention_core_knows_nothing_of_experiments_files_or_plots():
    core = ["heads", "attention", "masks", "module", "params", "_checks"]
    banned = re.compile(
        r"^\s*(from|import)\s+(mha\.(tasks|model|training|experiment|analysis|plots|store|"
        r"verdict)|matplotlib|json|pathlib|tqdm)\b",
        re.M,
    )
    for name in core:
        text = (ROOT / "mha" / f"{name}.py").read_text(encoding="utf-8")
        assert not banned.search(text), name
