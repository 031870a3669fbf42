"""Study records come from one place: the Korean record beside each solution (graphs/records/).

Which solutions need one is found, never listed: every drill's solution, every function the
benchmark measures or a wrong variant gets wrong, and every record a page includes.
"""

from __future__ import annotations

import inspect
import re

import pytest

import graphs
from graphs import records
from graphs.drill import problem as drills
from graphs.tools import counterexamples
from graphs.tools.scaling import problems
from house import gallery
from studylog.gen import records as gen
from studylog.gen.common import DOCS, ROOT

INCLUDE = re.compile(r'^--8<-- "docs/generated/records/(?P<name>\w+)\.md"$', re.MULTILINE)
HANGUL = re.compile(r"[가-힣]")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")


def included_records() -> dict[str, set[str]]:
    """``record name -> the pages (and journal posts) that include it``."""
    found: dict[str, set[str]] = {}
    for path in sorted(DOCS.rglob("*.md")):
        rel = path.relative_to(DOCS).as_posix()
        if rel.startswith("generated/"):
            continue
        for m in INCLUDE.finditer(path.read_text(encoding="utf-8")):
            found.setdefault(m["name"], set()).add(rel)
    return found


def needed() -> dict[str, str]:
    """``function name -> why it needs a record``, by discovery."""
    why: dict[str, str] = {}
    for d in drills.drills():
        why.setdefault(d.solution.__name__, f"the drill of LeetCode {d.number}")
    for p in problems():
        for f in p.ours:
            why.setdefault(f.removeprefix("graphs."), f"the benchmark {p.name!r}")
    for pit in gallery.declared(counterexamples):
        why.setdefault(pit.correct_function.removeprefix("graphs."), f"the pitfall {pit.name}")
    for name, pages in included_records().items():
        why.setdefault(name, f"included by {sorted(pages)}")
    return why


def missing() -> list[str]:
    have = set(records.names())
    return [f"{name} ({reason})" for name, reason in needed().items() if name not in have]


def prose(markdown: str) -> str:
    """The words a reader reads: code blocks, code spans, math and link targets removed."""
    text = re.sub(r"```.*?```", " ", markdown, flags=re.S)
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\\\(.*?\\\)", " ", text)
    return re.sub(r"\]\([^)]*\)", "]", text)


def latin_runs(text: str, at_least: int = 4) -> list[str]:
    """Runs of ``at_least`` Latin-script words with nothing but spaces and light punctuation
    between them ("Scan the cells in row-major order" is one; "BFS와 DFS" is not)."""
    words = r"[A-Za-z][A-Za-z'-]*"
    run = re.compile(rf"{words}(?:[ ,;:/.()]+{words}){{{at_least - 1},}}")
    return [m.group(0) for m in run.finditer(prose(text))]


# ----------------------------------------------------------------------------- which records


def test_every_solution_a_drill_a_page_or_a_gallery_uses_has_a_korean_record() -> None:
    assert len(needed()) >= 10
    assert missing() == []


def test_a_drill_without_a_record_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    have = records.names()
    monkeypatch.setattr(records, "names", lambda: [n for n in have if n != "oranges_rotting"])
    assert missing() == ["oranges_rotting (the drill of LeetCode 994)"]


def test_every_record_describes_a_public_function_and_is_generated() -> None:
    made = gen.generate()
    for name in records.names():
        func = getattr(graphs, name)
        assert inspect.isfunction(func) and name in graphs.__all__
        assert f"generated/records/{name}.md" in made
    assert len(made) == len(records.names())


def test_a_record_of_no_function_is_refused(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(records, "names", lambda: ["num_islands", "no_such_solution"])
    with pytest.raises(ValueError, match=r"graphs/records/no_such_solution\.md: graphs exports no"):
        gen.generate()


def test_every_included_record_is_on_disk_and_each_drilled_solution_is_on_a_page() -> None:
    on_pages = included_records()
    for name in on_pages:
        assert (DOCS / "generated" / "records" / f"{name}.md").is_file(), name
    for d in drills.drills():
        pages = {p for p in on_pages.get(d.solution.__name__, ()) if p.startswith("graphs/")}
        assert pages, f"no problem page shows the record of {d.solution.__name__}"


# ----------------------------------------------------------------------------- the record file


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("처음 줄\n## 접근\n가", "expected '## <field>' sections from the first line"),
        ("## Approach\nScan.", "unknown field 'Approach'"),
        ("## 접근\n가\n## 접근\n나", "field '접근' appears twice"),
        ("## 접근\n\n## 복잡도\nO(V)", "field '접근' is empty"),
        (
            "## 접근\n가\n## 복잡도\nO(V)",
            "missing field(s) ['그래프 표현', 'BFS / DFS', '흔한 실수']",
        ),
    ],
)
def test_a_malformed_record_is_named_with_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(records.RecordError, match=re.escape(f"graphs/records/x.md: {message}")):
        records.parse(text, "graphs/records/x.md")


def test_an_unknown_record_name_is_refused_naming_the_records() -> None:
    with pytest.raises(records.RecordError, match="no study record for 'nope'; records: bfs_order"):
        records.record("nope")
    with pytest.raises(records.RecordError, match=r"no study record for '\.\./x'"):
        records.record("../x")
    with pytest.raises(TypeError, match="name: expected str, got int"):
        records.record(200)


def test_the_record_files_ship_as_package_data() -> None:
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["graphs"]
    shipped = {p.stem for pattern in patterns for p in (ROOT / "graphs").glob(pattern)}
    assert shipped >= set(records.names())


# ----------------------------------------------------------------------------- what they say


@pytest.mark.parametrize("name", records.names())
def test_a_record_is_written_in_korean(name: str) -> None:
    text = prose("\n".join(records.record(name).values()))
    hangul, latin = len(HANGUL.findall(text)), sum(map(len, LATIN_WORD.findall(text)))
    assert hangul > 4 * latin, (name, hangul, latin)
    assert latin_runs(text) == [], name


@pytest.mark.parametrize("name", records.names())
def test_every_complexity_has_its_derivation(name: str) -> None:
    text = records.record(name)["복잡도"]
    bounds = re.findall(r"\\\(O\(", text)
    # The result, then the cost of each step it adds up (a numbered list or sentences).
    assert len(bounds) >= 3, (name, text)
    assert re.search(r"^\d\. ", text, flags=re.M) or text.count("다.") >= 3, name


@pytest.mark.parametrize(
    "pit", gallery.declared(counterexamples), ids=lambda p: p.name
)  # fmt: skip
def test_the_record_says_what_each_wrong_variant_taught(pit) -> None:
    name = pit.correct_function.removeprefix("graphs.")
    lessons = records.record(name).get(records.LESSONS, "")
    assert f"`{pit.name}`" in lessons, (name, pit.name)


def test_the_323_record_describes_union_find_as_its_code_does() -> None:
    # The hand-typed record once said "adjacency list, BFS" beside union-find code.
    record = records.record("count_components")
    source = (ROOT / "graphs/components.py").read_text(encoding="utf-8")
    assert "_union_find" in source and "adj" not in source
    assert "유니온 파인드" in record["접근"]
    assert "인접 리스트는 만들지 않는다" in record["그래프 표현"]


def test_the_docstrings_keep_only_the_short_complexity_note() -> None:
    for name in records.names():
        doc = inspect.getdoc(getattr(graphs, name)) or ""
        notes = doc.split("Notes\n-----\n", 1)[1].split("References\n", 1)[0]
        assert "**" not in notes and len(notes.split()) <= 60, (name, notes)
        assert "O(" in notes and f"graphs/records/{name}.md" in notes, name


def test_the_rendered_record_is_a_definition_list_of_every_field() -> None:
    name = "num_islands"
    text = (DOCS / "generated" / "records" / f"{name}.md").read_text(encoding="utf-8")
    assert text == gen.render(name, records.record(name))
    fields = re.findall(r"^(\S.*)\n:   ", text, flags=re.M)
    assert fields == list(records.record(name))


def test_each_record_names_its_own_mistakes() -> None:
    """Issue 34: 886's 흔한 실수 was 785's word for word (with "0번 정점" for people numbered
    from 1). A mistake may recur across problems, but each record says it in its own terms: no
    bullet stands word for word in two records."""
    seen: dict[str, str] = {}
    for name in records.names():
        for bullet in re.findall(r"^- (.+)$", records.record(name)["흔한 실수"], re.M):
            assert bullet not in seen, f"{name} and {seen[bullet]} both say {bullet[:60]!r}"
            seen[bullet] = name
    assert seen
