"""The API index's summary: per package with an API page, every topic of its library, found by
discovery (the package's public modules and subpackages, without its domain tools), each under
its Korean name.

Writes ``docs/generated/indexes/api_topics.md``, included by ``docs/api/index.md``.
"""

from __future__ import annotations

import importlib
import pkgutil

from studylog.gen.common import Content, header

OUT = "generated/indexes/api_topics.md"

#: The packages of the API pages, in the nav's order.
PACKAGES = ("mha", "graphs")

#: Subpackages that are the domains' tools, not their library (tests/test_layering.py).
TOOLS = {"tools", "drill", "experiments"}

#: Korean names of the topics; a topic without one is shown by its module name.
TOPIC_KO = {
    "attention": "attention 핵심부",
    "heads": "분할과 병합",
    "masks": "mask",
    "params": "파라미터 수",
    "interop": "PyTorch 호환",
    "config": "config 읽기",
    "lora": "LoRA",
    "minimal": "가장 작은 MHA",
    "module": "MHA 모듈",
    "pitfalls": "일부러 틀린 코드와 풀이",
    "reference": "참조 구현",
    "traversal": "BFS와 DFS",
    "components": "연결 요소",
    "islands": "섬",
    "toposort": "위상 정렬",
    "courses": "선수 과목",
    "oranges": "썩은 귤",
    "borders": "가장자리에서 플러드 필",
    "bipartite": "이분 그래프",
    "grid_paths": "격자 최단 경로",
    "union_find": "유니온 파인드",
    "records": "풀이 기록",
    "configs": "저장소에 넣어 둔 모델 config",
}


def topics(package: str) -> list[str]:
    """The public modules and subpackages of ``package``'s library, in name order.

    Examples
    --------
    >>> "union_find" in topics("graphs") and "drill" not in topics("graphs")
    True
    """
    path = importlib.import_module(package).__path__
    return sorted(m.name for m in pkgutil.iter_modules(path)
                  if not m.name.startswith("_") and m.name not in TOOLS)  # fmt: skip


def topics_md() -> str:
    """One line per package: its API page and every topic, in Korean with the module name."""
    lines = []
    for package in PACKAGES:
        named = ", ".join(f"{TOPIC_KO.get(t, t)}(`{t}`)" for t in topics(package))
        lines.append(f"- [{package}]({package}.md): {named}")
    return header("the modules of each package") + "\n" + "\n".join(lines) + "\n"


def generate() -> dict[str, Content]:
    return {OUT: topics_md()}
