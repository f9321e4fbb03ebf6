"""The record bar every game page shares: Share, Export, Import, Undo, the replay buttons
(first, back, forward, last) and an analysis's marks on the moves that lost the most, with the
replay's state machine, the undo plan, share links in the address's fragment and the
saved-games list. Pure, tested under CPython; the browser side is `dom.records`.

Replay is a position among the record's moves: `step` None means live (the game as it is, ready
to play on); any other step shows the game after that many moves, read-only, until the person
steps to the end again. The keys Home, Left, Right and End step while the bar has focus, and
anywhere on the page during a replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from html import escape
from typing import Any
from urllib.parse import parse_qs

from bugs_core.errors import BugsError
from bugs_core.grammar import counted
from bugs_core.link import encode_link
from bugs_core.record import GameRecord, Seat, StatesReplayer, game_of
from bugs_core.undo import actor, undo_length

from .kits import KITS
from .saves import SavedGame, SetAside, reason_of, summary
from .seats import PERSON

LINK_PARAM = "g"
"""The fragment parameter holding a share link: page.html#g=<link>."""
REPLAY_KEYS = {"Home": "first", "ArrowLeft": "back", "ArrowRight": "forward", "End": "last"}
"""The replay's keys and the steps they take."""
REPLAY_GAME_BUTTON = (
    '<button type="button" class="button" data-rec="first">Replay the game</button>'
)
"""For the end-of-game panels: replay from the first move."""
ANALYSE_GAME_BUTTON = (
    '<button type="button" class="button" data-ui="analyse">Analyse the game</button>'
)
"""For the end-of-game panels: the search's review of the game (a lesson's page drops it)."""
END_BUTTONS = REPLAY_GAME_BUTTON + ANALYSE_GAME_BUTTON
"""What every end-of-game panel offers after its own buttons."""
STEPS = (
    ("first", "|◀", "First move"),
    ("back", "◀", "One move back"),
    ("forward", "▶", "One move forward"),
    ("last", "▶|", "Last move (back to the game)"),
)


# -- replay ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Replay:
    """Where the replay stands among `total` moves; `step` None is live (at the end)."""

    total: int
    step: int | None = None

    @property
    def live(self) -> bool:
        """True when the page shows the game as it is, not a past moment."""
        return self.step is None

    @property
    def at(self) -> int:
        """The number of moves shown."""
        return self.total if self.step is None else self.step

    def go(self, where: str) -> Replay:
        """One of "first", "back", "forward", "last", or "to-N" (after move N); reaching the
        end goes live again."""
        target = {
            "first": 0,
            "back": self.at - 1,
            "forward": self.at + 1,
            "last": self.total,
        }.get(where, self.at)
        if where.startswith("to-") and where[3:].isdigit():
            target = int(where[3:])
        target = max(0, min(self.total, target))
        return replace(self, step=None if target >= self.total else target)

    def can(self, where: str) -> bool:
        """True if the step `where` would move."""
        return self.go(where).at != self.at


@dataclass(frozen=True, slots=True)
class Mark:
    """A move the analysis marks on the bar (one of its biggest losses): a button steps the
    replay to it, and a line says what the search preferred while the replay stands there."""

    move: int
    """The move's number (1: the first), the replay's step just after it."""
    seat: str
    lost: float
    """Points of the search's reward given up against the better move."""
    played: str
    better: str
    """Each move as the log says it."""
    why: str
    """Why the better move, in words ('' when there are none)."""

    @property
    def label(self) -> str:
        """The button's name for a screen reader and its tooltip."""
        better = f"{self.better} {self.why}".strip()
        lost = counted(round(self.lost), "point")
        return f"Move {self.move} ({self.seat}): lost {lost}; better: {better}"

    @property
    def line(self) -> str:
        """What the bar says while the replay stands at the move."""
        better = f"{self.better} {self.why}".strip()
        return (
            f"Move {self.move} ({self.seat}): {self.played} The search preferred: {better} "
            f"({counted(round(self.lost), 'point')} lost)"
        )


def replay_status(replay: Replay) -> str:
    """The page's status line during a replay."""
    return (
        f"Replay of move {replay.at} of {replay.total}: read-only; "
        "the last move (▶|) returns to the game."
    )


def replay_key(key: str) -> str | None:
    """The replay step a key takes ('ArrowLeft' -> 'back'), or None."""
    return REPLAY_KEYS.get(key)


# -- undo ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UndoPlan:
    """Whether the page offers undo (a game of people against bots), how many moves to keep,
    and why not when it cannot."""

    offered: bool
    keep: int | None = None
    reason: str = ""


NO_UNDO = UndoPlan(False)
NOTHING_YET = UndoPlan(True, None, "Nothing to undo yet: you have not moved.")

_STATES = StatesReplayer()
"""The states of the game the page asked about last: after a move, its plan replays only that
move (a whole Bugspiel game replayed twice was some 5 ms in CPython, for every move)."""


def undo_plan(record: GameRecord) -> UndoPlan:
    """Undo for the person who moved last: their last move and the bots' replies since, as
    far as the engine's `undo_length` allows (never across a deal, a draw or anything revealed
    to them)."""
    people = {i for i, s in enumerate(record.seats) if s.kind == PERSON}
    if not people or len(people) == len(record.seats):
        return NO_UNDO
    if not record.actions:
        # A new game's first table: replaying it would build its opening (Bugspiel's deck:
        # 15-30 ms in the browser) a second time, only to find no move.
        return NOTHING_YET
    game = game_of(record)
    states = _STATES.states(record)
    for k in range(len(record.actions) - 1, -1, -1):
        seat = actor(game, states[k], game.parse_action(record.actions[k]))
        if seat in people:
            keep = undo_length(record, seat, states)
            if keep is None:
                return UndoPlan(
                    True,
                    None,
                    "Undo would go back across a deal, a draw or something you have seen.",
                )
            return UndoPlan(True, keep)
    return NOTHING_YET


# -- seats -----------------------------------------------------------------------------------

PAGE_LEVELS = {"random": "easy", "heuristic": "easy", "search": "medium"}
"""The engine's bot names (records made by the command line) as the pages' levels."""


def playable(record: GameRecord) -> tuple[GameRecord, str]:
    """The record with every bot seat at a level the pages offer, and a line saying which
    seats changed ('' when none did). The moves are untouched: only who plays on differs."""
    changed = []
    seats = []
    for seat in record.seats:
        level = PAGE_LEVELS.get(seat.kind)
        if level is None:
            seats.append(seat)
            continue
        seats.append(Seat(seat.name, level))
        changed.append(f"{seat.name} ({seat.kind} bot) plays on as an {level} bot")
    if not changed:
        return record, ""
    kept = GameRecord(
        record.game, record.rules_version, record.seed, record.setup, tuple(seats), record.actions
    )
    return kept, "; ".join(changed).capitalize() + "."


def plain_error(error: BugsError) -> str:
    """What is wrong with a record, for a person: 'move 3: ...' rather than 'actions[2]: ...'."""
    return reason_of(error)


# -- links -----------------------------------------------------------------------------------


def share_url(page: str, record: GameRecord) -> str:
    """The address of this page with the game in its fragment (never sent to a server)."""
    return f"{page.split('#')[0]}#{LINK_PARAM}={encode_link(record)}"


def link_in(fragment: str) -> str | None:
    """The share link in an address's fragment ('#g=...'), or None when it holds none."""
    text = fragment.removeprefix("#")
    if not text:
        return None
    values = parse_qs(text, keep_blank_values=True).get(LINK_PARAM)
    return values[0] if values else None


# -- HTML ------------------------------------------------------------------------------------


def _attrs(values: dict[str, Any]) -> str:
    return "".join(
        f' {name}="{escape(str(value))}"' for name, value in values.items() if value is not None
    )


def marks_html(replay: Replay, marks: Sequence[Mark]) -> tuple[str, str]:
    """The marks' row of buttons ('! 23', each stepping the replay to its move; the one the
    replay stands at is aria-current) and the line for the move the replay stands at ('' when
    it stands at none)."""
    shown = [m for m in marks if 1 <= m.move <= replay.total]
    if not shown:
        return "", ""
    buttons = []
    for mark in shown:
        attrs = {
            "type": "button",
            "class": "button quiet mark",
            "data-rec": f"to-{mark.move}",
            "aria-label": mark.label,
            "title": mark.label,
            "aria-current": "step" if mark.move == replay.at else None,
        }
        buttons.append(f"<button{_attrs(attrs)}>! {mark.move}</button>")
    here = next((m for m in shown if m.move == replay.at), None)
    row = (
        '<div class="replay-marks" role="group" aria-label="The moves that lost the most">'
        f'<span class="marks-title" aria-hidden="true">Lost most:</span>{"".join(buttons)}</div>'
    )
    line = "" if here is None else f'<p class="mark-line">{escape(here.line)}</p>'
    return row, line


def bar_html(replay: Replay, undo: UndoPlan, marks: Sequence[Mark] = ()) -> str:
    """The bar: replay steps with where it stands, the analysis's `marks` (if any), then Undo
    (when offered), Share, Export and Import, and the marked move's line when the replay
    stands at one. Step buttons stay focusable at the ends (aria-disabled), so the keys keep
    working."""
    steps = []
    for name, mark, label in STEPS:
        attrs = {
            "type": "button",
            "class": "button quiet step",
            "data-rec": name,
            "aria-label": label,
            "title": label,
            "aria-disabled": None if replay.can(name) else "true",
        }
        steps.append(f"<button{_attrs(attrs)}>{mark}</button>")
    if replay.live:
        where = counted(replay.total, "move")
    else:
        where = f"Replay: move {replay.at} of {replay.total}, read-only"
    parts = [
        '<div class="replay" role="group" aria-label="Replay (keys: Home, Left, Right, End)">',
        *steps,
        f'<span class="replay-at" data-at="{replay.at}" data-live="{str(replay.live).lower()}">'
        f"{escape(where)}</span></div>",  # the page's live region says each step
    ]
    marked, line = marks_html(replay, marks)
    parts += [marked, '<div class="record-actions">']
    if undo.offered:
        allowed = replay.live and undo.keep is not None
        reason = undo.reason if replay.live else "Step to the last move to undo."
        attrs = {
            "type": "button",
            "class": "button quiet",
            "data-rec": "undo",
            "disabled": None if allowed else "",
            "aria-describedby": None if allowed else "undo-why",
        }
        parts.append(f"<button{_attrs(attrs)}>Undo</button>")
        if not allowed:
            parts.append(f'<span id="undo-why" class="undo-why">{escape(reason)}</span>')
    for name, label in (("share", "Share"), ("export", "Export"), ("import", "Import")):
        parts.append(
            f'<button type="button" class="button quiet" data-rec="{name}">{label}</button>'
        )
    parts += ["</div>", line]
    return "".join(parts)


def share_html(game: str, url: str, moves: int) -> str:
    """The share panel: what the link gives away first, then the link and the copy button."""
    note = KITS[game].hidden_note if game in KITS else ""
    return (
        f'<p class="share-note"><strong>{escape(note)}</strong></p>'
        f'<label for="share-url">Link to this game after {counted(moves, "move")}</label>'
        f'<div class="row"><input id="share-url" class="share-url" readonly=""'
        f' value="{escape(url)}" />'
        '<button type="button" class="button primary" data-rec="copy">Copy link</button>'
        '<button type="button" class="button quiet" data-rec="close-share">Close</button></div>'
        '<p id="share-status" class="share-status" role="status"></p>'
    )


def saves_html(
    saved: list[SavedGame], offset_minutes: int = 0, aside: list[SetAside] | None = None
) -> str:
    """The saved games on the setup screen (resume or delete each) and the entries set aside
    (export each as stored, or delete it). Import is the setup form's, after Start."""
    parts = []
    if saved:
        parts.append('<h3 id="saves-title">Saved games</h3><ul class="save-list">')
        for entry in saved:
            key = escape(entry.key)
            verb = "Replay" if entry.finished else "Resume"
            parts.append(
                f'<li data-save="{key}"><span class="save-what">'
                f"{escape(summary(entry, offset_minutes))}</span>"
                f'<button type="button" class="button" data-rec="resume" data-save="{key}">'
                f"{verb}</button>"
                f'<button type="button" class="button quiet" data-rec="delete"'
                f' data-save="{key}">Delete</button></li>'
            )
        parts.append("</ul>")
    if aside:
        parts.append(
            '<h3 id="aside-title">Set aside</h3><p class="aside-note">Saved games this page '
            "could not use, kept as they were stored: export one to keep it as a file.</p>"
            '<ul class="aside-list">'
        )
        for kept in aside:
            key = escape(kept.key)
            what = f"{kept.original}: {kept.reason} ({kept.size} characters)"
            parts.append(
                f'<li data-save="{key}"><span class="save-what">{escape(what)}</span>'
                f'<button type="button" class="button" data-rec="export-aside" data-save="{key}">'
                "Export as stored</button>"
                f'<button type="button" class="button quiet" data-rec="delete"'
                f' data-save="{key}">Delete</button></li>'
            )
        parts.append("</ul>")
    return "".join(parts)
