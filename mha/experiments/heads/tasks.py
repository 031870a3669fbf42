"""Synthetic sequence tasks for the head-count experiment, each with a ladder of harder settings.

A task turns a batch of random token sequences ``x (B, T)`` into per-position labels
``y (B, T)``. Every task has difficulty knobs (``length``, ``vocab``) and an ordered ``ladder``
of settings; level 0 is the study note's default (length 16, vocabulary 10).

Data never come from global random state: :func:`train_batches` and :func:`validation_set` draw
from generators seeded by the task, the level and a data seed only, so every run of a grid (any
head count, any initialisation seed, any process) trains on the same batches and is scored on the
same held-out sequences.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import torch

Labeler = Callable[[torch.Tensor, dict[str, int]], torch.Tensor]


def count_labels(x: torch.Tensor, knobs: dict[str, int]) -> torch.Tensor:
    """For each position, how many earlier positions hold its token: ``(B, T)`` -> ``(B, T)``."""
    T = x.shape[1]
    same = x[:, :, None] == x[:, None, :]  # (B, T, T): same[b, i, j] = x_i == x_j
    earlier = torch.ones(T, T, dtype=torch.bool, device=x.device).tril(diagonal=-1)  # j < i
    return (same & earlier).sum(dim=-1)  # (B, T)


def reverse_labels(x: torch.Tensor, knobs: dict[str, int]) -> torch.Tensor:
    """The sequence reversed: ``y[t] = x[T-1-t]``."""
    return x.flip(dims=[1])


#: Where each relation looks from position ``t`` in a sequence of length ``T`` (cyclic).
RELATIONS: tuple[tuple[str, Callable[[torch.Tensor, int], torch.Tensor]], ...] = (
    ("previous", lambda t, T: (t - 1) % T),
    ("mirrored", lambda t, T: T - 1 - t),
    ("next", lambda t, T: (t + 1) % T),
    ("mirrored previous", lambda t, T: (T - t) % T),
)


def relations_labels(x: torch.Tensor, knobs: dict[str, int]) -> torch.Tensor:
    """Several relations at once: the tokens at ``knobs["relations"]`` related positions, read as
    one ordered tuple (a number in base ``vocab``).

    With 2 relations, ``y[t] = vocab * x[t-1] + x[T-1-t]`` (the previous token and the mirrored
    one). One attention distribution averages the values it looks at, and token and position
    enter a value only as a sum, so a single head can tell which token came from which relation
    only by weighing them unequally; with one head per relation each head fetches one token.
    """
    T, vocab = x.shape[1], knobs["vocab"]
    t = torch.arange(T, device=x.device)
    y = torch.zeros_like(x)
    for _, where in RELATIONS[: knobs["relations"]]:
        y = y * vocab + x[:, where(t, T)]  # (B, T)
    return y


@dataclass(frozen=True)
class Task:
    """A synthetic task: a labeler, whether attention is causal, and its ladder of settings.

    Parameters
    ----------
    name : str
        Identifier used on the command line and in result files.
    description : str
        One line for humans.
    causal : bool
        Whether the model's attention may only look back (the answer depends on the past only).
    ladder : tuple of dict
        Knob settings ordered from easy (level 0, the default) to hard; keys ``length``, ``vocab``.
    labeler : callable
        ``(x (B, T), knobs) -> y (B, T)``.
    classes : callable
        ``knobs -> number of label classes``.

    Examples
    --------
    >>> task = TASKS["reverse"]
    >>> x, y = task.sample(torch.Generator().manual_seed(0), batch=2, level=0)
    >>> x.shape, torch.equal(y, x.flip(1))
    (torch.Size([2, 16]), True)
    """

    name: str
    description: str
    causal: bool
    ladder: tuple[dict[str, int], ...]
    labeler: Labeler = field(repr=False)
    classes: Callable[[dict[str, int]], int] = field(repr=False)

    def knobs(self, level: int) -> dict[str, int]:
        """The knob settings of ``level``; ``ValueError`` when the ladder has no such rung."""
        if isinstance(level, bool) or not isinstance(level, int):
            raise TypeError(f"level: expected int, got {type(level).__name__}")
        if not 0 <= level < len(self.ladder):
            raise ValueError(
                f"level: task {self.name!r} has levels 0..{len(self.ladder) - 1}, got {level}"
            )
        return dict(self.ladder[level])

    def n_classes(self, level: int) -> int:
        """Number of label classes at ``level``."""
        return self.classes(self.knobs(level))

    def sample(
        self, generator: torch.Generator, batch: int, level: int = 0
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """Draw ``batch`` sequences and their labels.

        Parameters
        ----------
        generator : torch.Generator
            The only source of randomness.
        batch : int
            Number of sequences, >= 1.
        level : int
            Rung of the ladder.

        Returns
        -------
        x, y : torch.Tensor
            Tokens ``(B, T)`` and labels ``(B, T)``, both ``torch.long``.

        Raises
        ------
        TypeError, ValueError
            ``generator`` is not a ``torch.Generator``; ``batch < 1``; unknown ``level``.
        """
        if not isinstance(generator, torch.Generator):
            raise TypeError(f"generator: expected torch.Generator, got {type(generator).__name__}")
        if isinstance(batch, bool) or not isinstance(batch, int) or batch < 1:
            raise ValueError(f"batch: expected an int >= 1, got {batch!r}")
        k = self.knobs(level)
        x = torch.randint(k["vocab"], (batch, k["length"]), generator=generator)  # (B, T)
        return x, self.labeler(x, k)


TASKS: dict[str, Task] = {
    "count": Task(
        name="count",
        description="how many times the current token appeared earlier (causal)",
        causal=True,
        ladder=(
            {"length": 16, "vocab": 10},
            {"length": 16, "vocab": 4},
            {"length": 32, "vocab": 4},
        ),
        labeler=count_labels,
        classes=lambda k: k["length"],
    ),
    "reverse": Task(
        name="reverse",
        description="the sequence reversed (every position may look everywhere)",
        causal=False,
        ladder=(
            {"length": 16, "vocab": 10},
            {"length": 32, "vocab": 16},
            {"length": 64, "vocab": 16},
        ),
        labeler=reverse_labels,
        classes=lambda k: k["vocab"],
    ),
    "relations": Task(
        name="relations",
        description="tokens at several related positions (previous, mirrored, ...) as one tuple",
        causal=False,
        ladder=(
            {"length": 16, "vocab": 10, "relations": 2},
            {"length": 16, "vocab": 4, "relations": 4},
            {"length": 16, "vocab": 6, "relations": 4},
        ),
        labeler=relations_labels,
        classes=lambda k: k["vocab"] ** k["relations"],
    ),
}


def get_task(name: str) -> Task:
    """Look a task up by name, with a message listing the known ones."""
    if not isinstance(name, str):
        raise TypeError(f"task: expected str, got {type(name).__name__}")
    if name not in TASKS:
        raise ValueError(f"task: unknown task {name!r}; choose from {sorted(TASKS)}")
    return TASKS[name]


def data_seed(task: str, level: int, stream: str, base: int = 0) -> int:
    """A seed fixed by task, level and stream (``"train"`` or ``"val"``), never by process."""
    return (zlib.crc32(f"{task}/{level}/{stream}".encode()) + 1_000_003 * base) % 2**62


def train_batches(
    task: Task, level: int, batch: int, steps: int, base_seed: int = 0
) -> Iterator[tuple[torch.Tensor, torch.Tensor]]:
    """The ``steps`` training batches of a task and level, identical for every run.

    Parameters
    ----------
    task : Task
    level : int
    batch : int
        Sequences per batch.
    steps : int
        Number of batches to yield.
    base_seed : int
        Shifts every data stream at once (the experiment's ``data_seed``).

    Yields
    ------
    x, y : torch.Tensor
        ``(B, T)`` tokens and labels.
    """
    g = torch.Generator().manual_seed(data_seed(task.name, level, "train", base_seed))
    for _ in range(steps):
        yield task.sample(g, batch, level)


def validation_set(
    task: Task, level: int, size: int = 1024, base_seed: int = 0
) -> tuple[torch.Tensor, torch.Tensor]:
    """The held-out sequences of a task and level: ``(size, T)`` tokens and labels."""
    g = torch.Generator().manual_seed(data_seed(task.name, level, "val", base_seed))
    return task.sample(g, size, level)


__all__ = [
    "RELATIONS",
    "TASKS",
    "Task",
    "count_labels",
    "data_seed",
    "get_task",
    "relations_labels",
    "reverse_labels",
    "train_batches",
    "validation_set",
]
