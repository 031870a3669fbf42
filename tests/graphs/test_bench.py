"""The benchmark's quick smoke run writes the results file and the plot (fields, not timings)."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import networkx as nx
import pytest

import graphs
from graphs.tools import bench, scaling

# The timer and the log-log fit the benchmark uses are house.timing's, tested in
# tests/docs/test_tools.py.


def test_inputs_have_the_requested_shape():
    n, edges = scaling.random_dag(50, seed=1)
    assert n == 50 and 0 < len(edges) <= 5 * n and all(u != v for u, v in edges)
    assert nx.is_directed_acyclic_graph(nx.DiGraph(edges))
    n, edges = scaling.random_graph(40, seed=1)
    assert len(edges) == 5 * n
    adj = scaling.random_adjacency(40, seed=1)
    assert len(adj) == 40 and sum(map(len, adj)) == 200
    grid = scaling.random_grid(7, seed=2)
    assert len(grid) == 7 and all(len(r) == 7 and set(r) <= {0, 1} for r in grid)


def test_problems_are_found_by_discovery_and_time_public_functions():
    found = scaling.problems()
    names = [p.name for p in found]
    # The first day's, in the order defined, then each topic module's (graphs/tools/scaling/).
    assert names[:5] == ["components", "bfs", "toposort", "islands", "max_area"]
    assert len(set(names)) == len(names)
    for path in Path(scaling.__file__).parent.glob("[!_]*.py"):  # every topic module's constants
        module = importlib.import_module(f"graphs.tools.scaling.{path.stem}")
        declared = [v for v in vars(module).values() if isinstance(v, scaling.Problem)]
        assert declared and all(p in found for p in declared), path.name
    for p in found:
        for name in p.ours:  # "graphs.<function>": a public function whose page shows the result
            assert name.startswith("graphs.") and callable(getattr(graphs, name[len("graphs.") :]))


def test_max_area_peers_agree_on_water_only():
    water = [[0, 0], [0, 0]]
    assert scaling.nx_max_area(water) == scaling.scipy_max_area(water) == 0


@pytest.mark.parametrize("problem", scaling.problems(), ids=lambda p: p.name)
def test_peers_agree_with_ours_on_a_small_input(problem):
    # Exactly the callables the benchmark times: every one of ours, networkx and the reference.
    args = problem.make(1800, 3)
    solvers = {**problem.ours, "networkx": problem.networkx, "reference": problem.reference}
    answers = {name: solve(*args) for name, solve in solvers.items()}
    assert len(problem.ours) >= 1
    assert len(set(answers.values())) == 1, answers


@pytest.mark.slow
def test_quick_run_writes_the_json_only(tmp_path):
    assert bench.main(["--quick", "--out", str(tmp_path), "--no-progress"]) == 0
    data = json.loads((tmp_path / "graphs_bench.json").read_text())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["graphs_bench.json"]  # studylog.gen draws
    assert data["quick"] is True and data["interrupted"] is False
    assert {"platform", "cpu_count", "python", "load_average"} <= set(data["machine"])
    assert {"networkx", "scipy", "numpy"} <= set(data["versions"])
    assert list(data["problems"]) == [p.name for p in scaling.problems()]
    for pr in data["problems"].values():
        assert pr["answers_agree"] is True  # ours, networkx and the reference give one answer
        assert len(pr["x"]) >= 2 and pr["x"] == sorted(pr["x"])
        for solver in [*pr["ours"], "networkx", pr["reference"]]:
            assert len(pr["seconds"][solver]) == len(pr["x"])
            assert isinstance(pr["slopes"][solver], float)
        tgt = pr["at_target"]
        assert tgt["is_target"] is False  # quick runs do not reach the target sizes
        for r in tgt["ratios"].values():
            assert r["speedup_vs_networkx"] > 0 and r["ours_over_reference"] > 0
    goals = data["goals"]
    assert list(goals["slopes_linear"]) == [
        f"{p.name}: {solver}" for p in scaling.problems() for solver in p.ours
    ]
    assert set(goals["speedup_vs_networkx"]) == {
        f"{p.name}: {solver}" for p in scaling.problems() if p.speedup_goal for solver in p.ours
    }
    assert goals["all_met"] is False  # never claimed by a quick run


def test_interrupt_keeps_the_finished_sizes(tmp_path, monkeypatch):
    real = bench.median_per_call
    calls = {"n": 0}

    def stop_on_third(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(bench, "median_per_call", stop_on_third)
    assert bench.main(["--quick", "--out", str(tmp_path), "--no-progress"]) == 130
    data = json.loads((tmp_path / "graphs_bench.json").read_text())
    assert data["interrupted"] is True
    assert len(data["problems"]["components"]["x"]) == 2
    assert data["problems"]["islands"]["x"] == []


# ----------------------------------------------------------------------------- --out is checked
# before any measuring (issue 18)


def _bad_outs(tmp_path):
    import os

    (tmp_path / "a-file").write_text("x")
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "null").symlink_to("/dev/null")
    (tmp_path / "json-is-a-folder" / "graphs_bench.json").mkdir(parents=True)
    (tmp_path / "json-is-a-fifo").mkdir()
    os.mkfifo(tmp_path / "json-is-a-fifo" / "graphs_bench.json")
    return {
        "a-file": tmp_path / "a-file",
        "missing-parent": tmp_path / "missing" / "out",
        "parent-is-a-file": tmp_path / "a-file" / "out",
        "fifo": tmp_path / "fifo",
        "symlink-to-dev-null": tmp_path / "null",
        "json-is-a-folder": tmp_path / "json-is-a-folder",
        "json-is-a-fifo": tmp_path / "json-is-a-fifo",
    }


@pytest.mark.parametrize(
    "case",
    ["a-file", "missing-parent", "parent-is-a-file", "fifo", "symlink-to-dev-null",
     "json-is-a-folder", "json-is-a-fifo"],
)  # fmt: skip
def test_a_bad_out_is_refused_before_measuring(tmp_path, capsys, monkeypatch, case):
    import os
    import stat

    def never(*args, **kwargs):
        raise AssertionError("measured before checking --out")

    monkeypatch.setattr(bench, "run", never)
    monkeypatch.setattr(bench, "median_per_call", never)
    out = _bad_outs(tmp_path)[case]
    assert bench.main(["--quick", "--quiet", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --out: ") and err.count("\n") == 1, err
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert stat.S_ISFIFO((tmp_path / "json-is-a-fifo" / "graphs_bench.json").lstat().st_mode)
    assert not (tmp_path / "missing").exists()
    assert (tmp_path / "a-file").read_text() == "x"


def test_a_new_out_folder_inside_an_existing_one_is_accepted(tmp_path):
    assert bench.out_problem(tmp_path / "new") is None
    assert bench.out_problem(tmp_path) is None
    assert not (tmp_path / "new").exists()  # checking creates nothing
