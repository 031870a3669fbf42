"""The house's tools, written once for both domains.

- :mod:`~house.files`: the atomic writer (``atomic_write_text``, ``atomic_write_json``,
  ``replacing``) and ``check_writable``;
- :mod:`~house.timing`: the interleaved timer, medians, the log-log slope fit, the
  machine's facts, its load average and the installed versions;
- :mod:`~house.terminal`: whether a person watches stderr, and the one progress bar;
- :mod:`~house.outputs`: whether a command's ``--out`` can be written, checked before any
  work, and the one-line refusal;
- :mod:`~house.gallery`: the pitfall galleries' engine (the search for the smallest failing
  input, the results file, ``--check``, the command), run on a domain's declaration module
  named by its caller (``mha.tools.counterexamples``, ``graphs.tools.counterexamples``), whose
  constants are :mod:`~house.pitfall`'s ``Pitfall``.

``mha`` and ``graphs`` never import each other, nor the site's package (:mod:`studylog`), so
what both domains' tools, experiments and drill need lives here, in a package of its own. The
libraries themselves (the top-level modules of ``mha`` and ``graphs``, and ``mha.config``) never
import it; it imports neither domain nor :mod:`studylog`: the standard library, a third-party
package where a tool needs one (``tqdm`` for the bar) and itself (``tests/test_layering.py``
checks all of this).
"""
