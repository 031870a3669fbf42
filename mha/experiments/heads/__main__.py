"""``python -m mha.experiments.heads``: the head-count experiment (see :mod:`.cli`)."""

import sys

from mha.experiments.heads.cli import main

if __name__ == "__main__":
    sys.exit(main())
