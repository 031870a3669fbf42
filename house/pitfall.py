"""One pitfall of a gallery: a deliberately wrong function, what it should have been, where to
search for an input that shows the mistake, and how to record what a call does.

A domain's declaration module (``mha.tools.counterexamples``, ``graphs.tools.counterexamples``)
holds its pitfalls as :class:`Pitfall` constants; the gallery engine (:mod:`house.gallery`)
finds them, searches, and writes the results file. Nothing here imports hypothesis: a pitfall's
``strategy`` builds its search space only when the engine asks.

Examples
--------
>>> def absolute(x: int) -> int:
...     return x  # the mistake: negative numbers are left as they are
>>> ABS = Pitfall(
...     mistake="abs as the identity", what_goes_wrong="negative numbers stay negative",
...     wrong=absolute, correct=abs, correct_function="abs", strategy=lambda: None,
...     outcome=lambda f, x: {"returns": f(x)}, describe=lambda x: {"x": x},
... )
>>> ABS.fails(-3), ABS.fails(3), ABS.record(-3)
(True, False, {'input': {'x': -3}, 'correct': {'returns': 3}, 'wrong': {'returns': -3}})
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["Outcome", "Pitfall"]

#: ``(function, found) -> dict``: what a call of ``function`` on a search input does, as JSON.
Outcome = Callable[[Callable[..., Any], Any], dict[str, Any]]


def _as_is(found: Any) -> Any:
    return found


@dataclass(frozen=True)
class Pitfall:
    """One deliberately wrong function, what it should have been, and how to catch it.

    A search input (``found``) is whatever ``strategy`` draws: keyword arguments for the graph
    functions, a tuple of sizes and values for attention. The wrong variant goes wrong on it when
    ``goes_wrong(found)`` says so, by default when its outcome differs from the right one's.

    Parameters
    ----------
    mistake, what_goes_wrong : str
        The mistake in a line, and what it breaks (English; the pages explain it in Korean).
    wrong : callable
        The wrong function. Its ``__name__`` names the pitfall (and its page fragment), its
        module and name are the file's ``wrong_function``.
    correct : callable
        The right function, or an oracle that asks the wrong variant's question of it (a
        topological sort asked "is there a cycle?").
    correct_function : str
        The right function as the page names it (``"graphs.num_islands"``).
    strategy : callable
        ``() -> hypothesis strategy`` of search inputs (built when searched: hypothesis is
        imported only then).
    outcome : callable
        ``(function, found) -> dict``: what ``wrong`` or ``correct`` does on ``found``, as JSON
        (``{"returns": ...}`` or ``{"raises": ...}``).
    goes_wrong : callable, optional
        ``found -> bool``, the search's condition; default: the two outcomes differ.
    describe : callable, optional
        ``found -> dict``: the input as the file records it (default: ``found`` itself).
    called_with : callable, optional
        ``found -> dict``: the arguments the two functions really get, when they take ``found``
        in another form (LeetCode 886's 1-based ``dislikes`` from a 0-based graph): ``outcome``
        is then called on them, and they are recorded beside ``input`` so that the page shows
        what LeetCode passes.
    extra : callable, optional
        ``found -> dict``: more fields of the entry, computed on the minimal input.
    classic : optional
        A familiar input (the diamond, a 300 x 300 island), recorded like the minimal one.

    Raises
    ------
    TypeError
        A text field is not a non-empty string or a function field is not callable.
    """

    mistake: str
    what_goes_wrong: str
    wrong: Callable[..., Any]
    correct: Callable[..., Any]
    correct_function: str
    strategy: Callable[[], Any]
    outcome: Outcome
    goes_wrong: Callable[[Any], bool] | None = None
    describe: Callable[[Any], dict[str, Any]] = _as_is
    extra: Callable[[Any], dict[str, Any]] | None = None
    classic: Any = None
    called_with: Callable[[Any], dict[str, Any]] | None = None

    def __post_init__(self) -> None:
        for field in ("mistake", "what_goes_wrong", "correct_function"):
            value = getattr(self, field)
            if not isinstance(value, str) or not value:
                raise TypeError(f"{field}: expected a non-empty str, got {value!r}")
        for field in ("wrong", "correct", "strategy", "outcome", "describe"):
            if not callable(getattr(self, field)):
                raise TypeError(f"{field}: expected a callable, got {getattr(self, field)!r}")
        for field in ("goes_wrong", "extra", "called_with"):
            value = getattr(self, field)
            if value is not None and not callable(value):
                raise TypeError(f"{field}: expected a callable or None, got {value!r}")

    @property
    def name(self) -> str:
        """The wrong function's name: ``"num_islands_recursive"``."""
        return self.wrong.__name__

    @property
    def wrong_function(self) -> str:
        """The wrong function's full name: ``"graphs.pitfalls.num_islands_recursive"``."""
        return f"{self.wrong.__module__}.{self.wrong.__name__}"

    def _args(self, found: Any) -> Any:
        return found if self.called_with is None else self.called_with(found)

    def correct_outcome(self, found: Any) -> dict[str, Any]:
        """What the right function does on ``found``."""
        return self.outcome(self.correct, self._args(found))

    def wrong_outcome(self, found: Any) -> dict[str, Any]:
        """What the wrong function does on ``found``."""
        return self.outcome(self.wrong, self._args(found))

    def fails(self, found: Any) -> bool:
        """Whether the wrong variant goes wrong on ``found`` (the search's condition)."""
        if self.goes_wrong is not None:
            return bool(self.goes_wrong(found))
        return self.wrong_outcome(found) != self.correct_outcome(found)

    def record(self, found: Any) -> dict[str, Any]:
        """One case of the file: ``{"input", "correct", "wrong"}`` on ``found`` (and
        ``"called_with"``, when declared)."""
        case = {"input": self.describe(found)}
        if self.called_with is not None:
            case["called_with"] = self.called_with(found)
        return case | {"correct": self.correct_outcome(found), "wrong": self.wrong_outcome(found)}
