"""What a seat may see (G27), and full states sampled to fit a view for hidden-information search.

Hidden: the order of the bag (the generator), and in a windowed reaction window the choices of
other seats that have submitted but whose sub-round has not resolved. Public: everything else,
including the bag's composition (derivable) and which seats still have to submit (§7.2.4).
"""

from __future__ import annotations

from dataclasses import replace

from ..errors import BugsError
from ..rng import Rng
from .state import HIDDEN, WAIT_CHOICE, BagState, BagView, Window
from .tokens import GRAB_TOKENS


def _masked(window: Window | None, seat: int, sequential: bool) -> Window | None:
    """The window with other seats' unresolved choices hidden (sequential answers are public)."""
    if window is None or sequential:
        return window
    choices = tuple(
        c if s == seat or c is None else HIDDEN
        for s, c in zip(window.seats, window.choices, strict=True)
    )
    return replace(window, choices=choices)


def player_view(state: BagState, seat: int) -> BagView:
    """Strip the generator and other seats' pending window choices."""
    if not 0 <= seat < state.setup.players:
        raise BugsError(f"bag-of-bugs: no seat {seat} in a game of {state.setup.players}")
    return BagView(
        seat=seat,
        setup=state.setup,
        turn_no=state.turn_no,
        drawer=state.drawer,
        bag=state.bag,
        pool=state.pool,
        drawn=state.drawn,
        rocks_revealed=state.rocks_revealed,
        claims=state.claims,
        collections=state.collections,
        rock_pairs=state.rock_pairs,
        end_triggered=state.end_triggered,
        phase=state.phase,
        window=_masked(state.window, seat, state.setup.grab_mode == "sequential"),
        grab=state.grab,
        wind_queue=state.wind_queue,
    )


def sample_state(view: BagView, rng: Rng) -> BagState:
    """A full state that fits `view`: each hidden window choice re-drawn uniformly among that
    seat's legal submissions (wait, or a Grab token free in this sub-round), and a fresh
    generator for the bag's order."""
    window = view.window
    if window is not None and HIDDEN in window.choices:
        options = (WAIT_CHOICE, *(g for g in GRAB_TOKENS if view.claims[g - 1] is None))
        choices = tuple(rng.choice(options) if c == HIDDEN else c for c in window.choices)
        window = replace(window, choices=choices)
    return BagState(
        setup=view.setup,
        turn_no=view.turn_no,
        drawer=view.drawer,
        bag=view.bag,
        pool=view.pool,
        drawn=view.drawn,
        rocks_revealed=view.rocks_revealed,
        claims=view.claims,
        collections=view.collections,
        rock_pairs=view.rock_pairs,
        end_triggered=view.end_triggered,
        phase=view.phase,
        window=window,
        grab=view.grab,
        wind_queue=view.wind_queue,
        rng=rng.spawn().getstate(),
    )
