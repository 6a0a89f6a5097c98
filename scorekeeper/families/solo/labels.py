"""The names of Solo Whist's options and of their values, as the new-game form and the sheet say them."""
from flask_babel import lazy_gettext as _l

LABELS = {
    "system": _l("Scoring"),
    "system=1": _l("Points"),
    "system=2": _l("Stakes"),
    "stake": _l("Money per point or stake"),
    "currency": _l("Currency"),
    "currency=EUR": _l("euro (€)"),
    "currency=GBP": _l("pound sterling (£)"),
    "currency=USD": _l("US dollar ($)"),
    "currency=CHF": _l("Swiss franc (CHF)"),
    "currency=None": _l("none: just the amount"),
    "deals": _l("Number of deals"),
}

HINTS = {  # what the new-game form adds to an option's name or value, and the sheet's house rules leave out
    "system=1": _l("with over- and under-tricks"),
    "system=2": _l("the declarer against each opponent"),
    "stake": _l("e.g. 0.10; empty: no money"),
    "deals": _l("empty: until you stop"),
}
