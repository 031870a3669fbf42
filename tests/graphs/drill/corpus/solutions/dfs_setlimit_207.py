# ruff: noqa: F821
import sys

sys.setrecursionlimit(10**6)


class Solution:
    def canFinish(self, numCourses: int, prerequisites: List[List[int]]) -> bool:
        adj = [[] for _ in range(numCourses)]
        for course, need in prerequisites:
            adj[need].append(course)
        on_path, done = set(), set()

        def dfs(u):
            if u in on_path:
                return False
            if u in done:
                return True
            on_path.add(u)
            for v in adj[u]:
                if not dfs(v):
                    return False
            on_path.remove(u)
            done.add(u)
            return True

        return all(dfs(u) for u in range(numCourses))
