"""Issue 18: neighbour rows that are unordered containers are refused, so a traversal's order
never depends on ``PYTHONHASHSEED``.

A ``set`` of strings iterates in an order that changes with the hash seed, and a traversal
visits neighbours in the order given: the same call gave different orders in different runs.
Sets, frozensets and ``dict.keys()`` views are now a ``TypeError`` naming the argument and the
fix (a list or ``sorted(...)``); lists give the same order under every seed.
"""

from __future__ import annotations

import json
import subprocess

import pytest

import graphs
from graphs import traversal
from tests.helpers import run

SEEDS = ("1", "2")
FUNCTIONS = tuple(traversal.__all__)  # every traversal from a start node, found

LEAVES = '"b": [], "c": [], "d": [], "e": [], "f": []'
ROWS_AS_SETS = '{"a": {"b", "c", "d", "e", "f"}, ' + LEAVES + "}"
ROWS_AS_LISTS = '{"a": ["b", "c", "d", "e", "f"], ' + LEAVES + "}"


def under_seed(seed: str, function: str, adj: str, start: str) -> subprocess.CompletedProcess:
    code = (
        "import json, graphs\n"
        "try:\n"
        f"    print(json.dumps(graphs.{function}({adj}, {start})))\n"
        "except TypeError as e:\n"
        "    print('TypeError:', e)\n"
    )
    env = {"PYTHONHASHSEED": seed, "PATH": "/usr/bin:/bin"}
    return run(["-c", code], env=env, inherit_env=False, timeout=120)


@pytest.mark.parametrize("function", FUNCTIONS)
def test_set_rows_are_refused_under_every_hash_seed(function):
    for seed in SEEDS:
        proc = under_seed(seed, function, ROWS_AS_SETS, "'a'")
        assert proc.returncode == 0, proc.stderr
        out = proc.stdout.strip()
        assert out.startswith(
            "TypeError: adj['a']: expected an ordered list of neighbours, got set"
        )
        assert "sorted(...)" in out


@pytest.mark.parametrize("function", FUNCTIONS)
def test_list_rows_give_the_same_order_under_every_hash_seed(function):
    outs = [under_seed(seed, function, ROWS_AS_LISTS, "'a'") for seed in SEEDS]
    assert all(p.returncode == 0 for p in outs), [p.stderr for p in outs]
    results = [json.loads(p.stdout) for p in outs]
    assert results[0] == results[1]
    if function != "shortest_path_lengths":
        assert results[0] == ["a", "b", "c", "d", "e", "f"]


@pytest.mark.parametrize(
    ("row", "kind"),
    [({1, 2}, "set"), (frozenset({1, 2}), "frozenset"), ({1: 0, 2: 0}.keys(), "dict_keys")],
)
@pytest.mark.parametrize("function", [graphs.bfs_order, graphs.dfs_order])
def test_unordered_rows_are_refused_naming_the_row(function, row, kind):
    with pytest.raises(TypeError, match=rf"^adj\[0\]: .* got {kind} \(unordered.*sorted"):
        function({0: row, 1: [], 2: []}, 0)
    with pytest.raises(TypeError, match=rf"^adj\[0\]: .* got {kind} \(unordered.*sorted"):
        function([row, [], []], 0)
    with pytest.raises(TypeError, match=rf"^adj\[0\]: .* got {kind} \(unordered"):
        graphs.shortest_path_lengths([row, [], []], 0)


def test_ordered_rows_still_work():
    assert graphs.bfs_order({0: [2, 1], 1: (), 2: iter([])}, 0) == [0, 2, 1]
    assert graphs.bfs_order([sorted({2, 1}), [], []], 0) == [0, 1, 2]
    assert graphs.dfs_order([(2, 1), [], []], 0) == [0, 2, 1]
