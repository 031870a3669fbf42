"""The drill page's list of LeetCode constraints, generated from the drills' declarations.

Each drill module of :mod:`graphs.drill.problems` declares its problem's LeetCode constraints
(``CONSTRAINTS``, a :mod:`graphs.drill.limits` object) and the judge builds every input within
them. This generator writes the same declarations, in LeetCode's words, with the hard cases the
judge climbs and what the constraints leave out, to ``docs/generated/drills/constraints.md``,
which the drill page includes. The problems are found by discovery (:func:`graphs.drill.drills`).
"""

from __future__ import annotations

from docs.gen.common import Content, header


def render() -> str:
    """Per problem: its constraints as a code block, then the judge's hard cases and notes."""
    from graphs.drill import problem as drills

    parts = [header("the CONSTRAINTS of each graphs/drill/problems module")]
    for d in drills.drills():
        limits = d.constraints
        hard = ", ".join(family.label for family in d.kind.families)
        parts += [
            "",
            f"#### {d.label}",
            "",
            "```text",
            *limits.lines(),
            "```",
            "",
            f"- 어려운 입력 (제약의 한계까지): {hard}.",
            *(f"- {note}" for note in limits.notes()),
        ]
    return "\n".join(parts) + "\n"


def generate() -> dict[str, Content]:
    return {"generated/drills/constraints.md": render()}
