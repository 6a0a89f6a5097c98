"""The "bid exactly" family (Wist, Cagliari, tournament Whist): its presenter, sheet and form parser."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l

from .. import Family
from . import api, labels, present, sheet, stats

FAMILY = Family(
    rated_as=_l("Wist, Oh Hell, tournament Whist"),
    id="predictions", hand_word=_l("hand %(n)s"), hands_word=_l("Hands"), rules="rules/bid-exactly.md",
    hand_body=api.HandBody, game_answer=api.Game,
    columns=present.columns, hand_json=present.hand_json, game_json=present.game_json,
    csv_rows=present.csv_rows, csv_record=present.csv_record, history_text=present.history_text,
    sheet=sheet.sheet, edit_form=sheet.edit_form, error_place=sheet.error_place, hand_event=sheet.hand_event,
    rows_touched=sheet.rows_touched,
    tally=stats.tally, figures=stats.figures,
    labels=labels.LABELS, hints=labels.HINTS, variant_names=labels.VARIANT_NAMES,
    bid_body=api.BidBody, bid_event=sheet.bid_event,
    scored_by=("tricks",),  # the turned card, bids and penalties alone leave the hand open
    seat_link=_l("a player's code also lets that player enter their own bid."),
    rules_of=lambda variant: variant.rules,
    warnings=lambda variant, options: variant.warnings(options),
)
