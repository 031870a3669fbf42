"""Package-level promises: public names, doctests, no dependency on mha, numpy-friendly input."""

from __future__ import annotations

import doctest
import importlib
import inspect
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import graphs

NOTES = re.compile(r"\n\s*Notes\n\s*-+\n(?P<notes>.*?)\n\s*References\n", re.S)


def _solutions(module) -> list[str]:
    """The names a module exports whose function carries its complexity note (Notes with an
    ``O(...)`` in V and E; the study record itself is Korean, in ``graphs/records/``)."""
    return [
        name
        for name in getattr(module, "__all__", ())
        if inspect.isfunction(func := getattr(module, name))
        and func.__module__ == module.__name__
        and (m := NOTES.search(func.__doc__ or ""))
        and "O(" in m["notes"]
    ]


# The public names are found, not listed: every module of the package that exports a solution
# (a function with a complexity note) is a solution module, and all it exports is public (with
# the exceptions it raises, such as CycleError). The drill's wrong variants (graphs.pitfalls)
# carry no such note, and the tools (graphs.tools) and the drill are subpackages, not walked here.
# A new problem adds a module.
SOLUTION_MODULES = [
    module
    for module in map(importlib.import_module, sorted(
        m.name for m in pkgutil.iter_modules(graphs.__path__, "graphs.") if "._" not in m.name
    ))
    if _solutions(module)
]  # fmt: skip
PUBLIC = {name for module in SOLUTION_MODULES for name in module.__all__}
TOOLS = importlib.import_module("graphs.tools")
MODULES = sorted(
    m.name
    for m in [*pkgutil.iter_modules(graphs.__path__, "graphs."),
              *pkgutil.iter_modules(TOOLS.__path__, "graphs.tools.")]
)  # fmt: skip


def test_public_names():
    assert set(graphs.__all__) == PUBLIC
    assert {"num_islands", "count_components", "find_order", "oranges_rotting"} <= PUBLIC
    assert len(graphs.__all__) == len(PUBLIC)  # no name twice
    assert all(callable(getattr(graphs, name)) for name in PUBLIC)
    assert issubclass(graphs.CycleError, ValueError)


@pytest.mark.parametrize("module", MODULES)
def test_docstring_examples_run(module):
    mod = importlib.import_module(module)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


@pytest.mark.parametrize("name", sorted(PUBLIC - {"CycleError"}))
def test_each_public_docstring_carries_the_record(name):
    doc = getattr(graphs, name).__doc__
    for part in ("Parameters", "Returns", "Raises", "Examples", "Notes", "References"):
        assert part in doc, f"{name}: missing {part}"
    notes = NOTES.search(doc)["notes"]  # the API's short complexity note; the record is Korean
    assert re.search(r"O\(\(?V", notes), f"{name}: no complexity in V and E"


def test_graphs_never_imports_mha():
    root = Path(graphs.__file__).parent
    for path in root.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import mha" not in text and "from mha" not in text, path
    code = "import sys, graphs, graphs.pitfalls, graphs.tools.bench; print('mha' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_numpy_inputs_are_accepted():
    edges = np.array([[0, 1], [1, 2], [3, 4]])
    assert graphs.count_components(np.int64(6), edges) == 3
    assert graphs.topological_sort(5, edges) == [0, 3, 1, 4, 2]
    grid = np.array([[1, 0, 1], [1, 0, 0]])
    assert graphs.num_islands(grid) == 2
    assert graphs.num_islands(grid.astype(bool)) == 2
    with pytest.raises(ValueError, match=r"edges\[1\]: node 9 is outside \[0, 5\)"):
        graphs.count_components(5, np.array([[0, 1], [9, 2]]))


def test_a_0d_array_of_edges_is_a_named_type_error():
    for func in (graphs.count_components, graphs.connected_components, graphs.topological_sort):
        with pytest.raises(TypeError, match=r"^edges: expected an iterable of pairs.*0-d array"):
            func(3, np.array(5))
