"""The published record that ``--compare`` names: read once, before any training, and checked.

:func:`read_bytes` takes the file's bytes into memory once, from a regular file or a pipe (the
``/dev/fd/N`` of a shell's ``<(...)``), never waiting on a FIFO that no one writes to and
refusing folders, devices and sockets before opening them; at most :data:`MAX_BYTES`.
:func:`parse` makes JSON of them, refusing nesting deeper than :data:`MAX_DEPTH` before the
parser can recurse and the NaN and Infinity that a results file (strict JSON) never holds,
naming where. :func:`load` does both and checks the record against the results file's schema
(every field :func:`~mha.experiments.heads.reproduce.compare` reads, the grid the arguments
run, a cell for every task, level and head count of it), refusing the results file that
``--out`` will write; each problem is a :class:`~mha.experiments.runner.UsageError` naming
``--compare``.
"""

from __future__ import annotations

import json
import math
import os
import re
import select
import stat
from collections.abc import Mapping
from itertools import accumulate
from pathlib import Path
from typing import Any

from mha.experiments.heads.reproduce import check_record, show
from mha.experiments.heads.results import GRID_KEYS, RESULTS_KEYS
from mha.experiments.runner import UsageError

#: The largest published record read (the study's is about 1.5 MB, the search's 2.3 MB).
MAX_BYTES = 64 * 2**20
#: The deepest nesting of lists and objects read (a results file nests 9 levels).
MAX_DEPTH = 32
#: Seconds to wait for the next bytes from a pipe whose writer is still there.
PIPE_WAIT_S = 30.0


def _kind(mode: int) -> str | None:
    """What a file that is neither regular nor a pipe is, in words; ``None`` for those two."""
    if stat.S_ISREG(mode) or stat.S_ISFIFO(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _too_big() -> ValueError:
    return ValueError(f"larger than {MAX_BYTES / 2**20:g} MiB; a results file is a few MB")


def _drain(fd: int) -> bytes:
    """Every byte of ``fd`` (opened non-blocking) up to its end, waiting at most
    :data:`PIPE_WAIT_S` for each next chunk of a pipe whose writer has not finished."""
    chunks: list[bytes] = []
    size = 0
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    while True:
        try:
            chunk = os.read(fd, 1 << 20)
        except BlockingIOError:  # a writer is there, with nothing written yet
            if not poller.poll(PIPE_WAIT_S * 1000):
                raise ValueError(
                    f"no data came through the pipe within {PIPE_WAIT_S:g} s"
                ) from None
            continue
        if not chunk:  # the end of the file, or no writer left on the pipe
            return b"".join(chunks)
        size += len(chunk)
        if size > MAX_BYTES:
            raise _too_big()
        chunks.append(chunk)


def read_bytes(path: Path) -> bytes:
    """The bytes of the regular file or pipe at ``path``, read once.

    Parameters
    ----------
    path : Path
        A regular file, or a pipe (a FIFO, or the ``/dev/fd/N`` a shell gives for ``<(...)``).

    Returns
    -------
    bytes
        Its whole content.

    Raises
    ------
    ValueError
        It cannot be read, is a folder, device or socket, holds nothing (a FIFO with no writer
        holds nothing), is larger than :data:`MAX_BYTES`, or a pipe's writer sent nothing for
        :data:`PIPE_WAIT_S`. The message does not name ``path``.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile() as f:
    ...     _ = f.write(b"{}"); f.flush()
    ...     read_bytes(Path(f.name))
    b'{}'
    """
    try:
        before = os.stat(path)  # opening a device could do something: look first
        kind = _kind(before.st_mode)
        if kind is not None:
            raise ValueError(f"is {kind}; give a results file or a pipe")
        if stat.S_ISREG(before.st_mode) and before.st_size > MAX_BYTES:
            raise _too_big()
        # non-blocking: opening a FIFO does not wait for a writer
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as e:
        raise ValueError(f"cannot read it: {e.strerror or e}") from None
    try:
        if stat.S_IFMT(os.fstat(fd).st_mode) != stat.S_IFMT(before.st_mode):
            raise ValueError("was replaced by another kind of file while it was opened")
        data = _drain(fd)
    except OSError as e:
        raise ValueError(f"cannot read it: {e.strerror or e}") from None
    finally:
        os.close(fd)
    if not data:
        pipe = stat.S_ISFIFO(before.st_mode)
        raise ValueError("no data came through the pipe (nothing is writing to it)" if pipe
                         else "is empty")  # fmt: skip
    return data


_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_OPENING = frozenset(b"[{")


def depth(data: bytes) -> int:
    """How deep the lists and objects of the JSON text ``data`` nest, from its brackets
    outside strings, without parsing it (a parser recurses once per level).

    Examples
    --------
    >>> depth(b'{"a": [[1], "]]]"]}'), depth(b"1")
    (3, 0)
    """
    brackets = _STRING.sub(b"", data).translate(None, _NOT_BRACKETS)
    return max(accumulate(1 if b in _OPENING else -1 for b in brackets), default=0)


def _step(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    name = key if key.isidentifier() else json.dumps(key, ensure_ascii=False)
    return f"{path}.{name}" if path else name


def nonfinite_path(value: Any) -> str | None:
    """The path (``runs[3].val_accuracy``) of the first NaN or infinite number in ``value``, a
    parsed JSON value nested at most :data:`MAX_DEPTH` deep; ``None`` when there is none.

    Examples
    --------
    >>> nonfinite_path({"runs": [{"a": 1.0}, {"a": float("nan")}]}), nonfinite_path([1])
    ('runs[1].a', None)
    """
    stack: list[tuple[str, Any]] = [("", value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            return path or "the whole file"
        if isinstance(item, Mapping):
            stack.extend((_step(path, k), v) for k, v in reversed(list(item.items())))
        elif isinstance(item, list):
            stack.extend((_step(path, i), v) for i, v in reversed(list(enumerate(item))))
    return None


def parse(data: bytes) -> Any:
    """The JSON value of ``data`` (UTF-8), as strict as the results files are written.

    Raises
    ------
    ValueError
        ``data`` is not UTF-8 or not JSON, nests deeper than :data:`MAX_DEPTH`, or holds a NaN
        or an infinite number (the message names where).

    Examples
    --------
    >>> parse(b'{"a": [1, 0.5]}')
    {'a': [1, 0.5]}
    >>> parse(b'{"a": [1, NaN]}')
    Traceback (most recent call last):
    ...
    ValueError: a[1]: expected a finite number, got NaN (a results file is strict JSON)
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ValueError(f"not UTF-8 text (byte {e.start}); a results file is JSON") from None
    nested = depth(data)
    if nested > MAX_DEPTH:
        raise ValueError(f"JSON nested {nested} levels deep; a results file nests at most "
                         f"{MAX_DEPTH}")  # fmt: skip
    seen: list[str] = []

    def constant(token: str) -> float:  # NaN, Infinity, -Infinity
        seen.append(token)
        return float(token)

    try:
        value = json.loads(text, parse_constant=constant)
    except json.JSONDecodeError as e:
        raise ValueError(f"not JSON: {e.msg} (line {e.lineno}, column {e.colno})") from None
    except (ValueError, RecursionError) as e:  # an integer of too many digits, say
        raise ValueError(f"not JSON that can be read: {e}") from None
    where = nonfinite_path(value) if seen else None
    if where is not None:
        raise ValueError(f"{where}: expected a finite number, got {seen[0]} (a results file "
                         "is strict JSON)")  # fmt: skip
    return value


def _same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` are one file: the same path once resolved, or (both existing)
    the same file by device and inode (a hard link, another mount)."""
    try:
        if a.resolve() == b.resolve():
            return True
        return os.path.samefile(a, b)
    except (OSError, RuntimeError):  # RuntimeError: a symbolic link loop (Python < 3.13)
        return False


def _brief(value: Any, width: int = 60) -> str:
    """``value`` (nested at most :data:`MAX_DEPTH` deep) as JSON, cut to ``width``."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= width else text[: width - 1] + "…"


def check_published(record: Any, wanted: Mapping[str, Any]) -> None:
    """Check a parsed record against the results file's schema for the grid whose ``config``
    (:func:`~mha.experiments.heads.results.grid_config`) is ``wanted``.

    Raises
    ------
    ValueError
        The first problem, with the path of the field: not a results file of this experiment
        (:data:`~mha.experiments.heads.results.RESULTS_KEYS`), a field
        :func:`~mha.experiments.heads.reproduce.check_record` refuses, another grid (each
        setting that differs named), or a cell or verdict missing or outside the grid.
    """
    if not isinstance(record, Mapping):
        raise ValueError(f"expected a results file of this experiment (a JSON object), got "
                         f"{show(record)}")  # fmt: skip
    missing = [k for k in RESULTS_KEYS if k not in record]
    if missing:
        raise ValueError(f"not a results file of this experiment: no field "
                         f"{', '.join(json.dumps(k) for k in missing)}")  # fmt: skip
    for key in ("runs", "summary", "verdict", "analysis"):
        if not isinstance(record[key], list):
            raise ValueError(f"{key}: expected a list, got {show(record[key])}")
    check_record(record, "", finite=True)
    config = record["config"]
    if config.get("grid") != wanted["grid"]:
        raise ValueError(f"holds the results of the grid {_brief(config.get('grid'))}, not of "
                         f"the {wanted['grid']} grid these arguments run")  # fmt: skip
    differ = [f"{k} {_brief(config.get(k))} in the file, {_brief(wanted[k])} here"
              for k in GRID_KEYS if config.get(k) != wanted[k]]  # fmt: skip
    if differ:
        raise ValueError(f"holds another grid than the one these arguments run: "
                         f"{'; '.join(differ)}")  # fmt: skip
    settings = wanted["settings"]
    cells = {(c["task"], c["level"], c["n_heads"]) for c in record["summary"]}
    grid_cells = [(s["task"], s["level"], h) for s in settings for h in s["heads"]]
    verdicts = {(v["task"], v["level"], v["steps"]) for v in record["verdict"]}
    grid_verdicts = [(s["task"], s["level"], s["steps"]) for s in settings]
    for name, have, want, what in (
        ("summary", cells, grid_cells, lambda k: f"cell {k[0]} L{k[1]} h{k[2]}"),
        ("verdict", verdicts, grid_verdicts, lambda k: f"verdict for {k[0]} L{k[1]}, {k[2]} steps"),
    ):
        absent = [k for k in want if k not in have]
        if absent:
            raise ValueError(f"{name}: no {what(absent[0])} of the grid")
        extra = sorted(have - set(want), key=str)
        if extra:
            raise ValueError(f"{name}: a {what(extra[0])}, outside the grid")


def load(path: Path, out: Path, wanted: Mapping[str, Any]) -> dict[str, Any]:
    """The published record at ``path`` for ``--compare``, read once and checked.

    Parameters
    ----------
    path : Path
        ``--compare``: a regular file or a pipe holding a results file of this experiment.
    out : Path
        ``--out``: its ``results.json`` is refused (the run would replace it before the
        comparison, which would then compare the run with itself).
    wanted : mapping
        The ``config`` of the grid the arguments run
        (:func:`~mha.experiments.heads.results.grid_config`).

    Returns
    -------
    dict
        The parsed record.

    Raises
    ------
    UsageError
        ``--compare``, with the file and the first problem (:func:`read_bytes`,
        :func:`parse`, :func:`check_published`).
    """
    written = out / "results.json"
    if _same_file(path, written):
        raise UsageError("--compare", f"{path} is {written}, the results file this run writes; "
                         "compare with the published record, outside --out")  # fmt: skip
    try:
        record = parse(read_bytes(path))
        check_published(record, wanted)
    except ValueError as e:
        raise UsageError("--compare", f"{path}: {e}") from None
    return record


__all__ = ["MAX_BYTES", "MAX_DEPTH", "PIPE_WAIT_S", "check_published", "depth", "load",
           "nonfinite_path", "parse", "read_bytes"]  # fmt: skip
