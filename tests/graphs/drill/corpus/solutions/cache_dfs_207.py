# ruff: noqa: F821
class Solution:
    def canFinish(self, numCourses: int, prerequisites: List[List[int]]) -> bool:
        pre = defaultdict(list)
        for a, b in prerequisites:
            pre[a].append(b)
        visiting = set()

        @cache
        def can_take(course):
            if course in visiting:
                return False
            visiting.add(course)
            ok = all(can_take(p) for p in pre[course])
            visiting.discard(course)
            return ok

        return all(can_take(c) for c in range(numCourses))
