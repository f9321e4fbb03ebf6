"""Sentences for the log: what an action did, then what followed by itself (reveals, window
results, forced grabs and gives, the end of a turn or of the game), in the rulebook's words.

A windowed submission is told without its content ("Bo has chosen.") until its sub-round
resolves: the log is public, and other seats' choices are secret until then.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import seat_names
from ..grammar import join, mid, names_mid, names_subject, subject
from . import events as ev
from .actions import Action, Claim, Wait
from .rules import apply
from .state import BagState
from .tokens import KINDS, ROCK, TOKEN_LIMIT, Tokens, name

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh")


def number(n: int) -> str:
    """A count in words up to ten, digits beyond."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def _article(kind: int) -> str:
    return "an" if name(kind)[0] in "AEIOU" else "a"


def tokens_text(tokens: Tokens) -> str:
    """'two Larvae', 'a C1 Bug, a Scary Bug and a Wind', 'nothing'."""
    parts = [
        f"{_article(k)} {name(k)}" if tokens[k] == 1 else f"{number(tokens[k])} {name(k, 2)}"
        for k in range(KINDS)
        if tokens[k]
    ]
    return _join(parts) if parts else "nothing"


def _join(parts: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return join(parts)


def _names(seats: Sequence[int], who: Sequence[str]) -> str:
    """Seats inside a sentence: 'Ana and you'."""
    return names_mid([who[s] for s in seats])


def _subjects(seats: Sequence[int], who: Sequence[str], verb: str, inside: bool = False) -> str:
    """Seats beginning a clause, the verb (third person singular) agreeing: 'You wait'."""
    return names_subject([who[s] for s in seats], verb, inside=inside)


def _choice(seat: int, choice: int, who: Sequence[str], inside: bool = False) -> str:
    if choice == 0:
        return subject(who[seat], "waits", inside=inside)
    return f"{subject(who[seat], 'claims', inside=inside)} Grab {choice}"


def event_text(event: ev.Event, who: Sequence[str]) -> str:
    """The sentence of one event."""
    if isinstance(event, ev.Reveal):
        kind = event.kind
        return (
            f"{subject(who[event.drawer], 'draws')} token {event.drawn} of {event.limit}: "
            f"{_article(kind)} {name(kind)}."
        )
    if isinstance(event, ev.Submitted):
        return _choice(event.seat, event.choice, who) + "."
    if isinstance(event, ev.WindowResolved):
        # the clauses after the first are inside the sentence: "Bo claims Grab 1; you wait."
        parts = [_choice(s, g, who, inside=i > 0) for i, (s, g) in enumerate(event.won)]
        if event.waited:
            parts.append(_subjects(event.waited, who, "waits", inside=bool(parts)))
        races: dict[tuple[int, int], list[int]] = {}  # (grab, winner) -> the beaten, in order
        for seat, grab, winner in event.beaten:
            races.setdefault((grab, winner), []).append(seat)
        parts += [
            f"{_subjects(beaten, who, 'also reached', inside=True)} for Grab {grab}, "
            f"but {mid(who[winner])} had priority"
            for (grab, winner), beaten in races.items()
        ]
        text = "; ".join(parts) + "."
        if event.regrab:
            losers = [s for s, _, _ in event.beaten]
            text += f" {_subjects(losers, who, 'grabs')} again at once."
        return text
    if isinstance(event, ev.Stopped):
        return _stopped(event)
    if isinstance(event, ev.Took):
        if event.grab == 0:
            return (
                f"{subject(who[event.seat], 'takes')} the leftovers: {tokens_text(event.tokens)}."
            )
        return (
            f"{subject(who[event.seat], 'takes')} {tokens_text(event.tokens)} "
            f"with Grab {event.grab}."
        )
    if isinstance(event, ev.TookNothing):
        return (
            f"Grab {event.grab} finds the pool empty: "
            f"{subject(who[event.seat], 'takes', inside=True)} nothing."
        )
    if isinstance(event, ev.Gave):
        if event.kind is None:
            return (
                f"Wind: {subject(who[event.seat], 'has', inside=True)} nothing to give; "
                "the Wind goes back into the bag."
            )
        return (
            f"Wind: {subject(who[event.seat], 'gives', inside=True)} {_article(event.kind)} "
            f"{name(event.kind)} to {mid(who[event.to])}."
        )
    if isinstance(event, ev.Returned):
        return (
            f"{subject(who[event.seat], 'returns')} the leftovers to the bag: "
            f"{tokens_text(event.tokens)}."
        )
    if isinstance(event, ev.TurnOver):
        points = ", ".join(f"{mid(who[i])} {p}" for i, p in enumerate(event.scores))
        return (
            f"Turn {event.turn_no} is over ({event.pairs} of {event.pairs_to_end} Rock pairs; "
            f"points so far: {points}). {subject(who[event.next_drawer], 'takes')} the bag."
        )
    return _game_over(event, who)


def _stopped(event: ev.Stopped) -> str:
    if event.reason == "rock":
        text = "The second Rock stops the drawing"
    elif event.reason == "limit":
        text = "That is the token limit: the drawing stops"
    else:
        text = "The bag is empty: the drawing stops"
    if event.rocks == 2:
        ordinal = _ORDINALS[event.pairs] if event.pairs < len(_ORDINALS) else str(event.pairs)
        text += f"; the {ordinal} Rock pair is set aside ({event.pairs} of {event.pairs_to_end})"
    elif event.rocks == 1:
        text += f"; the lone {name(ROCK)} goes back into the bag"
    text += "."
    if event.end_triggered and event.rocks == 2 and event.pairs == event.pairs_to_end:
        text += " The game ends after this turn."
    return text


def _game_over(event: ev.GameOver, who: Sequence[str]) -> str:
    points = ", ".join(f"{mid(who[i])} {p}" for i, p in enumerate(event.scores))
    if len(event.winners) == 1:
        result = subject(who[event.winners[0]], "wins")
    else:
        result = _subjects(event.winners, who, "shares the victory")
    return f"The game is over. Scores: {points}. {result}."


def describe(state: BagState, action: Action, names: Sequence[str] | None = None) -> str:
    """The log sentence for `action` in `state`, followed by what happened by itself after it."""
    who = seat_names(names, state.setup.players)
    happened: list[ev.Event] = []
    apply(state, action, happened)
    texts: list[str] = []
    if (
        isinstance(action, Wait | Claim)
        and state.setup.grab_mode != "sequential"
        and not (happened and isinstance(happened[0], ev.WindowResolved))
    ):
        texts.append(f"{subject(who[action.seat], 'has chosen')}.")
    texts += [event_text(e, who) for e in happened]
    return " ".join(texts)


def opening(state: BagState, names: Sequence[str] | None = None) -> str:
    """The log's first line for a new game (the reveals `initial_state` made before any action):
    'Turn 1: Ana takes the bag. Ana draws token 1 of 8: a Larva.'"""
    who = seat_names(names, state.setup.players)
    cap = TOKEN_LIMIT[state.setup.players]
    texts = [f"Turn {state.turn_no}: {subject(who[state.drawer], 'takes')} the bag."]
    texts += [
        event_text(ev.Reveal(state.drawer, kind, i + 1, cap), who)
        for i, kind in enumerate(state.pool)
    ]
    return " ".join(texts)
