"""`replay` tells a recorded game move by move; `record` plays a random game and writes its
record (which is how one gets a record to replay without the site)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from .cli import (
    CommandError,
    final_scores,
    join_names,
    number,
    read_input,
    winners,
    write_output,
)
from .engine import CHANCE, SIMULTANEOUS, Game, play, seat_names
from .errors import InvalidRecordError
from .record import GameRecord, Seat, from_dict, from_json, game_of, new_record, replay_states


def _who_acts(game: Game[Any, Any, Any], state: Any, names: Sequence[str]) -> str:
    seat = game.current_player(state)
    if seat == CHANCE:
        return "chance"
    if seat == SIMULTANEOUS:
        return "several seats"
    return names[seat]


def _hand_header(state: Any, names: Sequence[str]) -> tuple[int, str] | None:
    """'Hand 2 — Bo deals' for games played in hands (their states carry hand_no and dealer),
    'Turn 2 — Bo draws' for games played in turns of a Drawer (turn_no and drawer)."""
    for number_field, seat_field, label, verb in (
        ("hand_no", "dealer", "Hand", "deals"),
        ("turn_no", "drawer", "Turn", "draws"),
    ):
        count = getattr(state, number_field, None)
        seat = getattr(state, seat_field, None)
        if isinstance(count, int) and isinstance(seat, int):
            return count, f"{label} {count} — {names[seat]} {verb}"
    return None


def replay_lines(record: GameRecord) -> list[str]:
    """The game as text: a title, a header per hand, a numbered sentence per action, then the
    final scores and winners, or where the record stops. Every action is checked by the rules
    first, so a tampered record raises InvalidRecordError naming `actions[i]`."""
    game = game_of(record)
    names = record.names()
    moves = len(record.actions)
    options = {k: v for k, v in record.setup.items() if k != "players"}
    title = (
        f"{game.name}, {len(names)} players: {join_names(names)}; seed {record.seed}; "
        f"{moves} move{'' if moves == 1 else 's'}"
    )
    if options:
        title += "; " + ", ".join(f"{k}={v}" for k, v in options.items())
    lines = [title]
    digits = len(str(moves))
    states = replay_states(record)
    state = next(states)
    hand: int | None = None
    opening = game.opening(state, names)  # what happened before the first action, if any
    if opening is not None:
        header = _hand_header(state, names)
        if header is not None:
            hand = header[0]
            lines += ["", header[1]]
        lines.append(opening)
    for i, (text, after) in enumerate(zip(record.actions, states, strict=True)):
        header = _hand_header(state, names)
        if header is not None and header[0] != hand:
            hand = header[0]
            lines += ["", header[1]]
        sentence = game.describe(state, game.parse_action(text), names)
        lines.append(f"{i + 1:>{digits}}. {sentence}")
        state = after
    lines.append("")
    if game.is_terminal(state):
        points = final_scores(game, state)
        lines.append(
            "Final scores: "
            + ", ".join(f"{n} {number(p)}" for n, p in zip(names, points, strict=True))
            + "."
        )
        won = winners(game, state)
        label = "Winner" if len(won) == 1 else "Winners (tied)"
        lines.append(
            f"{label}: {join_names([names[s] for s in won])} with {number(points[won[0]])}."
        )
    else:
        lines.append(f"The record stops at move {moves}; {_who_acts(game, state, names)} to act.")
    return lines


def run_replay(path: str, out: TextIO) -> None:
    """The `replay` command: read the record at `path` (`-` for stdin) and tell it."""
    where = "<stdin>" if path == "-" else path
    try:
        record = from_json(read_input(path))
        lines = replay_lines(record)
    except InvalidRecordError as e:
        raise InvalidRecordError(f"{where}: {e.where}" if e.where else where, e.reason) from None
    out.write("\n".join(lines) + "\n")


def record_game(
    game_id: str,
    options: Mapping[str, Any],
    seed: int,
    names: Sequence[str] | None = None,
    moves: int | None = None,
) -> GameRecord:
    """A random game from `seed` as a record, stopped after `moves` actions if given."""
    record = new_record(game_id, options, seed)
    game = game_of(record)
    players = len(record.seats)
    if names is not None and len(names) != players:
        raise CommandError(f"{len(names)} names for a game of {players} players")
    seats = tuple(Seat(n, "random") for n in seat_names(names, players))
    actions: list[str] = []
    for step in play(game, game.make_setup(record.setup), seed):
        if step.action is None or len(actions) == moves:
            break
        actions.append(str(step.action))
    done = dataclasses.replace(record, seats=seats, actions=tuple(actions))
    return from_dict(done.to_dict())  # checks the names as a loaded record's would be


def run_record(
    game_id: str,
    options: Mapping[str, Any],
    seed: int,
    names: Sequence[str] | None,
    moves: int | None,
    path: str | None,
    out: TextIO,
) -> None:
    """The `record` command: write the record's JSON to `path`, or to `out`."""
    record = record_game(game_id, options, seed, names, moves)
    write_output(path, record.to_json(indent=2) + "\n", out)
