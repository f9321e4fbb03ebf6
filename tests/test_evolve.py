"""`evolver`: the rules' fast copy of a state makes what `dataclasses.replace` makes."""

from __future__ import annotations

import dataclasses

import pytest

from bugs_core.bag_of_bugs.state import evolve as bag_evolve
from bugs_core.bugs.state import BugsState
from bugs_core.bugs.state import evolve as bugs_evolve
from bugs_core.bugspiel.state import BugspielState
from bugs_core.bugspiel.state import evolve as spiel_evolve
from bugs_core.evolve import evolver
from bugs_core.registry import get_game
from bugs_core.rng import Rng

CASES = [("bugs", bugs_evolve), ("bugspiel", spiel_evolve), ("bag-of-bugs", bag_evolve)]


@pytest.mark.parametrize(("game_id", "evolve"), CASES, ids=[c[0] for c in CASES])
def test_a_copy_equals_and_hashes_like_replace_and_stays_frozen(game_id, evolve):
    game = get_game(game_id)
    state = game.initial_state(game.make_setup({}), Rng(7))
    field = dataclasses.fields(state)[-1].name
    value = getattr(game.initial_state(game.make_setup({}), Rng(8)), field)
    for changes in ({}, {field: value}):
        copy = evolve(state, **changes)
        expected = dataclasses.replace(state, **changes)
        assert copy == expected
        assert hash(copy) == hash(expected)
        assert type(copy) is type(state)
        assert copy is not state
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(copy, field, value)
    with pytest.raises(TypeError):
        evolve(state, no_such_field=1)


def test_only_slotted_dataclasses_without_post_init_qualify():
    @dataclasses.dataclass(frozen=True)
    class Plain:
        a: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        a: int

        def __post_init__(self) -> None:
            pass

    for cls in (Plain, Checked):
        with pytest.raises(TypeError, match="slotted dataclass"):
            evolver(cls)
    assert BugsState.__slots__ and BugspielState.__slots__
