"""A hint: the best moves for the seat to act, with what the search measured for each and why in
plain words.

The search is the bots' own machinery (`bots.ismcts.plan_for`: the game's candidate moves, its
rollout policy, which is the hard bot's heuristic, its horizon and its reward), run as a bandit
over the seat's candidate moves: each playout draws a full state consistent with the seat's
view (`sample_state`, so no hidden card is ever used), plays the move, lets the hard bot play
every seat to the horizon and scores the result in [0, 1] for the seat (0.5: level with the
others). The moves with the most playouts come first. The "why" is what the move does at once,
read off the state it leads to (cards shed, points scored), then what the playouts measured.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..bots.ismcts import EXPLORATION, plan_for
from ..errors import BugsError
from ..rng import Rng

PLAYOUTS = 400
"""Playouts of one hint: about a second in the browser for Bugs and Bugspiel."""
MILLIS = 2500
"""A slow device stops here, with the playouts it has."""
TOP = 3


class HintError(BugsError):
    """No hint now: the message says why (not this seat's turn, a race that cannot wait)."""


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One move of a hint and what the search measured for it."""

    action: Any
    playouts: int
    value: float
    """The mean reward of its playouts, in [0, 1]: 0.5 is level with the other seats."""
    sentence: str
    """The move as the log would say it."""
    why: str


def _bugs_effect(game: Any, before: Any, after: Any, seat: int) -> str:
    had, left = sum(before.hands[seat]), sum(after.hands[seat])
    if left > had:
        return f"takes {left - had} cards into your hand"
    if left == 0:
        return "empties your hand: the hand ends and you score 0"
    if left < had:
        return f"sheds {had - left} card{'s' if had - left > 1 else ''} ({left} left)"
    return "keeps your cards for now"


def _spiel_effect(game: Any, before: Any, after: Any, seat: int) -> str:
    gained = after.scores[seat] - before.scores[seat]
    if gained > 0:
        return f"scores {gained} VP now"
    if gained < 0:
        return f"costs {-gained} VP now"
    return "scores nothing now"


def _bag_effect(game: Any, before: Any, after: Any, seat: int) -> str:
    from ..bag_of_bugs.scoring import scores

    gained = scores(after.collections)[seat] - scores(before.collections)[seat]
    if gained:
        return f"moves your collection's score by {gained:+d}"
    return "leaves your collection's score as it is"


EFFECTS: dict[str, Callable[[Any, Any, Any, int], str]] = {
    "bugs": _bugs_effect,
    "bugspiel": _spiel_effect,
    "bag-of-bugs": _bag_effect,
}
"""What a move does at once, in words, per game."""


def effect(game: Any, state: Any, action: Any, seat: int) -> str:
    """What `action` does at once for `seat` in `state`, in words ("sheds 3 cards (7 left)"),
    or '' for a game without words for it. Give it a state drawn from the seat's view, never the
    true one: the words must not tell what the seat could not see."""
    words = EFFECTS.get(game.id)
    return words(game, state, game.apply(state, action), seat) if words else ""


def first_sentence(text: str) -> str:
    """The move itself: a log line goes on with what followed it, and in a sampled state that
    may be a draw nobody has seen."""
    head, dot, _ = text.partition(". ")
    return head + "." if dot else text


def measured(value: float, playouts: int, best: float | None) -> str:
    """The playouts' verdict in words."""
    share = round(100 * value)
    words = f"in {playouts} playouts it came out at {share} % (50 % is level with the others)"
    if best is not None and best - value >= 0.005:
        gap = round(100 * (best - value))
        words += f", {gap} point{'s' if gap != 1 else ''} below the best move"
    return words


def measure(
    game: Any,
    view: Any,
    rng: Rng,
    arms: list[Any],
    *,
    playouts: int,
    millis: float | None,
) -> dict[Any, tuple[int, float]]:
    """Each of `arms` (moves of the seat whose `view` this is, each legal in every state the
    view allows) with its playouts and their mean reward for the seat: a UCB1 bandit, every
    playout a state drawn from the view, the move, then the hard bot for every seat to the
    search's horizon."""
    seat = view.seat
    plan = plan_for(game)
    visits = dict.fromkeys(arms, 0)
    reward = dict.fromkeys(arms, 0.0)
    deadline = None if millis is None else time.perf_counter() + millis / 1000
    done = 0
    while done < playouts and (deadline is None or time.perf_counter() < deadline or done == 0):
        start = game.sample_state(view, rng)
        untried = [a for a in arms if visits[a] == 0]
        if untried:
            action = untried[0]
        else:
            log_n = math.log(done)
            action = max(arms, key=lambda a: reward[a] / visits[a]
                         + EXPLORATION * math.sqrt(log_n / visits[a]))  # fmt: skip
        state = game.apply(start, action)
        for _ in range(plan.depth):
            if plan.stop(game, start, state):
                break
            state = game.apply(state, plan.rollout(game, state, rng))
        visits[action] += 1
        reward[action] += plan.evaluate(game, start, state)[seat]
        done += 1
    return {a: (visits[a], reward[a] / visits[a]) for a in arms if visits[a]}


def candidate_moves(game: Any, state: Any, rng: Rng) -> list[Any]:
    """The moves a search compares here: the hard bot's own first, then the plan's candidates."""
    plan = plan_for(game)
    preferred = plan.rollout(game, state, rng)
    return list(
        dict.fromkeys((preferred, *plan.candidates(game, state, game.legal_actions(state))))
    )


def own_turn(game: Any, view: Any, rng: Rng) -> Any:
    """A state the view allows, once it is the view's seat's own turn (HintError otherwise)."""
    first = game.sample_state(view, rng)
    if game.is_terminal(first):
        raise HintError("the game is over")
    if game.current_player(first) != view.seat:
        raise HintError("a hint is for the seat to move, on its own turn")
    return first


def suggest(
    game: Any,
    view: Any,
    rng: Rng,
    *,
    playouts: int = PLAYOUTS,
    millis: float | None = MILLIS,
    top: int = TOP,
    names: list[str] | None = None,
) -> tuple[Suggestion, ...]:
    """The `top` moves for the seat whose `view` this is, best first (HintError: it is not
    that seat's turn alone)."""
    seat = view.seat
    first = own_turn(game, view, rng)
    stats = measure(game, view, rng, candidate_moves(game, first, rng),
                    playouts=playouts, millis=millis)  # fmt: skip
    ranked = sorted(stats, key=lambda a: stats[a], reverse=True)[:top]
    best = stats[ranked[0]][1] if ranked else None
    out = []
    for i, action in enumerate(ranked):
        count, value = stats[action]
        now = effect(game, first, action, seat)
        verdict = measured(value, count, None if i == 0 else best)
        why = f"It {now}; {verdict}." if now else f"It {verdict}."
        sentence = first_sentence(game.describe(first, action, names))
        out.append(Suggestion(action, count, value, sentence, why))
    return tuple(out)
