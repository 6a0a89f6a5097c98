"""A CSV file as a download: the web's side of `csvexport` (which knows nothing of HTTP)."""
from __future__ import annotations

from flask import Response

from ...formats import csvexport


def csv_download(body: str, filename: str) -> Response:
    """An attachment, never cached (a key opened it)."""
    return Response(body, mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"', "Cache-Control": "no-store"})


def game_csv(loaded) -> Response:
    return csv_download(csvexport.export(loaded), f"game-{loaded.id}.csv")
