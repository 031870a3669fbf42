# ruff: noqa: F821
class Solution:
    def canFinish(self, numCourses: int, prerequisites: List[List[int]]) -> bool:
        indegree = [0] * numCourses
        nxt = defaultdict(list)
        for course, pre in prerequisites:
            nxt[pre].append(course)
            indegree[course] += 1
        q = deque(i for i in range(numCourses) if indegree[i] == 0)
        taken = 0
        while q:
            cur = q.popleft()
            taken += 1
            for c in nxt[cur]:
                indegree[c] -= 1
                if indegree[c] == 0:
                    q.append(c)
        return taken == numCourses
