"""How a check runs: :class:`CheckOptions`, the one source of the judge's limits and defaults.

The judge (:func:`graphs.drill.judge.check`) takes them and ``python -m graphs.drill check``
builds its options from the same fields (each field's ``metadata`` holds its ``--help`` text),
so a default is written once. This module imports only the standard library: ``--help`` needs
no judge.

Examples
--------
>>> CheckOptions(time_limit=0.5).budget
120.0
>>> CheckOptions(budget=0)
Traceback (most recent call last):
...
graphs.drill.options.DrillError: budget: expected seconds > 0, got 0
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["CheckOptions", "DrillError"]


class DrillError(ValueError):
    """A request the judge refuses (unknown problem, missing file, a limit out of range)."""


@dataclass(frozen=True)
class CheckOptions:
    """The limits and switches of one check.

    Attributes
    ----------
    strict : bool
        The project's stricter rules as failures: an input the solution changed (``mutated``)
        and recursion deeper than plain Python's 1000 frames (``recursion``). LeetCode accepts
        both; by default they are notes on a pass.
    time_limit : float
        The least CPU time any input may take, in seconds. An input's limit is
        :data:`graphs.drill.clock.FACTOR` times the CPU time the project's solution takes on it
        in the judge's process, and never less than this.
    memory_mb : int
        Address-space limit of the child in MiB (its call stack is reserved on top); 0 for none.
    budget : float
        Seconds for the whole check.
    max_examples : int or None
        Hypothesis examples of the small search; None for that of the pitfall gallery
        (:data:`graphs.tools.counterexamples.MAX_EXAMPLES`), whose minimal inputs it then
        reproduces.
    progress : callable or None
        Called with a Korean text at each phase.

    Raises
    ------
    DrillError
        (a ``ValueError``) naming the field, for a limit out of range.
    TypeError
        Naming the field, for a limit that is not a number.
    """

    strict: bool = field(
        default=False,
        metadata={
            "help": "count the project's stricter rules as failures: an input the solution"
            " mutated, recursion deeper than plain Python's 1000 frames; stricter than"
            " LeetCode, which accepts both (default: off, they are notes on a pass)"
        },
    )
    time_limit: float = field(
        default=2.0,
        metadata={
            "help": "the least CPU seconds any input may take: an input's limit is 100 times the"
            " project's solution's CPU time on it, never less than this (default: %(default)s)"
        },
    )
    memory_mb: int = field(
        default=2048,
        metadata={
            "help": "address-space limit of the solution's process in MiB, 0 for none"
            " (default: %(default)s)"
        },
    )
    budget: float = field(
        default=120.0,
        metadata={
            "help": "seconds for the whole search; the process is killed a little after"
            " (default: %(default)s)"
        },
    )
    max_examples: int | None = field(
        default=None,
        metadata={"help": "hypothesis examples per search (default: the pitfall gallery's, 1000)"},
    )
    progress: Callable[[str], None] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.strict, bool):
            raise TypeError(f"strict: expected True or False, got {type(self.strict).__name__}")
        for name in ("time_limit", "budget"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise TypeError(f"{name}: expected seconds as a number, got {type(value).__name__}")
            if not 0 < value < math.inf:
                raise DrillError(f"{name}: expected seconds > 0, got {value}")
        memory = self.memory_mb
        if isinstance(memory, bool) or not isinstance(memory, int) or memory < 0:
            raise DrillError(f"memory_mb: expected an int >= 0 (0: no limit), got {memory!r}")
        most = self.max_examples
        if most is not None and (isinstance(most, bool) or not isinstance(most, int) or most < 1):
            raise DrillError(f"max_examples: expected an int >= 1, got {most!r}")
        if self.progress is not None and not callable(self.progress):
            raise TypeError(f"progress: expected a callable, got {type(self.progress).__name__}")
