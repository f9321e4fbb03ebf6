"""`ladder`: the bot levels' seeded round-robin (random, easy, medium, hard, expert) and one
rating per level with its 95 % interval, random at 0 (`bugs_core.ladder`). Game i is played
from seed S+i with the seats of entry i of the schedule's cycle, so the same seeds give the
same table for any number of jobs. `--save FILE` keeps the table in FILE (pages/ladder.json is
the one the setup forms and the README show). `--log FILE` appends each game's result to FILE as
it ends and reuses the results already there that the same code played, so a ladder of many
CPU-hours survives an interruption and goes on where it stopped."""

from __future__ import annotations

import contextlib
import hashlib
import json
import multiprocessing
import random
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from . import is_command_line
from .cli import MAX_JOBS, PROG, CommandError, Progress, format_table
from .ladder import RUNGS, Pair, Rating, fit, play, schedule, target_problems
from .registry import get_game

Job = tuple[str, dict[str, Any], tuple[str, ...], int, int]
"""One game of the ladder: game id, options, seats, seed, index."""


def _play(job: Job) -> tuple[Job, list[Pair]]:
    return job, play(*job)


def ladder_jobs(game_id: str, options: Mapping[str, Any], games: int, seed: int) -> list[Job]:
    """The games of the table: game i from seed S+i, seated by entry i of the cycle."""
    game = get_game(game_id)
    players = game.players(game.make_setup(options))
    cycle = schedule(RUNGS, players)
    return [(game_id, dict(options), cycle[i % len(cycle)], seed + i, i) for i in range(games)]


def ladder_pairs(work: Sequence[Job], jobs: int) -> Iterator[tuple[Job, list[Pair]]]:
    """Each game's pairwise results, in game order, played by `jobs` processes."""
    if jobs == 1:
        yield from map(_play, work)
        return
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap(_play, work)


GAME_BOTS = {"bugs": "bugs_", "bag-of-bugs": "bag_", "bugspiel": "spiel_"}
"""The name prefix of each game's own modules in bots/ (tests/test_ladder.py checks that every
game's bots live in them): one game's ladder log stays valid while another game's bots change."""


def code_version(game_id: str) -> str:
    """A digest of the code that plays a ladder game of `game_id`: the shared bots and that
    game's own, its rules and the package's shared modules (not the command line's). A logged
    game counts only for the code that played it: a change to any of these may change every
    game."""
    digest = hashlib.sha256()
    root = Path(__file__).resolve().parent
    shared = [p for p in root.glob("*.py") if not is_command_line(p.stem)]
    others = tuple(prefix for game, prefix in GAME_BOTS.items() if game != game_id)
    bots = [p for p in (root / "bots").rglob("*.py") if not p.name.startswith(others)]
    own = [*bots, *(root / game_id.replace("-", "_")).rglob("*")]
    for path in sorted({*shared, *own}):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def log_line(job: Job, pairs: Sequence[Pair], code: str) -> str:
    """One game's result as a line of the --log file."""
    game_id, options, seats, seed, index = job
    return json.dumps(
        {"code": code, "game": game_id, "options": options, "seats": list(seats), "seed": seed,
         "index": index, "pairs": [[p.a, p.b, p.score] for p in pairs]},
        sort_keys=True,
    )  # fmt: skip


def drop_cut_line(path: Path) -> None:
    """Remove a last line the run before was stopped while writing (no newline after it), so
    the lines appended next start on a line of their own."""
    if not path.exists():
        return
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        path.write_bytes(data[: data.rfind(b"\n") + 1])


def logged_results(path: Path, work: Sequence[Job], code: str) -> dict[int, list[Pair]]:
    """The games of `work` that `path` already holds from this code, by index. A last line cut
    short (the run was stopped while writing it) is ignored; any other line that is not a
    logged game is a CommandError naming it."""
    if not path.exists():
        return {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise CommandError(f"--log: cannot read {path}: {error}") from None
    wanted = {job[4]: job for job in work}
    found: dict[int, list[Pair]] = {}
    for number, line in enumerate(lines, 1):
        try:
            entry = json.loads(line)
            job = (entry["game"], entry["options"], tuple(entry["seats"]), entry["seed"],
                   entry["index"])  # fmt: skip
            pairs = [Pair(job[4], str(a), str(b), float(score)) for a, b, score in entry["pairs"]]
        except (ValueError, KeyError, TypeError):
            if number == len(lines):
                break
            raise CommandError(f"--log: {path} line {number} is not a logged ladder game") from None
        if entry["code"] == code and wanted.get(job[4]) == job:
            found[job[4]] = pairs
    return found


def carry_over(path: Path, work: Sequence[Job], code: str, sample: int, jobs: int) -> str:
    """Count the games `path` logged under older code as this code's, once `sample` of them
    (chosen by a fixed seed, every level's pairings alike) are played again and each comes out
    exactly as logged: a change that does not touch how games are played (a new method no bot
    calls) need not cost a replay of the whole log. Nothing is rewritten unless every game
    replayed agrees; one that differs is a CommandError naming it. What it did, in a line."""
    if sample <= 0 or not path.exists():
        return ""
    drop_cut_line(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    wanted = {job[4]: job for job in work}
    older: dict[int, tuple[str, list[list[Any]]]] = {}
    for line in lines:
        entry = json.loads(line)
        job = (entry["game"], entry["options"], tuple(entry["seats"]), entry["seed"],
               entry["index"])  # fmt: skip
        if entry["code"] != code and wanted.get(job[4]) == job:
            older[job[4]] = (entry["code"], entry["pairs"])
    if not older:
        return ""
    chosen = sorted(random.Random(len(older)).sample(sorted(older), min(sample, len(older))))
    for job, pairs in ladder_pairs([wanted[i] for i in chosen], jobs):
        again = [[p.a, p.b, p.score] for p in pairs]
        old_code, logged = older[job[4]]
        if again != logged:
            raise CommandError(
                f"--carry-over: game {job[4]} (seed {job[3]}) plays differently under this "
                f"code ({code}) than under {old_code}: nothing carried over; play the log again"
            )
    codes = sorted({c for c, _ in older.values()})
    kept = []
    for line in lines:
        entry = json.loads(line)
        if entry["index"] in older and entry["code"] in codes:
            entry["code"] = code
            line = json.dumps(entry, sort_keys=True)
        kept.append(line)
    path.write_text("\n".join(kept) + "\n", encoding="utf-8")
    return (
        f"carried over {len(older)} logged games from code {', '.join(codes)} to {code}: "
        f"{len(chosen)} of them played again came out exactly as logged"
    )


def report(game_id: str, ratings: Sequence[Rating], games: int, seed: int) -> list[str]:
    """The ratings as a table, then whether the ladder's targets hold."""
    rows = [
        [
            r.level,
            f"{r.elo:+.0f}" if r.level != RUNGS[0] else "0",
            f"{r.low:+.0f} .. {r.high:+.0f}" if r.level != RUNGS[0] else "(anchor)",
            str(r.games),
            f"{100 * r.score:.1f}%",
        ]
        for r in ratings
    ]
    lines = [
        f"{game_id}: {games} games from seed {seed}, every game counted as pairs of its seats",
        *format_table(["level", "Elo", "95% interval", "games", "pair score"], rows),
    ]
    problems = target_problems(ratings)
    lines.append(
        "targets met: neighbours 100+ apart without overlap, hard 200+ above easy, "
        "expert above hard"
        if not problems
        else "targets missed: " + "; ".join(problems)
    )
    return lines


def command_text(game_id: str, options: Mapping[str, Any], games: int, seed: int) -> str:
    """The command that plays this table again (any --jobs gives the same table)."""
    words = ["python -m bugs_core ladder", game_id, f"--games {games}", f"--seed {seed}"]
    for name, value in sorted(options.items()):
        words.append(f"--players {value}" if name == "players" else f"--option {name}={value}")
    return " ".join(words)


def entry_of(
    game_id: str, options: Mapping[str, Any], ratings: Sequence[Rating], games: int, seed: int
) -> dict[str, Any]:
    """One game's table as --save keeps it: the command, and each level's rating, interval,
    games and pair score, rounded as the table prints them."""
    return {
        "command": command_text(game_id, options, games, seed),
        "ratings": {
            r.level: {
                "elo": round(r.elo),
                "low": round(r.low),
                "high": round(r.high),
                "games": r.games,
                "score": round(r.score, 3),
            }
            for r in ratings
        },
        "targets_met": not target_problems(ratings),
    }


def saved_tables(path: Path) -> dict[str, Any]:
    """The tables kept in `path` (none if it does not exist yet); a file that is not such JSON
    is a CommandError naming it. Read before any game is played, so a bad --save fails at once."""
    if not path.exists():
        return {}
    try:
        tables = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CommandError(f"--save: {path} is not a ladder table ({error})") from None
    if not isinstance(tables, dict):
        raise CommandError(f"--save: {path} is not a ladder table (not a JSON object)")
    return tables


def save(path: Path, game_id: str, entry: Mapping[str, Any]) -> None:
    """Put one game's entry into the JSON file at `path`, keeping the other games' entries."""
    tables = saved_tables(path)
    tables[game_id] = dict(entry)
    text = json.dumps(dict(sorted(tables.items())), indent=1) + "\n"
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise CommandError(f"--save: cannot write {path}: {error.strerror or error}") from None


def markdown(game_id: str, entry: Mapping[str, Any]) -> str:
    """One game's saved table as the README shows it."""
    rows = ["| Level | Elo | 95 % interval | Games | Pair score |", "|---|---:|---|---:|---:|"]
    for level, r in entry["ratings"].items():
        if level == RUNGS[0]:
            rows.append(f"| {level} | 0 | (anchor) | {r['games']} | {100 * r['score']:.1f} % |")
        else:
            interval = f"{r['low']:+d} .. {r['high']:+d}"
            score = f"{100 * r['score']:.1f} %"
            rows.append(f"| {level} | {r['elo']:+d} | {interval} | {r['games']} | {score} |")
    return f"`{entry['command']}`\n\n" + "\n".join(rows)


def run(
    game_id: str,
    options: Mapping[str, Any],
    games: int,
    seed: int,
    jobs: int,
    progress: bool | None,
    out: TextIO,
    err: TextIO,
    save_to: Path | None = None,
    log_to: Path | None = None,
    carry: int = 0,
) -> int:
    """The `ladder` command: 0 when the targets hold, 1 when the table misses one; `save_to`
    keeps the table there too (`save`), `log_to` each game as it ends (`logged_results`), and
    `carry` games of the log's older code played again first (`carry_over`)."""
    get_game(game_id)
    if not 1 <= jobs <= MAX_JOBS:
        raise CommandError(f"--jobs must be 1 to {MAX_JOBS}, got {jobs}")
    if save_to is not None:
        saved_tables(save_to)
    work = ladder_jobs(game_id, options, games, seed)
    code = code_version(game_id)
    if carry < 0:
        raise CommandError(f"--carry-over must be 0 or more games, got {carry}")
    if carry and log_to is None:
        raise CommandError("--carry-over needs --log: it carries over that log's games")
    if log_to is not None:
        logged_results(log_to, work, code)  # a damaged log is named before any replay
        carried = carry_over(log_to, work, code, carry, jobs)
        if carried:
            err.write(carried + "\n")
    logged = logged_results(log_to, work, code) if log_to is not None else {}
    pairs = [pair for index in sorted(logged) for pair in logged[index]]
    if progress is None:
        progress = err.isatty()
    results = ladder_pairs([job for job in work if job[4] not in logged], jobs)
    try:
        log = None
        if log_to is not None:
            drop_cut_line(log_to)
            log = log_to.open("a", encoding="utf-8")
    except OSError as error:
        raise CommandError(f"--log: cannot write {log_to}: {error.strerror or error}") from None
    try:
        with Progress(games, err) if progress else contextlib.nullcontext() as bar:
            for done, (job, found) in enumerate(results, len(logged) + 1):
                pairs.extend(found)
                if log is not None:
                    log.write(log_line(job, found, code) + "\n")
                    log.flush()
                if bar is not None:
                    bar.update(done)
    finally:
        if log is not None:
            log.close()
    pairs.sort(key=lambda pair: pair.game)  # logged games first, so back in game order
    try:
        ratings = fit(pairs)
    except ValueError as error:
        raise CommandError(f"{PROG} ladder: {error}; play more games") from None
    lines = report(game_id, ratings, games, seed)
    if save_to is not None:
        save(save_to, game_id, entry_of(game_id, options, ratings, games, seed))
        lines.append(f"saved to {save_to}")
    out.write("\n".join(lines) + "\n")
    return 0 if not target_problems(ratings) else 1
