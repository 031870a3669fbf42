"""Issue 18: hostile input to ``mha.config`` gets one line, never a traceback or a hang.

Deep nesting (``RecursionError`` before), a huge ``--context`` (``OverflowError`` before) and a
FIFO (a hang before) each give one clear ``ValueError`` from the library and one line with exit
status 2 from ``python -m mha.config``.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess

import pytest

from mha import config
from mha.config import cli
from tests.helpers import run


def command(*argv: str) -> subprocess.CompletedProcess:
    """``python -m mha.config ARGV`` as its ``__main__`` runs it (``sys.exit(main(argv))``), in
    this process: what it prints and its exit status. The FIFO test below also starts the real
    command, once."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(list(argv))
        except SystemExit as done:  # argparse's own refusals
            code = done.code
    return subprocess.CompletedProcess(["mha.config", *argv], code, out.getvalue(), err.getvalue())


def one_line_exit_2(proc: subprocess.CompletedProcess, *words: str) -> None:
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert all(w in proc.stderr for w in words), proc.stderr


def deep(depth: int) -> str:
    return '{"model_type": "llama", "x": ' + "[" * depth + "]" * depth + "}"


@pytest.mark.parametrize("depth", [config.MAX_DEPTH + 1, 100_000])
def test_deep_nesting_is_one_value_error(tmp_path, depth):
    path = tmp_path / "config.json"
    path.write_text(deep(depth))
    with pytest.raises(ValueError, match=r"config\.json: nested \d+ levels deep"):
        config.load_file(path)


def test_deep_nesting_is_one_line_from_the_command(tmp_path):
    path = tmp_path / "config.json"
    path.write_text(deep(100_000))
    one_line_exit_2(command(str(path)), str(path), "nested", "levels deep")


def test_brackets_inside_strings_do_not_count_as_nesting(tmp_path):
    path = tmp_path / "config.json"
    path.write_text(json.dumps({"model_type": "llama", "note": "[" * 1000 + '\\"{'}))
    assert config.load_file(path)["note"].startswith("[[[")
    assert config.json_depth(deep(config.MAX_DEPTH - 1)) == config.MAX_DEPTH


def test_a_huge_file_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(config, "MAX_FILE_BYTES", 100)
    path = tmp_path / "config.json"
    path.write_text(json.dumps({"model_type": "llama", "pad": "x" * 200}))
    with pytest.raises(ValueError, match=r"config\.json: larger than 100 bytes"):
        config.load_file(path)


@pytest.mark.slow  # seconds of CPU: the whole suite runs it, the inner loop does not
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_hanging(tmp_path):
    fifo = tmp_path / "config.json"
    os.mkfifo(fifo)
    one_line_exit_2(command(str(fifo)), str(fifo), "FIFO", "not a regular file")
    real = run(["-m", "mha.config", str(fifo)], timeout=120)
    one_line_exit_2(real, str(fifo), "FIFO", "not a regular file")
    code = "import sys; from mha import config; config.load_file(sys.argv[1])"
    proc = run(["-c", code, fifo], timeout=120)
    assert proc.returncode == 1 and proc.stderr.strip().endswith(
        f"ValueError: {fifo}: is a FIFO, not a regular file; expected a config.json file"
    )


@pytest.mark.parametrize("value", [str(10**400), str(config.MAX_CONTEXT + 1), "0", "-5", "x"])
def test_context_is_a_bounded_positive_int(value):
    one_line_exit_2(command("--context", value), "--context")


def test_the_largest_context_is_accepted(capsys):
    assert config.main(["--context", str(config.MAX_CONTEXT), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    llama = out["Llama-3-8B"]
    assert llama["kv_cache_bytes_at_context"] == config.MAX_CONTEXT * 131_072


def test_the_library_bounds_context_naming_it():
    spec = config.describe(config.load_builtin("llama-3-8b"))
    with pytest.raises(ValueError, match=r"^context: expected at most"):
        spec.kv_cache_bytes(10**400)
    assert spec.kv_cache_bytes(config.MAX_CONTEXT) == config.MAX_CONTEXT * 131_072


@pytest.mark.parametrize(
    ("n", "text"),
    [(10**400, None), (1 << 30, "1.0 GiB"), (1536, "1.5 KiB"), (1024 + 51, "1.0 KiB"),
     (1024 + 52, "1.1 KiB"), ((1 << 40) * 7 // 4, "1.8 TiB")],
)  # fmt: skip
def test_human_bytes_never_overflows_and_rounds_as_before(n, text):
    shown = config.human_bytes(n)
    assert shown.endswith(" TiB" if text is None else text)
    if n < 2**53:
        size = next(s for s in (1 << 40, 1 << 30, 1 << 20, 1 << 10) if n >= s)
        assert shown.split()[0] == f"{n / size:.1f}"
