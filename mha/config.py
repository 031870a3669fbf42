"""Read a Hugging Face style model config and say what its attention costs.

Two key families are understood:

* GPT-2: ``n_embd``, ``n_head``, ``n_layer``; every projection has a bias.
* Llama / Mistral: ``hidden_size``, ``num_attention_heads``, ``num_key_value_heads`` (grouped-query
  attention), ``num_hidden_layers``, optional ``head_dim`` and ``attention_bias`` (no biases
  unless it says so).

``python -m mha.config [FILE ...]`` prints the table for config files (the shipped GPT-2 small,
Llama-3-8B and Mistral-7B when no file is named).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict, dataclass
from importlib import resources
from pathlib import Path
from typing import Any

BUILTIN = {"gpt2": "gpt2.json", "llama-3-8b": "llama-3-8b.json", "mistral-7b": "mistral-7b.json"}
BUILTIN_TITLES = {"gpt2": "GPT-2 small", "llama-3-8b": "Llama-3-8B", "mistral-7b": "Mistral-7B"}


@dataclass(frozen=True)
class AttentionSpec:
    """What a config says about attention.

    Attributes
    ----------
    d_model, n_heads, n_kv_heads, d_head, n_layers : int
        Widths and counts; ``n_kv_heads < n_heads`` means grouped-query attention.
    bias : bool
        Whether the q, k, v and output projections carry biases.
    attention_params_per_layer : int
        ``W_q`` ``(d_model, n_heads*d_head)``, ``W_k`` and ``W_v`` ``(d_model, n_kv_heads*d_head)``,
        ``W_o`` ``(n_heads*d_head, d_model)``, plus biases when present.
    kv_cache_bytes_per_token : int
        ``2 (K and V) * n_layers * n_kv_heads * d_head * dtype_bytes``.
    """

    d_model: int
    n_heads: int
    n_kv_heads: int
    d_head: int
    n_layers: int
    bias: bool
    attention_params_per_layer: int
    kv_cache_bytes_per_token: int


def _get_int(config: dict[str, Any], key: str) -> int:
    if key not in config:
        raise ValueError(f"config: missing key {key!r}")
    value = config[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"config[{key!r}]: expected an int, got {value!r}")
    if value < 1:
        raise ValueError(f"config[{key!r}]: expected a positive int, got {value}")
    return value


def describe(config: dict[str, Any], dtype_bytes: int = 2) -> AttentionSpec:
    """The attention shape and costs of a model config.

    Parameters
    ----------
    config : dict
        A parsed ``config.json`` of the GPT-2 or the Llama/Mistral family.
    dtype_bytes : int
        Bytes per cached number: 2 for fp16/bf16, 4 for fp32.

    Returns
    -------
    AttentionSpec

    Raises
    ------
    TypeError
        ``config`` is not a dict or ``dtype_bytes`` not an int.
    ValueError
        Missing keys, non-positive values, ``d_model`` not divisible by the head count (with no
        ``head_dim``), or a head count not divisible by the KV head count.

    Examples
    --------
    >>> spec = describe(load_builtin("gpt2"))
    >>> spec.d_head, spec.attention_params_per_layer
    (64, 2362368)
    >>> describe(load_builtin("llama-3-8b")).kv_cache_bytes_per_token
    131072

    Notes
    -----
    With grouped-query attention ``n_heads / n_kv_heads`` query heads share one K/V head, so
    ``W_k`` and ``W_v`` shrink by that factor and so does the KV cache.
    """
    if not isinstance(config, dict):
        raise TypeError(f"config: expected a dict, got {type(config).__name__}")
    if isinstance(dtype_bytes, bool) or not isinstance(dtype_bytes, int) or dtype_bytes < 1:
        raise TypeError(f"dtype_bytes: expected a positive int, got {dtype_bytes!r}")
    if "n_embd" in config:  # GPT-2 family
        d_model, n_heads = _get_int(config, "n_embd"), _get_int(config, "n_head")
        n_layers, n_kv_heads, bias = _get_int(config, "n_layer"), n_heads, True
        head_dim = None
    elif "hidden_size" in config:  # Llama / Mistral family
        d_model = _get_int(config, "hidden_size")
        n_heads = _get_int(config, "num_attention_heads")
        n_layers = _get_int(config, "num_hidden_layers")
        n_kv_heads = (
            _get_int(config, "num_key_value_heads")
            if config.get("num_key_value_heads") is not None
            else n_heads
        )
        head_dim = _get_int(config, "head_dim") if config.get("head_dim") is not None else None
        bias = config.get("attention_bias", False)
        if not isinstance(bias, bool):
            raise ValueError(f"config['attention_bias']: expected a bool, got {bias!r}")
    else:
        raise ValueError("config: no 'n_embd' (GPT-2) or 'hidden_size' (Llama/Mistral) key")

    if head_dim is None:
        if d_model % n_heads != 0:
            raise ValueError(
                f"config: d_model={d_model} is not divisible by n_heads={n_heads} "
                "and no 'head_dim' is given"
            )
        head_dim = d_model // n_heads
    if n_heads % n_kv_heads != 0:
        raise ValueError(
            f"config: num_attention_heads={n_heads} is not divisible by "
            f"num_key_value_heads={n_kv_heads}"
        )
    q_width, kv_width = n_heads * head_dim, n_kv_heads * head_dim
    params = d_model * q_width + 2 * d_model * kv_width + q_width * d_model
    if bias:
        params += q_width + 2 * kv_width + d_model
    kv_bytes = 2 * n_layers * kv_width * dtype_bytes
    return AttentionSpec(
        d_model=d_model,
        n_heads=n_heads,
        n_kv_heads=n_kv_heads,
        d_head=head_dim,
        n_layers=n_layers,
        bias=bias,
        attention_params_per_layer=params,
        kv_cache_bytes_per_token=kv_bytes,
    )


def load_builtin(name: str) -> dict[str, Any]:
    """One of the shipped configs: ``gpt2``, ``llama-3-8b``, ``mistral-7b``."""
    if name not in BUILTIN:
        raise ValueError(f"name: expected one of {sorted(BUILTIN)}, got {name!r}")
    text = resources.files("mha.configs").joinpath(BUILTIN[name]).read_text(encoding="utf-8")
    return json.loads(text)


def load_file(path: str | Path) -> dict[str, Any]:
    """Read a ``config.json``; clear errors for a missing file or bad JSON."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"path: no such file {path}") from None
    except json.JSONDecodeError as e:
        raise ValueError(f"path: {path} is not valid JSON ({e})") from None
    return data


COLUMNS = ["model", "layers", "heads", "KV heads", "d_head", "attn params/layer", "KV bytes/token"]


def table_rows(named: dict[str, AttentionSpec]) -> list[list[str]]:
    """Rows for :data:`COLUMNS`, numbers with thousands separators."""
    return [
        [
            name,
            str(s.n_layers),
            str(s.n_heads),
            str(s.n_kv_heads),
            str(s.d_head),
            f"{s.attention_params_per_layer:,}",
            f"{s.kv_cache_bytes_per_token:,}",
        ]
        for name, s in named.items()
    ]


def main(argv: list[str] | None = None) -> int:
    """Print the attention table for config files (or the shipped ones)."""
    parser = argparse.ArgumentParser(
        prog="python -m mha.config", description=__doc__.split("\n")[0]
    )
    parser.add_argument("files", nargs="*", help="config.json files (default: shipped configs)")
    parser.add_argument("--dtype-bytes", type=int, default=2, help="bytes per cached number")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    try:
        if args.files:
            named = {f: describe(load_file(f), args.dtype_bytes) for f in args.files}
        else:
            named = {
                BUILTIN_TITLES[n]: describe(load_builtin(n), args.dtype_bytes) for n in BUILTIN
            }
    except (ValueError, TypeError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({k: asdict(v) for k, v in named.items()}, indent=2))
        return 0
    rows = [COLUMNS, *table_rows(named)]
    widths = [max(len(r[i]) for r in rows) for i in range(len(COLUMNS))]
    for r in rows:
        print(
            "  ".join(
                c.rjust(w) if i else c.ljust(w)
                for i, (c, w) in enumerate(zip(r, widths, strict=True))
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
