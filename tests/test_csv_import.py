"""A game's CSV and back (csvexport, csvimport): byte for byte, by property over every variant, and every
kind of bad file refused at its line."""
from __future__ import annotations

import csv
import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.formats import csvexport, csvimport
from scorekeeper.formats.csvimport import CsvRefused
from scorekeeper.rules import VARIANTS, new_game
from tests.contract.drivers import DRIVERS, representatives

HEADER = ("game_id,variant,hand,hand_name,cards,trump,dealer,seat,player,bid,tricks,score,total,detail,"
          "players,first_dealer,options,ended,record\r\n")
FOUR = '"[""Anna"",""Bruno"",""Carla"",""Dario""]"'
# Names a spreadsheet or a page could take for something else; "'=x" and "=x" are both exported as '=x in
# the name columns, but the players' JSON tells them apart. The newline becomes a space (names are trimmed).
HOSTILE = ["=SUM(A1)", "+39 333", "-Bob", "@home", 'Il "Capo"', "Zoë, la grande", "<b>Anna</b>", "'quoted",
           "'=x", "=x", "Line\nbreak", "Niccolò", "\t=tab"]


def read_one(source, **kwargs):
    """The game of a file of one game."""
    [imported] = csvimport.read_all(source, **kwargs)
    return imported


def play(variant_id: str, players, first_dealer: int, options, changes):
    state = new_game(variant_id, players, first_dealer, options)
    for change in changes:
        state = state.apply(change)
    return state


def export(state, ended: bool = False, game_id: str = "G1") -> str:
    return csvexport.text(csvexport.GAME_COLUMNS, csvexport.cells(game_id, state, ended))


MORTO = play("whist-morto", ["Anna", "Bruno", "Carla", "Dario"], 0, None, [
    {"type": "hand", "hand": 1, "trump": "NT", "tricks": [8, 5]},                    # 8–5: Anna & Carla +3
    {"type": "hand", "hand": 2, "trump": "S", "tricks": [6, 7], "revokes": [1]}])    # 2 tricks over: 8–5, +3
SOLO_CHANGES = [{"type": "hand", "hand": 1, "contract": "pass"},
                {"type": "hand", "hand": 2, "contract": "solo", "declarer": 1, "trump": "H", "tricks": 7},
                {"type": "end"}]
SOLO = play("solo-whist", ["Anna", "Bruno", "Carla", "Dario"], 0, {"stake": "0.10"}, SOLO_CHANGES)
# Bruno deals, Anna (elder) leads and wins the first 7 tricks: play 7 + 1 (trick 8, her lead) = 8, Bruno
# 1 + 4 + 1 (the last) = 6; Anna 5 + 8 + 10 for the cards = 23, Bruno 3 + 6 = 9.
PIQUET = play("piquet", ["Anna", "Bruno"], 1, None, [
    {"type": "hand", "hand": 1, "point": [5, 0], "sets": [0, 3], "trick_winners": [0] * 7 + [1] * 5}])


def test_partnership_byte_for_byte():
    """One row per side; the record leaves out what a deal starts with (no honours, no remarks)."""
    rows = [
        'G1,whist-morto,1,,13,NT,Anna,0,Anna & Carla,,8,3,3,"8 tricks, 3 points"',
        'G1,whist-morto,1,,13,NT,Anna,1,Bruno & Dario,,5,0,0,"5 tricks, 0 points"',
        'G1,whist-morto,2,,13,S,Bruno,0,Anna & Carla,,6,3,6,"8 tricks (6 taken), 3 points"',
        'G1,whist-morto,2,,13,S,Bruno,1,Bruno & Dario,,7,0,0,"5 tricks (7 taken), 0 points, revoke"']
    records = (['"{""trump"":""NT"",""tricks"":[8,5]}"'] * 2
               + ['"{""trump"":""S"",""tricks"":[6,7],""revokes"":[1]}"'] * 2)
    expected = HEADER + "".join(f"{row},{FOUR},0,{{}},no,{record}\r\n" for row, record in zip(rows, records))
    assert export(MORTO) == expected


def test_solo_byte_for_byte_with_its_end():
    """A pass and a solo made with one over (+6 from each opponent), then the players ended the game."""
    options = '"{""system"":1,""stake"":""0.10"",""deals"":null}"'
    passed = '"{""contract"":""pass""}"'
    solo = '"{""contract"":""solo"",""declarer"":1,""trump"":""H"",""tricks"":7}"'
    rows = [f"G1,solo-whist,1,pass,13,,Anna,{seat},{name},,,0,0,all passed,{FOUR},0,{options},yes,{passed}"
            for seat, name in enumerate(["Anna", "Bruno", "Carla", "Dario"])]
    detail = '"solo by Bruno, 7 tricks (+2)"'
    rows += [f"G1,solo-whist,2,solo,13,H,Bruno,0,Anna,,,-6,-6,{detail},{FOUR},0,{options},yes,{solo}",
             f"G1,solo-whist,2,solo,13,H,Bruno,1,Bruno,,7,18,18,{detail},{FOUR},0,{options},yes,{solo}",
             f"G1,solo-whist,2,solo,13,H,Bruno,2,Carla,,,-6,-6,{detail},{FOUR},0,{options},yes,{solo}",
             f"G1,solo-whist,2,solo,13,H,Bruno,3,Dario,,,-6,-6,{detail},{FOUR},0,{options},yes,{solo}"]
    assert export(SOLO, ended=True) == HEADER + "".join(row + "\r\n" for row in rows)


def test_piquet_byte_for_byte():
    facts = '"[""Anna"",""Bruno""]",1,"{""point_count"":""cards"",""tie"":""playoff""}",no,'
    record = '"{""point"":[5,0],""sets"":[0,3],""trick_winners"":[0,0,0,0,0,0,0,1,1,1,1,1]}"'
    assert export(PIQUET) == (
        HEADER
        + 'G1,piquet,1,,12,,Bruno,0,Anna,,7,23,23,"point 5, play 8, 7 tricks, cards 10",' + facts + record + "\r\n"
        + 'G1,piquet,1,,12,,Bruno,1,Bruno,,5,9,9,"sets 3, play 6, 5 tricks",' + facts + record + "\r\n")


@pytest.mark.parametrize("state, ended", [(MORTO, False), (SOLO, True), (PIQUET, False)])
def test_the_known_games_come_back_the_same(state, ended):
    text = export(state, ended)
    imported = read_one(text.encode())
    assert imported.state.totals == state.totals and imported.state.players == state.players
    assert export(imported.state, ended) == text


def test_what_an_import_records():
    """The changes of the new game: each hand's record, then the end the players chose."""
    imported = read_one(export(SOLO, ended=True).encode())
    assert (imported.variant, imported.players, imported.first_dealer) == ("solo-whist", ["Anna", "Bruno", "Carla",
                                                                                          "Dario"], 0)
    assert imported.options == {"system": 1, "stake": "0.10", "currency": "EUR", "deals": None}
    assert imported.changes == SOLO_CHANGES


# -- the round trip, for random legal games of every variant ---------------------------------------------
def draw_options(data, variant) -> dict:
    """Any house rules the variant offers."""
    samples = {"number": lambda o: [None] * o.optional + [o.low, o.low + 2], "money": lambda o: [None, "0.10", "1.25"],
               "list": lambda o: [[2, 1, 3]]}
    options = {o.name: data.draw(st.sampled_from(list(samples.get(o.kind, lambda o: o.choices)(o)))) for o in
               variant.options}
    return {o.name: options[o.name] if o.matters(options) else o.default for o in variant.options}


def risky_cells(text: str) -> list[str]:
    """Cells a spreadsheet would run as a formula: starting with = + - @ tab or CR, other than numbers."""
    rows = list(csv.reader(io.StringIO(text, newline="")))
    return [cell for row in rows[1:] for column, cell in zip(rows[0], row)
            if cell.startswith(csvexport.RISKY) and not (column in csvexport.NUMERIC and cell.lstrip("-").isdigit())]


@pytest.mark.parametrize("variant_id", representatives())
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_export_import_export_is_the_identity(variant_id, data):
    variant = VARIANTS[variant_id]
    count = data.draw(st.sampled_from(variant.players))
    names = data.draw(st.lists(st.sampled_from(HOSTILE), min_size=count, max_size=count,
                               unique_by=lambda n: " ".join(n.split()).casefold()))
    state = new_game(variant_id, names, data.draw(st.integers(0, count - 1)), draw_options(data, variant))
    changes = []
    for _ in range(data.draw(st.integers(1, 10))):
        if state.finished:
            break
        state, change = DRIVERS[variant.family].random_change(data, state)
        changes.append(change)
    ended = {"type": "end"} in changes
    text = export(state, ended)
    assert not risky_cells(text)
    imported = read_one(text.encode())
    assert export(imported.state, ended) == text
    assert imported.state.players == state.players and imported.state.totals == state.totals
    assert imported.state.finished == state.finished


# -- bad files ----------------------------------------------------------------------------------------------------
WIST = play("wist", ["=cmd", "Bruno", "Carla", "Dario"], 0, None, [
    {"type": "hand", "hand": 1, "bids": [3, 0, 4, 2], "tricks": [4, 1, 4, 4]},
    {"type": "hand", "hand": 2, "bids": [0, 5, 2, 3], "tricks": [0, 6, 2, 5]}])
GOOD = export(WIST)


def lines() -> list[str]:
    return GOOD.split("\r\n")


def edited(line: int, old: str, new: str) -> str:
    """The good file with one text replaced on one line (1-based, as a spreadsheet shows)."""
    out = lines()
    assert old in out[line - 1]
    out[line - 1] = out[line - 1].replace(old, new, 1)
    return "\r\n".join(out)


def refused(text: str | bytes) -> CsvRefused:
    with pytest.raises(CsvRefused) as caught:
        read_one(text.encode() if isinstance(text, str) else text)
    assert caught.value.code == "invalid_csv"
    return caught.value


def test_the_good_file_is_taken_with_a_bom_and_either_line_end():
    for text in (GOOD, "\ufeff" + GOOD, GOOD.replace("\r\n", "\n")):
        assert read_one(text.encode()).state.totals == (29, 1, 26, 9)


@pytest.mark.parametrize("text, line, words", [
    (edited(3, ",-5,-5,", ",5,-5,"), 3, "“score” says “5”, but what was recorded gives “-5”"),
    (edited(6, ",25,29,", ",25,30,"), 6, "“total” says “30”"),
    (edited(4, ",Carla,4,4,", ",Carlo,4,4,"), 4, "“player” says “Carlo”, but what was recorded gives “Carla”"),
    (edited(2, "'=cmd,0,'=cmd", "=cmd,0,'=cmd"), 2, "“dealer” says “=cmd”"),       # a formula, unguarded
    (edited(2, '""Carla""', '""Carlo""'), 3, "the column “players” differs from the first row's"),
    (edited(6, ",2,Quadri,", ",3,Quadri,"), 6, "Hand 3 has not started yet"),
    (edited(2, "[3,0,4,2]", "[3,0,4,6]"), 2, "bids may not add up"),     # the dealer's forbidden bid
    (edited(2, "[4,1,4,4]", "[4,1,4,5]"), 2, "add up to 14"),
    (edited(3, ",1,Cuori,", ",x,Cuori,"), 3, "“hand” must hold a whole number, not “x”"),
    (edited(2, ",0,\"{", ",zero,\"{"), 2, "“first_dealer” must hold a whole number"),
    (edited(2, ",no,", ",maybe,"), 2, "“ended” must say yes or no"),
    (edited(2, '"{""bids""', '"{bids""'), 2, "“record” must hold JSON"),
    (edited(2, ",wist,", ",scopa,"), 2, "Unknown game “scopa”"),
    (edited(3, ",wist,", ",wist-cagliari,"), 3, "the column “variant” differs"),  # another variant's row
    (edited(5, "G1,", "G2,"), 5, "rows are missing"),  # another game begins before hand 1 is whole
    (edited(1, "score,total", "total,score"), 1, "the first line must be the header"),   # reordered columns
    (edited(1, ",detail", ""), 1, "the first line must be the header"),                   # a missing column
    (edited(4, ",Carla,", ",Carla,,"), 4, "this row has 20 cells where the header has 19"),
    (edited(2, '"{""bids""', '"[{""bids""'), 2, "“record” must hold JSON"),
    (edited(2, '""trump"":""H""', '""trump"":""H"",""type"":""end"",""hand"":9'), 2,
     '“record” says “{"bids":[3,0,4,2],"tricks":[4,1,4,4],"trump":"H","type":"end","hand":9}”'),  # hand 1 recorded
    (edited(2, '""tricks"":[4,1,4,4]', '""tricks"":[[4],1,4,4]'), 2, "is not a whole number"),
])
def test_a_tampered_or_malformed_file_is_refused_at_its_line(text, line, words):
    error = refused(text)
    assert error.line == line and words in str(error), str(error)
    assert str(error).startswith(f"Line {line}: ")


def test_rows_missing_doubled_or_out_of_order_are_refused():
    rows = lines()
    assert refused("\r\n".join(rows[:5] + rows[6:])).line == 6          # a player's row of hand 2 left out
    assert refused("\r\n".join(rows[:-2])).line == 9                   # the last row left out
    assert refused("\r\n".join(rows[:3] + [rows[2]] + rows[3:])).line == 4  # a row twice
    assert refused("\r\n".join(rows[:1] + rows[5:9] + rows[1:5])).line == 2  # hand 2 before hand 1
    assert refused("\r\n".join(rows[:9] + rows[1:5])).line == 10         # hand 1 again after hand 2


@pytest.mark.parametrize("data, line, words", [
    (b"", 1, "the first line must be the header"),
    (HEADER.encode(), 2, "there are no rows"),
    (b"\x00\xff\xfe junk", 1, "not UTF-8"),
    (GOOD.encode()[:-40] + b"\xe9\r\n", 9, "not UTF-8"),
    (GOOD.encode()[:-3], 9, "not CSV text"),                                  # a quote left open
    (HEADER.encode() + b"a" * 200_000 + b"\r\n", 2, "not CSV text"),           # a cell over the CSV reader's limit
])
def test_junk_is_refused(data, line, words):
    error = refused(data)
    assert error.line == line and words in str(error), str(error)


class Counted(io.BytesIO):
    """A stream that counts what the reader took from it."""

    taken = 0

    def read(self, size=-1):
        data = super().read(size)
        self.taken += len(data)
        return data


@pytest.mark.parametrize("junk, read_whole", [
    (b"x" * 50_000_000, False),                                   # one line, far longer than any row
    ((HEADER + "a,b\r\n" * 10_000_000).encode(), False),         # rows of the wrong width
    (b"\r\n" * 25_000_000 + b"\xff", True),                       # empty lines, then a byte that is not UTF-8
    (b"\n" * 50_000_000, True),                                   # nothing but empty lines
    (GOOD.encode() + b"\n" * 50_000_000 + b"x", True),             # a good file, junk after it
], ids=["one-line", "narrow-rows", "empty-then-bad-byte", "empty", "tail"])
def test_fifty_megabytes_of_junk_are_refused_at_once(junk, read_whole):
    """Refused at the first row that cannot be a game's, read as it comes: a long line or a bad row is not
    read past (a few chunks); empty lines are read through, a chunk at a time, to the fault after them."""
    source = Counted(junk)
    with pytest.raises(CsvRefused) as caught:
        read_one(source)
    assert caught.value.line >= 1
    assert source.taken == len(junk) if read_whole else source.taken <= 4 * csvimport.CHUNK


def test_a_file_over_the_games_limit_of_changes_is_refused():
    with pytest.raises(CsvRefused) as caught:
        read_one(GOOD.encode(), limit=2)  # the creation and hand 1; hand 2 would be the third event
    assert caught.value.line == 6 and "at most 2 changes" in str(caught.value)


def test_blank_lines_at_the_end_are_fine_not_in_between():
    assert read_one((GOOD + "\r\n\n\r\n").encode()).state.totals == (29, 1, 26, 9)
    rows = lines()
    error = refused("\r\n".join(rows[:3] + [""] + rows[3:]))
    assert error.line == 4 and "an empty line" in str(error)


def many(*games: tuple[str, object, bool]) -> str:
    """Several games in one file, as "Download all games" writes it: one header, each game's rows in turn."""
    return csvexport.text(csvexport.GAME_COLUMNS, (row for game_id, state, ended in games
                                                   for row in csvexport.cells(game_id, state, ended)))


def test_a_file_of_many_games_reads_as_many_games():
    """"Download all games" could not be imported back: refused at its second game (#19)."""
    text = many(("G1", MORTO, False), ("G2", SOLO, True), ("G3", PIQUET, False))
    found = csvimport.read_all(text.encode())
    assert [(g.game_id, g.variant, g.line) for g in found] == [("G1", "whist-morto", 2), ("G2", "solo-whist", 6),
                                                                ("G3", "piquet", 14)]
    assert [g.state.totals for g in found] == [MORTO.totals, SOLO.totals, PIQUET.totals]
    assert found[1].changes[-1] == {"type": "end"}


def test_a_file_of_many_games_is_refused_whole_at_its_first_fault():
    good = many(("G1", MORTO, False), ("G2", SOLO, True))
    broken = good + export(PIQUET, game_id="G3").split("\r\n", 1)[1].replace(",23,23,", ",24,24,")
    with pytest.raises(CsvRefused) as refused:
        csvimport.read_all(broken.encode())
    assert refused.value.line == 14 and "the column “score” says “24”" in str(refused.value)
    again = many(("G1", MORTO, False), ("G2", SOLO, True)) + export(MORTO, game_id="G1").split("\r\n", 1)[1]
    with pytest.raises(CsvRefused) as refused:
        csvimport.read_all(again.encode())
    assert refused.value.line == 14 and "rows of game G1 come again after another game's" in str(refused.value)
