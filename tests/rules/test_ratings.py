"""The club's ratings (#37, scorekeeper/rules/ratings.py): openskill's own published examples, two games worked by
hand from Weng & Lin's formulas, properties over random club histories, and the caller's bugs refused."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from scorekeeper.rules.ratings import (BASE, FAMILIES, MODEL, PROVISIONAL_GAMES, RatedGame, Rating, moved, rate,
                                       shown)
from tests.conftest import examples

pytestmark = pytest.mark.search  # `make test-slow` searches the club histories again, ten times wider

# The club of the issue, by their club player numbers.
(ALESSANDRA, BARTOLOMEO, COSTANZA, DOMENICO, ERMENEGILDA, FIORENZO, GIANMARCO, ILARIA,
 LEONARDO) = CLUB = tuple(range(1, 10))
SEARCH = settings(max_examples=examples(25), deadline=None)


def game(id: str, family: str, teams, ranks, ended_at: str = "2025-03-14T21:30:00") -> RatedGame:
    return RatedGame(id, family, ended_at, tuple(tuple(team) for team in teams), tuple(ranks))


def solo_places(id: str, family: str, order, ended_at: str = "2025-03-14T21:30:00") -> RatedGame:
    """A free-for-all finished in `order`, first to last, no ties."""
    return game(id, family, [(player,) for player in order], range(1, len(order) + 1), ended_at)


# -- (a) openskill's own published examples, through `rate` ------------------------------------------------------
def test_openskill_readme_example_two_against_two_as_a_partnership_whist():
    """openskill.py's README, "Limited Example" (also docs/source/manual.rst, "Getting Started"), v6.2.0:

        >>> model = PlackettLuce()
        >>> [[a, b], [x, y]] = model.rate([[r(), r()], [r(), r()]])
        >>> a
        PlackettLuceRating(mu=26.964294621803063, sigma=8.177962604389991)
        >>> x
        PlackettLuceRating(mu=23.035705378196937, sigma=8.177962604389991)

    and the manual's "Ranks": `p1.ordinal()` 2.4304068086330872, `p3.ordinal()` -1.4981824349730388 (μ − 3σ),
    which we show as round(1000 + 40 × 2.4304…) = 1097 and round(1000 − 40 × 1.4982…) = 940."""
    ratings = rate([game("w1", "partnership", [(ALESSANDRA, BARTOLOMEO), (COSTANZA, DOMENICO)], (1, 2))])
    whist = ratings["partnership"]
    assert list(ratings) == ["partnership"] and sorted(whist) == [ALESSANDRA, BARTOLOMEO, COSTANZA, DOMENICO]
    for player in (ALESSANDRA, BARTOLOMEO):
        assert whist[player].mu == pytest.approx(26.964294621803063, abs=1e-12)
        assert whist[player].sigma == pytest.approx(8.177962604389991, abs=1e-12)
        assert whist[player].mu - 3 * whist[player].sigma == pytest.approx(2.4304068086330872, abs=1e-12)
        assert whist[player].shown == 1097 and whist[player].history[0].before == 1000
    for player in (COSTANZA, DOMENICO):
        assert whist[player].mu == pytest.approx(23.035705378196937, abs=1e-12)
        assert whist[player].sigma == pytest.approx(8.177962604389991, abs=1e-12)
        assert whist[player].mu - 3 * whist[player].sigma == pytest.approx(-1.4981824349730388, abs=1e-12)
        assert whist[player].shown == 940


# openskill.py v6.2.0, tests/models/data/plackettluce.json: a model of μ 20.35125162611535, σ 8.33148112355601,
# rated in tests/models/weng_lin/test_plackett_luce.py `test_rate` (openskill checks them to 1e-4; we to 1e-6).
OPENSKILL_MODEL = (20.35125162611535, 8.33148112355601)
OPENSKILL_RANKS = {  # teams [[r()], [r(), r()], [r()], [r(), r()]], ranks=[2, 1, 4, 3]
    1: (22.35555943890167, 8.265434830225024), 2: (22.373451456616035, 8.258479912445537),
    3: (22.373451456616035, 8.258479912445537), 4: (18.311159777900297, 8.219170401234347),
    5: (18.364835831043397, 8.112716571808326), 6: (18.364835831043397, 8.112716571808326)}
OPENSKILL_TIES = {  # teams [[r()], [r(), r()], [r(), r(), r()]], ranks=[1, 2, 1]
    1: (21.63766806988004, 8.310709773172306), 2: (19.53956360838512, 8.268148437657915),
    3: (19.53956360838512, 8.268148437657915), 4: (19.87652320008089, 8.237522411103104),
    5: (19.87652320008089, 8.237522411103104), 6: (19.87652320008089, 8.237522411103104)}


@pytest.mark.parametrize(("teams", "ranks", "expected"), [
    ([(1,), (2, 3), (4,), (5, 6)], (2, 1, 4, 3), OPENSKILL_RANKS),
    ([(1,), (2, 3), (4, 5, 6)], (1, 2, 1), OPENSKILL_TIES)], ids=["ranks", "ties"])
def test_openskill_test_data_for_plackett_luce_reproduced(teams, ranks, expected):
    ratings = rate([game("g", "predictions", teams, ranks)], PlackettLuce(*OPENSKILL_MODEL))["predictions"]
    assert {p: (r.mu, r.sigma) for p, r in ratings.items()} == {
        p: (pytest.approx(mu, abs=1e-6), pytest.approx(sigma, abs=1e-6)) for p, (mu, sigma) in expected.items()}


# -- (b) worked by hand from Weng & Lin 2011, Algorithm 4 (Plackett–Luce) ------------------------------------------
def test_three_player_oh_hell_worked_by_hand():
    """Ermenegilda 1st, Fiorenzo 2nd, Gianmarco 3rd, all new: μ 25, σ 25/3; β = 25/6, τ = 25/300, κ = 0.0001.

    Team i is one player, so θ_i = μ = 25 and σ_i² = σ² + τ² (openskill's dynamics first) = 69.444444 + 0.006944
    = 69.451389 (σ_i = 8.333750).
    c² = Σ (σ_i² + β²) = 3 × (69.451389 + 17.361111) = 260.4375, c = 16.138076.
    e^(θ_i/c) = e^(25/16.138076) = 4.707379 for each = E; C_q = {i: r(i) ≥ r(q)}: S_1 = 3E, S_2 = 2E, S_3 = E,
    A_q = 1 (no ties). So e^(θ_i/c)/S_q = 1/3, 1/2, 1 for q = 1, 2, 3.
    Ω_i = σ_i²/c × Σ_{q: r(q) ≤ r(i)} (δ_iq − E/S_q) and σ_i²/c = 4.303573:
      Ω_1 = 4.303573 × (1 − 1/3)              =  2.869049
      Ω_2 = 4.303573 × (−1/3 + 1 − 1/2)       =  0.717262
      Ω_3 = 4.303573 × (−1/3 − 1/2 + 1 − 1)   = −3.586311   (the three add up to 0)
    Δ_i = γ_i σ_i²/c² Σ (E/S_q)(1 − E/S_q), γ_i = σ_i/c = 0.516403, σ_i²/c² = 0.266672, product 0.137710:
      Δ_1 = 0.137710 × (1/3 × 2/3)                   = 0.030602
      Δ_2 = 0.137710 × (1/3 × 2/3 + 1/2 × 1/2)       = 0.065030
      Δ_3 = 0.137710 × (2/9 + 1/4 + 1 × 0)           = 0.065030
    μ ← μ + Ω_i (one player: σ²/σ_i² = 1): 27.869049, 25.717262, 21.413689.
    σ ← σ_i √max(1 − Δ_i, κ): 8.333750 × √0.969398 = 8.205243; 8.333750 × √0.934970 = 8.058224 twice.
    Shown: round(1000 + 40 × (27.869049 − 3 × 8.205243)) = round(1130.13) = 1130; 1061.70 → 1062; 889.56 → 890."""
    ratings = rate([solo_places("oh1", "predictions", (ERMENEGILDA, FIORENZO, GIANMARCO))])["predictions"]
    assert {p: (round(r.mu, 6), round(r.sigma, 6), r.shown) for p, r in ratings.items()} == {
        ERMENEGILDA: (27.869049, 8.205243, 1130), FIORENZO: (25.717262, 8.058224, 1062),
        GIANMARCO: (21.413689, 8.058224, 890)}
    assert moved(ratings, {"oh1"}) == {ERMENEGILDA: 130, FIORENZO: 62, GIANMARCO: -110}


def test_two_team_rematch_worked_by_hand_the_underdogs_win():
    """Whist: Alessandra & Bartolomeo beat Costanza & Domenico (the README's example above: 26.964295 and 23.035705,
    σ 8.177963 each), then Costanza & Domenico win the rematch.

    Player: σ² + τ² = 66.879073 + 0.006944 = 66.886017. Team: σ_i² = 2 × 66.886017 = 133.772034; θ_CD = 2 × 23.035705
    = 46.071411, θ_AB = 2 × 26.964295 = 53.928589.
    c² = 2 × (133.772034 + 17.361111) = 302.266289, c = 17.385807.
    e^(θ/c): CD 14.153242, AB 22.239597. CD first: S_1 = 36.392839, S_2 = 22.239597; p = 14.153242/36.392839
    = 0.388902, and AB's share of S_1 is 0.611098, of S_2 is 1.
    σ_i²/c = 7.694324: Ω_CD = 7.694324 × (1 − 0.388902) = 4.701987; Ω_AB = 7.694324 × (−0.611098 + 1 − 1)
    = −4.701987. Each player takes σ²/σ_i² = 1/2 of it: ±2.350994 (in the first game, between equals: ±1.964295:
    beating the stronger pair moves you more).
    γ = √133.772034/c = 0.665254, σ_i²/c² = 0.442564: Δ = 0.665254 × 0.442564 × 0.388902 × 0.611098 = 0.069970 for
    both (AB's second term is 1 × 0).
    μ: CD 23.035705 + 2.350994 = 25.386699; AB 26.964295 − 2.350994 = 24.613301.
    σ = √66.886017 × √(1 − Δ/2) = 8.178387 × √0.965015 = 8.034052 for all four.
    Shown: CD 940 → round(1000 + 40 × (25.386699 − 24.102157)) = 1051; AB 1097 → 1020."""
    games = [game("w1", "partnership", [(ALESSANDRA, BARTOLOMEO), (COSTANZA, DOMENICO)], (1, 2), "2025-03-14T21:00"),
             game("w2", "partnership", [(ALESSANDRA, BARTOLOMEO), (COSTANZA, DOMENICO)], (2, 1), "2025-03-14T22:00")]
    whist = rate(games)["partnership"]
    assert {p: (round(r.mu, 6), round(r.sigma, 6), r.shown, r.games) for p, r in whist.items()} == {
        ALESSANDRA: (24.613301, 8.034052, 1020, 2), BARTOLOMEO: (24.613301, 8.034052, 1020, 2),
        COSTANZA: (25.386699, 8.034052, 1051, 2), DOMENICO: (25.386699, 8.034052, 1051, 2)}
    assert [(s.game_id, s.before, s.after) for s in whist[COSTANZA].history] == [("w1", 1000, 940), ("w2", 940, 1051)]
    assert moved(whist, {"w2"}) == {ALESSANDRA: -77, BARTOLOMEO: -77, COSTANZA: 111, DOMENICO: 111}
    assert moved(whist, {"w1", "w2"}) == {ALESSANDRA: 20, BARTOLOMEO: 20, COSTANZA: 51, DOMENICO: 51}


# -- fixed examples of what the rules page says -------------------------------------------------------------------
def test_a_new_player_shows_1000_and_is_provisional_until_five_games():
    assert shown(25, 25 / 3) == BASE == 1000 == Rating(LEONARDO, "piquet").shown
    assert Rating(LEONARDO, "piquet").provisional and PROVISIONAL_GAMES == 5
    evening = [solo_places(f"p{n}", "piquet", (ILARIA, LEONARDO)[::(-1) ** n], f"2025-03-14T2{n}:00")
               for n in range(5)]
    piquet = rate(evening[:4])["piquet"]
    assert piquet[ILARIA].games == 4 and piquet[ILARIA].provisional
    piquet = rate(evening)["piquet"]
    assert piquet[ILARIA].games == len(piquet[ILARIA].history) == 5 and not piquet[ILARIA].provisional


def test_finishing_above_a_stronger_player_moves_you_more():
    """Alessandra beats Bartolomeo at Piquet three times; then newcomer Costanza beats Alessandra, and newcomer
    Domenico beats Bartolomeo: Costanza gains more."""
    history = [solo_places(f"p{n}", "piquet", (ALESSANDRA, BARTOLOMEO), f"2025-03-0{n + 1}") for n in range(3)]
    strong = rate([*history, solo_places("c", "piquet", (COSTANZA, ALESSANDRA), "2025-03-09")])["piquet"]
    weak = rate([*history, solo_places("d", "piquet", (DOMENICO, BARTOLOMEO), "2025-03-09")])["piquet"]
    assert strong[ALESSANDRA].history[-1].before > weak[BARTOLOMEO].history[-1].before
    assert strong[COSTANZA].shown - 1000 > weak[DOMENICO].shown - 1000 > 0
    assert strong[ALESSANDRA].history[-1].after < strong[ALESSANDRA].history[-1].before


def test_one_rating_per_family_and_games_ordered_by_their_end_then_id():
    games = [solo_places("b", "solo", (GIANMARCO, ILARIA, LEONARDO, ALESSANDRA), "2025-03-14T22:00"),
             solo_places("a", "solo", (ALESSANDRA, GIANMARCO, ILARIA, LEONARDO), "2025-03-14T22:00"),
             solo_places("z", "solo", (LEONARDO, ILARIA, GIANMARCO, ALESSANDRA), "2025-03-14T21:00"),
             solo_places("oh", "predictions", (ALESSANDRA, BARTOLOMEO, COSTANZA), "2025-03-14T20:00")]
    ratings = rate(games)
    assert sorted(ratings) == ["predictions", "solo"] and sorted(ratings["predictions"]) == [1, 2, 3]
    assert [s.game_id for s in ratings["solo"][ALESSANDRA].history] == ["z", "a", "b"]
    assert ratings["predictions"][ALESSANDRA].history[0].before == 1000  # the Solo games do not count here
    assert rate(games[:3])["solo"] == ratings["solo"]


class Counting:
    """openskill's model (compiled: it cannot be subclassed), counting the calls `rate` makes."""
    def __init__(self):
        self.mu, self.sigma, self.rates, self.ratings = MODEL.mu, MODEL.sigma, 0, 0

    def rate(self, teams, ranks):
        self.rates += 1
        return MODEL.rate(teams, ranks=ranks)

    def rating(self):
        self.ratings += 1
        return MODEL.rating()


def test_one_model_rate_call_a_game_and_one_new_skill_a_player_and_family():
    games = [solo_places(f"g{n}", family, random.Random(n).sample(CLUB, 4), f"2025-03-{n % 28 + 1:02d}")
             for n in range(60) for family in ("solo", "predictions")]
    counting = Counting()
    ratings = rate(games, counting)
    assert counting.rates == 120 and counting.ratings == len(ratings["solo"]) + len(ratings["predictions"]) == 18
    assert ratings == rate(games)


# -- (c) properties over random club histories --------------------------------------------------------------------
@st.composite
def a_game(draw, id: str, players=CLUB) -> RatedGame:
    """One finished game of any family among `players`: places drawn with ties allowed."""
    family = draw(st.sampled_from([f for f in FAMILIES if len(players) >= {"piquet": 2}.get(f, 4)]))
    if family == "predictions":
        seated = draw(st.lists(st.sampled_from(players), min_size=3, max_size=min(8, len(players)), unique=True))
        teams = [(p,) for p in seated]
    else:
        seated = draw(st.permutations(players))[:2 if family == "piquet" else 4]
        teams = [tuple(seated[:2]), tuple(seated[2:])] if family == "partnership" else [(p,) for p in seated]
    ranks = draw(st.lists(st.integers(1, len(teams)), min_size=len(teams), max_size=len(teams)))
    ended = f"2025-03-{draw(st.integers(1, 4)):02d}T21:00"  # often the same time: the id decides
    return game(id, family, teams, ranks, ended)


@st.composite
def club_history(draw, players=CLUB, prefix="g") -> list[RatedGame]:
    return [draw(a_game(f"{prefix}{n}", players)) for n in range(draw(st.integers(1, 12)))]


def played(ratings, game_id):
    """player → their Step in that game."""
    return {p: step for family in ratings.values() for p, r in family.items() for step in r.history
            if step.game_id == game_id}


@SEARCH
@given(games=club_history())
def test_every_rating_is_the_chain_of_its_steps_from_1000(games):
    ratings = rate(games)
    for family, table in ratings.items():
        assert set(table) == {p for g in games if g.family == family for team in g.teams for p in team}
        for rating in table.values():
            steps = rating.history
            assert steps[0].before == 1000 and rating.games == len(steps)
            assert all(a.after == b.before for a, b in zip(steps, steps[1:]))
            assert (rating.mu, rating.sigma, rating.shown) == (steps[-1].mu, steps[-1].sigma, steps[-1].after)
            assert rating.provisional == (len(steps) < PROVISIONAL_GAMES)


@SEARCH
@given(games=club_history())
def test_the_sole_winner_never_loses_rating(games):
    ratings = rate(games)
    for g in games:
        first = min(g.ranks)
        if g.ranks.count(first) == 1:
            steps = played(ratings, g.id)
            for player in g.teams[g.ranks.index(first)]:
                assert steps[player].after >= steps[player].before


@SEARCH
@given(games=club_history(), seed=st.randoms(use_true_random=False))
def test_the_order_games_are_passed_in_does_not_matter(games, seed):
    shuffled = games[:]
    seed.shuffle(shuffled)
    assert rate(shuffled) == rate(games)


@SEARCH
@given(before=club_history(players=CLUB[:7]), tie=a_game("tie", players=CLUB[:7]), where=st.integers(0, 8))
def test_a_tie_between_two_equal_players_moves_them_equally(before, tie, where):
    """Ilaria and Leonardo, new, share a place in a free-for-all among the others' histories."""
    teams = [t for t in tie.teams if len(t) == 1][:6]
    if len(teams) < 2:
        teams = [(ALESSANDRA,), (BARTOLOMEO,)]
    ranks = list(range(1, len(teams) + 1))
    place = ranks[where % len(ranks)]
    shared = game("tie", "predictions", [*teams, (ILARIA,), (LEONARDO,)], [*ranks, place, place], "2025-03-09")
    table = rate([*before, shared])["predictions"]
    assert table[ILARIA].history == table[LEONARDO].history and len(table[ILARIA].history) == 1
    assert (table[ILARIA].mu, table[ILARIA].sigma) == (table[LEONARDO].mu, table[LEONARDO].sigma)


@SEARCH
@given(games=club_history(), cut=st.integers(0, 12))
def test_moved_over_two_evenings_adds_up_to_the_rating_less_1000(games, cut):
    ordered = sorted(games, key=lambda g: (g.ended_at, g.id))
    first, second = {g.id for g in ordered[:cut]}, {g.id for g in ordered[cut:]}
    for table in rate(games).values():
        one, two, both = moved(table, first), moved(table, second), moved(table, first | second)
        assert both == {p: r.shown - 1000 for p, r in table.items()}
        assert both == {p: one.get(p, 0) + two.get(p, 0) for p in table}
        assert set(one) <= set(table) and moved(table, set()) == {}


@SEARCH
@given(games=club_history())
def test_a_family_is_rated_from_its_own_games_alone(games):
    ratings = rate(games)
    for family in ratings:
        assert rate([g for g in games if g.family == family]) == {family: ratings[family]}


# -- (d) a malformed game is the caller's bug ---------------------------------------------------------------------
@pytest.mark.parametrize(("teams", "ranks", "family", "message"), [
    ([(ALESSANDRA, BARTOLOMEO), (COSTANZA, ALESSANDRA)], (1, 2), "partnership", "a player appears twice"),
    ([(ALESSANDRA,), (ALESSANDRA,)], (1, 2), "piquet", "a player appears twice"),
    ([(ALESSANDRA, ALESSANDRA), (COSTANZA, DOMENICO)], (1, 2), "partnership", "a player appears twice"),
    ([(ALESSANDRA, BARTOLOMEO, COSTANZA, DOMENICO)], (1,), "solo", "at least two teams, not 1"),
    ([], (), "solo", "at least two teams, not 0"),
    ([(ALESSANDRA,), (BARTOLOMEO,), (COSTANZA,)], (1, 2), "predictions", "2 ranks for 3 teams"),
    ([(ALESSANDRA,), (BARTOLOMEO,)], (1, 2, 3), "piquet", "3 ranks for 2 teams"),
    ([(ALESSANDRA,), (), (COSTANZA,)], (1, 2, 3), "predictions", "every team needs a player"),
    ([(ALESSANDRA,), (BARTOLOMEO,)], (0, 1), "piquet", "every rank is 1 or more"),
    ([(ALESSANDRA,), (BARTOLOMEO,)], (1, 2), "scopa", "family 'scopa' is not one of"),
])
def test_a_malformed_game_raises_value_error_naming_it(teams, ranks, family, message):
    good = solo_places("ok", "piquet", (ILARIA, LEONARDO), "2025-03-01")
    with pytest.raises(ValueError, match=f"^game bad: .*{message}"):
        rate([good, game("bad", family, teams, ranks)])
