"""``python -m graphs.tools.counterexamples``: the graph pitfall gallery's command."""

from docs.tools import gallery

raise SystemExit(gallery.main("graphs.tools.counterexamples"))
