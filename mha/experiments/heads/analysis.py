"""Head analysis of a trained model: ablation, importance, redundancy, and one heatmap's weights.

- **Ablation**: zero one head's output (its slice before ``W_o``) and measure how much the
  validation accuracy drops.
- **Importance** (Michel, Levy and Neubig, *Are Sixteen Heads Really Better than One?*, 2019):
  put a gate ``xi_h = 1`` on every head and take the expected absolute gradient of the loss with
  respect to it, ``I_h = E_x |dL(x)/dxi_h|``, over the validation sequences (``L(x)`` is the mean
  cross-entropy over the positions of sequence ``x``).
- **Redundancy**: pairwise cosine similarity of two heads' ``(T, T)`` attention maps on the same
  sequence, averaged over the validation set (1 = the same pattern, 0 = disjoint attention).

These say how much each head matters *to this trained model* and whether heads look at the same
places; they do not say that a head "means" anything, and numbers of one seed's head ``i`` are
unrelated to another seed's head ``i``.
"""

from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F

from mha.experiments.heads.model import HeadCountModel


@torch.no_grad()
def ablation(model: HeadCountModel, x: torch.Tensor, y: torch.Tensor) -> dict[str, Any]:
    """Accuracy with all heads, and its drop when each head alone is switched off.

    Switching head ``i`` off (a zero gate on its slice before ``W_o``) removes exactly its
    contribution ``head_i @ W_o[:, slice_i].T`` from the attention output, so one pass computes
    every head's contribution and each ablation subtracts one of them (the tests check that this
    equals running the model with the gate).

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
    contrib = model.head_contributions(x)  # (N, h, T, d_model)
    total = contrib.sum(dim=1)  # (N, T, d_model), before W_o's bias
    if model.attn.W_o.bias is not None:
        total = total + model.attn.W_o.bias

    def acc(attn_out: torch.Tensor) -> float:
        return (model.readout(attn_out).argmax(dim=-1) == y).float().mean().item()

    base = acc(total)
    return {
        "base_accuracy": base,
        "drop": [base - acc(total - contrib[:, i]) for i in range(model.n_heads)],
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
        per_seq = per_token.mean(dim=1)  # (B,): L(x) for each sequence
        (grad,) = torch.autograd.grad(per_seq.sum(), gate)  # (B, h): dL(x_b)/dxi_h
        total += grad.abs().sum(dim=0).double()
    return (total / x.shape[0]).tolist()


@torch.no_grad()
def attention_maps(model: HeadCountModel, x: torch.Tensor) -> torch.Tensor:
    """Every head's attention weights ``(N, h, T, T)`` (explicit attention)."""
    _, weights = model.heads(x, explicit=True)  # the weights alone: no W_o, no readout
    return weights


@torch.no_grad()
def redundancy(model: HeadCountModel, x: torch.Tensor) -> list[list[float]]:
    """``(h, h)`` matrix: mean over sequences of the cosine similarity of two heads' maps."""
    w = attention_maps(model, x).flatten(2)  # (N, h, T*T)
    w = w / w.norm(dim=-1, keepdim=True).clamp_min(1e-12)
    sim = torch.einsum("nid,njd->ij", w, w) / w.shape[0]  # (h, h)
    return sim.tolist()


def mean_off_diagonal(matrix: list[list[float]]) -> float | None:
    """Mean of the entries off the diagonal; ``None`` for a 1 x 1 matrix."""
    h = len(matrix)
    if h < 2:
        return None
    return sum(matrix[i][j] for i in range(h) for j in range(h) if i != j) / (h * (h - 1))


def analyse_heads(
    model: HeadCountModel, x: torch.Tensor, y: torch.Tensor, example: int = 0
) -> dict[str, Any]:
    """All of the above for one trained model on the validation set (what a run records).

    Parameters
    ----------
    model : HeadCountModel
    x, y : torch.Tensor
        Validation tokens and labels ``(N, T)``.
    example : int
        Index of the validation sequence whose weights are kept for the heatmap.

    Returns
    -------
    dict
        ``base_accuracy``, ``ablation_drop`` (per head), ``importance`` (per head),
        ``redundancy`` (``h x h``), ``redundancy_mean`` (off-diagonal mean or ``None``),
        ``heatmap`` (``tokens`` of the sequence and ``weights`` ``(h, T, T)`` as nested lists).
    """
    model.eval()
    ablated = ablation(model, x, y)
    similarity = redundancy(model, x)
    heatmap = attention_maps(model, x[example : example + 1])[0]  # (h, T, T)
    return {
        "base_accuracy": ablated["base_accuracy"],
        "ablation_drop": ablated["drop"],
        "importance": importance(model, x, y),
        "redundancy": similarity,
        "redundancy_mean": mean_off_diagonal(similarity),
        "heatmap": {"tokens": x[example].tolist(), "weights": heatmap.tolist()},
    }


__all__ = [
    "ablation",
    "analyse_heads",
    "attention_maps",
    "importance",
    "mean_off_diagonal",
    "redundancy",
]
