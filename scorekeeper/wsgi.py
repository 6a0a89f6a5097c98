"""What gunicorn serves (`scorekeeper.wsgi:app`): the app, made once per worker."""
from . import create_app

app = create_app()
