"""Multi-Head Attention from scratch, with PyTorch as the oracle.

Read in this order:

1. :mod:`mha.minimal` -- :class:`~mha.minimal.MinimalMHA`, the whole idea in about thirty lines
   (project, split into heads, scores, softmax, weighted sum, merge, project), one shape per
   line. Start here.
2. :mod:`mha.module` -- :class:`MultiHeadAttention`, the same steps with what real use adds:
   PyTorch's masks, zero rows instead of NaN where every key is masked, grouped-query
   attention, PyTorch's fused kernel, one matmul for Q, K and V in inference, a head gate and a
   hook point, errors that name the argument. Its pieces: :mod:`mha.heads` (split and merge),
   :mod:`mha.attention` (the explicit scaled dot-product attention), :mod:`mha.masks`,
   :mod:`mha.guards` (NaN in, NaN out, zero rows, refusals: kept out of the main line).
3. Around it: :mod:`mha.params` (parameter counts), :mod:`mha.interop` (weights to and from
   PyTorch and GPT-2), :mod:`mha.reference` (one head at a time), :mod:`mha.config` (Hugging
   Face model configs), :mod:`mha.lora`, :mod:`mha.pitfalls` (deliberate mistakes).

The library knows nothing of experiments, files or plots (those are :mod:`mha.experiments` and
:mod:`mha.tools`).
"""

from mha.attention import scaled_dot_product_attention
from mha.heads import merge_heads, split_heads
from mha.minimal import MinimalMHA
from mha.module import MultiHeadAttention, count_parameters
from mha.params import attention_param_count

__all__ = [
    "MinimalMHA",
    "MultiHeadAttention",
    "attention_param_count",
    "count_parameters",
    "merge_heads",
    "scaled_dot_product_attention",
    "split_heads",
]
