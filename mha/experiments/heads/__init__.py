"""The head-count experiment: one-layer attention models with 1 to 64 heads on synthetic tasks,
everything else held fixed, each compared once it has finished learning.

- :mod:`~mha.experiments.heads.tasks`: the tasks, their levels and the keys each answer needs;
- :mod:`~mha.experiments.heads.model`: embeddings -> one ``MultiHeadAttention`` -> a readout,
  and the analysis of its heads (ablation, importance, redundancy, heatmaps);
- :mod:`~mha.experiments.heads.training`: one run (train, score, analyse);
- :mod:`~mha.experiments.heads.runs`: the fixed settings, the study and search grids, a run as
  the store keeps it, and a grid's runs on the shared runner, biggest first;
- :mod:`~mha.experiments.heads.summary`: runs aggregated over seeds, per setting, the verdict
  (the shared rule with head counts as the variants) and the table printed at the end;
- :mod:`~mha.experiments.heads.results`: results.json and execution.json, how to know one, and
  which files the command may replace;
- :mod:`~mha.experiments.heads.cli`: the command (``python -m mha.experiments.heads``), its
  arguments checked before training;
- :mod:`~mha.experiments.heads.__main__`: ``python -m`` entry to :mod:`.cli`;
- :mod:`~mha.experiments.heads.published`: the ``--compare`` record, read once and checked;
- :mod:`~mha.experiments.heads.reproduce`: the published record against this machine's runs;
- :mod:`~mha.experiments.heads.plots`: the figures of the results file;
- :mod:`~mha.experiments.heads.bench`: the runner against a plain PyTorch loop;
- :mod:`~mha.experiments.heads.bench_runner`: the runner against an earlier commit's.
"""
