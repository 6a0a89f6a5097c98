"""Partnership Whist (classic with honours and rubber; Whist with dummy): presenter, sheet, form parser."""
from __future__ import annotations

from . import present
from . import sheet as sheet_model


class Partnership:
    id = "partnership"

    def columns(self, state) -> list[str]:
        return present.side_names(state)

    hand_json = staticmethod(present.hand_json)
    game_json = staticmethod(present.game_json)
    csv_rows = staticmethod(present.csv_rows)
    history_text = staticmethod(present.history_text)
    sheet = staticmethod(sheet_model.sheet)
    edit_form = staticmethod(sheet_model.edit_form)
    error_place = staticmethod(sheet_model.error_place)
    hand_event = staticmethod(sheet_model.hand_event)


FAMILY = Partnership()
