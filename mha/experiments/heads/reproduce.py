"""A published head-count record reproduced on this machine: what must agree, what may differ.

The runs are deterministic on one machine, not across CPUs: another CPU (or another torch
build) takes other kernels, rounds in another order, and 37 of the 100 runs of the study grid
came out a few units in the fourth decimal apart on a second machine, while every verdict was
the same. So a reproduction is judged by the science, not by the bytes:

- **must agree** — every verdict pair (``differ``, ``confident``, ``converged``,
  ``differ_at_budget`` of each pair of head counts), each setting's status, its still-learning
  head counts and the pairs where fewer heads win, and every cell's ``converged`` flag. A
  disagreement here is a different result: it is reported loudly and nothing is published by
  itself.
- **may differ** — each cell's seed-mean validation accuracy, within :func:`tolerance`: the
  larger of the two records' seed spreads (sample std) and :data:`FLOOR`; a larger difference
  with the same verdicts is reported as a note. And so ``best``, the head counts with the very
  highest mean: among head counts that do not differ, which one is on top by a few units in the
  fourth decimal is a matter of rounding (seen on this project's own machine: count's best was
  16 heads in the published record and 32 here, the pair 16 vs 32 "no difference" in both).

:func:`compare` takes the two results files' contents and returns a :class:`Comparison`;
:func:`report` says it in one Korean paragraph. :data:`RULE_KO` states the rule for the results
page ("다른 기계에서 재현하기"). :func:`check_record` checks every field the two read, naming
the first bad one by its path (``summary[3].val_accuracy_mean``); a mean or spread that is not
a finite number is refused in the published record and is a difference in the runs here, never
"reproduced".
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, NoReturn

from mha.experiments.heads.results import GRID_KEYS

#: The smallest tolerance on a cell's mean accuracy (a few units in the third decimal).
FLOOR = 0.002
#: Fields of a verdict pair that must agree.
PAIR_FIELDS = ("differ", "confident", "converged", "differ_at_budget")
#: Fields of a setting's verdict that must agree (``fewer_heads_win`` as its pairs of head counts).
SETTING_FIELDS = ("status", "still_learning", "fewer_heads_win")

#: The rule in the reader's words, for the results page.
RULE_KO = (
    "실행은 한 기계 안에서는 결정적이지만 기계가 다르면 바이트까지 같지는 않다. CPU가 다르면 "
    "torch가 다른 커널을 고르고 덧셈 순서가 달라져서, 소수 넷째 자리쯤에서 값이 갈린다. 그래서 "
    "재현은 바이트가 아니라 결론으로 판단한다.\n\n"
    "- **같아야 하는 것**: head 수 쌍마다의 판정(차이가 있는지, 확신할 만한지, 둘 다 수렴했는지, "
    "예산 안에서 차이가 났는지), 설정마다의 상태, 아직 배우는 중인 head 수, 적은 head가 이기는 쌍, "
    "그리고 칸마다의 수렴 여부. 하나라도 다르면 다른 결과다. 주 작업은 실패로 끝나고, 이 기계의 "
    "결과는 `runs/heads/results.json`에 남으며, 게시하는 명령을 알려 줄 뿐 스스로 게시하지 "
    "않는다.\n"
    f"- **달라도 되는 것**: 칸마다 시드 평균 검증 정확도. 두 기록의 시드 표준편차 중 큰 쪽과 "
    f"{FLOOR} 중 더 큰 값까지는 같은 결과로 본다. 판정이 같은데 이보다 더 벌어지면 "
    "알림으로만 적는다. 평균이 가장 높은 head 수도 여기에 들어간다. 서로 차이가 없는 head 수끼리는 "
    "소수 넷째 자리 차이로 1등이 바뀔 수 있어서다."
)


def tolerance(std_published: float | None, std_here: float | None) -> float:
    """How far a cell's mean accuracy may move: the larger seed spread, at least :data:`FLOOR`.

    Raises
    ------
    ValueError
        A spread that is negative or not a finite number (it would decide nothing).

    Examples
    --------
    >>> tolerance(0.0049, 0.0012), tolerance(None, 0.0001)
    (0.0049, 0.002)
    """
    for name, std in (("std_published", std_published), ("std_here", std_here)):
        if std is not None and not (math.isfinite(std) and std >= 0):
            raise ValueError(f"{name}: expected a finite spread >= 0 or None, got {std}")
    return max(FLOOR, std_published or 0.0, std_here or 0.0)


@dataclass
class Comparison:
    """What a reproduction found.

    Attributes
    ----------
    pairs : int
        Verdict pairs compared.
    cells : int
        Cells (task, level, head count) compared.
    differences : list of str
        What must agree and does not (verdicts, flags, missing cells): empty when reproduced.
    beyond_tolerance : list of str
        Cells whose mean moved more than :func:`tolerance` although the verdicts agree.
    largest : tuple or None
        ``(cell, published, here, difference)`` of the largest mean difference.
    """

    pairs: int = 0
    cells: int = 0
    differences: list[str] = field(default_factory=list)
    beyond_tolerance: list[str] = field(default_factory=list)
    largest: tuple[str, float, float, float] | None = None

    @property
    def reproduced(self) -> bool:
        """Every verdict, flag and cell agrees (means may differ within the rule)."""
        return not self.differences


def _grid(config: Mapping[str, Any]) -> dict[str, Any]:
    """The settings that decide a record (:data:`GRID_KEYS`); the rest of ``config`` is prose."""
    return {k: config.get(k) for k in GRID_KEYS}


def _claim(value: Any) -> Any:
    """A setting's field as a claim: a list of pairs becomes its ``(a, b)`` head counts."""
    if isinstance(value, list) and all(isinstance(p, Mapping) for p in value):
        return [(p["a"], p["b"]) for p in value]
    return value


def _label(task: str, level: int, n_heads: int | None = None) -> str:
    cell = f"{task} L{level}"
    return cell if n_heads is None else f"{cell} h{n_heads}"


def show(value: Any, width: int = 40) -> str:
    """``value`` as a results file spells it (``true``, ``null``, ``"x"``, ``NaN``), cut to
    ``width`` characters; a list or an object is named, not printed.

    Examples
    --------
    >>> show(True), show(None), show("x"), show(float("nan")), show([1, 2]), show(0.5)
    ('true', 'null', '"x"', 'NaN', 'a list', '0.5')
    """
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= width else text[: width - 1] + "…"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


#: Kinds of field :class:`_Check` knows: a test of the value, and what it expected in words.
_KINDS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "str": (lambda v: isinstance(v, str), "a string"),
    "int": (_is_int, "an integer"),
    "bool": (lambda v: isinstance(v, bool), "true or false"),
    "bool?": (lambda v: v is None or isinstance(v, bool), "true, false or null"),
    "ints": (lambda v: isinstance(v, list) and all(_is_int(x) for x in v), "a list of integers"),
}


class _Check:
    """The fields of one record, checked in order; the first bad one raises ``ValueError``
    naming the record and the field's path."""

    def __init__(self, name: str, finite: bool) -> None:
        self.name, self.finite = name, finite

    def fail(self, path: str, problem: str) -> NoReturn:
        raise ValueError(f"{self.name}: {path}: {problem}" if self.name else f"{path}: {problem}")

    def field(self, obj: Mapping[str, Any], path: str, key: str) -> Any:
        if key not in obj:
            self.fail(path, f"no field {show(key)}")
        return obj[key]

    def entries(
        self, value: Any, path: str, what: str = "a list of objects"
    ) -> list[tuple[str, Mapping[str, Any]]]:
        """``value`` as a list whose entries are objects (``what`` says what the list holds),
        each with its path ``path[i]``."""
        if not isinstance(value, list):
            self.fail(path, f"expected {what}, got {show(value)}")
        found = [(f"{path}[{i}]", entry) for i, entry in enumerate(value)]
        for at, entry in found:
            if not isinstance(entry, Mapping):
                self.fail(at, f"expected an object, got {show(entry)}")
        return found

    def kind(self, obj: Mapping[str, Any], path: str, key: str, kind: str) -> Any:
        """Field ``key`` of ``obj``, of one of the :data:`_KINDS`."""
        value = self.field(obj, path, key)
        fits, wanted = _KINDS[kind]
        if not fits(value):
            self.fail(f"{path}.{key}", f"expected {wanted}, got {show(value)}")
        return value

    def key(self, obj: Mapping[str, Any], path: str, *fields: tuple[str, str]) -> tuple:
        """The fields ``(key, kind)`` that identify ``obj`` among its list (:meth:`kind`)."""
        return tuple(self.kind(obj, path, key, kind) for key, kind in fields)

    def number(self, obj: Mapping[str, Any], path: str, key: str, top: float | None) -> None:
        """Field ``key``: null or a number in [0, ``top``] (``top`` ``None``: no upper bound);
        a number that is not finite is refused unless the record may hold one
        (``finite=False``: :func:`compare` counts it as a difference)."""
        value, where = self.field(obj, path, key), f"{path}.{key}"
        if value is None:
            return
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.fail(where, f"expected a number or null, got {show(value)}")
        if not math.isfinite(value):
            if self.finite:
                self.fail(where, f"expected a finite number or null, got {show(value)}")
            return
        if value < 0 or (top is not None and value > top):
            bounds = f"in [0, {top:g}]" if top is not None else ">= 0"
            self.fail(where, f"expected a number {bounds} or null, got {show(value)}")

    def unique(self, seen: dict[tuple, str], key: tuple, path: str, what: str) -> None:
        if key in seen:
            self.fail(path, f"a second {what} (the first is {seen[key]})")
        seen[key] = path


def check_record(record: Any, name: str, *, finite: bool = True) -> None:
    """Check every field :func:`compare` and :func:`report` read in one results file's contents.

    Parameters
    ----------
    record : Any
        The parsed results file: an object with ``config`` (an object), ``summary`` (cells with
        ``task``, ``level``, ``n_heads``, ``converged`` true/false/null and
        ``val_accuracy_mean`` in [0, 1] and ``val_accuracy_std`` >= 0, each a number or null)
        and ``verdict`` (settings with ``task``, ``level``, ``steps``, ``status``,
        ``still_learning`` (integers), ``fewer_heads_win`` (pairs with ``a`` and ``b``) and
        ``pairs`` (``a``, ``b`` and the booleans of :data:`PAIR_FIELDS`)); each cell, setting
        and pair once.
    name : str
        The record in messages (``"published"``, a file name); ``""`` for none.
    finite : bool
        Whether a mean or spread that is NaN or infinite is refused (the published record) or
        let through for :func:`compare` to count as a difference (the runs here).

    Raises
    ------
    ValueError
        ``"{name}: {path}: {problem}"`` for the first bad field, e.g.
        ``published: summary[3].val_accuracy_mean: expected a number or null, got "x"``.

    Examples
    --------
    >>> cell = {"task": "count", "level": 0, "n_heads": 1, "converged": True,
    ...         "val_accuracy_mean": "x", "val_accuracy_std": 0.01}
    >>> check_record({"config": {}, "summary": [cell], "verdict": []}, "published")
    Traceback (most recent call last):
    ...
    ValueError: published: summary[0].val_accuracy_mean: expected a number or null, got "x"
    """
    if not isinstance(record, Mapping) or not {"config", "summary", "verdict"} <= record.keys():
        _Check(name, finite).fail("the whole file", "expected a results file with config, "
                                  "summary and verdict")  # fmt: skip
    check = _Check(name, finite)
    if not isinstance(record["config"], Mapping):
        check.fail("config", f"expected an object, got {show(record['config'])}")
    cells: dict[tuple, str] = {}
    for path, cell in check.entries(record["summary"], "summary"):
        key = check.key(cell, path, ("task", "str"), ("level", "int"), ("n_heads", "int"))
        check.kind(cell, path, "converged", "bool?")
        check.number(cell, path, "val_accuracy_mean", 1.0)
        check.number(cell, path, "val_accuracy_std", None)
        check.unique(cells, key, path, f"cell {_label(*key)}")
    settings: dict[tuple, str] = {}
    for path, setting in check.entries(record["verdict"], "verdict"):
        key = check.key(setting, path, ("task", "str"), ("level", "int"), ("steps", "int"))
        check.kind(setting, path, "status", "str")
        check.kind(setting, path, "still_learning", "ints")
        for list_name in ("fewer_heads_win", "pairs"):
            where = f"{path}.{list_name}"
            found = check.field(setting, path, list_name)
            pairs: dict[tuple, str] = {}
            for at, pair in check.entries(found, where, "a list of pairs"):
                ab = check.key(pair, at, ("a", "int"), ("b", "int"))
                if list_name == "pairs":
                    for flag in PAIR_FIELDS:
                        check.kind(pair, at, flag, "bool")
                check.unique(pairs, ab, at, f"pair h{ab[0]} vs h{ab[1]}")
        check.unique(settings, key, path, f"verdict for {_label(key[0], key[1])}, {key[2]} steps")


def _index(rows: list[Mapping[str, Any]], *keys: str) -> dict[tuple, Mapping[str, Any]]:
    """Checked rows (:func:`check_record`) by their key fields."""
    return {tuple(r[k] for k in keys): r for r in rows}


def _finite(value: float | None) -> bool:
    return value is None or math.isfinite(value)


def compare(published: Mapping[str, Any], here: Mapping[str, Any]) -> Comparison:
    """Compare a results file reproduced here with the published one of the same grid.

    Parameters
    ----------
    published, here : mapping
        The contents of the two ``results.json`` files (``config``, ``summary``, ``verdict``).

    Returns
    -------
    Comparison
        Counts, the differences that matter and the mean differences (see the module). A mean
        or spread here that is NaN or infinite is a difference: it never reproduces.

    Raises
    ------
    ValueError
        A field :func:`check_record` refuses (the published record may hold no NaN or infinite
        mean or spread), or the two files are of different grids (the settings of ``config``
        named by :data:`~mha.experiments.heads.results.GRID_KEYS` differ).

    Notes
    -----
    ``O(C + P)`` for C cells and P verdict pairs: each side is checked and indexed once.

    Examples
    --------
    >>> cell = {"task": "count", "level": 0, "n_heads": 1, "converged": True,
    ...         "val_accuracy_mean": 0.5, "val_accuracy_std": 0.01}
    >>> pair = {"a": 1, "b": 4, "differ": True, "confident": True, "converged": True,
    ...         "differ_at_budget": True}
    >>> setting = {"task": "count", "level": 0, "steps": 10, "status": "differ", "best": [4],
    ...            "still_learning": [], "fewer_heads_win": [], "pairs": [pair]}
    >>> record = {"config": {}, "summary": [cell], "verdict": [setting]}
    >>> compare(record, record).reproduced
    True
    """
    check_record(published, "published")
    check_record(here, "here", finite=False)
    if _grid(published["config"]) != _grid(here["config"]):
        raise ValueError("here: the runs are of another grid than the published record")
    found = Comparison()
    old = _index(published["summary"], "task", "level", "n_heads")
    new = _index(here["summary"], "task", "level", "n_heads")
    for key in sorted(old.keys() | new.keys(), key=str):
        label = _label(*key)
        if key not in old or key not in new:
            found.differences.append(f"{label}: 한쪽 기록에만 있다")
            continue
        a, b = old[key], new[key]
        found.cells += 1
        if a["converged"] != b["converged"]:
            found.differences.append(
                f"{label}: 수렴 여부 {show(a['converged'])} → {show(b['converged'])}"
            )
        ma, mb = a["val_accuracy_mean"], b["val_accuracy_mean"]
        sa, sb = a["val_accuracy_std"], b["val_accuracy_std"]
        if not (_finite(mb) and _finite(sb)):  # only here may hold one (check_record)
            found.differences.append(
                f"{label}: 이 기계의 값이 유한한 수가 아니다 (평균 {show(mb)}, 표준편차 {show(sb)})"
            )
            continue
        if ma is None or mb is None:
            if (ma is None) != (mb is None):
                found.differences.append(f"{label}: 한쪽만 정확도가 없다 (발산)")
            continue
        gap = abs(mb - ma)
        if found.largest is None or gap > found.largest[3]:
            found.largest = (label, ma, mb, gap)
        allowed = tolerance(sa, sb)
        if gap > allowed:
            found.beyond_tolerance.append(
                f"{label}: 평균 {ma:.5f} → {mb:.5f} (차이 {gap:.4f}, 허용 {allowed:.4f})"
            )
    old_v = _index(published["verdict"], "task", "level", "steps")
    new_v = _index(here["verdict"], "task", "level", "steps")
    for key in sorted(old_v.keys() | new_v.keys(), key=str):
        label = _label(key[0], key[1])
        if key not in old_v or key not in new_v:
            found.differences.append(f"{label}: 판정이 한쪽 기록에만 있다")
            continue
        a, b = old_v[key], new_v[key]
        for name in SETTING_FIELDS:
            va, vb = _claim(a[name]), _claim(b[name])
            if va != vb:
                found.differences.append(f"{label}: {name} {va} → {vb}")
        pairs_a, pairs_b = _index(a["pairs"], "a", "b"), _index(b["pairs"], "a", "b")
        for pk in sorted(pairs_a.keys() | pairs_b.keys()):
            if pk not in pairs_a or pk not in pairs_b:
                found.differences.append(f"{label} h{pk[0]} 대 h{pk[1]}: 한쪽 기록에만 있다")
                continue
            found.pairs += 1
            for name in PAIR_FIELDS:
                va, vb = pairs_a[pk][name], pairs_b[pk][name]
                if va != vb:
                    found.differences.append(
                        f"{label} h{pk[0]} 대 h{pk[1]}: {name} {show(va)} → {show(vb)}"
                    )
    return found


def report(found: Comparison) -> str:
    """The comparison in Korean, one paragraph: the first line says whether it reproduced.

    Examples
    --------
    >>> largest = ("recall L1 h64", 0.98559, 0.98442, 0.00117)
    >>> for part in report(Comparison(pairs=48, cells=34, largest=largest)).split("; "):
    ...     print(part)
    재현됨: 판정 48쌍과 수렴 여부 34칸이 모두 같다
    가장 큰 차이 recall L1 h64 0.0012 (0.98559 → 0.98442)
    """
    if found.largest is None:
        biggest = ""
    else:
        label, a, b, gap = found.largest
        biggest = f"; 가장 큰 차이 {label} {gap:.4f} ({a:.5f} → {b:.5f})"
    if found.reproduced:
        lines = [f"재현됨: 판정 {found.pairs}쌍과 수렴 여부 {found.cells}칸이 모두 같다{biggest}"]
    else:
        lines = [f"재현되지 않음: 같아야 하는 것 {len(found.differences)}개가 다르다{biggest}"]
        lines += [f"  - {d}" for d in found.differences]
    if found.beyond_tolerance:
        lines.append(f"알림: 판정은 같지만 허용 범위를 넘은 칸 {len(found.beyond_tolerance)}개")
        lines += [f"  - {d}" for d in found.beyond_tolerance]
    return "\n".join(lines)


__all__ = ["FLOOR", "RULE_KO", "Comparison", "check_record", "compare", "report", "show",
           "tolerance"]  # fmt: skip
