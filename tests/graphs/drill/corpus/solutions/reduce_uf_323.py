# ruff: noqa: F821
class Solution:
    def countComponents(self, n: int, edges: List[List[int]]) -> int:
        root = list(range(n))

        def find(x):
            while root[x] != x:
                root[x] = root[root[x]]
                x = root[x]
            return x

        def merge(count, edge):
            a, b = map(find, edge)
            if a == b:
                return count
            root[a] = b
            return count - 1

        return reduce(merge, edges, n)
