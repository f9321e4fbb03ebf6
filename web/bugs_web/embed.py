"""Embedding a game in another site's page: the embed address's parameters, and the events the
framed game posts to the page around it.

Pure, tested under CPython. `public/embed.html` sends the browser to a game page with
`?embed=1&...`; the page's glue reads its address, `parse_embed` checks every parameter (a
message in the frame names the wrong one), and an `EventFeed` turns the session's record into
the events the host page receives (see `public/embed-frame.js`, which posts them, and
`public/embed.js`, the host's helper). Events are plain JSON data (numbers, and names and
sentences as text, never HTML): a host must still treat them as text it did not write.

A read-only replay shows the page's own sessions from `Session.replay_steps(record)`, so it
draws exactly what the game drew (see `embed_frame.Replay`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from bugs_core.bots import LEVELS
from bugs_core.engine import SIMULTANEOUS
from bugs_core.errors import BugsError, SetupError
from bugs_core.link import LinkError, decode_link
from bugs_core.record import MAX_NAME, GameRecord, Seat
from bugs_core.registry import get_game
from bugs_core.rng import Rng

from .kit import OptionError
from .kits import KITS
from .seats import PERSON, plain_name

SOURCE = "bugs-table"
"""Every event's `source`, so a host tells our messages from any other frame's."""
PLAY, REPLAY = "play", "replay"
MODES = (PLAY, REPLAY)
PERSON_WORDS = ("you", "person", PERSON)
"""Words for a seat a person plays."""
BOT_NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo")
PARAMETERS = (
    "embed",
    "game",
    "mode",
    "seats",
    "record",
    "seed",
    "pace",
    *dict.fromkeys(name for kit in KITS.values() for name in kit.option_names),
    "origin",
)
"""Every parameter an embed address may have (the games' options among them)."""
_GENERAL = frozenset(("embed", "game", "mode", "seats", "record", "seed", "pace", "origin"))
"""The parameters every game takes."""
_SEED = re.compile(r"[0-9]{1,15}")
_ORIGIN = re.compile(
    r"https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?|https?://\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?"
)


class EmbedError(SetupError):
    """A wrong embed parameter; `parameter` names it and the message starts with its name."""

    def __init__(self, parameter: str, reason: str) -> None:
        super().__init__(f"{parameter}: {reason}")
        self.parameter = parameter


@dataclass(frozen=True, slots=True)
class Embed:
    """What an embed address asks for, every part checked."""

    game: str
    mode: str = PLAY
    seats: tuple[Seat, ...] = ()
    record: GameRecord | None = None
    seed: int | None = None
    pace: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    origin: str | None = None

    @property
    def read_only(self) -> bool:
        """True for a replay: the frame shows a game and takes no moves."""
        return self.mode == REPLAY


# --- parameters ------------------------------------------------------------------------------


def parse_embed(pairs: Iterable[tuple[str, str]], page_game: str | None = None) -> Embed:
    """The embed a page address asks for, from its (name, value) pairs; EmbedError naming the
    first wrong parameter. `page_game` is the game of the page reading it (its `game=` must
    agree)."""
    given: dict[str, str] = {}
    for name, value in pairs:
        if name not in PARAMETERS:
            raise EmbedError(name, f"is not an embed parameter; known: {', '.join(PARAMETERS)}")
        if name in given:
            raise EmbedError(name, "is given twice")
        given[name] = value
    game_id = _game(given.get("game"), page_game)
    mode = given.get("mode", REPLAY if "record" in given else PLAY)
    if mode not in MODES:
        raise EmbedError("mode", f"{mode!r} is not a mode; use play or replay")
    record = None
    if mode == REPLAY:
        record = _record(given.get("record"), game_id)
        for name in ("seats", "seed", "pace", *KITS[game_id].option_names):
            if name in given:
                raise EmbedError(name, "is for mode=play; a replay takes it from the record")
        seats = record.seats
    else:
        if "record" in given:
            raise EmbedError("record", "is shown read-only: use mode=replay (or leave mode out)")
        seats = parse_seats(given.get("seats", KITS[game_id].default_seats), game_id)
    return Embed(
        game=game_id,
        mode=mode,
        seats=seats,
        record=record,
        seed=_seed(given.get("seed")),
        pace=_pace(given.get("pace"), game_id),
        options=_options(given, game_id),
        origin=_origin(given.get("origin")),
    )


def _game(value: str | None, page_game: str | None) -> str:
    if value is None:
        if page_game is None:
            raise EmbedError("game", f"is missing; use one of {', '.join(KITS)}")
        return page_game
    if value not in KITS:
        raise EmbedError("game", f"{value!r} is not a game here; use one of {', '.join(KITS)}")
    if page_game is not None and value != page_game:
        raise EmbedError("game", f"{value!r} does not match this page's game ({page_game})")
    return value


def parse_seats(text: str, game_id: str) -> tuple[Seat, ...]:
    """Seats from `you,hard,hard,easy` (or `Ana:you,Bo:easy`): each seat a person (you) or a
    bot level, optionally after a name and a colon; EmbedError naming `seats` otherwise."""
    game = get_game(game_id)
    items = text.split(",") if text else []
    low, high = game.min_players, game.max_players
    if not low <= len(items) <= high:
        raise EmbedError(
            "seats", f"{game.name} needs {low} to {high} seats, got {len(items)} ({text!r})"
        )
    kinds = []
    names = []
    for i, item in enumerate(items):
        name, colon, kind = item.rpartition(":")
        kind = kind.strip().lower()
        if kind in PERSON_WORDS:
            kind = PERSON
        elif kind not in LEVELS:
            words = ", ".join(["you", *LEVELS])
            raise EmbedError("seats", f"seat {i + 1}: {kind!r} is not a player; use {words}")
        name = " ".join(plain_name(name).split())  # no control characters in a name
        if colon and not name:
            raise EmbedError("seats", f"seat {i + 1}: the name before ':' is empty")
        if len(name) > MAX_NAME:
            raise EmbedError("seats", f"seat {i + 1}: the name is longer than {MAX_NAME}")
        kinds.append(kind)
        names.append(name)
    return tuple(Seat(name or default, kind) for name, kind, default in _named(names, kinds))


def _named(names: list[str], kinds: list[str]) -> Iterable[tuple[str, str, str]]:
    """Each seat's given name, kind and default name: 'You' for the only person, 'Player n'
    for one of several, the form's bot names, in turn, for unnamed bots."""
    people = kinds.count(PERSON)
    bots = iter(BOT_NAMES)
    for i, (name, kind) in enumerate(zip(names, kinds, strict=True)):
        if kind == PERSON:
            yield name, kind, "You" if people == 1 else f"Player {i + 1}"
        else:
            yield name, kind, name or next(bots)


def _record(value: str | None, game_id: str) -> GameRecord:
    if value is None:
        raise EmbedError("record", "is missing: a replay shows the game of a share link")
    try:
        record = decode_link(value)
    except LinkError as error:
        raise EmbedError("record", str(error).removeprefix("link: ")) from None
    except BugsError as error:  # a move the rules refuse: the link is from other rules
        raise EmbedError("record", str(error)) from None
    if record.game != game_id:
        held = get_game(record.game).name
        raise EmbedError("record", f"holds a game of {held}, not {get_game(game_id).name}")
    return record


def _seed(value: str | None) -> int | None:
    if value is None:
        return None
    if not _SEED.fullmatch(value):
        raise EmbedError("seed", f"{value!r} is not a whole number of at most 15 digits")
    return int(value)


def _pace(value: str | None, game_id: str) -> str | None:
    paces = KITS[game_id].paces
    if value is None or value in paces:
        return value
    raise EmbedError("pace", f"{value!r} is not a bot speed; use {', '.join(paces)}")


def _options(given: dict[str, str], game_id: str) -> dict[str, Any]:
    kit = KITS[game_id]
    for name in given:
        if name not in _GENERAL and name not in kit.option_names:
            owner = " or ".join(
                get_game(k.game_id).name for k in KITS.values() if name in k.option_names
            )
            raise EmbedError(name, f"is a {owner} option; {get_game(game_id).name} has none")
    try:
        return kit.read_options(given)
    except OptionError as error:
        raise EmbedError(error.parameter, str(error)) from None


def _origin(value: str | None) -> str | None:
    if value is None:
        return None
    if not _ORIGIN.fullmatch(value):
        raise EmbedError(
            "origin", f"{value!r} is not an origin like https://example.org (no path, no slash)"
        )
    return value


# --- events ----------------------------------------------------------------------------------


def event(kind: str, game: str, **fields: Any) -> dict[str, Any]:
    """One event for the host page: `{source: 'bugs-table', type, game, ...}`."""
    return {"source": SOURCE, "type": kind, "game": game, **fields}


def error_event(game: str | None, message: str, parameter: str | None = None) -> dict[str, Any]:
    """The event that tells the host the frame could not start, and why."""
    return event("error", game or "", message=message, parameter=parameter)


@dataclass
class EventFeed:
    """Turns the session's record, each time the page draws, into the events since the last
    time: 'ready' when a game starts (also a new game in the same frame), one 'move' per action
    with the log's sentence, and 'end' with the scores once the game is over."""

    mode: str = PLAY
    record: GameRecord | None = None
    state: Any = None
    ended: bool = False

    def update(self, record: GameRecord) -> list[dict[str, Any]]:
        """The events that `record` adds to what was reported already."""
        events: list[dict[str, Any]] = []
        game = get_game(record.game)
        names = record.names()
        if not self._continues(record):
            self.state = game.initial_state(game.make_setup(record.setup), Rng(record.seed))
            self.record = GameRecord(
                record.game, record.rules_version, record.seed, record.setup, record.seats
            )
            self.ended = False
            players = [{"name": s.name, "kind": s.kind} for s in record.seats]
            events.append(
                event(
                    "ready",
                    record.game,
                    mode=self.mode,
                    players=players,
                    moves=len(record.actions),
                )
            )
        assert self.record is not None
        for number in range(len(self.record.actions), len(record.actions)):
            text = record.actions[number]
            action = game.parse_action(text)
            secret = game.current_player(self.state) == SIMULTANEOUS
            seat = getattr(action, "seat", None)
            if not isinstance(seat, int):
                seat = game.current_player(self.state)
            move = event(
                "move",
                record.game,
                move_number=number + 1,
                seat=seat,
                player=names[seat] if 0 <= seat < len(names) else "",
                action=None if secret else text,  # a secret choice shows when it resolves
                sentence=game.describe(self.state, action, names),
            )
            if self.mode != REPLAY:  # a replay shows a finished record: no moves happen
                events.append(move)
            self.state = game.apply(self.state, action)
        self.record = record
        if not self.ended and game.is_terminal(self.state):
            self.ended = True
            events.append(self._end(record))
        return events

    def _continues(self, record: GameRecord) -> bool:
        old = self.record
        if old is None:
            return False
        same = (old.game, old.seed, old.seats, dict(old.setup)) == (
            record.game,
            record.seed,
            record.seats,
            dict(record.setup),
        )
        return same and record.actions[: len(old.actions)] == old.actions

    def _end(self, record: GameRecord) -> dict[str, Any]:
        game: Any = get_game(record.game)  # every game has scores() and winners()
        names = record.names()
        winners = list(game.winners(self.state))
        return event(
            "end",
            record.game,
            move_number=len(record.actions),
            scores=list(game.scores(self.state)),
            winners=winners,
            winner_names=[names[s] for s in winners],
            players=[{"name": s.name, "kind": s.kind} for s in record.seats],
        )
