"""The rules of Bag of Bugs as pure functions: the state machine of docs/rules/bag-of-bugs.md §7.2.

Draws happen inside `apply` (and `initial_state`): every token is drawn uniformly from the bag
with the generator held in the state, so a record (seed + actions) replays exactly and no
chance node appears in records. After each action the machine runs on by itself through the
steps nobody decides (drawing, stopping, forced grab choices, a give with one kind held,
cleanup) and rests where a seat decides:

- WINDOW: a reaction window after a non-terminal reveal. `windowed_regrab` (default): every
  seat in `window.seats` submits `Wait` or `Claim`, one submission per `apply`; the node is
  SIMULTANEOUS and resolves with the last one. `sequential`: the seats answer one at a time
  in priority order and each claim takes effect at once.
- CHOOSE: the holder of the Grab token in hand picks among two or more choices (G15-G17).
- WIND: the head of the Wind queue, holding two or more kinds, gives one token (G20-G24).
- LEFTOVERS: the Drawer takes or returns the pool (G25).

Each check names the ruling it enforces.
"""

from __future__ import annotations

from operator import add

from ..engine import SIMULTANEOUS, TERMINAL
from ..errors import IllegalActionError
from ..rng import Rng
from . import events as ev
from .actions import (
    CLAIMS,
    GIVES,
    RETURN_ALL,
    TAKE_ALL,
    TAKES,
    WAITS,
    Action,
    Claim,
    Give,
    ReturnAll,
    Take,
    TakeAll,
    Wait,
)
from .grabs import grab_choices, taken_tokens
from .scoring import scores as score_collections
from .scoring import winners as best_seats
from .state import WAIT_CHOICE, BagSetup, BagState, Phase, Window, evolve
from .tokens import (
    COLLECTIBLE,
    EMPTY,
    GRAB_TOKENS,
    KINDS,
    PAIRS_TO_END,
    ROCK,
    TOKEN_LIMIT,
    WIND,
    Tokens,
    bag_for,
    counts_of,
    plus,
)

Events = list[ev.Event] | None
"""Where the rules report what happened inside an `apply` (None: nowhere). Each report is
made only under `if events is not None`: a playout or a search asks for none, and a frozen
event made for nothing costs about a microsecond in Pyodide, on every token drawn."""

NO_CLAIMS: tuple[int | None, ...] = (None,) * len(GRAB_TOKENS)
"""Every Grab token free, in the centre of the table (§7.2.9)."""
GRABS_DONE = len(GRAB_TOKENS) + 1
"""RESOLVE at this number: every Grab token is resolved, the leftovers come next."""


def initial_state(setup: BagSetup, rng: Rng, events: Events = None) -> BagState:
    """Setup (§7.2.1): the bag for the player count (G3), a random start Drawer unless the
    setup fixes one (G5), then the first turn drawn up to its first window."""
    n = setup.players
    drawer = setup.first_drawer if setup.first_drawer is not None else rng.below(n)
    state = BagState(
        setup=setup,
        turn_no=1,
        drawer=drawer,
        bag=bag_for(n),
        pool=(),
        drawn=0,
        rocks_revealed=0,
        claims=NO_CLAIMS,
        collections=(EMPTY,) * n,
        rock_pairs=0,
        end_triggered=False,
        phase=Phase.DRAW,
        window=None,
        grab=0,
        wind_queue=(),
        rng=rng.getstate(),
    )
    return advance(state, events)


# Who acts


def grabbers(state: BagState) -> tuple[int, ...]:
    """The other seats, clockwise from the Drawer's left (§7.2.2)."""
    n = state.setup.players
    drawer = state.drawer
    return tuple([(drawer + i) % n for i in range(1, n)])


def priority(state: BagState, k: int) -> tuple[int, ...]:
    """P_k: the grabbers rotated by (k - 1) mod (n - 1) (§7.2.4); window k follows reveal k."""
    order = grabbers(state)
    shift = (k - 1) % len(order)
    return order[shift:] + order[:shift]


def pending_seats(state: BagState) -> tuple[int, ...]:
    """The seats that must act now, in priority order at a window: every seat of the sub-round
    yet to submit (windowed), or the one seat asked (sequential); else the one decider; ()
    once the game is over."""
    phase = state.phase
    if phase is Phase.WINDOW:
        w = state.window
        assert w is not None
        choices = w.choices
        if state.setup.grab_mode == "sequential":
            return (w.seats[choices.index(None)],) if None in choices else ()
        return tuple([s for s, c in zip(w.seats, choices, strict=True) if c is None])
    if phase is Phase.GAME_OVER:
        return ()
    return (_decider(state),)


def _decider(state: BagState) -> int:
    if state.phase is Phase.CHOOSE:
        seat = state.claims[state.grab - 1]
        assert seat is not None
        return seat
    if state.phase is Phase.WIND:
        return state.wind_queue[0]
    return state.drawer  # LEFTOVERS


def current_player(state: BagState) -> int:
    """SIMULTANEOUS at a windowed reaction window, TERMINAL at the end, else the deciding seat."""
    if state.phase is Phase.GAME_OVER:
        return TERMINAL
    if state.phase is Phase.WINDOW and state.setup.grab_mode != "sequential":
        return SIMULTANEOUS
    return pending_seats(state)[0]


# Legal actions


def _submissions(state: BagState, seats: tuple[int, ...]) -> tuple[Action, ...]:
    claims = state.claims
    free = [g - 1 for g in GRAB_TOKENS if claims[g - 1] is None]
    ordered = sorted(seats)
    found: list[Action] = [WAITS[s] for s in ordered]
    for s in ordered:
        claims_of = CLAIMS[s]
        found += [claims_of[i] for i in free]
    return tuple(found)


def legal_actions(state: BagState) -> tuple[Action, ...]:
    """Every legal action in canonical (id) order; at a window, the submissions of every seat
    still to submit."""
    phase = state.phase
    if phase is Phase.WINDOW:
        return _submissions(state, pending_seats(state))
    if phase is Phase.CHOOSE:
        choices = grab_choices(pool_counts(state), state.grab)
        return tuple([TAKES[c] for c in choices])
    if phase is Phase.WIND:
        held = state.collections[state.wind_queue[0]]
        return tuple([GIVES[k] for k in COLLECTIBLE if held[k]])
    if phase is Phase.LEFTOVERS:
        return (TAKE_ALL, RETURN_ALL)
    return ()


def legal_actions_for(state: BagState, seat: int) -> tuple[Action, ...]:
    """The legal actions of one seat now: its own submissions at a window, the decision if it
    is the decider, else ()."""
    if seat not in pending_seats(state):
        return ()
    if state.phase is Phase.WINDOW:
        return _submissions(state, (seat,))
    return legal_actions(state)


# Apply


def state_text(state: BagState) -> str:
    """A short public description of the moment, for error messages."""
    if state.phase is Phase.GAME_OVER:
        return "the game is over"
    where = f"turn {state.turn_no}, seat {state.drawer + 1} draws, {state.drawn} drawn"
    if state.phase is Phase.WINDOW and state.window is not None:
        waiting = ", ".join(str(s + 1) for s in pending_seats(state))
        return (
            f"{where}; window after token {state.drawn}, sub-round "
            f"{state.window.subround}, waiting for seat(s) {waiting}"
        )
    if state.phase is Phase.CHOOSE:
        return f"{where}; seat {_decider(state) + 1} resolves Grab {state.grab}"
    if state.phase is Phase.WIND:
        return f"{where}; seat {_decider(state) + 1} gives for a Wind"
    return f"{where}; seat {state.drawer + 1} decides the leftovers"


def _illegal(state: BagState, action: Action, rule: str, reason: str) -> IllegalActionError:
    return IllegalActionError(action, rule, reason, state_text(state))


def apply(state: BagState, action: Action, events: Events = None) -> BagState:
    """The state after `action` and everything that follows by itself until the next decision;
    raises IllegalActionError naming the ruling if it is illegal. `events`, if given, receives
    what happened (for the log)."""
    phase = state.phase
    if phase is Phase.GAME_OVER:
        raise _illegal(state, action, "G31", "the game is over")
    # The class itself, not isinstance of a union: that builds the union on every call, which
    # costs six times a plain isinstance in Pyodide.
    if type(action) is Wait or type(action) is Claim:
        return advance(_submit(state, action, events), events)
    if type(action) is Take:
        if phase is not Phase.CHOOSE:
            raise _illegal(state, action, "G19", "no Grab token is waiting for a choice now")
        choices = grab_choices(pool_counts(state), state.grab)
        if action.kinds not in choices:
            rule = {1: "G15", 2: "G15", 3: "G16"}.get(state.grab, "G17")
            raise _illegal(state, action, rule, _bad_choice(state.grab, choices))
        seat = _decider(state)
        return advance(_take(state, seat, state.grab, action.kinds, events), events)
    if type(action) is Give:
        if phase is not Phase.WIND:
            raise _illegal(state, action, "G20", "a token is given only when a Wind is collected")
        seat = state.wind_queue[0]
        if not state.collections[seat][action.kind]:
            raise _illegal(
                state, action, "G24", f"seat {seat + 1} has no {action} token in its collection"
            )
        return advance(_give(state, action.kind, events), events)
    if type(action) is TakeAll or type(action) is ReturnAll:
        if phase is not Phase.LEFTOVERS:
            raise _illegal(
                state, action, "G25", "the Drawer takes or returns leftovers only after every grab"
            )
        if isinstance(action, TakeAll):
            return advance(_take(state, state.drawer, 0, (), events), events)
        return advance(_return_leftovers(state, events), events)
    raise _illegal(state, action, "G19", "not an action of Bag of Bugs")


def _bad_choice(grab: int, choices: tuple[tuple[int, ...], ...]) -> str:
    legal = ", ".join(str(Take(c)) for c in choices)
    return f"Grab {grab} allows only: {legal}"


def _submit(state: BagState, action: Wait | Claim, events: Events) -> BagState:
    """Record one window submission; resolve the sub-round when the last one is in."""
    n = state.setup.players
    seat = action.seat
    if state.phase is not Phase.WINDOW:
        raise _illegal(
            state, action, "G9", "the drawing has stopped: no more Grab tokens may be taken"
        )
    if not 0 <= seat < n:
        raise _illegal(state, action, "G1", f"there is no seat {seat + 1} in a game of {n}")
    if seat == state.drawer:
        raise _illegal(state, action, "G33", "the Drawer never grabs")
    if seat in state.claims:
        raise _illegal(state, action, "G33", "a grabber takes at most one Grab token per turn")
    w = state.window
    assert w is not None
    if seat not in w.seats:
        raise _illegal(
            state, action, "G34", "only the losers of a conflict choose again in a re-grab"
        )
    at = w.seats.index(seat)
    if w.choices[at] is not None:
        raise _illegal(state, action, "G34", "this seat has already submitted in this window")
    sequential = state.setup.grab_mode == "sequential"
    if sequential and w.choices.index(None) != at:
        first = w.seats[w.choices.index(None)]
        raise _illegal(
            state, action, "G34", f"seat {first + 1} is asked first (the window's priority order)"
        )
    choice = WAIT_CHOICE
    if isinstance(action, Claim):
        if action.grab not in GRAB_TOKENS:
            raise _illegal(state, action, "§5.2", "Grab tokens are numbered 1 to 5")
        if state.claims[action.grab - 1] is not None:
            raise _illegal(
                state, action, "G33", f"Grab {action.grab} is taken already (claims are final)"
            )
        choice = action.grab
    choices = w.choices[:at] + (choice,) + w.choices[at + 1 :]
    if sequential:
        if events is not None:
            events.append(ev.Submitted(seat, choice))
        claims = state.claims
        if choice != WAIT_CHOICE:
            claims = claims[: choice - 1] + (seat,) + claims[choice:]
        if None in choices:
            return evolve(state, claims=claims, window=_with_choices(w, choices))
        return evolve(state, claims=claims, window=None, phase=Phase.DRAW)
    if None in choices:
        return evolve(state, window=_with_choices(w, choices))
    return _resolve_window(state, _with_choices(w, choices), events)


def _with_choices(w: Window, choices: tuple[int | None, ...]) -> Window:
    # `replace` costs twice this: it looks up the fields on every call.
    return Window(w.subround, w.priority, w.seats, choices)


def _resolve_window(state: BagState, w: Window, events: Events) -> BagState:
    """§7.2.4: each contested token goes to the claimant first in P_k; the beaten re-grab at once
    among the tokens still free; waiters wait for the next reveal."""
    claims = list(state.claims)
    won: list[tuple[int, int]] = []
    waited: list[int] = []
    beaten: list[tuple[int, int, int]] = []
    for seat, choice in zip(w.seats, w.choices, strict=True):  # seats are in priority order
        assert choice is not None
        if choice == WAIT_CHOICE:
            waited.append(seat)
            continue
        holder = claims[choice - 1]
        if holder is None:
            claims[choice - 1] = seat
            won.append((seat, choice))
        else:
            beaten.append((seat, choice, holder))
    # Grabbers <= 4 < 5 Grab tokens: a beaten grabber always finds a free token.
    assert not beaten or None in claims, "a re-grab without a free Grab token"
    regrab = bool(beaten)
    if events is not None:
        events.append(
            ev.WindowResolved(w.subround, tuple(won), tuple(waited), tuple(beaten), regrab)
        )
    if regrab:
        losers = tuple([seat for seat, _, _ in beaten])
        window = Window(w.subround + 1, w.priority, losers, (None,) * len(losers))
        return evolve(state, claims=tuple(claims), window=window)
    return evolve(state, claims=tuple(claims), window=None, phase=Phase.DRAW)


def pool_counts(state: BagState) -> Tokens:
    """The pool as counts per kind."""
    return counts_of(state.pool)


def _remove(pool: tuple[int, ...], tokens: Tokens) -> tuple[int, ...]:
    """The pool less `tokens`, the earliest reveals of each kind leaving first."""
    left = list(tokens)
    out = []
    for kind in pool:
        if left[kind]:
            left[kind] -= 1
        else:
            out.append(kind)
    return tuple(out)


def _take(
    state: BagState, seat: int, grab: int, kinds: tuple[int, ...], events: Events
) -> BagState:
    """Grab `grab` (0: the Drawer's take-all) moves its tokens out of the pool together; the
    Bugs, Larvae and Scary Bugs join the collection, each Wind queues one give (G20, G25)."""
    pool = pool_counts(state)
    tokens = pool if grab == 0 else taken_tokens(pool, grab, kinds)
    if events is not None:
        events.append(ev.Took(seat, grab, tokens))
    kept = plus(tokens, WIND, -tokens[WIND])
    collection = tuple(map(add, state.collections[seat], kept))
    return evolve(
        state,
        pool=_remove(state.pool, tokens),
        collections=_with_seat(state.collections, seat, collection),
        wind_queue=state.wind_queue + (seat,) * tokens[WIND],
        phase=Phase.WIND,
        grab=grab,
    )


def _give(state: BagState, kind: int | None, events: Events) -> BagState:
    """The queue head gives `kind` (None: nothing, G21) to the next seat clockwise (G23); the
    Wind goes back into the bag."""
    seat = state.wind_queue[0]
    to = (seat + 1) % state.setup.players
    if events is not None:
        events.append(ev.Gave(seat, to, kind))
    collections = state.collections
    if kind is not None:
        collections = _with_seat(collections, seat, plus(collections[seat], kind, -1))
        collections = _with_seat(collections, to, plus(collections[to], kind, 1))
    return evolve(
        state, collections=collections, bag=plus(state.bag, WIND), wind_queue=state.wind_queue[1:]
    )


def _return_leftovers(state: BagState, events: Events) -> BagState:
    tokens = pool_counts(state)
    if events is not None:
        events.append(ev.Returned(state.drawer, tokens))
    bag = tuple(map(add, state.bag, tokens))
    return evolve(state, bag=bag, pool=(), phase=Phase.CLEANUP)


def _with_seat(values: tuple[Tokens, ...], seat: int, tokens: Tokens) -> tuple[Tokens, ...]:
    return values[:seat] + (tokens,) + values[seat + 1 :]


# The steps nobody decides


def advance(state: BagState, events: Events = None) -> BagState:
    """Run the machine from `state` through every step nobody decides, to the next decision or
    the end of the game."""
    while True:
        phase = state.phase
        if phase is Phase.DRAW:
            state = _draw(state, events)
        elif phase is Phase.RESOLVE:
            state = _resolve(state, events)
        elif phase is Phase.WIND:
            if not state.wind_queue:
                # The Winds of this take are done: on to the next Grab token, or the cleanup
                # after the Drawer's take-all.
                state = (
                    evolve(state, phase=Phase.CLEANUP)
                    if state.grab == 0
                    else evolve(state, phase=Phase.RESOLVE, grab=state.grab + 1)
                )
                continue
            collection = state.collections[state.wind_queue[0]]
            held = [k for k in COLLECTIBLE if collection[k]]
            if len(held) > 1:
                return state
            state = _give(state, held[0] if held else None, events)  # forced (G21)
        elif phase is Phase.CLEANUP:
            state = _cleanup(state, events)
        else:
            return state


def _draw(state: BagState, events: Events) -> BagState:
    """§7.2.3: reveal tokens until a window opens (some grabber still unclaimed) or the drawing
    stops: the limit (G7), the second Rock (G8) or, unreachably (§5.3), an empty bag."""
    n = state.setup.players
    limit = TOKEN_LIMIT[n]
    rng = Rng.from_state(state.rng)
    bag = list(state.bag)
    pool = list(state.pool)
    drawn = state.drawn
    rocks = state.rocks_revealed
    claims = state.claims
    unclaimed = n - 1 - (len(claims) - claims.count(None))
    reason = "empty"
    left = sum(bag)
    while left:
        pick = rng.below(left)
        left -= 1
        kind = 0
        while pick >= bag[kind]:
            pick -= bag[kind]
            kind += 1
        bag[kind] -= 1
        pool.append(kind)
        drawn += 1
        rocks += kind == ROCK
        if events is not None:
            events.append(ev.Reveal(state.drawer, kind, drawn, limit))
        if rocks == 2 or drawn >= limit:  # G8: the limit-th token may be the second Rock too
            reason = "rock" if rocks == 2 else "limit"
            break
        if unclaimed:  # G9: windows only after a non-terminal reveal
            k_order = priority(state, drawn)
            seats = tuple([s for s in k_order if s not in claims])
            window = Window(1, k_order, seats, (None,) * len(seats))
            return evolve(
                state,
                bag=tuple(bag),
                pool=tuple(pool),
                drawn=drawn,
                rocks_revealed=rocks,
                phase=Phase.WINDOW,
                window=window,
                rng=rng.getstate(),
            )
    state = evolve(
        state,
        bag=tuple(bag),
        pool=tuple(pool),
        drawn=drawn,
        rocks_revealed=rocks,
        rng=rng.getstate(),
    )
    return _stop(state, reason, events)


def _stop(state: BagState, reason: str, events: Events) -> BagState:
    """§7.2.5: the Rocks leave the pool; a lone Rock goes back (G11), a pair is set aside and
    may trigger the end (G31). Then the grabs resolve from Grab 1."""
    rocks = state.pool.count(ROCK)
    bag = state.bag
    pairs = state.rock_pairs
    if rocks == 1:
        bag = plus(bag, ROCK)
    elif rocks == 2:
        pairs += 1
    # An empty bag is unreachable with the official counts (§5.3); should a hand-built bag run
    # dry, the game ends after this turn rather than drawing nothing forever.
    end = state.end_triggered or pairs >= PAIRS_TO_END[state.setup.players] or reason == "empty"
    if events is not None:
        events.append(ev.Stopped(reason, rocks, pairs, PAIRS_TO_END[state.setup.players], end))
    return evolve(
        state,
        bag=bag,
        pool=tuple([k for k in state.pool if k != ROCK]),
        rock_pairs=pairs,
        end_triggered=end,
        phase=Phase.RESOLVE,
        grab=1,
    )


def _resolve(state: BagState, events: Events) -> BagState:
    """§7.2.6: Grab `state.grab` resolves if claimed: nothing on an empty pool (G18), at once
    when forced, else its holder chooses (CHOOSE). After Grab 5 come the leftovers."""
    grab = state.grab
    if grab >= GRABS_DONE:
        return evolve(state, phase=Phase.LEFTOVERS if state.pool else Phase.CLEANUP)
    seat = state.claims[grab - 1]
    if seat is None:
        return evolve(state, grab=grab + 1)
    choices = grab_choices(pool_counts(state), grab)
    if not choices:
        if events is not None:
            events.append(ev.TookNothing(seat, grab))
        return evolve(state, grab=grab + 1)
    if len(choices) == 1:
        return _take(state, seat, grab, choices[0], events)
    return evolve(state, phase=Phase.CHOOSE)


def _cleanup(state: BagState, events: Events) -> BagState:
    """§7.2.9: the Grab tokens go back; the game ends (G31) or the bag passes clockwise."""
    if state.end_triggered:
        if events is not None:
            points = score_collections(state.collections)
            events.append(ev.GameOver(points, best_seats(points)))
        return evolve(state, phase=Phase.GAME_OVER, claims=NO_CLAIMS, grab=0)
    drawer = (state.drawer + 1) % state.setup.players
    if events is not None:
        pairs_to_end = PAIRS_TO_END[state.setup.players]
        points = score_collections(state.collections)
        events.append(ev.TurnOver(state.turn_no, drawer, state.rock_pairs, pairs_to_end, points))
    return evolve(
        state,
        turn_no=state.turn_no + 1,
        drawer=drawer,
        pool=(),
        drawn=0,
        rocks_revealed=0,
        claims=NO_CLAIMS,
        phase=Phase.DRAW,
        window=None,
        grab=0,
    )


# Scores


def scores(state: BagState) -> tuple[int, ...]:
    """Every seat's points for its collection now (final once the game is over)."""
    return score_collections(state.collections)


def winners(state: BagState) -> tuple[int, ...]:
    """The seats with the highest score (G32: ties share)."""
    return best_seats(scores(state))


def all_tokens(state: BagState) -> Tokens:
    """Every token of a state in one count: bag, pool, collections, the Rock pairs set aside
    and the Winds in hand (queued gives). Always the setup's bag (§5.1)."""
    total = [a + b for a, b in zip(state.bag, counts_of(state.pool), strict=True)]
    for c in state.collections:
        for k in range(KINDS):
            total[k] += c[k]
    total[ROCK] += 2 * state.rock_pairs
    total[WIND] += len(state.wind_queue)
    return tuple(total)
