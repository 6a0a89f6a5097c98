"""The names of the bid-exactly games' options and of their values, as the new-game form and the sheet say them."""
from flask_babel import lazy_gettext as _l

LABELS = {
    "direction": _l("Direction of play"),
    "counterclockwise": _l("Counter-clockwise"),
    "clockwise": _l("Clockwise"),
    "sealed_buio": _l("Buio with sealed bids (written on slips, like Biglietti)"),
    "trump_may_always_cut": _l("Trump may always cut (play rule, shown only)"),
    "double_one": _l("Play the 1-card hand twice (26 hands)"),
    "scheme": _l("Hand schedule"),
    "ridotto": _l("Ridotto (short, 14 hands)"),
    "completo": _l("Completo (full, 24 hands)"),
}
