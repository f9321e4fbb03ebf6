"""Choosing cards for a move in Bugs: a pure selection model over the seat's legal actions.

A person picks cards from the hand (some bugs of one value plus Outbreaks, or one action card)
and then confirms. Every legal action uses a fixed set of cards, so a selection is allowed only
while at least one legal action still uses all of it ("only legal choices can be made"), and
the moves offered for confirmation are those that use exactly the selected cards. A lead of a
whole colony and a wipe-out of it use the same cards: both are offered, as two buttons.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bugs_core.bugs.actions import (
    Action,
    Exterminator,
    Net,
    PassLead,
    PickUp,
    Play,
    Repellent,
    WipeOut,
)
from bugs_core.bugs.cards import (
    BUG_NAMES,
    EMPTY,
    EXTERMINATOR,
    KINDS,
    NET,
    OUTBREAK,
    REPELLENT,
    Hand,
    copies,
)
from bugs_core.bugs.describe import bugs, number
from bugs_core.bugs.state import BugsView, Phase

_ACTION_CARD = {Net: NET, Repellent: REPELLENT, Exterminator: EXTERMINATOR}


def cards_used(action: Action) -> Hand:
    """The cards an action takes from the hand, as counts by kind (none for pick-up or pass)."""
    counts = list(EMPTY)
    if isinstance(action, Play):
        counts[action.value] = action.count
        counts[OUTBREAK] = action.outbreaks
    elif isinstance(action, WipeOut):
        counts[action.value] = copies(action.value)
        counts[OUTBREAK] = action.outbreaks
    elif type(action) in _ACTION_CARD:
        counts[_ACTION_CARD[type(action)]] = 1
    return tuple(counts)


def _within(selection: Hand, used: Hand) -> bool:
    return any(selection) and all(s <= u for s, u in zip(selection, used, strict=True))


@dataclass(frozen=True, slots=True)
class Picker:
    """The cards selected so far for the seat to act, and the legal actions they may lead to."""

    legal: tuple[Action, ...]
    selection: Hand = EMPTY

    def card_moves(self) -> tuple[Action, ...]:
        """The legal actions that use cards (everything but pick-up and pass)."""
        return tuple(a for a in self.legal if any(cards_used(a)))

    def usable(self, kind: int) -> bool:
        """True if some legal action uses a card of `kind` at all (else the card is dimmed)."""
        return any(cards_used(a)[kind] for a in self.legal)

    def allows(self, selection: Hand) -> bool:
        """True if some legal action uses every card of `selection` (the empty one always)."""
        if not any(selection):
            return True
        return any(_within(selection, cards_used(a)) for a in self.legal)

    def set_count(self, kind: int, count: int) -> Picker:
        """Select `count` cards of `kind`. If that cannot join the cards already selected, it
        starts a new selection of those cards alone; if even that is no legal move, nothing
        changes (the caller says why, with `refusal`)."""
        if not 0 <= kind < KINDS or count < 0:
            return self
        wanted = tuple(count if k == kind else n for k, n in enumerate(self.selection))
        if self.allows(wanted):
            return Picker(self.legal, wanted)
        alone = tuple(count if k == kind else 0 for k in range(KINDS))
        if self.allows(alone):
            return Picker(self.legal, alone)
        return self

    def toggle(self, kind: int, copy: int) -> Picker:
        """A click on copy number `copy` (0-based) of `kind`: select that many and those before
        it, or, when exactly that many are selected already, one fewer."""
        target = copy + 1
        if self.selection[kind] == target:
            target = copy
        return self.set_count(kind, target)

    def step(self, kind: int, delta: int, held: int) -> Picker:
        """One more (delta 1) or one fewer (-1) of `kind`, for keys; past the most that can be
        selected, one more wraps round to none."""
        count = self.selection[kind] + delta
        if count < 0:
            return self
        if delta > 0:
            moved = self.set_count(kind, count)
            if count > held or moved.selection[kind] != count:
                return self.set_count(kind, 0)
            return moved
        return self.set_count(kind, count)

    def clear(self) -> Picker:
        """No card selected."""
        return Picker(self.legal)

    def choices(self) -> tuple[Action, ...]:
        """The legal actions that use exactly the selected cards (none when nothing is)."""
        if not any(self.selection):
            return ()
        return tuple(a for a in self.legal if cards_used(a) == self.selection)

    def refusal(self, kind: int) -> str:
        """Why a card of `kind` cannot be chosen now, in plain words."""
        if not self.usable(kind):
            name = card_name(kind, 2)
            return f"No legal move uses your {name} now."
        return "That card cannot be combined with the cards you selected."


def card_name(kind: int, count: int = 1) -> str:
    """'earwig', 'earwigs', 'Outbreak', 'Nets'."""
    if kind in BUG_NAMES:
        return BUG_NAMES[kind][0 if count == 1 else 1]
    names = {OUTBREAK: "Outbreak", NET: "Net", REPELLENT: "Repellent", EXTERMINATOR: "Exterminator"}
    return names[kind] + ("" if count == 1 else "s")


def resulting_swarm(view: BugsView, action: Play) -> int:
    """The swarm size after `action`: added to a swarm of the same value, else its own size."""
    if view.phase is Phase.RESPOND and action.value == view.swarm_value:
        return view.swarm_size + action.size
    return action.size


def move_label(view: BugsView, action: Action) -> str:
    """The words on the button that confirms `action`, with the swarm it would make."""
    if isinstance(action, Play):
        extra = ""
        if action.outbreaks:
            extra = " and an Outbreak" if action.outbreaks == 1 else " and two Outbreaks"
        size = resulting_swarm(view, action)
        if view.phase is Phase.LEAD:
            verb = "Lead"
        elif action.value == view.swarm_value:
            verb = "Add"
        elif view.swarm_value == 0:
            verb = "Start a swarm with"
        else:
            verb = "Beat it with"
        return f"{verb} {bugs(action.count, action.value)}{extra}: swarm {size}"
    if isinstance(action, WipeOut):
        extra = "" if not action.outbreaks else f" (discarding {number(action.outbreaks)} Outbreak"
        extra += "" if not action.outbreaks else ("s)" if action.outbreaks > 1 else ")")
        return f"Wipe out the colony of {BUG_NAMES[action.value][1]}{extra}"
    if isinstance(action, Net):
        return "Play the Net: the swarm passes you by"
    if isinstance(action, Repellent):
        return "Spray Repellent: play reverses"
    if isinstance(action, Exterminator):
        return "Play the Exterminator: swarm 0"
    if isinstance(action, PickUp):
        return "Pick up the pile"
    if isinstance(action, PassLead):
        return "Pass the lead (no bug can lead)"
    return str(action)


def plain_moves(legal: Sequence[Action]) -> tuple[Action, ...]:
    """The legal moves that take no cards: pick up and the forced pass."""
    return tuple(a for a in legal if isinstance(a, PickUp | PassLead))
