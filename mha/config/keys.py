"""Reading the keys of one config dict: :class:`KeyReader`.

Each value is checked as it is read (a clear ``ValueError`` naming the key), and a key the file
leaves out falls back on the family's ``transformers`` default, which is noted in
:attr:`KeyReader.defaults_used`.

This module needs only the standard library.
"""

from __future__ import annotations

from typing import Any

from mha.config.families import Keys


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

    def positive_int(self, keys: Keys, *, optional: bool = False) -> int | None:
        """A positive int; with ``optional``, ``null`` gives ``None`` (and a missing size may
        take its default even for a guessed family)."""
        value = self.raw(keys, size=not optional)
        if value is None and optional:
            return None
        return self.check_int(self.key(keys), value, least=1)

    def non_negative_int(self, keys: Keys) -> int:
        """An int of at least 0 (``max_window_layers`` may be 0)."""
        return self.check_int(self.key(keys), self.raw(keys), least=0)

    def check_int(self, key: str, value: Any, least: int) -> int:
        """``value`` (read from ``key``) as an int of at least ``least``, else ``ValueError``."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{self.name(key)}: expected an int, got {value!r}")
        if value < least:
            kind = "a positive int" if least == 1 else f"an int of at least {least}"
            raise ValueError(f"{self.name(key)}: expected {kind}, got {value}")
        return value

    def flag(self, keys: Keys, *, null_is_false: bool = False) -> bool:
        """``true`` or ``false`` (with ``null_is_false``, ``null`` reads as false)."""
        value = self.raw(keys)
        if value is None and null_is_false:
            return False
        if not isinstance(value, bool):
            raise ValueError(f"{self.name(self.key(keys))}: expected true or false, got {value!r}")
        return value

    def fraction(self, key: str, value: Any, where: str | None = None) -> float:
        """A number in ``(0, 1]`` (a partial rotary factor)."""
        shown = where or self.name(key)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"{shown}: expected a number in (0, 1], got {value!r}")
        if not 0 < value <= 1:
            raise ValueError(f"{shown}: expected a number in (0, 1], got {value}")
        return float(value)
