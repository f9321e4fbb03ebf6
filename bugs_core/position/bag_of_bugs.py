"""Bag of Bugs positions (docs/rules/bag-of-bugs.md §7.1): the bag, the pool, the collections,
the Grab tokens held, the Rock pairs, and where the turn is.

Tokens are one character each: 1-5 the bug colours C1..C5, S Scary, L Larva, W Wind, R Rock;
a row of them is in kind order ("113SL"), "-" when empty. The bag's order is never known: the
generator draws it (`rng`). The fields:

    collections=113/2S/-/LL   each seat's collection, seat 0 first (their number is the players)
    bag=8,8,7,8,8,8,8,2,9      how many of each kind the bag holds, in the order above
    pool=3R1                   the tokens revealed this turn, in reveal order
    turn=4 drawer=2 drawn=3 rocks=1
                               turn number, the Drawer, tokens drawn this turn, Rocks revealed
                               this turn (defaults 1, 0, 0, 0)
    claims=-,2,-,-,0           the seat holding each Grab token 1..5, - where none does
    pairs=2 end=1              Rock pairs set aside; 1 once the end is triggered
    phase=window               draw, window, resolve, choose, wind, leftovers, cleanup, over
    window=1:1,3,0:1,3:?,0     a reaction window: sub-round, priority, the seats asked, each
                               one's choice (? still to choose, 0 wait, 1-5 a Grab token)
    grab=3 queue=1,0           the Grab token in hand (6: all resolved); the seats that owe a
                               Wind's give
    options=grab_mode:sequential   setup options away from the rulings
    rng=STATE.INC              the generator that draws the next tokens (default: seed 0)
"""

from __future__ import annotations

from ..bag_of_bugs import audit
from ..bag_of_bugs.state import WAIT_CHOICE, BagSetup, BagState, Phase, Window
from ..bag_of_bugs.tokens import EMPTY, GRAB_TOKENS, KINDS, Tokens
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

TOKEN_CHARS = "12345SLWR"
"""The character of each token kind, in kind order."""
PHASES = {p.name.lower().replace("game_over", "over"): p for p in Phase}
PENDING = "?"


def row_text(tokens: Tokens) -> str:
    """Tokens as one character each, in kind order; "-" for none."""
    return "".join(TOKEN_CHARS[k] * tokens[k] for k in range(KINDS)) or "-"


def kinds_of(text: str) -> tuple[int, ...]:
    """The token kinds of a row, in its order."""
    kinds = []
    for char in "" if text == "-" else text:
        kind = TOKEN_CHARS.find(char)
        if kind < 0:
            raise ValueError(f"{char!r} is no token (1-5, S, L, W, R)")
        kinds.append(kind)
    return tuple(kinds)


def row_of(text: str) -> Tokens:
    """The counts of a row of tokens (in any order)."""
    counts = list(EMPTY)
    for kind in kinds_of(text):
        counts[kind] += 1
    return tuple(counts)


def _bag_of(text: str) -> Tokens:
    counts = listed(text, whole)
    if len(counts) != KINDS:
        raise ValueError(f"the bag is {KINDS} counts, one per kind ({', '.join(TOKEN_CHARS)})")
    return tuple(counts)


def _choice_text(choice: int | None) -> str:
    return PENDING if choice is None else str(choice)


def _choice_of(text: str) -> int | None:
    return None if text == PENDING else whole(text, WAIT_CHOICE, max(GRAB_TOKENS))


def _window_text(window: Window | None) -> str:
    if window is None:
        return "-"
    lists = (window.priority, window.seats)
    parts = [str(window.subround), *(joined(map(str, seats)) for seats in lists)]
    return ":".join([*parts, joined(map(_choice_text, window.choices))])


def _window_of(text: str, players: int) -> Window | None:
    if text == "-":
        return None
    parts = text.split(":")
    if len(parts) != 4:
        raise ValueError("a window is sub-round:priority:seats:choices")
    priority, seats = (listed(p, lambda s: seat(s, players)) for p in parts[1:3])
    choices = listed(parts[3], _choice_of)
    if len(choices) != len(seats):
        raise ValueError(f"{len(choices)} choices for the {len(seats)} seats asked")
    return Window(whole(parts[0], 1), priority, seats, choices)


def write(state: BagState) -> dict[str, str]:
    """The fields of `state`, defaults left out."""
    f = {"collections": "/".join(map(row_text, state.collections))}
    f["bag"] = ",".join(map(str, state.bag))
    phase = next(name for name, p in PHASES.items() if p is state.phase)
    claims = ",".join("-" if s is None else str(s) for s in state.claims)
    defaults = {
        "pool": ("".join(TOKEN_CHARS[k] for k in state.pool) or "-", "-"),
        "turn": (str(state.turn_no), "1"),
        "drawer": (str(state.drawer), "0"),
        "drawn": (str(state.drawn), "0"),
        "rocks": (str(state.rocks_revealed), "0"),
        "claims": (claims, ",".join("-" * len(GRAB_TOKENS))),
        "pairs": (str(state.rock_pairs), "0"),
        "end": (str(int(state.end_triggered)), "0"),
        "phase": (phase, "window"),
        "window": (_window_text(state.window), "-"),
        "grab": (str(state.grab), "0"),
        "queue": (joined(map(str, state.wind_queue)), "-"),
        "options": (options_text(state.setup.to_options()), "-"),
        "rng": (rng_text(state.rng), rng_text(DEFAULT_RNG)),
    }
    f.update(away_from_defaults(defaults))
    return f


def _claims_of(text: str, players: int) -> tuple[int | None, ...]:
    claims = tuple(None if s == "-" else seat(s, players) for s in text.split(","))
    if len(claims) != len(GRAB_TOKENS):
        raise ValueError(f"one holder (or -) for each of the {len(GRAB_TOKENS)} Grab tokens")
    return claims


def read(fields: Fields) -> BagState:
    """The state the fields set up (PositionError names a bad field)."""
    collections = fields.read("collections", lambda t: tuple(map(row_of, t.split("/"))))
    n = len(collections)
    setup = setup_of(BagSetup.from_options, fields, "collections", n)
    end = fields.get("end", "0")
    if end not in ("0", "1"):
        raise PositionError("end", "0, or 1 once the end is triggered")
    phase = fields.get("phase", "window")
    if phase not in PHASES:
        raise PositionError("phase", f"one of {', '.join(PHASES)}, not {phase!r}")
    return BagState(
        setup=setup,
        turn_no=fields.read("turn", lambda t: whole(t, 1), "1"),
        drawer=fields.read("drawer", lambda t: seat(t, n), "0"),
        bag=fields.read("bag", _bag_of),
        pool=fields.read("pool", kinds_of, "-"),
        drawn=fields.read("drawn", whole, "0"),
        rocks_revealed=fields.read("rocks", whole, "0"),
        claims=fields.read("claims", lambda t: _claims_of(t, n), ",".join("-" * len(GRAB_TOKENS))),
        collections=collections,
        rock_pairs=fields.read("pairs", whole, "0"),
        end_triggered=end == "1",
        phase=PHASES[phase],
        window=fields.read("window", lambda t: _window_of(t, n), "-"),
        grab=fields.read("grab", lambda t: whole(t, 0, max(GRAB_TOKENS) + 1), "0"),
        wind_queue=fields.read("queue", lambda t: listed(t, lambda s: seat(s, n)), "-"),
        rng=fields.read("rng", rng_state, rng_text(DEFAULT_RNG)),
    )


RESTING = (Phase.WINDOW, Phase.CHOOSE, Phase.WIND, Phase.LEFTOVERS, Phase.GAME_OVER)
"""The phases a state returned by the rules rests at: the others are steps within `apply`."""


def check(state: BagState) -> list[str]:
    """The soak's checks of one state, then what the rules take for granted of a resting one:
    the phase agrees with the window, the Grab token in hand and the Winds owed."""
    found = audit.check_state(state)
    if found:
        return found
    phase = state.phase
    held = [s for s in state.claims if s is not None]
    if phase not in RESTING:
        found.append(f"the turn never rests at {phase.name.lower()} (only at the phases listed)")
    elif (phase is Phase.WINDOW) != (state.window is not None):
        found.append("a reaction window is open exactly while the phase is window (§7.2.4)")
    elif len(set(held)) != len(held) or state.drawer in held:
        found.append("each grabber holds one Grab token at most, the Drawer none (G33)")
    elif phase is Phase.CHOOSE and not (
        1 <= state.grab <= len(GRAB_TOKENS) and state.claims[state.grab - 1] is not None
    ):
        found.append(f"a choice for Grab {state.grab}, which no seat holds")
    elif (phase is Phase.WIND) != bool(state.wind_queue):
        found.append("seats owe a Wind's give exactly while the phase is wind (G20)")
    elif state.window is not None:
        found.extend(_window_problems(state, state.window))
    return found


def _window_problems(state: BagState, w: Window) -> list[str]:
    """§7.2.4: the priority is P_k of this turn, the seats asked are unclaimed grabbers in its
    order with one choice each still to come, and a choice names a Grab token still free."""
    n = state.setup.players
    grabbers = tuple((state.drawer + i) % n for i in range(1, n))
    turns = {grabbers[k:] + grabbers[:k] for k in range(len(grabbers))}
    order = [s for s in w.priority if s in w.seats]
    if w.priority not in turns:
        return [f"window priority {w.priority} is no rotation of the grabbers {grabbers}"]
    if order != list(w.seats) or len(set(w.seats)) != len(w.seats) or not w.seats:
        return ["the seats asked in a window are grabbers in its priority order"]
    if None not in w.choices:
        return ["a window whose every choice is in would have been resolved"]
    sequential = state.setup.grab_mode == "sequential"
    for who, choice in zip(w.seats, w.choices, strict=True):
        if choice is None:
            continue
        holder = state.claims[choice - 1] if choice else None
        if sequential and choice and holder != who:
            return [f"seat {who} claimed Grab {choice} in turn, but does not hold it"]
        if not sequential and (holder is not None or who in state.claims):
            return [f"seat {who}'s choice in the window needs a free Grab token and a free hand"]
    if (
        sequential
        and None in w.choices
        and any(c is not None for c in w.choices[w.choices.index(None) :])
    ):
        return ["in sequential grabs the seats answer in priority order"]
    return []
