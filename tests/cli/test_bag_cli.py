"""The command line with Bag of Bugs: simulate prints figures, record and replay tell a game by
turns, a tournament plays every bot in simultaneous windows and in sequential mode."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bugs_core.__main__ import main
from bugs_core.selftest import run_selftest


def run(capsys: pytest.CaptureFixture[str], command: str, *extra: str) -> tuple[int, str, str]:
    """`main` on the words of `command` then the `extra` arguments."""
    code = main([*command.split(), *extra])
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_prints_figures(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate bag-of-bugs --games 20 --players 4 --seed 1")
    assert code == 0, err
    assert "game     Bag of Bugs" in out
    assert "games    20 (seeds 1 to 20)" in out
    assert "winning score" in out


def test_simulate_sequential_mode(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "simulate bag-of-bugs --games 5 --players 3 --option grab_mode=sequential"
    )
    assert code == 0, err
    assert "options  grab_mode=sequential" in out


def test_record_then_replay_by_turns(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bag.json"
    code, _, err = run(
        capsys, "record bag-of-bugs --players 3 --seed 2 --names Ana,Bo,Cy --out", str(path)
    )
    assert code == 0, err
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("Bag of Bugs, 3 players: Ana, Bo and Cy; seed 2;")
    assert lines[2] == "Turn 1 — Ana draws"
    assert lines[3].startswith("Turn 1: Ana takes the bag. Ana draws token 1 of 6: a")
    assert "Turn 2 — Bo draws" in lines
    assert lines[-1].startswith(("Winner: ", "Winners (tied): "))


def test_tournament_in_simultaneous_windows(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys,
        "tournament bag-of-bugs --bots random,heuristic,search --games 2 --players 3 "
        "--budget 5 --no-progress",
    )
    assert code == 0, err
    lines = out.split("\n\n")[0].splitlines()  # the standings, before the outcomes' tables
    assert lines[-1] == "(mean score: higher is better)"
    rows = {line.split()[0]: line.split() for line in lines[1:-1]}
    assert set(rows) == {"random", "heuristic", "search"}
    assert sum(int(r[1]) for r in rows.values()) == 2 * 3


def test_tournament_in_sequential_mode(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys,
        "tournament bag-of-bugs --bots random --games 2 --players 3 "
        "--option grab_mode=sequential --no-progress",
    )
    assert code == 0, err
    assert out.splitlines()[1].split()[:2] == ["random", "6"]


def test_selftest_plays_bag_of_bugs() -> None:
    result = run_selftest(games=10, seed=1, players=5, game_id="bag-of-bugs")
    assert result.games == 10
    assert result.errors == ()


def test_replay_of_a_tampered_record_names_the_ruling(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bag.json"
    assert main(["record", "bag-of-bugs", "--players", "4", "--seed", "3", "--out", str(path)]) == 0
    record = json.loads(path.read_text(encoding="utf-8"))
    record["actions"][0] = "2:claim 1"  # seat 2 (index 1) is the first Drawer of seed 3
    path.write_text(json.dumps(record), encoding="utf-8")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2
    assert "actions[0]" in err
    assert "the Drawer never grabs [rule G33]" in err
