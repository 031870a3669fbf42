"""The architecture's rules, checked on the source: who may import whom.

- The attention library in ``mha/`` (its top-level modules) imports only torch, the standard
  library and itself: no experiment, plot, file-handling or test tool (``mha/tools/``).
- Experiments live in ``mha/experiments/`` (one folder each, on the shared runner) and may use
  the library and the tools, never the other way round.
- One exception, named here: ``mha/experiment.py`` is the head-count experiment's first address
  (``python -m mha.experiment`` keeps working) and only forwards to its command.
- ``graphs`` and ``mha`` never import each other.

Imports are read from the syntax tree, so an import hidden inside a function counts too.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STDLIB = set(sys.stdlib_module_names)


def imports_of(path: Path) -> set[str]:
    """Absolute module names imported by a file (relative imports resolved)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # from . import x / from .x import y
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                if node.module:
                    found.add(f"{base}.{node.module}")
                else:
                    found |= {f"{base}.{alias.name}" for alias in node.names}
            else:
                found.add(node.module or "")
    return found


def top(name: str) -> str:
    return name.split(".")[0]


#: The one top-level module that may import an experiment: the old command's address, a
#: forwarder to ``mha.experiments.heads.cli`` (and nothing else).
ALIASES = {ROOT / "mha" / "experiment.py": {"mha.experiments.heads.cli"}}
LIBRARY = sorted(p for p in (ROOT / "mha").glob("*.py") if p not in ALIASES)
GRAPHS = sorted((ROOT / "graphs").rglob("*.py"))
MHA_ALL = sorted((ROOT / "mha").rglob("*.py"))


@pytest.mark.parametrize("path", LIBRARY, ids=lambda p: p.name)
def test_attention_library_imports_only_torch_the_standard_library_and_itself(path):
    for name in imports_of(path):
        if top(name) in STDLIB or top(name) == "torch" or name == "__future__":
            continue
        assert top(name) == "mha", f"{path.name} imports {name}"
        assert not name.startswith("mha.experiments"), f"{path.name} imports experiment {name}"
        assert (ROOT / (name.replace(".", "/") + ".py")).parent == ROOT / "mha" or name == "mha", (
            f"{path.name} imports {name}, which is not part of the attention library"
        )


@pytest.mark.parametrize("path", sorted(ALIASES), ids=lambda p: p.name)
def test_the_alias_only_forwards_to_its_experiment(path):
    names = {n for n in imports_of(path) if top(n) not in STDLIB and n != "__future__"}
    assert names == ALIASES[path], f"{path.name} imports {sorted(names)}"
    assert len(path.read_text(encoding="utf-8").splitlines()) < 20, "an alias holds no code"


def test_experiments_live_in_their_own_folders_on_the_shared_runner():
    folders = [p for p in (ROOT / "mha" / "experiments").iterdir()
               if p.is_dir() and (p / "__init__.py").exists()]  # fmt: skip
    assert folders, "no experiment found"
    for folder in folders:
        names = {n for f in folder.rglob("*.py") for n in imports_of(f)}
        assert "mha.experiments.runner" in names, f"{folder.name} does not use the shared runner"


@pytest.mark.parametrize("path", GRAPHS, ids=lambda p: p.name)
def test_graphs_never_imports_mha(path):
    assert not {n for n in imports_of(path) if top(n) == "mha"}, path.name


@pytest.mark.parametrize("path", MHA_ALL, ids=lambda p: str(p.relative_to(ROOT)))
def test_mha_never_imports_graphs(path):
    assert not {n for n in imports_of(path) if top(n) == "graphs"}, path.name


def test_the_rules_catch_a_violation(tmp_path):
    bad = ROOT / "mha" / "_layering_probe.py"
    try:
        bad.write_text("def f():\n    import matplotlib.pyplot\n    from . import experiments\n")
        names = imports_of(bad)
        assert "matplotlib.pyplot" in names and "mha.experiments" in names
    finally:
        bad.unlink()
