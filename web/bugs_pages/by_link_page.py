"""Play by link on a game page (the glue of `bugs_web.by_link`): starting a game by link from
the setup form, opening a seat link (the hand-off screen first, then that seat's table only),
a link meeting the copy saved on this device (older: the newer is shown; a fork: the players
choose), and the panel that sends the game to the next person (Share, Copy, a QR code).

The page (`TablePage`) holds one `LinkDesk` and asks it, as it draws, whether something covers
the table (`covering`) and what the status line says while the game waits for someone else
(`status`); its `data-ui` buttons reach `ui`.
"""

from __future__ import annotations

import asyncio
from html import escape
from typing import Any, NamedTuple, Protocol

from pyodide.ffi import to_js
from pyscript import window

from bugs_core.errors import BugsError
from bugs_core.record import GameRecord
from bugs_web import saves
from bugs_web.by_link import (
    FORK,
    OLDER,
    SAME,
    arrival_html,
    final_to,
    fork_html,
    meet,
    older_html,
    same_game,
    seat_of,
    seat_url,
    send_html,
)
from bugs_web.dom.browser import element as el
from bugs_web.dom.browser import found, load_library, panel_above_table
from bugs_web.dom.records import Records, copy_field
from bugs_web.qr import SEGNO_WHEEL, qr_svg, segno_ready
from bugs_web.record_bar import plain_error
from bugs_web.table import TurnTaking

NEEDS_PEOPLE = (
    "Play by link needs at least two people: make another seat a Person (each person plays "
    "on their own device)."
)


class LinkHost(Protocol):
    """What the desk needs of its page."""

    session: Any
    records: Records
    kit: Any

    def begin(self, session: Any, *, loaded: bool = False, study: bool = False) -> None: ...

    def draw(self) -> None: ...

    def show_and_play(self) -> None: ...


class Fork(NamedTuple):
    """A fork waiting for the players' choice: this device's record, the link's, the seat the
    link opens at, and the choice's markup (made once: it replays both records)."""

    saved: GameRecord
    link: GameRecord
    seat: int
    choice: str


class LinkDesk:
    """One page's play by link: see the module's text."""

    def __init__(self, host: LinkHost) -> None:
        self.host = host
        self.arriving = False  # a seat link opened: its hand-off screen covers the table
        self.older: tuple[int, int] | None = None  # (saved moves, link moves) to say on arrival
        self.fork: Fork | None = None  # a fork waits for the players' choice
        self.sent_for: tuple[int, int] = (-1, -1)  # (moves, seat) `sent_html` was made for
        self.sent_html = ""
        self.panel_html = ""  # what the send panel shows now ('' while it is hidden)
        self.qr_loading = False  # segno's wheel is on its way
        self.qr_problem = ""  # why there can be no QR code ('' while there may be one)
        self.tasks: set[asyncio.Future[None]] = set()

    def forget(self) -> None:
        """Another game begins: what covered the table was about the game before."""
        self.arriving = False
        self.older = None
        self.fork = None

    # -- starting and opening -------------------------------------------------------------

    def start(self, session: Any) -> Any:
        """A new game from the setup form: by link when its box is ticked (this device plays
        the first person's seat), else as it is. BugsError if it cannot be played by link."""
        box = el("by-link")
        if not found(box) or not bool(box.checked):
            return session
        people = session.people
        if len(people) < 2:
            raise BugsError(NEEDS_PEOPLE)
        return session.by_link(people[0])

    def open(self, record: GameRecord, written: str) -> None:
        """Open a seat link: check its seat, meet the saved copy, then show its hand-off."""
        records = self.host.records
        try:
            seat = seat_of(record, written)
        except BugsError as error:
            records.say(f"This game link cannot be opened: {plain_error(error)}.")
            return
        saved = self.saved_copy(record)
        meeting = None if saved is None else meet(saved, record)
        kind = SAME if meeting is None else meeting.kind
        if saved is not None and meeting is not None and kind == FORK:
            problem = records.open_record(saved, seat)  # the device's game, under the choice
            if problem:
                records.say(f"This game link cannot be opened: {problem}.")
                return
            shared = meeting.shared
            choice = fork_html(shared, self.branch(saved, shared), self.branch(record, shared))
            self.fork = Fork(saved, record, seat, choice)
            self.arriving = False
            self.host.draw()
            return
        chosen = saved if saved is not None and kind == OLDER else record
        problem = records.open_record(chosen, seat)  # (a new game forgets the desk's state)
        if problem:
            records.say(f"This game link cannot be opened: {problem}.")
            return
        self.older = (len(chosen.actions), len(record.actions)) if kind == OLDER else None
        live = self.host.session
        # a finished game has nothing left to hide: its final table and replay show at once
        self.arriving = live is not None and live.to_act is not None
        self.host.draw()

    def saved_copy(self, record: GameRecord) -> GameRecord | None:
        """The copy of the link's game saved on this device, if any (and readable)."""
        store = self.host.records.store
        key = saves.save_key(record)
        if store is None or key not in store:
            return None
        try:
            saved = saves.load_game(store, key).record
        except BugsError:
            return None  # an unreadable entry: set aside by load_game, with its message
        return saved if same_game(saved, record) else None

    # -- drawing --------------------------------------------------------------------------

    def covering(self, s: Any) -> str:
        """The dialog that covers the table now ('' for none): a seat link's hand-off, or a
        fork's choice. While one shows, no table, no controls and no keys."""
        if self.fork is not None:
            return self.fork.choice
        if not self.arriving or getattr(s, "here", None) is None:
            return ""
        name = s.names[s.here]
        html = arrival_html(name, self.host.kit.session.GAME.name, len(s.record.actions))
        if self.older is not None:
            html += older_html(*self.older)
        return html

    def branch(self, record: GameRecord, shared: int) -> list[str]:
        """The log's sentences of a fork's branch after the moves both share."""
        try:
            steps = self.host.kit.session.replay_steps(record)
        except BugsError as error:
            return [f"(these moves do not replay: {plain_error(error)})"]
        log = steps[-1].log
        return list(log[len(log) - (len(record.actions) - shared) :])

    def status(self, s: Any) -> str:
        """The status line while the game waits for a person elsewhere ('' otherwise)."""
        if not isinstance(s, TurnTaking) or getattr(s, "here", None) is None:
            return ""
        seat = s.waiting_for()
        if seat is None:
            return ""
        name = s.names[seat]
        return f"Waiting for {name}: send {name} the link below; their move comes back by link."

    def after_draw(self, s: Any, replaying: bool) -> None:
        """Show the send panel while the live game waits for a person elsewhere."""
        panel = panel_above_table("send")
        seat = s.waiting_for() if isinstance(s, TurnTaking) else None
        if seat is None or replaying or self.covering(s):
            panel.hidden = True
            self.panel_html = ""
            return
        html = self.sending(s, seat, final=False)
        if html != self.panel_html:  # else it stays as it is: an open QR code stays open
            panel.innerHTML = self.panel_html = html
        panel.hidden = False

    def final_html(self, s: Any) -> str:
        """For the end-of-game panel of a game by link: the finished game, to send to the next
        person round the table so everyone sees its end ('' for other games)."""
        here = getattr(s, "here", None)
        if here is None or s.to_act is not None:
            return ""
        seat = final_to(s.record.seats, here)
        return "" if seat is None else self.sending(s, seat, final=True)

    def sending(self, s: Any, seat: int, *, final: bool) -> str:
        """The send panel's markup for the game `s` to `seat`, drawn once per moment (its QR
        code takes a moment to make)."""
        key = (len(s.record.actions), seat)
        if self.sent_for == key:
            return self.sent_html
        page = f"{window.location.origin}{window.location.pathname}{window.location.search}"
        url = seat_url(page, s.record, seat)
        name = s.names[seat]
        can_share = found(getattr(window.navigator, "share", None))
        html = send_html(name, url, can_share, self.qr(url, name), key[0], final=final)
        self.sent_for, self.sent_html = key, html
        return html

    # -- buttons --------------------------------------------------------------------------

    def ui(self, name: str) -> bool:
        """A `data-ui` button of play by link; whether it was one."""
        if name in ("arrive", "link-older"):
            self.arriving = False
            older, self.older = self.older, None
            self.host.show_and_play()
            if name == "link-older" and older is not None:
                self.host.records.go(f"to-{older[1]}")  # the link's moment, read-only
            return True
        if name in ("fork-saved", "fork-link") and self.fork is not None:
            self.choose(keep_link=name == "fork-link")
            return True
        if name == "send-copy":
            self.spawn(copy_field("send-url", "send-status"))
            return True
        if name == "send-share":
            self.spawn(self.share())
            return True
        return False

    def choose(self, *, keep_link: bool) -> None:
        """The players chose a fork's branch: the other is set aside on this device (listed on
        the setup screen, to export), never dropped; the chosen one opens at the seat."""
        assert self.fork is not None
        fork, self.fork = self.fork, None
        kept, other = (fork.link, fork.saved) if keep_link else (fork.saved, fork.link)
        records = self.host.records
        where = "this device's game" if keep_link else "the link's game"
        why = f"the other branch of a fork: {where}, not chosen"
        if records.store is not None:
            try:
                saves.keep_aside(records.store, other, int(window.Date.now()), why)
            except saves.StorageError as error:
                records.say(f"The branch not chosen could not be set aside: {error}")
        problem = records.open_record(kept, fork.seat)
        if problem:
            records.say(f"That game cannot be opened: {problem}.")
            return
        self.arriving = True
        self.host.draw()

    def qr(self, url: str, name: str) -> str:
        """The link's QR code; the first time, a line while segno's wheel loads (then the
        panel is drawn again), or why there is none."""
        if self.qr_problem:
            return f'<p class="notice">No QR code: {escape(self.qr_problem)}</p>'
        if not segno_ready():
            if not self.qr_loading:
                self.qr_loading = True
                self.spawn(self.load_qr())
            return '<p class="muted small">Drawing the QR code…</p>'
        return qr_code(url, name)

    async def load_qr(self) -> None:
        try:
            await load_library(SEGNO_WHEEL)
        except Exception as error:  # offline before the site was cached, a JsException
            self.qr_problem = f"its library did not load ({error})"
        self.qr_loading = False
        self.sent_for = (-1, -1)  # the panel again, with the code this time
        self.host.draw()

    async def share(self) -> None:
        """Hand the link to the device's share sheet (a phone's messengers)."""
        field = el("send-url")
        status = el("send-status")
        if not found(field):
            return
        data = {"title": f"{self.host.kit.session.GAME.name}: your turn", "url": str(field.value)}
        try:
            await window.navigator.share(to_js(data, dict_converter=window.Object.fromEntries))
            status.textContent = "Sent."
        except Exception as error:  # cancelled (AbortError), or not allowed: copy instead
            if getattr(error, "name", "") != "AbortError":
                await copy_field("send-url", "send-status")

    def spawn(self, job: Any) -> None:
        task = asyncio.ensure_future(job)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)


def qr_code(url: str, name: str) -> str:
    """The link as a QR code, or why it cannot be one (a link too long for the largest)."""
    try:
        return qr_svg(url, title=f"QR code of the link for {name}")
    except BugsError as error:
        return f'<p class="notice">{escape(str(error))}</p>'
