"""Issue 32: a signal during ``python -m studylog.gen``'s writes leaves no ``.*.tmp`` file and cuts
no file; Ctrl-C is exit 130 and one line (before: a traceback and -2); ``--check`` names the
temporary files a killed run left.

The signal comes at a fixed point, not after a sleep: the writer is replaced by one that writes
half of the first file into the atomic writer's temporary file, then signals (in process) or says
so and waits for the test (in a child process, which the test signals and then lets go on).
"""

from __future__ import annotations

import os
import signal
import subprocess
import textwrap
from pathlib import Path

import pytest

from house import files
from studylog.gen import __main__ as gen_main
from studylog.gen import common
from tests.conftest import sigint_as_in_a_terminal
from tests.helpers import PYTHON, QUIET_ENV, ROOT


def temporary_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.tmp"))


def outcome(docs: Path, capsys: pytest.CaptureFixture) -> tuple[list[str], list[str]]:
    """What ``--check configs`` finds in ``docs`` after the run: (stale, leftover) lines."""
    assert gen_main.main(["--check", "configs"]) in (0, 1)
    lines = capsys.readouterr().out.splitlines()
    return [x for x in lines if x.startswith("stale:")], [x for x in lines if "leftover" in x]


@pytest.mark.parametrize(
    ("signum", "status", "words"),
    [
        (signal.SIGINT, 130, "interrupted: 1 file written whole"),
        (signal.SIGTERM, 143, "stopped by SIGTERM: 1 file written whole"),
        (signal.SIGHUP, 129, "stopped by SIGHUP: 1 file written whole"),
    ],
)
def test_a_signal_during_a_write_lands_between_files(
    tmp_path, monkeypatch, capsys, ctrl_c_raises, signum, status, words
):
    docs = tmp_path / "docs"
    monkeypatch.setattr(common, "DOCS", docs)  # nothing generated there: every file is written

    def half_then_signal(path: Path, data: bytes) -> None:
        with files.replacing(path) as tmp:
            tmp.write_bytes(data[: len(data) // 2])
            os.kill(os.getpid(), signum)  # held off until this file is whole
            tmp.write_bytes(data)

    monkeypatch.setattr(common, "atomic_write_bytes", half_then_signal)
    assert gen_main.main(["configs"]) == status
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and err.startswith(words), err
    assert "Traceback" not in err and out == ""
    assert temporary_files(docs) == []
    monkeypatch.undo()
    monkeypatch.setattr(common, "DOCS", docs)
    stale, left = outcome(docs, capsys)
    assert len(stale) == 2 and left == [], stale  # the first of three files is whole and current
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL  # the handlers are put back


def test_check_names_a_leftover_and_a_run_removes_it(tmp_path, monkeypatch, capsys):
    """A run killed outright (SIGKILL) can leave a temporary file: --check fails on it."""
    docs = tmp_path / "docs"
    monkeypatch.setattr(common, "DOCS", docs)
    assert gen_main.main(["configs"]) == 0
    capsys.readouterr()
    leftover = docs / "generated" / ".configs_table.md.k1ll3d_x.tmp"
    leftover.write_text("half a tab")
    other = docs / "generated" / ".someone-elses.md.abcdefgh.tmp"  # not a file studylog.gen writes
    other.write_text("not ours")
    assert gen_main.main(["--check", "configs"]) == gen_main.EXIT_STALE
    out = capsys.readouterr().out
    assert out.splitlines() == [f"leftover: {leftover} (a temporary file of a killed run)"]
    assert gen_main.main(["configs"]) == 0
    assert f"removed leftover {leftover}" in capsys.readouterr().out
    assert not leftover.exists() and other.exists()
    assert gen_main.main(["--check", "configs"]) == 0


CHILD = textwrap.dedent(
    """
    import sys
    from pathlib import Path

    from studylog.gen import __main__ as gen_main
    from studylog.gen import common
    from house import files

    common.DOCS = Path(sys.argv[1])

    def half_then_wait(path, data):
        with files.replacing(path) as tmp:
            tmp.write_bytes(data[: len(data) // 2])
            print("half written", flush=True)
            sys.stdin.readline()  # the test signals, then lets this go on
            tmp.write_bytes(data)

    common.atomic_write_bytes = half_then_wait
    sys.exit(gen_main.main(["configs"]))
    """
)


@pytest.mark.slow
@pytest.mark.parametrize(("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_the_command_signalled_mid_write_leaves_no_temporary_file(
    tmp_path, capsys, monkeypatch, signum, status
):
    """Before, SIGTERM killed the process inside the atomic writer (its temporary file stayed)
    and Ctrl-C printed a traceback and exited -2."""
    docs = tmp_path / "docs"
    with subprocess.Popen(
        [PYTHON, "-c", CHILD, str(docs)],
        cwd=ROOT,
        env={**os.environ, **QUIET_ENV},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=sigint_as_in_a_terminal,
    ) as child:
        try:
            assert child.stdout.readline() == "half written\n"
            assert len(temporary_files(docs)) == 1  # the point the signal comes at
            child.send_signal(signum)
            out, err = child.communicate("go on\n", timeout=120)
            assert out == ""  # no "wrote" line: the run stopped
        finally:
            child.kill()
    assert child.returncode == status, err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert temporary_files(docs) == []
    monkeypatch.setattr(common, "DOCS", docs)
    stale, left = outcome(docs, capsys)
    assert len(stale) == 2 and left == [], stale
