"""Production settings for `make serve` (gunicorn). Why these:

Live sheets keep one server-sent-events stream open per phone, for hours. A sync worker would be
held by each stream, so we use threaded workers (gthread): a stream costs one mostly-idle thread,
and plain requests get threads of their own. Several workers are fine: they share nothing but the
SQLite file, and each watches it for new events (scorekeeper/live.py).
Size: WORKERS × THREADS is the number of open streams plus requests served at once.
"""
import os

# The app reads HOST to know it listens on all interfaces and put the LAN address in QR codes
# (scorekeeper/web/links.py): set it here too when it was left to this default.
os.environ.setdefault("HOST", "0.0.0.0")
bind = f"{os.environ['HOST']}:{os.environ.get('PORT', '8000')}"
worker_class = "gthread"
workers = int(os.environ.get("WORKERS", "2"))
threads = int(os.environ.get("THREADS", "300"))
timeout = 60  # a worker that stops answering its heartbeat for this long is restarted
graceful_timeout = 5  # streams never end by themselves; don't wait long for them on restart
keepalive = 5
accesslog = "-"
