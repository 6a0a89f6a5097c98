"""The names of partnership Whist's options, and the names its players give its variants."""
from flask_babel import lazy_gettext as _l

LABELS = {
    "target": _l("Points for a game"),
    "honours": _l("Count honours (A K Q J of trumps)"),
    "laws": _l("Laws of Short Whist: honours 4 and 2, a revoke costs 3 tricks, no remark penalty"),
}

VARIANT_NAMES = {  # the names players use in each language; the rules keep one name per variant
    "whist-classico": _l("Whist (classic, with honours and rubber)"),
    "whist-morto": _l("Whist with dummy"),
}
