"""Readable Bag of Bugs positions for the rules tests, and the legal/illegal checks they share.

Tokens are written as in the notation: "c1 c1 scary wind rock". A position is a real BagState
built field by field; `settle` runs it on to its next decision with the engine's own machine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

import pytest

from bugs_core.bag_of_bugs import rules
from bugs_core.bag_of_bugs.actions import Action, parse_action
from bugs_core.bag_of_bugs.events import Event
from bugs_core.bag_of_bugs.state import BagSetup, BagState, Phase, Window
from bugs_core.bag_of_bugs.tokens import CODES, Tokens, bag_for, counts_of
from bugs_core.errors import IllegalActionError
from bugs_core.rng import Rng


def kinds(text: str) -> tuple[int, ...]:
    """'c1 c1 scary' -> (0, 0, 5)."""
    return tuple(CODES.index(word) for word in text.split())


def tokens(text: str) -> Tokens:
    """'c1 c1 scary' as counts."""
    return counts_of(kinds(text))


def position(
    players: int = 4,
    *,
    drawer: int = 0,
    pool: str = "",
    collections: Sequence[str] | None = None,
    claims: Mapping[int, int] | None = None,
    phase: Phase = Phase.RESOLVE,
    bag: str | None = None,
    drawn: int | None = None,
    rocks: int | None = None,
    rock_pairs: int = 0,
    end_triggered: bool = False,
    grab: int = 1,
    grab_mode: str = "windowed_regrab",
    turn_no: int = 1,
    seed: int = 1,
) -> BagState:
    """A state from readable parts, not yet settled. `claims` maps Grab numbers to seats;
    `bag` defaults to the setup's bag; `drawn` and `rocks` default to what the pool shows."""
    setup = BagSetup(players=players, grab_mode=grab_mode, first_drawer=drawer)
    held = tuple(tokens(c) for c in collections) if collections else (tokens(""),) * players
    pool_kinds = kinds(pool)
    grabs: list[int | None] = [None] * 5
    for g, seat in (claims or {}).items():
        grabs[g - 1] = seat
    return BagState(
        setup=setup,
        turn_no=turn_no,
        drawer=drawer,
        bag=bag_for(players) if bag is None else tokens(bag),
        pool=pool_kinds,
        drawn=len(pool_kinds) if drawn is None else drawn,
        rocks_revealed=pool_kinds.count(CODES.index("rock")) if rocks is None else rocks,
        claims=tuple(grabs),
        collections=held,
        rock_pairs=rock_pairs,
        end_triggered=end_triggered,
        phase=phase,
        window=None,
        grab=grab,
        wind_queue=(),
        rng=Rng(seed).getstate(),
    )


def settle(state: BagState, events: list[Event] | None = None) -> BagState:
    """Run the machine to the next decision."""
    return rules.advance(state, events)


def resolving(**parts: object) -> BagState:
    """A turn whose drawing has stopped, settled: the grabs resolve from Grab 1."""
    return settle(position(phase=Phase.RESOLVE, **parts))  # type: ignore[arg-type]


def at_window(subround: int = 1, seats: Sequence[int] | None = None, **parts: object) -> BagState:
    """A reaction window after the last reveal of the pool (k = drawn), every unclaimed grabber
    to submit unless `seats` says otherwise."""
    state = position(phase=Phase.WINDOW, **parts)  # type: ignore[arg-type]
    order = rules.priority(state, state.drawn)
    chosen = tuple(s for s in order if s not in state.claims) if seats is None else tuple(seats)
    window = Window(subround, order, chosen, (None,) * len(chosen))
    return replace(state, window=window)


def run(state: BagState, *texts: str) -> BagState:
    """Apply actions given in notation, each checked against the legal list first."""
    for text in texts:
        state = legal(state, text)
    return state


def legal(state: BagState, text: str, events: list[Event] | None = None) -> BagState:
    """Assert the action is in `legal_actions` and return the state after it."""
    action = parse_action(text)
    assert action in rules.legal_actions(state), f"{text} should be legal: {names(state)}"
    return rules.apply(state, action, events)


def illegal(state: BagState, action: str | Action, rule: str) -> IllegalActionError:
    """Assert the action is absent from `legal_actions` and `apply` rejects it naming `rule`."""
    chosen = parse_action(action) if isinstance(action, str) else action
    assert chosen not in rules.legal_actions(state), f"{action} should be illegal"
    with pytest.raises(IllegalActionError) as info:
        rules.apply(state, chosen)
    assert info.value.rule == rule, f"{action}: rule {info.value.rule}, expected {rule}"
    assert info.value.action == chosen
    return info.value


def names(state: BagState) -> list[str]:
    """The legal actions as notation, in canonical order."""
    return [str(a) for a in rules.legal_actions(state)]
