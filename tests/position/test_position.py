"""Position texts (bugs_core.position): every state of seeded games of each title round-trips,
equal states give equal texts, a short hand-written position sets up the game it says, and a
bad text raises PositionError naming its field or the rule it breaks."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from bugs_core.engine import play
from bugs_core.errors import BugsError
from bugs_core.position import PositionError, state_of, text_of
from bugs_core.registry import get_game
from bugs_core.rng import Rng

GAMES: list[tuple[str, Mapping[str, Any], int]] = [
    ("bugs", {"players": 3}, 2),
    ("bugs", {"players": 5, "repellent_target": "previous_seat"}, 1),
    ("bugs", {"players": 2, "allow_two_players": True, "restriction_threshold": "face_sum"}, 1),
    ("bag-of-bugs", {"players": 4}, 3),
    ("bag-of-bugs", {"players": 3, "grab_mode": "sequential"}, 2),
    ("bugspiel", {"players": 2}, 2),
    ("bugspiel", {"players": 3, "board": "large", "target_score": 60}, 1),
]


def states(game_id: str, options: Mapping[str, Any], games: int) -> Iterator[Any]:
    """Every state of `games` seeded random games, first to last."""
    game = get_game(game_id)
    setup = game.make_setup(options)
    for seed in range(1, games + 1):
        for step in play(game, setup, seed):
            yield step.state


@pytest.mark.parametrize(("game_id", "options", "games"), GAMES)
def test_every_state_of_a_game_round_trips(
    game_id: str, options: Mapping[str, Any], games: int
) -> None:
    seen = 0
    for state in states(game_id, options, games):
        text = text_of(game_id, state)
        assert text.startswith(game_id + " ") and "\n" not in text
        read_id, back = state_of(text)
        assert read_id == game_id
        if back != state:
            wrong = [
                f.name
                for f in dataclasses.fields(state)
                if getattr(state, f.name) != getattr(back, f.name)
            ]
            pytest.fail(f"{wrong} differ after a round trip of {text}")
        assert text_of(game_id, back) == text
        seen += 1
    assert seen > 20


@pytest.mark.parametrize(("game_id", "options", "games"), GAMES[::3])
def test_the_game_writes_and_reads_its_own_positions(
    game_id: str, options: Mapping[str, Any], games: int
) -> None:
    """`Game.position_text` and `Game.from_position` are the notation's, for that game only."""
    game = get_game(game_id)
    for n, state in enumerate(states(game_id, options, 1)):
        if n % 7:
            continue
        text = game.position_text(state)
        assert text == text_of(game_id, state) and game.from_position(text) == state
    other = next(g for g in ("bugs", "bugspiel") if g != game_id)
    foreign = text_of(other, next(states(other, {"players": 3}, 1)))
    with pytest.raises(PositionError, match=f"a position of {other}, not of {game_id}"):
        game.from_position(foreign)


def test_a_bugs_lesson_position_is_short_and_sets_up_the_game_it_says() -> None:
    """Three seats; seat 1 faces a swarm of two 3s that seat 0 led; the rest of the deck is in
    the discard so the 54 cards are all there (B3)."""
    hands = "1123O/4455N/6789X"
    deck = get_game("bugs")
    text = f"bugs hands={hands} to=1 phase=respond pile=0:33 value=3 size=2 discard=" + _rest(
        hands + "33"
    )
    game_id, state = state_of(text)
    assert (game_id, state.to_act, state.swarm_size, state.swarm_value) == ("bugs", 1, 2, 3)
    # B13-B15: beat two 3s by value with 4s or 5s (one or two), Net it, or pick it up
    assert {str(a) for a in deck.legal_actions(state)} == {
        "1x4", "1x5", "2x4", "2x5", "net", "pickup"
    }  # fmt: skip
    assert text_of("bugs", state) == text


def _rest(cards: str) -> str:
    """The Bugs cards not in `cards`, as one discard."""
    from bugs_core.bugs.cards import DECK
    from bugs_core.position.bugs import hand_of, hand_text

    held = hand_of(cards.replace("/", ""))
    return hand_text(tuple(d - h for d, h in zip(DECK, held, strict=True)))


def test_a_position_without_a_generator_deals_from_seed_zero() -> None:
    game = get_game("bag-of-bugs")
    state = game.initial_state(game.make_setup({"players": 3}), Rng(7))
    text = text_of("bag-of-bugs", dataclasses.replace(state, rng=Rng(0).getstate()))
    assert "rng=" not in text
    assert "rng=" in text_of("bag-of-bugs", state)


BAD = [
    ("", "", "empty"),
    ("chess rnbqkbnr/pppppppp", "game", "no game 'chess'"),
    ("bugs to=0", "hands", "missing"),
    ("bugs hands=1/2 to=0", "hands", "players must be 3 to 6"),
    ("bugs hands=1Z3/4/5 to=0", "hands", "'Z' is no card"),
    ("bugs hands=1/4/5 to=9", "to", "must be 0 to 2"),
    ("bugs hands=1/4/5 to=0 to=1", "to", "given twice"),
    ("bugs hands=1/4/5 to=0 colour=red", "colour", "no such field"),
    ("bugs hands=1/4/5 to=0 phase=dance", "phase", "one of lead, respond, over"),
    ("bugs hands=1/4/5 to=0 pile=0:34", "pile", "one value"),
    ("bugs hands=1/4/5 to=0 options=wild:true", "options", "wild"),
    ("bugs hands=1/4/5 to=0", "", "cards lost or duplicated"),
    ("bugs hands=1/4/5 to=0 rng=12", "rng", "STATE.INC"),
    ("bugs hands=1/4/5 to", "to", "name=value"),
    ("bag-of-bugs collections=1/2 bag=1,1,1,1,1,1,1,1,1", "collections", "players must be 3 to 5"),
    ("bag-of-bugs collections=-/-/- bag=1,1", "bag", "9 counts"),
    ("bag-of-bugs collections=-/-/Q bag=1,1,1,1,1,1,1,1,1", "collections", "'Q' is no token"),
    ("bag-of-bugs collections=-/-/- bag=1,1,1,1,1,1,1,1,1 claims=-,-", "claims", "Grab tokens"),
    ("bag-of-bugs collections=-/-/- bag=1,1,1,1,1,1,1,1,1", "", "tokens lost or duplicated"),
    ("bugspiel bugs=-/- terrain=AZ", "terrain", "'Z' is none of A, S, G, F"),
    ("bugspiel bugs=-/- terrain=AS", "terrain", "the small board has 10 tiles"),
    ("bugspiel bugs=999/-", "bugs", "must be 0 to 345"),
]


@pytest.mark.parametrize(("text", "field", "words"), BAD)
def test_a_bad_position_is_refused_naming_the_field(text: str, field: str, words: str) -> None:
    with pytest.raises(PositionError) as caught:
        state_of(text)
    assert caught.value.field == field
    assert words in str(caught.value)
    assert isinstance(caught.value, BugsError)
    assert str(caught.value).startswith("invalid position: ")


def test_a_huge_number_or_text_is_refused_not_computed() -> None:
    with pytest.raises(PositionError, match="too long"):
        state_of("bugs hands=" + "1" * 9000)
    with pytest.raises(PositionError, match="to: "):
        state_of("bugs hands=1/4/5 to=" + "9" * 5000)
