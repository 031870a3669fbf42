"""The experiment's one-layer model: embeddings -> one MultiHeadAttention -> a class per position.

Only the head count changes between the models of a grid: ``d_model``, the embeddings, the
readout and therefore the parameter count are the same for 1, 4 or 8 heads.

Training calls the attention module itself (its fast path, no weights). The head analysis
uses the module's own seam on that same forward: its ``head_gate`` switches a head off
(ablation) or is differentiated (importance), and its hook point ``hook_z`` hands over every
head's output before the merge; nothing of the attention is re-assembled here.
"""

from __future__ import annotations

import math

import torch
from torch import nn

from mha.module import MultiHeadAttention


class HeadCountModel(nn.Module):
    """Token + learned position embedding, one multi-head attention, a linear readout.

    Parameters
    ----------
    vocab : int
        Number of input tokens.
    n_classes : int
        Number of label classes per position.
    length : int
        Sequence length (size of the position embedding).
    n_heads : int
        Head count; must divide ``d_model``.
    d_model : int
        Model width (64 in the study).
    causal : bool
        Causal attention.
    generator : torch.Generator
        Source of every initial weight (embeddings ``N(0, 1/d_model)``, Xavier projections and
        readout, zero biases): the run's seed sets the initialisation and nothing else does.

    Raises
    ------
    TypeError, ValueError
        Bad sizes (e.g. ``d_model % n_heads != 0``) or a missing generator.

    Examples
    --------
    >>> g = torch.Generator().manual_seed(0)
    >>> m = HeadCountModel(vocab=10, n_classes=16, length=16, n_heads=4, generator=g)
    >>> m(torch.zeros(2, 16, dtype=torch.long)).shape
    torch.Size([2, 16, 16])
    """

    def __init__(
        self,
        vocab: int,
        n_classes: int,
        length: int,
        n_heads: int,
        *,
        d_model: int = 64,
        causal: bool = False,
        generator: torch.Generator,
    ) -> None:
        super().__init__()
        for name, value in (("vocab", vocab), ("n_classes", n_classes), ("length", length)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name}: expected int, got {type(value).__name__}")
            if value < 1:
                raise ValueError(f"{name}: expected an int >= 1, got {value}")
        if not isinstance(generator, torch.Generator):
            raise TypeError(f"generator: expected torch.Generator, got {type(generator).__name__}")
        # nn.Linear/nn.Embedding draw a default init from the global generator before ours
        # overwrites it; fork_rng puts the caller's global random state back untouched.
        with torch.random.fork_rng(devices=[]):
            self.attn = MultiHeadAttention(d_model, n_heads, causal=causal, generator=generator)
            self.tok_emb = nn.Embedding(vocab, d_model)
            self.pos_emb = nn.Embedding(length, d_model)
            self.readout = nn.Linear(d_model, n_classes)
        self.vocab, self.n_classes, self.length = vocab, n_classes, length
        self.d_model, self.n_heads, self.d_head = d_model, n_heads, self.attn.d_head
        std = 1.0 / math.sqrt(d_model)
        nn.init.normal_(self.tok_emb.weight, std=std, generator=generator)
        nn.init.normal_(self.pos_emb.weight, std=std, generator=generator)
        nn.init.xavier_uniform_(self.readout.weight, generator=generator)
        nn.init.zeros_(self.readout.bias)

    def embed(self, x: torch.Tensor) -> torch.Tensor:
        """Tokens ``(B, T)`` -> ``(B, T, d_model)``."""
        if not isinstance(x, torch.Tensor) or x.dim() != 2:
            raise ValueError(f"x: expected a (B, T) tensor of token ids, got {x!r:.60}")
        T = x.shape[1]
        if self.length < T:
            raise ValueError(f"x: sequence length {T} exceeds the model's length {self.length}")
        # Rows 0..T-1 of the position table: the same values and gradients as looking up
        # ``arange(T)``, without building the index and scattering its gradient every step.
        return self.tok_emb(x) + self.pos_emb.weight[:T]  # (B, T, d_model)

    def heads(
        self, x: torch.Tensor, *, explicit: bool = False
    ) -> tuple[torch.Tensor, torch.Tensor | None]:
        """Every head's attention output before merging, and optionally its weights.

        The outputs are read at the module's hook point ``hook_z`` during one ordinary forward.

        Parameters
        ----------
        x : torch.Tensor
            Tokens ``(B, T)``.
        explicit : bool
            Use the explicit attention and return the weights ``(B, h, T, T)``; otherwise the
            fused kernel and ``None``.

        Returns
        -------
        out : torch.Tensor
            ``(B, h, T, d_head)``.
        weights : torch.Tensor or None
            ``(B, h, T, T)`` when ``explicit``.
        """
        seen: list[torch.Tensor] = []
        hook = self.attn.hook_z.register_forward_hook(lambda _module, _args, z: seen.append(z))
        try:
            result = self.attn(self.embed(x), need_weights=explicit)
        finally:
            hook.remove()
        weights = result[1] if explicit else None  # (B, h, T, T)
        return seen[0], weights  # (B, h, T, d_head)

    def head_contributions(self, x: torch.Tensor) -> torch.Tensor:
        """What each head adds to the attention output: ``(B, h, T, d_model)``.

        The attention output is ``W_o(merge(heads))``: a sum over heads of each head's slice
        times its columns of ``W_o``, plus ``W_o``'s bias. Summing this tensor over ``h`` and
        adding the bias gives the attention output.
        """
        out, _ = self.heads(x)  # (B, h, T, d_head)
        W = self.attn.W_o.weight.T.reshape(self.n_heads, self.d_head, self.d_model)  # (h, dh, d)
        return torch.einsum("bhtd,hde->bhte", out, W)  # (B, h, T, d_model)

    def forward(
        self,
        x: torch.Tensor,
        *,
        head_gate: torch.Tensor | None = None,
        need_weights: bool = False,
    ) -> torch.Tensor | tuple[torch.Tensor, torch.Tensor]:
        """Logits per position.

        Parameters
        ----------
        x : torch.Tensor
            Tokens ``(B, T)``.
        head_gate : torch.Tensor, optional
            ``(h,)`` or ``(B, h)``: multiplies each head's output before ``W_o`` (1 keeps a
            head, 0 removes it); passed to the attention module, whose path does not change.
        need_weights : bool
            Also return the attention weights ``(B, h, T, T)`` (explicit attention).

        Returns
        -------
        torch.Tensor or (torch.Tensor, torch.Tensor)
            Logits ``(B, T, n_classes)``; with ``need_weights`` also the weights.

        Raises
        ------
        TypeError, ValueError
            ``x`` or ``head_gate`` of the wrong shape (or a gate of another dtype or device,
            or non-finite: see :class:`~mha.module.MultiHeadAttention`).
        """
        e = self.embed(x)  # (B, T, d_model)
        if need_weights:
            out, weights = self.attn(e, head_gate=head_gate, need_weights=True)  # explicit
            return self.readout(out), weights  # (B, T, n_classes), (B, h, T, T)
        return self.readout(self.attn(e, head_gate=head_gate))  # (B, T, n_classes)


__all__ = ["HeadCountModel"]
