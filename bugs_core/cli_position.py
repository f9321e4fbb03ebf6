"""`position`: a recorded game's position text at move N, or a game played on from a position
text by bots (bugs_core.position). A position that does not read is one line naming its field,
as every other error of the command line."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from .bots import LEVELS, Bot
from .bots.drive import bot_moves
from .bots.random_bot import RandomBot
from .cli import CommandError, final_scores, join_names, number, read_input, winners
from .errors import InvalidRecordError
from .position import state_of, text_of
from .record import from_json, replay
from .registry import get_game
from .rng import Rng

RANDOM = "random"
MAX_MOVES = 5000
"""Moves a game from a position may take at most before the command gives up on it."""


def run_at(path: str, at: int | None, out: TextIO) -> None:
    """Write the position of the record at `path` (`-`: stdin) after `at` moves (default: all)."""
    where = "<stdin>" if path == "-" else path
    try:
        record = from_json(read_input(path))
        moves = len(record.actions)
        if at is not None and at > moves:
            raise CommandError(f"{where}: --at {at}, but the record has {moves} moves")
        state = replay(record.first(moves if at is None else at))
    except InvalidRecordError as e:
        raise InvalidRecordError(f"{where}: {e.where}" if e.where else where, e.reason) from None
    out.write(text_of(record.game, state) + "\n")


def _bots(game_id: str, seats: Sequence[str], players: int) -> list[Bot]:
    known = (RANDOM, *LEVELS)
    for name in seats:
        if name not in known:
            raise CommandError(f"unknown seat {name!r}; use {', '.join(known)}, comma-separated")
    cycle = [seats[i % len(seats)] for i in range(players)]
    return [RandomBot() if n == RANDOM else LEVELS[n].make(game_id) for n in cycle]


def run_play(text: str, seats: Sequence[str], seed: int, out: TextIO) -> None:
    """Read the position `text`, say what it is, and let bots (`seats`, cycled) play it to the
    end: a numbered sentence per move, then the final scores."""
    game_id, state = state_of(text)
    game = get_game(game_id)
    players = game.players(state.setup)
    names = [f"Seat {i + 1}" for i in range(players)]
    bots = _bots(game_id, seats, players)
    out.write(f"{game.name}, {players} players, from the position; bots: {join_names(seats)}\n")
    rng = Rng(seed, stream=11)
    moves = 0
    while not game.is_terminal(state):
        if moves >= MAX_MOVES:
            raise CommandError(f"the game from this position ran past {MAX_MOVES} moves")
        for move in bot_moves(game, state, bots, rng):
            moves += 1
            out.write(f"{moves:4d}. {game.describe(state, move.action, names)}\n")
            state = game.apply(state, move.action)
    scores = final_scores(game, state)
    points = ", ".join(f"{n} {number(s)}" for n, s in zip(names, scores, strict=True))
    out.write(f"Final scores: {points}")
    out.write(f"\nWinner: {join_names([names[i] for i in winners(game, state)])}\n")
