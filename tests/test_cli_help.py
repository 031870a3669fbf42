"""Command lines of graphs and docs: every option explained with its default, no reST markup in
--help, no progress-bar carriage returns in logs, results files written atomically."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from graphs.tools import bench, counterexamples

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = [
    ["graphs.tools.bench"],
    ["graphs.tools.counterexamples"],
    ["mha.tools.counterexamples"],
    ["docs.gen"],
    ["docs.journal"],
    ["docs.journal", "new"],
]
RST_MARKUP = re.compile(r"``|:(func|mod|class|meth|attr|data|exc|obj|ref|doc):`")


def _run(args: list[str], text: bool = True) -> subprocess.CompletedProcess:
    """Run ``python -m args`` with stdout and stderr piped (not terminals).

    ``text=False`` keeps the raw bytes: text mode turns every ``\r`` into ``\n``.
    """
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, env=env, capture_output=True, text=text,
        timeout=300,
    )  # fmt: skip


def _options(help_text: str) -> dict[str, str]:
    """Each option's invocation (``--out OUT``) mapped to its help text, from argparse's output."""
    options: dict[str, str] = {}
    current = None
    section = ""
    for line in help_text.splitlines():
        if line and not line.startswith(" "):
            section, current = line, None
            continue
        if not section.startswith(("options", "optional arguments")):
            continue
        if line.startswith("  -"):
            invocation, _, text = line.strip().partition("  ")
            current = invocation.strip()
            options[current] = text.strip()
        elif current and line.strip():
            options[current] = (options[current] + " " + line.strip()).strip()
    return options


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_option_has_help_that_shows_its_default(command: list[str]) -> None:
    done = _run([*command, "--help"])
    assert done.returncode == 0, done.stderr
    options = _options(done.stdout)
    assert "-h, --help" in options, done.stdout
    for invocation, text in options.items():
        if invocation == "-h, --help":
            continue
        assert text, f"{' '.join(command)} {invocation}: no help text"
        assert "(default: " in text, f"{' '.join(command)} {invocation}: default not shown"


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_help_has_no_restructuredtext_markup(command: list[str]) -> None:
    done = _run([*command, "--help"])
    assert done.returncode == 0, done.stderr
    assert not RST_MARKUP.search(done.stdout), done.stdout


def test_help_parser_finds_options_on_one_or_two_lines() -> None:
    text = (
        "usage: x\n\noptions:\n  -h, --help  show this help\n  --out OUT   folder\n"
        "              (default: here)\n  --a-very-long-option A_VERY_LONG_OPTION\n"
        "              long (default: 1)\n  --bare\n"
    )
    assert _options(text) == {
        "-h, --help": "show this help",
        "--out OUT": "folder (default: here)",
        "--a-very-long-option A_VERY_LONG_OPTION": "long (default: 1)",
        "--bare": "",
    }


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _tiny_bench(monkeypatch: pytest.MonkeyPatch, stderr: io.StringIO, **kwargs) -> str:
    """Run the benchmark on one tiny size per problem with ``stderr`` as sys.stderr."""
    monkeypatch.setattr(bench, "sizes_for", lambda problem, quick: [200])
    monkeypatch.setattr(sys, "stderr", stderr)
    bench.run(quick=True, **kwargs)
    return stderr.getvalue()


def test_bench_bar_shows_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "\r" in _tiny_bench(monkeypatch, _Terminal())


def test_bench_bar_is_not_written_into_a_log(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "\r" not in _tiny_bench(monkeypatch, io.StringIO())


def test_bench_quiet_hides_the_bar_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "\r" not in _tiny_bench(monkeypatch, _Terminal(), progress=False)


@pytest.mark.slow
def test_bench_command_with_stderr_piped_writes_no_carriage_returns(tmp_path: Path) -> None:
    done = _run(["graphs.tools.bench", "--quick", "--out", str(tmp_path)], text=False)
    assert done.returncode == 0, done.stderr.decode()
    assert b"\r" not in done.stderr and b"\r" not in done.stdout
    assert json.loads((tmp_path / "graphs_bench.json").read_text())["quick"] is True


@pytest.mark.parametrize("flag", ["--quiet", "-q", "--no-progress"])
def test_bench_accepts_quiet(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, flag: str) -> None:
    seen = {}

    def fake_run(quick: bool, progress: bool) -> dict:
        seen["progress"] = progress
        raise KeyboardInterrupt  # stop before anything is written

    monkeypatch.setattr(bench, "run", fake_run)
    with pytest.raises(KeyboardInterrupt):
        bench.main([flag, "--out", str(tmp_path)])
    assert seen == {"progress": False}


# A write that fails half-way (here: text that cannot be encoded) must leave the old file.
UNWRITABLE = '{"partial": true, "bad": "\udc80"}\n'


def test_counterexamples_write_is_atomic(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    target = tmp_path / counterexamples.RESULT_NAME
    target.write_text('{"old": true}\n', encoding="utf-8")
    monkeypatch.setattr(counterexamples, "render", lambda report: UNWRITABLE)
    monkeypatch.setattr(counterexamples, "build_report", dict)
    with pytest.raises(UnicodeEncodeError):
        counterexamples.main(["--out", str(tmp_path)])
    assert target.read_text(encoding="utf-8") == '{"old": true}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == [target.name]  # no temporary left


def test_bench_write_is_atomic(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    target = tmp_path / "graphs_bench.json"
    target.write_text('{"old": true}\n', encoding="utf-8")
    monkeypatch.setattr(bench, "run", lambda quick, progress: {})
    monkeypatch.setattr(bench, "render", lambda report: UNWRITABLE)
    with pytest.raises(UnicodeEncodeError):
        bench.main(["--quiet", "--out", str(tmp_path)])
    assert target.read_text(encoding="utf-8") == '{"old": true}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == [target.name]


def test_counterexamples_writes_into_out(tmp_path: Path) -> None:
    done = _run(["graphs.tools.counterexamples", "--out", str(tmp_path)], text=False)
    assert done.returncode == 0, done.stderr.decode()
    written = json.loads((tmp_path / counterexamples.RESULT_NAME).read_text(encoding="utf-8"))
    assert {p["name"] for p in written["pitfalls"]} == {p.name for p in counterexamples.PITFALLS}
    assert b"\r" not in done.stderr
