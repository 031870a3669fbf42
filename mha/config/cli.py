"""``python -m mha.config [FILE ...]``: the attention table of config files (the shipped configs
in ``mha/configs/`` when no file is named), or ``--json``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import warnings
from dataclasses import asdict
from pathlib import Path
from typing import NoReturn

from mha.config import (
    BUILTIN,
    BUILTIN_TITLES,
    COLUMNS,
    MAX_CONTEXT,
    MAX_DTYPE_BYTES,
    AttentionSpec,
    describe,
    load_builtin,
    load_file,
    table_rows,
)


def _positive_int(text: str) -> int:
    """argparse type: an int of at least 1, with a one-line message otherwise."""
    try:
        value = int(text)
    except ValueError:
        shown = text if len(text) <= 40 else f"{text[:20]}...({len(text)} characters)"
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {shown!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value}")
    return value


def _dtype_bytes(text: str) -> int:
    """argparse type of ``--dtype-bytes``: a positive int of at most :data:`MAX_DTYPE_BYTES`."""
    value = _positive_int(text)
    if value > MAX_DTYPE_BYTES:
        shown = f"{value:,}" if value < 10**30 else f"{len(str(value))} digits"
        raise argparse.ArgumentTypeError(
            f"expected at most {MAX_DTYPE_BYTES} bytes (complex128), got {shown}"
        )
    return value


def _context(text: str) -> int:
    """argparse type of ``--context``: a positive int of at most :data:`MAX_CONTEXT`."""
    value = _positive_int(text)
    if value > MAX_CONTEXT:
        raise argparse.ArgumentTypeError(
            f"expected at most {MAX_CONTEXT:,} tokens, got {len(str(value))} digits"
            if value >= 10**30
            else f"expected at most {MAX_CONTEXT:,} tokens, got {value:,}"
        )
    return value


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def _main(argv: list[str] | None = None) -> int:
    """Print the attention table for config files (or the shipped ones).

    Each file that cannot be read gets one line on stderr naming it; the others are still
    reported, and the exit status is 2 if any file failed.
    """
    parser = _Parser(
        prog="python -m mha.config",
        description="Read model config.json files by their keys (and model_type) and print "
        "each model's attention: kind (MHA, GQA, MQA, MLA; +MoE), layers of each type (full, "
        "sliding, chunked, linear, mamba), heads, KV heads, d_head, biases, attention "
        "parameters per layer, the KV cache per token, the local (sliding-window) layers and "
        "the KV cache at a context (only the layers that keep one).",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument(
        "files",
        nargs="*",
        default=argparse.SUPPRESS,  # the help says what "none" means
        help="config.json files (default: the configs shipped in mha/configs)",
    )
    parser.add_argument(
        "--dtype-bytes",
        type=_dtype_bytes,
        default=2,
        help="bytes per cached number (2 for fp16/bf16, 4 for fp32)",
    )
    parser.add_argument(
        "--context",
        type=_context,
        default=8192,
        help="context length in tokens for the 'KV @ context' column (each local layer holds "
        "at most its sliding window)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    args.files = getattr(args, "files", [])

    named: dict[str, AttentionSpec] = {}
    failed = False
    sources = args.files or list(BUILTIN)
    for source in sources:
        label = source if args.files else BUILTIN_TITLES[source]
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                cfg = load_file(source) if args.files else load_builtin(source)
                named[label] = describe(cfg, args.dtype_bytes)
            except (ValueError, TypeError) as e:
                message = str(e)
                if not message.startswith(str(Path(source))):
                    message = f"{source}: {message}"
                print(f"error: {message}", file=sys.stderr)
                failed = True
        for w in caught:
            print(f"warning: {source}: {w.message}", file=sys.stderr)

    if named:
        if args.json:
            out = {}
            for k, v in named.items():
                out[k] = asdict(v) | {
                    "layer_counts": v.layer_counts,
                    "attention_layers": v.attention_layers,
                    "kv_cache_layers": v.kv_cache_layers,
                    "local_layers": v.local_layers,
                    "context": args.context,
                    "kv_cache_bytes_at_context": v.kv_cache_bytes(args.context),
                }
            print(json.dumps(out, indent=2))
        else:
            columns = [*COLUMNS[:-1], f"KV @ {args.context}"]
            rows = [columns, *table_rows(named, args.context)]
            widths = [max(len(r[i]) for r in rows) for i in range(len(columns))]
            for r in rows:
                print(
                    "  ".join(
                        c.ljust(w) if i <= 2 or i == 4 else c.rjust(w)
                        for i, (c, w) in enumerate(zip(r, widths, strict=True))
                    )
                )
    return 2 if failed else 0


def main(argv: list[str] | None = None) -> int:
    """The command (see :func:`_main`); Ctrl-C ends it with one line and exit status 130, and a
    reader that goes away (``... | head``) ends it quietly with 141 (128 + SIGPIPE)."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        print("interrupted: nothing was written", file=sys.stderr)
        return 130
    except BrokenPipeError:  # stdout's reader is gone: Python's flush at exit must not complain
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
