"""Tools around the attention library that are not the library: benchmarks, the pitfall gallery
and the file helpers they share.

The library (the top-level ``mha`` modules) imports only torch and the standard library; the
tools may import more (hypothesis, numpy, matplotlib) and write files. Nothing in the library
imports a tool.
"""
