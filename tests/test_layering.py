"""The architecture's rules, checked on the source: who may import whom.

Both domains have the same floors: the library at the top of the package, its tools in
``tools/``, and what is built on both (the experiments, the drill) in its own subpackage. The
house tools both domains share (atomic writer, timer, terminal check, ``--out`` checks) are
written once, in ``house/``.

- The attention library in ``mha/`` (its top-level modules) imports only torch, the standard
  library and itself: no experiment, plot, file-handling or test tool (``mha/tools/``).
- The config reader ``mha/config/`` is part of the library: it imports only torch, the standard
  library, the library's top-level modules and its own modules.
- Experiments live in ``mha/experiments/`` (one folder each, on the shared runner) and may use
  the library and the tools, never the other way round.
- The graph solutions in ``graphs/`` (its top-level modules) import only the standard library and
  themselves, and none of them is a command: graphs' tools (the benchmark, the pitfall gallery)
  live in ``graphs/tools/``, and nothing in ``graphs/`` outside ``graphs/tools/`` and
  ``graphs/drill/`` imports them.
- ``graphs`` and ``mha`` never import each other.
- The site's package ``studylog/`` (the page generator, the commands that start a day) is built
  on the product: no module of ``mha``, ``graphs`` or ``house`` imports it. ``docs/`` is the site
  itself (Markdown, fragments, results), holds no Python, and the wheel installs no ``docs``.
- The libraries (the top-level modules of ``mha/`` and ``graphs/``, and ``mha/config/``) never
  import ``house`` either; the domains' tools (``mha/tools``, ``mha/experiments``,
  ``graphs/tools``, ``graphs/drill``) may.
- ``house/`` imports neither ``mha`` nor ``graphs`` nor ``studylog``: the standard library,
  third-party packages and its own modules only.

No module is an exception: an old command address that only forwards is not kept (update the
callers instead). Imports are read from the syntax tree, so an import hidden inside a function
counts too. Each rule is a function of a file and the checkout it lies in, so that the last test
can apply the rules to probes in a temporary checkout.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from tests.helpers import PACKAGES  # what the wheel installs (pyproject.toml)

ROOT = Path(__file__).resolve().parents[1]
STDLIB = set(sys.stdlib_module_names)


def imports_of(path: Path, root: Path = ROOT) -> set[str]:
    """Absolute module names imported by a file (relative imports resolved)."""
    package = ".".join(path.relative_to(root).with_suffix("").parts[:-1])
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
                # from graphs import tools: a module named in the list is imported too
                folder = root.joinpath(*(node.module or "").split("."))
                found |= {
                    f"{node.module}.{alias.name}"
                    for alias in node.names
                    if (folder / alias.name).is_dir() or (folder / f"{alias.name}.py").is_file()
                }
    return found


def top(name: str) -> str:
    return name.split(".")[0]


def _is_top_level_module(name: str, package: str, root: Path) -> bool:
    """Whether ``name`` is ``package`` itself or one of its top-level modules (not a subpackage)."""
    return name == package or (
        top(name) == package
        and name.count(".") == 1
        and (root / package / (name.split(".")[1] + ".py")).is_file()
    )


def library_violations(path: Path, root: Path = ROOT) -> list[str]:
    """What a top-level ``mha`` module imports beyond torch, the standard library and itself."""
    bad = []
    for name in sorted(imports_of(path, root)):
        if top(name) in STDLIB or top(name) == "torch" or name == "__future__":
            continue
        if not _is_top_level_module(name, "mha", root):
            bad.append(f"{path.name} imports {name}, which is not part of the attention library")
    return bad


def solutions_violations(path: Path, root: Path = ROOT) -> list[str]:
    """What a top-level ``graphs`` module imports beyond the standard library and itself, and
    whether it is a command (a command is a tool: it belongs in ``graphs/tools/``)."""
    bad = [
        f"{path.name} imports {name}, which is not part of the graph solutions"
        for name in sorted(imports_of(path, root))
        if top(name) not in STDLIB
        and name != "__future__"
        and not _is_top_level_module(name, "graphs", root)
    ]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if any(isinstance(n, ast.Compare) and ast.unparse(n) == "__name__ == '__main__'"
           for n in ast.walk(tree)):  # fmt: skip
        bad.append(f"{path.name} is a command; commands live in graphs/tools/ or graphs/drill/")
    return bad


def tools_violations(path: Path, root: Path = ROOT) -> list[str]:
    """Imports of ``graphs.tools`` by a module of ``graphs`` outside its tools and its drill."""
    rel = path.relative_to(root / "graphs").parts
    if rel[0] in ("tools", "drill"):
        return []
    return [
        f"{'/'.join(rel)} imports the tool {name}"
        for name in sorted(imports_of(path, root))
        if name == "graphs.tools" or name.startswith("graphs.tools.")
    ]


def config_violations(path: Path, root: Path = ROOT) -> list[str]:
    """What a module of ``mha/config/`` imports beyond torch, the standard library, the
    library's top-level modules and ``mha.config`` itself."""
    return [
        f"config/{path.name} imports {name}, which is not part of the attention library"
        for name in sorted(imports_of(path, root))
        if top(name) not in STDLIB
        and top(name) != "torch"
        and name != "__future__"
        and not _is_top_level_module(name, "mha", root)
        and name != "mha.config"
        and not name.startswith("mha.config.")
    ]


#: Subpackages of the domains that may import :mod:`house` (the libraries may not).
DOMAIN_TOOLS = {("mha", "tools"), ("mha", "experiments"), ("graphs", "tools"), ("graphs", "drill")}

#: The site's package: built on the product, imported by none of it.
SITE = ("studylog", "docs")


def site_violations(path: Path, root: Path = ROOT) -> list[str]:
    """Imports of the site's package (``studylog``, or a ``docs`` package) by a module of
    ``mha``, ``graphs`` or ``house``, and imports of ``house`` by the libraries (only the
    domains' tools may use it)."""
    rel = path.relative_to(root).parts
    tools = len(rel) > 2 and tuple(rel[:2]) in DOMAIN_TOOLS
    where = "/".join(rel)
    bad = []
    for name in sorted(imports_of(path, root)):
        if top(name) in SITE:
            bad.append(f"{where} imports {name}: the product never imports the site's package")
        elif top(name) == "house" and not tools and rel[0] != "house":
            bad.append(f"{where} imports {name}: the library never imports the house tools")
    return bad


def house_tools_violations(path: Path, root: Path = ROOT) -> list[str]:
    """Imports of ``mha``, ``graphs`` or the site's package by a module of ``house/``."""
    return [
        f"house/{path.name} imports {name}: the house tools import no domain and no site"
        for name in sorted(imports_of(path, root))
        if top(name) in ("mha", "graphs", *SITE)
    ]


def crossing_violations(path: Path, root: Path = ROOT) -> list[str]:
    """Imports from the other domain (``graphs`` in ``mha``, ``mha`` in ``graphs``)."""
    other = {"mha": "graphs", "graphs": "mha"}[path.relative_to(root).parts[0]]
    return [f"{path.name} imports {n}" for n in sorted(imports_of(path, root)) if top(n) == other]


MHA_LIBRARY = sorted((ROOT / "mha").glob("*.py"))
GRAPHS_SOLUTIONS = sorted((ROOT / "graphs").glob("*.py"))
GRAPHS_ALL = sorted((ROOT / "graphs").rglob("*.py"))
MHA_ALL = sorted((ROOT / "mha").rglob("*.py"))
MHA_CONFIG = sorted((ROOT / "mha" / "config").rglob("*.py"))
HOUSE_TOOLS = sorted((ROOT / "house").glob("*.py"))


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


@pytest.mark.parametrize("path", MHA_LIBRARY, ids=lambda p: p.name)
def test_attention_library_imports_only_torch_the_standard_library_and_itself(path):
    assert library_violations(path) == []


@pytest.mark.parametrize("path", MHA_CONFIG, ids=lambda p: p.name)
def test_the_config_reader_imports_only_the_library(path):
    assert config_violations(path) == []


def test_experiments_live_in_their_own_folders_on_the_shared_runner():
    folders = [p for p in (ROOT / "mha" / "experiments").iterdir()
               if p.is_dir() and (p / "__init__.py").exists()]  # fmt: skip
    assert folders, "no experiment found"
    for folder in folders:
        names = {n for f in folder.rglob("*.py") for n in imports_of(f)}
        assert "mha.experiments.runner" in names, f"{folder.name} does not use the shared runner"


@pytest.mark.parametrize("path", GRAPHS_SOLUTIONS, ids=lambda p: p.name)
def test_graph_solutions_import_only_the_standard_library_and_themselves(path):
    assert solutions_violations(path) == []


def test_graphs_tools_live_in_graphs_tools():
    tools = ROOT / "graphs" / "tools"
    assert (tools / "__init__.py").is_file()
    assert (tools / "bench.py").is_file()
    assert (tools / "counterexamples" / "__main__.py").is_file()  # a package: one module a topic


def test_the_house_tools_live_in_house_and_nowhere_else():
    names = {p.name for p in HOUSE_TOOLS}
    assert {"__init__.py", "files.py", "timing.py", "terminal.py", "outputs.py"} <= names
    for package in ("mha", "graphs"):  # the copies each domain once had are gone
        for name in ("files.py", "timing.py"):
            assert not (ROOT / package / "tools" / name).exists(), f"{package}/tools/{name}"


def test_docs_is_the_site_only_and_no_package():
    """``docs/`` holds the site (Markdown, fragments, results), no Python; the wheel installs
    no top-level ``docs``."""
    assert sorted(_rel(p) for p in (ROOT / "docs").rglob("*.py")) == []
    assert not [name for name in PACKAGES if name.split(".")[0] == "docs"]
    assert {"house", "studylog"} <= set(PACKAGES)


@pytest.mark.parametrize("path", MHA_ALL + GRAPHS_ALL + HOUSE_TOOLS, ids=_rel)
def test_the_product_never_imports_the_site_and_the_libraries_not_the_house_tools(path):
    assert site_violations(path) == []


@pytest.mark.parametrize("path", HOUSE_TOOLS, ids=lambda p: p.name)
def test_the_house_tools_import_no_domain_and_no_site(path):
    assert house_tools_violations(path) == []


@pytest.mark.parametrize("path", GRAPHS_ALL, ids=_rel)
def test_only_the_tools_and_the_drill_import_graphs_tools(path):
    assert tools_violations(path) == []


@pytest.mark.parametrize("path", GRAPHS_ALL, ids=_rel)
def test_graphs_never_imports_mha(path):
    assert crossing_violations(path) == []


@pytest.mark.parametrize("path", MHA_ALL, ids=_rel)
def test_mha_never_imports_graphs(path):
    assert crossing_violations(path) == []


def test_the_rules_catch_a_violation(tmp_path):
    # A checkout in miniature: each probe breaks one rule, and each rule must say so.
    for package in ("mha", "graphs"):
        (tmp_path / package / "tools").mkdir(parents=True)
        (tmp_path / package / "__init__.py").write_text("")
        (tmp_path / package / "tools" / "__init__.py").write_text("")
    (tmp_path / "mha" / "heads.py").write_text("import torch\n")
    (tmp_path / "graphs" / "toposort.py").write_text("import collections\n")
    (tmp_path / "house").mkdir()
    (tmp_path / "house" / "files.py").write_text("import os\n")
    (tmp_path / "studylog" / "gen").mkdir(parents=True)
    (tmp_path / "studylog" / "gen" / "common.py").write_text("")
    (tmp_path / "mha" / "config").mkdir()
    (tmp_path / "mha" / "config" / "reader.py").write_text("import json\nfrom mha import heads\n")
    probes = {
        "mha/probe.py": "from . import heads\ndef f():\n    import matplotlib.pyplot\n"
        "    from . import experiments\n",
        "graphs/probe.py": "from graphs import toposort\ndef f():\n    import networkx\n"
        "    from graphs.tools import bench\n    import mha\nif __name__ == '__main__':\n"
        "    f()\n",
        "graphs/drill/probe.py": "from graphs.tools import counterexamples\nimport mha.heads\n"
        "from house import files\n",
        "graphs/islands.py": "from graphs import tools\n",
        "graphs/docs_probe.py": "def f():\n    from house.files import replacing\n",
        "mha/tools/probe.py": "from house import files\ndef f():\n"
        "    from studylog.gen import common\n    import studylog.journal\n",
        "mha/config/probe.py": "import json\nfrom mha import heads\nfrom mha.config import reader\n"
        "from . import spec\ndef f():\n    import numpy\n    from mha.tools import bench\n"
        "    import house.files\n",
        "house/probe.py": "import tqdm\nfrom house import files\nfrom . import timing\n"
        "def f():\n    import mha.heads\n    from graphs import toposort\n"
        "    from studylog.gen import common\n",
    }
    for rel, text in probes.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    mha_probe, graphs_probe, drill_probe, hidden, lib_docs, tool, config, house = (
        tmp_path / rel for rel in probes
    )

    assert imports_of(mha_probe, tmp_path) == {"mha.heads", "matplotlib.pyplot", "mha.experiments"}
    assert library_violations(mha_probe, tmp_path) == [
        "probe.py imports matplotlib.pyplot, which is not part of the attention library",
        "probe.py imports mha.experiments, which is not part of the attention library",
    ]
    assert solutions_violations(graphs_probe, tmp_path) == [
        "probe.py imports graphs.tools, which is not part of the graph solutions",
        "probe.py imports mha, which is not part of the graph solutions",
        "probe.py imports networkx, which is not part of the graph solutions",
        "probe.py is a command; commands live in graphs/tools/ or graphs/drill/",
    ]
    assert tools_violations(graphs_probe, tmp_path) == ["probe.py imports the tool graphs.tools"]
    assert tools_violations(drill_probe, tmp_path) == []  # the drill may use the tools
    assert tools_violations(hidden, tmp_path) == ["islands.py imports the tool graphs.tools"]
    assert crossing_violations(graphs_probe, tmp_path) == ["probe.py imports mha"]
    assert crossing_violations(drill_probe, tmp_path) == ["probe.py imports mha.heads"]
    # the site's package: never in the product; house: only in the domains' tools
    assert site_violations(lib_docs, tmp_path) == [
        "graphs/docs_probe.py imports house.files: the library never imports the house tools"
    ]
    assert site_violations(drill_probe, tmp_path) == []  # the drill may use the house tools
    assert site_violations(tool, tmp_path) == [
        "mha/tools/probe.py imports studylog.gen: the product never imports the site's package",
        "mha/tools/probe.py imports studylog.gen.common: the product never imports the site's"
        " package",
        "mha/tools/probe.py imports studylog.journal: the product never imports the site's package",
    ]
    assert site_violations(config, tmp_path) == [
        "mha/config/probe.py imports house.files: the library never imports the house tools"
    ]
    assert site_violations(house, tmp_path) == [
        "house/probe.py imports studylog.gen: the product never imports the site's package",
        "house/probe.py imports studylog.gen.common: the product never imports the site's package",
    ]
    # the config reader is library: torch, the standard library, the library and itself
    assert config_violations(config, tmp_path) == [
        "config/probe.py imports house.files, which is not part of the attention library",
        "config/probe.py imports mha.tools, which is not part of the attention library",
        "config/probe.py imports numpy, which is not part of the attention library",
    ]
    # the house tools: the standard library, third-party packages and themselves
    assert house_tools_violations(house, tmp_path) == [
        "house/probe.py imports graphs: the house tools import no domain and no site",
        "house/probe.py imports graphs.toposort: the house tools import no domain and no site",
        "house/probe.py imports mha.heads: the house tools import no domain and no site",
        "house/probe.py imports studylog.gen: the house tools import no domain and no site",
        "house/probe.py imports studylog.gen.common: the house tools import no domain and no site",
    ]
    # and the well-behaved modules of the miniature pass
    assert library_violations(tmp_path / "mha" / "heads.py", tmp_path) == []
    assert solutions_violations(tmp_path / "graphs" / "toposort.py", tmp_path) == []
    assert config_violations(tmp_path / "mha" / "config" / "reader.py", tmp_path) == []
    assert house_tools_violations(tmp_path / "house" / "files.py", tmp_path) == []
