# ruff: noqa: F821
"""A right answer that leaves a stray process behind: on its first call it forks a child
that starts a new session (``os.setsid``) and then sleeps for 600 s - it re-executes Python
with ``fork_survivor_marker`` on its command line, or just sleeps if it cannot. The child's
pid goes to ``stray.pid`` in the current folder. The answer itself is correct."""

import os
import sys
import time

MARKER = "fork_survivor_marker"
SLEEPER = "import time\nfor _ in range(60):\n    time.sleep(10)\n"
_forked = False


def _leave_a_stray():
    pid = os.fork()
    if pid == 0:  # the child: never returns into the solution
        try:
            os.setsid()
            if sys.executable:
                os.execv(sys.executable, [sys.executable, "-c", SLEEPER, MARKER])
        except BaseException:
            pass
        try:
            for _ in range(60):
                time.sleep(10)
        finally:
            os._exit(0)
    try:
        with open("stray.pid", "w") as f:
            f.write(f"{pid}\n")
    except OSError:
        pass


class Solution:
    def countComponents(self, n: int, edges: List[List[int]]) -> int:
        global _forked
        if not _forked:
            _forked = True
            _leave_a_stray()
        parent = list(range(n))

        def find(x):
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        count = n
        for a, b in edges:
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[ra] = rb
                count -= 1
        return count
