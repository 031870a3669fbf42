# ruff: noqa: F821, SIM110
class Solution:
    def canFinish(self, numCourses: int, prerequisites: List[List[int]]) -> bool:
        WHITE, GREY, BLACK = 0, 1, 2
        graph = [[] for _ in range(numCourses)]
        for a, b in prerequisites:
            graph[b].append(a)
        color = [WHITE] * numCourses

        def has_cycle(u):
            color[u] = GREY
            for v in graph[u]:
                if color[v] == GREY:
                    return True
                if color[v] == WHITE and has_cycle(v):
                    return True
            color[u] = BLACK
            return False

        for u in range(numCourses):
            if color[u] == WHITE and has_cycle(u):
                return False
        return True
