"""Study records of the graph drills, generated from the solutions' docstrings.

A drill's record (approach, representation, BFS or DFS and why, complexity, classic mistakes)
is written once, in the ``Notes`` of the function that solves it, next to the code it
describes. This generator finds every public function of the ``graphs`` package whose docstring
carries such a record (no list of problems is kept here) and writes it as a table to
``docs/generated/records/<function>.md``; the problem pages include those tables. A page and
its code therefore cannot disagree: both come from the same file.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from types import ModuleType

from docs.gen.common import Content, header

# Docstring section marker -> row label on the Korean page. The order is the table's order.
FIELDS = {
    "Approach": "접근",
    "Representation": "그래프 표현",
    "BFS vs DFS": "BFS / DFS",
    "Approach / BFS vs DFS": "접근 / BFS·DFS",
    "Complexity": "복잡도",
    "Classic mistakes": "흔한 실수",
}
_MARK = re.compile(r"\*\*(?P<name>[A-Za-z /]+)\.\*\*")
_ROLE = re.compile(r":(?:func|mod|class|meth|data|attr):`~?(?P<target>[^`]+)`")
_LEETCODE = re.compile(r"LeetCode (?P<number>\d+), \"(?P<title>[^\"]+)\"")


def _markdown(text: str) -> str:
    """reStructuredText inline markup -> Markdown, on one line (a table cell)."""
    text = _ROLE.sub(lambda m: f"``{m['target']}``", text)
    text = re.sub(r"``(.+?)``", r"`\1`", text)
    return " ".join(text.split()).replace("|", "\\|")


def parse_record(doc: str) -> dict[str, str]:
    """The ``**Field.** text`` paragraphs of a docstring's Notes, by field name.

    Parameters
    ----------
    doc : str
        A numpydoc docstring.

    Returns
    -------
    dict of str to str
        Field name (a key of ``FIELDS``) -> its text in Markdown; empty if the docstring holds no
        record.

    Examples
    --------
    >>> parse_record("Notes\\n-----\\n**Approach.** Scan ``grid``.\\n**Complexity.** O(V).")
    {'Approach': 'Scan `grid`.', 'Complexity': 'O(V).'}
    """
    notes = doc.split("Notes\n", 1)
    if len(notes) < 2:
        return {}
    body = re.split(r"\n\s*References\n", notes[1], maxsplit=1)[0]
    marks = [m for m in _MARK.finditer(body) if m["name"] in FIELDS]
    record = {}
    for mark, following in zip(marks, [*marks[1:], None], strict=True):
        end = following.start() if following else len(body)
        record[mark["name"]] = _markdown(body[mark.end() : end])
    return record


def graphs_modules() -> list[ModuleType]:
    """Every public module of the ``graphs`` package, found by walking the package."""
    import graphs

    names = sorted(m.name for m in pkgutil.iter_modules(graphs.__path__) if m.name[0] != "_")
    return [importlib.import_module(f"graphs.{name}") for name in names]


def records() -> dict[str, tuple[str, dict[str, str], str | None]]:
    """``function name -> (module name, record, LeetCode problem or None)`` for every solution
    in the ``graphs`` package whose docstring holds a record."""
    found = {}
    for module in graphs_modules():
        for name in getattr(module, "__all__", ()):
            func = getattr(module, name)
            if not inspect.isfunction(func) or func.__module__ != module.__name__:
                continue
            doc = inspect.getdoc(func) or ""
            record = parse_record(doc)
            if "Approach" in record or "Approach / BFS vs DFS" in record:
                problem = _LEETCODE.search(doc)
                label = f"LeetCode {problem['number']}. {problem['title']}" if problem else None
                found[name] = (module.__name__, record, label)
    return found


def render(name: str, module: str, record: dict[str, str], problem: str | None) -> str:
    """One record as a two-column Markdown table."""
    rows = ["| 항목 | 기록 |", "| :-- | :-- |"]
    solves = f"`{module}.{name}`" + (f" ({problem})" if problem else "")
    rows.append(f"| 함수 | {solves} |")
    rows += [f"| {label} | {record[field]} |" for field, label in FIELDS.items() if field in record]
    return header(f"the docstring of {module}.{name}") + "\n" + "\n".join(rows) + "\n"


def generate() -> dict[str, Content]:
    return {
        f"generated/records/{name}.md": render(name, module, record, problem)
        for name, (module, record, problem) in records().items()
    }
