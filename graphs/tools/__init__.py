"""Tools around the graph solutions that are not the solutions: the scaling benchmark, the
pitfall gallery and the file helpers they share.

The solutions (the top-level ``graphs`` modules) import only the standard library and
themselves; the tools may import more (networkx, scipy, hypothesis, matplotlib, tqdm) and write
files. Nothing in the solutions imports a tool; the drill (``graphs.drill``) may.

- :mod:`~graphs.tools.bench`: ``python -m graphs.tools.bench``, the scaling benchmark's harness
  (on :mod:`~graphs.tools.scaling`, the problems and their peers, and
  :mod:`~graphs.tools.timing`, the interleaved timer and the machine's facts).
- :mod:`~graphs.tools.counterexamples`: ``python -m graphs.tools.counterexamples``, the pitfall
  gallery's declarations and search.
- :mod:`~graphs.tools.files`: the one atomic writer of ``graphs``.
"""
