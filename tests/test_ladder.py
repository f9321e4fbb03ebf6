"""bugs_core.ladder: the round-robin's schedule, games as pairs, the Bradley-Terry fit with its
intervals, and the targets."""

from __future__ import annotations

import ast
import json
import math
import random
from collections import Counter
from itertools import pairwise
from pathlib import Path

import pytest

from bugs_core import cli_ladder
from bugs_core.__main__ import main
from bugs_core.ladder import RUNGS, Pair, Rating, fit, pairs_of, play, schedule, target_problems

TRUE = {"random": 0.0, "easy": 150.0, "medium": 400.0, "hard": 600.0, "expert": 750.0}


def simulated(games: int, seed: int = 7) -> list[Pair]:
    """Three-seat games whose pairs follow the Elo model with the TRUE ratings."""
    draw = random.Random(seed)
    cycle = schedule(RUNGS, 3)
    pairs = []
    for i in range(games):
        seats = cycle[i % len(cycle)]
        # each seat's performance: its rating plus Gumbel noise (two seats' difference is then
        # logistic: the Elo model exactly); the better performance wins each pair
        shown = [TRUE[s] * math.log(10) / 400 - math.log(-math.log(draw.random())) for s in seats]
        winner = max(range(3), key=lambda k: shown[k])
        scores = [-x for x in shown]  # lower is better, as in Bugs
        pairs += pairs_of(i, seats, (winner,), scores, lower_wins=True)
    return pairs


def test_the_schedule_seats_every_level_equally_and_everywhere() -> None:
    cycle = schedule(RUNGS, 3)
    assert len(cycle) == 10 * 3  # every 3 of 5 levels, in 3 rotations
    assert all(len(set(seats)) == 3 for seats in cycle)
    by_seat = [Counter(seats[k] for seats in cycle) for k in range(3)]
    assert all(set(counts.values()) == {6} for counts in by_seat)
    assert all(len(seats) == 6 for seats in schedule(RUNGS, 6))  # more seats than levels


def test_a_game_counts_as_pairs_between_levels() -> None:
    pairs = pairs_of(4, ("random", "easy", "hard"), (2,), (30.0, 12.0, 12.0), lower_wins=True)
    found = {(p.a, p.b): p.score for p in pairs}
    # hard won (a tie-break over easy's equal score); easy beat random on points
    assert found == {("random", "easy"): 0.0, ("random", "hard"): 0.0, ("easy", "hard"): 0.0}
    tied = pairs_of(0, ("easy", "medium"), (0, 1), (5.0, 5.0), lower_wins=False)
    assert [p.score for p in tied] == [0.5]
    assert pairs_of(0, ("easy", "easy"), (0,), (1.0, 0.0), lower_wins=False) == []


def test_the_fit_finds_the_ratings_that_made_the_games() -> None:
    ratings = fit(simulated(3000))
    assert [r.level for r in ratings] == list(RUNGS)
    assert ratings[0].elo == 0.0
    for r in ratings[1:]:
        assert r.low < TRUE[r.level] < r.high, r
        assert abs(r.elo - TRUE[r.level]) < 60, r
    # more games, narrower intervals
    few = fit(simulated(300))
    assert all(
        a.high - a.low > 2 * (b.high - b.low) for a, b in zip(few[1:], ratings[1:], strict=True)
    )


def test_the_fit_is_finite_when_a_level_won_every_pair() -> None:
    pairs = [Pair(i, "hard", other, 1.0) for i in range(20) for other in ("random", "easy")]
    pairs += [Pair(i, "easy", "random", 0.5) for i in range(20)]
    pairs += [Pair(i, "medium", "easy", 0.5) for i in range(20)]
    pairs += [Pair(i, "expert", "hard", 0.5) for i in range(20)]
    ratings = {r.level: r for r in fit(pairs)}
    assert math.isfinite(ratings["hard"].elo) and ratings["hard"].elo > 300


def test_the_fit_says_which_level_played_no_game() -> None:
    with pytest.raises(ValueError, match="random, hard played no game"):
        fit([Pair(0, "easy", "medium", 1.0)], rungs=("random", "easy", "medium", "hard"))


def test_the_targets() -> None:
    def rating(level: str, elo: float, width: float = 30) -> Rating:
        return Rating(level, elo, elo - width, elo + width, 100, 0.5)

    good = [
        rating("random", 0, 0),
        rating("easy", 150),
        rating("medium", 300),
        rating("hard", 450),
        rating("expert", 600),
    ]
    assert target_problems(good) == []
    close = [*good[:3], rating("hard", 340), good[4]]
    problems = target_problems(close)
    assert "hard is 40 above medium, not 100" in problems
    assert "the intervals of medium and hard overlap" in problems
    assert "hard is less than 200 above easy" in problems


def test_a_ladder_game_is_its_seed_alone() -> None:
    seats = ("random", "easy", "random")
    first = play("bugspiel", {"players": 3}, seats, 5, 0)
    assert first == play("bugspiel", {"players": 3}, seats, 5, 0)
    assert {(p.a, p.b) for p in first} == {("random", "easy"), ("easy", "random")}


def test_the_command_names_a_bad_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "chess", "--games", "1"]) == 2
    assert "chess" in capsys.readouterr().err
    assert main(["ladder", "bugs", "--jobs", "0"]) == 2


def entry(elo: dict[str, int]) -> dict[str, object]:
    ratings = [Rating(level, e, e - 40, e + 40, 24, 0.5) for level, e in elo.items()]
    return cli_ladder.entry_of("bugs", {"players": 3}, ratings, 24, 1)


def test_save_keeps_each_games_table_and_the_command_that_made_it(tmp_path: Path) -> None:
    path = tmp_path / "ladder.json"
    first = entry({"random": 0, "easy": 150, "hard": 400})
    assert first["command"] == "python -m bugs_core ladder bugs --games 24 --seed 1 --players 3"
    cli_ladder.save(path, "bugs", first)
    cli_ladder.save(path, "bugspiel", entry({"random": 0, "easy": 90}))
    cli_ladder.save(path, "bugs", entry({"random": 0, "easy": 170}))  # replaces bugs's alone
    tables = json.loads(path.read_text(encoding="utf-8"))
    assert list(tables) == ["bugs", "bugspiel"]
    assert tables["bugs"]["ratings"]["easy"] == {
        "elo": 170, "low": 130, "high": 210, "games": 24, "score": 0.5
    }  # fmt: skip
    assert "| easy | +170 | +130 .. +210 | 24 | 50.0 % |" in cli_ladder.markdown(
        "bugs", tables["bugs"]
    )


def test_a_bad_save_file_is_named_before_any_game_is_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "ladder.json"
    bad.write_text("[1", encoding="utf-8")
    assert main(["ladder", "bugs", "--games", "200", "--save", str(bad)]) == 2
    assert f"{bad} is not a ladder table" in capsys.readouterr().err
    assert bad.read_text(encoding="utf-8") == "[1"  # left as it was


def test_a_logged_ladder_goes_on_where_it_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    played: list[int] = []

    def fake_play(
        game_id: str, options: dict[str, object], seats: tuple[str, ...], seed: int, index: int
    ) -> list[Pair]:
        played.append(index)  # the stronger level of each pair wins, but random draws easy
        return [
            Pair(
                index,
                a,
                b,
                0.5 if {a, b} == {"random", "easy"} else float(RUNGS.index(a) > RUNGS.index(b)),
            )
            for a, b in pairwise(seats)
        ]

    monkeypatch.setattr(cli_ladder, "play", fake_play)
    log = tmp_path / "bugs.jsonl"
    args = ["ladder", "bugs", "--players", "3", "--jobs", "1", "--log", str(log)]
    main([*args, "--games", "30"])
    whole = capsys.readouterr().out
    assert played == list(range(30)) and len(log.read_text().splitlines()) == 30
    # stopped while writing a line: the cut line is played again, the rest reused
    lines = log.read_text().splitlines()
    log.write_text("\n".join(lines[:20]) + "\n" + lines[20][:17], encoding="utf-8")
    played.clear()
    main([*args, "--games", "30"])
    assert played == list(range(20, 30))
    assert capsys.readouterr().out == whole  # the same table
    # results of other code are not reused
    monkeypatch.setattr(cli_ladder, "code_version", lambda game_id: "another")
    played.clear()
    main([*args, "--games", "2"])
    assert played == [0, 1]
    # a line that is not a logged game, before the last, is named
    log.write_text("oops\n" + log.read_text(), encoding="utf-8")
    assert main([*args, "--games", "2"]) == 2
    assert f"{log} line 1 is not a logged ladder game" in capsys.readouterr().err


def test_a_log_of_older_code_is_carried_over_only_when_a_sample_plays_alike(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    played: list[int] = []
    upset = {"on": False}  # a code change that plays the games differently

    def fake_play(
        game_id: str, options: dict[str, object], seats: tuple[str, ...], seed: int, index: int
    ) -> list[Pair]:
        played.append(index)
        win = 0.0 if upset["on"] else 1.0
        return [Pair(index, a, b, win if RUNGS.index(a) > RUNGS.index(b) else 1 - win)
                for a, b in pairwise(seats)]  # fmt: skip

    monkeypatch.setattr(cli_ladder, "play", fake_play)
    log = tmp_path / "bugs.jsonl"
    args = ["ladder", "bugs", "--players", "3", "--jobs", "1", "--log", str(log), "--games", "20"]
    monkeypatch.setattr(cli_ladder, "code_version", lambda game_id: "old")
    main(args)
    table = capsys.readouterr().out
    # new code that plays alike: 5 games played again, then all 20 count as the new code's
    monkeypatch.setattr(cli_ladder, "code_version", lambda game_id: "new")
    played.clear()
    main([*args, "--carry-over", "5"])
    out, err = capsys.readouterr()
    assert len(played) == 5 and len(set(played)) == 5
    assert "carried over 20 logged games from code old to new: 5 of them" in err
    assert out == table
    assert all(json.loads(line)["code"] == "new" for line in log.read_text().splitlines())
    # code that plays differently: refused, and the log is left as it was
    monkeypatch.setattr(cli_ladder, "code_version", lambda game_id: "newer")
    upset["on"] = True
    before = log.read_text()
    assert main([*args, "--carry-over", "20"]) == 2
    assert "plays differently under this code (newer) than under new" in capsys.readouterr().err
    assert log.read_text() == before
    assert main([*args[:-4], "--games", "2", "--carry-over", "1"]) == 2  # no --log
    assert "--carry-over needs --log" in capsys.readouterr().err
    assert main([*args, "--carry-over", "-1"]) == 2
    assert "--carry-over must be 0 or more" in capsys.readouterr().err


SMALL_LADDERS = [
    # The game, its seats, the levels whose order is checked and the games played: a CI-sized
    # ladder plays what a few dozen games can afford in CI, every level but expert (the
    # heuristic with fewer and fewer slips: bots/levels.py); expert's search costs seconds a
    # move, and the full ladder rates it (README, "Bot levels"). Seeded, so the same code always
    # gives the same table.
    ("bag-of-bugs", {"players": 3}, ("random", "easy", "medium", "hard"), 48),
    ("bugs", {"players": 3}, ("random", "easy", "medium", "hard"), 36),
    ("bugspiel", {"players": 2}, ("random", "easy", "medium", "hard"), 36),
]
KNOWN_OUT_OF_ORDER: dict[str, tuple[str, str]] = {}
"""Neighbours the bots do not yet keep apart, (lower, higher) by game: the test fails once they
are in order, so that an entry goes when the bots get there. None today."""


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "options", "rungs", "games"), SMALL_LADDERS)
def test_a_ci_sized_ladder_keeps_the_levels_in_order(
    game_id: str, options: dict[str, int], rungs: tuple[str, ...], games: int
) -> None:
    cycle = schedule(rungs, options["players"])
    pairs = [
        pair
        for i in range(games)
        for pair in play(game_id, options, cycle[i % len(cycle)], 1 + i, i)
    ]
    ratings = fit(pairs, rungs=rungs)
    table = ", ".join(f"{r.level} {r.elo:+.0f}" for r in ratings)
    print(f"{game_id}: {table}")
    found = [r.level for r in sorted(ratings, key=lambda r: r.elo)]
    gap = KNOWN_OUT_OF_ORDER.get(game_id)
    if gap is None:
        assert found == list(rungs), table
        return
    low, high = gap
    assert found.index(high) < found.index(low), f"{low} and {high} are in order now: {table}"
    # every other neighbour is in order
    swapped = [high if r == low else low if r == high else r for r in rungs]
    assert found == swapped, table


def test_each_games_bots_live_in_modules_named_for_it() -> None:
    """code_version leaves other games' bot modules out of a game's digest: that holds only if
    a game's bots are its own modules (GAME_BOTS's prefix) and shared ones, and shared modules
    and other games' never use them (bots/__init__.py only names them for import)."""
    from bugs_core.registry import SPECS

    assert set(cli_ladder.GAME_BOTS) == set(SPECS)
    prefixes = tuple(cli_ladder.GAME_BOTS.values())
    bots = Path(cli_ladder.__file__).parent / "bots"
    for path in bots.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        used = {
            node.module
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module
        }
        own = next((p for p in prefixes if path.name.startswith(p)), None)
        allowed = {m for m in used if not m.startswith(prefixes) or (own and m.startswith(own))}
        if path.name != "__init__.py":
            assert used == allowed, f"{path.name} uses another game's bots: {used - allowed}"
    for game_id, spec in SPECS.items():
        for factory in (spec.heuristic, spec.search):
            module = factory.__module__.rsplit(".", 1)[-1] if factory else ""
            other = [p for g, p in cli_ladder.GAME_BOTS.items() if g != game_id]
            assert not module.startswith(tuple(other)), (game_id, module)


def test_the_readme_shows_each_saved_table_as_saved() -> None:
    """The README's "Bot levels" tables are pages/ladder.json's (`--save`), which the seat menus
    show: a new table saved without the README following fails here, with the text to paste."""
    root = Path(__file__).resolve().parent.parent
    tables = json.loads((root / "pages" / "ladder.json").read_text(encoding="utf-8"))
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert set(tables) == {"bugs", "bag-of-bugs", "bugspiel"}
    for game_id, entry in tables.items():
        text = cli_ladder.markdown(game_id, entry)
        assert text in readme, f"README lacks {game_id}'s saved table:\n{text}"
