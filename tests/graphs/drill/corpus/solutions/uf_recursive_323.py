# ruff: noqa: F821
class Solution:
    def countComponents(self, n: int, edges: List[List[int]]) -> int:
        par = list(range(n))

        def find(x):
            if par[x] != x:
                par[x] = find(par[x])
            return par[x]

        comps = n
        for u, v in edges:
            pu, pv = find(u), find(v)
            if pu != pv:
                par[pu] = pv
                comps -= 1
        return comps
