"""Hugging Face ``transformers`` as the oracle of ``mha.config``'s reading by keys: every layer of
a small model built on the meta device, and the cache ``transformers`` itself keeps.

For each decoder layer of the model ``AutoModel.from_config`` builds (nothing allocated, nothing
downloaded):

* its attention module is the child whose class name ends in ``Attention`` and that holds a
  ``k_proj`` or MLA's ``kv_a_proj_with_mqa`` (a linear-attention or Mamba mixer has neither), or
  that says it reuses an earlier layer's K/V (Gemma 4's ``is_kv_shared_layer``: ``q_proj`` and
  ``o_proj`` only);
* its projection parameters = the ``nn.Linear`` layers of that module outside an ``indexer``;
  ``sinks`` = a parameter of that name; ``indexer`` = every parameter of the ``indexer`` child;
* what it caches per token = ``k_proj`` plus ``v_proj`` output features (MLA: the latent
  ``kv_a_proj_with_mqa``, plus the indexer's key ``wk`` when the layer has an indexer; a layer
  without ``v_proj`` whose keys serve as values, Gemma 4's ``attention_k_eq_v``: twice
  ``k_proj``'s, as its cache keeps keys and values apart, which ``test_config_gemma4.py``
  checks on a real forward pass; a shared-KV layer: nothing);
* how many tokens it keeps at a context = what ``DynamicCache(config=...)`` returns to that
  layer's attention when the token at position ``context`` is added (fed meta tensors); layers
  whose cache is a ``LinearAttentionLayer`` (a state) or ``DummyLayer`` keep no K/V.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any

import torch
from torch import nn
from transformers import AutoConfig, AutoModel, DynamicCache

NO_KV_CACHE = {"LinearAttentionLayer", "DummyLayer"}


@dataclass(frozen=True)
class HFLayer:
    """What one decoder layer of the ``transformers`` model holds and caches."""

    attends: bool
    params: int = 0
    sinks: int = 0
    indexer: int = 0
    heads: int = 0
    kv_numbers: int = 0  # numbers cached per token (K and V, or MLA's latent and index key)
    kv_heads: int = 0  # K/V heads and head width of a layer with its own k_proj (else 0)
    head_dim: int = 0


def hf_config(cfg: dict[str, Any]):
    """``transformers``' reading of a config dict (its ``text_config`` for a wrapper)."""
    cfg = dict(cfg)
    model_type = cfg.pop("model_type")
    if model_type == "mimo_v2":  # MiMo-V2.5/V2.6: no class of its own in transformers
        # NVIDIA NeMo's MiMoV2Config subclasses MiMoV2FlashConfig: the same text backbone, which
        # transformers builds. Its rotary embedding wants rope parameters per layer type, and
        # makes them from rope_theta and swa_rope_theta when the file's flat default
        # rope_scaling is left out (rotation does not change a size or the cache).
        model_type = "mimo_v2_flash"
        cfg.pop("rope_scaling", None)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        hf = AutoConfig.for_model(model_type, **cfg)
    return hf


def build(cfg: dict[str, Any]) -> nn.Module:
    """The model ``transformers`` builds from ``cfg``, on the meta device."""
    with torch.device("meta"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return AutoModel.from_config(hf_config(cfg))


def decoder_layers(model: nn.Module, n_layers: int | None = None) -> nn.ModuleList:
    """The language model's list of decoder layers (of ``n_layers`` layers when given: a
    vision or audio tower has its own list)."""
    found = [
        (name, module)
        for name, module in model.named_modules()
        if name.endswith("layers") and isinstance(module, nn.ModuleList)
        and (n_layers is None or len(module) == n_layers)
    ]  # fmt: skip
    found.sort(key=lambda item: ("language" not in item[0] and "text" not in item[0], item[0]))
    if not found:
        raise AssertionError(f"no layers in {type(model).__name__}")
    return found[0][1]


def _attention(layer: nn.Module) -> nn.Module | None:
    for child in layer.children():
        names = dict(child.named_children())
        shared = getattr(child, "is_kv_shared_layer", False) is True
        if type(child).__name__.endswith("Attention") and (
            isinstance(names.get("k_proj"), nn.Linear) or "kv_a_proj_with_mqa" in names or shared
        ):
            return child
    return None


def measure(layer: nn.Module) -> HFLayer:
    """What one decoder layer holds (see the module docstring)."""
    attn = _attention(layer)
    if attn is None:
        return HFLayer(attends=False)
    indexer = getattr(attn, "indexer", None)
    params = sum(
        p.numel()
        for name, m in attn.named_modules()
        if isinstance(m, nn.Linear) and not name.startswith("indexer")
        for p in m.parameters(recurse=False)
    )
    sinks = getattr(attn, "sinks", None)
    heads = attn.config.num_attention_heads
    kv_heads = head_dim = 0
    if hasattr(attn, "kv_a_proj_with_mqa"):
        numbers = attn.kv_a_proj_with_mqa.out_features
        if indexer is not None:
            numbers += indexer.wk.out_features
    elif getattr(attn, "k_proj", None) is None:  # reuses an earlier layer's K/V
        numbers = 0
    else:
        k_out = attn.k_proj.out_features
        v_proj = attn.v_proj  # None: the keys serve as values
        numbers = k_out + (k_out if v_proj is None else v_proj.out_features)
        head_dim = getattr(attn, "head_dim", 0)
        kv_heads = k_out // head_dim if head_dim else 0
    return HFLayer(
        attends=True,
        params=params,
        sinks=0 if sinks is None else sinks.numel(),
        indexer=0 if indexer is None else sum(p.numel() for p in indexer.parameters()),
        heads=heads,
        kv_numbers=numbers,
        kv_heads=kv_heads,
        head_dim=head_dim,
    )


def cached_tokens(cfg: dict[str, Any], context: int) -> list[int]:
    """Tokens each layer of ``DynamicCache(config=...)`` gives its attention at ``context``."""
    cache = DynamicCache(config=hf_config(cfg))
    out = []
    with torch.device("meta"):
        before = torch.empty(1, 1, context - 1, 2)
        new = torch.empty(1, 1, 1, 2)
        for layer in cache.layers:
            if type(layer).__name__ in NO_KV_CACHE:
                out.append(0)
                continue
            layer.update(before, before)
            keys, _ = layer.update(new, new)
            out.append(keys.shape[-2])
    return out


def hf_cache_bytes(cfg: dict[str, Any], layers: list[HFLayer], context: int, dtype: int) -> int:
    """Bytes ``transformers``' cache keeps at ``context`` tokens, over the layers."""
    tokens = cached_tokens(cfg, context)
    assert len(tokens) == len(layers)
    return sum(t * h.kv_numbers * dtype for t, h in zip(tokens, layers, strict=True))
