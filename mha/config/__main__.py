"""``python -m mha.config``: the attention table of config files (see :mod:`.cli`)."""

import sys

from mha.config.cli import main

if __name__ == "__main__":
    sys.exit(main())
