"""Multi-Head Attention from scratch, with PyTorch as the oracle.

The attention core (:mod:`mha.heads`, :mod:`mha.attention`, :mod:`mha.masks`, :mod:`mha.module`)
knows nothing of experiments, files or plots.
"""

from mha.attention import scaled_dot_product_attention
from mha.heads import merge_heads, split_heads
from mha.module import MultiHeadAttention, count_parameters
from mha.params import attention_param_count

__all__ = [
    "MultiHeadAttention",
    "attention_param_count",
    "count_parameters",
    "merge_heads",
    "scaled_dot_product_attention",
    "split_heads",
]
