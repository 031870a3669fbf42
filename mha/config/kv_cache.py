"""Sliding windows: which layers of a model are local, and what its KV cache holds at a context.

A local (sliding-window) layer attends to the last ``window`` tokens only, so its cache never
holds more; a global layer keeps the whole context. The cache of a model at ``context`` tokens
is therefore ``sum over layers of min(context, window)`` tokens (``context`` for a global
layer), times the bytes one layer caches per token.

Each family says in its config which layers are local, by one of the rules of
:data:`WINDOW_RULES` (those of its ``transformers`` config class); a ``layer_types`` list in the
file (``"full_attention"`` / ``"sliding_attention"``, one per layer) overrides the rule, as it
does for ``transformers.DynamicCache(config=...)``.

This module needs only the standard library.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise

from mha.config.keys import KeyReader

#: ``layer_types`` entries read, and whether the layer is local. ``"attention"`` is the legacy
#: name ``transformers`` remaps to ``"full_attention"``.
LAYER_TYPES = {"full_attention": False, "attention": False, "sliding_attention": True}

# A rule gives (the window of the local layers or None, which layers are local or None for
# "every layer when there is a window", why there is no window).
RuleResult = tuple[int | None, list[bool] | None, str]


def _window(r: KeyReader) -> int | None:
    return r.positive_int("sliding_window", optional=True)


def _gated(r: KeyReader) -> tuple[int | None, str]:
    """Qwen's ``use_sliding_window`` switch: the window only counts when it is on."""
    if r.flag("use_sliding_window"):
        return _window(r), "sliding_window is null"
    shown = r.config.get("sliding_window")
    small = type(shown) is int and shown.bit_length() <= 100  # a number a line can show
    unused = f" (sliding_window = {shown:,} is not used)" if small else ""
    return None, f"use_sliding_window is false{unused}"


def _rule_all(r: KeyReader, n_layers: int) -> RuleResult:
    """Mistral, Mixtral, Phi-3, StarCoder2: every layer, when ``sliding_window`` is set."""
    return _window(r), None, "sliding_window is null"


def _rule_qwen2(r: KeyReader, n_layers: int) -> RuleResult:
    """Qwen2, Qwen3: with ``use_sliding_window``, the layers from ``max_window_layers`` on."""
    window, why = _gated(r)
    if window is None:
        return None, [False] * n_layers, why
    first = r.non_negative_int("max_window_layers")
    return window, [i >= first for i in range(n_layers)], why


def _rule_qwen2_moe(r: KeyReader, n_layers: int) -> RuleResult:
    """Qwen2-MoE: with ``use_sliding_window``, every other layer (0, 2, ...) below
    ``max_window_layers``."""
    window, why = _gated(r)
    if window is None:
        return None, [False] * n_layers, why
    below = r.non_negative_int("max_window_layers")
    return window, [i % 2 == 0 and i < below for i in range(n_layers)], why


def _rule_qwen3_moe(r: KeyReader, n_layers: int) -> RuleResult:
    """Qwen3-MoE: with ``use_sliding_window``, every layer."""
    window, why = _gated(r)
    return window, None, why


def _rule_gemma2(r: KeyReader, n_layers: int) -> RuleResult:
    """Gemma 2: local and global layers alternate, layer 0 local."""
    return _window(r), [i % 2 == 0 for i in range(n_layers)], "sliding_window is null"


def _rule_gemma3(r: KeyReader, n_layers: int) -> RuleResult:
    """Gemma 3: one global layer every ``sliding_window_pattern`` layers (5 local, 1 global)."""
    pattern = r.positive_int("sliding_window_pattern")
    assert pattern is not None
    local = [(i + 1) % pattern != 0 for i in range(n_layers)]
    return _window(r), local, "sliding_window is null"


#: Family rule name -> the rule (see :attr:`mha.config.families.Family.window`).
WINDOW_RULES: dict[str, Callable[[KeyReader, int], RuleResult]] = {
    "all": _rule_all,
    "qwen2": _rule_qwen2,
    "qwen2_moe": _rule_qwen2_moe,
    "qwen3_moe": _rule_qwen3_moe,
    "gemma2": _rule_gemma2,
    "gemma3": _rule_gemma3,
}


def _file_layer_types(r: KeyReader, n_layers: int) -> list[bool] | None:
    """The file's ``layer_types`` as "local?" per layer, or ``None`` if it gives none."""
    value = r.raw("layer_types") if "layer_types" in r.config else None
    if value is None:
        return None
    key = r.name("layer_types")
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        raise ValueError(f"{key}: expected a list of layer type names, got {value!r:.80}")
    if len(value) != n_layers:
        raise ValueError(f"{key}: expected one entry per layer ({n_layers}), got {len(value)}")
    unknown = sorted({t for t in value if t not in LAYER_TYPES})
    if unknown:
        raise ValueError(
            f"{key}: layer types {unknown} are not read; expected {sorted(LAYER_TYPES)}"
        )
    return [LAYER_TYPES[t] for t in value]


def layer_windows(
    rule: str, r: KeyReader, n_layers: int, notes: list[str] | None = None
) -> tuple[int | None, ...]:
    """The window of each layer (``None``: a global layer, it keeps the whole context).

    Parameters
    ----------
    rule : str
        A key of :data:`WINDOW_RULES`.
    r : KeyReader
        The config's reader.
    n_layers : int
        The layer count read.
    notes : list of str, optional
        Appended to: which layers are local (:func:`window_note`), or why a window the file
        names is not used.

    Returns
    -------
    tuple of (int or None)
        One entry per layer.

    Raises
    ------
    ValueError
        A window that is not a positive int, a ``layer_types`` list that is not one known name
        per layer, or local layers without a window (``sliding_window`` null, or switched off).

    Examples
    --------
    >>> r = KeyReader({"sliding_window": 8}, "config", {"layer_types": None}, False)
    >>> layer_windows("gemma2", r, 4)
    (8, None, 8, None)
    """
    window, local, why = WINDOW_RULES[rule](r, n_layers)
    from_file = _file_layer_types(r, n_layers)
    if from_file is not None:
        local = from_file
    if local is None:
        local = [window is not None] * n_layers
    if any(local) and window is None:
        first = local.index(True)
        source = "layer_types" if from_file is not None else "the family's layer pattern"
        raise ValueError(f"{r.where}: layer {first} is a sliding-window layer ({source}) but {why}")
    windows = tuple(window if is_local else None for is_local in local)
    if notes is not None:
        note = window_note(windows)
        if note is not None:
            notes.append(note)
        elif "not used" in why:
            notes.append(f"{why}: every layer keeps the whole context")
    return windows


def cached_tokens(windows: Sequence[int | None], context: int) -> tuple[int, ...]:
    """Tokens each layer holds when the token at position ``context`` attends: ``min(context,
    window)``, or ``context`` for a global layer.

    Examples
    --------
    >>> cached_tokens((4, None, 4), 10)
    (4, 10, 4)
    """
    return tuple(context if w is None else min(context, w) for w in windows)


def index_text(indices: Sequence[int]) -> str:
    """Layer indices in few words: ``1, 3, ..., 41`` (a progression), ``28-35`` (a run), or
    runs joined by commas.

    Examples
    --------
    >>> index_text([1, 3, 5, 7, 9]), index_text([28, 29, 30]), index_text([0, 1, 2, 4, 6, 7])
    ('1, 3, ..., 9', '28-30', '0-2, 4, 6-7')
    """
    items = list(indices)
    if len(items) >= 4:
        steps = {b - a for a, b in pairwise(items)}
        if len(steps) == 1 and steps != {1}:
            return f"{items[0]}, {items[1]}, ..., {items[-1]}"
    runs: list[list[int]] = []
    for i in items:
        if runs and i == runs[-1][-1] + 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def window_note(windows: Sequence[int | None]) -> str | None:
    """What the notes say about local layers (``None`` if every layer is global)."""
    local = [i for i, w in enumerate(windows) if w is not None]
    if not local:
        return None
    n = len(windows)
    sizes = sorted({w for w in windows if w is not None})
    size_text = " or ".join(f"{w:,}" for w in sizes)
    if len(local) == n:
        return (
            f"sliding window: all {n} layers are local, each keeping the last {size_text} "
            f"tokens, so the cache stops growing at {size_text} tokens"
        )
    glob = [i for i, w in enumerate(windows) if w is None]
    return (
        f"sliding window: {len(local)} of {n} layers are local (the last {size_text} tokens: "
        f"layers {index_text(local)}), {len(glob)} global (the whole context: layers "
        f"{index_text(glob)})"
    )
