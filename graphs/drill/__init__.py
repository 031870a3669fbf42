"""Drill a LeetCode graph problem: start the clock, judge your ``class Solution``, take hints.

``python -m graphs.drill start|check|hint|list`` (:mod:`graphs.drill.cli`). The parts:

- :mod:`graphs.drill.problem` — the :class:`Drill` declaration and discovery: every module of
  :mod:`graphs.drill.problems` with a ``DRILL`` is a problem (a new problem is a new module);
- :mod:`graphs.drill.limits`, :mod:`graphs.drill.kinds`, :mod:`graphs.drill.answers` — what a
  declaration is made of: LeetCode's constraints, the inputs built within them, how answers
  are compared and computed with networkx;
- :mod:`graphs.drill.judge` — LeetCode's verdict and the notes LeetCode never gives, decided in
  this process; :mod:`graphs.drill.clock` — LeetCode's clock (an input's CPU limit calibrated on
  the project's solution); :mod:`graphs.drill.sandbox` and :mod:`graphs.drill.runner` — the
  student's code in a process of its own;
- :mod:`graphs.drill.record` — the day's record, ``drills/YYYY-MM-DD.jsonl``;
- :mod:`graphs.drill.report` — the Korean report (:mod:`graphs.drill.korean`: particles that
  fit the number or word before them).
"""

from graphs.drill.judge import DrillError, check
from graphs.drill.problem import Drill, UnknownProblem, drills, find
from graphs.drill.record import attempt_summaries, read_record
from graphs.drill.report import VERDICTS

__all__ = [
    "VERDICTS",
    "Drill",
    "DrillError",
    "UnknownProblem",
    "attempt_summaries",
    "check",
    "drills",
    "find",
    "read_record",
]
