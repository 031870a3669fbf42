# ruff: noqa: F821
class Solution:
    def countComponents(self, n: int, edges: List[List[int]]) -> int:
        p = list(range(n))

        def find(x):
            while p[x] != x:
                p[x] = p[p[x]]
                x = p[x]
            return x

        def joined(e):
            a, b = find(e[0]), find(e[1])
            p[a] = b
            return a != b

        # running number of components after each edge; the last one is the answer
        *_, last = accumulate(map(joined, edges), lambda k, j: k - j, initial=n)
        return last
