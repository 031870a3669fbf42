"""The wrong variants fail where the correct functions pass; hypothesis finds the inputs."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from hypothesis import given

import graphs
from graphs import pitfalls
from graphs.tools import counterexamples
from graphs.tools.counterexamples import PITFALLS, RESULT_NAME
from graphs.tools.strategies import grid_args
from house import gallery
from tests.graphs.strategies import (
    adjacency_with_start,
    directed_graphs,
    grids,
    to_adjacency,
    undirected_graphs,
)
from tests.graphs.test_islands import grid_graph
from tests.graphs.test_traversal import is_valid_bfs_order, to_digraph
from tests.helpers import skip_unless_recorded_with

RESULTS = Path(__file__).resolve().parents[2] / "docs" / "results"
DOMAIN = "graphs.tools.counterexamples"
CONFIG = gallery.search_settings(counterexamples.MAX_EXAMPLES)


FIRST_DAY = {"bfs_order_mark_on_dequeue", "num_islands_recursive", "num_islands_wraparound",
             "max_area_mark_on_pop", "has_cycle_single_flag", "count_components_from_edges",
             "kahn_without_count_check"}  # fmt: skip


def _drill_of(name: str) -> Any:
    """The drill whose solution a later wrong variant gets wrong (None for the first day's)."""
    from graphs.drill import problem as drills

    if name in FIRST_DAY:
        return None
    wanted = next(p.correct_function for p in PITFALLS if p.name == name)
    return next((d for d in drills.drills() if f"graphs.{d.solution.__name__}" == wanted), None)


def oracle_ok(name: str, args: dict, outcome: dict) -> bool:
    """Does ``outcome`` (returns/raises) agree with networkx on ``args``?"""
    if name == "bfs_order_mark_on_dequeue":
        adj, start = args["adj"], args["start"]
        return "returns" in outcome and is_valid_bfs_order(adj, start, outcome["returns"])
    if name.startswith("num_islands"):
        expected = nx.number_connected_components(grid_graph(args["grid"]))
        return outcome == {"returns": expected}
    if name == "max_area_mark_on_pop":
        components = nx.connected_components(grid_graph(args["grid"]))
        return outcome == {"returns": max(map(len, components), default=0)}
    drill = _drill_of(name)
    if drill is not None:  # a later problem's wrong variant: its drill's networkx oracle
        return "returns" in outcome and (
            drill.verdict(args, drill.networkx(args), outcome["returns"]) is None
        )
    g = nx.DiGraph()
    g.add_nodes_from(range(args["n"]))
    g.add_edges_from(map(tuple, args["edges"]))
    if name == "has_cycle_single_flag":
        return outcome == {"returns": not nx.is_directed_acyclic_graph(g)}
    if name == "count_components_from_edges":
        return outcome == {"returns": nx.number_connected_components(g.to_undirected())}
    if name == "kahn_without_count_check":
        if nx.is_directed_acyclic_graph(g):
            return "returns" in outcome and len(outcome["returns"]) == args["n"]
        return outcome.get("raises") == "CycleError"
    raise AssertionError(name)


IDS = [p.name for p in PITFALLS]
# The recursion pitfall needs a 300 x 300 grid by nature: seconds, not milliseconds.
SLOW = {"num_islands_recursive"}
PARAMS = [pytest.param(p, marks=[pytest.mark.slow] if p.name in SLOW else []) for p in PITFALLS]


def rebuild(recorded: dict) -> dict:
    """Arguments from a recorded input (big grids are recorded as their shape and fill)."""
    if "fill" in recorded:
        return {"grid": [[recorded["fill"]] * recorded["cols"] for _ in range(recorded["rows"])]}
    return recorded


@pytest.fixture(scope="module")
def found() -> Callable[[str], dict]:
    """``name -> the input the gallery's search finds for that pitfall``, searched when a test
    first asks (the slow pitfall's search only when its test runs)."""
    by_name = {p.name: p for p in PITFALLS}
    return functools.cache(lambda name: gallery.search(by_name[name], CONFIG))


@pytest.mark.slow  # seconds of CPU: the whole suite runs it, the inner loop does not
@pytest.mark.parametrize("pitfall", PARAMS, ids=IDS)
def test_hypothesis_finds_a_small_input_where_wrong_fails_and_correct_passes(pitfall, found):
    args = found(pitfall.name)
    assert pitfall.fails(args)
    assert oracle_ok(pitfall.name, args, pitfall.correct_outcome(args))
    assert not oracle_ok(pitfall.name, args, pitfall.wrong_outcome(args))
    # small: a handful of edges / cells (the recursion one needs a big grid by nature)
    if "edges" in args and "bipartit" in pitfall.name:
        # the smallest graph that is not bipartite is a triangle (and a node 0 left out of it)
        assert args["n"] <= 4 and len(args["edges"]) <= 3
    elif "edges" in args and "n" not in args:  # 684's tree plus one edge: the triangle
        assert len(args["edges"]) == 3
    elif "edges" in args:
        assert args["n"] <= 3 and len(args["edges"]) <= 2
    elif "adj" in args:
        assert sum(map(len, args["adj"])) <= 4
    elif pitfall.name in ("num_islands_wraparound", "max_area_mark_on_pop"):
        assert sum(map(len, args["grid"])) <= 4


@pytest.mark.parametrize("pitfall", PARAMS, ids=IDS)
def test_classic_inputs_break_the_wrong_variant(pitfall):
    args = pitfall.classic
    assert oracle_ok(pitfall.name, args, pitfall.correct_outcome(args))
    assert not oracle_ok(pitfall.name, args, pitfall.wrong_outcome(args))


@pytest.mark.slow
def test_committed_pitfalls_file_is_what_the_command_produces_now():
    path = RESULTS / RESULT_NAME
    assert path.is_file(), "run: python -m graphs.tools.counterexamples"
    committed = path.read_text(encoding="utf-8")
    data = json.loads(committed)
    assert [p["name"] for p in data["pitfalls"]] == IDS
    # any version: every recorded input still breaks the wrong variant and not the correct one
    for pitfall, entry in zip(PITFALLS, data["pitfalls"], strict=True):
        for kind in ("minimal", "classic"):
            rec = entry[kind]
            args = rebuild(rec["input"])
            assert pitfall.correct_outcome(args) == rec["correct"]
            assert pitfall.wrong_outcome(args) == rec["wrong"] != rec["correct"]
            assert oracle_ok(pitfall.name, args, rec["correct"])
    skip_unless_recorded_with(gallery.versions(counterexamples), data["search"], RESULT_NAME)
    # same hypothesis version: the derandomised search must reproduce the file exactly
    assert committed == gallery.render(gallery.build_report(counterexamples))


def test_the_pages_show_the_arguments_leetcode_passes_and_they_fail():
    """Where a pitfall is called in another form than its search input (785's neighbour lists,
    886's 1-based dislikes), the file records those arguments: they are the drill's LeetCode
    arguments for the input, and given straight to the two functions they give the outcomes."""
    data = json.loads((RESULTS / RESULT_NAME).read_text(encoding="utf-8"))
    by_name = {p.name: p for p in PITFALLS}
    shown = [e for e in data["pitfalls"] if "called_with" in e["minimal"]]
    assert {e["name"] for e in shown} >= {"is_bipartite_from_node_zero",
                                          "possible_bipartition_unchecked_seen"}  # fmt: skip
    for entry in shown:
        pitfall, drill = by_name[entry["name"]], _drill_of(entry["name"])
        for kind in ("minimal", "classic"):
            case = entry[kind]
            assert list(case["called_with"].values()) == drill.to_leetcode(case["input"])
            assert counterexamples.outcome(pitfall.wrong, case["called_with"]) == case["wrong"]
            assert counterexamples.outcome(pitfall.correct, case["called_with"]) == case["correct"]


def test_the_diamond_is_a_false_cycle_for_the_single_flag():
    edges = [(0, 1), (0, 2), (1, 3), (2, 3)]
    assert pitfalls.has_cycle_single_flag(4, edges) is True
    assert graphs.topological_sort_dfs(4, edges) in ([0, 2, 1, 3], [0, 1, 2, 3])


# On the inputs where the mistake does not bite, the wrong variants agree: they are plausible.
@given(adjacency_with_start())
def test_mark_on_dequeue_visits_the_same_set(case):
    adj, start = case
    assert set(pitfalls.bfs_order_mark_on_dequeue(adj, start)) == set(graphs.bfs_order(adj, start))


@given(grids(max_side=6))
def test_recursive_islands_agree_on_small_grids(grid):
    assert pitfalls.num_islands_recursive(grid) == graphs.num_islands(grid)


@given(undirected_graphs())
def test_components_from_edges_only_misses_isolated_nodes(case):
    n, edges = case
    isolated = n - len({u for e in edges for u in e})
    wrong = pitfalls.count_components_from_edges(n, edges)
    assert wrong + isolated == graphs.count_components(n, edges)


@given(directed_graphs())
def test_kahn_without_check_is_right_exactly_on_dags(case):
    n, edges = case
    order = pitfalls.kahn_without_count_check(n, edges)
    is_dag = nx.is_directed_acyclic_graph(to_digraph(to_adjacency(n, edges)))
    assert (len(order) == n) == is_dag


@given(grids(max_side=6))
def test_max_area_mark_on_pop_is_never_too_small_and_right_without_land_cycles(grid):
    # Marking on pop only ever counts extra copies; an island with no 2 x 2 block of land (its
    # cells form a tree, so no cell has two ways in) is counted right.
    wrong, right = pitfalls.max_area_mark_on_pop(grid), graphs.max_area_of_island(grid)
    assert wrong >= right
    g = grid_graph(grid)
    if len(g) == 0 or nx.is_forest(g):
        assert wrong == right


def test_every_wrong_variant_is_declared_once_and_found_by_discovery(monkeypatch):
    wrong = sorted(p.name for p in gallery.declared(counterexamples))
    assert wrong == sorted(pitfalls.__all__)  # each function of graphs.pitfalls, exactly once
    assert [p.name for p in PITFALLS] == [p.name for p in gallery.declared(counterexamples)]
    extra = gallery.Pitfall(
        mistake="m", what_goes_wrong="w", wrong=pitfalls.bfs_order_mark_on_dequeue,
        correct=graphs.bfs_order, correct_function="graphs.bfs_order", strategy=grid_args,
        outcome=counterexamples.outcome,
    )  # fmt: skip
    monkeypatch.setattr(counterexamples, "EXTRA_FOR_TEST", extra, raising=False)
    with pytest.raises(ValueError, match="declared twice: bfs_order_mark_on_dequeue"):
        gallery.declared(counterexamples)  # one name, one pitfall

    def brand_new_mistake(adj, start):
        return []

    monkeypatch.setattr(counterexamples, "EXTRA_FOR_TEST", replace(extra, wrong=brand_new_mistake))
    assert gallery.declared(counterexamples)[-1].name == "brand_new_mistake"  # no list entry


def test_the_declarations_give_the_page_names_and_the_wrong_functions():
    for pitfall in PITFALLS:
        module = pitfall.wrong.__module__  # graphs.pitfalls.<topic>, offered as graphs.pitfalls
        assert pitfall.wrong_function == f"{module}.{pitfall.name}"
        assert module.startswith("graphs.pitfalls.")
        assert getattr(pitfalls, pitfall.name) is pitfall.wrong
        public = pitfall.correct_function.removeprefix("graphs.")
        assert getattr(graphs, public).__name__ == public  # exported by graphs
    cycle = counterexamples.CYCLE_SINGLE_FLAG
    assert cycle.correct_function == "graphs.topological_sort_dfs"
    # the sort is asked the wrong variant's yes/no question: its answer is networkx's
    for args in (cycle.classic, {"n": 2, "edges": [[0, 1], [1, 0]]}):
        g = nx.DiGraph(map(tuple, args["edges"]))
        assert cycle.correct_outcome(args) == {"returns": not nx.is_directed_acyclic_graph(g)}


def _gallery(tmp_path, **changes) -> Path:
    text = (RESULTS / RESULT_NAME).read_text(encoding="utf-8")
    data = json.loads(text)
    for key, value in changes.items():
        if key == "hypothesis":
            data["search"]["hypothesis"] = value
        elif key == "drop_last":
            data["pitfalls"] = data["pitfalls"][:-1]
        elif key == "wrong_answer":
            data["pitfalls"][0]["minimal"]["wrong"] = {"returns": value}
    (tmp_path / RESULT_NAME).write_text(gallery.render(data) if changes else text, "utf-8")
    return tmp_path


def test_check_says_when_versions_differ_and_fails_on_other_pitfalls(tmp_path, capsys):
    out = _gallery(tmp_path, hypothesis="0.0.1", wrong_answer=[])
    assert gallery.main(DOMAIN, ["--check", "--out", str(out)]) == 0  # not comparable
    assert "hypothesis 0.0.1" in capsys.readouterr().out
    out = _gallery(tmp_path, drop_last=True)
    assert gallery.main(DOMAIN, ["--check", "--out", str(out)]) == 1
    assert gallery.main(DOMAIN, ["--check", "--out", str(tmp_path / "nowhere")]) == 1
    assert not (tmp_path / "nowhere").exists()  # --check writes nothing


@pytest.mark.slow
def test_check_passes_on_the_committed_file_and_fails_on_a_changed_one(tmp_path, capsys):
    committed = json.loads((RESULTS / RESULT_NAME).read_text(encoding="utf-8"))
    skip_unless_recorded_with(gallery.versions(counterexamples), committed["search"], RESULT_NAME)
    assert gallery.main(DOMAIN, ["--check", "--out", str(_gallery(tmp_path))]) == 0
    assert "up to date" in capsys.readouterr().out
    out = _gallery(tmp_path, wrong_answer=[0])
    assert gallery.main(DOMAIN, ["--check", "--out", str(out)]) == 1
    assert "OUT OF DATE" in capsys.readouterr().out
