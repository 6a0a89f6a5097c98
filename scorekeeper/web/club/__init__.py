"""The club: tournaments (club evenings), their seating, seasons; pages, API and CSV."""
