"""Share links: every game round-trips through a link, and every kind of broken link gives a
LinkError that says what is wrong, never another exception and never a different game."""

from __future__ import annotations

import base64
import zlib
from typing import Any

import pytest

from bugs_core.engine import play
from bugs_core.errors import InvalidRecordError
from bugs_core.link import MAX_LINK, LinkError, decode_link, encode_link
from bugs_core.record import SEAT_KINDS, GameRecord, Seat, new_record
from bugs_core.registry import get_game


def played(game_id: str, players: int, seed: int, moves: int | None = None) -> GameRecord:
    """A seeded random game's record, cut after `moves` actions if given."""
    game = get_game(game_id)
    setup = game.make_setup({"players": players})
    seats = [Seat(f"Ana {i}", "human" if i == 0 else "hard") for i in range(players)]
    record = new_record(game_id, game.setup_options(setup), seed, seats)
    for step in play(game, setup, seed):
        if step.action is None or (moves is not None and len(record.actions) >= moves):
            break
        record = record.with_action(step.action)
    return record


def payload(link: str) -> bytearray:
    return bytearray(base64.urlsafe_b64decode(link + "=" * (-len(link) % 4)))


def relink(body: bytes, fix_crc: bool = True) -> str:
    """Bytes back to a link; with a recomputed checksum, as a careful forger would."""
    data = bytes(body[:-4]) + zlib.crc32(bytes(body[:-4])).to_bytes(4, "big") if fix_crc else body
    return base64.urlsafe_b64encode(bytes(data)).decode().rstrip("=")


CASES = [
    ("bugs", 4, 3),
    ("bugs", 6, 9),
    ("bag-of-bugs", 5, 2),
    ("bugspiel", 3, 4),
    ("bugspiel", 2, 8),
]


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_round_trip_whole_and_mid_game(game_id: str, players: int, seed: int) -> None:
    whole = played(game_id, players, seed)
    assert decode_link(encode_link(whole)) == whole
    half = played(game_id, players, seed, len(whole.actions) // 2)
    assert decode_link(encode_link(half)) == half
    assert decode_link("#" + encode_link(half)) == half  # a fragment as location.hash gives it


def test_a_two_player_bugs_game_round_trips() -> None:
    """B35: the 2-seat flag travels in the record, so the link opens the same game."""
    game = get_game("bugs")
    setup = game.make_setup({"players": 2, "allow_two_players": True})
    record = new_record("bugs", game.setup_options(setup), 5)
    for step in play(game, setup, 5):
        if step.action is None or len(record.actions) >= 40:
            break
        record = record.with_action(step.action)
    assert decode_link(encode_link(record)) == record


def test_options_and_names_survive() -> None:
    game = get_game("bugspiel")
    setup = game.make_setup({"players": 2, "board": "large", "target_score": 60})
    record = new_record(
        "bugspiel", game.setup_options(setup), 2**63 + 5, [Seat("Zoë 🐞", "human"), Seat("Bo")]
    )
    back = decode_link(encode_link(record))
    assert back == record
    assert back.setup == {"players": 2, "board": "large", "target_score": 60}


def test_an_illegal_record_has_no_link() -> None:
    record = played("bugspiel", 2, 1, 3)
    broken = GameRecord(
        record.game,
        record.rules_version,
        record.seed,
        record.setup,
        record.seats,
        (*record.actions, "fly E1a E2a"),  # E is not a column of the small board
    )
    with pytest.raises(InvalidRecordError, match="not a legal move"):
        encode_link(broken)


def broken_links() -> list[tuple[str, str, str]]:
    """(label, link, words the message must contain)."""
    good = encode_link(played("bugs", 4, 3, 40))
    body = payload(good)
    flipped = bytearray(body)
    flipped[len(flipped) // 2] ^= 0x10
    newer = bytearray(body)
    newer[0] = 9
    unknown_game = bytearray(body)
    unknown_game[1] = 77
    return [
        ("empty", "", "holds no game"),
        ("hash only", "#", "holds no game"),
        ("not base64url", good[:20] + "!$" + good[22:], "characters"),
        ("too long", "A" * (MAX_LINK + 1), "too long"),
        ("tiny", "AQE", "too short"),
        ("cut", good[: len(good) // 2], "cut short|checksum"),
        ("flipped bit", relink(flipped, fix_crc=False), "checksum"),
        ("newer format", relink(newer), "format 9"),
        ("unknown game", relink(unknown_game), "does not know"),
        ("bytes after the moves", relink(body[:-4] + b"\x00" + body[-4:]), "after its moves"),
    ]


@pytest.mark.parametrize(("label", "link", "words"), broken_links())
def test_broken_links_say_what_is_wrong(label: str, link: str, words: str) -> None:
    with pytest.raises(LinkError, match=words) as caught:
        decode_link(link)
    assert str(caught.value).startswith("invalid record: link: ")


def test_a_forged_move_count_opens_no_illegal_game() -> None:
    """With a recomputed checksum (a deliberate edit, not damage) the link still opens nothing
    but a legal game, replayed through the rules: the shared game's own moves as far as they go
    (the packed number gives the first legal move once it is used up), or a LinkError."""
    record = played("bag-of-bugs", 4, 6, 30)
    body = payload(encode_link(record))
    tail = len(body) - 4
    # Layout: ..., move count, length of the packed moves, the moves, the checksum.
    at = next(i for i in range(tail - 2, 1, -1) if body[i] == 30 and body[i + 1] == tail - i - 2)
    for count in (29, 31, 120):
        forged = bytearray(body)
        forged[at] = count
        try:
            opened = decode_link(relink(forged))
        except LinkError:
            continue
        assert len(opened.actions) == count
        shared = min(count, len(record.actions))
        assert opened.actions[:shared] == record.actions[:shared]


@pytest.mark.parametrize("bad", [None, 5, b"AAAA"])
def test_not_text(bad: Any) -> None:
    with pytest.raises(LinkError, match="a link is text"):
        decode_link(bad)


def test_a_whole_game_stays_short() -> None:
    """The link budgets (docs/design.md, "Records") hold for random games, which are longer than
    bot games."""
    assert len(encode_link(played("bag-of-bugs", 4, 1))) <= 600
    assert len(encode_link(played("bugspiel", 3, 1))) <= 1200


def test_every_seat_kind_round_trips_and_the_old_kinds_keep_their_codes() -> None:
    """A link stores a seat's kind by its place in SEAT_KINDS: expert, the newest level, came
    last, so every link made before it opens as it did."""
    game = get_game("bugs")
    setup = game.make_setup({"players": 4})
    kinds = ("human", "easy", "hard", "expert")
    record = new_record("bugs", game.setup_options(setup), 3, [Seat(k, k) for k in kinds])
    assert decode_link(encode_link(record)).seats == record.seats
    assert SEAT_KINDS[:7] == ("human", "random", "heuristic", "search", "easy", "medium", "hard")
