"""Share links: a game record in a compact binary form, base64url, for a URL's fragment.

The moves are not written as notation but as each move's position in the legal list at its
moment, all of them packed into one mixed-radix integer: a forced move costs nothing, a choice
among n costs log2(n) bits. Decoding therefore replays the game through the rules, so a link can
only ever open a legal game; a CRC-32 over the whole payload catches a damaged or edited link
before that, and every length is capped before anything is allocated (no decompression at all).

Layout (version 1): version byte, game code byte, seed, rules version, setup (compact JSON),
seats (kind byte and name each), move count, the packed moves (length-prefixed, big-endian),
then the CRC-32 of all of it. Numbers are unsigned LEB128 varints; text is a varint byte length
and UTF-8.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Iterator
from typing import Any

from .errors import BugsError, InvalidRecordError
from .record import (
    MAX_ACTIONS,
    SEAT_KINDS,
    SEED_LIMIT,
    GameRecord,
    Seat,
    from_dict,
)
from .registry import SPECS, get_game, spec_of_code
from .rng import Rng

__all__ = [
    "LINK_VERSION",
    "MAX_LINK",
    "LinkError",
    "decode_link",
    "encode_link",
    "link_code",
]

LINK_VERSION = 1
"""The binary layout's version, the payload's first byte."""
MAX_LINK = 16_384
"""Most characters of a link we agree to read: far above any real game, far below harm."""
_MAX_TEXT = 4_096
"""Most bytes of one text field (names are 40 characters; the setup is a few options)."""
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")


class LinkError(InvalidRecordError):
    """A share link that cannot open a game: says what is wrong with it in plain words."""

    def __init__(self, reason: str) -> None:
        super().__init__("link", reason)


# --- bytes ----------------------------------------------------------------------------------


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _text(s: str) -> bytes:
    data = s.encode("utf-8")
    return _varint(len(data)) + data


class _Reader:
    """Reads the payload front to back; every read names the field if the bytes run out."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def byte(self, field: str) -> int:
        if self.at >= len(self.data):
            raise LinkError(f"the link is cut short: it ends inside the {field}")
        self.at += 1
        return self.data[self.at - 1]

    def varint(self, field: str, limit: int) -> int:
        n = shift = 0
        while True:
            b = self.byte(field)
            n |= (b & 0x7F) << shift
            if n >= limit:
                raise LinkError(f"the link's {field} is out of range")
            if not b & 0x80:
                return n
            shift += 7

    def raw(self, field: str, size: int) -> bytes:
        if self.at + size > len(self.data):
            raise LinkError(f"the link is cut short: it ends inside the {field}")
        self.at += size
        return self.data[self.at - size : self.at]

    def text(self, field: str) -> str:
        size = self.varint(field, _MAX_TEXT + 1)
        try:
            return self.raw(field, size).decode("utf-8")
        except UnicodeDecodeError:
            raise LinkError(f"the link's {field} is not valid text") from None


def link_code(game_id: str) -> int:
    """The game's byte in a link (its spec's `link_code`); InvalidRecordError for a game the
    registry does not know."""
    spec = SPECS.get(game_id)
    if spec is None:
        raise InvalidRecordError("game", f"{game_id!r} has no link code")
    return spec.link_code


# --- moves as legal-list positions -----------------------------------------------------------


def _positions(record: GameRecord) -> Iterator[tuple[int, int]]:
    """(position in the legal list, length of the list) for each action, replaying the game."""
    game = get_game(record.game)
    state = game.initial_state(game.make_setup(record.setup), Rng(record.seed))
    for i, text in enumerate(record.actions):
        legal = game.legal_actions(state)
        try:
            action = game.parse_action(text)
            where = legal.index(action)
        except (BugsError, ValueError):
            raise InvalidRecordError(
                f"actions[{i}]", f"{text!r} is not a legal move at that point"
            ) from None
        yield where, len(legal)
        state = game.apply(state, action)


def _pack(positions: list[tuple[int, int]]) -> int:
    value = 0
    for where, size in reversed(positions):
        value = value * size + where
    return value


# --- encode / decode --------------------------------------------------------------------------


def encode_link(record: GameRecord) -> str:
    """The record as base64url text (no padding); InvalidRecordError if a move is not legal."""
    code = link_code(record.game)
    packed = _pack(list(_positions(record)))
    moves = packed.to_bytes((packed.bit_length() + 7) // 8, "big")
    setup = json.dumps(dict(record.setup), separators=(",", ":"), sort_keys=True)
    body = bytearray([LINK_VERSION, code])
    body += _varint(record.seed) + _text(record.rules_version) + _text(setup)
    body += _varint(len(record.seats))
    for seat in record.seats:
        body += bytes([SEAT_KINDS.index(seat.kind)]) + _text(seat.name)
    body += _varint(len(record.actions)) + _varint(len(moves)) + moves
    body += zlib.crc32(body).to_bytes(4, "big")
    return base64.urlsafe_b64encode(bytes(body)).decode("ascii").rstrip("=")


def _payload(text: str) -> bytes:
    if not isinstance(text, str):
        raise LinkError("a link is text")
    text = text.strip().removeprefix("#")
    if not text:
        raise LinkError("the link holds no game")
    if len(text) > MAX_LINK:
        raise LinkError(f"the link is too long ({len(text)} characters; at most {MAX_LINK})")
    if not _BASE64URL.fullmatch(text):
        raise LinkError("the link has characters a game link never has (it may have been cut)")
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise LinkError("the link is cut short or damaged") from None
    if len(data) < 6:
        raise LinkError("the link is cut short: too short to hold a game")
    body, crc = data[:-4], int.from_bytes(data[-4:], "big")
    if body[0] != LINK_VERSION:
        raise LinkError(
            f"the link was made in link format {body[0]}; this site reads format {LINK_VERSION}"
            + (" (it may be from a newer Bugs Table)" if body[0] > LINK_VERSION else "")
        )
    if zlib.crc32(body) != crc:
        raise LinkError("the link is damaged or was edited: its checksum does not match")
    return body


def decode_link(text: str) -> GameRecord:
    """The record a link holds, every move replayed through the rules; LinkError (an
    InvalidRecordError) saying plainly what is wrong otherwise."""
    reader = _Reader(_payload(text))
    reader.byte("version")
    code = reader.byte("game")
    spec = spec_of_code(code)
    if spec is None:
        raise LinkError(f"the link is for a game this site does not know (code {code})")
    seed = reader.varint("seed", SEED_LIMIT)
    rules_version = reader.text("rules version")
    try:
        setup: Any = json.loads(reader.text("setup"))
    # RecursionError: a forged setup of [[[... over a thousand deep (4 KB allow four thousand).
    except (ValueError, RecursionError):
        raise LinkError("the link's setup is not readable") from None
    seats = []
    for i in range(reader.varint("seat count", 17)):
        kind = reader.byte(f"seat {i + 1}")
        if kind >= len(SEAT_KINDS):
            raise LinkError(f"seat {i + 1} has an unknown kind of player")
        seats.append(Seat(reader.text(f"seat {i + 1}'s name"), SEAT_KINDS[kind]))
    count = reader.varint("move count", MAX_ACTIONS + 1)
    packed = int.from_bytes(reader.raw("moves", reader.varint("moves", MAX_LINK)), "big")
    if reader.at != len(reader.data):
        raise LinkError("the link has bytes after its moves")
    record = from_dict(
        {
            "format": "bugs-table/record",
            "version": 1,
            "game": spec.id,
            "rules_version": rules_version,
            "seed": seed,
            "setup": setup,
            "seats": [{"name": s.name, "kind": s.kind} for s in seats],
            "actions": [],
        }
    )
    return _unpack(record, count, packed)


def _unpack(record: GameRecord, count: int, packed: int) -> GameRecord:
    """The record with `count` moves read from the packed integer, replayed as they are read."""
    game = get_game(record.game)
    state = game.initial_state(game.make_setup(record.setup), Rng(record.seed))
    actions: list[str] = []
    for i in range(count):
        legal = game.legal_actions(state)
        if not legal:
            raise LinkError(f"the link has {count} moves but the game ended after {i}")
        packed, where = divmod(packed, len(legal))
        actions.append(str(legal[where]))
        state = game.apply(state, legal[where])
    if packed:
        raise LinkError("the link's moves do not fit this game")
    return GameRecord(
        record.game, record.rules_version, record.seed, record.setup, record.seats, tuple(actions)
    )
