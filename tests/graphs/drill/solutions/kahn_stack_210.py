# ruff: noqa: F821 - as pasted into LeetCode: List, deque, defaultdict need no import
class Solution:
    def findOrder(self, numCourses: int, prerequisites: List[List[int]]) -> List[int]:
        # Kahn's algorithm with a stack instead of a queue: a valid order, often not ours.
        after = defaultdict(list)
        indegree = [0] * numCourses
        for course, before in prerequisites:
            after[before].append(course)
            indegree[course] += 1
        ready = [c for c in range(numCourses) if indegree[c] == 0]
        order = []
        while ready:
            c = ready.pop()
            order.append(c)
            for nxt in after[c]:
                indegree[nxt] -= 1
                if indegree[nxt] == 0:
                    ready.append(nxt)
        return order if len(order) == numCourses else []
