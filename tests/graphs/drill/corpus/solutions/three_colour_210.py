# ruff: noqa: F821
class Solution:
    def findOrder(self, numCourses: int, prerequisites: List[List[int]]) -> List[int]:
        WHITE, GREY, BLACK = 0, 1, 2
        adj = [[] for _ in range(numCourses)]
        for course, pre in prerequisites:
            adj[pre].append(course)
        color = [WHITE] * numCourses
        post = []

        def dfs(u):
            color[u] = GREY
            for v in adj[u]:
                if color[v] == GREY:
                    return False
                if color[v] == WHITE and not dfs(v):
                    return False
            color[u] = BLACK
            post.append(u)
            return True

        for u in range(numCourses):
            if color[u] == WHITE and not dfs(u):
                return []
        return post[::-1]
