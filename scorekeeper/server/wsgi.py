"""What gunicorn serves (`scorekeeper.server.wsgi:app`): the app, made once per worker."""
from .. import create_app

app = create_app()
