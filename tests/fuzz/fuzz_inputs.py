"""What the fuzz tests feed the decoders: seeded games of all three games, and strategies that
damage their links, records and actions the ways real damage and forgers do.

The corpus is small on purpose: records cut after at most a few dozen moves (plus one whole Bag
of Bugs game) so that a mutation that still decodes replays in milliseconds; the fuzz budget goes
into many inputs, not into replaying long games. Bugspiel has fewer samples than the others:
its deal alone (building the deck) takes 10-20 ms, which every input that opens a game pays.
"""

from __future__ import annotations

import base64
import functools
import json
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bugs_core.engine import play
from bugs_core.errors import BugsError
from bugs_core.link import encode_link, link_code
from bugs_core.record import (
    MAX_ACTIONS,
    MAX_NAME,
    SEAT_KINDS,
    SEED_LIMIT,
    GameRecord,
    Seat,
    new_record,
)
from bugs_core.registry import GAMES, get_game

# --- the property ------------------------------------------------------------------------------


def only_our_errors(call: Callable[[], Any]) -> Any:
    """The call's result, or None if it raised one of our own errors with a message. Any other
    exception (KeyError, RecursionError, MemoryError, ...) propagates and fails the test."""
    try:
        return call()
    except BugsError as e:
        assert str(e).strip(), f"{type(e).__name__} with an empty message"
        return None


# --- the corpus: seeded games of every game ---------------------------------------------------

NAMES = ("Ana", "Zoë 🐞", "x" * MAX_NAME, "Bo", "李", " spaced ")


@dataclass(frozen=True, slots=True)
class Sample:
    """A valid record with its link, JSON text and the action texts seen while playing it."""

    record: GameRecord
    link: str
    text: str


# (game, options, seed, moves to keep; None keeps the whole game)
_GAMES: tuple[tuple[str, dict[str, Any], int, tuple[int | None, ...]], ...] = (
    ("bugs", {"players": 3}, 1, (0, 1, 9, 40)),
    (
        "bugs",
        {"players": 6, "repellent_target": "previous_seat", "max_outbreaks_per_play": 1},
        2,
        (25,),
    ),
    ("bugs", {"players": 5, "first_dealer": 1, "next_dealer_basis": "cumulative"}, 3, (30,)),
    ("bugs", {"players": 2, "allow_two_players": True}, 8, (20,)),
    ("bag-of-bugs", {"players": 3}, 4, (0, 12, None)),
    ("bag-of-bugs", {"players": 5, "grab_mode": "sequential", "first_drawer": 2}, 5, (40,)),
    ("bugspiel", {"players": 2}, 6, (12,)),
    ("bugspiel", {"players": 4, "board": "large", "target_score": 60}, 7, (6,)),
)


@functools.cache
def _played(index: int) -> tuple[GameRecord, list[str]]:
    """The whole random game `_GAMES[index]`: its record and every legal action text met."""
    game_id, options, seed, _ = _GAMES[index]
    game = get_game(game_id)
    setup = game.make_setup(options)
    players = game.players(setup)
    seats = [
        Seat(NAMES[(seed + i) % len(NAMES)], SEAT_KINDS[(seed + i) % 7]) for i in range(players)
    ]
    record = new_record(game_id, game.setup_options(setup), seed, seats)
    seen: list[str] = []
    for step in play(game, setup, seed, policy_seed=seed + 100):
        if step.action is None:
            break
        seen.extend(str(a) for a in game.legal_actions(step.state))
        record = record.with_action(step.action)
    return record, seen


@functools.cache
def corpus() -> tuple[Sample, ...]:
    """The valid records every mutation starts from, with their links and texts."""
    out = []
    for index, (_, _, _, cuts) in enumerate(_GAMES):
        whole, _ = _played(index)
        for moves in cuts:
            record = whole if moves is None else whole.first(moves)
            out.append(Sample(record, encode_link(record), record.to_json()))
    return tuple(out)


@functools.cache
def legal_texts(game_id: str) -> tuple[str, ...]:
    """Every distinct legal action text met in the corpus games of `game_id`, sorted."""
    texts: set[str] = set()
    for index, (gid, _, _, _) in enumerate(_GAMES):
        if gid == game_id:
            texts.update(_played(index)[1])
    return tuple(sorted(texts))


# --- mutation programs ----------------------------------------------------------------------
#
# Hypothesis costs about half a millisecond of CPU per input here however simple the strategy,
# and more for every nested draw: a mutation made of a dozen draws put the default run at twice
# its budget. So an input is one drawn byte string, read as a program: which corpus record, then
# which edits. Shrinking still works, since a shorter or smaller program picks the first record
# and makes fewer and milder edits.


T = TypeVar("T")


class Program:
    """Choices read from a byte string; 0 once it is used up."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def __repr__(self) -> str:
        return f"Program({self.data!r})"

    def done(self) -> bool:
        return self.at >= len(self.data)

    def byte(self) -> int:
        if self.done():
            return 0
        self.at += 1
        return self.data[self.at - 1]

    def below(self, n: int) -> int:
        """A number in [0, n), from as many bytes as n needs."""
        value = 0
        for _ in range(max(1, ((n - 1).bit_length() + 7) // 8)):
            value = value << 8 | self.byte()
        return value % n

    def pick(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def chance(self, sixths: int = 1) -> bool:
        """True with about sixths/6 of the byte values, never for 0: a program shrinks towards
        leaving every field as it was."""
        return self.byte() % 6 >= 6 - sixths

    def chunk(self, most: int) -> bytes:
        size = self.below(most + 1)
        out = self.data[self.at : self.at + size]
        self.at += size
        return out

    def text(self, most: int, alphabet: str) -> str:
        return "".join(alphabet[b % len(alphabet)] for b in self.chunk(most))


def programs(most: int = 24) -> st.SearchStrategy[Program]:
    """A mutation program of up to `most` bytes."""
    return st.binary(max_size=most).map(Program)


def sample(p: Program) -> Sample:
    """The corpus record the program starts from."""
    corpus_ = corpus()
    return corpus_[p.below(len(corpus_))]


# Values forgers and bugs reach for: edges of every size a field may be checked against.
EDGE_INTS = (
    0,
    1,
    -1,
    2,
    3,
    6,
    7,
    16,
    17,
    255,
    256,
    4096,
    2**31,
    2**63,
    2**64 - 1,
    2**64,
    2**200,
    10**30,
    -(2**63),
    10**4000,
)
EDGE_TEXTS = (
    "",
    " ",
    "\u0000",
    "🐞",
    "1",
    "2",
    "null",
    "pass",
    "random",
    "human",
    "bugs",
    "y" * (MAX_NAME + 1),
    "é" * 5000,
    "x" * 100_000,
)
ALPHABET = "abcxyz019 +-:/_#=.,\"'\\{}[]\u00e9\u00a0\u200b\u0663\U0001f41e\n\t"
WIDE = (
    ALPHABET
    + "\u0000\u007f\u0085\u2028\u00ad\u0301\u05d0\u0627\u202e\ufeff\ufffd\ud800\udfff"
    + "\u0130\u00df\ufb01\u2163\u00b2\uff11\U0001d7d9\u4e00\u3000\U0010ffff"
)
"""Characters that break naive text handling: controls, combining marks, right-to-left, lone
surrogates, letters whose case change alters the length, digits that are not ASCII."""
NOTATION_CHARS = "0123456789xo+:-/_ abcdefghijklmnopqrstuvwxyzABCEKL\t\n\u00a0\u0663é"
JSON_KEYS = (
    "players",
    "board",
    "target_score",
    "deck_multiplier",
    "first_dealer",
    "first_drawer",
    "grab_mode",
    "max_actions_per_hand",
    "allow_two_players",
    "max_outbreaks_per_play",
    "repellent_target",
    "name",
    "kind",
    "",
    "nope",
)


def json_value(p: Program, depth: int = 0) -> Any:
    """A JSON value chosen by the program: scalars from the edge tables, or small containers."""
    kind = p.below(9)
    if kind == 0:
        return None
    if kind == 1:
        return bool(p.byte() & 1)
    if kind == 2:
        return p.pick(EDGE_INTS)
    if kind == 3:
        return p.pick((0.5, 1.0, -0.0, 3.0, 1e308, float("nan"), float("inf")))
    if kind == 4:
        return p.pick(EDGE_TEXTS)
    if kind == 5:
        return p.text(12, ALPHABET)
    if depth >= 3:
        return p.byte()
    if kind in (6, 7):
        return [json_value(p, depth + 1) for _ in range(p.below(4))]
    return {p.pick(JSON_KEYS): json_value(p, depth + 1) for _ in range(p.below(4))}


def json_values() -> st.SearchStrategy[Any]:
    """Any JSON value, small, with edge numbers and texts."""
    # 10**4000 has 4001 digits, under int()'s 4300: dumps writes it and loads reads it back.
    return programs(40).map(json_value)


INTERESTING_BYTES = (0x00, 0x01, 0x7F, 0x80, 0xFF, 0xC0, 0xFE)


def edit_bytes(data: bytes, p: Program) -> bytes:
    """`data` after the program's edits, one to eight: cut at any point, a bit flipped, a byte
    inserted or deleted, a byte set to an edge value, a stretch repeated, the version or the
    game code set to any byte."""
    out = bytearray(data)
    for n in range(8):
        if n and p.done():
            break
        op = p.below(8)
        at = p.below(len(out) + 1)
        if op == 0:
            out[at : at + 1] = bytes([p.byte()]) if at < len(out) else b""
        elif op == 1:
            del out[at:]
        elif op == 2:
            out.insert(at, p.byte())
        elif op == 3:
            del out[at : at + 1 + p.below(8)]
        elif op == 4 and at < len(out):
            out[at] = p.pick(INTERESTING_BYTES)
        elif op == 5:
            out[at:at] = out[at : at + 1 + p.below(16)] * (1 + p.below(40))
        elif op == 6 and out:
            out[0] = p.byte()
        elif op == 7 and len(out) > 1:
            out[1] = p.byte()
        if at < len(out) and p.chance(2):
            out[at] ^= 1 << p.below(8)
    return bytes(out)


HUGE_NUMBERS = ("0" * 30 + "1", "9" * 25, "1" * 5000, "-1", "18446744073709551616", "٣")


def edit_text(text: str, p: Program, alphabet: str = NOTATION_CHARS) -> str:
    """`text` after the program's edits, one to six: cut, a character deleted, inserted or
    replaced, a case change, whitespace added, a stretch repeated, a number made huge."""
    out = text
    for n in range(6):
        if n and p.done():
            break
        op = p.below(8)
        at = p.below(len(out) + 1)
        if op == 0:
            out = out[:at] + p.pick(alphabet) + out[at + 1 :]
        elif op == 1:
            out = out[:at]
        elif op == 2:
            out = out[:at] + out[at + 1 :]
        elif op == 3:
            out = out[:at] + p.pick(alphabet) + out[at:]
        elif op == 4:
            out = out.swapcase()
        elif op == 5:
            out = out[:at] + p.pick((" ", "  ", "\t", "\n", "\u3000", "\u00a0")) + out[at:]
        elif op == 6:
            out = out[:at] + out[at : at + 8] * (2 + p.below(50)) + out[at:]
        else:
            out = out[:at] + p.pick(HUGE_NUMBERS) + out[at:]
    return out


# --- links --------------------------------------------------------------------------------------

BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def link_bytes(link: str) -> bytes:
    """The payload of a link (body and checksum)."""
    return base64.urlsafe_b64decode(link + "=" * (-len(link) % 4))


def to_link(data: bytes, fix_crc: bool) -> str:
    """Bytes as a link; with `fix_crc` the last four bytes are replaced by the checksum of the
    rest, as a deliberate forger would, so the decoder's deeper checks are reached."""
    if fix_crc:
        body = data[:-4] if len(data) >= 4 else data
        data = body + zlib.crc32(body).to_bytes(4, "big")
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def random_link(p: Program) -> str:
    """Random base64url text, random bytes as a link with or without a checksum, or random
    bytes after a version byte of 1 and a game code with a checksum (past the first checks)."""
    mode = p.below(4)
    if mode == 0:
        return p.text(200, BASE64URL + "#= \n")
    if mode == 1:
        return to_link(p.chunk(200), fix_crc=False)
    if mode == 2:
        return to_link(p.chunk(200), fix_crc=True)
    return to_link(bytes([1, 1 + p.below(3)]) + p.chunk(120) + bytes(4), fix_crc=True)


def random_links() -> st.SearchStrategy[str]:
    """Random text (any characters) or a random link (see `random_link`)."""
    return st.text() | programs(200).map(random_link)


def damaged_link(p: Program) -> str:
    """A corpus link with its bytes damaged (checksum recomputed or not) or its text damaged."""
    link = sample(p).link
    if p.chance(1):
        return edit_text(link, p, BASE64URL + "#=!. \n")
    fix = p.byte() & 1 == 0  # most damage below keeps a right checksum: the deeper checks
    return to_link(edit_bytes(link_bytes(link), p), fix)


def damaged_links() -> st.SearchStrategy[str]:
    """See `damaged_link`."""
    return programs(24).map(damaged_link)


def varint(n: int, overlong: int = 0) -> bytes:
    """An unsigned LEB128 varint, padded with `overlong` needless continuation bytes."""
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        if n or overlong:
            out.append(byte | 0x80)
            if not n:
                out += b"\x80" * (overlong - 1) + b"\x00"
                return bytes(out)
        else:
            out.append(byte)
            return bytes(out)


def _prefixed(data: bytes) -> bytes:
    return varint(len(data)) + data


def json_text(p: Program) -> str:
    """JSON-ish text: a value, deep nesting, a huge number, or broken syntax."""
    kind = p.below(6)
    depth = p.pick((1, 2, 10, 999, 1001, 2000, 4090))
    if kind == 0:
        return json.dumps(json_value(p))
    if kind == 1:
        return "[" * depth + "]" * depth
    if kind == 2:
        return '{"players":' * depth + "3" + "}" * depth
    if kind == 3:
        return "[" * depth
    if kind == 4:
        return p.pick(
            (
                "9" * 4400,
                "1e999",
                "-1e999",
                "NaN",
                "Infinity",
                '{"players": 1e400}',
                '{"players": 3, "players": 4}',
                '{"players": 3}x',
            )
        )
    return p.text(40, ALPHABET)


def forged_link(p: Program) -> str:
    """A corpus link rebuilt field by field, the program forging one field it names and maybe
    others (an unforged link would only replay a corpus game again)."""
    real = sample(p)
    record = real.record
    target = p.below(14)

    def forge(field: int) -> bool:
        return p.chance() or field == target

    body = bytearray(
        [
            p.byte() if forge(0) else 1,
            p.byte() if forge(1) else link_code(record.game),
        ]
    )
    seed = p.pick((SEED_LIMIT - 1, SEED_LIMIT, 2**200, 0)) if forge(2) else record.seed
    body += varint(seed, p.below(3))
    rules = p.chunk(6) if forge(3) else record.rules_version.encode()
    body += p.chunk(6) if forge(4) else _prefixed(rules)
    if forge(5):
        setup = json_text(p)
    else:
        setup = json.dumps(dict(record.setup), separators=(",", ":"), sort_keys=True)
    body += _prefixed(p.chunk(20) if forge(6) else setup.encode())
    seats = p.pick((0, 1, 2, 6, 16, 17, 2**64)) if forge(7) else len(record.seats)
    body += varint(seats, p.below(2))
    for i in range(min(seats, 17)):
        seat = record.seats[i] if i < len(record.seats) else Seat("Extra")
        body.append(p.byte() if forge(8) else SEAT_KINDS.index(seat.kind))
        name = p.pick(EDGE_TEXTS).encode() if p.chance() else seat.name.encode()
        body += _prefixed(p.chunk(12) if forge(9) else name)
    count = len(record.actions)
    if forge(10):
        count = p.pick((0, 1, count + 1, 2000, MAX_ACTIONS, MAX_ACTIONS + 1, 2**64))
    body += varint(count, p.below(2))
    moves = moves_of(link_bytes(real.link))
    if forge(11):
        moves = p.pick((b"", b"\x00", b"\xff" * 300, moves + b"\x01", moves[1:])) + p.chunk(8)
    body += (p.chunk(3) if forge(12) else varint(len(moves))) + moves
    body += p.chunk(4) if forge(13) else b""
    return to_link(bytes(body) + bytes(4), fix_crc=True)


def forged_links() -> st.SearchStrategy[str]:
    """A corpus link rebuilt field by field with some fields forged (wrong version or game code,
    huge seed, counts or lengths, overlong varints, odd setups, deep JSON, unknown seat kinds,
    long names, extra bytes) and the checksum recomputed: every check past it is reached."""
    return programs(48).map(forged_link)


def moves_of(data: bytes) -> bytes:
    """The packed moves of a real link's payload, read front to back along the layout."""
    at = 2

    def number() -> int:
        nonlocal at
        n = shift = 0
        while True:
            byte = data[at]
            at += 1
            n |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return n

    number()  # seed
    for _ in range(2):  # rules version, setup
        size = number()
        at += size
    for _ in range(number()):  # seats: kind byte, name
        at += 1
        size = number()
        at += size
    number()  # move count
    size = number()
    return data[at : at + size]


# --- records --------------------------------------------------------------------------------

DEEP = "\u0000deep"
"""A placeholder value swapped for deeply nested JSON after the record is written as text."""
FIELDS = ("format", "version", "game", "rules_version", "seed", "setup", "seats", "actions")


def damaged_record(p: Program) -> str:
    """A corpus record with the program's edits to its fields (missing or retyped fields,
    huge numbers, wrong version or game, swapped, removed, repeated or foreign actions, long
    strings, deep nesting), written as JSON, then maybe damaged as text too."""
    real = sample(p).record
    data: dict[str, Any] = real.to_dict()
    actions: list[Any] = data["actions"]
    seats: list[Any] = data["seats"]
    setup: dict[str, Any] = data["setup"]
    depth = 0
    for _ in range(6):
        if p.done():
            break
        op = p.below(14)
        if op == 0 and len(actions) > 1:  # swap two actions
            i, j = p.below(len(actions)), p.below(len(actions))
            actions[i], actions[j] = actions[j], actions[i]
        elif op == 1 and actions:
            del actions[p.below(len(actions))]
        elif op == 2 and actions:
            at = p.below(len(actions))
            actions.insert(at, actions[at])
        elif op == 3:  # an action of any game, or any value
            texts = legal_texts(p.pick(tuple(sorted(GAMES))))
            value = p.pick(texts) if p.chance(4) else json_value(p)
            actions.insert(p.below(len(actions) + 1), value)
        elif op == 4:
            data.pop(p.pick(FIELDS), None)
        elif op == 5:
            data[p.pick(FIELDS)] = json_value(p)
        elif op == 6:
            data[p.pick(("seed", "version"))] = p.pick((*EDGE_INTS, 1.5, True, "1"))
        elif op == 7:
            setup[p.pick(JSON_KEYS)] = json_value(p)
        elif op == 8:
            seat = json_value(p) if p.chance() else {"name": p.pick(EDGE_TEXTS + NAMES)}
            if p.chance(3):
                seat = {"name": "Ana", "kind": p.pick(EDGE_TEXTS + SEAT_KINDS)}
            if seats and p.chance(3):
                seats[p.below(len(seats))] = seat
            elif seats and p.chance(3):
                seats.pop()
            else:
                seats.append(seat)
        elif op == 9:
            data[p.pick(("game", "rules_version", "format"))] = p.pick(
                (*sorted(GAMES), "2", "0", "bugs-table/record2", *EDGE_TEXTS)
            )
        elif op == 10:  # a long action or a long list of them
            if p.chance(3):
                actions.append(p.pick(EDGE_TEXTS))
            else:
                actions.extend([p.pick(legal_texts(real.game))] * p.below(1000))
        elif op == 11:
            # 10**6 deep is in test_fuzz_limits: 2 MB of text per input would cost the run dear.
            depth = p.pick((10, 999, 1001, 20_000))
            data[p.pick(FIELDS)] = DEEP
        elif op == 12 and len(seats) > 1:
            seats[0], seats[-1] = seats[-1], seats[0]
        elif op == 13:
            data["version"] = p.pick((0, 2, 255, "1", 1.0, True, None))
    text = json.dumps(data, ensure_ascii=p.chance(3))
    if depth:
        text = text.replace(json.dumps(DEEP), "[" * depth + "]" * depth, 1)
    if p.chance(1):
        text = edit_text(text, p, '{}[]",:0123456789 .eE-+\\ntruefalsenull')
    return text


def damaged_records() -> st.SearchStrategy[str]:
    """See `damaged_record`."""
    return programs(32).map(damaged_record)


def record_shaped(p: Program) -> Any:
    """Any JSON value, or half the time an object with the record's fields, each holding the
    real value or a random one, so that random values get past the first checks."""
    if p.chance(3):
        return json_value(p)
    real = sample(p).record.to_dict()
    return {
        key: json_value(p) if p.chance(2) else value
        for key, value in real.items()
        if not p.chance()
    }


# --- the fast, the default and the soak run of one property -----------------------------------

Test = Callable[[], None]


def fuzz(check: Callable[[Any], None], inputs: st.SearchStrategy[Any]) -> tuple[Test, Test, Test]:
    """Three tests of `check` over `inputs`: the fast tier's (profile "fuzz-fast", 300 inputs),
    the default run's marked `slow` (profile "fuzz", 10,000) and a soak run marked `soak`
    (profile "fuzz-soak", 200,000), all registered in conftest.py. Assign them to module names
    starting with test_ for pytest to collect them."""

    def make(profile: str) -> Test:
        @settings(settings.get_profile(profile))
        @given(inputs)
        def run(value: Any) -> None:
            check(value)

        run.__name__ = run.__qualname__ = f"{check.__name__}[{profile}]"
        return run

    return make("fuzz-fast"), pytest.mark.slow(make("fuzz")), pytest.mark.soak(make("fuzz-soak"))
