"""Play by link (pure): a game passed from device to device as a link addressed to one seat,
as chess was once played by post. There is no server: the link is the game.

A seat link is a share link with the seat it is for, `page.html#g=<link>&seat=<k>`. The device
that opens it plays that seat only and draws that seat's view only (the session's `here`),
bots move on whichever device reaches their turn (their moves are fixed by the record and the
seed, so every device computes the same one), and when another person is to act the page offers
"Send to <name>". Each device keeps the game among its saves by the game's seed; a link meeting
a saved copy is the same game, a step on (kept), a step behind (said, and the newer offered) or
a fork (both move lists shown, the players choose, nothing is dropped: the other branch is set
aside, exportable).

Bag of Bugs is a race in real time and has no play by link (`BY_LINK_GAMES`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any
from urllib.parse import parse_qs

from bugs_core.errors import InvalidRecordError
from bugs_core.grammar import counted
from bugs_core.record import GameRecord

from .record_bar import share_url
from .seats import PERSON

SEAT_PARAM = "seat"
"""The fragment parameter naming the seat a link is for: page.html#g=<link>&seat=<k>."""
BY_LINK_GAMES = ("bugs", "bugspiel")
"""The games played by link: turn by turn. Bag of Bugs' windows are races in real time."""
NOT_BY_LINK = (
    "Bag of Bugs cannot be played by link: after each token a window opens for a second or "
    "two in which everyone races to grab, so every player must be at the table at once. Bugs "
    "and Bugspiel are played a turn at a time and can be played by link."
)
SPOILER_NOTE = (
    "Spoiler-safe among friends, not secret: the page shows each person only their own seat, "
    "but the link carries the whole game (every hand and the deck's order) for anyone who "
    "decodes it."
)
"""What the send panel says about what a seat link gives away."""
BY_LINK_NO_UNDO = "A game by link has no undo: your move may be on its way to the next person."
LISTED = 12
"""Moves of each branch a fork's panel lists (from where they part), the rest counted."""


class SeatLinkError(InvalidRecordError):
    """A seat link whose seat is not one a person plays in its game: says which and why."""

    def __init__(self, reason: str) -> None:
        super().__init__("link", reason)


def seat_url(page: str, record: GameRecord, seat: int) -> str:
    """The link that sends `record` to `seat`: the share link plus the seat."""
    return f"{share_url(page, record)}&{SEAT_PARAM}={seat}"


def seat_in(fragment: str) -> str | None:
    """The seat parameter of an address's fragment as written ('' if empty), or None."""
    values = parse_qs(fragment.removeprefix("#"), keep_blank_values=True).get(SEAT_PARAM)
    return values[0] if values else None


def seat_of(record: GameRecord, written: str) -> int:
    """The seat a link names, checked against its game: a person's seat (SeatLinkError)."""
    if not written.isdigit() or len(written) > 3:
        raise SeatLinkError(f"its seat {written!r} is not a seat number")
    seat = int(written)
    seats = record.seats
    if seat >= len(seats):
        raise SeatLinkError(f"it is for seat {seat + 1}, but the game has {len(seats)} seats")
    if seats[seat].kind != PERSON:
        raise SeatLinkError(f"it is for seat {seat + 1}, which a bot plays, not a person")
    return seat


# -- a link meeting the saved copy ---------------------------------------------------------

SAME, NEWER, OLDER, FORK = "same", "newer", "older", "fork"
"""How a link's game stands to the copy saved on this device: the same moves, more moves (the
link is newer), fewer (the link is older), or moves that part (a fork)."""


@dataclass(frozen=True, slots=True)
class Meeting:
    """A link's game against the saved copy of the same game: how they stand (`SAME`,
    `NEWER`, `OLDER`, `FORK`) and the number of moves they share from the start."""

    kind: str
    shared: int


def same_game(a: GameRecord, b: GameRecord) -> bool:
    """True if both records are one game: its seed, rules, setup and seats (moves may differ)."""
    return (a.game, a.seed, a.rules_version, a.setup, a.seats) == (
        b.game,
        b.seed,
        b.rules_version,
        b.setup,
        b.seats,
    )


def meet(saved: GameRecord, link: GameRecord) -> Meeting:
    """How the link's moves stand to the saved copy's (the caller checks `same_game`)."""
    shared = 0
    for mine, theirs in zip(saved.actions, link.actions, strict=False):
        if mine != theirs:
            break
        shared += 1
    here, there = len(saved.actions), len(link.actions)
    if shared == here == there:
        return Meeting(SAME, shared)
    if shared == here:
        return Meeting(NEWER, shared)
    if shared == there:
        return Meeting(OLDER, shared)
    return Meeting(FORK, shared)


# -- who is sent the game ------------------------------------------------------------------


def final_to(seats: Sequence[Any], here: int) -> int | None:
    """Who a finished game by link goes to from `here`: the next person round the table (each
    sends it on, so everyone sees the end), or None when `here` is the only person."""
    n = len(seats)
    for step in range(1, n):
        seat = (here + step) % n
        if seats[seat].kind == PERSON:
            return seat
    return None


def send_to(seats: Sequence[Any], to_act: int | None, here: int) -> int | None:
    """The seat the game goes to now: the person to act if it is not this device's, else
    None (this device moves, a bot does, or the game is over)."""
    if to_act is None or to_act == here or seats[to_act].kind != PERSON:
        return None
    return to_act


# -- HTML ----------------------------------------------------------------------------------


def setup_html(game_id: str) -> str:
    """The setup screen's "Play by link" choice (the site build writes it into each game's
    page, by the seats): its box, and what playing by link means, shown once it is ticked
    (table.css) and read as the box's description; '' for a game that cannot be played by
    link (`setup_note_html` says why, under the Start button)."""
    if game_id not in BY_LINK_GAMES:
        return ""
    return (
        '<div class="by-link"><label class="check"><input type="checkbox" id="by-link" '
        'name="by-link" aria-describedby="by-link-about"> Play by link: each person on their '
        'own device</label><p class="muted small" id="by-link-about">You play the first '
        "person's seat on this device. After each move the page gives you a link (or a QR "
        "code) for the next person to send in any messenger; it opens at their seat and shows "
        "them their own cards only. Bots move on whichever device opens the link. There is no "
        "server: the link is the game.</p></div>"
    )


def setup_note_html(game_id: str) -> str:
    """For a game that cannot be played by link, why not and where to play by link instead,
    among the notes under the setup's Start button; '' for a game that can."""
    if game_id in BY_LINK_GAMES:
        return ""
    others = "".join(
        f'<a class="button quiet" href="{g}.html">Play {g.capitalize()} by link</a>'
        for g in BY_LINK_GAMES
    )
    return (
        f'<div class="by-link-note"><p class="muted small">{escape(NOT_BY_LINK)}</p>'
        f'<p class="row">{others}</p></div>'
    )


def arrival_html(name: str, game_name: str, moves: int) -> str:
    """The hand-off screen a seat link opens on: nothing of the table until the person named
    says they hold the device."""
    said = f"{counted(moves, 'move')} so far"
    return (
        f'<h2 id="dialog-title">{escape(name)}&#8217;s turn at {escape(game_name)}</h2>'
        f"<p>This link is for <strong>{escape(name)}</strong> ({said}). Only "
        f"{escape(name)} should look: the table shows {escape(name)}'s own cards.</p>"
        f'<div class="row"><button type="button" class="button primary" data-ui="arrive">'
        f"I am {escape(name)}: show my table</button></div>"
    )


def send_html(
    name: str, url: str, can_share: bool, qr: str, moves: int, *, final: bool = False
) -> str:
    """The panel that sends the game on (`final`: the finished game, for the others to see
    its end): Share (where the device can) or Copy, the link, the QR code for a device in the
    same room, and what the link gives away."""
    share = (
        '<button type="button" class="button primary" data-ui="send-share">'
        f"Send to {escape(name)}</button>"
        if can_share
        else ""
    )
    copy_class = "button" if can_share else "button primary"
    said = counted(moves, "move")
    why = (
        f"The game is over. Send {escape(name)} this link ({said}): it opens at the final table, "
        "with the replay."
        if final
        else f"It is {escape(name)}'s turn. Send {escape(name)} this link ({said}) in any "
        f"messenger; it opens at {escape(name)}'s seat."
    )
    return (
        f'<h2 id="send-title" class="send-title">Send the game to {escape(name)}</h2>'
        f"<p>{why}</p>"
        f'<div class="row">{share}<button type="button" class="{copy_class}" '
        f'data-ui="send-copy">Copy the link for {escape(name)}</button></div>'
        f'<input id="send-url" class="share-url" readonly="" aria-label="The link for '
        f'{escape(name)}" value="{escape(url)}" />'
        f'<p id="send-status" class="share-status" role="status"></p>'
        f'<details class="send-qr"><summary>QR code (for a phone in the room)</summary>{qr}'
        "</details>"
        f'<p class="share-note">{escape(SPOILER_NOTE)}</p>'
    )


def older_html(saved_moves: int, link_moves: int) -> str:
    """The notice when a link is older than the copy saved here: the newer is shown; the
    link's moment can still be opened."""
    return (
        "<p>This link is older than the game saved on this device: the link has "
        f"{counted(link_moves, 'move')}, the saved game {saved_moves:,}. The saved game "
        "is shown, as it is the newer.</p>"
        '<div class="row"><button type="button" class="button" data-ui="link-older">'
        "Open the link's older moment instead</button></div>"
    )


def fork_html(shared: int, saved: Sequence[str], link: Sequence[str]) -> str:
    """Both branches of a fork, from the move where they part, and the choice between them
    (never made silently): `saved` and `link` are each branch's log lines after `shared`."""

    def branch(lines: Sequence[str]) -> str:
        items = "".join(f"<li>{escape(line)}</li>" for line in lines[:LISTED])
        more = len(lines) - LISTED
        rest = f"<p>… and {counted(more, 'more move')}.</p>" if more > 0 else ""
        return f'<ol start="{shared + 1}">{items}</ol>{rest}'

    agree = f"agree on the first {counted(shared, 'move')}" if shared else "agree on the deal"
    return (
        '<h2 id="dialog-title">This game has two different continuations</h2>'
        f"<p>The link and the game saved on this device {agree}, then part: someone played on "
        "from an older link. Choose the "
        "one to keep playing; the other is set aside on this device (the setup screen lists it, "
        "to export).</p>"
        '<div class="fork">'
        f"<section><h3>On this device ({len(saved)} more)</h3>{branch(saved)}"
        '<button type="button" class="button" data-ui="fork-saved">Keep this device&#8217;s game'
        "</button></section>"
        f"<section><h3>In the link ({len(link)} more)</h3>{branch(link)}"
        '<button type="button" class="button" data-ui="fork-link">Keep the link&#8217;s game'
        "</button></section></div>"
    )
