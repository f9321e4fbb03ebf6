"""Readable Bugspiel positions for the turn-rule tests, and the legal/illegal checks they share.

A position is built with `dataclasses.replace` on a real dealt state, so every field a test does
not name keeps a value the engine made itself. Cards are picked by their facts from
`bugs_core.bugspiel.cards` (never by a hard-coded id), spaces are written in the notation
("B1a" = tile B1, space above; c = centre, b = below).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace

import pytest

from bugs_core.bugspiel import rules
from bugs_core.bugspiel.actions import Action, Spot, parse_action
from bugs_core.bugspiel.board import Space
from bugs_core.bugspiel.cards import Card, card, card_count
from bugs_core.bugspiel.deck import BonusCard
from bugs_core.bugspiel.setup import BugspielSetup
from bugs_core.bugspiel.species import Diet, Terrain
from bugs_core.bugspiel.state import EMPTY, NOBODY, BugspielState
from bugs_core.errors import IllegalActionError
from bugs_core.rng import Rng

_SPACES = {"a": Space.ABOVE, "c": Space.CENTRE, "b": Space.BELOW}

PREY_DIETS = (Diet.HERBIVORE, Diet.FUNGIVORE, Diet.DETRITIVORE, Diet.SCAVENGER, Diet.NEGAVORE)
"""The diets a predator may eat (§6.4)."""


def all_cards() -> list[Card]:
    """Every card of the data set, by id."""
    return [card(i) for i in range(card_count())]


def find(test: Callable[[Card], bool], *, but: Iterable[int] = ()) -> Card:
    """The first card (by id) passing `test` and not among the ids in `but`; fails if none."""
    skip = set(but)
    for c in all_cards():
        if c.id not in skip and test(c):
            return c
    pytest.fail("the data set has no card of that kind")


def shared_terrain(*cs: Card) -> Terrain:
    """A terrain every given card may live in (the first in `Terrain` order); fails if none."""
    for t in Terrain:
        if all(t in c.terrains for c in cs):
            return t
    pytest.fail("those cards share no terrain")


def other_terrain(c: Card) -> Terrain:
    """A terrain the card may not live in; fails if it lives everywhere."""
    for t in Terrain:
        if t not in c.terrains:
            return t
    pytest.fail(f"the {c.name} lives everywhere")


def space_index(state: BugspielState, name: str) -> int:
    """The state's space number of "B1a"."""
    board = state.board
    return board.index(board.tile(name[:-1])) * 3 + int(_SPACES[name[-1]])


def tile_index(state: BugspielState, name: str) -> int:
    """The state's tile number of "B1"."""
    return state.board.index(state.board.tile(name))


def spot(state: BugspielState, name: str) -> Spot:
    """The Spot of "B1a" on this state's board."""
    return Spot(state.board.tile(name[:-1]), _SPACES[name[-1]])


def base_state(
    players: int = 2, board: str = "small", seed: int = 1, **options: int
) -> BugspielState:
    """A freshly dealt state (§5), seat 0 to act."""
    setup = BugspielSetup(players=players, board=board, **options)  # type: ignore[arg-type]
    return rules.initial_state(setup, Rng(seed))


def position(
    *,
    players: int = 2,
    board: str = "small",
    seed: int = 1,
    bugs: Mapping[str, tuple[Card, int]] | None = None,
    terrain: Mapping[str, Terrain] | None = None,
    rotations: Mapping[str, int] | None = None,
    hands: Sequence[Sequence[Card]] | None = None,
    bonus_hands: Sequence[Sequence[BonusCard]] | None = None,
    scores: Sequence[int] | None = None,
    to_act: int = 0,
    state: BugspielState | None = None,
    **options: int,
) -> BugspielState:
    """A state from readable parts.

    `bugs` maps a space ("B1a") to (card, owner seat); every other space is empty and has no
    owner. `terrain` and `rotations` set single tiles by name; the other tiles keep the deal's
    terrain and rotation 0. Hands replace the dealt ones when given. `state` starts from that
    state instead of a fresh deal (then `players`, `board`, `seed` and options are ignored).
    """
    s = state if state is not None else base_state(players, board, seed, **options)
    cards = [EMPTY] * len(s.cards)
    owners = [NOBODY] * len(s.owners)
    for name, (c, owner) in (bugs or {}).items():
        i = space_index(s, name)
        cards[i], owners[i] = c.id, owner
    ter = list(s.terrain)
    for name, t in (terrain or {}).items():
        ter[tile_index(s, name)] = t
    rot = [0] * len(s.rotations)
    for name, r in (rotations or {}).items():
        rot[tile_index(s, name)] = r
    changes: dict[str, object] = {}
    if hands is not None:
        changes["bug_hands"] = tuple(tuple(sorted(c.id for c in h)) for h in hands)
    if bonus_hands is not None:
        changes["bonus_hands"] = tuple(tuple(h) for h in bonus_hands)
    if scores is not None:
        changes["scores"] = tuple(scores)
    return replace(
        s,
        cards=tuple(cards),
        owners=tuple(owners),
        terrain=tuple(ter),
        rotations=tuple(rot),
        to_act=to_act,
        **changes,  # type: ignore[arg-type]
    )


def act(state: BugspielState, action: Action | str) -> BugspielState:
    """Apply an action (or its notation) after asserting it is among the legal actions."""
    a = parse_action(action) if isinstance(action, str) else action
    assert a in rules.legal_actions(state), f"{a} should be legal"
    return rules.apply(state, a)


def assert_illegal(state: BugspielState, action: Action | str, rule: str) -> IllegalActionError:
    """Assert the action is not offered and `apply` refuses it naming `rule`; the error."""
    a = parse_action(action) if isinstance(action, str) else action
    assert a not in rules.legal_actions(state), f"{a} should not be legal"
    with pytest.raises(IllegalActionError) as info:
        rules.apply(state, a)
    assert info.value.rule == rule, str(info.value)
    assert f"[rule {rule}]" in str(info.value)
    return info.value


def bug_at(state: BugspielState, name: str) -> tuple[int, int]:
    """(card id or EMPTY, owner or NOBODY) of a space."""
    i = space_index(state, name)
    return state.cards[i], state.owners[i]
