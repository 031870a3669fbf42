"""The study records of the solutions: one Korean Markdown file per solution function.

A record is the student's own review of a solution (approach, graph representation, BFS or DFS
and why, the complexity with its derivation, the classic mistakes, what the deliberately wrong
variants taught), written once, in Korean, beside the code: ``graphs/records/<function>.md``
for the function ``graphs.<function>``. The English docstring of that function keeps only the
API's short complexity note. ``studylog/gen/records.py`` renders each record into the problem
page and the journal; the drill's hints (:meth:`graphs.drill.problem.Drill.hints`) are read from
it too.

A record file is a list of sections, each a ``## <field>`` heading (a value of :data:`FIELDS`)
followed by Markdown paragraphs; HTML comments are ignored. The files are package data, so an
installed ``graphs`` finds them as a checkout does.

Examples
--------
>>> "num_islands" in names()
True
>>> list(record("num_islands"))[:2]
['접근', '그래프 표현']
"""

from __future__ import annotations

import re
from importlib import resources

__all__ = ["FIELDS", "LESSONS", "REQUIRED", "RecordError", "names", "parse", "record"]

#: Every field a record may hold, in the order it is shown.
FIELDS = ("접근", "그래프 표현", "BFS / DFS", "복잡도", "흔한 실수", "틀린 풀이에서 배운 것")
#: The fields every record must hold.
REQUIRED = FIELDS[:5]
#: The field that tells what the wrong variants (``graphs.pitfalls``) taught.
LESSONS = FIELDS[5]

_HEADING = re.compile(r"^## (?P<field>.+?)[ \t]*$", flags=re.M)
_COMMENT = re.compile(r"<!--.*?-->", flags=re.S)


class RecordError(ValueError):
    """A record file that is missing or not laid out as ``## <field>`` sections."""


def names() -> list[str]:
    """The functions that have a record (the ``*.md`` files beside this module), sorted."""
    files = resources.files(__name__).iterdir()
    return sorted(f.name[:-3] for f in files if f.name.endswith(".md") and f.is_file())


def parse(text: str, name: str = "record") -> dict[str, str]:
    """``field -> Markdown`` of one record's text, in the order of :data:`FIELDS`.

    Parameters
    ----------
    text : str
        The record file's text.
    name : str, default "record"
        What to call it in an error message.

    Returns
    -------
    dict of str to str
        Each field the text holds, its paragraphs stripped of surrounding blank lines.

    Raises
    ------
    RecordError
        (a ``ValueError``) naming the record, if text stands before the first heading, a
        heading is not a known field or is repeated, a section is empty, or a required field
        is missing.

    Examples
    --------
    >>> parse("## 접근\\n처음엔 ...\\n## 그래프 표현\\n격자\\n## BFS / DFS\\n스택\\n"
    ...       "## 복잡도\\nO(V)\\n## 흔한 실수\\n경계")["그래프 표현"]
    '격자'
    """
    if not isinstance(text, str):
        raise TypeError(f"text: expected str, got {type(text).__name__}")
    text = _COMMENT.sub("", text)
    heads = list(_HEADING.finditer(text))
    if not heads or text[: heads[0].start()].strip():
        raise RecordError(f"{name}: expected '## <field>' sections from the first line")
    found: dict[str, str] = {}
    for head, following in zip(heads, [*heads[1:], None], strict=True):
        field = head["field"]
        if field not in FIELDS:
            raise RecordError(f"{name}: unknown field {field!r}; expected one of {FIELDS}")
        if field in found:
            raise RecordError(f"{name}: field {field!r} appears twice")
        body = text[head.end() : following.start() if following else len(text)].strip()
        if not body:
            raise RecordError(f"{name}: field {field!r} is empty")
        found[field] = body
    missing = [f for f in REQUIRED if f not in found]
    if missing:
        raise RecordError(f"{name}: missing field(s) {missing}")
    return {f: found[f] for f in FIELDS if f in found}


def record(name: str) -> dict[str, str]:
    """The record of the function ``graphs.<name>``: ``field -> Markdown``.

    Raises
    ------
    RecordError
        (a ``ValueError``) if there is no such record (naming the ones there are) or it is
        malformed.
    TypeError
        If ``name`` is not a str.
    """
    if not isinstance(name, str):
        raise TypeError(f"name: expected str, got {type(name).__name__}")
    path = resources.files(__name__) / f"{name}.md"
    if not re.fullmatch(r"\w+", name) or not path.is_file():
        raise RecordError(f"name: no study record for {name!r}; records: {', '.join(names())}")
    return parse(path.read_text(encoding="utf-8"), f"graphs/records/{name}.md")
