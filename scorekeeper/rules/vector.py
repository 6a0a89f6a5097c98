"""`Vector`: an immutable sequence whose changed copies share almost everything with the original.

A game's state is immutable (`apply` returns a new one), and the states of a replay follow each other
one change at a time. Keeping a game's deals in a tuple copies the whole tuple at every change, so a
replay of n deals copies n²/2 references: quadratic, and at the event cap (5 000 changes) the
copying alone costs as much as everything else. A `Vector` is the persistent vector of Clojure (and
of `pyrsistent`, which would be a dependency for 200 lines' worth of it): a trie of 32-wide nodes
holding all but the last few items, and a tail node of the last 1–32 items. `append`, `set` and
`without_last` copy one path of at most log₃₂ n nodes (two nodes for a game at the cap) and at most
32 references of the tail; a read walks the same path. Iteration is in order; a `Vector` equals any
tuple, list or `Vector` with the same items.

`fold` runs a step function over the items and remembers, on each full node of the trie, what the
node does to each state it was entered with: nodes are shared between successive vectors and never
change, so after a correction of an early item only the nodes on its path are folded again, the
others answer from memory (`partnership` finds with it whether a correction ends the rubber earlier).

Pure: nothing here knows about games.
"""
from __future__ import annotations

from typing import Any, Callable, Hashable, Iterable, Iterator, TypeVar

State = TypeVar("State", bound=Hashable)  # what `Vector.fold` carries from item to item

BITS = 5
WIDTH = 1 << BITS
MASK = WIDTH - 1


class _Node:
    """A node of the trie: its children (or, at the bottom level, its items) and what folding it gave."""

    __slots__ = ("items", "memo")

    def __init__(self, items: tuple):
        self.items = items
        self.memo: dict | None = None


EMPTY_NODE = _Node(())


class Vector:
    """An immutable sequence with cheap `append`, `set` and `without_last` (see the module's docstring)."""

    __slots__ = ("_size", "_shift", "_root", "_tail")

    def __init__(self, items: Iterable = ()):
        self._size, self._shift, self._root, self._tail = 0, BITS, EMPTY_NODE, EMPTY_NODE
        built = self
        for item in items:
            built = built.append(item)
        self._size, self._shift, self._root, self._tail = built._size, built._shift, built._root, built._tail

    # -- reading ---------------------------------------------------------------------------------------
    def __len__(self) -> int:
        return self._size

    def __getitem__(self, index):
        if isinstance(index, slice):
            return tuple(self)[index]
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("Vector index out of range")
        offset = self._size - len(self._tail.items)
        if index >= offset:
            return self._tail.items[index - offset]
        node, level = self._root, self._shift
        while level > 0:
            node = node.items[(index >> level) & MASK]
            level -= BITS
        return node.items[index & MASK]

    def __iter__(self) -> Iterator:
        for leaf in _leaves(self._root, self._shift, self._size - len(self._tail.items)):
            yield from leaf
        yield from self._tail.items

    def __eq__(self, other) -> bool:
        if isinstance(other, (Vector, tuple, list)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Vector({list(self)!r})"

    # -- changed copies ------------------------------------------------------------------------------
    def append(self, item) -> "Vector":
        """A vector with `item` added at the end."""
        if len(self._tail.items) < WIDTH:
            return _vector(self._size + 1, self._shift, self._root, _Node(self._tail.items + (item,)))
        # The tail is full: it goes into the trie as a leaf (what it remembers too), and `item` starts a new tail.
        leaf, shift = self._tail, self._shift
        if (self._size >> BITS) > (1 << shift):  # the trie is full at this height: one level more
            root = _Node((self._root, _path(shift, leaf)))
            shift += BITS
        else:
            root = _push(self._size, shift, self._root, leaf)
        return _vector(self._size + 1, shift, root, _Node((item,)))

    def set(self, index: int, item) -> "Vector":
        """A vector with the item at `index` (0-based, in range) replaced by `item`."""
        if not 0 <= index < self._size:
            raise IndexError("Vector index out of range")
        tail = self._tail.items
        offset = self._size - len(tail)
        if index >= offset:
            at = index - offset
            return _vector(self._size, self._shift, self._root, _Node(tail[:at] + (item,) + tail[at + 1:]))
        return _vector(self._size, self._shift, _assoc(self._shift, self._root, index, item), self._tail)

    def without_last(self) -> "Vector":
        """A vector without its last item (an empty one stays empty)."""
        if self._size <= 1:
            return EMPTY
        if len(self._tail.items) > 1:
            return _vector(self._size - 1, self._shift, self._root, _Node(self._tail.items[:-1]))
        # The tail empties: the trie's last leaf becomes the tail.
        tail = _last_leaf(self._root, self._shift, self._size - 2)
        root = _pop(self._size, self._shift, self._root) or EMPTY_NODE
        shift = self._shift
        if shift > BITS and len(root.items) == 1:  # a root with one child: one level less
            root, shift = root.items[0], shift - BITS
        return _vector(self._size - 1, shift, root, tail)

    # -- folding -------------------------------------------------------------------------------------
    def fold(self, step: Callable[[Any, State], tuple[State, bool]], state: State, key: Hashable,
             count: int | None = None) -> tuple[State, int | None]:
        """Run `step(item, state) -> (state, done)` over the first `count` items (all by default), in order,
        from `state`; stop at the first `done`. Returns the last state and how many items were taken when
        it was done (None if it never was).

        What each full node of the trie does to a state is remembered on the node under `key` (which must
        name everything `step` depends on besides the item and the state: the game's options), so folding
        a vector that shares nodes with one folded before only walks the nodes that changed."""
        count = self._size if count is None else count
        offset = self._size - len(self._tail.items)
        taken = 0
        if count >= offset:
            state, done = _fold_node(self._root, self._shift, step, state, key)
            if done is not None:
                return state, done
            if count == self._size:  # the whole tail: it remembers too
                state, done = _fold_node(self._tail, 0, step, state, key)
                return state, None if done is None else offset + done
            taken, items = offset, self._tail.items[:count - offset]
        else:
            items = self[:count]
        for item in items:
            taken += 1
            state, done = step(item, state)
            if done:
                return state, taken
        return state, None


EMPTY = Vector()


def _vector(size: int, shift: int, root: _Node, tail: _Node) -> Vector:
    made = Vector.__new__(Vector)
    made._size, made._shift, made._root, made._tail = size, shift, root, tail
    return made


def _leaves(node: _Node, level: int, size: int) -> Iterator[tuple]:
    """The bottom-level item tuples of a trie holding `size` items, in order."""
    if size == 0:
        return
    if level == 0:
        yield node.items
        return
    for child in node.items:
        yield from _leaves(child, level - BITS, min(size, 1 << level))
        size -= 1 << level
        if size <= 0:
            return


def _path(level: int, leaf: _Node) -> _Node:
    """A chain of single-child nodes from `level` down to `leaf`."""
    node = leaf
    while level > 0:
        node = _Node((node,))
        level -= BITS
    return node


def _push(size: int, level: int, parent: _Node, leaf: _Node) -> _Node:
    """`parent` (at `level`) with `leaf` added as the trie's next leaf; `size` counts the items before."""
    index = ((size - 1) >> level) & MASK
    items = list(parent.items)
    if level == BITS:
        child = leaf
    elif index < len(items):
        child = _push(size, level - BITS, items[index], leaf)
    else:
        child = _path(level - BITS, leaf)
    if index < len(items):
        items[index] = child
    else:
        items.append(child)
    return _Node(tuple(items))


def _assoc(level: int, node: _Node, index: int, item) -> _Node:
    items = list(node.items)
    if level == 0:
        items[index & MASK] = item
    else:
        at = (index >> level) & MASK
        items[at] = _assoc(level - BITS, items[at], index, item)
    return _Node(tuple(items))


def _last_leaf(node: _Node, level: int, index: int) -> _Node:
    """The bottom-level node holding item `index`."""
    while level > 0:
        node = node.items[(index >> level) & MASK]
        level -= BITS
    return node


def _pop(size: int, level: int, node: _Node) -> _Node | None:
    """`node` without the trie's last leaf (None when nothing is left of it); `size` counts every item,
    the tail's one included."""
    index = ((size - 2) >> level) & MASK
    if level > BITS:
        child = _pop(size, level - BITS, node.items[index])
        if child is None and index == 0:
            return None
        items = list(node.items)
        if child is None:
            del items[index]
        else:
            items[index] = child
        return _Node(tuple(items))
    if index == 0:
        return None
    return _Node(node.items[:index])


def _fold_node(node: _Node, level: int, step: Callable[[Any, State], tuple[State, bool]], state: State,
               key: Hashable) -> tuple[State, int | None]:
    """Fold a full node of the trie, remembering the answer on it (see `Vector.fold`)."""
    memo = node.memo
    if memo is None:
        memo = node.memo = {}
    entry = (key, state)
    found = memo.get(entry)
    if found is not None:
        return found
    taken, done = 0, None
    if level == 0:
        for item in node.items:
            taken += 1
            state, stop = step(item, state)
            if stop:
                done = taken
                break
    else:
        for child in node.items:
            state, inner = _fold_node(child, level - BITS, step, state, key)
            if inner is not None:
                done = taken + inner
                break
            taken += 1 << level
    memo[entry] = (state, done)
    return state, done
