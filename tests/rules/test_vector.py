"""`Vector` (rules/vector.py) against a plain list: every change, every read, and `fold` with its memory."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules.vector import EMPTY, WIDTH, Vector

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Sizes around the edges of the trie: the tail full, one level, two levels.
EDGES = [0, 1, WIDTH - 1, WIDTH, WIDTH + 1, 2 * WIDTH, WIDTH * WIDTH, WIDTH * WIDTH + WIDTH,
         WIDTH * WIDTH + WIDTH + 1, 3 * WIDTH * WIDTH + 5]


def step(item: int, state: int) -> tuple[int, bool]:
    """A fold that stops now and then (when the state hits 16)."""
    state = (state * 3 + item) % 17
    return state, state == 16


def folded(items: list, state: int, count: int) -> tuple[int, int | None]:
    for taken, item in enumerate(items[:count], start=1):
        state, done = step(item, state)
        if done:
            return state, taken
    return state, None


def test_sizes_at_the_edges_of_the_trie():
    for size in EDGES:
        items = list(range(size))
        vector = Vector(items)
        assert len(vector) == size and list(vector) == items and vector == items and vector == tuple(items)
        assert all(vector[i] == i for i in range(0, size, 7)) and (not size or vector[-1] == size - 1)
        shrunk, model = vector, list(items)
        while model:  # down to nothing, a level at a time
            shrunk, _ = shrunk.without_last(), model.pop()
            if len(model) in EDGES or len(model) % 97 == 0:
                assert list(shrunk) == model
        assert shrunk == () and len(shrunk) == 0 and not shrunk
        assert list(vector) == items  # the original is untouched


changes = st.lists(st.tuples(st.sampled_from(["append", "set", "drop", "grow"]), st.integers(0, 10 ** 6)),
                   max_size=120)


@SETTINGS
@given(start=st.sampled_from(EDGES), changes=changes, data=st.data())
def test_every_change_matches_a_list_and_leaves_the_old_vector_alone(start, changes, data):
    model, vector = list(range(start)), Vector(range(start))
    history = [(vector, list(model))]
    for kind, value in changes:
        if kind == "append":
            model.append(value)
            vector = vector.append(value)
        elif kind == "grow":  # a burst, to cross the edges of the tail and the trie
            for extra in range(WIDTH + 3):
                model.append(value + extra)
                vector = vector.append(value + extra)
        elif kind == "set" and model:
            index = data.draw(st.integers(0, len(model) - 1))
            model[index] = value
            vector = vector.set(index, value)
        elif kind == "drop":
            model = model[:-1]
            vector = vector.without_last()
        history.append((vector, list(model)))
    for old, expected in history:
        assert list(old) == expected and len(old) == len(expected) and old[:3] == tuple(expected[:3])
    if model:
        index = data.draw(st.integers(0, len(model) - 1))
        assert vector[index] == model[index]


@SETTINGS
@given(start=st.sampled_from(EDGES), sets=st.lists(st.tuples(st.integers(0, 10 ** 6), st.integers(0, 4)),
                                                   max_size=40), data=st.data())
def test_fold_gives_what_a_plain_loop_gives_however_the_vector_was_made(start, sets, data):
    """Folded again after each change: nodes shared with the vectors before answer from what they remember."""
    model = [i % 5 for i in range(start)]
    vector = Vector(model)
    for position, value in sets:
        if model:
            index = position % len(model)
            model[index] = value
            vector = vector.set(index, value)
        for first in (0, 5, 11):
            count = data.draw(st.integers(0, len(model)))
            assert vector.fold(step, first, "key", count) == folded(model, first, count)
            assert vector.fold(step, first, "key") == folded(model, first, len(model))


def test_a_fold_remembers_the_nodes_it_walked():
    """Folded again after a change, the nodes the change did not touch answer from memory for every state
    they were entered with before: only the changed item's leaf and the tail are stepped through."""
    steps = []

    def counted(item, state):
        steps.append(item)
        return (state + item) % 1000, False

    vector = Vector(range(5000))
    first = vector.fold(counted, 0, "k")
    assert len(steps) == 5000
    changed = vector.set(10, 11)  # every later node is entered with another state: all of it is folded
    assert changed.fold(counted, 0, "k") == ((first[0] + 1) % 1000, None)
    steps.clear()
    for value in (10, 11, 10, 11):  # back and forth: both states are known to every later node by now
        again = vector.set(10, value)
        assert again.fold(counted, 0, "k") == ((first[0] + value - 10) % 1000, None)
    assert len(steps) <= 4 * WIDTH  # each time its own leaf only (the tail remembers too)
    steps.clear()
    assert vector.fold(counted, 0, "k", 100) == folded_sum(range(100)) and len(steps) <= 100  # a part: no memory
    assert vector.fold(counted, 0, "other key") == first and len(steps) > 5000  # another key: nothing known


def folded_sum(items) -> tuple[int, None]:
    return sum(items) % 1000, None


def test_equality_and_hash():
    assert Vector([1, 2]) == (1, 2) == Vector((1, 2)) and Vector([1, 2]) != (2, 1) and Vector() == [] == EMPTY
    assert hash(Vector([1, 2])) == hash((1, 2)) and Vector([1]) != "x"
