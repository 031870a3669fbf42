"""The pitfalls of the flood fill from the border (LeetCode 1020, 130), found by the gallery."""

from __future__ import annotations

from typing import Any

import graphs
from graphs import pitfalls
from graphs.tools.counterexamples import declare
from graphs.tools.strategies import grid_args


def board_args() -> Any:
    """The gallery's small 0/1 grids as boards ``{"board": [["X", "O"], ...]}`` (1 is "O")."""
    return grid_args().map(
        lambda args: {"board": [["O" if cell else "X" for cell in row] for row in args["grid"]]}
    )


ENCLAVES_BORDER_LAND_KEPT = declare(
    mistake="flood fill from the border that marks the cells it reaches but not its starts",
    what_goes_wrong=(
        "A land cell on the edge is sunk only if another border cell's fill reaches it, so a "
        "lone land cell on the edge (or a strip of them seen from nowhere else) stays and is "
        "counted as an enclave."
    ),
    wrong=pitfalls.num_enclaves_keeps_border_land,
    correct=graphs.num_enclaves,
    strategy=grid_args,
    classic={"grid": [[1, 0], [0, 0]]},
)

SURROUNDED_ALL_INNER_FLIPPED = declare(
    mistake="every 'O' not on the edge flipped, as if only edge cells could survive",
    what_goes_wrong=(
        "An inner 'O' joined through other 'O' cells to an 'O' on the edge is not surrounded "
        "and must stay; flipping all inner cells turns it to 'X'."
    ),
    wrong=pitfalls.capture_all_inner,
    correct=graphs.capture_surrounded,
    strategy=board_args,
    classic={"board": [["X", "O", "X"], ["X", "O", "X"], ["X", "X", "X"]]},
)
