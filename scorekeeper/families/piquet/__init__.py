"""Piquet: declarations, the play trick by trick, repique and pique, the partie with its rubicon."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l

from .. import Family, deal_rows_touched
from . import api, labels, present, sheet, stats

FAMILY = Family(
    rated_as=_l("Piquet"),
    id="piquet", hand_word=_l("deal %(n)s"), hands_word=_l("Deals"), rules="rules/piquet.md",
    hand_body=api.HandBody, game_answer=api.Game,
    columns=present.columns, hand_json=present.hand_json, game_json=present.game_json,
    csv_rows=present.csv_rows, csv_record=present.csv_record, history_text=present.history_text,
    sheet=sheet.sheet, edit_form=sheet.edit_form, error_place=sheet.error_place, hand_event=sheet.hand_event,
    rows_touched=deal_rows_touched,
    tally=stats.tally, figures=stats.figures,
    labels=labels.LABELS,
)
