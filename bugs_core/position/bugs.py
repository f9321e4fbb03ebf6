"""Bugs positions (docs/rules/bugs.md §4.1): hands, pile, swarm, direction, dealer, hand number,
scores and the B24 restriction.

Cards are one character each: 1-9 the bug values, O Outbreak, N Net, R Repellent, X
Exterminator; a hand is its cards in that order ("1123ON"), "-" when empty. The fields:

    hands=1123O/4455N/6789X   each seat's hand, seat 0 first (their number is the players)
    to=1 phase=respond        the seat to act; lead (default), respond or over
    pile=0:33,1:55O           the bug plays since the last lead: seat:cards, oldest first
    value=5 size=3            the swarm to beat (default none: value 0, size 0)
    discard=9X                the discard pile
    netted=1,2                the seats whose latest action on this pile was a Net (B18)
    restriction=2:5:3         B24: seat 2's next lead of 5s must make a swarm above 3
    hand=2 dealer=1 direction=- actions=14
                              hand number, dealer, - after an odd number of Repellents, actions
                              played this hand (defaults 1, 0, +, 0)
    scores=4,0,7;2,5,0        each hand's points so far, a row per hand (the totals follow)
    known=-/55/-              cards each seat is known to hold (seen picked up)
    last=1:0:out:-/44/1239:2  the last hand's end: number, seat out (- if none), out, stall or
                              cap, the hands left, the next dealer (- after the last hand)
    options=repellent_target:previous_seat   setup options away from the rulings
    rng=STATE.INC             the generator that deals the next hands (default: seed 0)
"""

from __future__ import annotations

from ..bugs import audit
from ..bugs.cards import EMPTY, KINDS, OUTBREAK, Hand
from ..bugs.state import (
    HANDS_PER_GAME,
    BugsSetup,
    BugsState,
    HandResult,
    Phase,
    PilePlay,
    Restriction,
)
from . import (
    DEFAULT_RNG,
    Fields,
    PositionError,
    away_from_defaults,
    joined,
    listed,
    options_text,
    rng_state,
    rng_text,
    seat,
    setup_of,
    whole,
)

CARD_CHARS = "0123456789ONRX"
"""The character of each card kind (index 0 is no card)."""
PHASES = {"lead": Phase.LEAD, "respond": Phase.RESPOND, "over": Phase.GAME_OVER}
REASONS = ("out", "stall", "cap")


def hand_text(hand: Hand) -> str:
    """A hand's cards, one character each, in kind order; "-" for none."""
    return "".join(CARD_CHARS[k] * hand[k] for k in range(1, KINDS)) or "-"


def hand_of(text: str) -> Hand:
    """The hand `hand_text` wrote (its cards in any order)."""
    counts = list(EMPTY)
    for char in "" if text == "-" else text:
        kind = CARD_CHARS.find(char)
        if kind < 1:
            raise ValueError(f"{char!r} is no card (1-9, O, N, R, X)")
        counts[kind] += 1
    return tuple(counts)


def _play_text(play: PilePlay) -> str:
    return f"{play.seat}:{CARD_CHARS[play.value] * play.count}{'O' * play.outbreaks}"


def _play_of(text: str, players: int) -> PilePlay:
    who, colon, cards = text.partition(":")
    if not colon:
        raise ValueError(f"a pile play is seat:cards, not {text!r}")
    hand = hand_of(cards)
    values = [k for k in range(1, OUTBREAK) if hand[k]]
    if len(values) != 1 or any(hand[OUTBREAK + 1 :]):
        raise ValueError(f"a pile play is bugs of one value and Outbreaks, not {cards!r}")
    value = values[0]
    return PilePlay(seat(who, players), value, hand[value], hand[OUTBREAK])


def _last_text(result: HandResult) -> str:
    out = "-" if result.out is None else str(result.out)
    hands = "/".join(map(hand_text, result.hands))
    nxt = "-" if result.next_dealer is None else str(result.next_dealer)
    return f"{result.hand_no}:{out}:{result.reason}:{hands}:{nxt}"


def _last_of(text: str, players: int) -> HandResult:
    parts = text.split(":")
    if len(parts) != 5:
        raise ValueError("the last hand is number:out:reason:hands:next dealer")
    number, out_text, reason, hands_text, nxt = parts
    if reason not in REASONS:
        raise ValueError(f"a hand ends by {', '.join(REASONS)}, not {reason!r}")
    hands = tuple(hand_of(h) for h in hands_text.split("/"))
    if len(hands) != players:
        raise ValueError(f"{len(hands)} hands left for {players} seats")
    out = None if out_text == "-" else seat(out_text, players)
    points = tuple(0 if i == out else sum(h) for i, h in enumerate(hands))
    next_dealer = None if nxt == "-" else seat(nxt, players)
    return HandResult(whole(number, 1), out, reason, hands, points, next_dealer)


def write(state: BugsState) -> dict[str, str]:
    """The fields of `state`, defaults left out."""
    f: dict[str, str] = {"hands": "/".join(map(hand_text, state.hands))}
    f["to"] = str(state.to_act)
    phase = next(name for name, p in PHASES.items() if p is state.phase)
    defaults = {
        "phase": (phase, "lead"),
        "pile": (joined(map(_play_text, state.pile)), "-"),
        "value": (str(state.swarm_value), "0"),
        "size": (str(state.swarm_size), "0"),
        "discard": (hand_text(state.discard), "-"),
        "netted": (joined(str(i) for i, n in enumerate(state.netted) if n), "-"),
        "restriction": (_restriction_text(state.restriction), "-"),
        "hand": (str(state.hand_no), "1"),
        "dealer": (str(state.dealer), "0"),
        "direction": ("+" if state.direction == 1 else "-", "+"),
        "actions": (str(state.actions_this_hand), "0"),
        "scores": (joined((",".join(map(str, row)) for row in state.hand_scores), ";"), "-"),
        "known": ("/".join(map(hand_text, state.known)), "/".join("-" * len(state.hands))),
        "last": ("-" if state.last_hand is None else _last_text(state.last_hand), "-"),
        "options": (options_text(state.setup.to_options()), "-"),
        "rng": (rng_text(state.rng), rng_text(DEFAULT_RNG)),
    }
    f.update(away_from_defaults(defaults))
    return f


def _restriction_text(r: Restriction | None) -> str:
    return "-" if r is None else f"{r.seat}:{r.value}:{r.threshold}"


def _restriction_of(text: str, players: int) -> Restriction | None:
    if text == "-":
        return None
    parts = text.split(":")
    if len(parts) != 3:
        raise ValueError("a restriction is seat:value:threshold")
    return Restriction(seat(parts[0], players), whole(parts[1], 1, 9), whole(parts[2], 0))


def read(fields: Fields) -> BugsState:
    """The state the fields set up (PositionError names a bad field)."""
    hands = fields.read("hands", lambda t: tuple(hand_of(h) for h in t.split("/")))
    n = len(hands)
    setup = setup_of(BugsSetup.from_options, fields, "hands", n)
    rows = fields.read("scores", lambda t: listed(t, lambda r: listed(r, whole), ";"), "-")
    if any(len(row) != n for row in rows):
        raise PositionError("scores", f"each hand's row must have {n} points, one per seat")
    known = fields.read(
        "known", lambda t: tuple(hand_of(h) for h in t.split("/")), "/".join("-" * n)
    )
    if len(known) != n:
        raise PositionError("known", f"{len(known)} seats' known cards for {n} seats")
    netted_seats = set(fields.read("netted", lambda t: listed(t, lambda s: seat(s, n)), "-"))
    direction = fields.get("direction", "+")
    if direction not in "+-" or len(direction) != 1:
        raise PositionError("direction", "+ (clockwise) or - (after an odd number of Repellents)")
    phase_text = fields.get("phase", "lead")
    if phase_text not in PHASES:
        raise PositionError("phase", f"one of {', '.join(PHASES)}, not {phase_text!r}")
    return BugsState(
        setup=setup,
        hand_no=fields.read("hand", lambda t: whole(t, 1), "1"),
        dealer=fields.read("dealer", lambda t: seat(t, n), "0"),
        direction=1 if direction == "+" else -1,
        hands=hands,
        pile=fields.read("pile", lambda t: listed(t, lambda p: _play_of(p, n)), "-"),
        netted=tuple(i in netted_seats for i in range(n)),
        discard=fields.read("discard", hand_of, "-"),
        swarm_size=fields.read("size", whole, "0"),
        swarm_value=fields.read("value", lambda t: whole(t, 0, 9), "0"),
        phase=PHASES[phase_text],
        to_act=fields.read("to", lambda t: seat(t, n)),
        restriction=fields.read("restriction", lambda t: _restriction_of(t, n), "-"),
        actions_this_hand=fields.read("actions", whole, "0"),
        scores=tuple(map(sum, zip(*rows, strict=True))) if rows else (0,) * n,
        hand_scores=rows,
        known=known,
        last_hand=fields.read("last", lambda t: None if t == "-" else _last_of(t, n), "-"),
        rng=fields.read("rng", rng_state, rng_text(DEFAULT_RNG)),
    )


def check(state: BugsState) -> list[str]:
    """The soak's checks of one state, then what the rules take for granted: six hands at most
    (B2), a pile only behind a swarm, a lead restriction only on a seat to lead it (B24)."""
    found = audit.check_state(state)
    if found:
        return found
    over = state.phase is Phase.GAME_OVER
    if state.hand_no > HANDS_PER_GAME or (over and state.hand_no != HANDS_PER_GAME):
        found.append(f"hand {state.hand_no}: a game has {HANDS_PER_GAME} hands (B2)")
    elif state.phase is Phase.LEAD and (state.pile or state.swarm_size):
        found.append("a seat leads to an empty table: no pile, no swarm (B22)")
    elif state.pile and state.swarm_value and state.swarm_value != state.pile[-1].value:
        found.append("the swarm is the value of the pile's latest play")
    return found
