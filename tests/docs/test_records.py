"""Study records come from one place: the docstring of the function whose code the page shows."""

from __future__ import annotations

import re

import graphs
from docs.gen import records
from docs.gen.common import DOCS, ROOT

INCLUDE = re.compile(r'--8<-- "(?P<path>[^":]+)(?::[\w-]+)?"')


def included(page: str) -> list[str]:
    return [m["path"] for m in INCLUDE.finditer((DOCS / page).read_text(encoding="utf-8"))]


def test_every_record_on_a_problem_page_comes_from_the_module_the_page_shows() -> None:
    found = records.records()
    pages = sorted(p.relative_to(DOCS).as_posix() for p in (DOCS / "graphs").glob("*.md"))
    checked = 0
    for page in pages:
        paths = included(page)
        shown_sources = {p for p in paths if p.startswith("graphs/") and p.endswith(".py")}
        for path in paths:
            m = re.fullmatch(r"docs/generated/records/(\w+)\.md", path)
            if m is None:
                continue
            module = found[m[1]][0]
            assert module.replace(".", "/") + ".py" in shown_sources, (page, m[1])
            checked += 1
    assert checked >= 5


def test_the_323_record_describes_union_find_as_its_code_does() -> None:
    # The hand-typed record once said "adjacency list, BFS" beside union-find code.
    text = (DOCS / "generated/records/count_components.md").read_text(encoding="utf-8")
    source = (ROOT / "graphs/components.py").read_text(encoding="utf-8")
    assert "Union-find" in text and "_union_find" in source
    assert "No adjacency lists are built" in text


def test_every_solution_with_a_leetcode_reference_has_a_record_page() -> None:
    leetcode = {n: r for n, r in records.records().items() if r[2] is not None}
    assert len(leetcode) >= 5  # 200, 695, 323, 207, 210 at least
    for name in leetcode:
        fragment = f"docs/generated/records/{name}.md"
        pages = [p for p in (DOCS / "graphs").glob("*.md")
                 if fragment in included(p.relative_to(DOCS).as_posix())]  # fmt: skip
        assert pages, f"no problem page shows the record of {name}"


def test_parse_record_reads_fields_in_any_layout_and_converts_markup() -> None:
    doc = (
        "Summary.\n\nNotes\n-----\n**Approach.** Scan with :func:`graphs.num_islands`.\n"
        "**Representation.** A ``bytearray``\n    over two lines.\n\n"
        "**Classic mistakes.** A | pipe.\n\nReferences\n----------\n.. [1] x\n"
    )
    assert records.parse_record(doc) == {
        "Approach": "Scan with `graphs.num_islands`.",
        "Representation": "A `bytearray` over two lines.",
        "Classic mistakes": "A \\| pipe.",
    }
    assert records.parse_record("No notes here.") == {}


def test_discovery_walks_the_whole_package() -> None:
    names = {m.__name__ for m in records.graphs_modules()}
    assert {"graphs.islands", "graphs.components", "graphs.courses", "graphs.traversal"} <= names
    assert all(not n.split(".")[-1].startswith("_") for n in names)
    assert graphs.__name__ == "graphs"
