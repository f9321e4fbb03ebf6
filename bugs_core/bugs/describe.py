"""Sentences for the log: what an action did, in the rulebook's words."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import seat_names
from ..grammar import agree, mid, subject
from .actions import Action, PassLead, Play, WipeOut
from .cards import BUG_NAMES, copies
from .rules import apply, repellent_target
from .state import BugsState, HandResult, Phase

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number(n: int) -> str:
    """A count in words up to ten, digits beyond."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def bugs(count: int, value: int) -> str:
    """'three earwigs', 'one mantid'."""
    singular, plural = BUG_NAMES[value]
    return f"{number(count)} {singular if count == 1 else plural}"


def _with_outbreaks(play: Play | WipeOut) -> str:
    if not play.outbreaks:
        return ""
    return " and an Outbreak" if play.outbreaks == 1 else f" and {number(play.outbreaks)} Outbreaks"


def describe(state: BugsState, action: Action, names: Sequence[str] | None = None) -> str:
    """The log sentence for `action` in `state`, with the end of a hand when it ends one."""
    who = seat_names(names, state.setup.players)
    me = who[state.to_act]  # the actor: every sentence begins with subject(me, verb)
    after = apply(state, action)
    n = state.setup.players
    # Read from `state`, not `after`: an action that ends the hand leaves the next hand's leader
    # in `after`, not the seat this action passed the swarm or the lead to.
    onward = mid(who[(state.to_act + state.direction) % n])
    if isinstance(action, Play):
        cards = bugs(action.count, action.value) + _with_outbreaks(action)
        if state.phase is Phase.LEAD:
            text = f"{subject(me, 'leads')} {cards}: swarm {action.size}."
        elif action.value == state.swarm_value:
            text = f"{subject(me, 'adds')} {cards}: swarm {state.swarm_size + action.size}."
        elif state.swarm_value == 0:
            text = f"{subject(me, 'starts')} a new swarm with {cards}: swarm {action.size}."
        else:
            text = (
                f"{subject(me, 'beats')} the swarm of {state.swarm_size} with {cards}: "
                f"swarm {action.size}."
            )
    elif isinstance(action, WipeOut):
        text = (
            f"{subject(me, 'wipes')} out the colony of {bugs(copies(action.value), action.value)}"
            f"{_with_outbreaks(action)}."
        )
    elif isinstance(action, PassLead):
        text = f"{subject(me, 'has')} no bug to lead; the lead passes to {onward}."
    elif str(action) == "pickup":
        count = sum(p.count for p in state.pile)
        cards_word = f"card{'s' if count != 1 else ''}"
        text = f"{subject(me, 'picks')} up {number(count)} {cards_word} and {agree(me, 'leads')}."
        if after.restriction is not None and after.restriction.seat == state.to_act:
            r = after.restriction
            text += f" A lead of {BUG_NAMES[r.value][1]} must now beat {r.threshold}."
    elif str(action) == "net":
        text = f"{subject(me, 'nets')} the swarm; it passes to {onward}."
    elif str(action) == "repellent":
        back = mid(who[repellent_target(state, state.to_act, -state.direction)])
        text = f"{subject(me, 'sprays')} Repellent: play reverses, the swarm goes to {back}."
    else:
        text = f"{subject(me, 'plays')} the Exterminator: swarm 0, the bugs stay in the pile."
    if after.last_hand is not state.last_hand and after.last_hand is not None:
        text += " " + hand_summary(after.last_hand, who)
    return text


def how_it_ended(result: HandResult, names: Sequence[str]) -> str:
    """'Ana went out', 'no bug cards are left to lead' (B34a) or 'the action limit was reached'
    (B34b)."""
    if result.reason == "out" and result.out is not None:
        return f"{mid(names[result.out])} went out"
    if result.reason == "stall":
        return "no bug cards are left to lead"
    return "the action limit was reached"


def hand_summary(result: HandResult, names: Sequence[str]) -> str:
    """'Hand 2 is over: Ana went out. Points: Bo 5, Cy 3. Bo deals hand 3.'"""
    how = how_it_ended(result, names)
    points = ", ".join(f"{mid(names[i])} {p}" for i, p in enumerate(result.points))
    text = f"Hand {result.hand_no} is over: {how}. Points: {points}."
    if result.next_dealer is not None:
        text += f" {subject(names[result.next_dealer], 'deals')} hand {result.hand_no + 1}."
    return text
