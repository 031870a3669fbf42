"""The experiment's one-layer model (embeddings -> one MultiHeadAttention -> a class per position)
and the analysis of its heads once trained.

Only the head count changes between the models of a grid: ``d_model``, the embeddings, the
readout and therefore the parameter count are the same for 1, 4 or 8 heads.

Training calls the attention module itself (its fast path, no weights). The head analysis
uses the module's own seam on that same forward: its ``head_gate`` switches a head off
(ablation) or is differentiated (importance), and its hook point ``hook_z`` hands over every
head's output before the merge; nothing of the attention is re-assembled here.

The head analysis of a trained model (:func:`analyse_heads`): ablation, importance, redundancy,
and one heatmap's weights.

- **Ablation**: zero one head's output (its slice before ``W_o``, the attention module's
  ``head_gate``) and measure how much the validation accuracy drops.
- **Importance** (Michel, Levy and Neubig, *Are Sixteen Heads Really Better than One?*, 2019):
  put a gate ``xi_h = 1`` on every head (the module's ``head_gate``) and take the expected
  absolute gradient of the loss with respect to it, ``I_h = E_x |dL(x)/dxi_h|``, over the
  validation sequences (``L(x)`` is the mean cross-entropy over the positions of sequence ``x``).
- **Redundancy**: pairwise cosine similarity of two heads' ``(T, T)`` attention maps on the same
  sequence, averaged over the validation set (1 = the same pattern, 0 = disjoint attention).

These say how much each head matters *to this trained model* and whether heads look at the same
places; they do not say that a head "means" anything, and numbers of one seed's head ``i`` are
unrelated to another seed's head ``i``.
"""

from __future__ import annotations

import math
from typing import Any

import torch
import torch.nn.functional as F
from torch import nn

from mha.experiments.heads.tasks import IGNORE, accuracy
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


# ----------------------------------------------------------------------------- head analysis


@torch.no_grad()
def ablation(model: HeadCountModel, x: torch.Tensor, y: torch.Tensor) -> dict[str, Any]:
    """Accuracy with all heads, and its drop when each head alone is switched off.

    Switching head ``i`` off (a zero gate on its slice before ``W_o``) removes exactly its
    contribution ``head_i @ W_o[:, slice_i].T`` from the attention output. The readout is
    linear, so that contribution reaches the logits as ``head_i @ W_o[:, slice_i].T @ W_r.T``:
    one pass computes every head's share of the logits ``(N, h, T, C)``, and each ablation
    subtracts one share (the tests check that this equals running the model with the gate).
    Working in logits (``C`` classes) instead of ``d_model`` keeps the pass small for many heads.

    Parameters
    ----------
    model : HeadCountModel
    x, y : torch.Tensor
        Validation tokens and labels ``(N, T)``.

    Returns
    -------
    dict
        ``base_accuracy`` (float) and ``drop`` (list of ``h`` floats, ``base - ablated``;
        negative when removing the head helps).
    """
    h, d_head, d_model = model.n_heads, model.d_head, model.d_model
    out, _ = model.heads(x)  # (N, h, T, d_head): read at the module's hook point hook_z
    W_o = model.attn.W_o.weight.T.reshape(h, d_head, d_model)  # (h, d_head, d_model): head i's rows
    to_logits = W_o @ model.readout.weight.T  # (h, d_head, C): head i's slice -> logits
    shares = torch.einsum("nhtd,hdc->nhtc", out, to_logits)  # (N, h, T, C)
    bias = model.attn.W_o.bias
    constant = model.readout(bias) if bias is not None else model.readout.bias  # (C,)
    logits = shares.sum(dim=1) + constant  # (N, T, C): the model's logits

    def acc(scores: torch.Tensor) -> float:
        return accuracy(scores.argmax(dim=-1), y)

    base = acc(logits)
    return {
        "base_accuracy": base,
        "drop": [base - acc(logits - shares[:, i]) for i in range(h)],
    }


def importance(
    model: HeadCountModel, x: torch.Tensor, y: torch.Tensor, chunk: int = 256
) -> list[float]:
    """Expected absolute gradient of each sequence's loss w.r.t. a gate on each head.

    Parameters
    ----------
    model : HeadCountModel
    x, y : torch.Tensor
        ``(N, T)`` tokens and labels.
    chunk : int
        Sequences per backward pass (memory only; the result does not depend on it).

    Returns
    -------
    list of float
        ``I_h`` for every head (unnormalised; divide by the sum for shares).
    """
    total = torch.zeros(model.n_heads, dtype=torch.float64)
    for start in range(0, x.shape[0], chunk):
        xb, yb = x[start : start + chunk], y[start : start + chunk]
        gate = torch.ones(xb.shape[0], model.n_heads, requires_grad=True)  # (B, h): xi per seq
        logits = model(xb, head_gate=gate)  # (B, T, C)
        per_token = F.cross_entropy(logits.transpose(1, 2), yb, reduction="none")  # (B, T)
        asked = (yb != IGNORE).sum(dim=1).clamp_min(1)  # (B,): positions with a label
        per_seq = per_token.sum(dim=1) / asked  # (B,): L(x) for each sequence
        (grad,) = torch.autograd.grad(per_seq.sum(), gate)  # (B, h): dL(x_b)/dxi_h
        total += grad.abs().sum(dim=0).double()
    return (total / x.shape[0]).tolist()


@torch.no_grad()
def attention_maps(model: HeadCountModel, x: torch.Tensor) -> torch.Tensor:
    """Every head's attention weights ``(N, h, T, T)`` (explicit attention)."""
    _, weights = model.heads(x, explicit=True)  # the module's need_weights=True: (N, h, T, T)
    return weights


@torch.no_grad()
def redundancy(
    model: HeadCountModel, x: torch.Tensor, maps: torch.Tensor | None = None
) -> list[list[float]]:
    """``(h, h)`` matrix: mean over sequences of the cosine similarity of two heads' maps.

    ``maps`` are the model's attention weights on ``x`` when already computed
    (:func:`attention_maps`, ``(N, h, T, T)``); the result is the same.
    """
    w = (attention_maps(model, x) if maps is None else maps).flatten(2)  # (N, h, T*T)
    w = w / w.norm(dim=-1, keepdim=True).clamp_min(1e-12)
    sim = torch.einsum("nid,njd->ij", w, w) / w.shape[0]  # (h, h)
    return sim.tolist()


@torch.no_grad()
def answer_attention(
    model: HeadCountModel,
    x: torch.Tensor,
    y: torch.Tensor,
    needed: torch.Tensor,
    maps: torch.Tensor | None = None,
) -> dict[str, list[float]]:
    """Where each head looks, against the keys the answer needs.

    Parameters
    ----------
    model : HeadCountModel
    x, y : torch.Tensor
        Validation tokens and labels ``(N, T)``; only the positions that ask something count.
    needed : torch.Tensor
        ``(N, T, T)`` bool: query ``i`` needs key ``j``
        (:meth:`~mha.experiments.heads.tasks.Task.answer_keys`).
    maps : torch.Tensor, optional
        The model's attention weights on ``x`` ``(N, h, T, T)``, when already computed
        (:func:`attention_maps`); the result is the same.

    Returns
    -------
    dict
        Per head: ``weight`` (mean attention weight on the needed keys, summed over them) and
        ``argmax`` (fraction of queries whose largest weight falls on a needed key).
    """
    w = attention_maps(model, x) if maps is None else maps  # (N, h, T, T)
    needed = needed[:, None].expand_as(w)  # (N, h, T, T)
    asked = (y != IGNORE)[:, None, :].expand(w.shape[:3])  # (N, h, T)
    on_answer = (w * needed).sum(dim=-1)  # (N, h, T)
    hit = needed.gather(-1, w.argmax(dim=-1, keepdim=True))[..., 0]  # (N, h, T)
    n = asked[:, 0].sum()
    return {
        "weight": ((on_answer * asked).sum(dim=(0, 2)) / n).tolist(),
        "argmax": ((hit & asked).sum(dim=(0, 2)) / n).tolist(),
    }


def mean_off_diagonal(matrix: list[list[float]]) -> float | None:
    """Mean of the entries off the diagonal; ``None`` for a 1 x 1 matrix."""
    h = len(matrix)
    if h < 2:
        return None
    return sum(matrix[i][j] for i in range(h) for j in range(h) if i != j) / (h * (h - 1))


def analyse_heads(
    model: HeadCountModel,
    x: torch.Tensor,
    y: torch.Tensor,
    needed: torch.Tensor,
    example: int = 0,
) -> dict[str, Any]:
    """All of the above for one trained model on the validation set (what a run records).

    Parameters
    ----------
    model : HeadCountModel
    x, y : torch.Tensor
        Validation tokens and labels ``(N, T)``.
    needed : torch.Tensor
        ``(N, T, T)`` bool: the keys each query's answer needs.
    example : int
        Index of the validation sequence whose weights are kept for the heatmap.

    Returns
    -------
    dict
        ``base_accuracy``, ``ablation_drop`` (per head), ``importance`` (per head),
        ``redundancy`` (``h x h``), ``redundancy_mean`` (off-diagonal mean or ``None``),
        ``answer_weight`` and ``answer_argmax`` (per head, see :func:`answer_attention`),
        ``heatmap`` (``tokens`` of the sequence and ``weights`` ``(h, T, T)`` as nested lists).
    """
    model.eval()
    ablated = ablation(model, x, y)
    maps = attention_maps(model, x)  # (N, h, T, T): computed once, read twice
    similarity = redundancy(model, x, maps)
    on_answer = answer_attention(model, x, y, needed, maps)
    heatmap = attention_maps(model, x[example : example + 1])[0]  # (h, T, T)
    return {
        "base_accuracy": ablated["base_accuracy"],
        "ablation_drop": ablated["drop"],
        "importance": importance(model, x, y),
        "redundancy": similarity,
        "redundancy_mean": mean_off_diagonal(similarity),
        "answer_weight": on_answer["weight"],
        "answer_argmax": on_answer["argmax"],
        "heatmap": {"tokens": x[example].tolist(), "weights": heatmap.tolist()},
    }


__all__ = [
    "HeadCountModel",
    "ablation",
    "analyse_heads",
    "answer_attention",
    "attention_maps",
    "importance",
    "mean_off_diagonal",
    "redundancy",
]
