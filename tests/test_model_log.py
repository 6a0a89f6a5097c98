"""The log's index (`model/log.py`, #36): each version of a game sees the log up to its own length, while a later
version extends the log they share; a row a write appended without committing never reaches the next version;
an undo takes its change out of what stands."""
from __future__ import annotations

from scorekeeper.model.log import Log


def row(seq: int, kind: str = "change", hand: int | None = 1, **payload) -> dict:
    return {"seq": seq, "type": kind, "payload": {"hand": hand, **payload} if hand is not None else payload,
            "created_at": f"2026-11-27T12:00:{seq:02d}.000+00:00", "actor_role": "scorer", "actor_seat": None}


CREATED = {"seq": 1, "type": "created", "payload": {"players": ["Anna", "Bruno"]}, "created_at": "2026-11-27",
           "actor_role": "scorer", "actor_seat": None}


def test_a_version_reads_its_own_events_while_a_later_version_extends_the_log():
    older = Log([CREATED, row(2), row(3, hand=2)]).view()
    assert [found["seq"] for found, _ in older.touching(1)] == [2]  # the index built
    newer = older.plus([row(4)])
    assert newer.log is older.log  # shared, not copied
    assert (len(older), older[-1]["seq"], older.last_standing()["seq"]) == (3, 3, 3)
    assert [found["seq"] for found in older] == [1, 2, 3]
    assert [found["seq"] for found, _ in older.touching(1)] == [2]
    assert (len(newer), newer[-1]["seq"], newer.last_standing()["seq"]) == (4, 4, 4)
    assert [found["seq"] for found, _ in newer.touching(1)] == [2, 4]
    assert [found["seq"] for found in newer.after(2)] == [3, 4]


def test_a_row_appended_by_a_write_that_did_not_commit_never_reaches_the_next_version():
    kept = Log([CREATED, row(2)]).view()
    kept.plus([row(3, kind="confirm")])  # its write unit then rolled back
    committed = kept.plus([row(3, bid=4)])
    assert committed.log is not kept.log
    assert [(found["type"], payload) for found, payload in committed.touching(1)] == [
        ("change", {"hand": 1}), ("change", {"hand": 1, "bid": 4})]
    assert committed.hands_marked() == [] and len(committed) == 3


def test_an_undo_takes_its_change_out_of_what_stands_and_touches_its_hand():
    events = Log([CREATED, row(2), row(3, hand=2), row(4, kind="undo", hand=None), row(5, kind="confirm")]).view()
    assert events.last_standing()["seq"] == 2
    assert events.taken_by(events[3])["seq"] == 3
    assert [found["type"] for found, _ in events.touching(2)] == ["change", "undo"]  # the undo touches hand 2
    assert [found["seq"] for found in events.standing_in(2)] == []
    assert [found["seq"] for found in events.standing_in(1, before=2)] == []
    assert [found["seq"] for found in events.standing_in(1)] == [2]
    assert events.hands_marked() == [1]
    assert events.touching([1]) == []  # a hand sent as a list touches nothing
    assert [found["seq"] for found in events.standing()] == [2]
