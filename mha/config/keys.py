"""Reading the keys of one config dict: :class:`KeyReader`.

Each value is checked as it is read (a clear ``ValueError`` naming the key), and a key the file
leaves out falls back on the family's ``transformers`` default, which is noted in
:attr:`KeyReader.defaults_used`.

Every int is bounded as it is read, before anything is built from it: a layer count by
:data:`MAX_LAYERS` (the reader keeps one window per layer), every other size by
:data:`MAX_SIZE` (so the products the table prints stay numbers a terminal can show).
``transformers`` checks neither: its config classes build a per-layer ``layer_types`` list from
``num_hidden_layers`` as given, so 10**9 layers exhaust memory there too.

This module needs only the standard library.
"""

from __future__ import annotations

from typing import Any

from mha.config.families import Keys

#: Most layers a config may have: 65,536, five hundred times today's deepest models (Llama 3.1
#: 405B has 126). :func:`mha.config.describe` keeps one sliding window per layer.
MAX_LAYERS = 1 << 16
#: Largest value of any other size a config gives (widths, head counts, windows, ranks,
#: experts): 2**40, about 10**12, far beyond any model, small enough that every product of
#: sizes prints as a short number.
MAX_SIZE = 1 << 40


def shown(value: Any, limit: int = 60) -> str:
    """``repr(value)`` for a message, cut to about ``limit`` characters (a long string, or an
    int of thousands of digits, would make a line no one reads).

    Examples
    --------
    >>> shown(12), shown("x" * 100, 10), shown(10**100, 10)
    ('12', "'xxxx...(102 characters)", 'an int of 101 digits')
    """
    if type(value) is int and value.bit_length() > 3 * limit:
        digits = len(str(abs(value))) if value.bit_length() < 14_000 else None
        return f"an int of {digits} digits" if digits else "an int of thousands of digits"
    text = repr(value)
    if len(text) <= limit:
        return text
    return f"{text[: max(limit // 2, 5)]}...({len(text)} characters)"


class KeyReader:
    """Reads keys of one config dict, falling back on a family's defaults and noting it.

    Parameters
    ----------
    config : dict
        The parsed config (for a multimodal config, its ``text_config``).
    where : str
        How messages name ``config``: ``"config"`` or ``"config['text_config']"``.
    defaults : dict
        The family's defaults.
    sizes_required : bool
        The family is only a guess (a config without ``model_type``): the required sizes must
        be in the file; flags and optional keys still take the assumed family's defaults.

    Examples
    --------
    >>> r = KeyReader({"hidden_size": 64}, "config", {"num_hidden_layers": 2}, False)
    >>> r.positive_int("hidden_size"), r.positive_int("num_hidden_layers"), r.defaults_used
    (64, 2, ['num_hidden_layers'])
    """

    def __init__(
        self, config: dict[str, Any], where: str, defaults: dict[str, Any], sizes_required: bool
    ) -> None:
        self.config, self.where, self.defaults = config, where, defaults
        self.sizes_required = sizes_required
        self.defaults_used: list[str] = []

    def key(self, keys: Keys) -> str:
        """The key of ``keys`` the file gives (the first present), else the one with a default
        (else the first)."""
        names = (keys,) if isinstance(keys, str) else keys
        present = [k for k in names if k in self.config]
        if present:
            return present[0]
        return next((k for k in names if k in self.defaults), names[0])

    def name(self, key: str) -> str:
        """``config['key']`` for messages."""
        return f"{self.where}[{key!r}]"

    def raw(self, keys: Keys, *, size: bool = False) -> Any:
        """The value of ``keys`` in the file, else the family's default (noted)."""
        key = self.key(keys)
        if key in self.config:
            return self.config[key]
        if (size and self.sizes_required) or key not in self.defaults:
            raise ValueError(f"{self.where}: missing key {key!r}")
        if key not in self.defaults_used:
            self.defaults_used.append(key)
        return self.defaults[key]

    def positive_int(
        self, keys: Keys, *, optional: bool = False, most: int = MAX_SIZE
    ) -> int | None:
        """A positive int of at most ``most``; with ``optional``, ``null`` gives ``None`` (and a
        missing size may take its default even for a guessed family)."""
        value = self.raw(keys, size=not optional)
        if value is None and optional:
            return None
        return self.check_int(self.key(keys), value, least=1, most=most)

    def non_negative_int(self, keys: Keys) -> int:
        """An int from 0 to :data:`MAX_SIZE` (``max_window_layers`` may be 0)."""
        return self.check_int(self.key(keys), self.raw(keys), least=0)

    def check_int(self, key: str, value: Any, least: int, most: int = MAX_SIZE) -> int:
        """``value`` (read from ``key``) as an int from ``least`` to ``most``, else
        ``ValueError``."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{self.name(key)}: expected an int, got {shown(value)}")
        if value < least:
            kind = "a positive int" if least == 1 else f"an int of at least {least}"
            raise ValueError(f"{self.name(key)}: expected {kind}, got {shown(value)}")
        if value > most:
            got = f"{value:,}" if value.bit_length() <= 100 else shown(value, 0)
            raise ValueError(f"{self.name(key)}: expected at most {most:,}, got {got}")
        return value

    def flag(self, keys: Keys, *, null_is_false: bool = False) -> bool:
        """``true`` or ``false`` (with ``null_is_false``, ``null`` reads as false)."""
        value = self.raw(keys)
        if value is None and null_is_false:
            return False
        if not isinstance(value, bool):
            got = shown(value)
            raise ValueError(f"{self.name(self.key(keys))}: expected true or false, got {got}")
        return value

    def fraction(self, key: str, value: Any, where: str | None = None) -> float:
        """A number in ``(0, 1]`` (a partial rotary factor)."""
        where_text = where or self.name(key)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"{where_text}: expected a number in (0, 1], got {shown(value)}")
        if not 0 < value <= 1:
            raise ValueError(f"{where_text}: expected a number in (0, 1], got {shown(value)}")
        return float(value)
