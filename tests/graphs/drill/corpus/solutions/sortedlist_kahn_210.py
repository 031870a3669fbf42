# ruff: noqa: F821
class Solution:
    def findOrder(self, numCourses: int, prerequisites: List[List[int]]) -> List[int]:
        after = defaultdict(set)
        need = Counter()
        for a, b in prerequisites:
            after[b].add(a)
            need[a] += 1
        ready = SortedList(c for c in range(numCourses) if need[c] == 0)
        ans = []
        while ready:
            c = ready.pop(0)
            ans.append(c)
            for d in after[c]:
                need[d] -= 1
                if need[d] == 0:
                    ready.add(d)
        return ans if len(ans) == numCourses else []
