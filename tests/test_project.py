"""Project-level checks: lint, and the README's commands being the ones CI and users run."""

from __future__ import annotations

import re
import tomllib

from tests.helpers import ROOT, run


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return [b.strip() for b in re.findall(r"```bash\n(.*?)```", text, flags=re.S)]


def readme_command_texts() -> list[str]:
    """Every command the README shows: lines of its code blocks and its inline code spans."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```[a-z]*\n(.*?)```", text, flags=re.S)
    lines = [line.strip() for block in blocks for line in block.splitlines() if line.strip()]
    spans = re.findall(r"`([^`\n]+)`", re.sub(r"```.*?```", "", text, flags=re.S))
    return lines + [span.strip() for span in spans]


def test_readme_commands_never_use_a_bare_python():
    """The system Python has no torch: commands use .venv/bin/python or the console scripts."""
    bare = [c for c in readme_command_texts() if re.match(r"(python3?|pip3?|pytest)(\s|$)", c)]
    assert bare == []
    assert "`python -m" not in (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_venv_commands_exist_after_install():
    scripts = set(tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["scripts"])
    used = {m for c in readme_command_texts() for m in re.findall(r"\.venv/bin/([\w.-]+)", c)}
    installed = {"python", "pip", "pytest", "mkdocs", "zensical", "activate"}  # by .ci/setup
    assert used <= installed | scripts, used
    assert {"mha-experiment", "mha-config"} <= used  # the console scripts are mentioned


def test_readme_mkdocs_commands_silence_the_end_of_life_banner():
    mkdocs = [c for c in readme_command_texts() if re.search(r"\bmkdocs (serve|build)\b", c)]
    assert mkdocs, "the README shows how to serve and build the site"
    assert [c for c in mkdocs if "NO_MKDOCS_2_WARNING=1 " not in c] == []


def test_readme_says_benchmarks_rewrite_tracked_results_and_docs_gen_follows():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = [
        line for line in text.splitlines() if re.match(r"\| `[^|]*(bench|pitfalls|counterex)", line)
    ]
    assert len(rows) >= 4, rows
    for row in rows:
        if "writes nothing" in row:  # a benchmark that only prints (graphs.drill.bench)
            continue
        assert "tracked result" in row and "then run `.venv/bin/python -m studylog.gen`" in row, row


def test_ci_runs_exactly_the_readme_test_command():
    ci_lines = [
        line.strip()
        for line in (ROOT / ".ci/run").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith(("#", "set ", "cd "))
    ]
    assert ci_lines == [readme_commands()[1]]


def test_readme_main_command_is_the_main_job_script():
    assert readme_commands()[0] == "bash .ci/main"
    assert (ROOT / ".ci/main").is_file()


def test_ruff_passes():
    for args in (["check", "."], ["format", "--check", "."]):
        done = run(["-m", "ruff", *args])
        assert done.returncode == 0, done.stdout + done.stderr


def test_graphs_and_mha_never_import_each_other():
    pattern = {"mha": re.compile(r"^\s*(from|import)\s+graphs\b", re.M),
               "graphs": re.compile(r"^\s*(from|import)\s+mha\b", re.M)}  # fmt: skip
    for package, forbidden in pattern.items():
        for path in (ROOT / package).rglob("*.py"):
            assert not forbidden.search(path.read_text(encoding="utf-8")), path


def test_attention_core_knows_nothing_of_experiments_files_or_plots():
    core = sorted((ROOT / "mha").glob("*.py"))  # the library: every top-level module, found
    assert {"attention.py", "heads.py", "module.py"} <= {path.name for path in core}
    # the layering test covers imports in general; the core does no file handling either
    banned = re.compile(
        r"^\s*(from|import)\s+(mha\.(experiments?|tools)|matplotlib|json|pathlib|tqdm)\b", re.M
    )
    for path in core:
        assert not banned.search(path.read_text(encoding="utf-8")), path.name


def test_the_readme_and_the_package_send_a_learner_to_the_small_attention_first():
    """The front door (issue 33): the README's first screen links the from-scratch attention
    before anything else, and the package's docstring names it first."""
    first_screen = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()[:12]
    links = re.findall(r"\]\(([^)]+)\)", "\n".join(first_screen))
    assert links and links[0] == "mha/minimal.py", links
    assert (ROOT / links[0]).is_file()
    import mha

    modules = re.findall(r":mod:`([\w.]+)`", mha.__doc__)
    assert modules[0] == "mha.minimal", modules
    assert mha.MinimalMHA.__module__ == "mha.minimal"
