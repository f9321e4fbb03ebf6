"""Readable Bugs positions for the rules tests, and the legal/illegal checks they share.

A position is built by `dataclasses.replace` on a real dealt state, so every field the tests do
not name keeps a value the engine made itself. Hands are lists of card kinds: bug values 1..9
and the specials from `cards` (OUTBREAK, NET, REPELLENT, EXTERMINATOR).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from bugs_core.bugs import rules
from bugs_core.bugs.actions import Action, parse_action
from bugs_core.bugs.cards import add, hand_of
from bugs_core.bugs.state import BugsSetup, BugsState, Phase, PilePlay, Restriction
from bugs_core.errors import IllegalActionError
from bugs_core.rng import Rng

PileEntry = tuple[int, int, int] | tuple[int, int, int, int]
"""(seat, value, count) or (seat, value, count, outbreaks)."""


def position(
    hands: Sequence[Sequence[int]],
    *,
    to_act: int = 0,
    phase: Phase | None = None,
    pile: Sequence[PileEntry] = (),
    swarm: int | None = None,
    swarm_value: int | None = None,
    direction: int = 1,
    dealer: int | None = None,
    netted: Sequence[int] = (),
    restriction: tuple[int, int, int] | None = None,
    discard: Sequence[int] = (),
    hand_no: int = 1,
    scores: Sequence[int] | None = None,
    actions_this_hand: int = 0,
    seed: int = 1,
    **options: Any,
) -> BugsState:
    """A BugsState from readable parts; the player count is `len(hands)`.

    The phase defaults to RESPOND when a pile is given, LEAD otherwise. The swarm defaults to
    the size and value of the pile's last run (its trailing plays of one value); pass
    `swarm=0, swarm_value=0` after an Exterminator.
    `netted` lists the seats whose latest action on the pile was a Net; `restriction` is
    (seat, value, threshold). Extra keywords are BugsSetup options.
    """
    n = len(hands)
    setup = BugsSetup(players=n, first_dealer=to_act if dealer is None else dealer, **options)
    base = rules.initial_state(setup, Rng(seed))
    plays = tuple(PilePlay(*entry) if len(entry) == 4 else PilePlay(*entry, 0) for entry in pile)
    if swarm is None:
        swarm = 0
        for play in reversed(plays):  # the current run: the trailing plays of the last value
            if play.value != plays[-1].value:
                break
            swarm += (play.count + play.outbreaks) * play.value
    if swarm_value is None:
        swarm_value = plays[-1].value if plays else 0
    totals = tuple(scores) if scores is not None else (0,) * n
    return replace(
        base,
        hand_no=hand_no,
        direction=direction,
        hands=tuple(hand_of(list(h)) for h in hands),
        pile=plays,
        netted=tuple(seat in netted for seat in range(n)),
        discard=hand_of(list(discard)),
        swarm_size=swarm,
        swarm_value=swarm_value,
        phase=(Phase.RESPOND if plays else Phase.LEAD) if phase is None else phase,
        to_act=to_act,
        restriction=Restriction(*restriction) if restriction is not None else None,
        actions_this_hand=actions_this_hand,
        scores=totals,
        hand_scores=(totals,) + ((0,) * n,) * (hand_no - 2) if hand_no > 1 else (),
    )


def run(state: BugsState, *texts: str) -> BugsState:
    """Apply actions given in notation, each checked against the legal list first."""
    for text in texts:
        state = legal(state, text)
    return state


def legal(state: BugsState, text: str) -> BugsState:
    """Assert the action is in `legal_actions` and return the state after it."""
    action = parse_action(text)
    assert action in rules.legal_actions(state), f"{text} should be legal"
    return rules.apply(state, action)


def illegal(state: BugsState, action: str | Action, rule: str) -> IllegalActionError:
    """Assert the action is absent from `legal_actions` and `apply` rejects it naming `rule`."""
    chosen = parse_action(action) if isinstance(action, str) else action
    assert chosen not in rules.legal_actions(state), f"{action} should be illegal"
    with pytest.raises(IllegalActionError) as info:
        rules.apply(state, chosen)
    assert info.value.rule == rule, f"{action}: rule {info.value.rule}, expected {rule}"
    assert info.value.action == chosen
    return info.value


def names(state: BugsState) -> set[str]:
    """The legal actions as notation."""
    return {str(a) for a in rules.legal_actions(state)}


def total_cards(state: BugsState) -> tuple[int, ...]:
    """Every card of a state: hands, discard and pile."""
    out = state.discard
    for h in state.hands:
        out = add(out, h)
    counts = list(out)
    for p in state.pile:
        counts[p.value] += p.count
    return tuple(counts)
