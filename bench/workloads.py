"""The benchmark's workloads, in pure Python, so the same code runs in CPython and in the
browser (bench/workload.py loads this file into Pyodide): random playouts, and bot moves
timed exactly as the bot worker makes them (`bot_service.choose_move`: the record replayed,
then the level's bot at its budget).

Every workload is fixed by seeds, so two runs (before and after a change, CPython and the
browser) time the same games and the same positions.
"""

from __future__ import annotations

import cProfile
import json
import pstats
import time
from typing import Any

from bugs_core.bots import get_level
from bugs_core.bots.drive import acting_seats
from bugs_core.engine import play
from bugs_core.record import Seat, new_record
from bugs_core.registry import get_game
from bugs_web.bot_service import choose_move

GAMES = ("bugs", "bag-of-bugs", "bugspiel")
LEVELS = ("easy", "medium", "hard")
POSITIONS_PER_GAME = 8
"""Positions taken from each seeded random game, spread over its decisions."""


def playouts(game_id: str, seconds: float, seed: int = 1) -> dict[str, Any]:
    """Random games from seeds `seed`, `seed + 1`, ... for at least `seconds` of CPU-bound
    work: games and actions played, and the time they took."""
    game = get_game(game_id)
    setup = game.make_setup({})
    games = actions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        for step in play(game, setup, seed + games):
            actions += step.action is not None
        games += 1
    took = time.perf_counter() - started
    return {"games": games, "actions": actions, "seconds": took}


def _choices(game: Any, state: Any, seat: int) -> int:
    for_seat = getattr(game, "legal_actions_for", None)
    legal = for_seat(state, seat) if for_seat is not None else game.legal_actions(state)
    return len(legal)


def positions(game_id: str, count: int, seed: int = 1) -> list[dict[str, Any]]:
    """`count` bot requests (the worker's JSON) at real decisions, a few from each of the
    random games of seeds `seed`, `seed + 1`, ...: each has at least two legal moves."""
    game = get_game(game_id)
    requests: list[dict[str, Any]] = []
    game_seed = seed
    while len(requests) < count:
        players = game.players(game.make_setup({}))
        seats = [Seat(f"Bot {i + 1}", "medium") for i in range(players)]
        record = new_record(game_id, {}, game_seed, seats)
        setup = game.make_setup(dict(record.setup))
        decisions: list[tuple[int, int]] = []  # (moves so far, seat) with a real choice
        actions: list[str] = []
        for step in play(game, setup, game_seed, policy_seed=game_seed + 10_000):
            if step.action is None:
                break
            for seat in acting_seats(game, step.state):
                if _choices(game, step.state, seat) > 1:
                    decisions.append((len(actions), seat))
                    break
            actions.append(str(step.action))
        # a few decisions spread evenly over the game, not only its opening
        take = min(POSITIONS_PER_GAME, count - len(requests), len(decisions))
        for k in range(take):
            moves, seat = decisions[(2 * k + 1) * len(decisions) // (2 * take)]
            data = record.to_dict()
            data["actions"] = actions[:moves]
            requests.append({"record": data, "seat": seat, "seed": game_seed * 1000 + k})
        game_seed += 1
    return requests


def think(game_id: str, level: str, count: int, seed: int = 1) -> dict[str, Any]:
    """The bot worker's time per move at `level` over `count` positions, in milliseconds: the
    whole call (`millis`, the record replayed as the worker does, which replays only the moves
    since its last request) and the bot's own choice (`bot_millis`); and the level's budget."""
    millis: list[float] = []
    bot_millis: list[float] = []
    for request in positions(game_id, count, seed):
        text = json.dumps({**request, "level": level})
        started = time.perf_counter()
        answer = json.loads(choose_move(text))
        millis.append(1000 * (time.perf_counter() - started))
        if "error" in answer:
            raise RuntimeError(f"{game_id} {level}: {answer['error']}")
        # A build from before the worker reported its bot's own time: the whole call stands in.
        bot_millis.append(float(answer.get("bot_millis", millis[-1])))
    budget = get_level(level).budget(game_id)
    return {"millis": millis, "bot_millis": bot_millis, "iterations": budget.iterations}


def profile(game_id: str, what: str, amount: int, top: int = 30) -> dict[str, Any]:
    """cProfile over a fixed amount of work, so CPython and the browser profile the same
    calls: `amount` random games from seed 1 (`what` "playouts"), or the bot moves of level
    `what` at `amount` positions. The `top` functions by their own time: name, calls, own and
    cumulative seconds, with the profile's total."""
    if what == "playouts":
        game = get_game(game_id)
        setup = game.make_setup({})

        def work() -> None:
            for seed in range(1, amount + 1):
                for _ in play(game, setup, seed):
                    pass
    else:
        requests = [json.dumps({**r, "level": what}) for r in positions(game_id, amount)]

        def work() -> None:
            for text in requests:
                choose_move(text)

    profiler = cProfile.Profile()
    profiler.runcall(work)
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    rows = []
    total = 0.0
    for (path, line, name), (_, calls, own, cumulative, _) in stats.items():
        total += own
        rows.append([f"{_short(path)}:{line}({name})", calls, own, cumulative])
    rows.sort(key=lambda r: -r[2])
    return {"total": total, "rows": rows[:top]}


def _short(path: str) -> str:
    """A function's file, the same in CPython and Pyodide: from our package's folder on, or
    the bare file name (the standard library and built-ins)."""
    for package in ("bugs_core/", "bugs_web/"):
        if package in path:
            return package + path.split(package, 1)[1]
    return path.rsplit("/", 1)[-1]


def run(task: dict[str, Any]) -> Any:
    """One task from its JSON form: {"task": "playouts", "game", "seconds", "runs"} (a list of
    `runs` results, after an untimed second of warming up), {"task": "think", "game",
    "levels", "count"} (a result per level) or {"task": "profile", "game", "what", "amount",
    "top"} (see `profile`)."""
    if task["task"] == "playouts":
        playouts(task["game"], 1.0, seed=10_000)  # let the interpreter warm up (wasm tiers up)
        return [playouts(task["game"], float(task["seconds"])) for _ in range(int(task["runs"]))]
    if task["task"] == "think":
        return {level: think(task["game"], level, int(task["count"])) for level in task["levels"]}
    if task["task"] == "profile":
        playouts(task["game"], 1.0, seed=10_000)  # warm up, as for playouts
        return profile(task["game"], task["what"], int(task["amount"]), int(task["top"]))
    raise ValueError(f"unknown task {task['task']!r}")
