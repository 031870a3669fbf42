"""``python -m mha.experiment``: the head-count experiment's first address, kept working.

The experiment lives in :mod:`mha.experiments.heads`; this module only forwards to its command
(``python -m mha.experiments.heads`` is the same).
"""

import sys

from mha.experiments.heads.cli import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
