"""The house's tools (``house``), written once for both domains: the atomic writer keeps the
old file (and its permissions) on any failure and leaves no temporary, the interleaved timer
gives every contender the same repeats in rotated order, the log-log fit agrees with numpy and
scipy, the ``--out`` checks refuse what must not be replaced, and each tool has one home."""

from __future__ import annotations

import doctest
import importlib
import io
import json
import math
import os
import pkgutil
import stat
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

import house
from house import files, outputs, terminal, timing
from house.files import atomic_write_json, atomic_write_text, check_writable, replacing
from house.outputs import count_problem, file_problem, folder_problem, refuse
from house.terminal import is_terminal, progress_bar
from house.timing import (
    interleaved,
    load_average,
    loglog_slope,
    machine,
    median_per_call,
    medians,
    versions,
)

ROOT = Path(__file__).resolve().parents[2]


def names_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# ----------------------------------------------------------------------------- the atomic writer


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path):
    target = tmp_path / "r.json"
    target.write_text('{"old": true}\n', encoding="utf-8")
    with pytest.raises(UnicodeEncodeError):
        atomic_write_text(target, '{"bad": "\udc80"}')
    assert target.read_text(encoding="utf-8") == '{"old": true}\n'
    assert names_in(tmp_path) == ["r.json"]
    atomic_write_json(target, {"new": 1})
    assert json.loads(target.read_text(encoding="utf-8")) == {"new": 1}
    assert names_in(tmp_path) == ["r.json"]


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf")])
def test_json_without_nan_or_infinity(tmp_path: Path, value: float):
    target = tmp_path / "r.json"
    with pytest.raises(ValueError):
        atomic_write_json(target, {"x": [1.0, value]})
    assert names_in(tmp_path) == []  # nothing written, not even a temporary


def test_json_of_something_json_cannot_hold_is_a_type_error(tmp_path: Path):
    with pytest.raises(TypeError):
        atomic_write_json(tmp_path / "r.json", {"x": {1, 2}})
    assert names_in(tmp_path) == []


def test_json_is_indented_with_a_final_newline(tmp_path: Path):
    obj = {"a": [1, 2], "b": {"c": None}}
    atomic_write_json(tmp_path / "r.json", obj, indent=2)
    assert (tmp_path / "r.json").read_text(encoding="utf-8") == json.dumps(obj, indent=2) + "\n"


def test_a_keyboard_interrupt_while_writing_keeps_the_old_file(tmp_path: Path, monkeypatch):
    target = tmp_path / "r.txt"
    target.write_text("old", encoding="utf-8")

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(files.os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        atomic_write_text(target, "new")
    assert target.read_text(encoding="utf-8") == "old"
    assert names_in(tmp_path) == ["r.txt"]


@pytest.mark.parametrize("error", [KeyboardInterrupt, RuntimeError, SystemExit])
def test_replacing_removes_its_temporary_when_the_body_raises(tmp_path: Path, error):
    target = tmp_path / "figure.png"
    target.write_bytes(b"old")
    seen = []
    with pytest.raises(error), replacing(target) as tmp:
        seen.append(tmp)
        assert tmp.parent == tmp_path and tmp != target
        tmp.write_bytes(b"half a fig")
        raise error
    assert target.read_bytes() == b"old"
    assert not seen[0].exists() and names_in(tmp_path) == ["figure.png"]


def test_replacing_a_new_file_creates_its_folder(tmp_path: Path):
    target = tmp_path / "a" / "b" / "r.bin"
    with replacing(target) as tmp:
        tmp.write_bytes(b"\x00\x01")
    assert target.read_bytes() == b"\x00\x01" and names_in(target.parent) == ["r.bin"]


def test_an_existing_file_keeps_its_permission_bits(tmp_path: Path):
    target = tmp_path / "r.json"
    target.write_text("{}\n", encoding="utf-8")
    os.chmod(target, 0o640)
    atomic_write_json(target, {"a": 1})
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    os.chmod(target, 0o604)
    with replacing(target) as tmp:
        tmp.write_text("x", encoding="utf-8")
    assert stat.S_IMODE(target.stat().st_mode) == 0o604


def test_a_new_file_gets_the_usual_permissions_not_mkstemps(tmp_path: Path):
    old = os.umask(0o027)
    try:
        atomic_write_text(tmp_path / "new.txt", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o666 & ~0o027  # not 0o600


def test_check_writable_refuses_a_folder_under_a_file(tmp_path: Path):
    (tmp_path / "f").write_text("x", encoding="utf-8")
    with pytest.raises(OSError):
        check_writable(tmp_path / "f" / "sub")
    check_writable(tmp_path / "new")
    assert list((tmp_path / "new").iterdir()) == []


# ----------------------------------------------------------------------------- the timer


@pytest.mark.parametrize("n", [1, 2, 3, 5])
@pytest.mark.parametrize("repeats", [1, 2, 4, 7])
def test_every_contender_gets_the_same_repeats_and_first_places_in_turn(n: int, repeats: int):
    calls: list[str] = []
    names = [f"c{i}" for i in range(n)]
    fns = {name: (lambda name=name: calls.append(name)) for name in names}
    times = interleaved(fns, repeats=repeats, warmup=1)
    assert {k: len(v) for k, v in times.items()} == dict.fromkeys(names, repeats)
    assert calls[:n] == names  # the warm-up round, untimed
    rounds = [calls[n + r * n : n + (r + 1) * n] for r in range(repeats)]
    assert rounds == [names[r % n :] + names[: r % n] for r in range(repeats)]
    firsts = [sum(1 for rnd in rounds if rnd[0] == name) for name in names]
    assert max(firsts) - min(firsts) <= 1  # who goes first rotates
    assert all(t >= 0 for v in times.values() for t in v)


def test_interleaved_loops_calls_per_sample_with_arguments_and_a_hook_before_each():
    log: list[object] = []
    fns = {"a": lambda x: log.append(("a", x)), "b": lambda x: log.append(("b", x))}
    times = interleaved(fns, 2, args=(7,), number={"a": 3, "b": 1},
                        before_each=lambda: log.append("gc"))  # fmt: skip
    assert {k: len(v) for k, v in times.items()} == {"a": 2, "b": 2}
    assert log == ["gc", ("a", 7), ("a", 7), ("a", 7), "gc", ("b", 7),
                   "gc", ("b", 7), "gc", ("a", 7), ("a", 7), ("a", 7)]  # fmt: skip


def test_interleaved_reports_each_sample():
    seen: list[tuple[int, str]] = []
    interleaved({"a": lambda: None, "b": lambda: None}, 3,
                after_each=lambda r, name, s: seen.append((r, name)))  # fmt: skip
    assert seen == [(0, "a"), (0, "b"), (1, "b"), (1, "a"), (2, "a"), (2, "b")]


BAD = [
    ({"repeats": 0}, ValueError, "repeats"),
    ({"repeats": 1.5}, TypeError, "repeats"),
    ({"repeats": 1, "warmup": -1}, ValueError, "warmup"),
    ({"repeats": 1, "number": 0}, ValueError, "number"),
    ({"repeats": 1, "number": {"b": 2}}, ValueError, "number"),
]


@pytest.mark.parametrize(("kwargs", "error", "word"), BAD)
def test_interleaved_names_a_bad_argument(kwargs, error, word):
    with pytest.raises(error, match=word):
        interleaved({"a": lambda: None}, **kwargs)
    with pytest.raises(ValueError, match="contenders"):
        interleaved({}, repeats=1)


def test_medians_of_known_samples():
    assert medians({"odd": [5.0, 1.0, 3.0], "even": [4.0, 1.0, 2.0, 3.0]}) == {
        "odd": 3.0,
        "even": 2.5,
    }
    with pytest.raises(ValueError, match="'a'"):
        medians({"a": []})


@pytest.mark.slow  # seconds of CPU: the whole suite runs it, the inner loop does not
def test_median_per_call_gives_each_answer_and_calls_each_contender_alike():
    counts = {"sum": 0, "len": 0}

    def counted(name, f):
        def call(xs):
            counts[name] += 1
            return f(xs)

        return call

    med, answers = median_per_call({"sum": counted("sum", sum), "len": counted("len", len)},
                                   ([3, 4, 5],), repeats=4, min_sample=0.0)  # fmt: skip
    assert answers == {"sum": 12, "len": 3}
    assert counts == {"sum": 1 + 4, "len": 1 + 4}  # the answer's call, then one call a sample
    assert set(med) == {"sum", "len"} and all(t >= 0 for t in med.values())


def test_calls_per_sample_is_between_one_and_the_cap():
    assert timing.calls_per_sample(0.001, 0.02) == 20
    assert timing.calls_per_sample(5.0, 0.02) == 1
    assert timing.calls_per_sample(0.0, 0.02) == 1000
    assert timing.calls_per_sample(1e-6, 0.02, most=50) == 50
    with pytest.raises(ValueError, match="min_sample"):
        timing.calls_per_sample(0.1, -1.0)


@pytest.mark.parametrize("seed", range(5))
def test_the_loglog_slope_and_its_interval_agree_with_numpy_and_scipy(seed: int):
    rng = np.random.default_rng(seed)
    sizes = np.unique(rng.integers(100, 10**6, size=int(rng.integers(3, 11))))
    seconds = 1e-7 * sizes ** rng.uniform(0.5, 2.0) * np.exp(rng.normal(0, 0.2, len(sizes)))
    slope, half = loglog_slope(list(zip(sizes.tolist(), seconds.tolist(), strict=True)))
    lx, ly = np.log(sizes), np.log(seconds)
    assert slope == pytest.approx(np.polyfit(lx, ly, 1)[0], rel=1e-9)
    fit = stats.linregress(lx, ly)
    assert half == pytest.approx(fit.stderr * stats.t.ppf(0.975, len(sizes) - 2), rel=5e-3)


def test_the_loglog_slope_recovers_a_power_law_and_needs_enough_sizes():
    xs = [10.0, 100.0, 1000.0, 10000.0]
    slope, half = loglog_slope([(x, 3e-6 * x**1.5) for x in xs])
    assert slope == pytest.approx(1.5) and half == pytest.approx(0.0, abs=1e-9)
    assert loglog_slope([(10, 1.0), (100, 100.0)]) is None  # three sizes by default
    two = loglog_slope([(10, 1.0), (100, 100.0)], min_sizes=2)
    assert two is not None and two[0] == pytest.approx(2.0) and math.isinf(two[1])
    assert loglog_slope([(10, 1.0), (10, 2.0), (10, 3.0)], min_sizes=2) is None  # one size
    assert loglog_slope([(10, 1.0), (100, 0.0), (1000, 3.0)]) is None  # log(0)
    assert loglog_slope([(1.0, 1.0)], min_sizes=2) is None
    with pytest.raises(ValueError, match="min_sizes"):
        loglog_slope([], min_sizes=1)


def test_versions_read_metadata_without_importing_the_package():
    import torch

    assert versions("torch")["torch"] == torch.__version__
    assert versions("no-such-distribution-here") == {
        "python": ".".join(map(str, sys.version_info[:3])),
        "no-such-distribution-here": None,
    }
    code = "import sys; from house.timing import versions; versions('torch', 'networkx');"
    code += " print(sorted({'torch', 'networkx'} & set(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          check=True)  # fmt: skip
    assert done.stdout.strip() == "[]"


def test_the_machine_facts():
    facts = machine()
    assert facts["cpu_count"] == os.cpu_count()
    assert facts["python"] == ".".join(map(str, sys.version_info[:3]))
    assert facts["implementation"] == sys.implementation.name.replace("cpython", "CPython")
    assert facts["processor"]  # the architecture when the platform names no processor
    assert {"platform", "system", "machine", "load_average"} <= set(facts)
    load = load_average()
    assert load is None or (len(load) == 3 and all(v >= 0 for v in load))
    if hasattr(os, "getloadavg"):
        assert load is not None


# ----------------------------------------------------------------------------- the terminal


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class _Broken:
    def isatty(self) -> bool:
        raise OSError("gone")


def test_is_terminal_only_when_isatty_says_so():
    closed = io.StringIO()
    closed.close()
    assert is_terminal(_Terminal()) is True
    for stream in (io.StringIO(), None, object(), closed, _Broken()):
        assert is_terminal(stream) is False


@pytest.mark.parametrize(("stream", "quiet", "drawn"),
                         [(_Terminal, False, True), (_Terminal, True, False),
                          (io.StringIO, False, False)])  # fmt: skip
def test_the_progress_bar_is_drawn_on_a_terminal_only(monkeypatch, stream, quiet, drawn):
    err = stream()
    monkeypatch.setattr(sys, "stderr", err)
    bar = progress_bar(range(3), quiet=quiet, desc="demo", unit="x")
    assert list(bar) == [0, 1, 2]
    bar.close()
    assert ("\r" in err.getvalue()) is drawn
    assert terminal.is_terminal(err) is (stream is _Terminal)


# ----------------------------------------------------------------------------- where to write


def _bad_files(tmp_path: Path) -> dict[str, Path]:
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "null").symlink_to("/dev/null")
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    return {
        "folder": tmp_path,
        "device": Path("/dev/null"),
        "missing-parent": tmp_path / "missing" / "r.json",
        "parent-is-a-file": tmp_path / "a-file" / "r.json",
        "fifo": tmp_path / "fifo",
        "symlink-to-dev-null": tmp_path / "null",
        "dangling-symlink": tmp_path / "dangling",
    }


@pytest.mark.parametrize("case", ["folder", "device", "missing-parent", "parent-is-a-file",
                                  "fifo", "symlink-to-dev-null", "dangling-symlink"])  # fmt: skip
def test_file_problem_refuses_what_must_not_be_replaced(tmp_path: Path, case: str):
    path = _bad_files(tmp_path)[case]
    problem = file_problem(path)
    assert problem is not None and str(path.parent if "parent" in case else path) in problem
    assert "\n" not in problem
    assert stat.S_ISFIFO((tmp_path / "fifo").lstat().st_mode)  # nothing replaced or created
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert not (tmp_path / "missing").exists()


def test_file_problem_accepts_a_new_or_a_regular_file(tmp_path: Path):
    (tmp_path / "old.json").write_text("{}", encoding="utf-8")
    assert file_problem(tmp_path / "new.json") is None
    assert file_problem(tmp_path / "old.json") is None
    assert names_in(tmp_path) == ["old.json"]


def _bad_folders(tmp_path: Path) -> dict[str, Path]:
    bad = _bad_files(tmp_path)
    (tmp_path / "json-is-a-folder" / "r.json").mkdir(parents=True)
    (tmp_path / "png-is-a-fifo").mkdir()
    os.mkfifo(tmp_path / "png-is-a-fifo" / "r.png")
    (tmp_path / "png-is-a-link").mkdir()
    (tmp_path / "png-is-a-link" / "r.png").symlink_to("/dev/null")
    return {
        "a-file": tmp_path / "a-file",
        "missing-parent": tmp_path / "missing" / "out",
        "parent-is-a-file": tmp_path / "a-file" / "out",
        "fifo": bad["fifo"],
        "symlink-to-dev-null": bad["symlink-to-dev-null"],
        "dangling-symlink": bad["dangling-symlink"],
        "json-is-a-folder": tmp_path / "json-is-a-folder",
        "png-is-a-fifo": tmp_path / "png-is-a-fifo",
        "png-is-a-link": tmp_path / "png-is-a-link",
    }


@pytest.mark.parametrize("case", ["a-file", "missing-parent", "parent-is-a-file", "fifo",
                                  "symlink-to-dev-null", "dangling-symlink", "json-is-a-folder",
                                  "png-is-a-fifo", "png-is-a-link"])  # fmt: skip
def test_folder_problem_refuses_a_folder_that_cannot_take_the_files(tmp_path: Path, case: str):
    problem = folder_problem(_bad_folders(tmp_path)[case], ["r.json", "r.png"])
    assert problem is not None and "\n" not in problem
    assert not (tmp_path / "missing").exists()
    assert stat.S_ISFIFO((tmp_path / "png-is-a-fifo" / "r.png").lstat().st_mode)


def test_folder_problem_accepts_a_new_folder_in_an_existing_one(tmp_path: Path):
    (tmp_path / "r.json").write_text("{}", encoding="utf-8")
    assert folder_problem(tmp_path / "new", ["r.json"]) is None
    assert folder_problem(tmp_path, ["r.json", "r.png"]) is None
    assert not (tmp_path / "new").exists()  # checking creates nothing


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write in a read-only folder")
def test_a_read_only_folder_is_refused(tmp_path: Path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        assert "cannot write" in file_problem(folder / "r.json")
        assert "cannot write" in folder_problem(folder, ["r.json"])
    finally:
        folder.chmod(0o755)


def test_count_problem():
    assert [count_problem(v) for v in (1, 30)] == [None, None]
    assert count_problem(0) == "expected an int >= 1, got 0"
    assert count_problem(True) == "expected an int >= 1, got True"
    assert count_problem(-1, least=0) == "expected an int >= 0, got -1"


def test_refuse_prints_the_first_problem_only_and_checks_no_further(capsys):
    checked = []

    def checks():
        yield "--repeats", None
        yield "--out", "the folder /x does not exist"
        checked.append("--jobs")
        yield "--jobs", "expected an int >= 1, got 0"

    assert refuse(checks()) == outputs.EXIT_USAGE == 2
    assert capsys.readouterr().err == "error: --out: the folder /x does not exist\n"
    assert checked == []
    assert refuse([("--out", None)]) == 0
    assert capsys.readouterr().err == ""


# ----------------------------------------------------------------------------- one home each

#: Where each house tool's telltale call may stand, in the packages and their tools.
ONE_HOME = {
    "os.replace(": "house/files.py",
    "tempfile.mkstemp(": "house/files.py",
    "os.getloadavg(": "house/timing.py",
    "import platform": "house/timing.py",
    "metadata.version(": "house/timing.py",
    "linear_regression(": "house/timing.py",
    ".isatty(": "house/terminal.py",
    "os.access(": "house/outputs.py",
}


def test_each_house_tool_has_one_home():
    # A second copy in a domain's library, tools, experiments or drill is how the copies of the
    # writer and the timer drifted apart (issue 19).
    sources = {
        p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8")
        for folder in ("mha", "graphs", "house")
        for p in sorted((ROOT / folder).rglob("*.py"))
    }
    for needle, home in ONE_HOME.items():
        assert [name for name, text in sources.items() if needle in text] == [home], needle


TOOLS = sorted(m.name for m in pkgutil.iter_modules(house.__path__))


@pytest.mark.parametrize("name", TOOLS)
def test_the_examples_of_every_house_tool_run(name: str) -> None:
    """The Examples sections of ``house`` (modules found by discovery) run as tests."""
    result = doctest.testmod(importlib.import_module(f"house.{name}"))
    assert result.failed == 0 and result.attempted > 0, name


def test_ctrl_c_ends_a_command_with_one_line_and_130_and_passes_the_rest(capsys) -> None:
    def command(domain: str, argv: list[str] | None = None) -> int:
        if argv == ["stop"]:
            raise KeyboardInterrupt
        if argv == ["fail"]:
            raise ValueError("not Ctrl-C: not the wrapper's business")
        return len(domain)

    main = terminal.ctrl_c_ends(command, "nothing was written")
    assert main("abc", ["go"]) == 3 and main.__name__ == "command"
    assert main("abc", ["stop"]) == 130
    assert capsys.readouterr().err == "interrupted: nothing was written\n"
    with pytest.raises(ValueError, match="not Ctrl-C"):
        main("abc", ["fail"])
