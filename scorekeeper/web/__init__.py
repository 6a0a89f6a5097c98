"""The web faces of the service layer: HTML pages, the JSON API, live streams, errors.

`init_app` wires them into the application: the per-request database connection, the language
of each request, the template helpers and the blueprints.
"""
from __future__ import annotations

from flask import Flask
from flask_babel import Babel, force_locale, get_locale, gettext

from .gate.per_request import LANGUAGES, close_db, select_locale


def init_app(app: Flask) -> None:
    from . import commands
    from .assets import docs, static_files
    from .assets.labels import game_name, one_of, option_hint, option_label, span_of, variant_name
    from .club import club_pages, evening_pages, season_api, season_pages, tournament_api, tournament_pages
    from .club import club_api, club_card, club_csv, club_matching, club_player
    from .club.mixed import mixed
    from .game import api, live_views, pages, result_pages
    from .game.sheet_common import role_name
    from .gate import errors, guard
    from .phone import devices, house_rules_pages, stats_pages

    Babel(app, locale_selector=select_locale)
    guard.init_app(app)
    static_files.init_app(app)
    app.after_request(devices.set_cookie)
    app.teardown_appcontext(close_db)
    app.jinja_env.globals.update(get_locale=get_locale, option_label=option_label, option_hint=option_hint,
                                 one_of=one_of, span_of=span_of, role_name=role_name, variant_name=variant_name,
                                 game_name=game_name)
    app.add_template_filter(mixed, "mixed")
    for blueprint in (pages.bp, api.bp, live_views.bp, tournament_pages.bp, evening_pages.bp, tournament_api.bp,
                      docs.bp, stats_pages.bp, result_pages.bp, season_pages.bp, season_api.bp, house_rules_pages.bp,
                      club_pages.bp, club_matching.bp, club_player.bp, club_api.bp, club_csv.bp, club_card.bp):
        app.register_blueprint(blueprint)
    errors.register(app)
    commands.register(app)


def warm_up(app: Flask) -> None:
    """Before the first request, do what it would otherwise do while a table waits: compile every
    template and load each language's catalogue. Under gevent that first request (~100 ms) would
    also hold up every other request and stream of the worker (server/gunicorn_config.py, post_worker_init)."""
    for name in app.jinja_env.list_templates():
        app.jinja_env.get_template(name)
    with app.test_request_context():
        for language in LANGUAGES:
            with force_locale(language):
                gettext("Segnapunti")
