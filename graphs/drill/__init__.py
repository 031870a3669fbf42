"""Drill a LeetCode graph problem: start the clock, judge your ``class Solution``, take hints.

``python -m graphs.drill start|check|hint|solved|list|review`` (:mod:`graphs.drill.cli`;
``list`` and ``review`` are :mod:`graphs.drill.views`, every ``--date`` :mod:`graphs.drill.dates`).
The parts:

- :mod:`graphs.drill.problem` — the :class:`Drill` declaration and discovery: every module of
  :mod:`graphs.drill.problems` with a ``DRILL`` is a problem (a new problem is a new module);
- :mod:`graphs.drill.limits`, :mod:`graphs.drill.kinds`, :mod:`graphs.drill.answers` — what a
  declaration is made of: LeetCode's constraints, the inputs built within them, how answers
  are compared and computed with networkx;
- :mod:`graphs.drill.judge` — LeetCode's verdict and the notes LeetCode never gives, decided in
  this process, with the limits of :mod:`graphs.drill.options` (shared with the command line);
  :mod:`graphs.drill.clock` — LeetCode's clock (an input's CPU limit calibrated on the
  project's solution); :mod:`graphs.drill.sandbox`, :mod:`graphs.drill.supervisor`,
  :mod:`graphs.drill.runner` and :mod:`graphs.drill.landlock` — the student's code in a
  confined process of its own, which no process it starts outlives;
- :mod:`graphs.drill.record` — the day's record, ``drills/YYYY-MM-DD.jsonl``, and
  :mod:`graphs.drill.practice` — the review queue and the progress replayed from every record;
- :mod:`graphs.drill.words` — every sentence of a verdict, and :mod:`graphs.drill.report` — the
  Korean report of a check (:mod:`graphs.drill.korean`: particles that fit the number or word
  before them).
"""

from graphs.drill.judge import check
from graphs.drill.options import CheckOptions, DrillError
from graphs.drill.problem import Drill, UnknownProblem, drills, find
from graphs.drill.record import attempt_summaries, read_record
from graphs.drill.report import VERDICTS

__all__ = [
    "VERDICTS",
    "CheckOptions",
    "Drill",
    "DrillError",
    "UnknownProblem",
    "attempt_summaries",
    "check",
    "drills",
    "find",
    "read_record",
]
