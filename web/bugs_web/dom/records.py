"""The record bar in the browser: share links in the address's fragment, saves in
localStorage, export and import of record files, replay and undo. Only the page glue imports
this (it needs the browser); what it shows and decides is pure (`record_bar`, `saves`).

A page gives `Records` its game id, its session class's `replay_steps`, and itself as the
`PageHost`. The page (`bugs_pages.table_page.TablePage`) then calls `shown(live)` at the top
of its draw, `after_draw(live)` at its end, checks `replaying` before taking a move, and calls
`show_saves()` when the setup shows.

Two lines speak for the bar above the page: `#record-message` (role alert) for one-off news (a
bad link, a set-aside save), cleared when another game shows; and `#save-status` (role status,
made here) for as long as games are not being saved (storage full or off), with Export.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator, MutableMapping, Sequence
from html import escape
from typing import Any, Protocol

from bugs_core.errors import BugsError, InvalidRecordError
from bugs_core.link import LinkError, decode_link
from bugs_core.record import GameRecord, game_of

from .. import saves
from ..by_link import BY_LINK_NO_UNDO, seat_in
from ..record_bar import (
    NO_UNDO,
    Mark,
    Replay,
    UndoPlan,
    bar_html,
    link_in,
    plain_error,
    playable,
    replay_key,
    replay_status,
    saves_html,
    share_html,
    share_url,
    undo_plan,
)
from .browser import element, found, query_param

TYPING = ("input", "select", "textarea")
RESUME_AFTER_RELOAD = "bugs-table-resume"
"""sessionStorage: the save key of the game to resume when the page reloads into a new build."""


class LocalStore(MutableMapping[str, str]):
    """`localStorage` as a mapping; a refusal (full, disabled) is a StorageError."""

    def __init__(self) -> None:
        from pyscript import window

        self.storage = window.localStorage

    def __getitem__(self, key: str) -> str:
        value = self.storage.getItem(key)
        if not found(value):
            raise KeyError(key)
        return str(value)

    def __setitem__(self, key: str, value: str) -> None:
        try:
            self.storage.setItem(key, value)
        except Exception as error:  # a JsException: quota exceeded, storage disabled
            raise saves.refusal(f"{getattr(error, 'name', '')} {error}") from None

    def __delitem__(self, key: str) -> None:
        self.storage.removeItem(key)

    def __iter__(self) -> Iterator[str]:
        keys = [self.storage.key(i) for i in range(int(self.storage.length))]
        return iter([str(k) for k in keys if found(k)])

    def __len__(self) -> int:
        return int(self.storage.length)


def _now_ms() -> int:
    from pyscript import window

    return int(window.Date.now())


def _offset_minutes() -> int:
    from pyscript import window

    return -int(window.Date.new().getTimezoneOffset())


class PageHost(Protocol):
    """What the record bar needs of its page."""

    session: Any
    """The live game's session (None before the first game)."""

    def begin(self, session: Any, *, loaded: bool = False) -> None:
        """Show a loaded game and let its bots play."""

    def draw(self) -> None:
        """Redraw the page from its session (or the replay's moment)."""

    def pause(self) -> None:
        """Stop bots and clocks while a replay shows a past moment."""

    def play_on(self) -> None:
        """Draw the live game again at the end of a replay, and start them again."""

    def open_by_link(self, record: GameRecord, seat: str) -> None:
        """Open a seat link's game (`bugs_web.by_link`): `seat` as the address wrote it."""


class Records:
    """One page's record bar: see the module's text for what the glue calls."""

    def __init__(self, game: str, steps: Callable[[GameRecord], list[Any]], host: PageHost) -> None:
        self.game = game
        self.steps_of = steps
        self.host = host
        self.replay = Replay(0)
        self.steps: list[Any] = []
        self.replay_of: GameRecord | None = None
        self.undo_for: tuple[GameRecord | None, UndoPlan] = (None, NO_UNDO)
        self.saved_as: tuple[str, int] = ("", -1)
        self.store: MutableMapping[str, str] | None = None
        self.message_for = ""  # the save key of the game a message was about ('' for none)
        self.saving = ""  # why games are not being saved now ('' while they are)
        self.offered = False  # the line about saving offers Export (there is a game to export)
        self.enabled = True  # off in an embedded page: the embed has its own replay, and an
        # embedded game is the host page's, not one to save among this site's games
        self.tasks: set[asyncio.Future[None]] = set()
        self.marks: tuple[Mark, ...] = ()  # the analysis's marks on the live game's moves

    # -- what the glue calls ----------------------------------------------------------------

    def start(self) -> None:
        """Bind the bar's events, list the saved games, open a link in the address."""
        from pyodide.ffi import create_proxy
        from pyscript import document, window

        if query_param("embed") is not None:
            self.enabled = False
            element("record-bar").hidden = True
            return
        document.addEventListener("click", create_proxy(self.on_click))
        document.addEventListener("keydown", create_proxy(self.on_key))
        element("import-file").addEventListener("change", create_proxy(self.on_file))
        window.addEventListener("hashchange", create_proxy(lambda _e: self.open_address()))
        status = document.createElement("p")  # empty from the start, so it is announced later
        status.id = "save-status"
        status.className = "record-message save-status"
        status.setAttribute("role", "status")
        status.hidden = True
        element("record-message").after(status)
        try:
            self.store = LocalStore()
        except Exception:  # reading localStorage throws (SecurityError) when site data is off
            self.show_saving(saves.SAVING_OFF)
        self.show_saves()
        document.addEventListener(
            "bugs-table-before-reload", create_proxy(lambda _e: self.remember_for_reload())
        )
        if not self.open_address():
            self.resume_after_reload()

    # -- a new version (boot.js reloads the page into it) ---------------------------------

    def remember_for_reload(self) -> None:
        """Save the live game and name it for the next start, which resumes it: the player
        asked for the new version mid-game."""
        from pyscript import window

        live = self.host.session
        if live is None or not self.enabled or not live.record.actions:
            return
        self.autosave(live)
        if self.store is None or self.saving:
            return  # not saved (no storage, or full): the reload cannot bring it back
        try:
            window.sessionStorage.setItem(RESUME_AFTER_RELOAD, saves.save_key(live.record))
        except Exception:  # sessionStorage throws when site data is off; nothing to resume
            return

    def resume_after_reload(self) -> None:
        """Resume the game `remember_for_reload` named, once."""
        from pyscript import window

        try:
            key = window.sessionStorage.getItem(RESUME_AFTER_RELOAD)
            window.sessionStorage.removeItem(RESUME_AFTER_RELOAD)
        except Exception:  # site data off: there is nothing to resume
            return
        if found(key) and self.resume(str(key)):
            self.say("A new version of Bugs Table is running; your game goes on where it was.")

    @property
    def replaying(self) -> bool:
        """True while a past moment is shown: the page takes no moves then."""
        live = self.host.session
        return not self.replay.live and live is not None and live.record is self.replay_of

    def shown(self, live: Any) -> Any:
        """The session to draw: the replay's moment, or the live game."""
        if self.replaying:
            return self.steps[self.replay.at]
        return live

    def after_draw(self, live: Any) -> None:
        """Redraw the bar, and save the live game if it moved on."""
        if live is None or not self.enabled:
            return
        line = element("record-message")
        if not line.hidden and self.message_for != saves.save_key(live.record):
            self.say("")  # a message from before this game is old news now
        if self.saving and not self.offered:
            self.show_saving(self.saving)  # said before a game began: now offer its Export
        if not self.replaying:
            self.replay = Replay(len(live.record.actions))
            self.autosave(live)
        else:  # the page's status speaks of the moment shown as if it were now
            element("turn-status").textContent = replay_status(self.replay)
        self.draw_bar(live)

    def set_marks(self, marks: Sequence[Mark]) -> None:
        """Mark the live game's moves (an analysis's biggest losses; none: no marks); the bar
        shows them from its next draw. The page clears them when another game begins."""
        self.marks = tuple(marks)

    def show_saves(self) -> None:
        """List this game's saved games on the setup screen (setting aside unreadable ones)."""
        box = element("saves")
        if not found(box) or not self.enabled:
            return
        listed: list[saves.SavedGame] = []
        aside: list[saves.SetAside] = []
        if self.store is not None:
            try:
                listed, problems = saves.list_games(self.store, self.game)
                aside = saves.list_aside(self.store, self.game)
            except Exception as error:  # a JsException from storage, or a StorageError
                problems = [f"The saved games could not be read: {error}"]
            if problems:
                self.say(" ".join(problems))
        box.innerHTML = saves_html(listed, _offset_minutes(), aside)
        box.hidden = not (listed or aside)
        # after Start, not above the form: a rare errand that put Start under a phone's fold
        element("save-import").hidden = False

    # -- drawing ------------------------------------------------------------------------------

    def draw_bar(self, live: Any) -> None:
        from pyscript import document

        bar = element("record-bar")
        focused = document.activeElement
        again = None
        if found(focused) and bar.contains(focused):
            again = focused.getAttribute("data-rec")
        undo = self.undo(live) if not self.replaying else self.undo_for[1]
        bar.innerHTML = bar_html(self.replay, undo, self.marks)
        game = element("game")
        game.setAttribute("data-rec-step", "" if self.replay.live else str(self.replay.at))
        if found(again):
            button = bar.querySelector(f'[data-rec="{again}"]')
            if found(button):
                button.focus()

    def undo(self, live: Any) -> UndoPlan:
        record, plan = self.undo_for
        if record is not live.record:
            try:
                plan = undo_plan(live.record)
            except BugsError as error:
                plan = UndoPlan(True, None, str(error))
            if plan.offered and getattr(live, "here", None) is not None:
                plan = UndoPlan(True, None, BY_LINK_NO_UNDO)
            self.undo_for = (live.record, plan)
        return plan

    def say(self, text: str) -> None:
        """Show a message above the page (a bad link, a set-aside save); '' hides it."""
        line = element("record-message")
        line.textContent = text
        line.hidden = not text
        live = self.host.session
        self.message_for = saves.save_key(live.record) if text and live is not None else ""

    def show_saving(self, text: str) -> None:
        """Say why games are not being saved, with Export when a game is on; '' hides it."""
        self.saving = text
        line = element("save-status")
        if not found(line):
            return
        offer = ""
        if text and self.host.session is not None:
            offer = (
                ' <button type="button" class="button quiet" data-rec="export">'
                "Export this game</button>"
            )
        line.innerHTML = f"{escape(text)}{offer}" if text else ""
        line.hidden = not text
        self.offered = bool(offer)

    # -- saving -------------------------------------------------------------------------------

    def autosave(self, live: Any) -> None:
        record = live.record
        if self.store is None or not record.actions:
            return
        key = saves.save_key(record)
        if self.saved_as == (key, len(record.actions)):
            return
        self.saved_as = (key, len(record.actions))
        finished = bool(game_of(record).is_terminal(live.state))
        try:
            saves.store_game(self.store, record, _now_ms(), finished, getattr(live, "here", None))
        except saves.StorageFull:
            self.show_saving(saves.NOT_SAVED)
            return
        except saves.StorageError as error:
            self.show_saving(f"This game is not being saved: {error} Export keeps a copy.")
            return
        if self.saving:
            self.show_saving("")  # saved again: the warning is over

    def save_again(self) -> None:
        """Try the live game's save now (after room was made), not only at its next move."""
        live = self.host.session
        if live is not None and self.saving and not self.replaying:
            self.saved_as = ("", -1)
            self.autosave(live)

    # -- loading ------------------------------------------------------------------------------

    def load(self, record: GameRecord, how: str) -> bool:
        """Replay `record` through the rules and show it live; a message if it cannot."""
        problem = self.open_record(record)
        if problem:
            self.say(f"{how} cannot be opened: {problem}.")
        return not problem

    def open_record(self, record: GameRecord, seat: int | None = None) -> str:
        """Replay `record` through the rules and show it live (from `seat` only, in a game by
        link); '' or what is wrong with it."""
        try:
            if record.game != self.game:
                name = game_of(record).name
                raise InvalidRecordError("game", f"it is a game of {name}; open it on that page")
            record, changed = playable(record)
            session = self.steps_of(record)[-1]
            if seat is not None:
                session = session.by_link(seat)
        except BugsError as error:
            return plain_error(error)
        self.leave_replay()
        self.hide_share()
        self.host.begin(session, loaded=True)
        self.say(changed)
        return ""

    def open_address(self) -> bool:
        """Open the game in the address's fragment, if any, then clear it from the address (a
        reload then offers the saved game rather than the link's old moment). Whether the
        address had a link."""
        from pyscript import window

        hash_was = str(window.location.hash)
        text = link_in(hash_was)
        if text is None:
            return False
        window.history.replaceState(None, "", f"{window.location.pathname}{window.location.search}")
        try:
            record = decode_link(text)
        except LinkError as error:
            self.say(f"This game link cannot be opened: {error.reason}.")
            return True
        seat = seat_in(hash_was)
        if seat is not None:
            self.host.open_by_link(record, seat)
            return True
        self.load(record, "This game link")
        return True

    async def read_file(self, file: Any) -> None:
        text = str(await file.text())
        try:
            record = saves.import_record(text, self.game)
        except BugsError as error:
            self.say(f"The file {file.name} cannot be imported: {plain_error(error)}.")
            return
        self.load(record, f"The file {file.name}")

    # -- replay -------------------------------------------------------------------------------

    def go(self, where: str) -> None:
        live = self.host.session
        if live is None:
            return
        if not self.replaying:
            if live.record is not self.replay_of:
                self.steps = self.steps_of(live.record)
                here = getattr(live, "here", None)
                if here is not None:  # a game by link replays from this device's seat only
                    self.steps = [step.by_link(here) for step in self.steps]
                self.replay_of = live.record
            self.replay = Replay(len(live.record.actions))
            moved = self.replay.go(where)
            if moved.live:
                return
            self.host.pause()
            self.replay = moved
            self.hide_share()
            self.host.draw()
            return
        self.replay = self.replay.go(where)
        if self.replay.live:
            self.host.play_on()  # draws the live game, its next bot thinking already
        else:
            self.host.draw()

    def leave_replay(self) -> None:
        self.replay = Replay(0)
        self.replay_of = None
        self.steps = []

    # -- events -------------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        target = event.target
        if not hasattr(target, "closest"):
            return
        button = target.closest("[data-rec]")
        if not found(button) or button.getAttribute("aria-disabled") == "true":
            return
        name = str(button.getAttribute("data-rec"))
        if name in ("first", "back", "forward", "last") or name.startswith("to-"):
            from_bar = bool(element("record-bar").contains(button))
            self.go(name)
            if self.replaying and not from_bar:  # "Replay the game" in the end-of-game panel
                element("record-bar").querySelector('[data-rec="forward"]').focus()
        elif name == "share":
            self.share()
        elif name == "close-share":
            self.hide_share()
            element("record-bar").querySelector('[data-rec="share"]').focus()  # not the body
        elif name == "copy":
            self.spawn(self.copy())
        elif name == "export":
            self.export()
        elif name == "export-aside":
            self.export_aside(str(button.getAttribute("data-save")))
        elif name == "import":
            element("import-file").click()
        elif name == "undo":
            self.take_back()
        elif name == "resume":
            self.resume(str(button.getAttribute("data-save")))
        elif name == "delete":
            if self.store is not None:
                saves.delete_game(self.store, str(button.getAttribute("data-save")))
            self.show_saves()
            self.save_again()

    def on_key(self, event: Any) -> None:
        if event.ctrlKey or event.altKey or event.metaKey:
            return
        where = replay_key(str(event.key))
        target = event.target
        if where is None or self.host.session is None or element("game").hidden:
            return
        tag = str(getattr(target, "tagName", "")).lower()
        in_bar = hasattr(target, "closest") and found(target.closest("#record-bar"))
        if in_bar or (self.replaying and tag not in TYPING):
            event.preventDefault()
            self.go(where)

    def on_file(self, event: Any) -> None:
        files = event.target.files
        if int(files.length) == 0:
            return
        self.spawn(self.read_file(files.item(0)))
        event.target.value = ""

    def spawn(self, job: Any) -> None:
        task = asyncio.ensure_future(job)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # -- the bar's actions ----------------------------------------------------------------------

    def share(self) -> None:
        from pyscript import window

        live = self.host.session
        if live is None:
            return
        record = self.shown(live).record
        page = f"{window.location.origin}{window.location.pathname}{window.location.search}"
        try:
            url = share_url(page, record)
        except BugsError as error:
            self.say(f"This game cannot be shared: {error}")
            return
        box = element("share-box")
        box.innerHTML = share_html(self.game, url, len(record.actions))
        box.hidden = False
        box.querySelector('[data-rec="copy"]').focus()

    def hide_share(self) -> None:
        box = element("share-box")
        box.hidden = True
        box.innerHTML = ""

    async def copy(self) -> None:
        await copy_field("share-url", "share-status")

    def export(self) -> None:
        live = self.host.session
        if live is None:
            return
        record = self.shown(live).record
        download(record.to_json(indent=2), saves.export_name(record), "application/json")

    def export_aside(self, key: str) -> None:
        """Download a set-aside entry exactly as it is stored."""
        text = self.store.get(key) if self.store is not None else None
        if text is None:
            self.say("That set-aside entry is no longer in this browser.")
            self.show_saves()
            return
        download(text, saves.aside_name(key), "text/plain")

    def take_back(self) -> None:
        live = self.host.session
        if live is None or self.replaying:
            return
        plan = self.undo(live)
        if plan.keep is None:
            return
        record = live.record
        self.load(record.first(plan.keep), "The game before your last move")

    def resume(self, key: str) -> bool:
        """Open the saved game `key`; whether it opened (else the bar says why)."""
        if self.store is None:
            return False
        try:
            saved = saves.load_game(self.store, key)
        except saves.StorageError as error:
            self.say(str(error))
            self.show_saves()
            return False
        problem = self.open_record(saved.record, saved.seat)
        if not problem:
            return True
        try:
            self.say(saves.set_aside_message(key, problem, saves.set_aside(self.store, key)))
        except saves.StorageError:  # no room to move it: it stays, unchanged, where it is
            self.say(f"The saved game {key!r} cannot be resumed ({problem}).")
        self.show_saves()
        return False


async def copy_field(field_id: str, status_id: str) -> None:
    """Copy the link in the input `field_id` to the clipboard and say so in `status_id`; where
    the page may not, select it for the person to copy."""
    from pyscript import document, window

    field = element(field_id)
    status = element(status_id)
    if not found(field):
        return
    try:
        await window.navigator.clipboard.writeText(field.value)
        status.textContent = "Copied: paste the link anywhere."
        return
    except Exception:  # no clipboard permission: select the text for the person instead
        field.focus()
        field.select()
    copied = False
    try:
        copied = bool(document.execCommand("copy"))
    except Exception:
        copied = False
    status.textContent = (
        "Copied: paste the link anywhere."
        if copied
        else "The link is selected: copy it with Ctrl+C (⌘C on a Mac)."
    )


def download(text: str, name: str, kind: str) -> None:
    """Hand `text` to the browser as a file download named `name`."""
    from pyodide.ffi import create_proxy, to_js
    from pyscript import document, window

    options = to_js({"type": kind}, dict_converter=window.Object.fromEntries)
    blob = window.Blob.new(to_js([text]), options)
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = name
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 10_000)
