"""The command line: `python -m bugs_core simulate | tournament | ladder | replay | position |
analyse | lessons | record | soak`.

Only the arguments and the dispatch live here; the commands are in `cli_simulate`,
`cli_tournament`, `cli_ladder`, `cli_replay`, `cli_position`, `cli_analyse`, `cli_lessons` and
`cli_soak`.
Every failure the user can cause ends in one line on stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from . import (
    cli_analyse,
    cli_ladder,
    cli_lessons,
    cli_position,
    cli_replay,
    cli_simulate,
    cli_soak,
    cli_tournament,
)
from .cli import MAX_JOBS, PROG, cli_options, game_options, option_value, parse_option
from .errors import BugsError
from .record import SEED_LIMIT
from .registry import SPECS
from .soak import DEFAULT_MIX
from .spec import BOT_EVERY, CliOption

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report it
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE: the reader (say `head`) went away


class UsageError(Exception):
    """A command line argparse refused; its text is argparse's message."""


class Parser(argparse.ArgumentParser):
    """An ArgumentParser that raises UsageError instead of printing usage and exiting, so
    `main` reports it as one line like every other error."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _whole(low: int, high: int | None = None) -> Callable[[str], int]:
    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if value < low or (high is not None and value >= high):
            bound = f"from {low} to {high - 1}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"must be {bound}, got {value}")
        return value

    convert.__name__ = "whole number"
    return convert


def _names(text: str) -> list[str]:
    return [n.strip() for n in text.split(",")]


def _dest(option: CliOption) -> str:
    return f"game_option_{option.option}"


def _options(args: argparse.Namespace) -> dict[str, Any]:
    """The game options of a command's arguments."""
    flags = [(option, vars(args).get(_dest(option))) for option in cli_options()]
    return game_options(args.players, args.option, flags)


def _game_arguments(parser: argparse.ArgumentParser, seed_help: str) -> None:
    parser.add_argument("game", help="game id, e.g. bugs")
    parser.add_argument(
        "--players", type=_whole(1), metavar="K", help="number of seats (the game's default)"
    )
    for option in cli_options():
        parser.add_argument(
            option.flag,
            dest=_dest(option),
            type=option_value,
            metavar=option.metavar,
            help=option.help,
        )
    parser.add_argument(
        "--seed", type=_whole(0, SEED_LIMIT), default=1, metavar="S", help=seed_help
    )
    parser.add_argument(
        "--option",
        type=parse_option,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option, value read as JSON where it parses (repeatable), "
        "e.g. --option repellent_target=previous_seat",
    )


def _bot_games() -> str:
    """'one game in 4, in 32 for bugspiel': how often the soak seats bots."""
    rarer = [f"in {s.bot_every} for {s.id}" for s in SPECS.values() if s.bot_every != BOT_EVERY]
    return ", ".join([f"one game in {BOT_EVERY}", *rarer])


def _jobs_argument(parser: argparse.ArgumentParser, result: str) -> None:
    parser.add_argument(
        "--jobs",
        type=_whole(1, MAX_JOBS + 1),
        default=1,
        metavar="J",
        help=f"processes sharing the games out (default 1; {result} is the same)",
    )


def _progress_argument(parser: argparse.ArgumentParser, when: str = "on a terminal") -> None:
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=f"progress bar on stderr (default: {when})",
    )


def build_parser() -> Parser:
    """The argument parser of every command."""
    parser = Parser(prog=PROG, description="Bugs Table from the command line.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    simulate = commands.add_parser(
        "simulate", help="play seeded random games and show figures on them"
    )
    _game_arguments(simulate, "seed of the first game; game i uses S+i (default 1)")
    simulate.add_argument(
        "--games", type=_whole(1), default=100, metavar="N", help="games to play (default 100)"
    )
    _progress_argument(simulate, f"on a terminal from {cli_simulate.PROGRESS_FROM} games")

    tournament = commands.add_parser(
        "tournament", help="bots play seeded games against each other, seats rotating"
    )
    _game_arguments(tournament, "seed of the first game; game i uses S+i (default 1)")
    tournament.add_argument(
        "--bots",
        default="random,heuristic,search",
        metavar="A,B,...",
        help="bot names, cycled to fill the seats and rotated each game "
        "(default random,heuristic,search)",
    )
    tournament.add_argument(
        "--games", type=_whole(1), default=12, metavar="N", help="games to play (default 12)"
    )
    tournament.add_argument(
        "--budget",
        type=_whole(1),
        metavar="ITER",
        help="search iterations per move (default: the bot's own)",
    )
    _progress_argument(tournament)

    ladder = commands.add_parser(
        "ladder",
        help="the bot levels' seeded round-robin and one Elo rating per level, random at 0",
    )
    _game_arguments(ladder, "seed of the first game; game i uses S+i (default 1)")
    ladder.add_argument(
        "--games", type=_whole(1), default=200, metavar="N", help="games to play (default 200)"
    )
    _jobs_argument(ladder, "the table")
    _progress_argument(ladder)
    ladder.add_argument(
        "--save",
        metavar="FILE",
        help="keep the table in this JSON file too (pages/ladder.json: the site and README)",
    )
    ladder.add_argument(
        "--log",
        metavar="FILE",
        help="append each game's result here as it ends, and reuse those already there",
    )
    ladder.add_argument(
        "--carry-over",
        type=int,
        default=0,
        metavar="K",
        help="with --log: play K of the games logged under older code again; if each comes "
        "out as logged, count them all as this code's (a change that plays no differently)",
    )

    replay = commands.add_parser("replay", help="tell a recorded game move by move")
    replay.add_argument("file", metavar="FILE", help="a JSON game record, - for stdin")

    position = commands.add_parser(
        "position",
        help="a recorded game's position text at move N, or bots playing on from a position",
    )
    source = position.add_mutually_exclusive_group(required=True)
    source.add_argument("file", nargs="?", metavar="FILE", help="a JSON game record, - for stdin")
    source.add_argument(
        "--play", metavar="TEXT", help="a position text (bugs hands=...): bots play it to the end"
    )
    position.add_argument(
        "--at", type=_whole(0), metavar="N", help="the position after N moves (default: the last)"
    )
    position.add_argument(
        "--bots",
        default="random",
        metavar="MIX",
        help="with --play: the seats' players, cycled: random, easy, medium, hard, expert "
        "(default random)",
    )
    position.add_argument(
        "--seed", type=_whole(0, SEED_LIMIT), default=1, metavar="S", help="the bots' seed"
    )

    analyse = commands.add_parser(
        "analyse", help="a recorded game's moves rated by the search, the biggest losses marked"
    )
    analyse.add_argument("file", metavar="FILE", help="a JSON game record, - for stdin")
    analyse.add_argument(
        "--seat",
        type=_whole(0),
        action="append",
        metavar="K",
        help="a seat to rate (repeatable; default: the seats people played, else all)",
    )
    analyse.add_argument(
        "--playouts",
        type=_whole(1, 100_000),
        default=cli_analyse.DEFAULT_PLAYOUTS,
        metavar="N",
        help=f"playouts a move (default {cli_analyse.DEFAULT_PLAYOUTS})",
    )

    lessons = commands.add_parser(
        "lessons", help="the lessons of each game, one lesson's steps, or a move tried at a step"
    )
    lessons.add_argument(
        "which",
        nargs="?",
        metavar="GAME|LESSON",
        help="a game id (its lessons) or a lesson id such as bugs/beat (its steps)",
    )
    lessons.add_argument(
        "--try", dest="move", metavar="MOVE", help="judge this move (action text) at the step"
    )
    lessons.add_argument(
        "--step", type=_whole(1), default=1, metavar="N", help="the step for --try (default 1)"
    )

    record = commands.add_parser("record", help="play one random game and write its record")
    _game_arguments(record, "seed of the game (default 1)")
    record.add_argument("--out", metavar="FILE", help="write here instead of stdout")
    record.add_argument(
        "--names", type=_names, metavar="A,B,...", help="seat names, comma-separated"
    )
    record.add_argument(
        "--moves", type=_whole(0), metavar="M", help="stop the record after M moves"
    )

    soak = commands.add_parser(
        "soak",
        help="play seeded random and bot games checking every invariant after every action",
    )
    soak.add_argument("game", help="game id, e.g. bugs")
    soak.add_argument(
        "--games", type=_whole(1), default=1000, metavar="N", help="games to play (default 1000)"
    )
    soak.add_argument(
        "--start",
        type=_whole(0, SEED_LIMIT),
        default=0,
        metavar="S",
        help="seed of the first game; game i uses S+i (default 0)",
    )
    _jobs_argument(soak, "the result")
    soak.add_argument(
        "--players",
        type=_whole(1),
        metavar="K",
        help="number of seats in every game (default: each count in the game's range in turn)",
    )
    soak.add_argument(
        "--bots",
        default=",".join(DEFAULT_MIX),
        metavar="MIX",
        help=f"the seats of the bot games ({_bot_games()}): levels (easy, medium, hard) and "
        "random, comma-separated and cycled; none for random games only "
        f"(default {','.join(DEFAULT_MIX)})",
    )
    return parser


def _dispatch(args: argparse.Namespace) -> int:
    """Run the command; its exit code (0 unless the command says otherwise)."""
    if args.command == "soak":
        return cli_soak.run(
            args.game,
            args.games,
            args.start,
            args.jobs,
            args.players,
            args.bots,
            sys.stdout,
            sys.stderr,
        )
    if args.command == "simulate":
        cli_simulate.run(
            args.game,
            _options(args),
            args.games,
            args.seed,
            args.progress,
            sys.stdout,
            sys.stderr,
        )
    elif args.command == "tournament":
        cli_tournament.run(
            args.game,
            _options(args),
            args.bots,
            args.games,
            args.seed,
            args.budget,
            args.progress,
            sys.stdout,
            sys.stderr,
        )
    elif args.command == "ladder":
        return cli_ladder.run(
            args.game,
            _options(args),
            args.games,
            args.seed,
            args.jobs,
            args.progress,
            sys.stdout,
            sys.stderr,
            Path(args.save) if args.save else None,
            Path(args.log) if args.log else None,
            args.carry_over,
        )
    elif args.command == "replay":
        cli_replay.run_replay(args.file, sys.stdout)
    elif args.command == "position":
        if args.play is None:
            cli_position.run_at(args.file, args.at, sys.stdout)
        else:
            if args.at is not None:
                raise UsageError("position: --at is for a record FILE, not --play")
            bots = [name.strip() for name in args.bots.split(",")]
            cli_position.run_play(args.play, bots, args.seed, sys.stdout)
    elif args.command == "analyse":
        cli_analyse.run(args.file, args.seat, args.playouts, sys.stdout)
    elif args.command == "lessons":
        return cli_lessons.run(args.which, args.step, args.move, sys.stdout)
    else:
        cli_replay.run_record(
            args.game,
            _options(args),
            args.seed,
            args.names,
            args.moves,
            args.out,
            sys.stdout,
        )
    return 0


def _fail(message: str) -> None:
    sys.stderr.write(f"{PROG}: error: {message}\n")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line `argv` (default: the process's) and return the exit code."""
    try:
        try:
            args = build_parser().parse_args(argv)
        except SystemExit as e:  # --help has been printed
            return e.code if isinstance(e.code, int) else 0
        code = _dispatch(args)
        sys.stdout.flush()
    except UsageError as e:
        _fail(str(e))
        return EXIT_USAGE
    except BugsError as e:
        _fail(str(e))
        return EXIT_USAGE
    except KeyboardInterrupt:
        sys.stderr.write(f"{PROG}: interrupted\n")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # Python's advice: point stdout at devnull so the flush at exit does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    return code


if __name__ == "__main__":
    sys.exit(main())
