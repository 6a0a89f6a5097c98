"""House rules of the "bid exactly" family (docs/rules/house-rules.md, #23): Oh Hell and its cousins.

Every preset is the same game on the prediction engine with one shared set of house rules; only their
defaults differ (each from its source, named in the rules page), so any preset can be tweaked on the
form and "Your own rules" is just the preset with nothing preset. The schedule depends on the number of
players (the pack holds 52 cards), so it is worked out, and checked, when the game is created.
"""
from __future__ import annotations

from dataclasses import replace

from .base import N_, CardList, Chips, InvalidOption, Option, WholeNumber, YesNo
from .predictions import NO_TRUMP, NORMAL, SEALED, HandRecord, HandResult, HandSpec, PredictionVariant

PACK = 52
PLAYERS = (3, 4, 5, 6, 7, 8)  # 8 × 6 = 48 cards leave a card to turn (Blob: "the first hand would be 6 cards each")
# "up-to-the-most-and-down" is Wikipedia's Oh Hell (1 up to as many as the pack deals, and back): one chip away from
# pagat's "down-and-up" from 10 (#34), with no `most_cards` to clear.
SCHEDULES = ("up", "down", "up-and-down", "down-and-up", "fixed", "custom", "up-to-the-most-and-down")
CAPPED = ("up", "down", "up-and-down", "down-and-up", "fixed")  # the schedules whose top `most_cards` sets
TRUMPS = ("turned", "rotating", "top", "no-trump", "called")
# The suits in turn, with a no-trump hand after the four or without one (the Kachufool article's, #34).
ROTATIONS = {"S-D-C-H-NT": ("S", "D", "C", "H", NO_TRUMP), "S-D-C-H": ("S", "D", "C", "H"),
             "S-H-C-D-NT": ("S", "H", "C", "D", NO_TRUMP), "S-H-C-D": ("S", "H", "C", "D"),
             "H-D-C-S-NT": ("H", "D", "C", "S", NO_TRUMP), "H-D-C-S": ("H", "D", "C", "S")}
PLUS_BID = {"nothing": lambda bid: 0, "bid": lambda bid: bid, "bid-squared": lambda bid: bid * bid,
            "ten-times-bid": lambda bid: 10 * bid}

OPTIONS: tuple[Option, ...] = (
    Chips("schedule", SCHEDULES, "up-and-down"),
    WholeNumber("most_cards", low=1, high=PACK // 3, only_with=("schedule", CAPPED)),
    WholeNumber("hand_count", default=10, low=1, high=60, optional=False, only_with=("schedule", ("fixed",))),
    CardList("card_list", high=PACK // 3, only_with=("schedule", ("custom",))),
    Chips("trump", TRUMPS, "turned"),
    Chips("rotation", tuple(ROTATIONS), "S-D-C-H-NT", only_with=("trump", ("rotating",))),
    WholeNumber("exact_bonus", default=10, low=0, high=100, optional=False),
    Chips("plus_bid", tuple(PLUS_BID), "bid"),
    Chips("trick_points", ("never", "exact", "always"), "never"),
    WholeNumber("miss_penalty", default=0, low=0, high=100, optional=False),
    WholeNumber("zero_bonus", default=0, low=0, high=100, optional=False),
    YesNo("dealer_rule", default=True, only_with=("sealed", (False,))),  # sealed bids cannot obey it
    Chips("first_bid", ("after-dealer", "dealer-first"), "after-dealer"),
    YesNo("sealed"),
    Chips("direction", ("clockwise", "counterclockwise"), "clockwise"),
)


def most_cards(players: int, trump: str) -> int:
    """The most cards each player can be dealt: the pack shared out, one card kept back to turn for trump."""
    return (PACK - (trump == "turned")) // players


def counts(players: int, options: dict) -> list[int]:
    """Cards per player, hand by hand. `most_cards` is the top of the schedule, capped by the pack (as the sources
    cap it: 10 with five players, 8 with six, 6 with eight); a typed list is refused when a hand needs more than
    the pack."""
    most, kind, typed = most_cards(players, options["trump"]), options["schedule"], options["card_list"]
    if typed is not None and kind != "custom":
        raise InvalidOption(N_("Option “card_list” (the typed list of hands) is used only with the schedule "
                               "“custom”: choose that schedule, or leave the list empty."), field="card_list")
    if kind == "custom":
        if typed is None:
            raise InvalidOption(N_("The schedule “custom” needs the list of hands (option “card_list”), such as "
                                   "1,2,3,2,1."), field="card_list")
        for number, cards in enumerate(typed, start=1):
            if cards > most:
                raise InvalidOption(_TOO_MANY[options["trump"] == "turned"], field="card_list", number=number,
                                    cards=cards, players=players, most=most)
        return list(typed)
    top = min(options["most_cards"] or most, most) if kind in CAPPED else most
    up, down = list(range(1, top + 1)), list(range(top, 0, -1))
    return {"up": up, "down": down, "up-and-down": up + down[1:], "down-and-up": down + up[1:],
            "fixed": [top] * options["hand_count"], "up-to-the-most-and-down": up + down[1:]}[kind]


_TOO_MANY = {
    False: N_("Option “card_list”: hand %(number)s deals %(cards)s cards, but with %(players)s players a 52-card "
              "pack deals at most %(most)s each."),
    True: N_("Option “card_list”: hand %(number)s deals %(cards)s cards, but with %(players)s players and a card "
             "turned for trump a 52-card pack deals at most %(most)s each."),
}


def trump_of(number: int, cards: int, top: int, options: dict) -> str | None:
    """The trump of a hand: None where a card is turned (or called) and the scorer records it."""
    trump = options["trump"]
    if trump == "no-trump" or (trump == "top" and cards == top):
        return NO_TRUMP
    if trump == "rotating":
        cycle = ROTATIONS[options["rotation"]]
        return cycle[(number - 1) % len(cycle)]
    return None


def house_schedule(players: int, options: dict) -> list[HandSpec]:
    hands = counts(players, options)
    top, sealed = max(hands), options["sealed"]
    return [HandSpec(number=number, cards=cards, trump=trump_of(number, cards, top, options),
                     bidding=SEALED if sealed else NORMAL, forbidden=options["dealer_rule"] and not sealed,
                     called=options["trump"] == "called")
            for number, cards in enumerate(hands, start=1)]


def hand_score(bid: int, tricks: int, options: dict) -> int:
    """Made: exact_bonus + plus_bid(bid) + tricks (unless trick_points is "never") + zero_bonus for a 0.
    Missed: tricks when trick_points is "always", less miss_penalty a trick off."""
    if bid == tricks:
        return (options["exact_bonus"] + PLUS_BID[options["plus_bid"]](bid)
                + (tricks if options["trick_points"] != "never" else 0) + (options["zero_bonus"] if bid == 0 else 0))
    return (tricks if options["trick_points"] == "always" else 0) - options["miss_penalty"] * abs(tricks - bid)


def house_score_hand(spec: HandSpec, record: HandRecord, players: int, options: dict) -> HandResult:
    bids, tricks = record.played()
    return HandResult(tuple(hand_score(b, t, options) for b, t in zip(bids, tricks)),
                      tuple(b != t for b, t in zip(bids, tricks)))


def never_scores(options: dict) -> tuple[str, ...]:
    """Scoring that gives nothing to anybody is allowed, but the sheet says so."""
    if (options["exact_bonus"] == 0 and options["plus_bid"] == "nothing" and options["trick_points"] == "never"
            and options["zero_bonus"] == 0 and options["miss_penalty"] == 0):
        return (N_("With these house rules nobody will ever score: every hand gives 0 points."),)
    return ()


def preset(id: str, name: str, **defaults) -> PredictionVariant:
    """A preset: the shared house rules with its source's defaults."""
    unknown = set(defaults) - {option.name for option in OPTIONS}
    assert not unknown, unknown
    options = tuple(replace(option, default=defaults[option.name]) if option.name in defaults else option
                    for option in OPTIONS)
    return PredictionVariant(id=id, name=name, players=PLAYERS, options=options, schedule=house_schedule,
                             score=house_score_hand, rules="rules/house-rules.md", warnings=never_scores,
                             first_bidder=lambda options: 0 if options.get("first_bid") == "dealer-first" else 1)


OH_HELL = preset("oh-hell", "Oh Hell", schedule="down-and-up", most_cards=10, plus_bid="bid")
KACHUFUL = preset("kachuful", "Kachuful (Judgement)", schedule="up", trump="rotating", rotation="S-D-C-H")
NOMINATION_WHIST = preset("nomination-whist", "Nomination Whist", schedule="down-and-up", most_cards=10,
                          trump="rotating", rotation="S-H-C-D-NT", plus_bid="nothing", trick_points="always")
BLOB = preset("blob", "Blob", schedule="down-and-up", most_cards=10, trump="called")
UP_AND_DOWN_THE_RIVER = preset("up-and-down-the-river", "Up and Down the River", schedule="down-and-up",
                               most_cards=10, plus_bid="nothing", trick_points="always")
HOUSE_RULES = preset("house-rules", "Your own rules")

PRESETS = (OH_HELL, KACHUFUL, NOMINATION_WHIST, BLOB, UP_AND_DOWN_THE_RIVER, HOUSE_RULES)
