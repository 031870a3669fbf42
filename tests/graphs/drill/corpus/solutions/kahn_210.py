# ruff: noqa: F821
class Solution:
    def findOrder(self, numCourses: int, prerequisites: List[List[int]]) -> List[int]:
        graph = defaultdict(list)
        indeg = [0] * numCourses
        for a, b in prerequisites:
            graph[b].append(a)
            indeg[a] += 1
        queue = deque([i for i in range(numCourses) if not indeg[i]])
        order = []
        while queue:
            u = queue.popleft()
            order.append(u)
            for v in graph[u]:
                indeg[v] -= 1
                if not indeg[v]:
                    queue.append(v)
        return order if len(order) == numCourses else []
