# ruff: noqa: F821
class Solution:
    def possibleBipartition(self, n: int, dislikes: List[List[int]]) -> bool:
        g = defaultdict(list)
        for a, b in dislikes:
            g[a].append(b)
            g[b].append(a)
        color = [0] * (n + 1)
        for s in range(1, n + 1):
            if color[s]:
                continue
            color[s] = 1
            q = deque([s])
            while q:
                u = q.popleft()
                for v in g[u]:
                    if not color[v]:
                        color[v] = -color[u]
                        q.append(v)
                    elif color[v] == color[u]:
                        return False
        return True
