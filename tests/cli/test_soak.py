"""The `soak` command: a short soak of each game, the audits catching deliberately
broken states (so they cannot pass silently), the soak reporting a broken rule with the command
that plays its game again, the same outcome whatever the number of jobs, and one error line for
each bad input."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Iterator
from typing import Any

import pytest

from bugs_core import cli_soak, soak
from bugs_core.__main__ import main
from bugs_core.bag_of_bugs import GAME as BAG
from bugs_core.bag_of_bugs import audit as bag_audit
from bugs_core.bag_of_bugs import rules as bag_rules
from bugs_core.bugs import GAME as BUGS
from bugs_core.bugs import audit as bugs_audit
from bugs_core.bugs import rules as bugs_rules
from bugs_core.bugs.state import Phase
from bugs_core.bugspiel import GAME as SPIEL
from bugs_core.bugspiel import audit as spiel_audit
from bugs_core.bugspiel.actions import BuyBug
from bugs_core.engine import Game, Step, play
from bugs_core.registry import GAMES

SHORT = 30


def run(capsys: pytest.CaptureFixture[str], command: str) -> tuple[int, str, str]:
    code = main(command.split())
    out, err = capsys.readouterr()
    return code, out, err


def steps(game: Game[Any, Any, Any], options: dict[str, Any], seed: int) -> list[Step]:
    """Every step (state, seat, action) of the random game of `seed`, the final one last."""
    return list(play(game, game.make_setup(options), seed))


def with_seat(values: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    return (*values[:seat], value, *values[seat + 1 :])


# --- a short soak of each game ------------------------------------------------------------


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_short_soak_of_each_game_finds_nothing(
    capsys: pytest.CaptureFixture[str], game_id: str
) -> None:
    game = GAMES[game_id]
    span = game.max_players - game.min_players + 1
    start = max(0, span * (soak.bot_every(game_id) - 1) - 12)  # bot games come in the run
    code, out, err = run(capsys, f"soak {game_id} --games {SHORT} --start {start}")
    assert code == 0, out
    assert f"games       {SHORT} (seeds {start} to {start + SHORT - 1})" in out
    assert "violations  0" in out
    for n in range(game.min_players, game.max_players + 1):
        assert f"{n} players, random seats" in out
    assert "bot seats" in out
    assert "Traceback" not in err


def test_plans_cover_every_player_count_and_a_quarter_of_bot_games() -> None:
    for game in GAMES.values():
        span = game.max_players - game.min_players + 1
        variants = len(soak.soak_options(game.id))
        every = soak.bot_every(game.id)
        seeds = range(span * every * variants)
        plans = [soak.plan(game, seed) for seed in seeds]
        counts = {n: sum(p.players == n for p in plans) for n in range(game.min_players, 7)}
        assert {n: c for n, c in counts.items() if c} == {
            n: len(plans) // span for n in range(game.min_players, game.max_players + 1)
        }
        assert sum(p.kind == soak.BOTS for p in plans) == len(plans) // every
        options = {tuple(sorted(p.options.items())) for p in plans}
        assert len(options) == span * len({tuple(v.items()) for v in soak.soak_options(game.id)})
        assert all(len(p.seats) == p.players for p in plans if p.seats)
    assert soak.plan(BUGS, 5, players=4).players == 4
    assert soak.plan(BUGS, 3, mix=()).kind == soak.RANDOM


def test_same_outcomes_whatever_the_number_of_jobs() -> None:
    alone = list(soak.soak("bag-of-bugs", 40, 12, jobs=1))
    shared = list(soak.soak("bag-of-bugs", 40, 12, jobs=2, chunk=5))
    assert alone == shared
    assert [o.plan.seed for o in shared] == list(range(40, 52))


def test_progress_lines_go_to_stderr() -> None:
    out, err = io.StringIO(), io.StringIO()
    code = cli_soak.run("bag-of-bugs", 3, 0, 1, 3, "none", out, err, every=0.0)
    assert code == 0
    lines = err.getvalue().splitlines()
    assert len(lines) == 3
    assert lines[-1].startswith("bugs_core soak bag-of-bugs: 3/3 games, ")
    assert "games/s, ETA " in lines[-1] and lines[-1].endswith(", 0 violations")
    assert "3 players, random seats" in out.getvalue()


# --- the audits catch broken states -------------------------------------------------------


def test_bugs_audit_catches_a_duplicated_card_and_a_score_off_by_one() -> None:
    every = steps(BUGS, {"players": 3}, 2)
    before, action, after = every[40].state, every[40].action, every[41].state
    assert bugs_audit.start(every[0].state) == []
    assert bugs_audit.step(before, action, after) == []
    hand = with_seat(after.hands[0], 5, after.hands[0][5] + 1)
    extra = dataclasses.replace(after, hands=with_seat(after.hands, 0, hand))
    assert any("cards lost or duplicated" in v for v in bugs_audit.step(before, action, extra))
    # A score off by one: mid-hand (nothing may score) and at the end (the recount).
    off = dataclasses.replace(after, scores=with_seat(after.scores, 1, after.scores[1] + 1))
    assert any("scores changed" in v for v in bugs_audit.step(before, action, off))
    final = every[-1].state
    assert final.phase is Phase.GAME_OVER and bugs_audit.final(final) == []
    wrong = dataclasses.replace(final, scores=with_seat(final.scores, 0, final.scores[0] - 1))
    assert any("not the sums of the hand scores" in v for v in bugs_audit.final(wrong))
    last = final.last_hand
    assert last is not None
    points = with_seat(last.points, 2, last.points[2] + 1)
    forged = dataclasses.replace(
        final,
        last_hand=dataclasses.replace(last, points=points),
        hand_scores=(*final.hand_scores[:-1], points),
        scores=with_seat(final.scores, 2, final.scores[2] + 1),
    )
    assert any("its cards left say" in v for v in bugs_audit.final(forged))
    unfinished = dataclasses.replace(final, phase=Phase.LEAD)
    assert any("before it was over" in v for v in bugs_audit.final(unfinished))


def test_bag_audit_catches_a_duplicated_token_and_a_score_off_by_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    every = steps(BAG, {"players": 4}, 7)
    before, action, after = every[30].state, every[30].action, every[31].state
    final = every[-1].state
    assert bag_audit.start(every[0].state) == []
    assert bag_audit.step(before, action, after) == []
    assert bag_audit.final(final) == []
    collection = with_seat(after.collections[1], 0, after.collections[1][0] + 1)
    extra = dataclasses.replace(after, collections=with_seat(after.collections, 1, collection))
    found = bag_audit.step(before, action, extra)
    assert any("tokens lost or duplicated" in v for v in found)
    early = dataclasses.replace(final, rock_pairs=final.rock_pairs - 1)
    assert any("Rock pairs, not" in v for v in bag_audit.final(early))
    # Bag of Bugs works its scores out from the collections: make the rules' count one off.
    real = bag_rules.scores
    monkeypatch.setattr(bag_rules, "scores", lambda s: tuple(p + 1 for p in real(s)))
    assert any("recounted from the collections" in v for v in bag_audit.final(final))


def test_bugspiel_audit_catches_a_duplicated_card_and_a_score_off_by_one() -> None:
    first = steps(SPIEL, {"players": 3, "board": "large"}, 4)[0].state
    assert spiel_audit.start(first) == []
    seat = first.to_act
    slot = next(i for i, c in enumerate(first.bug_market) if c is not None)
    bought = SPIEL.apply(first, BuyBug(slot))
    assert spiel_audit.step(first, BuyBug(slot), bought) == []
    off = dataclasses.replace(
        bought, scores=with_seat(bought.scores, seat, bought.scores[seat] + 1)
    )
    assert any("recounted" in v for v in spiel_audit.step(first, BuyBug(slot), off))
    card = bought.bug_hands[seat][0]
    hand = tuple(sorted((*bought.bug_hands[seat], card)))
    doubled = dataclasses.replace(bought, bug_hands=with_seat(bought.bug_hands, seat, hand))
    assert any("lost or doubled" in v for v in spiel_audit.step(first, BuyBug(slot), doubled))
    assert any("two places" in v for v in spiel_audit.start(doubled))
    stray = dataclasses.replace(bought, owners=with_seat(bought.owners, 0, seat))
    assert any("owner does not match" in v for v in spiel_audit.step(first, BuyBug(slot), stray))
    assert spiel_audit.legal(first, SPIEL.legal_actions(first)) == []
    assert spiel_audit.legal(first, SPIEL.legal_actions(first)[1:]) != []


# --- the soak reports what breaks ---------------------------------------------------------


def test_a_broken_rule_is_reported_with_the_command_that_replays_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = bugs_rules._pick_up

    def pick_up_and_lose_a_card(state: Any) -> Any:
        after = real(state)
        seat = state.to_act
        hand = after.hands[seat]
        kind = next(k for k, n in enumerate(hand) if n)
        return dataclasses.replace(
            after, hands=with_seat(after.hands, seat, with_seat(hand, kind, hand[kind] - 1))
        )

    monkeypatch.setattr(bugs_rules, "_pick_up", pick_up_and_lose_a_card)
    code, out, err = run(capsys, "soak bugs --games 2 --start 8 --players 4 --bots none")
    assert code == 1
    assert "violations  0" not in out
    assert "first violations:" in out
    assert "seed 8, after " in out and "cards lost or duplicated" in out
    assert "again: python -m bugs_core soak bugs --start 8 --games 1 --players 4 --bots none" in out
    assert "Traceback" not in err


def test_a_record_that_replays_elsewhere_and_a_crash_are_violations(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(soak, "replay", lambda record: None)
    outcome = soak.soak_one("bag-of-bugs", 3, None, ())
    assert outcome.violations == 1
    assert outcome.kept[0].message == "the record replays to another final state"
    assert outcome.kept[0].step == outcome.actions

    def boom(record: Any) -> Any:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(soak, "replay", boom)
    outcome = soak.soak_one("bag-of-bugs", 3, None, ())
    assert outcome.kept[0].message == "crashed: ZeroDivisionError: division by zero"


def test_an_interrupt_prints_the_partial_summary(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = soak.soak

    def two_then_interrupt(*args: Any, **kwargs: Any) -> Iterator[soak.Outcome]:
        games = real(*args, **kwargs)
        yield next(games)
        yield next(games)
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_soak, "soak", two_then_interrupt)
    code, out, err = run(capsys, "soak bag-of-bugs --games 50")
    assert code == 130
    assert "Bag of Bugs (interrupted)" in out
    assert "games       2 (seeds 0 to 1)" in out
    assert err.strip() == "bugs_core: interrupted"


# --- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "needle"),
    [
        ("soak chess", "unknown game 'chess'"),
        ("soak bugs --games 0", "--games: must be at least 1, got 0"),
        ("soak bugs --games many", "--games: expected a whole number, got 'many'"),
        ("soak bugs --start -1", "--start: must be from 0"),
        ("soak bugs --jobs 0", "--jobs: must be from 1 to 64, got 0"),
        ("soak bugs --players 9", "bugs: players must be 3 to 6"),
        ("soak bugspiel --players 1", "players"),
        ("soak bugs --bots easy,wizard", "unknown seat 'wizard' in the bots mix"),
        ("soak", "the following arguments are required: game"),
    ],
)
def test_bad_input_is_one_error_line(
    capsys: pytest.CaptureFixture[str], command: str, needle: str
) -> None:
    code, out, err = run(capsys, command)
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("bugs_core: error: ") and needle in lines[0]


@pytest.mark.soak
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_long_soak(capsys: pytest.CaptureFixture[str], game_id: str) -> None:
    """2,000 games of each game on two processes, from seed 1,000,000 (the lead's 100,000-game
    runs use the command line and go in the closing note)."""
    code, out, _ = run(capsys, f"soak {game_id} --games 2000 --start 1000000 --jobs 2")
    assert code == 0, out
    assert "violations  0" in out
