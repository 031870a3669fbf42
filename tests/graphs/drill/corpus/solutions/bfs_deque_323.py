# ruff: noqa: F821
class Solution:
    def countComponents(self, n: int, edges: List[List[int]]) -> int:
        adj = defaultdict(list)
        for a, b in edges:
            adj[a].append(b)
            adj[b].append(a)
        seen = [False] * n
        components = 0
        for start in range(n):
            if seen[start]:
                continue
            components += 1
            seen[start] = True
            q = deque([start])
            while q:
                node = q.popleft()
                for nxt in adj[node]:
                    if not seen[nxt]:
                        seen[nxt] = True
                        q.append(nxt)
        return components
