"""The study log's site machinery: the page generator and the commands that start a day.

- :mod:`studylog.gen`: ``python -m studylog.gen`` writes every generated fragment and figure under
  ``docs/`` from the results files (``docs/results/``), the study records and the drill records;
- :mod:`studylog.journal`: ``python -m studylog.journal new`` starts a day (its entry, and with
  ``--experiment`` its experiment), ``publish`` and ``drills`` finish it;
- :mod:`studylog.scaffold` and :mod:`studylog.vary`: the new experiment's files, from
  ``studylog/templates/``, and its ``--vary`` grid;
- :mod:`studylog.drill_log`: the day's drill log, read from the drill records;
- :mod:`studylog.griffe_roles`: Sphinx roles in docstrings become links on the API pages.

``docs/`` holds the site itself (Markdown, generated fragments, results files) and no Python.
The site is built on the product: this package imports ``mha``, ``graphs`` and :mod:`house`;
none of them imports it (``tests/test_layering.py``).
"""
