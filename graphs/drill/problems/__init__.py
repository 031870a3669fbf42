"""The problems the drill judges: one module per LeetCode problem, each with a ``DRILL``.

A new problem is a new module here (found by :func:`graphs.drill.drills`); see the recipe on
the site's drill page ("새 문제 추가하기") and :mod:`graphs.drill.problem`.
"""
