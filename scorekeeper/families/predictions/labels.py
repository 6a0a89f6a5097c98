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

# The house rules shared by Oh Hell and its cousins (#23, docs/rules/house-rules.md).
LABELS.update({
    "schedule": _l("Cards per hand"),
    "schedule=up": _l("Up: 1, 2, 3…"),
    "schedule=down": _l("Down: …3, 2, 1"),
    "schedule=up-and-down": _l("Up and down: 1…top…1"),
    "schedule=down-and-up": _l("Down and up: top…1…top"),
    "schedule=fixed": _l("Always the same"),
    "schedule=custom": _l("My own list"),
    "schedule=up-to-the-most-and-down": _l("Up to the most and down: 1…max…1"),
    "most_cards": _l("Most cards in a hand"),
    "hand_count": _l("Number of hands"),
    "card_list": _l("Cards in each hand, in order"),
    "trump": _l("Trump"),
    "trump=turned": _l("A card turned after the deal"),
    "trump=rotating": _l("Suits in turn"),
    "trump=top": _l("Turned; no trump in the biggest hands"),
    "trump=no-trump": _l("Never: no trump"),
    "trump=called": _l("Named by the highest bidder (or no trump)"),
    "rotation": _l("Order of the trumps"),
    "rotation=S-D-C-H-NT": _l("♠ ♦ ♣ ♥ NT"),
    "rotation=S-H-C-D-NT": _l("♠ ♥ ♣ ♦ NT"),
    "rotation=H-D-C-S-NT": _l("♥ ♦ ♣ ♠ NT"),
    "rotation=S-D-C-H": _l("♠ ♦ ♣ ♥"),
    "rotation=S-H-C-D": _l("♠ ♥ ♣ ♦"),
    "rotation=H-D-C-S": _l("♥ ♦ ♣ ♠"),
    "exact_bonus": _l("Bonus for an exact bid"),
    "plus_bid": _l("An exact bid also scores"),
    "plus_bid=nothing": _l("nothing more"),
    "plus_bid=bid": _l("the bid"),
    "plus_bid=bid-squared": _l("the bid squared"),
    "plus_bid=ten-times-bid": _l("10 × the bid"),
    "trick_points": _l("1 point per trick taken"),
    "trick_points=never": _l("never"),
    "trick_points=exact": _l("only with an exact bid"),
    "trick_points=always": _l("always"),
    "miss_penalty": _l("Points lost per trick off the bid"),
    "zero_bonus": _l("Extra bonus for making a bid of 0"),
    "dealer_rule": _l("Dealer's rule: the bids may not add up to the cards"),
    "first_bid": _l("Who bids first"),
    "first_bid=after-dealer": _l("the player after the dealer"),
    "first_bid=dealer-first": _l("the dealer"),
    "sealed": _l("Sealed bids: each player bids on their own phone, every hand"),
})

HINTS = {
    "most_cards": _l("empty: as many as the pack allows"),
    "card_list": _l("e.g. 1,2,3,2,1"),
    "sealed": _l("the dealer's rule cannot apply"),
}

VARIANT_NAMES = {
    "oh-hell": _l("Oh Hell"),
    "kachuful": _l("Kachuful (Judgement)"),
    "nomination-whist": _l("Nomination Whist"),
    "blob": _l("Blob"),
    "up-and-down-the-river": _l("Up and Down the River"),
    "house-rules": _l("Your own rules"),
}
