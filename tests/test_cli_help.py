"""Command lines of the project, found by discovery (:func:`tests.helpers.commands`): every
option of every command and subcommand explained with its default, no reST markup in --help,
no progress-bar carriage returns in logs, results files written atomically."""

from __future__ import annotations

import io
import json
import re
import sys
import types
from pathlib import Path

import pytest

from graphs.tools import bench, counterexamples
from tests.helpers import NOT_COMMANDS, ROOT, Terminal, commands, help_text, run, subcommands

# reST in a help text: ``code``, :role:`target` and **bold** (argparse shows them as typed).
RST_MARKUP = re.compile(
    r"``|:(func|mod|class|meth|attr|data|exc|obj|ref|doc):`|\*\*[A-Za-z][^*\n]*\*\*"
)


def _helps(command: str) -> dict[str, str]:
    """``--help`` of the command and of each of its subcommands, by their command line."""
    top = help_text(command)
    helps = {command: top}
    for sub in subcommands(top):
        helps[f"{command} {sub}"] = help_text(f"{command} {sub}")
    return helps


def _options(text: str) -> dict[str, str]:
    """Each option's invocation (``--out OUT``) mapped to its help text, from argparse's output."""
    options: dict[str, str] = {}
    current = None
    section = ""
    for line in text.splitlines():
        if line and not line.startswith(" "):
            section, current = line, None
            continue
        if not section.startswith(("options", "optional arguments")):
            continue
        if line.startswith("  -"):
            invocation, _, said = line.strip().partition("  ")
            current = invocation.strip()
            options[current] = said.strip()
        elif current and line.strip():
            options[current] = (options[current] + " " + line.strip()).strip()
    return options


def test_commands_are_found_by_discovery() -> None:
    found = commands()
    assert {"studylog.gen", "studylog.journal", "graphs.drill", "mha.experiments.heads"} <= set(
        found
    )
    assert "graphs.drill.cli" not in found  # the package's command, not a second one
    for script in NOT_COMMANDS:  # each still exists and is run as __main__, but not by a person
        path = ROOT.joinpath(*script.split(".")).with_suffix(".py")
        assert 'if __name__ == "__main__":' in path.read_text(encoding="utf-8"), script
        assert script not in found
    assert {"start", "check"} <= set(subcommands(help_text("graphs.drill")))


def test_subcommands_are_read_from_the_positional_arguments() -> None:
    text = (
        "usage: x [-h] command ...\n\npositional arguments:\n  command     what to do\n"
        "    new       start a new one\n    re-do     again, with a help text that goes on\n"
        "              to a second line\n    bare\n\noptions:\n  -h, --help  show this help\n"
    )
    assert subcommands(text) == ["new", "re-do", "bare"]
    plain = "usage: x [-h] FILE\n\npositional arguments:\n  FILE        a file\n"
    assert subcommands(plain) == subcommands("usage: x [-h]\n") == []


@pytest.mark.parametrize("command", commands())
def test_every_option_has_help_that_shows_its_default(command: str) -> None:
    for line, text in _helps(command).items():
        options = _options(text)
        assert "-h, --help" in options, text
        for invocation, help_ in options.items():
            if invocation == "-h, --help":
                continue
            assert help_, f"{line} {invocation}: no help text"
            assert "(default: " in help_, f"{line} {invocation}: default not shown"


@pytest.mark.parametrize("command", commands())
def test_help_has_no_restructuredtext_markup(command: str) -> None:
    for line, text in _helps(command).items():
        assert not RST_MARKUP.search(text), f"{line} --help:\n{text}"


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


def _once_each(solvers: dict, args: tuple, repeats: int, min_seconds: float) -> tuple:
    """One call of each solver and no timing: these tests are about the bar, not the numbers."""
    return dict.fromkeys(solvers, 1e-3), {name: solve(*args) for name, solve in solvers.items()}


#: The bench's collections before each size, skipped: in a test worker holding torch, hypothesis
#: and every test module, one ``gc.collect()`` costs more than the tiny run itself.
NO_COLLECTIONS = types.SimpleNamespace(collect=int, freeze=int, unfreeze=int)


def _tiny_bench(monkeypatch: pytest.MonkeyPatch, stderr: io.StringIO, **kwargs) -> str:
    """Run the benchmark on one tiny size per problem with ``stderr`` as sys.stderr."""
    monkeypatch.setattr(bench, "sizes_for", lambda problem, quick: [200])
    monkeypatch.setattr(bench, "median_per_call", _once_each)
    monkeypatch.setattr(bench, "gc", NO_COLLECTIONS)
    monkeypatch.setattr(sys, "stderr", stderr)
    bench.run(quick=True, **kwargs)
    return stderr.getvalue()


def test_bench_bar_shows_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "\r" in _tiny_bench(monkeypatch, Terminal())


def test_bench_bar_is_not_written_into_a_log(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "\r" not in _tiny_bench(monkeypatch, io.StringIO())


def test_bench_quiet_hides_the_bar_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "\r" not in _tiny_bench(monkeypatch, Terminal(), progress=False)


@pytest.mark.slow
def test_bench_command_with_stderr_piped_writes_no_carriage_returns(tmp_path: Path) -> None:
    done = run(["-m", "graphs.tools.bench", "--quick", "--out", str(tmp_path)], text=False)
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
    assert bench.main([flag, "--out", str(tmp_path)]) == 130  # Ctrl-C: one line, exit 130
    assert seen == {"progress": False}


# A write that fails half-way (here: text that cannot be encoded) must leave the old file.
UNWRITABLE = '{"partial": true, "bad": "\udc80"}\n'


def test_counterexamples_write_is_atomic(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    target = tmp_path / counterexamples.RESULT_NAME
    target.write_text('{"old": true}\n', encoding="utf-8")
    from house import gallery  # the engine of counterexamples' command

    monkeypatch.setattr(gallery, "render", lambda report: UNWRITABLE)
    monkeypatch.setattr(gallery, "build_report", lambda domain, progress=False: {})
    with pytest.raises(UnicodeEncodeError):
        gallery.main(counterexamples.__name__, ["--out", str(tmp_path)])
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


@pytest.mark.slow  # the gallery's searches, in a fresh interpreter: seconds
def test_counterexamples_writes_into_out(tmp_path: Path) -> None:
    done = run(["-m", "graphs.tools.counterexamples", "--out", str(tmp_path)], text=False)
    assert done.returncode == 0, done.stderr.decode()
    written = json.loads((tmp_path / counterexamples.RESULT_NAME).read_text(encoding="utf-8"))
    assert {p["name"] for p in written["pitfalls"]} == {p.name for p in counterexamples.PITFALLS}
    assert b"\r" not in done.stderr
