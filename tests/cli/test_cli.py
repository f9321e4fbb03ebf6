"""The command line: `simulate`, `record` and `replay`, run in-process through `main` and a few
times as `python -m bugs_core`; every failure a user can cause is one line and exit code 2."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bugs_core import cli_simulate
from bugs_core.__main__ import main

ROOT = Path(__file__).resolve().parents[2]
NAMES = "Ana,Bo,Cy"


def run(capsys: pytest.CaptureFixture[str], command: str, *extra: str) -> tuple[int, str, str]:
    """`main` on the words of `command` then the `extra` arguments (paths, kept whole)."""
    code = main([*command.split(), *extra])
    out, err = capsys.readouterr()
    return code, out, err


def run_module(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONUTF8": "1"}
    return subprocess.run(
        [sys.executable, "-m", "bugs_core", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
    )


def assert_one_error_line(code: int, err: str, *needles: str) -> None:
    assert code == 2
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("bugs_core: error: ")
    for needle in needles:
        assert needle in lines[0]


@pytest.fixture(scope="module")
def full_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole 3-player game, recorded once for the module."""
    path = tmp_path_factory.mktemp("records") / "full.json"
    assert (
        main([*f"record bugs --players 3 --seed 11 --names {NAMES} --out".split(), str(path)]) == 0
    )
    return path


def test_simulate_prints_counts_speed_and_score_statistics(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "simulate bugs --games 3 --players 3 --seed 5")
    assert code == 0
    assert err == ""  # not a terminal and a short run: no progress bar
    assert "games    3 (seeds 5 to 7)" in out
    assert "players  3" in out
    assert "total," in out and "per game" in out
    assert "games/s" in out
    header = next(line for line in out.splitlines() if line.startswith("final score"))
    assert header.split() == ["final", "score", "mean", "stdev", "min", "max", "win", "share"]
    seats = [line for line in out.splitlines() if line.startswith("Seat ")]
    assert [s.split()[1] for s in seats] == ["1", "2", "3"]
    shares = [float(s.split()[-1].rstrip("%")) for s in seats]
    assert sum(shares) == pytest.approx(100.0, abs=0.2)
    assert any(line.startswith("winning score ") for line in out.splitlines())
    assert any(line.startswith("all scores ") for line in out.splitlines())


def test_simulate_is_reproducible_from_its_seed(capsys: pytest.CaptureFixture[str]) -> None:
    runs = [run(capsys, "simulate bugs --games 2 --players 4 --seed 3")[1] for _ in range(2)]
    first, second = ([ln for ln in out.splitlines() if not ln.startswith("speed")] for out in runs)
    assert first == second


def test_simulate_passes_game_options_parsed_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys,
        "simulate bugs --games 2 --players 3 --option repellent_target=previous_seat"
        " --option max_outbreaks_per_play=1",
    )
    assert (code, err) == (0, "")
    assert "options  max_outbreaks_per_play=1, repellent_target=previous_seat" in out


def test_simulate_progress_bar_goes_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate bugs --games 2 --players 3 --progress")
    assert code == 0
    assert "\r[" in err and " 2/2 100%" in err and "games/s" in err
    assert err.endswith("\n")
    assert "[" not in out


def test_replay_of_a_whole_game_tells_every_move_and_the_result(
    full_record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    actions = json.loads(full_record.read_text(encoding="utf-8"))["actions"]
    code, out, err = run(capsys, "replay", str(full_record))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith(f"Bugs, 3 players: Ana, Bo and Cy; seed 11; {len(actions)} moves")
    headers = [line for line in lines if line.startswith("Hand ")]
    assert [h.split(" — ")[0] for h in headers] == [f"Hand {n}" for n in range(1, 7)]
    assert all(h.endswith(" deals") for h in headers)
    moves = [line for line in lines if line.lstrip()[:1].isdigit()]
    assert len(moves) == len(actions)
    assert moves[0].split(". ", 1)[0].strip() == "1"
    assert moves[0].split(". ", 1)[1].split()[0] in NAMES.split(",")
    assert lines[-2].startswith("Final scores: Ana ")
    assert lines[-1].startswith(("Winner: ", "Winners (tied): "))


def test_replay_of_an_unfinished_record_from_stdin_says_who_is_to_act(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, text, _ = run(capsys, f"record bugs --players 3 --seed 2 --names {NAMES} --moves 10")
    assert code == 0
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    code, out, err = run(capsys, "replay -")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[1] == ""
    assert lines[2].startswith("Hand 1 — ")
    assert lines[-1].startswith("The record stops at move 10; ")
    assert lines[-1].split("; ")[1] in {f"{n} to act." for n in NAMES.split(",")}


def test_replay_of_a_tampered_record_names_the_illegal_action(
    full_record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(full_record.read_text(encoding="utf-8"))
    middle = len(data["actions"]) // 2
    data["actions"][middle] = "9x9"  # the deck holds a single 9
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert_one_error_line(code, err, f"actions[{middle}]", "illegal action '9x9'", path.name)
    assert out == ""


@pytest.mark.parametrize(
    ("command", "needle"),
    [
        ("simulate chess --games 1", "unknown game 'chess'"),
        ("simulate bugs --players 9 --games 1", "players must be 3 to 6"),
        ("simulate bugs --players many", "argument --players"),
        ("simulate bugs --games -1", "argument --games: must be at least 1"),
        ("simulate bugs --games 1 --option colour=3", "unknown option 'colour'"),
        ("simulate bugs --option no-equals-sign", "argument --option"),
        ("record bugs --names Ana,Bo", "2 names for a game of 4 players"),
        ("replay no/such/record.json", "cannot read no/such/record.json"),
        ("frobnicate", "invalid choice: 'frobnicate'"),
        ("", "required"),
    ],
)
def test_usage_errors_are_one_line_and_exit_2(
    command: str, needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, command)
    assert_one_error_line(code, err, needle)
    assert out == ""


def test_malformed_json_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "bugs-table/record", ', encoding="utf-8")
    code, _, err = run(capsys, "replay", str(path))
    assert_one_error_line(code, err, "broken.json", "not valid JSON")


def test_ctrl_c_is_one_line_and_exit_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_simulate, "simulate", interrupted)
    code, out, err = run(capsys, "simulate bugs --games 1")
    assert code == 130
    assert err == "bugs_core: interrupted\n"
    assert out == ""


def test_module_runs_simulate() -> None:
    done = run_module(["simulate", "bugs", "--games", "2", "--players", "3"])
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "games/s" in done.stdout and "win share" in done.stdout


def test_module_reports_a_tampered_record_from_stdin(full_record: Path) -> None:
    data = json.loads(full_record.read_text(encoding="utf-8"))
    data["actions"][3] = "9x9"
    done = run_module(["replay", "-"], stdin=json.dumps(data))
    assert_one_error_line(done.returncode, done.stderr, "<stdin>", "actions[3]")
    assert done.stdout == ""


def test_module_reports_an_unknown_command_in_one_line() -> None:
    done = run_module(["frobnicate"])
    assert_one_error_line(done.returncode, done.stderr, "invalid choice: 'frobnicate'")
