"""bugs_web.embed: every embed parameter, a message naming each wrong one, the events a framed
game posts (ready, move, end; plain data)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bugs_core.link import encode_link
from bugs_core.record import GameRecord, Seat, new_record
from bugs_core.registry import get_game
from bugs_core.rng import Rng
from bugs_web.embed import (
    PARAMETERS,
    PLAY,
    REPLAY,
    SOURCE,
    Embed,
    EmbedError,
    EventFeed,
    error_event,
    parse_embed,
    parse_seats,
)
from bugs_web.kits import KITS

PLAYERS = {"bugs": 4, "bag-of-bugs": 3, "bugspiel": 2}


def random_game(game_id: str, seed: int = 3, stop: int | None = None) -> GameRecord:
    """A record of a game played by random moves (to its end, or `stop` moves)."""
    n = PLAYERS[game_id]
    options = {"players": n, **({"target_score": 30} if game_id == "bugspiel" else {})}
    seats = [Seat("Zoe <b>", "human"), *(Seat(f"Bot {i}", "hard") for i in range(1, n))]
    record = new_record(game_id, options, seed, seats)
    game = get_game(game_id)
    state = game.initial_state(game.make_setup(record.setup), Rng(seed))
    pick = random.Random(seed)
    while not game.is_terminal(state) and (stop is None or len(record.actions) < stop):
        action = pick.choice(game.legal_actions(state))
        record = record.with_action(action)
        state = game.apply(state, action)
    return record


def parse(query: str, page_game: str | None = None) -> Embed:
    pairs = [tuple(p.split("=", 1)) for p in query.split("&") if p]
    return parse_embed([(a, b) for a, b in pairs], page_game)


def refused(query: str, page_game: str | None = None) -> EmbedError:
    with pytest.raises(EmbedError) as caught:
        parse(query, page_game)
    return caught.value


# --- parameters ------------------------------------------------------------------------------


def test_the_smallest_address_plays_the_game_with_the_pages_default_seats() -> None:
    embed = parse("game=bugspiel")
    assert embed == Embed("bugspiel", PLAY, (Seat("You", "human"), Seat("Ana", "medium")))
    assert not embed.read_only
    assert [s.kind for s in parse("game=bugs").seats] == ["human", "medium", "medium", "medium"]


def test_every_parameter_of_a_play_address() -> None:
    embed = parse(
        "embed=1&game=bugspiel&mode=play&seats=you,hard,easy&seed=42&pace=0&board=large"
        "&target=50&origin=https://example.org:8443",
        page_game="bugspiel",
    )
    assert embed.game == "bugspiel"
    assert embed.seats == (Seat("You", "human"), Seat("Ana", "hard"), Seat("Bo", "easy"))
    assert embed.seed == 42
    assert embed.pace == "0"
    assert embed.options == {"board": "large", "target_score": 50}
    assert embed.origin == "https://example.org:8443"
    assert set(PARAMETERS) == {
        "embed", "game", "mode", "seats", "record", "seed", "pace", "board", "target", "origin"
    }  # fmt: skip


def test_seats_take_names_people_and_every_level() -> None:
    seats = parse_seats("Zoe:you, easy ,Rex : medium,HARD,person,human", "bugs")
    assert seats == (
        Seat("Zoe", "human"),
        Seat("Ana", "easy"),
        Seat("Rex", "medium"),
        Seat("Bo", "hard"),
        Seat("Player 5", "human"),
        Seat("Player 6", "human"),
    )
    assert parse_seats("easy,easy,easy", "bag-of-bugs")[0] == Seat("Ana", "easy")
    assert parse_seats("a:b:you,easy", "bugspiel")[0] == Seat("a:b", "human")


@pytest.mark.parametrize(
    ("query", "parameter", "words"),
    [
        ("", "game", "missing"),
        ("game=chess", "game", "'chess' is not a game"),
        ("game=bugs&colour=red", "colour", "not an embed parameter"),
        ("game=bugs&seed=1&seed=2", "seed", "twice"),
        ("game=bugs&mode=watch", "mode", "'watch' is not a mode"),
        ("game=bugs&seats=you,easy", "seats", "3 to 6 seats, got 2"),
        ("game=bugspiel&seats=you,easy,easy,easy,easy", "seats", "2 to 4 seats, got 5"),
        ("game=bugspiel&seats=", "seats", "got 0"),
        ("game=bugspiel&seats=you,grandmaster", "seats", "seat 2: 'grandmaster' is not"),
        ("game=bugspiel&seats=:you,easy", "seats", "seat 1: the name before ':' is empty"),
        ("game=bugspiel&seats=" + "x" * 41 + ":you,easy", "seats", "longer than 40"),
        ("game=bugs&seed=-1", "seed", "'-1' is not a whole number"),
        ("game=bugs&seed=" + "9" * 16, "seed", "at most 15 digits"),
        ("game=bugs&seed=abc", "seed", "'abc'"),
        ("game=bugs&pace=5", "pace", "'5' is not a bot speed; use 0, 300, 800, 1600"),
        ("game=bag-of-bugs&pace=800", "pace", "use 0, 900, 1600, 2600"),
        ("game=bugs&board=large", "board", "Bugs has none"),
        ("game=bag-of-bugs&target=50", "target", "Bag of Bugs has none"),
        ("game=bugspiel&board=huge", "board", "'huge' is not a board"),
        ("game=bugspiel&target=5", "target", "'5' is not a score from 10 to 300"),
        ("game=bugspiel&target=lots", "target", "'lots'"),
        ("game=bugs&origin=example.org", "origin", "not an origin"),
        ("game=bugs&origin=https://example.org/", "origin", "no path"),
        ("game=bugs&origin=*", "origin", "'*'"),
        ("game=bugs&mode=replay", "record", "missing"),
        ("game=bugs&mode=play&record=abc", "record", "mode=replay"),
        ("game=bugs&record=%%%", "record", "characters a game link never has"),
        ("game=bugs&record=AQEAAAAA", "record", ""),
    ],
)
def test_every_wrong_value_gets_a_message_naming_its_parameter(
    query: str, parameter: str, words: str
) -> None:
    error = refused(query)
    assert error.parameter == parameter
    assert str(error).startswith(f"{parameter}: ")
    assert words in str(error)


def test_the_game_must_match_the_page_that_reads_it() -> None:
    assert parse("seats=you,easy", page_game="bugspiel").game == "bugspiel"
    error = refused("game=bugs", page_game="bugspiel")
    assert error.parameter == "game"
    assert "does not match this page's game (bugspiel)" in str(error)
    assert set(KITS) == {"bugs", "bag-of-bugs", "bugspiel"}


def test_a_replay_takes_its_seats_from_the_record_and_nothing_else() -> None:
    record = random_game("bugspiel", stop=6)
    link = encode_link(record)
    embed = parse(f"game=bugspiel&record={link}")
    assert embed.mode == REPLAY and embed.read_only
    assert embed.record == record
    assert embed.seats == record.seats
    assert parse(f"game=bugspiel&mode=replay&record={link}&origin=http://127.0.0.1:9").read_only
    for extra in ("seats=you,easy", "seed=3", "board=large", "target=50", "pace=0"):
        error = refused(f"game=bugspiel&record={link}&{extra}")
        assert error.parameter == extra.split("=")[0]
        assert "is for mode=play" in str(error)


def test_a_record_of_another_game_is_refused() -> None:
    link = encode_link(random_game("bag-of-bugs", stop=4))
    error = refused(f"game=bugspiel&record={link}")
    assert str(error) == "record: holds a game of Bag of Bugs, not Bugspiel"


def test_a_damaged_record_link_says_so() -> None:
    link = encode_link(random_game("bugs", stop=10))
    damaged = link[:-3] + ("A" if link[-3] != "A" else "B") + link[-2:]
    error = refused(f"game=bugs&record={damaged}")
    assert error.parameter == "record"
    assert "checksum" in str(error) or "damaged" in str(error)


# --- events ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", list(KITS))
def test_the_feed_reports_ready_each_move_once_and_the_end(game_id: str) -> None:
    record = random_game(game_id)
    feed = EventFeed()
    start = record.first(0)
    first = feed.update(start)
    assert [e["type"] for e in first] == ["ready"]
    assert first[0]["players"][0] == {"name": "Zoe <b>", "kind": "human"}
    assert feed.update(start) == []
    events: list[dict[str, Any]] = []
    for n in range(1, len(record.actions) + 1):
        events += feed.update(record.first(n))
    moves = [e for e in events if e["type"] == "move"]
    assert [e["move_number"] for e in moves] == list(range(1, len(record.actions) + 1))
    assert all(e["source"] == SOURCE and e["game"] == game_id for e in events)
    assert all(isinstance(e["sentence"], str) and e["sentence"] for e in moves)
    assert all(e["action"] is None or e["action"] in record.actions for e in moves)
    end = events[-1]
    assert end["type"] == "end"
    game: Any = get_game(game_id)
    state = game.initial_state(game.make_setup(record.setup), Rng(record.seed))
    for text in record.actions:
        state = game.apply(state, game.parse_action(text))
    assert end["scores"] == list(game.scores(state))
    assert end["winners"] == list(game.winners(state))
    assert end["winner_names"] == [record.seats[s].name for s in end["winners"]]
    assert feed.update(record) == []  # the end is reported once
    json.dumps(events)  # plain data, nothing but JSON


def test_a_secret_choice_is_posted_without_its_notation() -> None:
    record = random_game("bag-of-bugs", stop=30)
    moves = [e for e in EventFeed().update(record) if e["type"] == "move"]
    hidden = [e for e in moves if e["action"] is None]
    assert hidden, "a grab window's choices are secret until it resolves"
    assert all("Grab" not in e["sentence"] or "has chosen" not in e["sentence"] for e in hidden)


def test_a_new_game_in_the_same_frame_is_ready_again() -> None:
    feed = EventFeed()
    one = random_game("bugspiel", seed=1, stop=3)
    two = random_game("bugspiel", seed=2, stop=2)
    assert [e["type"] for e in feed.update(one)] == ["ready", "move", "move", "move"]
    assert [e["type"] for e in feed.update(two)] == ["ready", "move", "move"]


def test_a_replay_feed_posts_ready_and_end_but_no_moves() -> None:
    record = random_game("bugspiel")
    events = EventFeed(mode=REPLAY).update(record)
    assert [e["type"] for e in events] == ["ready", "end"]
    assert events[0]["mode"] == REPLAY and events[0]["moves"] == len(record.actions)


def test_an_error_event_names_the_parameter() -> None:
    assert error_event("bugs", "seed: 'x' is not a whole number", "seed") == {
        "source": SOURCE,
        "type": "error",
        "game": "bugs",
        "message": "seed: 'x' is not a whole number",
        "parameter": "seed",
    }
