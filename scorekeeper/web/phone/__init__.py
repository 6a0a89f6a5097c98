"""The phone's own pages: its games, its statistics, its saved house rules, its device id."""
