"""The benchmark's workloads, in pure Python, so the same code runs in CPython and in the
browser (bench/workload.py loads this file into Pyodide): random playouts, and bot moves
timed exactly as the bot worker makes them (`bot_service.choose_move`: the record replayed,
then the level's bot at its budget).

Every workload is fixed by seeds, so two runs (before and after a change, CPython and the
browser) time the same games and the same positions.
"""

from __future__ import annotations

import json
import time
from collections.abc import Generator, Iterator
from typing import Any

from bugs_core.bots import get_level
from bugs_core.bots.drive import acting_seats
from bugs_core.engine import play
from bugs_core.record import Seat, from_dict, new_record, replay
from bugs_core.registry import get_game
from bugs_web.bot_service import choose_move

GAMES = ("bugs", "bag-of-bugs", "bugspiel")
LEVELS = ("easy", "medium", "hard", "expert")
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


def playout_games(game_id: str, games: int, seed: int = 1) -> dict[str, Any]:
    """The random games of seeds `seed` to `seed + games - 1`: a fixed amount of work, so
    that CPython and the browser time the very same games. Games, actions and seconds."""
    game = get_game(game_id)
    setup = game.make_setup({})
    actions = 0
    started = time.perf_counter()
    for k in range(games):
        for step in play(game, setup, seed + k):
            actions += step.action is not None
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


def think(
    game_id: str, level: str, count: int, seed: int = 1
) -> Generator[None, None, dict[str, Any]]:
    """The bot worker's time per move at `level` over `count` positions, in milliseconds: the
    whole call (`millis`, the record replayed as the worker does, which replays only the moves
    since its last request) and the bot's own choice (`bot_millis`); and the level's budget.
    A generator that pauses after each move, as the worker does between requests (`steps`)."""
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
        yield
    budget = get_level(level).budget(game_id)
    return {"millis": millis, "bot_millis": bot_millis, "iterations": budget.iterations}


def advice(game_id: str, count: int, seed: int = 1) -> Generator[None, None, dict[str, Any]]:
    """The bot worker's time for a hint (`{"ask": "hint"}`, its default budget) and for one
    move of an analysis (`{"ask": "review"}` of that move at the page's playouts), in
    milliseconds, at up to `count` positions where the seat moves on its own turn (a Bag of
    Bugs window is a race: no hint there). A generator that pauses after each call."""
    from bugs_web.analysis_view import PLAYOUTS

    game = get_game(game_id)
    hint_ms: list[float] = []
    review_ms: list[float] = []
    for request in positions(game_id, count * 20, seed):
        if len(hint_ms) >= count:
            break
        record = from_dict(request["record"])
        state = replay(record)
        if game.current_player(state) != request["seat"]:
            continue
        # the analysis rates the move made here: the record goes on by one legal move
        moves = len(record.actions)
        made = record.with_action(str(game.legal_actions(state)[0])).to_dict()
        review = {"ask": "review", "record": made, "seats": [request["seat"]],
                  "playouts": PLAYOUTS, "start": moves, "stop": moves + 1}  # fmt: skip
        for ask, out in (({**request, "ask": "hint"}, hint_ms), ({**request, **review}, review_ms)):
            started = time.perf_counter()
            answer = json.loads(choose_move(json.dumps(ask)))
            out.append(1000 * (time.perf_counter() - started))
            if "error" in answer:
                raise RuntimeError(f"{game_id} {ask['ask']}: {answer['error']}")
            yield
    return {"hint": hint_ms, "review": review_ms}


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

    # here, not at the top: the pages' own standard library leaves cProfile and pstats out
    # (scripts/site_stdlib.py), so only a profile task, run where they exist, imports them
    import cProfile
    import pstats

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


WARM_UP_SLICES = 25
"""Untimed playouts before the timed ones, in slices of a fifth of a second, each its own call
in the browser (see `steps`)."""


def steps(task: dict[str, Any]) -> Generator[None, None, Any]:
    """One task from its JSON form, as a generator that pauses (yields) between units of work
    and returns the result: {"task": "playouts", "game", "seconds", "runs"} (a list of `runs`
    results, after five untimed seconds of warming up), {"task": "think", "game", "levels",
    "count"} (a result per level) or {"task": "profile", "game", "what", "amount", "top"}
    (see `profile`).

    In the browser each unit is its own call into Python, as each of the bot worker's requests
    is: V8 cannot swap a running WebAssembly function for its optimised code (it has no
    on-stack replacement for WebAssembly), and Python runs a whole call in one C frame of its
    interpreter loop, so a single long call would run in the code it started in, however hot.
    """
    if task["task"] == "playouts":
        yield from _warm_up(task["game"])
        results = []
        for _ in range(int(task["runs"])):
            results.append(playouts(task["game"], float(task["seconds"])))
            yield
        return results
    if task["task"] == "warm-up":
        yield from _warm_up(task["game"])
        return {}
    if task["task"] == "think":
        result = {}
        for level in task["levels"]:
            result[level] = yield from think(task["game"], level, int(task["count"]))
        return result
    if task["task"] == "advice":
        return (yield from advice(task["game"], int(task["count"])))
    if task["task"] == "profile":
        yield from _warm_up(task["game"])
        return profile(task["game"], task["what"], int(task["amount"]), int(task["top"]))
    raise ValueError(f"unknown task {task['task']!r}")


def _warm_up(game_id: str) -> Iterator[None]:
    for k in range(WARM_UP_SLICES):
        playouts(game_id, 0.2, seed=10_000 + 1_000 * k)
        yield


def unit(task: dict[str, Any]) -> Any:
    """One unit of work in one call, which the bench asks of a page that has warmed up (see
    `bench/workload.py`): {"task": "games", "game", "games"} is `playout_games`."""
    if task["task"] == "games":
        return playout_games(task["game"], int(task["games"]))
    raise ValueError(f"unknown unit {task['task']!r}")


def run(task: dict[str, Any]) -> Any:
    """`steps(task)` run straight through (CPython): its result."""
    work = steps(task)
    while True:
        try:
            next(work)
        except StopIteration as done:
            return done.value
