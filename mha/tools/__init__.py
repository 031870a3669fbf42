"""Tools around the attention library that are not the library: the benchmark and the pitfall
gallery.

The library (the top-level ``mha`` modules) imports only torch and the standard library; the
tools may import more (hypothesis, numpy, matplotlib) and write files. Nothing in the library
imports a tool. What both domains' tools share (the atomic writer, the interleaved timer and the
machine's facts, the terminal check, the ``--out`` checks, the pitfall galleries' engine) is
written once in :mod:`house`; ``counterexamples`` holds only this gallery's declarations.
"""
