"""Saved games in the browser's storage, as pure functions of a dict-like store.

Each game has its own key, `bugs-table/save/<game>/<seed>`, holding a small JSON entry: the
record, when it was saved and whether it had ended. One key per game means a damaged entry
costs only itself: reading the list checks every entry, and one that is not a Bugs Table save
(bad JSON, a foreign or tampered record, a key that does not match its record) is moved aside
to `bugs-table/quarantine/...`, never deleted, with a message saying so; the others load.

The browser adapter (`dom.records.LocalStore`) gives `localStorage` this mapping's shape; the
tests use a plain dict.
"""

from __future__ import annotations

import json
from collections.abc import MutableMapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

from bugs_core.bots import LEVELS
from bugs_core.errors import BugsError, InvalidRecordError
from bugs_core.grammar import counted
from bugs_core.record import GameRecord, from_dict, from_json, game_of

from .seats import PERSON, shown_name

PREFIX = "bugs-table/save/"
"""The keys of saved games: PREFIX + game id + "/" + seed."""
QUARANTINE = "bugs-table/quarantine/"
"""Where unreadable entries are set aside, under their old key's rest."""
FORMAT = "bugs-table/save"
VERSION = 1
MAX_SAVES = 12
"""Saved games kept per game: beyond it the oldest finished ones go (never an unfinished one)."""
MAX_ENTRY = 2_100_000
"""Characters of one entry we agree to read."""

Store = MutableMapping[str, str]


NOT_SAVED = (
    "This game is no longer being saved: the browser's storage is full. Export it to keep a "
    "copy; deleting saved games you no longer need makes room, and saving starts again by itself."
)
"""Shown while saves fail for lack of room; it goes once a save succeeds again."""
SAVING_OFF = (
    "Saving is off: this browser does not let the page keep games (a private window or blocked "
    "site data). You can still play; Export keeps a copy of a game."
)
"""Shown when the page cannot use the browser's storage at all."""


class StorageError(BugsError):
    """The browser's storage refused (full, disabled, private mode): says so in plain words."""


class StorageFull(StorageError):
    """The browser's storage has no room for the entry (its quota is used up)."""


@dataclass(frozen=True, slots=True)
class SetAside:
    """An entry in quarantine: its key, its original key, its size and why it was set aside."""

    key: str
    original: str
    size: int
    reason: str


@dataclass(frozen=True, slots=True)
class SavedGame:
    """One saved game: its storage key, the record, when (ms since 1970, UTC) and if it ended."""

    key: str
    record: GameRecord
    saved: int
    finished: bool
    seat: int | None = None
    """In a game played by link, the seat this device plays (`bugs_web.by_link`)."""


def save_key(record: GameRecord) -> str:
    """The storage key of a record's game: the same game (seed) always saves to one key, so
    every move, an undo or a resume replaces the entry rather than adding one."""
    return f"{PREFIX}{record.game}/{record.seed}"


def entry_text(
    record: GameRecord, saved: int, finished: bool, seat: int | None = None, aside: str = ""
) -> str:
    """The JSON text stored for a game; `seat` for a game by link (the seat played here),
    `aside` why a readable game was set aside (the branch of a fork not chosen)."""
    entry: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "saved": saved,
        "finished": finished,
        "record": record.to_dict(),
    }
    if seat is not None:  # an optional field: older saves without it read as before
        entry["seat"] = seat
    if aside:
        entry["aside"] = aside
    return json.dumps(entry, separators=(",", ":"), ensure_ascii=False)


def read_entry(key: str, text: Any) -> SavedGame:
    """The saved game stored under `key`; InvalidRecordError says what is wrong with it."""
    if not isinstance(text, str):
        raise InvalidRecordError("save", "the entry is not text")
    if len(text) > MAX_ENTRY:
        raise InvalidRecordError("save", f"the entry is larger than {MAX_ENTRY} characters")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise InvalidRecordError("save", "the entry is not valid JSON") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InvalidRecordError("save", "the entry is not a Bugs Table saved game")
    version = data.get("version")
    if version != VERSION:
        raise InvalidRecordError("save", _version_words(version))
    saved, finished = data.get("saved"), data.get("finished")
    if not isinstance(saved, int) or isinstance(saved, bool) or saved < 0:
        raise InvalidRecordError("save.saved", "must be a time in milliseconds")
    if not isinstance(finished, bool):
        raise InvalidRecordError("save.finished", "must be true or false")
    seat = data.get("seat")
    if seat is not None and (
        not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 16
    ):
        raise InvalidRecordError("save.seat", "must be a seat number")
    record = from_dict(data.get("record"))
    if save_key(record) != key:
        raise InvalidRecordError("save", "the entry's game does not match its key")
    if seat is not None and seat >= len(record.seats):
        raise InvalidRecordError("save.seat", f"the game has no seat {seat + 1}")
    return SavedGame(key, record, saved, finished, seat)


def _version_words(version: Any) -> str:
    if isinstance(version, int) and not isinstance(version, bool):
        age = "an older" if version < VERSION else "a newer"
        return (
            f"it is in {age} saved-game format, version {version}; this site reads version "
            f"{VERSION}"
        )
    return f"its saved-game format version {version!r} is not one this site knows"


def _free_aside_key(store: Store, key: str) -> str:
    """A quarantine key for the save `key` that holds nothing yet ('...#2' after the first)."""
    rest = key.removeprefix(PREFIX)
    target = f"{QUARANTINE}{rest}"
    n = 2
    while target in store:
        target = f"{QUARANTINE}{rest}#{n}"
        n += 1
    return target


def set_aside(store: Store, key: str) -> str:
    """Move the entry under `key` to a quarantine key (kept as it was) and return that key."""
    target = _free_aside_key(store, key)
    store[target] = store[key]
    del store[key]
    return target


def reason_of(error: BugsError) -> str:
    """What is wrong with a record or entry, for a person: 'move 3: ...' rather than
    'actions[2]: ...', 'seats[0].name: ...' for a field."""
    if not isinstance(error, InvalidRecordError):
        return str(error)
    where = error.where
    if where.startswith("actions[") and where.endswith("]") and where[8:-1].isdigit():
        return f"move {int(where[8:-1]) + 1}: {error.reason}"
    if where and where not in ("link", "save", "game", "format", "version", "rules_version"):
        return f"{where}: {error.reason}"
    return error.reason


def set_aside_message(key: str, reason: str, target: str) -> str:
    """What the page says about an entry it moved to quarantine: which, why, where it is."""
    return (
        f"The saved game {key!r} could not be read ({reason}). It was set aside, unchanged, as "
        f"{target!r}: the setup screen lists it under “Set aside” to export. The other saved "
        "games are fine."
    )


def _put_aside(store: Store, key: str, error: BugsError) -> str:
    """Set `key` aside and say so; when even that fails (storage full) it stays where it is."""
    try:
        target = set_aside(store, key)
    except StorageError:
        return (
            f"The saved game {key!r} could not be read ({reason_of(error)}); it stays where "
            "it is, unchanged, as the browser's storage is full."
        )
    return set_aside_message(key, reason_of(error), target)


def list_games(store: Store, game: str) -> tuple[list[SavedGame], list[str]]:
    """This game's saved games, newest first, and a message for each entry (of any game) that
    could not be read and was set aside."""
    found: list[SavedGame] = []
    messages: list[str] = []
    for key in [k for k in list(store.keys()) if k.startswith(PREFIX)]:
        text = store.get(key)
        if text is None:
            continue  # removed meanwhile (another tab)
        try:
            saved = read_entry(key, text)
        except BugsError as error:
            messages.append(_put_aside(store, key, error))
            continue
        if saved.record.game == game:
            found.append(saved)
    found.sort(key=lambda s: (s.saved, s.key), reverse=True)
    return found, messages


def original_key(key: str) -> str:
    """The save key a quarantine key was set aside from ('.../bugs/77#2' -> save/bugs/77)."""
    rest = key.removeprefix(QUARANTINE).split("#")[0]
    return f"{PREFIX}{rest}"


def list_aside(store: Store, game: str) -> list[SetAside]:
    """The entries of this game set aside in quarantine, with why each could not be read."""
    aside: list[SetAside] = []
    for key in sorted(k for k in list(store.keys()) if k.startswith(f"{QUARANTINE}{game}/")):
        text = store.get(key)
        if text is None:
            continue
        original = original_key(key)
        try:
            read_entry(original, text)
            reason = _aside_note(text) or "its moves do not replay under these rules"
        except BugsError as error:
            reason = reason_of(error)
        aside.append(SetAside(key, original, len(text), reason))
    return aside


def _aside_note(text: str) -> str:
    """Why a readable entry was set aside (`keep_aside`), or ''."""
    note = json.loads(text).get("aside")
    return note if isinstance(note, str) else ""


def keep_aside(store: Store, record: GameRecord, saved: int, why: str) -> str:
    """Keep `record` in quarantine with `why` (a fork's branch the players did not choose:
    nothing is dropped) and return its key; the setup screen lists it to export."""
    target = _free_aside_key(store, save_key(record))
    store[target] = entry_text(record, saved, False, aside=why)
    return target


def aside_name(key: str) -> str:
    """The file name of a set-aside entry exported as it is stored."""
    rest = key.removeprefix(QUARANTINE).replace("/", "-").replace("#", "-")
    return f"set-aside-{rest}.txt"


def load_game(store: Store, key: str) -> SavedGame:
    """The saved game under `key`; an unreadable one is set aside and reported (StorageError
    says so), a missing one is reported."""
    if key not in store or not key.startswith(PREFIX):
        raise StorageError("That saved game is no longer in this browser.")
    try:
        return read_entry(key, store[key])
    except BugsError as error:
        raise StorageError(_put_aside(store, key, error)) from None


def store_game(
    store: Store, record: GameRecord, saved: int, finished: bool, seat: int | None = None
) -> str:
    """Save (or replace) a record's game and return its key (`seat`: the seat this device
    plays in a game by link). Beyond MAX_SAVES of that game the oldest finished saves go;
    unfinished ones always stay (a person may come back to them)."""
    key = save_key(record)
    store[key] = entry_text(record, saved, finished, seat)
    mine = f"{PREFIX}{record.game}/"
    count = 1
    done: list[tuple[int, str]] = []
    for k in [k for k in list(store.keys()) if k.startswith(mine) and k != key]:
        try:
            entry = read_entry(k, store.get(k))
        except BugsError:
            continue  # left for list_games to set aside with a message
        count += 1
        if entry.finished:
            done.append((entry.saved, k))
    done.sort()
    for _when, k in done[: max(0, count - MAX_SAVES)]:
        del store[k]
    return key


def delete_game(store: Store, key: str) -> None:
    """Forget a saved game or a set-aside entry, at the person's word (nothing happens if it
    is gone already)."""
    if key.startswith((PREFIX, QUARANTINE)) and key in store:
        del store[key]


def import_record(text: str, game: str) -> GameRecord:
    """A record from an exported JSON file, for the page of `game`; InvalidRecordError says
    what is wrong (its moves are checked when the page replays it)."""
    record = from_json(text)
    if record.game != game:
        other = game_of(record).name
        raise InvalidRecordError("game", f"this is a record of {other}; open it on that page")
    return record


def export_name(record: GameRecord) -> str:
    """The file name of an exported record: game, seed and length."""
    return f"{record.game}-{record.seed}-{len(record.actions)}-moves.json"


def seats_words(record: GameRecord) -> str:
    """'You, Ana (bot, easy), Bo (bot, medium)', each name as pages show it (`shown_name`)."""
    parts = []
    for seat in record.seats:
        name = shown_name(seat.name)
        if seat.kind == PERSON or seat.kind not in LEVELS:
            parts.append(name)
        else:
            parts.append(f"{name} (bot, {LEVELS[seat.kind].label.lower()})")
    return ", ".join(parts)


def when_words(saved: int, offset_minutes: int = 0) -> str:
    """A save's time as '2026-12-01 14:05', in the browser's time zone (`offset_minutes` east
    of UTC)."""
    zone = timezone(timedelta(minutes=offset_minutes)) if offset_minutes else UTC
    return datetime.fromtimestamp(saved / 1000, zone).strftime("%Y-%m-%d %H:%M")


def summary(saved: SavedGame, offset_minutes: int = 0) -> str:
    """One line on a saved game: the game, seats, moves, ended or not, when."""
    moves = len(saved.record.actions)
    state = "ended" if saved.finished else "in progress"
    return (
        f"{game_of(saved.record).name}: {seats_words(saved.record)} · "
        f"{counted(moves, 'move')}, {state} · "
        f"{when_words(saved.saved, offset_minutes)}"
    )


def refusal(detail: str) -> StorageError:
    """The error for the browser refusing to store an entry, from its exception's name and
    text: StorageFull when its quota is used up (QuotaExceededError in Chromium and Safari,
    NS_ERROR_DOM_QUOTA_REACHED in older Firefox)."""
    if "QuotaExceeded" in detail or "QUOTA" in detail:
        return StorageFull("the browser's storage is full")
    return StorageError(f"the browser did not keep it ({detail.strip()}).")
