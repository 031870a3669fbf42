"""The configs shipped in ``mha/configs/`` (package data), by name, and how to load one.

This module needs only the standard library.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

BUILTIN = {
    "gpt2": "gpt2.json",
    "gpt-j-6b": "gpt-j-6b.json",
    "gpt-neox-20b": "gpt-neox-20b.json",
    "opt-6.7b": "opt-6.7b.json",
    "bert-base-uncased": "bert-base-uncased.json",
    "roberta-base": "roberta-base.json",
    "llama-3-8b": "llama-3-8b.json",
    "mistral-7b": "mistral-7b.json",
    "mixtral-8x7b": "mixtral-8x7b.json",
    "qwen2-7b": "qwen2-7b.json",
    "qwen1.5-moe-a2.7b": "qwen1.5-moe-a2.7b.json",
    "qwen3-8b": "qwen3-8b.json",
    "qwen3-30b-a3b": "qwen3-30b-a3b.json",
    "gemma-7b": "gemma-7b.json",
    "gemma-2-9b": "gemma-2-9b.json",
    "gemma-3-1b": "gemma-3-1b.json",
    "gemma-3-4b": "gemma-3-4b.json",
    "phi-2": "phi-2.json",
    "phi-3-mini": "phi-3-mini.json",
    "stablelm-2-1.6b": "stablelm-2-1.6b.json",
    "olmo-2-7b": "olmo-2-7b.json",
    "exaone-3.5-7.8b": "exaone-3.5-7.8b.json",
    "falcon-7b": "falcon-7b.json",
    "falcon-40b": "falcon-40b.json",
    "starcoder": "starcoder.json",
    "starcoder2-7b": "starcoder2-7b.json",
    "deepseek-v2-lite": "deepseek-v2-lite.json",
    "deepseek-v3": "deepseek-v3.json",
    "llava-1.5-7b": "llava-1.5-7b.json",
    "smollm3-3b": "smollm3-3b.json",
    "gpt-oss-20b": "gpt-oss-20b.json",
    "llama-4-scout": "llama-4-scout.json",
    "glm-4.5-air": "glm-4.5-air.json",
    "qwen3-next-80b-a3b": "qwen3-next-80b-a3b.json",
    "kimi-k2": "kimi-k2.json",
    "deepseek-v3.2-exp": "deepseek-v3.2-exp.json",
    "qwen3-vl-8b": "qwen3-vl-8b.json",
    "nemotron-h-8b": "nemotron-h-8b.json",
    "minimax-m2.7": "minimax-m2.7.json",
    "qwen3.5-397b-a17b": "qwen3.5-397b-a17b.json",
    "qwen3.6-27b": "qwen3.6-27b.json",
    "gemma-4-31b": "gemma-4-31b.json",
    "glm-5.1": "glm-5.1.json",
    "mimo-v2.5": "mimo-v2.5.json",
    "falcon-h1-tiny-90m-instruct": "falcon-h1-tiny-90m-instruct.json",
}
BUILTIN_TITLES = {
    "gpt2": "GPT-2 small",
    "gpt-j-6b": "GPT-J-6B",
    "gpt-neox-20b": "GPT-NeoX-20B",
    "opt-6.7b": "OPT-6.7B",
    "bert-base-uncased": "BERT-base",
    "roberta-base": "RoBERTa-base",
    "llama-3-8b": "Llama-3-8B",
    "mistral-7b": "Mistral-7B",
    "mixtral-8x7b": "Mixtral-8x7B",
    "qwen2-7b": "Qwen2-7B",
    "qwen1.5-moe-a2.7b": "Qwen1.5-MoE-A2.7B",
    "qwen3-8b": "Qwen3-8B",
    "qwen3-30b-a3b": "Qwen3-30B-A3B",
    "gemma-7b": "Gemma-7B",
    "gemma-2-9b": "Gemma-2-9B",
    "gemma-3-1b": "Gemma-3-1B",
    "gemma-3-4b": "Gemma-3-4B",
    "phi-2": "Phi-2",
    "phi-3-mini": "Phi-3-mini",
    "stablelm-2-1.6b": "StableLM-2-1.6B",
    "olmo-2-7b": "OLMo-2-7B",
    "exaone-3.5-7.8b": "EXAONE-3.5-7.8B",
    "falcon-7b": "Falcon-7B",
    "falcon-40b": "Falcon-40B",
    "starcoder": "StarCoder",
    "starcoder2-7b": "StarCoder2-7B",
    "deepseek-v2-lite": "DeepSeek-V2-Lite",
    "deepseek-v3": "DeepSeek-V3",
    "llava-1.5-7b": "LLaVA-1.5-7B",
    "smollm3-3b": "SmolLM3-3B",
    "gpt-oss-20b": "gpt-oss-20b",
    "llama-4-scout": "Llama-4-Scout",
    "glm-4.5-air": "GLM-4.5-Air",
    "qwen3-next-80b-a3b": "Qwen3-Next-80B-A3B",
    "kimi-k2": "Kimi-K2",
    "deepseek-v3.2-exp": "DeepSeek-V3.2-Exp",
    "qwen3-vl-8b": "Qwen3-VL-8B",
    "nemotron-h-8b": "Nemotron-H-8B",
    "minimax-m2.7": "MiniMax-M2.7",
    "qwen3.5-397b-a17b": "Qwen3.5-397B-A17B",
    "qwen3.6-27b": "Qwen3.6-27B",
    "gemma-4-31b": "Gemma-4-31B",
    "glm-5.1": "GLM-5.1",
    "mimo-v2.5": "MiMo-V2.5",
    "falcon-h1-tiny-90m-instruct": "Falcon-H1-Tiny-90M-Instruct",
}


def load_builtin(name: str) -> dict[str, Any]:
    """One of the shipped configs (the keys of :data:`BUILTIN`)."""
    if name not in BUILTIN:
        raise ValueError(f"name: expected one of {sorted(BUILTIN)}, got {name!r}")
    text = resources.files("mha.configs").joinpath(BUILTIN[name]).read_text(encoding="utf-8")
    return json.loads(text)
