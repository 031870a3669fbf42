# ruff: noqa: F821
import sys

sys.setrecursionlimit(10**6)


class Solution:
    def findOrder(self, numCourses: int, prerequisites: List[List[int]]) -> List[int]:
        needs = defaultdict(list)  # course -> its prerequisites
        for a, b in prerequisites:
            needs[a].append(b)
        state = {}  # 1 = in progress, 2 = finished
        order = []
        cycle = False

        def visit(c):
            nonlocal cycle
            state[c] = 1
            for p in needs[c]:
                if state.get(p) == 1:
                    cycle = True
                    return
                if p not in state:
                    visit(p)
                    if cycle:
                        return
            state[c] = 2
            order.append(c)  # every prerequisite of c is already in order

        for c in range(numCourses):
            if c not in state:
                visit(c)
                if cycle:
                    return []
        return order
