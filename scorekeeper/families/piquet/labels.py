"""The names of Piquet's options and of their values, as the new-game form and the sheet say them."""
from flask_babel import lazy_gettext as _l

LABELS = {
    "point_count": _l("Count the point by"),
    "point_count=cards": _l("cards (a point of 5 scores 5)"),
    "point_count=pips": _l("pips, in tens rounded half up (45 scores 5)"),
    "tie": _l("A tie after six deals"),
    "tie=playoff": _l("is played off with two more deals"),
    "tie=draw": _l("is a draw"),
}
