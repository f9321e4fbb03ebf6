"""What CPython says, for the Firefox suite (Node calls this, then checks the browser against it).

python e2e/firefox/oracle.py selftest GAMES SEED PLAYERS   the self-test's digest
python e2e/firefox/oracle.py bugs-link SEED AT_LEAST        a share link of a Bugs game mid-way
python e2e/firefox/oracle.py spiel-playable < RECORD_JSON   the bugs the person may play now
python e2e/firefox/oracle.py precache [ROOT]               what the service worker precaches

Each prints one line of JSON. Run it from the repository root with `web` on PYTHONPATH (the
helper in this folder does).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "web"), str(ROOT / "scripts")]

from bugs_core.bugspiel.actions import PlayBug  # noqa: E402
from bugs_core.link import encode_link  # noqa: E402
from bugs_core.record import Seat, from_json, new_record, replay  # noqa: E402
from bugs_core.registry import get_game  # noqa: E402
from bugs_core.selftest import run_selftest  # noqa: E402
from bugs_web.games.bugs.session import Session  # noqa: E402


def selftest(games: int, seed: int, players: int) -> dict[str, Any]:
    """The digest the landing page's self-test must show for these arguments."""
    result = run_selftest(games, seed, players)
    return {"digest": result.digest, "errors": list(result.errors), "games": result.games}


def bugs_link(seed: int, at_least: int) -> dict[str, Any]:
    """A Bugs game of random legal moves (you and two easy bots), at least `at_least` of them,
    stopped where you are to move: its share link, its move count and its last log line."""
    seats = [Seat("You"), Seat("Ana", "easy"), Seat("Bo", "easy")]
    rules = get_game("bugs")
    record = new_record("bugs", {"players": len(seats)}, seed, seats)
    state = replay(record)
    pick = random.Random(seed)
    while True:
        mine = len(record.actions) >= at_least and rules.current_player(state) == 0
        if mine:
            last = Session.replay_steps(record)[-1]
            if last.my_turn():
                return {
                    "link": encode_link(record),
                    "moves": len(record.actions),
                    "last_log": last.log[-1],
                }
        action = pick.choice(rules.legal_actions(state))
        record = record.with_action(action)
        state = rules.apply(state, action)


def spiel_playable(record_json: str) -> list[int]:
    """The bug cards the player to act may put on the board now, by id."""
    record = from_json(record_json)
    rules = get_game("bugspiel")
    return sorted({a.card for a in rules.legal_actions(replay(record)) if isinstance(a, PlayBug)})


def precache(root: Path) -> dict[str, Any]:
    """The manifest the last build wrote for the service worker: its cache name and files."""
    import site_build

    return site_build.built_precache(root)


def main(argv: list[str]) -> int:
    """Answer one question; the answer is one line of JSON on stdout."""
    command, *args = argv
    answer: Any
    if command == "selftest":
        games, seed, players = map(int, args)
        answer = selftest(games, seed, players)
    elif command == "bugs-link":
        seed, at_least = map(int, args)
        answer = bugs_link(seed, at_least)
    elif command == "spiel-playable":
        answer = spiel_playable(sys.stdin.read())
    elif command == "precache":
        answer = precache(Path(args[0]) if args else ROOT / "public")
    else:
        print(f"unknown question: {command}", file=sys.stderr)
        return 2
    print(json.dumps(answer))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
