"""The family a config without ``model_type`` is read as: :func:`assume_family`.

Old files (the 2019 ``roberta-base`` one, early GPT-2 ports) carry no ``model_type``. The
``architectures`` list names the model class when it is there; otherwise the keys tell the
families apart: ``type_vocab_size`` (token-type embeddings) only BERT-style encoders have,
``kv_lora_rank`` only MLA, ``n_embd`` the GPT-2 style, ``new_decoder_architecture`` Falcon.

This module needs only the standard library.
"""

from __future__ import annotations

from typing import Any

from mha.config.families import ARCHITECTURES, FAMILIES, NESTED

#: Keys only BERT-style encoders carry (BERT, RoBERTa, ...): the token-type embeddings.
ENCODER_KEYS = ("type_vocab_size",)

#: What follows the family's prefix in a ``transformers`` class name (``PhiMoEForCausalLM`` is
#: another family than ``PhiForCausalLM``).
CLASS_SUFFIXES = ("For", "Model", "LMHead", "TextModel")


def architecture_family(name: str) -> str | None:
    """The ``model_type`` a ``transformers`` class name belongs to (``Qwen2MoeForCausalLM`` ->
    ``qwen2_moe``): a known prefix followed by one of :data:`CLASS_SUFFIXES`; ``None`` if none
    fits.

    Examples
    --------
    >>> architecture_family("Qwen2MoeForCausalLM"), architecture_family("GPT2LMHeadModel")
    ('qwen2_moe', 'gpt2')
    >>> architecture_family("Gemma3ForCausalLM"), architecture_family("PhiMoEForCausalLM")
    ('gemma3_text', None)
    """
    for prefix, model_type in ARCHITECTURES.items():
        if name.startswith(prefix) and name[len(prefix) :].startswith(CLASS_SUFFIXES):
            return model_type
    return None


def assume_family(config: dict[str, Any]) -> tuple[str, str]:
    """``(model_type, why)`` for a config that has no ``model_type``.

    Raises
    ------
    ValueError
        ``architectures`` is not a list of names, or no key suggests any family.
    """
    names = config.get("architectures")
    if names is not None:
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ValueError(f"config['architectures']: expected a list of class names, got "
                             f"{names!r:.80}")  # fmt: skip
        for name in names:
            model_type = architecture_family(name)
            if model_type is not None:
                return model_type, f"its architectures name {name}"
    if "d_kv" in config:
        return "t5", "it has d_kv"
    if "kv_lora_rank" in config:
        return "deepseek_v2", "it has kv_lora_rank (multi-head latent attention)"
    if "n_embd" in config:
        if "multi_query" in config:
            return "gpt_bigcode", "it has n_embd and multi_query"
        return "gpt2", "it has n_embd"
    if "hidden_size" in config:
        encoder = [k for k in ENCODER_KEYS if k in config]
        if encoder:
            return "bert", (
                f"it has {encoder[0]}, the token-type embeddings of BERT-style encoders "
                "(RoBERTa reads the same)"
            )
        if "new_decoder_architecture" in config or "num_kv_heads" in config:
            return "falcon", "it has new_decoder_architecture or num_kv_heads"
        return "llama", "it has hidden_size and no key of another family"
    raise ValueError(
        "config: no 'model_type', and none of the keys 'architectures', 'n_embd' (GPT-2), "
        "'hidden_size' (Llama and most others), 'type_vocab_size' (BERT-style encoders), "
        f"'kv_lora_rank' (DeepSeek) or 'd_kv' (T5); known families: {known_families()}"
    )


def known_families() -> str:
    """The ``model_type`` values read, for messages."""
    return ", ".join(sorted(FAMILIES)) + "; nested: " + ", ".join(sorted(NESTED))
