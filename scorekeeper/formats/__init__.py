"""What is made of games: the JSON of a game, CSV out and in (and imports), statistics. Above the
families, whose presenters they use; no HTTP (the web makes the responses)."""
