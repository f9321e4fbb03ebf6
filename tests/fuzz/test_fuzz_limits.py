"""The size caps: the largest inputs each reader agrees to take, and those just over, come back
fast with our own error and a bounded peak of memory, and the caps are applied before any
decoding or parsing starts."""

from __future__ import annotations

import gc
import json
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest
from fuzz_inputs import to_link, varint

from bugs_core import link, record
from bugs_core.errors import BugsError, InvalidRecordError
from bugs_core.link import MAX_LINK, LinkError, decode_link
from bugs_core.record import MAX_ACTIONS, MAX_TEXT, from_json
from bugs_core.registry import GAMES, spec_of_code

MB = 1 << 20
SECONDS = 3.0
"""Bound on each call's CPU time (not wall time, which a loaded CI machine stretches), measured
under tracemalloc, which slows Python down two- to threefold: the slowest case, the longest Bugs
replay a link can ask for, takes about half a second of CPU."""


def measured(call: Callable[[], Any]) -> tuple[BugsError, float, int]:
    """The error the call raised (it must raise ours), its CPU seconds and its peak of memory
    allocated on top of what existed before, in bytes."""
    gc.collect()
    tracemalloc.start()
    start = time.process_time()
    try:
        call()
    except BugsError as e:
        error = e
    else:
        pytest.fail("the call succeeded; every input here is one a reader must refuse")
    finally:
        seconds = time.process_time() - start
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert str(error).strip()
    return error, seconds, peak


def _body(code: int, setup: bytes, seats: int, count: int, moves: bytes) -> bytes:
    """A link's body by the version 1 layout: seed 1, the game's current rules version (so the
    link is read as far as its moves), named seats."""
    spec = spec_of_code(code)
    rules = b"1" if spec is None else spec.game.rules_version.encode()
    out = bytes([1, code]) + varint(1) + varint(len(rules)) + rules + varint(len(setup)) + setup
    out += varint(seats) + b"".join(bytes([0]) + varint(1) + bytes([65 + i]) for i in range(seats))
    return out + varint(count) + varint(len(moves)) + moves


def largest_link(code: int, setup: dict[str, Any], fill: bytes) -> str:
    """A link of exactly MAX_LINK characters with a right checksum, claiming MAX_ACTIONS moves
    packed in as many bytes of `fill` as fit: the longest replay a link can ask for."""
    options = json.dumps(setup).encode()
    seats = setup["players"]
    room = MAX_LINK * 3 // 4 - len(_body(code, options, seats, MAX_ACTIONS, b"")) - 4 - 2
    text = to_link(_body(code, options, seats, MAX_ACTIONS, fill * room) + bytes(4), fix_crc=True)
    assert len(text) == MAX_LINK - 1 or len(text) == MAX_LINK
    return text


GAME_NAMES = ("Bugs", "Bag of Bugs", "Bugspiel")
LINKS = {
    "just over the cap": "A" * (MAX_LINK + 1),
    # Version 1 and a known game, so that the checksum and then the fields are read.
    "at the cap, random": to_link(
        b"\x01\x01" + (bytes(range(256)) * 48)[: MAX_LINK * 3 // 4 - 2], fix_crc=False
    ),
    "at the cap, checksum right": to_link(b"\x01\x01" + bytes(MAX_LINK * 3 // 4 - 2), True),
    "Bugs, longest replay": largest_link(
        1, {"players": 3, "max_actions_per_hand": 100_000}, b"\x80"
    ),
    "Bag of Bugs, longest replay": largest_link(2, {"players": 5}, b"\x00"),
    "Bugspiel, longest replay": largest_link(3, {"players": 4, "board": "large"}, b"Z"),
    "setup nested 4000 deep": to_link(_body(1, b"[" * 4000, 3, 0, b"") + bytes(4), fix_crc=True),
    "move count 2**64": to_link(_body(1, b'{"players":3}', 3, 2**64, b"") + bytes(4), fix_crc=True),
    "seat count 2**64": to_link(
        _body(1, b'{"players":3}', 0, 0, b"")[:-3] + varint(2**64) + bytes(4), fix_crc=True
    ),
    "a name of 5000 bytes": to_link(
        _body(1, b'{"players":3}', 0, 0, b"")[:-3]
        + varint(1)
        + b"\0"
        + varint(5000)
        + b"n" * 5000
        + bytes(4),
        fix_crc=True,
    ),
}


def test_the_largest_links_are_as_large_as_a_link_may_be() -> None:
    assert len(LINKS["just over the cap"]) == MAX_LINK + 1
    assert len(LINKS["at the cap, random"]) == len(LINKS["at the cap, checksum right"]) == MAX_LINK
    assert all(len(LINKS[f"{game}, longest replay"]) >= MAX_LINK - 1 for game in GAME_NAMES)


@pytest.mark.parametrize("text", LINKS.values(), ids=LINKS.keys())
def test_largest_links_are_refused_fast_in_little_memory(text: str) -> None:
    error, seconds, peak = measured(lambda: decode_link(text))
    assert isinstance(error, LinkError)
    assert seconds < SECONDS
    assert peak < 4 * MB, f"{peak / MB:.1f} MB"


def _no_decoding(*args: Any) -> Any:
    raise AssertionError("decoded before the size was checked")


def test_link_length_is_checked_before_decoding(monkeypatch: pytest.MonkeyPatch) -> None:
    class NoBase64:
        urlsafe_b64decode = staticmethod(_no_decoding)

    monkeypatch.setattr(link, "base64", NoBase64)
    with pytest.raises(LinkError, match="too long"):
        decode_link("A" * (MAX_LINK + 1))


def test_record_size_is_checked_before_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    class NoJson:
        loads = staticmethod(_no_decoding)

    monkeypatch.setattr(record, "json", NoJson)
    with pytest.raises(InvalidRecordError, match="larger than"):
        from_json(" " * (MAX_TEXT + 1))
    with pytest.raises(InvalidRecordError, match="larger than"):
        from_json(b"[" * (MAX_TEXT + 1))


def _record(**fields: Any) -> str:
    data = {
        "format": "bugs-table/record",
        "version": 1,
        "game": "bugs",
        "rules_version": "1",
        "seed": 1,
        "setup": {"players": 3},
        "seats": [{"name": n} for n in "ABC"],
        "actions": [],
    }
    return json.dumps({**data, **fields})


def _padded(text: str) -> str:
    """The text filled with spaces up to exactly MAX_TEXT characters."""
    return text + " " * (MAX_TEXT - len(text))


RECORDS = {
    "just over the cap": "[" * (MAX_TEXT + 1),
    "nested 10**6 deep, at the cap": "[" * (MAX_TEXT // 2) + "]" * (MAX_TEXT // 2),
    "objects nested deep, at the cap": _padded('{"a":' * (MAX_TEXT // 6)),
    "a number of a million digits": '{"seed": ' + "7" * 1_000_000 + "}",
    "seed 2**64": _record(seed=2**64),
    "players 2**64": _record(setup={"players": 2**64}),
    "MAX_ACTIONS + 1 actions": _record(actions=["pass"] * (MAX_ACTIONS + 1)),
    "MAX_ACTIONS actions, padded to the cap": _padded(_record(actions=["1x1"] * MAX_ACTIONS)),
    "an action of a million characters": _record(actions=["1x" * 500_000]),
    "400,000 seats": _record(seats=[{}] * 400_000),
    "a name of a million characters": _record(seats=[{"name": "n" * 1_000_000}, {}, {}]),
}


@pytest.mark.parametrize("text", RECORDS.values(), ids=RECORDS.keys())
def test_largest_records_are_refused_fast_in_bounded_memory(text: str) -> None:
    assert len(text) <= MAX_TEXT + 1
    error, seconds, peak = measured(lambda: record.replay(from_json(text)))
    assert isinstance(error, InvalidRecordError)
    assert seconds < SECONDS
    # The text itself is up to 2 MB; parsing it may take a few times that, never more.
    assert peak < 48 * MB, f"{peak / MB:.1f} MB"


LONG_ACTIONS = (
    "1" * MAX_TEXT,
    "play " + "a" * MAX_TEXT,
    "play Coccinella_septempunctata A" + "1" * MAX_TEXT + "a",
    "buy bug " + "9" * MAX_TEXT,
    "take " + "c1+" * (MAX_TEXT // 3),
    " " * MAX_TEXT + "pass" + "\u3000" * MAX_TEXT,
)


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("text", LONG_ACTIONS, ids=lambda t: t[:12].strip() or "spaces")
def test_longest_actions_parse_fast_in_little_memory(game_id: str, text: str) -> None:
    """An action is at most a whole record's text long; each parser reads or refuses it fast,
    with a message of reasonable length."""
    game = GAMES[game_id]
    gc.collect()
    tracemalloc.start()
    start = time.process_time()
    try:
        game.parse_action(text)
        message = ""
    except BugsError as e:
        message = str(e)
    finally:
        seconds = time.process_time() - start
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert seconds < SECONDS
    assert peak < 48 * MB, f"{peak / MB:.1f} MB"
    assert len(message) < 1000
