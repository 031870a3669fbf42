# ruff: noqa: F821 - as pasted into LeetCode: List, deque, defaultdict need no import
class Solution:
    def countComponents(self, n: int, edges: List[List[int]]) -> int:
        # LeetCode: ai != bi and no repeated edges, so n * (n - 1) / 2 edges make the complete
        # graph, which is connected. (A self-loop would break this shortcut; LeetCode has none.)
        if len(edges) == n * (n - 1) // 2:
            return 1
        parent = list(range(n))

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = x = parent[parent[x]]
            return x

        count = n
        for a, b in edges:
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[ra] = rb
                count -= 1
        return count
