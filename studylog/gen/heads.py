"""Head-count experiment pages: the answer, tables, verdict, head analysis, figures, viewer.

Source: ``docs/results/heads.json``, written by ``python -m mha.experiments.heads --publish``
(and ``docs/results/heads_search.json`` for the trade-off search). The pages are made by the
modules beside this one, split along their seams: :mod:`studylog.gen.heads_note` (the
note's own question answered in one sentence), :mod:`studylog.gen.heads_prose` (the answer,
the verdict and how to reproduce the record), :mod:`studylog.gen.heads_tables` (with the head
analysis), :mod:`studylog.gen.heads_figures` (PNGs drawn with :mod:`mha.experiments.heads.plots`
into ``docs/results/heads_*.png``, redrawn only when their inputs change) and
:mod:`studylog.gen.heads_viewer` (the attention viewer's data).
"""

from __future__ import annotations

from studylog.gen.common import RESULTS, Content, load_json
from studylog.gen.heads_common import CEILING, SOURCE, TASK_KO, ranks
from studylog.gen.heads_figures import (
    FIGURE_DPI,
    HEATMAP_HEADS,
    JOURNAL_PAGE,
    RESULTS_PAGE,
    figures,
    summary_figures,
)
from studylog.gen.heads_note import headline_md, note_answer, sweep_sentence
from studylog.gen.heads_prose import (
    answer_md,
    answer_sentence,
    ordering,
    reproduce_md,
    verdict_md,
)
from studylog.gen.heads_tables import (
    SEARCH_SOURCE,
    analysis_md,
    budget_table_md,
    cost_side,
    patterns_md,
    search_md,
    table_md,
)
from studylog.gen.heads_viewer import VIEWER_DATA, expected_keys, viewer_data, viewer_md

__all__ = [
    "CEILING",
    "FIGURE_DPI",
    "HEATMAP_HEADS",
    "RESULTS",
    "SEARCH_SOURCE",
    "SOURCE",
    "TASK_KO",
    "VIEWER_DATA",
    "analysis_md",
    "answer_md",
    "answer_sentence",
    "budget_table_md",
    "cost_side",
    "expected_keys",
    "figures",
    "generate",
    "headline_md",
    "note_answer",
    "ordering",
    "patterns_md",
    "ranks",
    "reproduce_md",
    "search_md",
    "summary_figures",
    "sweep_sentence",
    "table_md",
    "verdict_md",
    "viewer_data",
    "viewer_md",
]


def generate() -> dict[str, Content]:
    """Every file this module makes, keyed by path relative to ``docs/``."""
    data = load_json(RESULTS / "heads.json")
    search = load_json(RESULTS / "heads_search.json")
    files, figures_md = figures(data)
    summary_files, sweep_md, budget_md = summary_figures(data)
    files.update(summary_files)
    files["generated/heads_headline.md"] = headline_md(data)
    files["generated/heads_answer.md"] = answer_md(data)
    files["generated/heads_accuracy.md"] = sweep_md(RESULTS_PAGE)
    files["generated/heads_accuracy_journal.md"] = sweep_md(JOURNAL_PAGE)
    files["generated/heads_budgets.md"] = budget_md
    files["generated/heads_budget_table.md"] = budget_table_md(data)
    files["generated/heads_search.md"] = search_md(search, data)
    files["generated/heads_patterns.md"] = patterns_md(data)
    files["generated/heads_table.md"] = table_md(data)
    files["generated/heads_verdict.md"] = verdict_md(data)
    files["generated/heads_reproduce.md"] = reproduce_md(data)
    files["generated/heads_analysis.md"] = analysis_md(data)
    files["generated/heads_figures.md"] = figures_md
    files[VIEWER_DATA] = viewer_data(data)
    files["generated/heads_viewer.md"] = viewer_md(data)
    return files
