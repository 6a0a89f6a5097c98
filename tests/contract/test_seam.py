"""The seam between the core and the families (#20): adding a game is adding its files and registering it.

docs/adding-a-game.md lists those files. These tests keep that list true: the core (every module outside
`rules/` and `families/`) names none of a family's own words — its hand's fields, its options and their
values, its variants — so nothing outside the family has to change for a new one; and every option and
value of every variant has a name players read, declared by its family.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scorekeeper.web.assets.folders import shipped
from scorekeeper.families import FAMILIES, Family, family_of
from scorekeeper.rules import VARIANTS

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"
FAMILY_FOLDERS = ("rules", "families")

# A word of a family that a core module uses in another meaning, or as part of a contract every family fills.
ELSEWHERE = {
    ("formats/csvexport.py", "cards"): "a CSV column every family fills (API.md)",
    ("formats/csvexport.py", "trump"): "a CSV column every family fills (API.md)",
    ("formats/csvexport.py", "bid"): "a CSV column every family fills (API.md)",
    ("formats/csvexport.py", "tricks"): "a CSV column every family fills (API.md)",
    ("web/game/confirm_view.py", "bid"): "a CSV column every family fills: the hand to confirm shows its CSV rows",
    ("web/game/confirm_view.py", "tricks"): "a CSV column every family fills: the hand to confirm shows its CSV rows",
    ("web/game/api.py", "bid"): "`PUT …/bids/<seat>` makes a change of the kind `bid` (every game takes or refuses it)",
    ("web/commands.py", "target"): "the file a backup is written to",
    ("web/game/pages.py", "draw"): "the first dealer drawn by the app (not Piquet's tie)",
    ("web/phone/house_rules_form.py", "draw"): "the first dealer drawn by the app, as the new-game form says it",
    ("web/club/club_matching.py", "draw"): "the first dealer drawn by the app, as the new-game form says it",
    # Tournaments are Italian tournament Whist's (docs/rules/bid-exactly.md): they play `whist-torneo` partite
    # with one hand schedule for the evening.
    ("store/db.py", "scheme"): "the tournament's hand schedule",
    ("service/tournaments.py", "scheme"): "the tournament's hand schedule",
    ("web/club/tournament_api.py", "scheme"): "the tournament's hand schedule",
    ("web/club/tournament_pages.py", "scheme"): "the tournament's hand schedule",
    ("web/assets/openapi.py", "scheme"): "the tournament's hand schedule",
}


def family_words() -> dict[str, set[str]]:
    """Each word a family owns → the families owning it."""
    words: dict[str, set[str]] = {}
    for family in FAMILIES.values():
        for body in (family.hand_body, family.bid_body):
            for name in body.model_fields if body is not None else ():
                words.setdefault(name, set()).add(family.id)
    for variant in VARIANTS.values():
        words.setdefault(variant.id, set()).add(variant.family)
        for option in variant.options:
            words.setdefault(option.name, set()).add(variant.family)
            for value in option.choices or ():
                if isinstance(value, str):
                    words.setdefault(value, set()).add(variant.family)
    return words


def core_modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        if relative.parts[0] not in FAMILY_FOLDERS:
            yield relative.as_posix(), path


def core_words() -> set[str]:
    """The names the core declares for itself: the fields of every game's answer ("hands", "players"...)."""
    from scorekeeper.model.shapes import GameAnswer
    return set(GameAnswer.model_fields)


def namings(words: dict[str, set[str]], modules) -> list[str]:
    """Where the `(name, source)` modules name a family's word: a text constant that is the word, whole (a
    "/hands/" in a route is not the word "hands"). A key of a dict the core builds that is one of its own names
    (an answer's "hands") stays the core's, even if a family picks the same name for an option; read anywhere
    else (`options["hands"]`, `"hands" in event`) it is the family's word."""
    own, found = core_words(), []
    for name, source in modules:
        tree = ast.parse(source)
        built = {id(key) for node in ast.walk(tree) if isinstance(node, ast.Dict) for key in node.keys}
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in words):
                continue
            if (name, node.value) in ELSEWHERE or (node.value in own and id(node) in built):
                continue
            found.append(f"{name}:{node.lineno} names {node.value!r} of {', '.join(sorted(words[node.value]))}")
    return found


def core_sources():
    return ((name, path.read_text(encoding="utf-8")) for name, path in core_modules())


def test_the_core_names_no_family_word():
    found = namings(family_words(), core_sources())
    assert not found, "the core speaks a family's words (move it behind the family):\n" + "\n".join(found)


def test_an_option_may_share_a_name_the_core_gives_its_own_answer():
    """A new option named `hands` is the family's: the game's answer's "hands" (formats/game_json.py) is the
    core's own name, and does not trip the test (#36); the core reading such an option would."""
    words = {**family_words(), "hands": {"predictions"}}
    assert namings(words, core_sources()) == []
    leaks = [("service/leak.py", 'def deal(options, event):\n    return options["hands"], "hands" in event\n')]
    assert namings(words, leaks) == ["service/leak.py:2 names 'hands' of predictions"] * 2


def test_every_exception_is_still_needed():
    """An entry of ELSEWHERE the core no longer uses goes, so the list stays the truth."""
    used = {(name, node.value) for name, path in core_modules()
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(node, ast.Constant)}
    assert set(ELSEWHERE) <= used, set(ELSEWHERE) - used


def test_the_words_test_would_see_a_family_word():
    """The test above is not blind: the visibility once asked whether `"tricks"` was in a change."""
    words = family_words()
    assert {"tricks", "bids", "trump", "honours", "contract", "scheme", "whist-morto", "pips"} <= set(words)


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_every_option_and_value_has_a_name(variant_id):
    """A variant whose family forgot a name would show raw ids on the new-game form and the sheet."""
    variant = VARIANTS[variant_id]
    labels = family_of(variant).labels
    for option in variant.options:
        assert option.name in labels, f"{variant_id}: no name for the option {option.name!r}"
        for value in option.choices or ():
            if not isinstance(value, (bool, int)):  # yes/no and numbers say themselves
                assert f"{option.name}={value}" in labels or value in labels, \
                    f"{variant_id}: no name for {option.name} = {value!r}"


def test_every_family_is_a_declaration_with_its_templates():
    templates = shipped("templates")
    for family in FAMILIES.values():
        assert isinstance(family, Family)
        for partial in ("entry.html", "grid.html", "edit.html", "ranking.html"):
            assert (templates / family.id / partial).is_file(), f"{family.id} lacks {partial}"
        assert (shipped("docs") / family.rules).is_file(), family.rules


def test_two_families_never_name_one_option_two_ways():
    """The option names of all families are looked up in one table: a clash would rename another's."""
    seen: dict[str, object] = {}
    for family in FAMILIES.values():
        for key, text in family.labels.items():
            assert seen.setdefault(key, text) is text, f"{key!r} is named by two families"
