# ruff: noqa: F821
class Solution:
    def findOrder(self, numCourses: int, prerequisites: List[List[int]]) -> List[int]:
        out = [[] for _ in range(numCourses)]
        indeg = [0] * numCourses
        for a, b in prerequisites:
            out[b].append(a)
            indeg[a] += 1
        heap = [i for i in range(numCourses) if indeg[i] == 0]
        heapify(heap)
        res = []
        while heap:
            cur = heappop(heap)
            res.append(cur)
            for nxt in out[cur]:
                indeg[nxt] -= 1
                if indeg[nxt] == 0:
                    heappush(heap, nxt)
        return res if len(res) == numCourses else []
