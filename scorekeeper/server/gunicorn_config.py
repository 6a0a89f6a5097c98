"""Production settings for gunicorn, as `segnapunti run` (and so `make run`) starts it. Why these:

Live sheets keep one server-sent-events stream open per phone, for hours. With gevent workers a
stream costs one mostly idle greenlet (a few kilobytes), not a thread: one 2-core machine holds
ten thousand and more (README, "Measured"). Our worker class (scorekeeper/server/worker.py) is gunicorn's
gevent worker plus a deadline for reading each request, a send timeout and dead-peer detection,
so that no slow or vanished client holds a greenlet for long. One worker per core; the workers
share nothing but the SQLite file; each watches it for new events, woken by the others' writes
(scorekeeper/store/live.py).
WORKER_CONNECTIONS bounds the connections (open streams plus requests in flight) of one worker.
"""
import os
import resource

from scorekeeper.store.settings import read, use

# The app reads HOST to know it listens on all interfaces and put the LAN address in QR codes
# (scorekeeper/web/gate/links.py): set it here too when it was left to this default.
os.environ.setdefault("HOST", "0.0.0.0")
_settings = use(read())  # the process's, the worker's too (its first read); a bad value stops the start, naming it
bind = f"{_settings.host}:{_settings.port}"
worker_class = "scorekeeper.server.worker.Worker"  # gunicorn's gevent worker, with deadlines
workers = _settings.worker_count
worker_connections = _settings.worker_connections
timeout = 60  # a worker that stops answering its heartbeat for this long is restarted
graceful_timeout = 5  # streams never end by themselves; don't wait long for them on restart
keepalive = 5  # an idle kept-alive connection waits this long for its next request
backlog = 4096  # a room of phones arriving at once (capped by net.core.somaxconn)
accesslog = _settings.access_log or None
logger_class = "scorekeeper.server.access_log.RedactingLogger"  # keys never reach the log

# Each connection is a file descriptor: raise the soft limit to what the system allows.
_soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
_wanted = workers * worker_connections + 1024
if _soft != resource.RLIM_INFINITY and _soft < _wanted:
    _soft = min(_wanted, _hard) if _hard != resource.RLIM_INFINITY else _wanted
    resource.setrlimit(resource.RLIMIT_NOFILE, (_soft, _hard))


def post_worker_init(worker):
    """Templates compiled and catalogues loaded before the worker's first request (scorekeeper.web.warm_up)."""
    from scorekeeper.web import warm_up
    warm_up(worker.wsgi)


control_socket_disable = True  # gunicorn ≥ 27: no shared ~/.gunicorn socket (tests and benches run several servers)
