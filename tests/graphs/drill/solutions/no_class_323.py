# ruff: noqa: F821 - as pasted into LeetCode: List, deque, defaultdict need no import
def countComponents(n: int, edges: List[List[int]]) -> int:
    return n
