"""Low-rank adapters (LoRA) on the projections of :class:`mha.MultiHeadAttention`.

Fine-tuning often leaves the pretrained ``W_q, W_k, W_v, W_o`` frozen and learns a small
correction ``B @ A`` (rank ``r``) for some of them, most often ``W_q`` and ``W_v``. This module
shows that link with our own block: :func:`add_lora` freezes every parameter of the block and
puts an adapter beside each chosen projection; :func:`trainable_parameter_count` counts what an
optimiser would then update (``requires_grad``), which :func:`mha.params.lora_param_count`
predicts from the sizes alone.
"""

from __future__ import annotations

import math

import torch
from torch import nn

from mha._checks import check_int
from mha.module import MultiHeadAttention
from mha.params import PROJECTIONS


def _check_adapter_args(rank: object, alpha: object, generator: object) -> None:
    """Check an adapter's ``rank``, ``alpha`` and ``generator`` (see :class:`LoRALinear`)."""
    check_int("rank", rank, minimum=1)
    if isinstance(alpha, bool) or not isinstance(alpha, int | float):
        raise TypeError(f"alpha: expected a finite positive number, got {type(alpha).__name__}")
    try:
        finite = math.isfinite(alpha)
    except OverflowError:  # an int too large for a float
        finite = False
    if not (finite and alpha > 0):
        raise ValueError(f"alpha: expected a finite positive number, got {alpha!r}")
    if not isinstance(generator, torch.Generator):
        raise TypeError(f"generator: expected a torch.Generator, got {type(generator).__name__}")


class LoRALinear(nn.Module):
    """A frozen ``nn.Linear`` plus a trainable low-rank correction: ``base(x) + s * x A^T B^T``.

    Parameters
    ----------
    base : nn.Linear
        The pretrained projection ``in -> out``; its weight and bias are frozen.
    rank : int
        Rank ``r`` of the correction: ``A`` is ``(r, in)``, ``B`` is ``(out, r)``.
    alpha : float
        Scale numerator: the correction is multiplied by ``s = alpha / rank``.
    generator : torch.Generator
        Source of ``A``'s initial values (Kaiming-uniform); ``B`` starts at zero, so the adapted
        layer starts equal to ``base``.

    Raises
    ------
    TypeError, ValueError
        ``base`` not an ``nn.Linear``, ``rank`` not an int ``>= 1``, ``alpha`` not a finite
        positive number (``inf`` would make every output NaN at once, ``0`` switches the
        adapter off), or ``generator`` not a ``torch.Generator``.
    """

    def __init__(
        self, base: nn.Linear, rank: int, alpha: float, *, generator: torch.Generator
    ) -> None:
        super().__init__()
        if not isinstance(base, nn.Linear):
            raise TypeError(f"base: expected nn.Linear, got {type(base).__name__}")
        _check_adapter_args(rank, alpha, generator)
        self.base = base
        for p in self.base.parameters():
            p.requires_grad_(False)
        self.rank, self.scale = rank, float(alpha) / rank
        w = base.weight
        self.A = nn.Parameter(torch.empty(rank, base.in_features, dtype=w.dtype, device=w.device))
        self.B = nn.Parameter(torch.zeros(base.out_features, rank, dtype=w.dtype, device=w.device))
        nn.init.kaiming_uniform_(self.A, a=math.sqrt(5), generator=generator)

    @property
    def weight(self) -> torch.Tensor:
        """The frozen base weight ``(out, in)`` (so code that reads a projection's dtype or
        shape works on an adapted one too)."""
        return self.base.weight

    @property
    def bias(self) -> torch.Tensor | None:
        """The frozen base bias ``(out,)`` or ``None``."""
        return self.base.bias

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """``(..., in) -> (..., out)``: the frozen projection plus the scaled low-rank path."""
        # --8<-- [start:forward]
        frozen = self.base(x)  # (..., out): W x + b, no gradient for W or b
        low_rank = x @ self.A.T @ self.B.T  # (..., in) -> (..., r) -> (..., out)
        return frozen + self.scale * low_rank
        # --8<-- [end:forward]

    def merged_weight(self) -> torch.Tensor:
        """``W + s * B A``, shape ``(out, in)``: the one matrix the adapted layer equals."""
        return self.base.weight + self.scale * (self.B @ self.A)


def add_lora(
    module: MultiHeadAttention,
    targets: tuple[str, ...] = ("W_q", "W_v"),
    *,
    rank: int,
    alpha: float = 1.0,
    generator: torch.Generator,
) -> MultiHeadAttention:
    """Freeze ``module`` and wrap each target projection in a :class:`LoRALinear`, in place.

    Parameters
    ----------
    module : MultiHeadAttention
        The block to adapt (its own weights become frozen).
    targets : tuple of str
        Which of ``"W_q", "W_k", "W_v", "W_o"`` get an adapter.
    rank, alpha
        As in :class:`LoRALinear`.
    generator : torch.Generator
        Source of the adapters' initial ``A`` matrices.

    Returns
    -------
    MultiHeadAttention
        ``module`` itself; at first it computes exactly what it computed before.

    Raises
    ------
    TypeError, ValueError
        ``module`` is not a :class:`mha.MultiHeadAttention`, a target is unknown, repeated or
        already adapted, or a bad ``rank``/``alpha``/``generator``.

    Examples
    --------
    >>> m = MultiHeadAttention(64, 8, generator=torch.Generator().manual_seed(0))
    >>> m = add_lora(m, rank=4, generator=torch.Generator().manual_seed(1))
    >>> trainable_parameter_count(m), sum(p.numel() for p in m.parameters())
    (1024, 17664)
    """
    if not isinstance(module, MultiHeadAttention):
        raise TypeError(f"module: expected MultiHeadAttention, got {type(module).__name__}")
    if not isinstance(targets, tuple | list):
        raise TypeError(f"targets: expected a tuple of names, got {type(targets).__name__}")
    for name in targets:
        if name not in PROJECTIONS:
            raise ValueError(f"targets: expected names among {PROJECTIONS}, got {name!r}")
        if isinstance(getattr(module, name), LoRALinear):
            raise ValueError(f"targets: {name} already has an adapter")
    if len(set(targets)) != len(targets):
        raise ValueError(f"targets: each projection at most once, got {tuple(targets)}")
    _check_adapter_args(rank, alpha, generator)  # before anything is frozen or replaced
    for p in module.parameters():
        p.requires_grad_(False)
    for name in targets:
        setattr(module, name, LoRALinear(getattr(module, name), rank, alpha, generator=generator))
    return module


def trainable_parameter_count(module: nn.Module) -> int:
    """Number of parameters an optimiser would update: those with ``requires_grad``."""
    if not isinstance(module, nn.Module):
        raise TypeError(f"module: expected an nn.Module, got {type(module).__name__}")
    return sum(p.numel() for p in module.parameters() if p.requires_grad)


__all__ = ["LoRALinear", "add_lora", "trainable_parameter_count"]
