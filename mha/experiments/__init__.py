"""Experiments on the attention library, one folder each, on one shared runner.

- :mod:`mha.experiments.runner`: a grid of frozen specs -> runs in a process pool (workers exit
  with their parent) -> the per-run store -> the experiment's results file; Ctrl-C and SIGTERM
  keep every finished run.
- :mod:`mha.experiments.store`: one file per finished run, keyed by a hash of its spec.
- :mod:`mha.experiments.verdict`: do two variants differ by more than the seeds disagree?
- :mod:`mha.experiments.heads`: the head-count experiment (1 vs 4 vs 8 heads).

An experiment may use the library (``mha``'s top-level modules) and the tools (``mha.tools``);
the library never imports an experiment.
"""
