"""Each measurement and counterexample lands on the page of the function it concerns, by discovery.

No list of pages or problems is kept: the benchmark's ``Problem`` constants and the gallery's
``Pitfall`` constants are found by walking their modules, each gets a generated fragment, and the
page that holds the record of the function concerned includes it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

import graphs
from graphs.drill import problem as drills
from graphs.tools import counterexamples
from graphs.tools import scaling as declarations
from graphs.tools.scaling import Problem
from house import gallery
from house.pitfall import Pitfall
from studylog.gen import graphs as gen
from studylog.gen.common import DOCS

INCLUDE = re.compile(r'^--8<-- "(?P<path>[^":]+)(?::[\w-]+)?"$', re.MULTILINE)
RECORD = re.compile(r"docs/generated/records/(?P<name>\w+)\.md")


def pages() -> dict[str, str]:
    """Every hand-written Markdown page of the site (generated fragments excluded)."""
    found = {}
    for path in sorted(DOCS.rglob("*.md")):
        rel = path.relative_to(DOCS).as_posix()
        if not rel.startswith(("generated/", "templates/")):
            found[rel] = path.read_text(encoding="utf-8")
    return found


def pages_including(fragment: str) -> list[str]:
    return [rel for rel, text in pages().items() if fragment in INCLUDE.findall(text)]


def records_on(page: str) -> set[str]:
    """The functions whose study record the page includes: what the page is about."""
    return {m["name"] for p in INCLUDE.findall(pages()[page]) if (m := RECORD.fullmatch(p))}


def scaling(name: str) -> str:
    return f"docs/generated/graphs/scaling/{name}.md"


def pitfall(name: str) -> str:
    return f"docs/generated/graphs/pitfalls/{name}.md"


def unplaced(problems: list[Problem], pits: list[Pitfall]) -> list[str]:
    """Fragments that no page, or more than one page, includes."""
    wanted = [scaling(p.name) for p in problems] + [pitfall(p.name) for p in pits]
    return [f for f in wanted if len(pages_including(f)) != 1]


def test_every_problem_and_pitfall_is_shown_on_exactly_one_page() -> None:
    assert unplaced(declarations.problems(), gallery.declared(counterexamples)) == []


def test_a_new_declaration_is_found_and_needs_a_page(monkeypatch: pytest.MonkeyPatch) -> None:
    islands = declarations.ISLANDS
    new = declarations.Problem(
        name="new_drill", x_label="cells", make=islands.make, size_of=islands.size_of,
        ours={"graphs.num_islands": graphs.num_islands}, networkx=islands.networkx,
        reference=islands.reference, reference_name="scipy.ndimage.label", reference_is_c=True,
    )  # fmt: skip
    monkeypatch.setattr(declarations, "NEW_DRILL", new, raising=False)
    assert new in declarations.problems()  # found without a list entry
    assert "generated/graphs/scaling/new_drill.md" in gen.generate()  # fragment, honest text
    assert "아직 측정하지 않았다" in gen.generate()["generated/graphs/scaling/new_drill.md"]
    assert unplaced(declarations.problems(), []) == [scaling("new_drill")]  # until a page has it


def test_a_new_pitfall_is_found_and_says_it_has_no_counterexample_yet(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def new_mistake(grid: list[list[int]]) -> int:
        return 0

    new = replace(counterexamples.ISLANDS_WRAPAROUND, wrong=new_mistake)
    monkeypatch.setattr(counterexamples, "NEW_MISTAKE", new, raising=False)
    text = gen.generate()["generated/graphs/pitfalls/new_mistake.md"]  # found, not listed
    assert "아직 반례를 찾지 않았다" in text and "python -m graphs.tools.counterexamples" in text
    assert unplaced([], gallery.declared(counterexamples)) == [pitfall("new_mistake")]


def test_every_included_graph_fragment_is_generated() -> None:
    made = {f"docs/{rel}" for rel in gen.generate()}
    for rel, text in pages().items():
        for path in INCLUDE.findall(text):
            if path.startswith("docs/generated/graphs/"):
                assert path in made, (rel, path)


@pytest.mark.parametrize("problem", declarations.problems(), ids=lambda p: p.name)
def test_a_measurement_is_on_the_page_of_the_functions_it_measures(problem) -> None:
    (page,) = pages_including(scaling(problem.name))
    measured = {name.removeprefix("graphs.") for name in problem.ours}
    assert measured <= records_on(page), (page, measured)


@pytest.mark.parametrize("pit", gallery.declared(counterexamples), ids=lambda p: p.name)
def test_a_counterexample_is_on_the_page_of_the_function_it_gets_wrong(pit) -> None:
    (page,) = pages_including(pitfall(pit.name))
    assert pit.correct_function.removeprefix("graphs.") in records_on(page), page
    # The page explains the mistake in Korean, in its own prose right before the table.
    text = pages()[page]
    section = text[text.index(f"### `{pit.name}`") : text.index(pitfall(pit.name))]
    for label in ("**실수**", "**무엇이 틀리나**"):
        line = next(ln for ln in section.splitlines() if label in ln)
        assert re.search("[가-힣]", line.split(label, 1)[1]), (page, pit.name, label)


def test_the_695_page_shows_only_max_area_material() -> None:
    # It once showed the islands benchmark ("measured problem: islands") and num_islands'
    # counterexamples, because a page map sent 200's material to both pages.
    text = pages()["graphs/695-max-area.md"]
    shown = "".join(
        (DOCS.parent / p).read_text(encoding="utf-8")
        for p in INCLUDE.findall(text)
        if p.startswith("docs/generated/graphs/")  # measurements and counterexamples
    )
    assert "max_area" in shown
    assert "num_islands" not in shown and "`islands`" not in shown
    assert "graphs.pitfalls.first_day.max_area_mark_on_pop" in shown


def test_an_unmeasured_problem_says_so_instead_of_showing_numbers() -> None:
    data = gen.load_json(DOCS / "results" / "graphs_bench.json")
    data["problems"].pop("max_area", None)
    text = gen.render_scaling(data, figures={})["max_area"]  # its text shows no figure anyway
    assert "아직 측정하지 않았다" in text and "graphs.max_area_of_island" in text
    assert not re.search(r"\d+\.\d", text.split("-->", 1)[1])  # no number typed in


def test_the_islands_page_describes_the_stack_its_code_uses() -> None:
    # The hand-written record once spoke of a queue beside the stack-based code.
    text = pages()["graphs/200-islands.md"]
    code = Path(graphs.islands.__file__).read_text(encoding="utf-8")
    assert "stack = [i]" in code and "pop()" in code
    assert "스택" in text and "큐" not in text


# ----------------------------------------------------------------------------- record pages

MD_INCLUDE = re.compile(r'^(?P<indent>\s*)--8<-- "(?P<path>[^":]+\.md)"$')


def expanded(text: str) -> str:
    """A page's Markdown with the Markdown fragments it includes put in (code includes inside
    fences, which show source files, are left out with the fences)."""
    out, fence = [], False
    for line in text.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
            continue
        if fence:
            continue
        m = MD_INCLUDE.match(line)
        if m:
            out.append(expanded((DOCS.parent / m["path"]).read_text(encoding="utf-8")))
        else:
            out.append(line)
    return "\n".join(out)


def record_pages() -> dict[str, str]:
    """The pages that show a study record (problem pages and journal posts), expanded."""
    return {rel: expanded(text) for rel, text in pages().items() if RECORD.search(text)}


def english_runs(text: str) -> list[str]:
    """Runs of four or more Latin-script words a reader reads on the page: not in code, math,
    headings, comments or front matter, and not a LeetCode problem's own title."""
    from tests.docs.test_records import latin_runs

    text = re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.S)
    text = re.sub(r"<!--.*?-->", " ", text, flags=re.S)
    text = re.sub(r"^#+ .*$", " ", text, flags=re.M)
    for d in drills.drills():
        text = text.replace(d.title, " ")
    return latin_runs(text)


def test_a_record_page_shows_no_english_paragraph() -> None:
    found = record_pages()
    assert {"graphs/200-islands.md", "blog/posts/2026-10-05.md"} <= set(found)
    for rel, text in found.items():
        assert english_runs(text) == [], rel


def test_the_english_check_has_teeth() -> None:
    old = "Scan the cells in row-major order; at each land cell not yet sunk, count one island."
    assert english_runs(f"섬을 센다.\n\n{old}\n") == [old.rstrip(".")]
    assert english_runs("# 200. Number of Islands\n\n`Scan the cells in order`와 BFS, DFS.\n") == []


@pytest.mark.parametrize("drill", drills.drills(), ids=lambda d: str(d.number))
def test_a_problem_page_states_its_problem_before_its_record(drill) -> None:
    from studylog.gen.drills import statement_path

    record = f"docs/generated/records/{drill.solution.__name__}.md"
    (page,) = [p for p in pages_including(record) if p.startswith("graphs/")]
    paths = INCLUDE.findall(pages()[page])
    assert statement_path(drill.number) in paths, page
    assert paths.index(statement_path(drill.number)) < paths.index(record), page
    text = (DOCS.parent / statement_path(drill.number)).read_text(encoding="utf-8")
    words = re.sub(r"[`\s]", "", drill.statement)
    assert words in re.sub(r"[`\s]", "", text), page
    for label in ("**예시 1**", "**제약**", *drill.constraints.lines()):
        assert label in text, (page, label)


def test_the_reference_implementation_is_named_as_declared_and_never_as_c_by_hand() -> None:
    from studylog.gen.drills import reference_text

    peers = (DOCS / "generated/drills/peers.md").read_text(encoding="utf-8")
    for p in declarations.problems():
        assert reference_text(p) in peers
        language = "C" if p.reference_is_c else "순수 Python"
        assert reference_text(p).endswith(f"({language})")
    assert "`graphlib.TopologicalSorter`(순수 Python)" in peers  # 207/210's peer
    for rel, text in pages().items():
        assert "C 참조 구현" not in text, rel
    statement = (DOCS / "generated/drills/problem-207.md").read_text(encoding="utf-8")
    assert "`graphlib.TopologicalSorter`(순수 Python)" in statement and "(C)" not in statement


@pytest.mark.parametrize("drill", drills.drills(), ids=lambda d: str(d.number))
def test_the_oracle_the_statement_names_is_the_one_that_runs(drill) -> None:
    # "networkx로 따로 계산한 답": the declared oracle really calls into networkx.
    import sys

    modules: set[str] = set()

    def trace(frame, event, arg):
        if event == "call":
            modules.add(frame.f_globals.get("__name__", ""))

    sys.setprofile(trace)
    try:
        drill.networkx(drill.examples[0])
    finally:
        sys.setprofile(None)
    assert any(m == "networkx" or m.startswith("networkx.") for m in modules), drill.number
    statement = (DOCS.parent / f"docs/generated/drills/problem-{drill.number}.md").read_text(
        encoding="utf-8"
    )
    assert "networkx로 따로 계산한 답" in statement


def _bench() -> dict:
    return gen.load_json(gen.RESULTS / "graphs_bench.json")


def test_the_speed_summary_names_every_function_below_the_goal_and_where_it_was_a_goal() -> None:
    """Issue 34: "모두 목표를 넘었다" beside problem pages that show 1.5배 was a claim its data
    contradicted. The summary now names, from the results file, each function measured at its
    target size that stays under the goal, and says which problems had the goal at all."""
    data = _bench()
    goal = data["settings"]["speedup_goal_vs_networkx"]
    text = gen.render_scaling(data, figures={})["overview"]
    paragraph = next(line for line in text.splitlines() if line.startswith("networkx보다"))
    for prob in data["problems"].values():
        target = prob.get("at_target")
        if not target or not target["is_target"]:
            continue
        for solver, r in target["ratios"].items():
            shown = f"`{solver}`({r['speedup_vs_networkx']:.1f}배"
            assert (shown in paragraph) == (r["speedup_vs_networkx"] < goal), solver
    for key in data["goals"]["speedup_vs_networkx"]:
        assert f"`{key.split(': ', 1)[1]}`" in paragraph.split("에 두었다")[0]
    assert ("모두 넘었다" in paragraph) == ("못 미친" not in paragraph)


@pytest.mark.parametrize(
    ("slope", "verdict"),
    [(1.3002, "선형"), (1.306, "선형보다 가파름"), (1.23, "선형"), (0.79, "선형")],
)
def test_a_slope_is_steeper_only_as_shown(slope: float, verdict: str) -> None:
    """One definition of linear (:mod:`graphs.tools.linear`): the slope as the page prints it
    (two decimals) is judged, so 1.30 is never steeper under a rule that ends at 1.3, and a
    slope under 1 is linear."""
    data = _bench()
    name, prob = next(iter(data["problems"].items()))
    solver = prob["ours"][0]
    prob["slopes"][solver] = slope
    page = gen.render_scaling(data, figures={})[name]
    row = next(line for line in page.splitlines() if f"| `{solver}` |" in line)
    assert row.endswith(f"| {slope:.2f} | {verdict} |"), row
