"""Print share-link lengths for seeded bot games beside the same record as JSON and as
zlib-compressed JSON in base64 (the budgets in docs/design.md, "Records": Bugs 1,000, Bag of
Bugs 600, Bugspiel 1,200 characters).

    .venv/bin/python scripts/link_lengths.py [--games N] [--level easy|medium|hard]
"""

from __future__ import annotations

import argparse
import base64
import statistics
import sys
import zlib

from bugs_core.bots import LEVELS
from bugs_core.bots.drive import bot_moves
from bugs_core.link import decode_link, encode_link
from bugs_core.record import GameRecord, Seat, new_record
from bugs_core.registry import get_game
from bugs_core.rng import Rng

CASES: tuple[tuple[str, dict[str, object], int], ...] = (
    ("bugs", {"players": 4}, 1000),
    ("bag-of-bugs", {"players": 4}, 600),
    ("bugspiel", {"players": 3, "board": "small"}, 1200),
)
"""(game, options, the most characters a whole game's link may take)."""


def bot_game(game_id: str, options: dict[str, object], seed: int, level: str) -> GameRecord:
    """One whole seeded game between bots of `level`, as a record."""
    game = get_game(game_id)
    setup = game.make_setup(options)
    players = game.players(setup)
    seats = [Seat(f"Player {i + 1}", level) for i in range(players)]
    record = new_record(game_id, game.setup_options(setup), seed, seats)
    bots = [LEVELS[level].make(game_id) for _ in range(players)]
    budget = LEVELS[level].budget(game_id)
    state = game.initial_state(setup, Rng(seed))
    choices = Rng(seed, stream=11)
    while not game.is_terminal(state):
        for move in bot_moves(game, state, bots, choices, budget):
            state = game.apply(state, move.action)
            record = record.with_action(move.action)
    return record


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="seeded games per game (20)")
    parser.add_argument("--level", default="easy", choices=sorted(LEVELS), help="bot level")
    args = parser.parse_args(argv)
    print(f"{args.games} seeded games per game, bots at level {args.level}; characters:")
    header = ("game", "moves", "link mean", "link max", "JSON mean", "zlib+b64 mean", "budget")
    print("  ".join(f"{h:>13}" for h in header))
    worst = True
    for game_id, options, budget in CASES:
        moves, links, jsons, zipped = [], [], [], []
        for seed in range(1, args.games + 1):
            record = bot_game(game_id, options, seed, args.level)
            link = encode_link(record)
            assert decode_link(link) == record
            text = record.to_json()
            moves.append(len(record.actions))
            links.append(len(link))
            jsons.append(len(text))
            zipped.append(len(base64.urlsafe_b64encode(zlib.compress(text.encode(), 9))))
        ok = max(links) <= budget
        worst = worst and ok
        row = (
            game_id,
            f"{statistics.fmean(moves):.0f}",
            f"{statistics.fmean(links):.0f}",
            str(max(links)),
            f"{statistics.fmean(jsons):.0f}",
            f"{statistics.fmean(zipped):.0f}",
            f"{budget} {'ok' if ok else 'OVER'}",
        )
        print("  ".join(f"{c:>13}" for c in row))
        sys.stdout.flush()
    return 0 if worst else 1


if __name__ == "__main__":
    sys.exit(main())
