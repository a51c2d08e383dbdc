"""The web layer's wiring: ``init_app`` makes the app's template environment, its extensions,
blueprints and hooks. Views translate forms to actions and state to HTML; they hold no rules and
no permission decisions (``companion/trust.py``). The pieces every blueprint shares are in
``shared.py``.
"""

from __future__ import annotations

from flask import Flask
from flask_babel import get_locale

from .. import schema, store
from ..games import AIDS, GAMES, rule_ref, translation_dirs
from . import answer, charts, errors, guide, install, labels, limits, lobby, plays, render, seats, settings, tables, transfer  # noqa: F401 (imported for their routes, registered on tables.bp)
from .poll import VersionPoll
from .shared import COLOURS, LANGUAGES, MAX_SEATS, babel, htmx, listed_value, local_time, request_translations, select_locale, tr_in


def init_app(app: Flask) -> None:
    assert "jinja_env" not in app.__dict__, "the template environment must be chosen before it is made"
    app.jinja_environment = render.Environment
    db = store.connect(app.config["DATABASE"])
    schema.migrate(db)
    db.conn.close()
    app.wsgi_app = VersionPoll(app.wsgi_app, app.config["DATABASE"], app.config)
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = ";".join([str(app.root_path + "/translations"), *translation_dirs()])
    babel.init_app(app, locale_selector=select_locale)
    htmx.init_app(app)
    app.jinja_env.add_extension("jinja2.ext.i18n")
    app.jinja_env.filters["tr"] = tr_in
    app.jinja_env.filters["listed"] = listed_value
    app.jinja_env.filters["local_time"] = local_time
    app.jinja_env.globals.update(
        # the pieces every panel repeats, in Python under their template names (render.py)
        chip=render.player_chip,
        chips=render.player_chips,
        sheet_row=render.sheet_row,
        why=render.rule_why,
        sub_lines=render.rule_sub_lines,
        entered_by=render.entered_by_line,
        form_error=render.form_error_line,
        act_form=render.action_form,
        button=render.action_button,
        form_fields=render.form_fields,
        rule_ref=rule_ref,
        ring=charts.ring,
        score_lines=charts.score_lines,
        COLOURS=COLOURS,
        GAMES=GAMES,
        LANGUAGES=LANGUAGES,
        MAX_SEATS=MAX_SEATS,
    )

    @app.context_processor
    def _inject():
        return {"lang": str(get_locale()), "htmx": htmx, "url_for": render.memo_url_for(), **render.template_gettext(request_translations())}

    app.jinja_env.globals["lay_hint"] = labels.lay_hint  # the card to lay after a step that names a place
    app.jinja_env.globals.update(region=answer.region, memo=answer.memo)  # what a tap's answer may leave out or remember
    app.jinja_env.globals.update(why_ref=guide.why_ref, AIDS=AIDS, count_in_bar=guide.count_in_bar)  # the set-up checklist and the player aid (issue 27)

    errors.init_app(app)
    transfer.init_app(app)
    app.register_blueprint(lobby.bp)
    app.register_blueprint(tables.bp)
    app.register_blueprint(plays.bp)
    app.register_blueprint(install.bp)
    app.register_blueprint(guide.bp)
    limits.init_app(app)
