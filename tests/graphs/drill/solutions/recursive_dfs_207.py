# ruff: noqa: F821 - as pasted into LeetCode: List, deque, defaultdict need no import
class Solution:
    def canFinish(self, numCourses: int, prerequisites: List[List[int]]) -> bool:
        graph = defaultdict(list)
        for a, b in prerequisites:
            graph[b].append(a)
        state = [0] * numCourses  # 0 white, 1 grey (on the path), 2 black (done)

        def has_cycle(u: int) -> bool:
            state[u] = 1
            for v in graph[u]:
                if state[v] == 1 or (state[v] == 0 and has_cycle(v)):
                    return True
            state[u] = 2
            return False

        return not any(state[u] == 0 and has_cycle(u) for u in range(numCourses))
