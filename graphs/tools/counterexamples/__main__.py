"""``python -m graphs.tools.counterexamples``: the graph pitfall gallery's command."""

from house import gallery

raise SystemExit(gallery.main("graphs.tools.counterexamples"))
