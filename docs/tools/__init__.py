"""The house's tools, written once for both domains: the atomic writer, the terminal check and
the interleaved timer with its machine facts.

``mha`` and ``graphs`` never import each other, so what both domains' tools, experiments and
drill need lives here, beside the site's own machinery (``docs.gen``, ``docs.journal``). The
libraries themselves (the top-level modules of ``mha`` and ``graphs``) never import it; it imports
neither domain (``tests/test_layering.py`` checks both).
"""
