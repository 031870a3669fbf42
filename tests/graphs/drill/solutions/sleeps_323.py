# ruff: noqa: F821
"""Waits instead of working: uses almost no CPU, so only the wall clock can stop it."""

import time  # LeetCode's prelude binds `time` to datetime.time: the module needs an import


class Solution:
    def countComponents(self, n: int, edges: List[List[int]]) -> int:
        time.sleep(600)
        return n
