"""Synthetic sequence tasks for the head-count experiment, each with a ladder of harder settings.

A task turns a batch of random token sequences ``x (B, T)`` into per-position labels
``y (B, T)``; a position without a question is labelled :data:`IGNORE` and neither trained on
nor scored. Every task has knobs (``length``, ``vocab``, ...) and an ordered ``ladder`` of
settings (its levels); level 0 of ``count``, ``reverse`` and ``relations`` is the study note's
default (length 16, vocabulary 10). Each task also names the keys its answer needs
(:meth:`Task.answer_keys`): the pattern a head that solves it would attend to.

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
Sampler = Callable[[torch.Generator, int, dict[str, int]], torch.Tensor]
#: ``(x (B, T), knobs) -> [(pattern name, (B, T, T) bool: query i needs key j)]``.
AnswerKeys = Callable[[torch.Tensor, dict[str, int]], list[tuple[str, torch.Tensor]]]

#: Label of a position that asks nothing (cross-entropy's default ``ignore_index``).
IGNORE = -100


def uniform_tokens(generator: torch.Generator, batch: int, knobs: dict[str, int]) -> torch.Tensor:
    """``batch`` sequences of ``knobs["length"]`` tokens drawn uniformly from the vocabulary."""
    return torch.randint(knobs["vocab"], (batch, knobs["length"]), generator=generator)


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


def accuracy(predicted: torch.Tensor, y: torch.Tensor) -> float:
    """Fraction of the positions that ask something (label not :data:`IGNORE`) whose predicted
    class is the label.

    Examples
    --------
    >>> accuracy(torch.tensor([[1, 2, 3]]), torch.tensor([[1, IGNORE, 0]]))
    0.5
    """
    asked = y != IGNORE
    return ((predicted == y) & asked).sum().item() / asked.sum().item()


def recall_knobs(pairs: int, keys: int, values: int) -> dict[str, int]:
    """Knobs of a key-value recall setting: ``pairs`` pairs, then as many queries (length
    ``2 * pairs``), over ``keys * values`` pair tokens and ``keys`` query tokens.

    Examples
    --------
    >>> recall_knobs(8, 128, 8)
    {'length': 16, 'vocab': 1152, 'pairs': 8, 'keys': 128, 'values': 8}
    """
    return {"length": 2 * pairs, "vocab": keys * values + keys, "pairs": pairs, "keys": keys,
            "values": values}  # fmt: skip


def recall_tokens(generator: torch.Generator, batch: int, knobs: dict[str, int]) -> torch.Tensor:
    """Key-value recall sequences ``(B, 2n)``: ``n`` pair tokens ``key * values + value`` with
    distinct keys, then the same keys as query tokens ``keys * values + key`` in a random order."""
    n, K, V = knobs["pairs"], knobs["keys"], knobs["values"]
    key = torch.rand(batch, K, generator=generator).argsort(dim=-1)[:, :n]  # (B, n) distinct
    value = torch.randint(V, (batch, n), generator=generator)  # (B, n)
    order = torch.rand(batch, n, generator=generator).argsort(dim=-1)  # (B, n) a permutation
    return torch.cat([key * V + value, K * V + key.gather(1, order)], dim=1)  # (B, 2n)


def _recall_match(x: torch.Tensor, knobs: dict[str, int]) -> torch.Tensor:
    """``(B, n, n)``: query ``i`` asks for the key of pair ``j``."""
    n, K, V = knobs["pairs"], knobs["keys"], knobs["values"]
    pair_key = x[:, :n] // V  # (B, n)
    query_key = x[:, n:] - K * V  # (B, n)
    return query_key[:, :, None] == pair_key[:, None, :]  # (B, n, n)


def recall_labels(x: torch.Tensor, knobs: dict[str, int]) -> torch.Tensor:
    """The value stored with each query's key; the pair positions ask nothing (:data:`IGNORE`)."""
    n, V = knobs["pairs"], knobs["values"]
    value = x[:, :n] % V  # (B, n)
    answer = (_recall_match(x, knobs) * value[:, None, :]).sum(dim=-1)  # (B, n)
    return torch.cat([torch.full_like(answer, IGNORE), answer], dim=1)  # (B, 2n)


def _positions(T: int, where: Callable[[torch.Tensor, int], torch.Tensor]) -> torch.Tensor:
    """``(T, T)`` bool: query ``t`` needs key ``where(t, T)``."""
    t = torch.arange(T)
    return torch.zeros(T, T, dtype=torch.bool).index_put_((t, where(t, T)), torch.tensor(True))


def count_keys(x: torch.Tensor, knobs: dict[str, int]) -> list[tuple[str, torch.Tensor]]:
    """The positions up to the query holding its token (the count is their number minus one)."""
    T = x.shape[1]
    same = x[:, :, None] == x[:, None, :]  # (B, T, T)
    return [("same token", same & torch.ones(T, T, dtype=torch.bool).tril())]


def reverse_keys(x: torch.Tensor, knobs: dict[str, int]) -> list[tuple[str, torch.Tensor]]:
    """The mirrored position ``T-1-t``."""
    B, T = x.shape
    return [("mirrored", _positions(T, dict(RELATIONS)["mirrored"]).expand(B, T, T))]


def relations_keys(x: torch.Tensor, knobs: dict[str, int]) -> list[tuple[str, torch.Tensor]]:
    """The positions of the level's relations."""
    B, T = x.shape
    return [(name, _positions(T, where).expand(B, T, T))
            for name, where in RELATIONS[: knobs["relations"]]]  # fmt: skip


def recall_keys(x: torch.Tensor, knobs: dict[str, int]) -> list[tuple[str, torch.Tensor]]:
    """For each query, the pair holding its key."""
    n = knobs["pairs"]
    needed = torch.zeros(x.shape[0], 2 * n, 2 * n, dtype=torch.bool)
    needed[:, n:, :n] = _recall_match(x, knobs)
    return [("matching key", needed)]


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
        Knob settings (the levels); every one has ``length`` and ``vocab``.
    labeler : callable
        ``(x (B, T), knobs) -> y (B, T)``.
    classes : callable
        ``knobs -> number of label classes``.
    keys : callable
        ``(x (B, T), knobs) -> [(name, (B, T, T) bool)]``: the keys each query's answer needs.
    sampler : callable
        ``(generator, batch, knobs) -> x (B, T)``; uniform tokens by default.

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
    keys: AnswerKeys = field(repr=False)
    sampler: Sampler = field(default=uniform_tokens, repr=False)

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
        x = self.sampler(generator, batch, k)  # (B, T)
        return x, self.labeler(x, k)

    def answer_keys(self, x: torch.Tensor, level: int = 0) -> list[tuple[str, torch.Tensor]]:
        """The keys each query's answer needs, by pattern name: ``[(name, (B, T, T) bool)]``
        (``[b, i, j]``: query ``i`` of sequence ``b`` needs key ``j``)."""
        return self.keys(x, self.knobs(level))


_DECLARED = (  # a new task is one more Task here
    Task(
        name="count",
        description="how many times the current token appeared earlier (causal)",
        causal=True,
        ladder=(
            {"length": 16, "vocab": 10},
            {"length": 16, "vocab": 4},
            {"length": 32, "vocab": 4},
            {"length": 16, "vocab": 32},
        ),
        labeler=count_labels,
        classes=lambda k: k["length"],
        keys=count_keys,
    ),
    Task(
        name="reverse",
        description="the sequence reversed (every position may look everywhere)",
        causal=False,
        ladder=(
            {"length": 16, "vocab": 10},
            {"length": 32, "vocab": 16},
        ),
        labeler=reverse_labels,
        classes=lambda k: k["vocab"],
        keys=reverse_keys,
    ),
    Task(
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
        keys=relations_keys,
    ),
    Task(
        name="recall",
        description="key-value recall: n (key, value) pairs, then each key again in another "
        "order; answer its value (a lookup by content)",
        causal=False,
        ladder=(
            recall_knobs(pairs=8, keys=16, values=8),
            recall_knobs(pairs=8, keys=32, values=8),
            recall_knobs(pairs=8, keys=64, values=8),
            recall_knobs(pairs=8, keys=128, values=8),
        ),
        labeler=recall_labels,
        classes=lambda k: k["values"],
        keys=recall_keys,
        sampler=recall_tokens,
    ),
)
#: Every task, by its name.
TASKS: dict[str, Task] = {task.name: task for task in _DECLARED}


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
    "IGNORE",
    "RELATIONS",
    "TASKS",
    "Task",
    "accuracy",
    "count_labels",
    "data_seed",
    "get_task",
    "recall_knobs",
    "recall_labels",
    "recall_tokens",
    "relations_labels",
    "reverse_labels",
    "train_batches",
    "validation_set",
]
