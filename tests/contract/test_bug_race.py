"""Bug Race, registered only for these tests, links, records, replays, undoes and soaks like the
registered games, and the command line plays it with its own flag: a game needs its folder and
its spec, and no line in a shared table."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from bug_race import GAME, SPEC

from bugs_core import registry
from bugs_core.__main__ import main
from bugs_core.bots import BOTS, LEVELS, bot_games, play_bots
from bugs_core.cli_replay import record_game, replay_lines
from bugs_core.engine import name_words
from bugs_core.errors import SetupError
from bugs_core.link import decode_link, encode_link
from bugs_core.record import from_json, replay
from bugs_core.rng import Rng
from bugs_core.soak import soak
from bugs_core.undo import undo_length


@pytest.fixture(autouse=True)
def bug_race() -> Iterator[None]:
    with registry.registered(SPEC):
        yield


def test_it_is_registered_only_while_a_test_asks() -> None:
    assert registry.get_game("bug-race") is GAME
    registry.unregister("bug-race")
    assert "bug-race" not in registry.GAMES and "bug-race" not in registry.SPECS
    with pytest.raises(SetupError, match="unknown game 'bug-race'"):
        registry.get_game("bug-race")
    registry.register(SPEC)
    with pytest.raises(SetupError, match="registered already"):
        registry.register(SPEC)
    other = type("OtherRace", (type(GAME),), {"id": "other-race"})()
    with pytest.raises(SetupError, match="link code 1 is bugs's"):
        registry.register(dataclasses.replace(SPEC, game=other, link_code=1))


@pytest.mark.parametrize("seed", range(8))
def test_links_and_records_round_trip(seed: int) -> None:
    record = record_game("bug-race", {"length": 6 + 3 * seed}, seed, ["Ana", "Bo"])
    link = encode_link(record)
    assert decode_link(link) == record
    assert from_json(record.to_json()) == record
    final = replay(record)
    assert GAME.is_terminal(final)
    lines = replay_lines(record)
    assert lines[0].startswith("Bug Race, 2 players: Ana and Bo")
    assert lines[-1].startswith(("Winner: Ana", "Winner: Bo"))


def test_undo_takes_back_a_move_nothing_revealed() -> None:
    record = record_game("bug-race", {}, 3, moves=5)
    last_seat = replay(dataclasses.replace(record, actions=record.actions[:4])).to_act
    assert undo_length(record, last_seat) == 4


def test_bots_and_levels_play_it() -> None:
    assert "bug-race" in (bot_games("heuristic") or ())
    assert "bug-race" in (bot_games("search") or ())
    for level in LEVELS.values():
        bots = [level.make("bug-race"), BOTS["random"]()]
        final = play_bots(GAME, GAME.make_setup({}), bots, 5, level.budget("bug-race"), True)
        assert GAME.is_terminal(final)
    assert LEVELS["hard"].budget("bug-race").iterations == 60


def test_soak_finds_nothing() -> None:
    outcomes = list(soak("bug-race", 0, 40))
    assert sum(o.violations for o in outcomes) == 0
    assert {o.plan.kind for o in outcomes} == {"bot", "random"}
    assert {o.plan.options.get("length") for o in outcomes} == {None, 20}


def test_command_line_plays_it_with_its_own_flag(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "bug-race", "--length", "8", "--games", "5"]) == 0
    out, err = capsys.readouterr()
    assert "Bug Race" in out and "length=8" in out, err
    assert main(["tournament", "bug-race", "--bots", "heuristic,search", "--games", "2"]) == 0
    assert main(["soak", "bug-race", "--games", "12"]) == 0
    assert main(["simulate", "bug-race", "--length", "8", "--option", "length=9"]) == 2
    assert "give the length once, with --length" in capsys.readouterr().err


def test_the_base_gives_an_end_reason_and_action_kinds() -> None:
    """A game that ends one way need not say how; an action's kind is its class name."""
    state = GAME.initial_state(GAME.make_setup({"length": 6}), Rng(1))
    while not GAME.is_terminal(state):
        assert GAME.action_kind(GAME.legal_actions(state)[-1]) == "crawl"
        state = GAME.apply(state, GAME.legal_actions(state)[-1])
    assert GAME.end_reason(state) == "the game is over"
    assert [name_words(n) for n in ("BuyBonus", "PassLead", "Fly", "HTTPLink")] == [
        "buy bonus",
        "pass lead",
        "fly",
        "http link",
    ]
