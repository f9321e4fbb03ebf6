"""`evolver`: the rules' fast copy of a state makes what `dataclasses.replace` makes."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import textwrap
from pathlib import Path

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


MISSPELT = textwrap.dedent(
    """
    from bugs_core.bag_of_bugs.state import BagState
    from bugs_core.bag_of_bugs.state import evolve as bag_evolve
    from bugs_core.bugs.state import BugsState, evolve
    from bugs_core.bugspiel.state import BugspielState
    from bugs_core.bugspiel.state import evolve as spiel_evolve


    def fine(state: BugsState, bag: BagState, spiel: BugspielState) -> None:
        evolve(state, to_act=2)
        bag_evolve(bag, grab=1)
        spiel_evolve(spiel, moves=spiel.moves + 1, end=None)


    def misspelt(state: BugsState, bag: BagState, spiel: BugspielState) -> None:
        evolve(state, to_akt=2)
        bag_evolve(bag, grab="one")
        spiel_evolve(spiel, endd=None)
    """
)


@pytest.mark.slow  # a cold mypy run of the state modules, a few seconds
def test_mypy_checks_the_field_names_and_types_of_evolve(tmp_path: Path) -> None:
    """The evolvers accept any keyword as far as their own type goes; mypy sees
    dataclasses.replace in their place, so a misspelt field or a wrong type is an error."""
    snippet = tmp_path / "snippet.py"
    snippet.write_text(MISSPELT)
    root = Path(__file__).resolve().parent.parent
    mypy = [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache")]
    run = subprocess.run(
        [*mypy, "--no-error-summary", "--hide-error-context", str(snippet)],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    errors = [line for line in run.stdout.splitlines() if ": error: " in line]
    assert run.returncode == 1, run.stdout + run.stderr
    assert len(errors) == 3, run.stdout
    assert 'Unexpected keyword argument "to_akt" for "replace" of "BugsState"' in errors[0]
    assert 'Argument "grab" to "replace" of "BagState" has incompatible type "str"' in errors[1]
    assert 'Unexpected keyword argument "endd" for "replace" of "BugspielState"' in errors[2]
