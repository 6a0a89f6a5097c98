"""Club evenings known to need no repeated pair, where `seating`'s search falls short and no field builds them: each
stored as its rounds of tables of players numbered from 0 (tests/rules/test_seating.py verifies that every pair
meets at most once). Each but the last was found once, offline, by a backtracking search for one round whose tables,
turned round a cycle, make the others: players m·i + x for x of 0 … m − 1 (and the fixed players after them), round
r the first with r added to every x, modulo m. The first round is then one where no two pairs at its tables lie the
same distance apart on the cycle (a cyclic "difference family"), so that no pair meets twice in any of the rounds.
"""
from __future__ import annotations

Design = tuple[tuple[tuple[int, ...], ...], ...]


def _rounds(text: str) -> Design:
    """The rounds written one a line, the tables apart by "|"."""
    return tuple(tuple(tuple(map(int, table.split())) for table in line.split("|"))
                 for line in text.strip().splitlines())


ZERO: dict[int, Design] = {
    # the social golfers 7-4-9 (a resolvable 2-(28, 4, 1) design): every pair meets once in 9 rounds; m = 9,
    # three cycles and player 27 fixed
    28: _rounds("""
0 6 10 14 | 1 5 16 17 | 2 4 23 24 | 3 12 19 27 | 7 8 22 25 | 9 15 18 20 | 11 13 21 26
0 8 23 26 | 1 7 11 15 | 2 6 9 17 | 3 5 24 25 | 4 13 20 27 | 10 16 19 21 | 12 14 18 22
0 1 18 24 | 2 8 12 16 | 3 7 9 10 | 4 6 25 26 | 5 14 21 27 | 11 17 20 22 | 13 15 19 23
0 3 13 17 | 1 2 19 25 | 4 8 10 11 | 5 7 18 26 | 6 15 22 27 | 9 12 21 23 | 14 16 20 24
0 5 11 12 | 1 4 9 14 | 2 3 20 26 | 6 8 18 19 | 7 16 23 27 | 10 13 22 24 | 15 17 21 25
0 7 19 20 | 1 6 12 13 | 2 5 10 15 | 3 4 18 21 | 8 17 24 27 | 9 16 22 26 | 11 14 23 25
0 9 25 27 | 1 8 20 21 | 2 7 13 14 | 3 6 11 16 | 4 5 19 22 | 10 17 18 23 | 12 15 24 26
0 2 21 22 | 1 10 26 27 | 3 8 14 15 | 4 7 12 17 | 5 6 20 23 | 9 11 19 24 | 13 16 18 25
0 4 15 16 | 1 3 22 23 | 2 11 18 27 | 5 8 9 13 | 6 7 21 24 | 10 12 20 25 | 14 17 19 26
"""),
    # the social golfers 6-4-7: everyone meets 21 of the 23 others in 7 rounds; m = 7, three cycles and players
    # 21, 22 and 23 fixed (who never meet)
    24: _rounds("""
0 4 6 13 | 1 11 17 23 | 2 10 15 21 | 3 14 18 20 | 5 9 19 22 | 7 8 12 16
0 1 5 7 | 2 12 18 23 | 3 11 16 21 | 4 14 15 19 | 6 10 20 22 | 8 9 13 17
0 11 14 22 | 1 2 6 8 | 3 13 19 23 | 4 12 17 21 | 5 15 16 20 | 7 9 10 18
0 2 3 9 | 1 12 15 22 | 4 7 20 23 | 5 13 18 21 | 6 14 16 17 | 8 10 11 19
0 15 17 18 | 1 3 4 10 | 2 13 16 22 | 5 8 14 23 | 6 7 19 21 | 9 11 12 20
0 8 20 21 | 1 16 18 19 | 2 4 5 11 | 3 7 17 22 | 6 9 15 23 | 10 12 13 14
0 10 16 23 | 1 9 14 21 | 2 17 19 20 | 3 5 6 12 | 4 8 18 22 | 7 11 13 15
"""),
    # 22 players in 6 rounds (4 + 4 + 4 + 4 + 3 + 3), the tables of 3 in turn: found once by `seating`'s own
    # search with a budget it no longer has (#35: under a second of CPU now, it finds 1 repeat)
    22: _rounds("""
1 3 0 11 | 7 12 20 17 | 2 14 19 5 | 4 13 8 15 | 9 18 16 | 21 10 6
3 20 21 4 | 14 11 16 13 | 17 9 2 6 | 1 18 10 7 | 5 8 12 | 0 19 15
21 18 12 19 | 0 14 9 10 | 8 20 16 2 | 5 1 15 6 | 4 11 7 | 3 13 17
10 3 16 5 | 15 12 11 9 | 19 6 13 7 | 8 21 0 17 | 18 14 20 | 1 4 2
4 5 18 17 | 14 15 21 7 | 20 1 9 13 | 10 8 19 11 | 3 12 2 | 0 16 6
19 1 17 16 | 4 12 6 14 | 3 9 7 8 | 18 2 13 0 | 20 10 15 | 21 5 11
"""),
}
