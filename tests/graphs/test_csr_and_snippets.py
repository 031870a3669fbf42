"""The compact (CSR) form built by validation, and the snippet sections the site includes."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given

import graphs
from graphs._validate import adjacency_csr, check_adjacency
from tests.graphs.strategies import adjacency_with_start
from tests.helpers import ROOT

GRAPHS = Path(graphs.__file__).parent  # the package's folder


@given(adjacency_with_start())
def test_csr_holds_the_rows_in_order(case):
    adj, _ = case
    (nbrs, off), is_list = adjacency_csr(adj)
    assert is_list and len(off) == len(adj) + 1 and off[0] == 0
    assert [list(nbrs[off[u] : off[u + 1]]) for u in range(len(adj))] == adj


def test_csr_of_converted_rows_and_dicts():
    (nbrs, off), _ = adjacency_csr(([np.int64(1)], (0, 0), range(2), [1]))
    assert list(off) == [0, 1, 3, 5, 6] and list(nbrs) == [1, 0, 0, 0, 1, 1]
    assert adjacency_csr({"a": ("b",)}) == ({"a": ["b"]}, False)
    assert adjacency_csr([]) == adjacency_csr(()) and len(adjacency_csr([])[0][1]) == 1


@pytest.mark.parametrize(
    ("adj", "error", "message"),
    [
        ([[1], [-1]], ValueError, r"^adj\[1\]: node -1 is outside \[0, 2\)$"),
        ([[1], [2**40]], ValueError, r"^adj\[1\]: node 1099511627776 is outside \[0, 2\)$"),
        ([[1], [2]], ValueError, r"^adj\[1\]: node 2 is outside \[0, 2\)$"),
        ([[True], []], TypeError, r"^adj\[0\]: expected int, got bool$"),
        ([[1.0], []], TypeError, r"^adj\[0\]: expected int, got float$"),
        ([[1], "0"], TypeError, r"^adj\[1\]: expected an iterable of neighbours, got str$"),
        ([*([[0]] * 5000), [1, "x"]], TypeError, r"^adj\[5000\]: expected int, got str$"),
    ],
)
def test_csr_checks_like_check_adjacency(adj, error, message):
    for check in (check_adjacency, adjacency_csr):
        with pytest.raises(error, match=message):
            check(adj)


def test_validation_spans_chunks():
    n = 10_000  # more neighbours than one validation chunk
    adj = [[(u + 1) % n, (u * 7) % n] for u in range(n)]
    assert check_adjacency(adj) == (adj, True)
    (nbrs, _), _ = adjacency_csr(adj)
    assert list(nbrs) == [w for row in adj for w in row]
    adj[-1].append(n)
    with pytest.raises(ValueError, match=rf"^adj\[{n - 1}\]: node {n} is outside"):
        adjacency_csr(adj)


def shown_sections() -> dict[str, list[str]]:
    """``module file -> snippet sections`` that the site's pages include, found in the pages."""
    include = re.compile(r'--8<-- "graphs/(?P<module>\w+\.py):(?P<section>[\w-]+)"')
    found: dict[str, set[str]] = {}
    for page in (ROOT / "docs").rglob("*.md"):
        for m in include.finditer(page.read_text(encoding="utf-8")):
            found.setdefault(m["module"], set()).add(m["section"])
    return {module: sorted(names) for module, names in found.items()}


SECTIONS = shown_sections()


def test_the_pages_show_core_loops_of_every_solution_module():
    assert {"traversal.py", "islands.py", "components.py", "toposort.py"} <= set(SECTIONS)


@pytest.mark.parametrize(("module", "names"), sorted(SECTIONS.items()))
def test_snippet_sections_wrap_code_inside_a_function(module, names):
    lines = (GRAPHS / module).read_text(encoding="utf-8").splitlines()
    marker = re.compile(r"^( +)# --8<-- \[(start|end):([a-z-]+)\]$")
    found = [(m[2], m[3], i, m[1]) for i, ln in enumerate(lines) if (m := marker.match(ln))]
    assert sorted({name for _, name, _, _ in found}) == sorted(names)
    for name in names:
        (s, i, ind), (e, j, ind2) = [(k, i, ind) for k, nm, i, ind in found if nm == name]
        assert (s, e) == ("start", "end") and ind == ind2 and j > i + 1
        body = lines[i + 1 : j]
        assert all(not ln.strip() or ln.startswith(ind) for ln in body)
        assert any(ln.lstrip().startswith(("for ", "while ")) for ln in body)
