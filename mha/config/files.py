"""Read a ``config.json`` from a path: one clear ``ValueError`` for every way it can be wrong.

:func:`mha.config.load_file` calls :func:`read_json_object` with the package's limits
(:data:`mha.config.MAX_FILE_BYTES`, :data:`mha.config.MAX_DEPTH`).

This module needs only the standard library.
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from itertools import accumulate
from pathlib import Path
from typing import Any


def read_json_object(path: str | Path, max_bytes: int, max_depth: int) -> dict[str, Any]:
    """Read the JSON object in the file at ``path``, at most ``max_bytes`` long and nested at
    most ``max_depth`` levels deep.

    Raises
    ------
    ValueError
        The path is missing, a directory, not a regular file (a FIFO or a device is refused
        before it is read, so nothing waits on it) or unreadable, the file is larger than
        ``max_bytes``, not UTF-8, not valid JSON, nested deeper than ``max_depth``, holds a
        number of more digits than Python parses, or not a JSON object. The message starts
        with the path.
    """
    path = Path(path)
    try:
        mode = path.stat().st_mode
        if not stat.S_ISREG(mode):
            raise ValueError(_not_regular(path, mode))
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            mode = os.fstat(f.fileno()).st_mode  # the file opened, not one swapped in since
            if not stat.S_ISREG(mode):
                raise ValueError(_not_regular(path, mode))
            data = f.read(max_bytes + 1)
        if len(data) > max_bytes:
            raise ValueError(f"{path}: larger than {max_bytes:,} bytes, not a config.json")
        text = data.decode("utf-8")
    except FileNotFoundError:
        raise ValueError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise ValueError(f"{path}: is a directory, expected a config.json file") from None
    except PermissionError:
        raise ValueError(f"{path}: permission denied") from None
    except UnicodeDecodeError as e:
        raise ValueError(f"{path}: not UTF-8 text (byte {e.start})") from None
    except OSError as e:
        raise ValueError(f"{path}: cannot be read ({e.strerror})") from None
    depth = json_depth(text)
    if depth > max_depth:
        raise ValueError(f"{path}: nested {depth} levels deep, more than {max_depth}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"{path}: not valid JSON ({e})") from None
    except ValueError:  # Python refuses to parse an int of more than 4,300 digits
        limit = sys.get_int_max_str_digits()
        raise ValueError(f"{path}: holds a number of more than {limit:,} digits") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a JSON object, got {type(data).__name__}")
    return data


def _not_regular(path: Path, mode: int) -> str:
    if stat.S_ISDIR(mode):
        return f"{path}: is a directory, expected a config.json file"
    kind = "a FIFO" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "a device"
    return f"{path}: is {kind}, not a regular file; expected a config.json file"


# A string, or an unterminated one up to the end (so no quote starts a second scan): linear.
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def json_depth(text: str) -> int:
    """How deeply the objects and arrays of JSON ``text`` nest (brackets inside strings do not
    count), without parsing it: ``json.loads`` recurses once per level and fails with a
    ``RecursionError`` on deep input. Linear time, no recursion.

    Examples
    --------
    >>> json_depth('{"a": [1, {"b": "[[["}]}'), json_depth("3")
    (3, 0)
    """
    brackets = re.sub(r"[^\[\]{}]+", "", _JSON_STRING.sub("", text))
    return max(accumulate(_DEPTH_STEP[c] for c in brackets), default=0)
