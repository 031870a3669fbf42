"""The pitfall galleries' page fragments, written once for both domains.

A gallery's results file (``docs/results/<domain>_pitfalls.json``, made by the engine
:mod:`house.gallery` from a domain's declarations) becomes one fragment per pitfall, keyed by
the wrong function's name; each domain's generator (:mod:`studylog.gen.mha`,
:mod:`studylog.gen.graphs`) files them under ``docs/generated/<domain>/pitfalls/<name>.md``, which
the page that explains the mistake in Korean includes. The fragment says which functions are
compared, shows the smallest failing input (and a classic one, if recorded) with both outcomes, any
error message, what the domain adds (:data:`Extra`), and how the search ran. A declared pitfall
without a recorded counterexample, or a missing file, gets a fragment that says so, never made-up
values.

Rendered by field, not by pitfall: what the mistake is, in prose, is the page's.

This module has no ``generate()``: it is a helper of the generators, not a topic of its own.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from studylog.gen.common import header, load_json, md_table, missing_results

__all__ = [
    "Extra",
    "code",
    "input_cell",
    "outcome_cell",
    "pitfall_fragments",
    "render_pitfall",
    "search_note",
]

#: ``entry -> Markdown parts`` a domain adds to a pitfall's fragment (after the table).
Extra = Callable[[dict[str, Any]], list[str]]

CASES = (("minimal", "가장 작은 반례"), ("classic", "익숙한 예"))
SEARCH_FIELDS = {"tool", "derandomize", "max_examples"}  # the rest of ``search``: versions


def code(value: Any) -> str:
    """A value as inline code: compact JSON, a bool in Python spelling.

    Examples
    --------
    >>> code([[0.0, 1.0]]), code(True)
    ('`[[0.0, 1.0]]`', '`True`')
    """
    if isinstance(value, bool):
        return f"`{value}`"
    return "`" + json.dumps(value, ensure_ascii=False) + "`"


def input_cell(inp: dict[str, Any]) -> str:
    """A recorded input: each argument as code, or a big grid recorded by its size and fill.

    Examples
    --------
    >>> input_cell({"n": 1, "edges": []})
    '`n` = `1`, `edges` = `[]`'
    >>> input_cell({"grid": "3 x 3, every cell 1", "rows": 3, "cols": 3, "fill": 1})
    '3 × 3 격자, 모든 칸 `1`'
    """
    if isinstance(inp.get("grid"), str) and {"rows", "cols", "fill"} <= set(inp):
        return f"{inp['rows']} × {inp['cols']} 격자, 모든 칸 {code(inp['fill'])}"
    return ", ".join(f"`{key}` = {code(value)}" for key, value in inp.items())


def outcome_cell(out: dict[str, Any]) -> str:
    """What a call returned or raised, as a table cell.

    Examples
    --------
    >>> outcome_cell({"raises": "CycleError", "cycle": [0, 0]})
    '`CycleError` 발생 (사이클 `[0, 0]`)'
    >>> outcome_cell({"returns": {"shape": [1, 2, 4]}})
    '모양 `[1, 2, 4]`인 텐서'
    >>> outcome_cell({"returns": [[1.0]], "row_sums": [1.0]})
    '가중치 `[[1.0]]`, 행 합 `[1.0]`'
    """
    if "raises" in out:
        extra = f" (사이클 {code(out['cycle'])})" if "cycle" in out else ""
        return f"`{out['raises']}` 발생{extra}"
    value = out["returns"]
    if isinstance(value, dict) and set(value) == {"shape"}:
        return f"모양 {code(value['shape'])}인 텐서"
    text = code(value)
    if "row_sums" in out:
        text = f"가중치 {text}, 행 합 {code(out['row_sums'])}"
    return text


def _shown(case: dict[str, Any]) -> dict[str, Any]:
    """A case's input as the functions got it (``called_with``, LeetCode's form), if recorded."""
    return case.get("called_with", case["input"])


def _table(p: dict[str, Any]) -> str:
    """One case: a row per field (the inputs may be long); several: a row per case. A familiar
    example that is the smallest counterexample itself is one row, labelled as both."""
    cases = [(label, p[key]) for key, label in CASES if p.get(key)]
    if len(cases) == 2 and _shown(cases[0][1]) == _shown(cases[1][1]):
        cases = [(f"{cases[0][0]}(익숙한 예와 같다)", cases[0][1])]
    if len(cases) == 1:
        label, case = cases[0]
        return md_table(
            ["", "값"],
            [
                [label, input_cell(_shown(case))],
                ["올바른 함수", outcome_cell(case["correct"])],
                ["틀린 풀이", outcome_cell(case["wrong"])],
            ],
        )
    return md_table(  # the label alone in the first column: it stays in view on a phone
        ["", "입력", "올바른 함수", "틀린 풀이"],
        [
            [label, input_cell(_shown(case)), outcome_cell(case["correct"]),
             outcome_cell(case["wrong"])]
            for label, case in cases
        ],
    )  # fmt: skip


def render_pitfall(p: dict[str, Any], note: str, source: str, extra: Extra | None = None) -> str:
    """The fragment of one recorded pitfall ``p`` (an entry of the file's ``pitfalls``).

    Parameters
    ----------
    p : dict
        The entry: ``correct_function``, ``wrong_function``, ``minimal`` (and ``classic``).
    note : str
        How the search ran (:func:`search_note`), at the end.
    source : str
        The results file the header names.
    extra : callable, optional
        The domain's own parts, after the table and the error messages.
    """
    parts = [
        f"올바른 함수 `{p['correct_function']}`, 틀린 풀이 `{p['wrong_function']}`.\n",
        _table(p),
    ]
    for key, _ in CASES:
        for out in (p[key]["correct"], p[key]["wrong"]) if p.get(key) else ():
            if "message" in out:
                parts.append(f"`{out['raises']}`의 메시지:\n\n```text\n{out['message']}\n```\n")
    parts += extra(p) if extra else []
    return header(source) + "\n" + "\n".join(parts) + note


def search_note(data: dict[str, Any], command: str) -> str:
    """The line that says how the counterexamples were found: command, tool, versions, examples.

    Examples
    --------
    >>> note = search_note({"search": {"hypothesis": "6.1", "max_examples": 10}}, "python -m x")
    >>> "`python -m x`가 hypothesis(hypothesis 6.1, 난수 고정, 최대 10개 예제)" in note
    True
    """
    search = data.get("search", {})
    used = [f"{k} {v}" for k, v in search.items() if k not in SEARCH_FIELDS]
    how = ", ".join([*used, "난수 고정", f"최대 {search.get('max_examples', '?')}개 예제"])
    return (
        f"\n<small>반례는 `{data.get('generated_by', command)}`가 "
        f"{search.get('tool', 'hypothesis')}({how})로 찾았다.</small>\n"
    )


def pitfall_fragments(domain: str, results: Path, extra: Extra | None = None) -> dict[str, str]:
    """``wrong function name -> fragment`` for every declared or recorded pitfall of ``domain``.

    Parameters
    ----------
    domain : str
        The gallery's declaration module (``"graphs.tools.counterexamples"``); its pitfalls are
        found by :func:`house.gallery.declared`, its file by its ``RESULT_NAME``.
    results : Path
        The folder of results files (``docs/results``).
    extra : callable, optional
        The domain's own parts of each fragment (:data:`Extra`).

    Returns
    -------
    dict of str to str
        One fragment per pitfall, declared or recorded: a missing file or a declared pitfall
        the file does not hold yet gets a warning that says which command to run.
    """
    from house import gallery

    names = [p.name for p in gallery.declared(domain)]
    result = gallery.result_name(domain)
    source, command = f"docs/results/{result}", gallery.prog(domain)
    path = Path(results) / result
    if not path.is_file():
        return dict.fromkeys(names, missing_results(source, command))
    data = load_json(path)
    note = search_note(data, command)
    out = {p["name"]: render_pitfall(p, note, source, extra) for p in data["pitfalls"]}
    for name in names:
        if name not in out:
            out[name] = (
                header(source)
                + '\n!!! warning "아직 반례를 찾지 않았다"\n'
                + f"    `{source}`에 `{name}`의 반례가 아직 없다. `{command}`를 "
                + "실행한 뒤 `python -m studylog.gen`을 다시 실행한다.\n"
            )
    return out
