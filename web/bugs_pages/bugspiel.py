"""PyScript glue for bugspiel.html: events in, `bugs_web` decides, the DOM is redrawn.

Kept thin on purpose (design.md, UI): what the table shows, what a pick lights, what a move
scores and what the buttons say are pure functions in bugs_web (games.bugspiel: session, screen,
table_svg), tested under CPython. This file reads the setup form, routes clicks, keys and
hovers to the `SpielSession`, asks the bot worker for bot moves at the chosen pace, and swaps
the HTML and SVG it is given.
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
from bugs_web.games.bugspiel.screen import (
    ROTATE_BUTTONS,
    controls_html,
    game_over_html,
    highlight_of,
    log_html,
    popup_html,
    status_text,
)
from bugs_web.games.bugspiel.session import (
    CLOCKWISE,
    COUNTER_CLOCKWISE,
    SpielSession,
    make_spiel_seats,
)
from bugs_web.games.bugspiel.table_svg import render_spiel_table

PICKS = ("data-hand-bug", "data-hand-bonus", "data-buy-bug", "data-buy-bonus", "data-space")
"""The attributes of what a person may pick on the table, in the order they are tried."""
PICK_SELECTOR = ", ".join(f"[{name}]" for name in PICKS)
CARD_SELECTOR = "[data-card], [data-bonus]"
ROTATIONS = {ui: step for ui, _label, step in ROTATE_BUTTONS}


class Page:
    """The one game on this page and the page's bot worker."""

    def __init__(self) -> None:
        self.session: SpielSession | None = None
        self.thinking = False
        self.running = False  # a bot loop is under way
        self.generation = 0  # bumped by each new game, so a late bot answer is dropped
        self.bots = BotWorker()
        self.task: asyncio.Future[None] | None = None  # the bot loop, kept so it is not collected
        self.popup = ""  # the card the popup shows now, as "card:12" or "bonus:40"
        self.records = Records("bugspiel", SpielSession.replay_steps, self)

    # -- setup --------------------------------------------------------------------------

    def start_from_form(self, event: Any) -> None:
        event.preventDefault()
        try:
            seats = make_spiel_seats(form_entries())
            options = {
                "board": str(el("board").value),
                "target_score": int(str(el("target").value)),
            }
            session = SpielSession.start(seats, fresh_seed(self.generation), options)
        except (BugsError, ValueError) as error:
            show_setup_error(str(error))
            return
        show_setup_error("")
        self.begin(session)

    def begin(self, session: SpielSession) -> None:
        self.generation += 1
        self.running = False  # the old game's bot loop, if any, ends at its next step
        self.session = session
        self.thinking = False
        el("setup").hidden = True
        el("game").hidden = False
        self.draw()
        self.kick()
        if any(not session.is_person(seat) for seat in range(len(session.names))):
            self.bots.warm_up()  # boot the worker now, while the person looks at the table

    def show_setup(self) -> None:
        self.generation += 1  # a bot still thinking for the old game is ignored
        self.running = False
        el("setup").hidden = False
        el("game").hidden = True
        el("dialog").hidden = True
        el("resume").hidden = self.session is None
        self.records.show_saves()
        self.hide_popup()
        el("name-0").focus()

    def resume(self) -> None:
        if self.session is None:
            return
        el("setup").hidden = True
        el("game").hidden = False
        self.draw()
        self.kick()

    # -- drawing ------------------------------------------------------------------------

    def draw(self) -> None:
        s = self.session
        if s is None:
            return
        report(s.record)  # the events of an embedded game, to the host page
        s = self.records.shown(s)  # a past moment during a replay, read-only
        replaying = self.records.replaying
        refocus = focus_key(document.activeElement)
        table = el("table")
        table.innerHTML = render_spiel_table(
            s.view(),
            s.names,
            highlight=highlight_of(s),
            usable=s.my_turn() and not replaying,
            thinking=s.to_act if self.thinking else None,
            width=int(table.clientWidth or 960),
        )
        el("controls").innerHTML = "" if replaying else controls_html(s)
        el("turn-status").textContent = status_text(s, self.thinking)
        el("notice").textContent = s.notice
        log = el("log")
        log.innerHTML = log_html(s)
        log.scrollTop = log.scrollHeight
        game = el("game")
        game.setAttribute("data-screen", "game-over" if s.over else "play")
        game.setAttribute("data-thinking", "true" if self.thinking else "false")
        game.setAttribute("data-moves", str(len(s.record.actions)))
        game.setAttribute("data-record", s.record.to_json())
        game.setAttribute("data-pick", s.pick or "")
        pending = s.pending()
        game.setAttribute("data-pending", "" if pending is None else str(pending))
        ending = "" if replaying else game_over_html(s)
        box = el("dialog")
        was_open = not box.hidden
        el("dialog-box").innerHTML = ending
        box.hidden = not ending
        if ending and not was_open:
            self.hide_popup()
            el("dialog-box").querySelector(".primary").focus()
        elif refocus is not None:
            again = document.querySelector(refocus)
            if found(again):
                again.focus()
        self.records.after_draw(self.session)

    def show_popup(self, node: Any) -> None:
        kind = "card" if found(node.getAttribute("data-card")) else "bonus"
        number = int(str(node.getAttribute(f"data-{kind}")))
        key = f"{kind}:{number}"
        popup = el("card-popup")
        if key != self.popup:
            popup.innerHTML = popup_html(kind, number)
            self.popup = key
        popup.hidden = False

    def hide_popup(self) -> None:
        el("card-popup").hidden = True

    # -- events -------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        target = event.target
        if not hasattr(target, "closest"):
            return
        ui = target.closest("[data-ui]")
        if found(ui):
            self.ui(str(ui.getAttribute("data-ui")))
            return
        node = target.closest(PICK_SELECTOR)
        if found(node) and self.session is not None and not self.records.replaying:
            self.activate(node)

    def activate(self, node: Any) -> None:
        """A pick on the table, by a click or by Enter/Space on the focused element."""
        s = self.session
        assert s is not None
        for name in PICKS:
            value = node.getAttribute(name)
            if not found(value):
                continue
            number = int(str(value))
            if name == "data-hand-bug":
                self.update(s.pick_hand_bug(number))
            elif name == "data-hand-bonus":
                self.update(s.pick_hand_bonus(number))
            elif name == "data-buy-bug":
                self.update(s.pick_buy("bug", number))
            elif name == "data-buy-bonus":
                self.update(s.pick_buy("bonus", number))
            else:
                self.update(s.pick_space(number))
            return

    def ui(self, name: str) -> None:
        s = self.session
        if name == "setup":
            self.show_setup()
        elif name == "resume":
            self.resume()
        elif s is None:
            return
        elif name == "confirm":
            self.update(s.confirm())
        elif name == "pass":
            self.update(s.pass_turn())
        elif name == "clear":
            self.update(s.clear())
        elif name in ROTATIONS:
            self.update(s.rotate(ROTATIONS[name]))
        elif name == "again":
            self.begin(
                SpielSession.start(
                    s.record.seats, fresh_seed(self.generation), dict(s.record.setup)
                )
            )

    def on_key(self, event: Any) -> None:
        s = self.session
        if s is None or el("game").hidden or event.ctrlKey or event.altKey or event.metaKey:
            return
        tag = str(getattr(event.target, "tagName", "")).lower()
        if tag in ("input", "select", "textarea") or self.records.replaying:
            return
        code = str(event.code)
        node = event.target.closest(PICK_SELECTOR) if hasattr(event.target, "closest") else None
        node = node if found(node) else None
        if code == "Escape":
            self.hide_popup()
            self.update(s.clear())
        elif code == "KeyR":
            event.preventDefault()
            self.update(s.rotate(COUNTER_CLOCKWISE if event.shiftKey else CLOCKWISE))
        elif code == "KeyP" and s.my_turn():
            event.preventDefault()
            self.update(s.pass_turn())
        elif node is not None and code in ("Enter", "NumpadEnter", "Space"):
            event.preventDefault()
            if code != "Space" and s.pending() is not None and is_chosen(s, node):
                self.update(s.confirm())
            else:
                self.activate(node)
        elif (
            code in ("Enter", "NumpadEnter")
            and tag not in ("button", "a", "summary")
            and s.pending() is not None
        ):
            event.preventDefault()
            self.update(s.confirm())

    def on_over(self, event: Any) -> None:
        target = event.target
        node = target.closest(CARD_SELECTOR) if hasattr(target, "closest") else None
        if found(node):
            self.show_popup(node)
        elif event.type == "mouseover":
            self.hide_popup()

    def on_out(self, event: Any) -> None:
        if event.type == "focusout":
            self.hide_popup()

    def update(self, session: SpielSession) -> None:
        self.session = session
        self.draw()
        self.kick()

    def on_resize(self, _event: Any) -> None:
        if self.session is not None and not el("game").hidden:
            self.draw()

    # -- bots ---------------------------------------------------------------------------

    def pause(self) -> None:
        """Stop the bots while a replay shows a past moment (a late answer is dropped)."""
        self.generation += 1
        self.running = False
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
        if self.running or s is None or s.bot_turn() is None or el("game").hidden:
            return  # no bot plays on while the setup form shows
        if self.records.replaying:
            return  # nor while a replay shows a past moment
        self.running = True
        self.task = asyncio.ensure_future(self.bot_loop(self.generation))

    async def bot_loop(self, generation: int) -> None:
        try:
            while self.generation == generation and self.session is not None:
                turn = self.session.bot_turn()
                if turn is None:
                    return
                self.thinking = True
                self.draw()
                started = window.performance.now()
                request = {
                    "record": json.loads(turn.record_json),
                    "seat": turn.seat,
                    "level": turn.level,
                    "seed": turn.seed,
                }
                answer = await self.bots.ask(request)
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
            if self.generation == generation:  # a newer game runs its own loop
                self.running = False
                self.thinking = False


def focus_key(node: Any) -> str | None:
    """A selector that finds the focused element again after a redraw, or None."""
    if not found(node) or not hasattr(node, "getAttribute"):
        return None
    for name in (*PICKS, "data-ui"):
        value = node.getAttribute(name)
        if found(value):
            return f'[{name}="{value}"]'
    return None


def is_chosen(s: SpielSession, node: Any) -> bool:
    """True if `node` is what the pending move would use: the chosen space or the market slot."""
    space = node.getAttribute("data-space")
    if found(space) and s.chosen is not None and int(str(space)) == s.chosen:
        return True
    for market in ("bug", "bonus"):
        slot = node.getAttribute(f"data-buy-{market}")
        if found(slot) and s.pick == f"buy-{market}:{slot}":
            return True
    return False


def main() -> None:
    """Wire the page and tell it Python is ready (public/spiel.py calls this)."""
    page = Page()
    el("players").addEventListener("change", create_proxy(show_seat_rows))
    el("setup-form").addEventListener("submit", create_proxy(page.start_from_form))
    document.addEventListener("click", create_proxy(page.on_click))
    document.addEventListener("keydown", create_proxy(page.on_key))
    table = el("table")
    table.addEventListener("mouseover", create_proxy(page.on_over))
    table.addEventListener("focusin", create_proxy(page.on_over))
    table.addEventListener("focusout", create_proxy(page.on_out))
    table.addEventListener("mouseleave", create_proxy(lambda _e: page.hide_popup()))
    window.addEventListener("resize", create_proxy(page.on_resize))
    select_from_query("pace", "pace")
    select_from_query("board", "board")
    select_from_query("target", "target")
    show_seat_rows()
    mark_ready()
    run_embedded(page, "bugspiel", SpielSession)
    page.records.start()
