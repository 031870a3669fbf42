# ruff: noqa: F821
class Solution:
    def isBipartite(self, graph: List[List[int]]) -> bool:
        color = {0: 0}
        q = deque([0])
        while q:
            u = q.popleft()
            for v in graph[u]:
                if v not in color:
                    color[v] = 1 - color[u]
                    q.append(v)
                elif color[v] == color[u]:
                    return False
        return True
