"""PyScript glue for bugs.html: events in, `bugs_web` decides, the DOM is redrawn.

Kept thin on purpose (design.md, UI): what the table shows, which cards may be picked and what
the buttons say are pure functions in bugs_web, tested under CPython. This file reads the setup
form, routes clicks and keys to the `Session`, asks the bot worker for bot moves at the chosen
pace, and swaps the HTML and SVG it is given.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from bugs_core.errors import BugsError
from bugs_web.dom.browser import (
    BotWorker,
    form_entries,
    found,
    fresh_seed,
    mark_ready,
    select_from_query,
    show_seat_rows,
    show_setup_error,
)
from bugs_web.dom.browser import element as el
from bugs_web.dom.embed_frame import report, run_embedded
from bugs_web.dom.records import Records
from bugs_web.games.bugs.screen import (
    controls_html,
    game_over_html,
    hand_over_html,
    handoff_html,
    log_html,
    status_text,
)
from bugs_web.games.bugs.session import HAND_OVER, PLAY, Session, make_seats
from bugs_web.games.bugs.table_svg import render_table

KEY_KINDS = {"KeyO": 10, "KeyN": 11, "KeyR": 12, "KeyX": 13}
KEY_KINDS.update({f"Digit{v}": v for v in range(1, 10)})
KEY_KINDS.update({f"Numpad{v}": v for v in range(1, 10)})


class Page:
    """The one game on this page and the page's bot worker."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.thinking = False
        self.running = False  # a bot loop is under way
        self.generation = 0  # bumped by each new game, so a late bot answer is dropped
        self.bots = BotWorker()
        self.task: asyncio.Future[None] | None = None  # the bot loop, kept so it is not collected
        self.records = Records("bugs", Session.replay_steps, self)

    # -- setup --------------------------------------------------------------------------

    def start_from_form(self, event: Any) -> None:
        event.preventDefault()
        try:
            seats = make_seats(form_entries())
        except BugsError as error:
            show_setup_error(str(error))
            return
        show_setup_error("")
        self.begin(Session.start(seats, fresh_seed(self.generation)))

    def begin(self, session: Session) -> None:
        self.generation += 1
        self.session = session
        self.thinking = False
        el("setup").hidden = True
        el("game").hidden = False
        self.draw()
        self.kick()
        if any(not session.is_person(seat) for seat in range(len(session.names))):
            self.bots.warm_up()  # boot the worker now, while the person looks at the first hand

    def show_setup(self) -> None:
        el("setup").hidden = False
        el("game").hidden = True
        el("dialog").hidden = True
        self.records.show_saves()
        resume = el("resume")
        if self.session is not None and not found(resume):
            button = document.createElement("button")
            button.id = "resume"
            button.type = "button"
            button.className = "button"
            button.textContent = "Back to the game"
            button.setAttribute("data-ui", "resume")
            el("start").after(button)
        el("name-0").focus()

    def resume(self) -> None:
        if self.session is None:
            return
        el("setup").hidden = True
        el("game").hidden = False
        self.draw()

    # -- drawing ------------------------------------------------------------------------

    def draw(self) -> None:
        s = self.session
        if s is None:
            return
        report(s.record)  # the events of an embedded game, to the host page
        s = self.records.shown(s)  # a past moment during a replay, read-only
        replaying = self.records.replaying
        focused = document.activeElement
        focus_pick = None
        if found(focused) and hasattr(focused, "getAttribute"):
            focus_pick = focused.getAttribute("data-pick")
            focus_pick = str(focus_pick) if found(focus_pick) else None
        table = el("table")
        # a replay at a table of several people shows no hand: the device may be anyone's now
        spectator = s.screen != PLAY or s.viewer is None or (replaying and len(s.people) > 1)
        view = s.public_view() if spectator else s.view()
        usable = None
        if s.my_turn() and not replaying:
            usable = [k for k in range(14) if s.picker.usable(k)]
        selected = {k: n for k, n in enumerate(s.picker.selection) if n}
        width = int(table.clientWidth or 960)
        table.innerHTML = render_table(
            view,
            names=s.names,
            selected=selected,
            usable=usable,
            spectator=spectator,
            thinking=s.to_act if self.thinking else None,
            width=width,
        )
        el("controls").innerHTML = "" if replaying else controls_html(s)
        el("turn-status").textContent = status_text(s, self.thinking)
        el("notice").textContent = s.notice
        log = el("log")
        log.innerHTML = log_html(s)
        log.scrollTop = log.scrollHeight
        game = el("game")
        game.setAttribute("data-screen", s.screen)
        game.setAttribute("data-thinking", "true" if self.thinking else "false")
        game.setAttribute("data-viewer", "" if s.viewer is None else str(s.viewer))
        game.setAttribute("data-moves", str(len(s.record.actions)))
        dialog = "" if replaying else handoff_html(s) or hand_over_html(s) or game_over_html(s)
        box = el("dialog")
        was_open = not box.hidden
        el("dialog-box").innerHTML = dialog
        box.hidden = not dialog
        box.setAttribute("data-screen", s.screen)
        if dialog and not was_open:
            primary = el("dialog-box").querySelector(".primary")
            if found(primary):
                primary.focus()
        elif focus_pick is not None:
            again = table.querySelector(f'[data-pick="{focus_pick}"]')
            if found(again):
                again.focus()
        self.records.after_draw(self.session)

    # -- events -------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        target = event.target
        if not hasattr(target, "closest"):
            return
        ui = target.closest("[data-ui]")
        if found(ui):
            self.ui(str(ui.getAttribute("data-ui")))
            return
        if self.session is None or self.records.replaying:
            return
        action = target.closest("[data-action]")
        if found(action):
            self.update(self.session.play(str(action.getAttribute("data-action"))))
            return
        pick = target.closest("[data-pick]")
        if found(pick):
            copy = target.closest("[data-copy]")
            index = int(copy.getAttribute("data-copy")) if found(copy) else 0
            self.update(self.session.pick(int(pick.getAttribute("data-pick")), index))

    def ui(self, name: str) -> None:
        s = self.session
        if name == "setup":
            self.show_setup()
        elif name == "resume":
            self.resume()
        elif s is None:
            return
        elif name == "clear":
            self.update(s.clear())
        elif name == "take":
            self.update(s.take_device())
        elif name == "next-hand":
            self.update(s.next_hand())
        elif name == "again":
            self.begin(Session.start(s.record.seats, fresh_seed(self.generation)))

    def on_key(self, event: Any) -> None:
        s = self.session
        if s is None or el("game").hidden or event.ctrlKey or event.altKey or event.metaKey:
            return
        tag = str(getattr(event.target, "tagName", "")).lower()
        if tag in ("input", "select", "textarea") or self.records.replaying:
            return
        code = str(event.code)
        group = event.target.closest("[data-pick]") if hasattr(event.target, "closest") else None
        group = group if found(group) else None
        if group is not None and code in ("Enter", "Space", "Minus", "Backspace", "NumpadAdd"):
            delta = -1 if code in ("Minus", "Backspace") else 1
            event.preventDefault()
            self.update(s.step(int(group.getAttribute("data-pick")), delta))
            return
        if group is not None and code in ("ArrowLeft", "ArrowRight"):
            event.preventDefault()
            self.move_focus(group, 1 if code == "ArrowRight" else -1)
            return
        if code in KEY_KINDS:
            event.preventDefault()
            self.update(s.step(KEY_KINDS[code], -1 if event.shiftKey else 1))
        elif code == "Escape":
            self.update(s.clear())
        elif code == "KeyP" and s.my_turn():
            self.update(s.play("pickup"))
        elif code in ("Enter", "NumpadEnter") and tag not in ("button", "a", "summary"):
            choices = s.picker.choices()
            if len(choices) == 1:
                event.preventDefault()
                self.update(s.play(str(choices[0])))

    def move_focus(self, group: Any, delta: int) -> None:
        groups = list(el("table").querySelectorAll("[data-pick]"))
        keys = [str(g.getAttribute("data-pick")) for g in groups]
        here = keys.index(str(group.getAttribute("data-pick")))
        groups[(here + delta) % len(groups)].focus()

    def update(self, session: Session) -> None:
        self.session = session
        self.draw()
        self.kick()

    # -- bots ---------------------------------------------------------------------------

    def pause(self) -> None:
        """Stop the bots while a replay shows a past moment (a late answer is dropped)."""
        self.generation += 1
        self.thinking = False

    def play_on(self) -> None:
        """Back at the end of a replay: the bots play on."""
        self.kick()

    def pace(self) -> float:
        """Seconds between bot moves, from the speed setting."""
        try:
            return max(0, int(str(el("pace").value))) / 1000
        except ValueError:
            return 0.8

    def kick(self) -> None:
        """Start the bot loop unless it runs already."""
        s = self.session
        if self.running or s is None or self.records.replaying:
            return
        if s.bot_turn() is None and not (s.screen == HAND_OVER and s.auto_continue()):
            return
        self.running = True
        self.task = asyncio.ensure_future(self.bot_loop(self.generation))

    async def bot_loop(self, generation: int) -> None:
        try:
            while self.generation == generation and self.session is not None:
                s = self.session
                if s.screen == HAND_OVER and s.auto_continue():
                    await asyncio.sleep(self.pace() * 2)
                    if self.generation == generation:
                        self.session = self.session.next_hand()
                        self.draw()
                    continue
                turn = s.bot_turn()
                if turn is None:
                    return
                self.thinking = True
                self.draw()
                started = window.performance.now()
                answer = await self.ask(turn.record_json, turn.seat, turn.level, turn.seed)
                waited = (window.performance.now() - started) / 1000
                await asyncio.sleep(max(0.0, self.pace() - waited))
                if self.generation != generation or self.session is None:
                    return
                self.thinking = False
                if "error" in answer:
                    name = self.session.names[turn.seat]
                    text = f"{name}'s bot could not move: {answer['error']}"
                    self.session = self.session.with_notice(text)
                    self.draw()
                    return
                self.session = self.session.bot_move(turn.moves, turn.seat, answer["action"])
                self.draw()
        finally:
            if self.generation == generation:
                self.running = False
                self.thinking = False
            else:
                self.running = False
                self.kick()

    async def ask(self, record_json: str, seat: int, level: str, seed: int) -> dict[str, Any]:
        request = {"record": json.loads(record_json), "seat": seat, "level": level, "seed": seed}
        return await self.bots.ask(request)

    def on_resize(self, _event: Any) -> None:
        if self.session is not None and not el("game").hidden:
            self.draw()


def main() -> None:
    """Wire the page and tell it Python is ready (public/bugs.py calls this)."""
    page = Page()
    el("players").addEventListener("change", create_proxy(show_seat_rows))
    el("setup-form").addEventListener("submit", create_proxy(page.start_from_form))
    document.addEventListener("click", create_proxy(page.on_click))
    document.addEventListener("keydown", create_proxy(page.on_key))
    window.addEventListener("resize", create_proxy(page.on_resize))
    select_from_query("pace", "pace")
    show_seat_rows()
    mark_ready()
    run_embedded(page, "bugs", Session)
    page.records.start()
