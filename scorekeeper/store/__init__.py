"""The store: the SQLite database (its tables, migrations and write lock), link keys, and the wake-ups
that tell every worker a game changed. Below the service; no game rules, no HTTP."""
