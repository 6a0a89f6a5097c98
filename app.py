"""What `flask --app app` and gunicorn load."""
from scorekeeper import create_app

app = create_app()
