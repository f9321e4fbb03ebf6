"""Undo within fairness: the engine says how far a seat may take back its last move,
never across a deal, a draw, a refill from a deck or another seat's hidden cards."""

from __future__ import annotations

from typing import Any

from bugs_core.engine import play
from bugs_core.record import GameRecord, new_record
from bugs_core.registry import get_game
from bugs_core.undo import actor, undo_length


def record_of(game_id: str, players: int, seed: int, actions: list[str]) -> GameRecord:
    game = get_game(game_id)
    record = new_record(game_id, game.setup_options(game.make_setup({"players": players})), seed)
    for a in actions:
        record = record.with_action(a)
    return record


def first_legal(game_id: str, record: GameRecord, kind: str) -> str:
    """The first legal action now whose class is `kind`."""
    from bugs_core.record import replay

    game = get_game(game_id)
    state = replay(record)
    return next(str(a) for a in game.legal_actions(state) if type(a).__name__ == kind)


def test_bugspiel_plays_undo_back_to_my_move() -> None:
    record = record_of("bugspiel", 2, 2, [])
    mine = first_legal("bugspiel", record, "PlayBug")
    record = record.with_action(mine)
    assert undo_length(record, 0) == 0
    # The other seat's play from hand reveals nothing.
    record = record.with_action(first_legal("bugspiel", record, "PlayBug"))
    assert undo_length(record, 0) == 0
    assert undo_length(record, 1) == 1


def test_bugspiel_a_pass_slides_the_markets_so_it_stays() -> None:
    """Decision 12: a Pass refills slot 0 of both markets from the decks, a draw."""
    record = record_of("bugspiel", 2, 2, ["pass"])
    assert undo_length(record, 0) is None


def test_bugspiel_a_purchase_refills_from_the_deck_so_it_stays() -> None:
    record = record_of("bugspiel", 2, 2, ["buy bug 7"])
    assert undo_length(record, 0) is None
    record = record.with_action(first_legal("bugspiel", record, "PlayBug"))
    assert undo_length(record, 1) == 1  # seat 1's own play after the purchase
    assert undo_length(record, 0) is None  # seat 0's purchase drew a card


def test_no_move_of_mine_nothing_to_undo() -> None:
    assert undo_length(record_of("bugspiel", 3, 1, []), 0) is None
    assert undo_length(record_of("bugspiel", 3, 1, ["pass"]), 1) is None


def test_bugs_another_seats_cards_are_never_undone() -> None:
    game = get_game("bugs")
    setup = game.make_setup({"players": 4})
    record = new_record("bugs", game.setup_options(setup), 9)
    seen_play = seen_mine = False
    for step in play(game, setup, 9):
        if step.action is None or len(record.actions) > 60:
            break
        who = actor(game, step.state, step.action)
        record = record.with_action(step.action)
        length = undo_length(record, 0)
        if who == 0:
            # Right after my own move nothing else happened: I may take it back (unless the
            # move ended the hand and a new deal followed).
            if length is not None:
                assert length == len(record.actions) - 1
                seen_mine = True
        elif type(step.action).__name__ not in ("PickUp", "PassLead"):
            assert length is None, "another seat's cards were shown"
            seen_play = True
    assert seen_play and seen_mine


def test_bag_of_bugs_never_back_across_a_draw() -> None:
    game: Any = get_game("bag-of-bugs")
    setup = game.make_setup({"players": 3})
    record = new_record("bag-of-bugs", game.setup_options(setup), 4)
    for step in play(game, setup, 4):
        if step.action is None or len(record.actions) > 40:
            break
        record = record.with_action(step.action)
        if game.apply(step.state, step.action).rng != step.state.rng:
            for seat in range(3):
                assert undo_length(record, seat) is None


def test_every_game_says_what_reveals() -> None:
    from bugs_core.registry import GAMES

    for game in GAMES.values():
        assert callable(getattr(game, "reveals", None)), game.id
