"""The head-count experiment: one-layer attention models with 1 to 64 heads on synthetic tasks,
everything else held fixed, each compared once it has finished learning.

- :mod:`~mha.experiments.heads.tasks`: the tasks, their levels and the keys each answer needs;
- :mod:`~mha.experiments.heads.grids`: the fixed settings, the study and search grids;
- :mod:`~mha.experiments.heads.model`: embeddings -> one ``MultiHeadAttention`` -> a readout;
- :mod:`~mha.experiments.heads.training`: one run (train, score, analyse);
- :mod:`~mha.experiments.heads.analysis`: ablation, importance, redundancy, heatmaps;
- :mod:`~mha.experiments.heads.records`: a run as the store keeps it, and its check;
- :mod:`~mha.experiments.heads.running`: a grid's runs on the shared runner, biggest first;
- :mod:`~mha.experiments.heads.summary`: runs aggregated over seeds, per setting;
- :mod:`~mha.experiments.heads.verdict`: the shared rule with head counts as the variants;
- :mod:`~mha.experiments.heads.results`: results.json and execution.json, and how to know one;
- :mod:`~mha.experiments.heads.outputs`: which files the command may replace;
- :mod:`~mha.experiments.heads.validation`: the command's arguments, checked before training;
- :mod:`~mha.experiments.heads.table`: the study note's table, printed at the end;
- :mod:`~mha.experiments.heads.cli`: the command (``python -m mha.experiments.heads``);
- :mod:`~mha.experiments.heads.__main__`: ``python -m`` entry to :mod:`.cli`;
- :mod:`~mha.experiments.heads.plots`: the figures of the results file;
- :mod:`~mha.experiments.heads.bench`: the runner against a plain PyTorch loop.
"""
