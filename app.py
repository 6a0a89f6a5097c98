"""The app, for Flask's own commands from the checkout: `flask run` finds this file (or `flask --app app run`).

`make run` (the `segnapunti` command) is the server for the table; this is Flask's development server.
"""
from scorekeeper import create_app

app = create_app()
