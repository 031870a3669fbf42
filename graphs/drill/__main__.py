"""``python -m graphs.drill``: see :mod:`graphs.drill.cli`."""

import sys

from graphs.drill.cli import run_command

sys.exit(run_command())
