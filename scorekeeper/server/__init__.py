"""Running the app: the `segnapunti` command, gunicorn's settings and worker, the WSGI entry point, the
access log without keys, the address the phones open and its QR code. The top layer, with the web."""
