# ruff: noqa: F821
"""A recursive cycle check with a made-up shortcut: "a chain of prerequisites longer than
1500 courses can only be a cycle". Right on every small input, wrong as soon as a real chain
is longer than 1500 (so only when numCourses > 1500): a judge must still find and report
that counterexample at a large size."""

CHAIN_LIMIT = 1500


class Solution:
    def canFinish(self, numCourses: int, prerequisites: List[List[int]]) -> bool:
        graph = defaultdict(list)
        for a, b in prerequisites:
            graph[b].append(a)
        state = [0] * numCourses  # 0 new, 1 on the path, 2 done

        def cyclic(u, depth):
            if depth > CHAIN_LIMIT:
                return True  # the "shortcut": wrong for a long acyclic chain
            state[u] = 1
            for v in graph[u]:
                if state[v] == 1:
                    return True
                if state[v] == 0 and cyclic(v, depth + 1):
                    return True
            state[u] = 2
            return False

        return not any(state[u] == 0 and cyclic(u, 1) for u in range(numCourses))
