"""A game's own pages and API: the sheet and its live parts, the history, the results card and print."""
