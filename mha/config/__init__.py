"""Read a Hugging Face style model config and say what its attention costs.

A ``config.json`` is read by its keys first. Nearly every config of 2025-2026 names its
attention with the same keys (``hidden_size``, ``num_attention_heads``, ``num_key_value_heads``,
``head_dim``, ``num_hidden_layers``, ``layer_types``), and those are read for any
``model_type`` (:mod:`~mha.config.by_keys`); a family table keeps only what the keys do not say.
The older families are read from :data:`FAMILIES`: one entry per model family that says which
keys hold the width, the head counts, ``head_dim`` and the layer count, which of the four
projections (q, k, v, o) carry a bias, the family's special form (multi-query, Falcon's two
layouts, DeepSeek's multi-head latent attention, encoder-only), how its layers use a sliding
window, and what its layers hold beside the projections (q/k norms, partial rotary dims, a
mixture of experts). A key that a file leaves out takes the default of the family's
``transformers`` config class, as ``transformers`` itself would; the result lists such keys in
``defaults_used``. A ``model_type`` in neither table is read by its keys with a note, or as the
family its ``architectures`` name (Kimi-K2's ``DeepseekV3ForCausalLM``); it is refused, naming
the missing key, only when the keys do not determine the attention.

Layers may differ (:mod:`~mha.config.layer_kinds`): full attention, a sliding window, chunked
attention, linear attention, Mamba. Only attention layers keep a KV cache, and the cache at a
context is the sum over them of ``min(context, window or chunk)`` tokens (a full layer keeps the
whole context), as ``transformers``' own cache keeps it (:func:`mha.params.kv_cache_bytes`);
a layer that reuses an earlier layer's K/V (Gemma 4) keeps none of its own.

A multimodal config (LLaVA, Gemma 3, Qwen3-VL, Llama 4) is read through its nested
``text_config``. A config without ``model_type`` is read by its ``architectures`` or its keys
(BERT-style encoder keys such as ``type_vocab_size`` make it an encoder) with a warning that
names the family assumed.

``python -m mha.config [FILE ...]`` prints the table for config files (the shipped configs in
``mha/configs/`` when no file is named).

The package, one idea a module (every public name is also here, as ``mha.config.<name>``):

- :mod:`~mha.config.families`: the family table (:data:`FAMILIES`, :data:`NESTED`,
  :data:`REFUSED`, :data:`ARCHITECTURES`);
- :mod:`~mha.config.reader`: :func:`describe`, a parsed config read by its family or keys;
- :mod:`~mha.config.by_keys`: the reading by standard keys, and its exceptions
  (:data:`~mha.config.by_keys.KEY_FAMILIES`: biases, q/k norms, sinks, gated queries);
- :mod:`~mha.config.layer_kinds`: each layer's kind (full, sliding, chunked, linear, mamba);
- :mod:`~mha.config.sparse`: DeepSeek-V3.2's sparse attention (MLA plus an indexer);
- :mod:`~mha.config.gemma4`: Gemma 4's layers (a shape per layer type, K=V full layers, last
  layers that reuse earlier layers' K/V and keep no cache);
- :mod:`~mha.config.mimo`: MiMo-V2's own layer-pattern and sliding-shape keys checked against
  what transformers builds, and ``mimo_v2`` (MiMo-V2.5/V2.6) read as MiMo-V2-Flash;
- :mod:`~mha.config.keys`: :class:`~mha.config.keys.KeyReader`, the checked reading of keys,
  each size bounded before anything is built from it (:data:`MAX_LAYERS`, :data:`MAX_SIZE`);
- :mod:`~mha.config.kv_cache`: sliding windows and the cache at a context;
- :mod:`~mha.config.extras`: q/k norms, partial rotary dims, experts, bidirectional attention;
- :mod:`~mha.config.guess`: the family of a config without ``model_type``;
- :mod:`~mha.config.spec`: :class:`AttentionSpec`, what :func:`describe` returns;
- :mod:`~mha.config.shipped`: the configs shipped in ``mha/configs/`` (:func:`load_builtin`);
- :mod:`~mha.config.files`: a ``config.json`` read from a path, whatever the path holds;
- :mod:`~mha.config.table`: the printed table (:func:`table_rows`, :func:`human_bytes`,
  :func:`local_text`);
- :mod:`~mha.config.cli`: the command (:func:`main`).

It needs only the standard library and :mod:`mha.params` (the head-size rule, the parameter
formula and the KV-cache formula).

Examples
--------
>>> spec = describe(load_builtin("llama-3-8b"))
>>> spec.kind, spec.n_kv_heads, human_bytes(spec.kv_cache_bytes(8192))
('GQA', 8, '1.0 GiB')
>>> mistral = describe(load_builtin("mistral-7b"))  # every layer keeps the last 4,096 tokens
>>> per_token = mistral.kv_cache_bytes_per_token
>>> human_bytes(mistral.kv_cache_bytes(32768)), human_bytes(32768 * per_token)
('512.0 MiB', '4.0 GiB')
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mha.config.families import ARCHITECTURES, FAMILIES, NESTED, PROJECTIONS, REFUSED, Family
from mha.config.files import json_depth, read_json_object
from mha.config.keys import MAX_LAYERS, MAX_SIZE
from mha.config.reader import describe
from mha.config.shipped import BUILTIN, BUILTIN_TITLES, load_builtin
from mha.config.spec import MAX_CONTEXT, MAX_DTYPE_BYTES, AttentionSpec
from mha.config.table import (
    COLUMNS,
    bias_text,
    human_bytes,
    kind_text,
    layer_types_text,
    local_text,
    table_rows,
)

__all__ = [
    "ARCHITECTURES",
    "BUILTIN",
    "BUILTIN_TITLES",
    "COLUMNS",
    "FAMILIES",
    "MAX_CONTEXT",
    "MAX_DEPTH",
    "MAX_DTYPE_BYTES",
    "MAX_FILE_BYTES",
    "MAX_LAYERS",
    "MAX_SIZE",
    "NESTED",
    "PROJECTIONS",
    "REFUSED",
    "AttentionSpec",
    "Family",
    "bias_text",
    "describe",
    "human_bytes",
    "json_depth",
    "kind_text",
    "layer_types_text",
    "load_builtin",
    "load_file",
    "local_text",
    "main",
    "table_rows",
]

#: Largest config file :func:`load_file` reads (a real config.json is a few KiB).
MAX_FILE_BYTES = 16 << 20
#: Deepest nesting of objects and arrays :func:`load_file` accepts (real configs: 3 or 4).
MAX_DEPTH = 64


def load_file(path: str | Path) -> dict[str, Any]:
    """Read a ``config.json``; one clear ``ValueError`` for every way the file can be wrong.

    The limits are this package's :data:`MAX_FILE_BYTES` and :data:`MAX_DEPTH` as they stand
    when it is called (:func:`mha.config.files.read_json_object` does the reading).

    Raises
    ------
    ValueError
        The path is missing, a directory, not a regular file (a FIFO or a device is refused
        before it is read, so nothing waits on it) or unreadable, the file is larger than
        :data:`MAX_FILE_BYTES`, not UTF-8, not valid JSON, nested deeper than :data:`MAX_DEPTH`,
        or not a JSON object. The message starts with the path.
    """
    return read_json_object(path, MAX_FILE_BYTES, MAX_DEPTH)


def main(argv: list[str] | None = None) -> int:
    """Print the attention table for config files (or the shipped ones).

    Each file that cannot be read gets one line on stderr naming it; the others are still
    reported, and the exit status is 2 if any file failed. (The command is
    :func:`mha.config.cli.main`, imported when called: it uses this package's names.)
    """
    from mha.config.cli import main as command

    return command(argv)
