"""Fuzzing the position texts (bugs_core.position): positions of the corpus games, damaged as
text or field by field (a field given another position's value, a small number, an edit, or
left out). A text sets up a state or raises our own error with a message; a state it sets up
writes back to a text that reads to the same state, and the rules play on from it (every seat's
view, the legal moves, each of them applied) raising nothing but our own errors."""

from __future__ import annotations

import functools
from typing import Any

from fuzz_inputs import (
    EDGE_INTS,
    WIDE,
    Program,
    corpus,
    edit_text,
    fuzz,
    only_our_errors,
    programs,
)
from hypothesis import strategies as st

from bugs_core.position import state_of, text_of
from bugs_core.record import replay
from bugs_core.registry import get_game

POSITION_CHARS = "0123456789ONRXSLWAGF=/,:.-+?@ abcdefhnoprstuvw\t\u00a0\u0663"


@functools.cache
def positions() -> tuple[tuple[str, str], ...]:
    """(game id, position text) of each corpus record's last state and of every tenth before."""
    out = []
    for sample in corpus():
        record = sample.record
        for moves in range(0, len(record.actions) + 1, 10):
            out.append((record.game, text_of(record.game, replay(record.first(moves)))))
        out.append((record.game, text_of(record.game, replay(record))))
    return tuple(dict.fromkeys(out))


def _fields(text: str) -> list[tuple[str, str]]:
    return [tuple(word.partition("=")[::2]) for word in text.split()[1:]]  # type: ignore[misc]


def damaged_position(p: Program) -> str:
    """A corpus position, damaged field by field or as text."""
    game_id, text = p.pick(positions())
    if p.chance(2):
        return edit_text(text, p, POSITION_CHARS)
    fields = _fields(text)
    same_game = [t for g, t in positions() if g == game_id]
    for _ in range(1 + p.below(3)):
        at = p.below(len(fields))
        name, value = fields[at]
        mode = p.below(5)
        if mode == 0:
            others = dict(_fields(p.pick(same_game)))
            value = others.get(name, value)
        elif mode == 1:
            value = str(p.pick(EDGE_INTS))
        elif mode == 2:
            value = edit_text(value, p, POSITION_CHARS)
        elif mode == 3:
            del fields[at]
            continue
        else:
            name = p.pick(("phase", "to", "window", "grab", "queue", "value", "size", "end"))
            value = p.pick(("window", "choose", "wind", "over", "lead", "respond", "1", "0", "-"))
        fields[at] = (name, value)
    return " ".join([game_id, *(f"{n}={v}" for n, v in fields)])


def plays_on(game_id: str, state: Any) -> None:
    """The rules on a state a position set up: views, legal moves, and each move applied."""
    game = get_game(game_id)
    assert text_of(game_id, state_of(text_of(game_id, state))[1]) == text_of(game_id, state)
    for seat in range(game.players(state.setup)):
        only_our_errors(lambda s=seat: game.player_view(state, s))
    legal = only_our_errors(lambda: game.legal_actions(state)) or ()
    for action in legal[:40]:
        only_our_errors(lambda a=action: game.apply(state, a))


def reads_or_refuses(text: str) -> None:
    """The property: a state (which plays on) or a BugsError with a message."""
    read = only_our_errors(lambda: state_of(text))
    if read is not None:
        plays_on(*read)


test_damaged_positions, test_damaged_positions_full, test_damaged_positions_soak = fuzz(
    reads_or_refuses, programs(40).map(damaged_position)
)
test_random_positions, test_random_positions_full, test_random_positions_soak = fuzz(
    reads_or_refuses,
    st.text(alphabet=WIDE, max_size=80).map(lambda t: f"bugs {t}") | st.text(max_size=60),
)
