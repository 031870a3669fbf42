"""Page generator: every number and figure on the site is made here from a results file.

Each generator module in this package exposes ``generate() -> dict[str, str | bytes]`` mapping a
path relative to ``docs/`` to the content it must have. ``python -m studylog.gen`` writes them all;
``python -m studylog.gen --check`` lists the ones that are stale (the test suite runs the same
check).
"""
