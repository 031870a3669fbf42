"""Tools around the graph solutions that are not the solutions: the scaling benchmark and the
pitfall gallery.

The solutions (the top-level ``graphs`` modules) import only the standard library and
themselves; the tools may import more (networkx, scipy, hypothesis, matplotlib, tqdm) and write
files. Nothing in the solutions imports a tool; the drill (``graphs.drill``) may.

- :mod:`~graphs.tools.bench`: ``python -m graphs.tools.bench``, the scaling benchmark's harness
  (on :mod:`~graphs.tools.scaling`, the problems and their peers).
- :mod:`~graphs.tools.counterexamples`: ``python -m graphs.tools.counterexamples``, the pitfall
  gallery's declarations (its search, file and command are :mod:`house.gallery`'s).
- :mod:`~graphs.tools.strategies`: the small graphs and grids that the gallery, the drill's
  judge and the tests draw from.

What both domains' tools share (the atomic writer, the interleaved timer and the machine's
facts, the log-log fit, the terminal check, the ``--out`` checks) is written once in
:mod:`house`.
"""
