"""The house's tools, written once for both domains.

- :mod:`~docs.tools.files`: the atomic writer (``atomic_write_text``, ``atomic_write_json``,
  ``replacing``) and ``check_writable``;
- :mod:`~docs.tools.timing`: the interleaved timer, medians, the log-log slope fit, the
  machine's facts, its load average and the installed versions;
- :mod:`~docs.tools.terminal`: whether a person watches stderr, and the one progress bar;
- :mod:`~docs.tools.outputs`: whether a command's ``--out`` can be written, checked before any
  work, and the one-line refusal;
- :mod:`~docs.tools.gallery`: the pitfall galleries' engine (the search for the smallest failing
  input, the results file, ``--check``, the command), run on a domain's declaration module
  named by its caller (``mha.tools.counterexamples``, ``graphs.tools.counterexamples``), whose
  constants are :mod:`~docs.tools.pitfall`'s ``Pitfall``.

``mha`` and ``graphs`` never import each other, so what both domains' tools, experiments and
drill need lives here, beside the site's own machinery (``docs.gen``, ``docs.journal``). The
libraries themselves (the top-level modules of ``mha`` and ``graphs``, and ``mha.config``) never
import it; it imports neither domain nor the rest of ``docs``: the standard library, a
third-party package where a tool needs one (``tqdm`` for the bar) and itself
(``tests/test_layering.py`` checks all of this).
"""
