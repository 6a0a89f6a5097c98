"""A season's standings as CSV, as a tournament's are (`tournament_csv`), each player's count of evenings."""
from __future__ import annotations

from flask import Response

from ..game.downloads import csv_download
from .tournament_csv import standings


def export(season) -> str:
    return standings("season_id", season.id, season.standings, "evenings")


def response(season) -> Response:
    return csv_download(export(season), f"season-{season.id}-standings.csv")
