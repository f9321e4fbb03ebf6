"""The rules of Bugs as pure functions: the deal, the legal actions and their effects
(docs/rules/bugs.md §4.2). Each check names the ruling it enforces."""

from __future__ import annotations

import functools
from operator import add

from ..errors import IllegalActionError
from ..rng import Rng
from . import actions as act
from .actions import Action, PassLead, Play, WipeOut
from .cards import (
    DECK,
    EMPTY,
    EXTERMINATOR,
    KINDS,
    NET,
    OUTBREAK,
    REPELLENT,
    Hand,
    bug_count,
    cards_of,
    copies,
    hand_of,
)
from .state import (
    HANDS_PER_GAME,
    BugsSetup,
    BugsState,
    HandResult,
    Phase,
    PilePlay,
    Restriction,
    evolve,
)

_ACTION_CARD_OF: dict[Action, int] = {
    act.NET: NET,
    act.REPELLENT: REPELLENT,
    act.EXTERMINATOR: EXTERMINATOR,
}
_ACTION_CARDS = tuple(_ACTION_CARD_OF.items())
"""The same as pairs, for legal_actions to walk without a method call."""
_CARD_OF_CLASS: dict[type, int] = {type(a): card for a, card in _ACTION_CARD_OF.items()}
"""The same by the action's class (the actions have no fields): `apply` looks them up by
class, a C hash, where an action's own hash is a call into Python."""


def deal(players: int, dealer: int, rng: Rng) -> tuple[Hand, ...]:
    """Shuffle all 54 cards and deal them one at a time from the dealer's left (B5, B36)."""
    deck = cards_of(DECK)
    rng.shuffle(deck)
    piles: list[list[int]] = [[] for _ in range(players)]
    for i, card in enumerate(deck):
        piles[(dealer + 1 + i) % players].append(card)
    return tuple(hand_of(p) for p in piles)


def new_hand(
    setup: BugsSetup,
    rng: Rng,
    hand_no: int,
    dealer: int,
    scores: tuple[int, ...],
    hand_scores: tuple[tuple[int, ...], ...],
    last_hand: HandResult | None,
) -> BugsState:
    """A freshly dealt hand: direction left (B6), empty pile and discard, the dealer leads."""
    n = setup.players
    hands = deal(n, dealer, rng)
    return BugsState(
        setup=setup,
        hand_no=hand_no,
        dealer=dealer,
        direction=1,
        hands=hands,
        pile=(),
        netted=(False,) * n,
        discard=EMPTY,
        swarm_size=0,
        swarm_value=0,
        phase=Phase.LEAD,
        to_act=dealer,
        restriction=None,
        actions_this_hand=0,
        scores=scores,
        hand_scores=hand_scores,
        known=(EMPTY,) * n,
        last_hand=last_hand,
        rng=rng.getstate(),
    )


def initial_state(setup: BugsSetup, rng: Rng) -> BugsState:
    """Hand 1: the first dealer is fixed by the setup or drawn (B4), then the deal."""
    n = setup.players
    dealer = setup.first_dealer if setup.first_dealer is not None else rng.below(n)
    return new_hand(setup, rng, 1, dealer, (0,) * n, (), None)


def _lead_limit(state: BugsState, value: int) -> int | None:
    """The size a lead of `value` must exceed under B24, or None when unrestricted."""
    r = state.restriction
    if r is not None and r.seat == state.to_act and r.value == value:
        return r.threshold
    return None


_PLAYS: tuple[tuple[tuple[Play, ...], ...], ...] = tuple(
    tuple(tuple(Play(v, c, k) for k in range(act.MAX_OUTBREAKS + 1)) for c in range(10))
    for v in range(10)
)
"""`_PLAYS[v][c][k]` is Play(v, c, k): legal_actions hands out these shared (immutable) actions
instead of building hundreds of new ones per call."""

_COLONY = (0, *(copies(v) for v in range(1, 10)))
"""A whole colony of each bug value (index 0 unused): a lookup, not a call, in legal_actions."""

_WIPES: tuple[tuple[WipeOut, ...], ...] = tuple(
    tuple(WipeOut(v, k) for k in range(act.MAX_OUTBREAKS + 1)) for v in range(10)
)
"""`_WIPES[v][k]` is WipeOut(v, k)."""


MAX_SIZE = 9 * (9 + act.MAX_OUTBREAKS)
"""The largest swarm one play can announce: any limit from here on leaves no play."""


@functools.cache
def _runs(value: int, held: int, kmax: int, limit: int) -> tuple[Play, ...]:
    """Every play of 1..`held` bugs of `value` with 0..`kmax` Outbreaks whose size exceeds
    `limit` (-1: every one), in id order. Size grows with the Outbreaks, so for each count
    they are those from the first k with (count + k) x value > limit, that is
    count + k >= limit // value + 1. Made once per key (`limit` capped at MAX_SIZE)."""
    rows = _PLAYS[value]
    return tuple(
        play
        for count in range(1, held + 1)
        for play in rows[count][max(0, limit // value + 1 - count) : kmax + 1]
    )


def legal_actions(state: BugsState) -> tuple[Action, ...]:
    """Every legal action in canonical order (by action id)."""
    if state.phase is Phase.GAME_OVER:
        return ()
    hand = state.hands[state.to_act]
    # Built-in calls (min, list.extend) cost several times their CPython time in Pyodide: this
    # is the playouts' hottest function, so it compares and uses += instead.
    kmax = hand[OUTBREAK]
    if kmax > state.setup.max_outbreaks_per_play:
        kmax = state.setup.max_outbreaks_per_play
    out: list[Action] = []
    if state.phase is Phase.LEAD:
        r = state.restriction  # B24, as in _lead_limit: value 0 restricts nothing
        restricted, limit = (r.value, r.threshold) if r and r.seat == state.to_act else (0, 0)
        for v in range(1, 10):
            if hand[v]:
                capped = (limit if limit < MAX_SIZE else MAX_SIZE) if v == restricted else -1
                out += _runs(v, hand[v], kmax, capped)
        can_play = bool(out)
        for v in range(1, 10):
            if hand[v] == _COLONY[v]:
                out += _WIPES[v][: kmax + 1]
        if not can_play:
            out.append(act.PASS_LEAD)
        return tuple(out)
    size = state.swarm_size if state.swarm_size < MAX_SIZE else MAX_SIZE
    current = state.swarm_value
    for v in range(1, 10):
        if hand[v]:  # B14: more of the swarm's own value always goes; others must beat it
            out += _runs(v, hand[v], kmax, -1 if v == current else size)
    if sum(hand) >= 2:  # B27: an action card is never the last card
        out += [a for a, card in _ACTION_CARDS if hand[card]]
    out.append(act.PICK_UP)
    return tuple(out)


def _illegal(state: BugsState, action: Action, rule: str, reason: str) -> IllegalActionError:
    return IllegalActionError(action, rule, reason, state_text(state))


def state_text(state: BugsState) -> str:
    """A short public description of the moment, for error messages."""
    if state.phase is Phase.GAME_OVER:
        return "the game is over"
    who = f"hand {state.hand_no}, seat {state.to_act + 1}"
    if state.phase is Phase.LEAD:
        return f"{who} to lead"
    swarm = f"swarm {state.swarm_size}" + (
        f" of {state.swarm_value}s" if state.swarm_value else " (exterminated)"
    )
    return f"{who} to respond to {swarm}"


def _check_bugs(state: BugsState, action: Play | WipeOut, count: int) -> None:
    """The cards of a bug play or wipe-out are held, and the Outbreaks are within limits."""
    hand = state.hands[state.to_act]
    if not 1 <= action.value <= 9:
        raise _illegal(state, action, "B3", "bug values run from 1 to 9")
    if count < 1:
        raise _illegal(state, action, "B8", "an Outbreak needs at least one real bug")
    if hand[action.value] < count:
        raise _illegal(
            state, action, "B7", f"you hold {hand[action.value]} of value {action.value}"
        )
    if not 0 <= action.outbreaks <= state.setup.max_outbreaks_per_play:
        raise _illegal(
            state,
            action,
            "B9",
            f"a play holds 0 to {state.setup.max_outbreaks_per_play} Outbreaks",
        )
    if hand[OUTBREAK] < action.outbreaks:
        raise _illegal(state, action, "B15", f"you hold {hand[OUTBREAK]} Outbreaks")


def apply(state: BugsState, action: Action) -> BugsState:
    """The state after `action`; raises IllegalActionError naming the ruling if it is illegal."""
    phase = state.phase
    if phase is Phase.GAME_OVER:
        raise _illegal(state, action, "B32", "the game is over")
    if type(action) is Play:  # the class, not isinstance: no call of a built-in
        _check_bugs(state, action, action.count)
        if phase is Phase.LEAD:
            limit = _lead_limit(state, action.value)
            if limit is not None and action.size <= limit:
                raise _illegal(
                    state,
                    action,
                    "B24",
                    f"after picking up a swarm of {action.value}s you must lead them larger "
                    f"than {limit}",
                )
        elif action.value != state.swarm_value and action.size <= state.swarm_size:
            raise _illegal(
                state,
                action,
                "B14",
                f"a beat must be larger than the swarm of {state.swarm_size}",
            )
        return _finish(state, _play(state, action))
    if type(action) is WipeOut:
        if phase is not Phase.LEAD:
            raise _illegal(state, action, "B25", "colonies are wiped out only when leading")
        if not 1 <= action.value <= 9:
            raise _illegal(state, action, "B3", "bug values run from 1 to 9")
        held = state.hands[state.to_act][action.value]
        if held != copies(action.value):
            raise _illegal(
                state,
                action,
                "B25",
                f"a wipe-out needs all {copies(action.value)} cards of value {action.value}; "
                f"you hold {held}",
            )
        _check_bugs(state, action, copies(action.value))
        return _finish(state, _wipe_out(state, action))
    if type(action) is PassLead:
        if phase is not Phase.LEAD:
            raise _illegal(state, action, "B21", "a responder picks up instead of passing")
        if any(isinstance(a, Play) for a in legal_actions(state)):
            raise _illegal(state, action, "B11", "the leader must lead while a lead is legal")
        return _finish(state, _pass_lead(state))
    if phase is Phase.LEAD:
        rule = "B11" if action == act.PICK_UP else "B10"
        raise _illegal(state, action, rule, "the leader must lead bugs")
    if type(action) is act.PickUp:  # `==` would call the dataclass's __eq__
        return _finish(state, _pick_up(state))
    card = _CARD_OF_CLASS.get(type(action))
    if card is None:
        raise _illegal(state, action, "B16", "not an action of Bugs")
    hand = state.hands[state.to_act]
    if not hand[card]:
        raise _illegal(state, action, "B16", f"you hold no {action} card")
    if sum(hand) < 2:
        raise _illegal(state, action, "B27", "an action card cannot be your last card")
    return _finish(state, _action_card(state, action, card))


def _next(state: BugsState, seat: int, direction: int | None = None) -> int:
    return (seat + (state.direction if direction is None else direction)) % state.setup.players


def _take(hand: Hand, kind: int, count: int, outbreaks: int = 0) -> Hand:
    new = list(hand)
    new[kind] -= count
    new[OUTBREAK] -= outbreaks
    return tuple(new)


def _forget(known: tuple[Hand, ...], seat: int, kind: int, count: int) -> tuple[Hand, ...]:
    """Lower the public lower bound of `seat`'s `kind` after it played `count` of them."""
    if not known[seat][kind]:
        return known
    row = list(known[seat])
    row[kind] = max(0, row[kind] - count)
    return known[:seat] + (tuple(row),) + known[seat + 1 :]


def _with_seat(values: tuple[Hand, ...], seat: int, hand: Hand) -> tuple[Hand, ...]:
    return values[:seat] + (hand,) + values[seat + 1 :]


def _play(state: BugsState, play: Play) -> BugsState:
    seat = state.to_act
    hand = _take(state.hands[seat], play.value, play.count, play.outbreaks)
    discard = _take(state.discard, OUTBREAK, 0, -play.outbreaks)
    record = PilePlay(seat, play.value, play.count, play.outbreaks)
    if state.phase is Phase.LEAD:
        pile: tuple[PilePlay, ...] = (record,)
        netted = (False,) * state.setup.players
        size = play.size
        restriction = None  # B24: spent by this lead
    else:
        pile = (*state.pile, record)
        netted = state.netted[:seat] + (False,) + state.netted[seat + 1 :]
        size = state.swarm_size + play.size if play.value == state.swarm_value else play.size
        restriction = state.restriction
    new = evolve(
        state,
        hands=_with_seat(state.hands, seat, hand),
        pile=pile,
        netted=netted,
        discard=discard,
        swarm_size=size,
        swarm_value=play.value,
        phase=Phase.RESPOND,
        to_act=_next(state, seat),
        restriction=restriction,
        known=_forget(state.known, seat, play.value, play.count),
        actions_this_hand=state.actions_this_hand + 1,
    )
    if hand == EMPTY:  # B29: the hand ends at once; the swarm is not answered
        return end_hand(_uncounted(new, state), seat, "out")
    return new


def _wipe_out(state: BugsState, wipe: WipeOut) -> BugsState:
    seat = state.to_act
    count = copies(wipe.value)
    hand = _take(state.hands[seat], wipe.value, count, wipe.outbreaks)
    discard = list(state.discard)
    discard[wipe.value] += count
    discard[OUTBREAK] += wipe.outbreaks
    new = evolve(
        state,
        hands=_with_seat(state.hands, seat, hand),
        discard=tuple(discard),
        known=_forget(state.known, seat, wipe.value, count),
        actions_this_hand=state.actions_this_hand + 1,
    )
    if hand == EMPTY:  # B26
        return end_hand(_uncounted(new, state), seat, "out")
    return new


def _pass_lead(state: BugsState) -> BugsState:
    new = evolve(
        state,
        restriction=None,
        to_act=_next(state, state.to_act),
        actions_this_hand=state.actions_this_hand + 1,
    )
    if not any(bug_count(h) for h in state.hands):  # B34a: every colony is gone
        return end_hand(_uncounted(new, state), None, "stall")
    return new


def _pick_up(state: BugsState) -> BugsState:
    seat = state.to_act
    gained = [0] * KINDS
    for p in state.pile:
        gained[p.value] += p.count
    values = {p.value for p in state.pile}
    restriction = state.restriction
    if len(values) == 1:  # B24: only a one-kind pile restricts the next lead
        (value,) = values
        threshold = (
            state.swarm_size
            if state.setup.restriction_threshold == "announced_size"
            else gained[value] * value
        )
        restriction = Restriction(seat, value, threshold)
    hand = tuple(map(add, state.hands[seat], gained))  # both KINDS long
    known = tuple(map(add, state.known[seat], gained))
    return evolve(
        state,
        hands=_with_seat(state.hands, seat, hand),
        pile=(),
        netted=(False,) * state.setup.players,
        swarm_size=0,
        swarm_value=0,
        phase=Phase.LEAD,
        restriction=restriction,
        known=_with_seat(state.known, seat, known),
        actions_this_hand=state.actions_this_hand + 1,
    )


def repellent_target(state: BugsState, seat: int, direction: int) -> int:
    """B18: the nearest seat in the new direction whose latest action here was not a Net."""
    return _repellent_target(state.setup, state.netted, seat, direction)


def _repellent_target(setup: BugsSetup, netted: tuple[bool, ...], seat: int, direction: int) -> int:
    n = setup.players
    if setup.repellent_target == "skip_netters":
        for i in range(1, n):
            target = (seat + direction * i) % n
            if not netted[target]:
                return target
    return (seat + direction) % n


def _action_card(state: BugsState, action: Action, card: int) -> BugsState:
    seat = state.to_act
    hand = _take(state.hands[seat], card, 1)
    discard = _take(state.discard, card, -1)
    netted = state.netted[:seat] + (card == NET,) + state.netted[seat + 1 :]
    direction, size, value = state.direction, state.swarm_size, state.swarm_value
    if card == REPELLENT:
        direction = -state.direction
        to_act = _repellent_target(state.setup, netted, seat, direction)
    else:  # B17: a Net passes the swarm on unchanged
        to_act = _next(state, seat)
        if card == EXTERMINATOR:  # B20: the swarm is zeroed; its bugs stay in the pile
            size = value = 0
    return evolve(
        state,
        hands=_with_seat(state.hands, seat, hand),
        discard=discard,
        netted=netted,
        known=_forget(state.known, seat, card, 1),
        direction=direction,
        swarm_size=size,
        swarm_value=value,
        to_act=to_act,
        actions_this_hand=state.actions_this_hand + 1,
    )


def _uncounted(new: BugsState, before: BugsState) -> BugsState:
    """`new` with the action count it had before the action: a hand that ends is scored from
    the state before its last action was counted (the game's final state keeps that count)."""
    return evolve(new, actions_this_hand=before.actions_this_hand)


def _finish(before: BugsState, after: BugsState) -> BugsState:
    """End the hand at the action cap (B34b); every effect above counts its action itself, in
    the one copy of the state it makes."""
    if after.hand_no != before.hand_no or after.phase is Phase.GAME_OVER:
        return after
    if after.actions_this_hand >= before.setup.max_actions_per_hand:
        return end_hand(after, None, "cap")
    return after


def next_dealer(state: BugsState, points: tuple[int, ...], scores: tuple[int, ...]) -> int:
    """B31: most points (this hand, or in total by flag); ties by most 1s, 2s, ...; then the
    first clockwise from the previous dealer's left."""
    basis = points if state.setup.next_dealer_basis == "hand" else scores
    best = max(basis)
    tied = [i for i, p in enumerate(basis) if p == best]
    for value in range(1, 10):
        if len(tied) == 1:
            break
        most = max(state.hands[i][value] for i in tied)
        tied = [i for i in tied if state.hands[i][value] == most]
    n = state.setup.players
    return min(tied, key=lambda i: (i - state.dealer - 1) % n)


def end_hand(state: BugsState, out: int | None, reason: str) -> BugsState:
    """B30-B32: score the hand, then deal the next or end the game."""
    points = tuple(0 if i == out else sum(h) for i, h in enumerate(state.hands))
    scores = tuple(s + p for s, p in zip(state.scores, points, strict=True))
    hand_scores = (*state.hand_scores, points)
    last = state.hand_no >= HANDS_PER_GAME
    dealer = None if last else next_dealer(state, points, scores)
    result = HandResult(state.hand_no, out, reason, state.hands, points, dealer)
    if dealer is None:
        return evolve(
            state,
            phase=Phase.GAME_OVER,
            scores=scores,
            hand_scores=hand_scores,
            last_hand=result,
            restriction=None,
        )
    rng = Rng.from_state(state.rng)
    return new_hand(state.setup, rng, state.hand_no + 1, dealer, scores, hand_scores, result)


def winners(state: BugsState) -> tuple[int, ...]:
    """B32: the seats with the lowest total; ties share the win."""
    best = min(state.scores)
    return tuple(i for i, s in enumerate(state.scores) if s == best)
