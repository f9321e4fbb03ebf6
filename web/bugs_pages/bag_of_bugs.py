"""PyScript glue for bag-of-bugs.html: the clock of the reaction windows, keys and clicks in,
`bugs_web` decides, the DOM is redrawn.

Kept thin on purpose (design.md, UI): what is drawn, how long a window stays open, who may
claim and what each prompt offers are pure functions in bugs_web, tested under CPython. This
file owns time: it opens each window for `window_millis`, forwards claims and bot answers, and
closes the window when the time is up.
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
from bugs_web.games.bag_of_bugs.screen import (
    game_over_html,
    grab_rows_html,
    log_html,
    prompt_html,
    status_text,
)
from bugs_web.games.bag_of_bugs.session import (
    DECISION_SECONDS,
    BagBotTurn,
    BagSession,
    make_bag_seats,
)
from bugs_web.games.bag_of_bugs.table_svg import render_bag_table

POLL_SECONDS = 0.03


def now() -> float:
    """Seconds since the page opened."""
    return float(window.performance.now()) / 1000


class Page:
    """The one game on this page, its clock and the bot worker."""

    def __init__(self) -> None:
        self.session: BagSession | None = None
        self.generation = 0  # bumped by each new game, so a late answer or timer is dropped
        self.thinking = False
        self.bots = BotWorker()
        self.task: asyncio.Future[None] | None = None  # the clock, kept so it is not collected
        self.records = Records("bag-of-bugs", BagSession.replay_steps, self)

    # -- setup --------------------------------------------------------------------------

    def start_from_form(self, event: Any) -> None:
        event.preventDefault()
        try:
            seats = make_bag_seats(form_entries())
        except BugsError as error:
            show_setup_error(str(error))
            return
        show_setup_error("")
        self.begin(BagSession.start(seats, fresh_seed(self.generation)))

    def begin(self, session: BagSession) -> None:
        self.generation += 1
        self.session = session
        el("setup").hidden = True
        el("game").hidden = False
        el("dialog").hidden = True
        if any(not session.is_person(s) for s in range(len(session.names))):
            self.bots.warm_up()
        self.draw()
        self.task = asyncio.ensure_future(self.clock(self.generation))

    def show_setup(self) -> None:
        self.generation += 1  # stops the clock; the game itself is kept until a new one starts
        el("setup").hidden = False
        el("game").hidden = True
        el("dialog").hidden = True
        self.records.show_saves()
        el("name-0").focus()

    # -- drawing ------------------------------------------------------------------------

    def draw(self) -> None:
        s = self.session
        if s is None:
            return
        report(s.record)  # the events of an embedded game, to the host page
        s = self.records.shown(s)  # a past moment during a replay, read-only
        replaying = self.records.replaying
        people: tuple[int, ...] = () if replaying else s.people_to_grab()
        single = people[0] if len(people) == 1 else None
        table = el("table")
        table.innerHTML = render_bag_table(
            s.view(),
            names=s.names,
            clickable=s.free_grabs() if single is not None else (),
            mine=s.reach(s.people[0]) if s.people else None,
            keys={seat: f"{s.keys_of(seat)[0]}-{s.keys_of(seat)[-1]}" for seat in s.people},
            width=int(table.clientWidth or 960),
        )
        el("grab-rows").innerHTML = "" if replaying else grab_rows_html(s)
        prompt = "" if replaying else prompt_html(s)
        had_prompt = bool(el("prompt").innerHTML)
        el("prompt").innerHTML = prompt
        if prompt and not had_prompt:
            first = el("prompt").querySelector(".primary")
            if found(first):
                first.focus()
        el("turn-status").textContent = status_text(s, self.thinking)
        el("flash").textContent = s.flash
        el("notice").textContent = s.notice
        log = el("log")
        log.innerHTML = log_html(s)
        log.scrollTop = log.scrollHeight
        game = el("game")
        game.setAttribute("data-screen", "game-over" if s.over else "play")
        key = s.window_key()
        game.setAttribute("data-window", "-".join(map(str, key)) if key is not None else "")
        game.setAttribute("data-moves", str(len(s.record.actions)))
        game.setAttribute("data-thinking", "true" if self.thinking else "false")
        ending = "" if replaying else game_over_html(s)
        box = el("dialog")
        was_open = not box.hidden
        el("dialog-box").innerHTML = ending
        box.hidden = not ending
        if ending and not was_open:
            el("dialog-box").querySelector(".primary").focus()
        self.records.after_draw(self.session)

    def start_timer(self, millis: int) -> None:
        """Restart the bar that shows how long the window (or prompt) stays open."""
        bar = el("window-timer")
        bar.setAttribute("data-running", "false")
        bar.style.setProperty("--window-ms", f"{max(0, millis)}ms")
        _ = bar.offsetWidth  # a reflow, so the animation starts again from full
        bar.setAttribute("data-running", "true" if millis > 0 else "false")

    # -- events -------------------------------------------------------------------------

    def update(self, session: BagSession) -> None:
        self.session = session
        self.draw()

    def on_click(self, event: Any) -> None:
        target = event.target
        if not hasattr(target, "closest"):
            return
        ui = target.closest("[data-ui]")
        if found(ui):
            self.ui(str(ui.getAttribute("data-ui")))
            return
        s = self.session
        if s is None or self.records.replaying:
            return
        claim = target.closest("[data-claim]")
        if found(claim):
            seat, grab = str(claim.getAttribute("data-claim")).split(":")
            self.update(s.claim(int(seat), int(grab)))
            return
        token = target.closest("[data-grab]")
        if found(token) and len(s.people_to_grab()) == 1:
            self.update(s.claim(s.people_to_grab()[0], int(token.getAttribute("data-grab"))))
            return
        decide = target.closest("[data-decide]")
        if found(decide):
            self.update(s.decide(str(decide.getAttribute("data-decide"))))

    def ui(self, name: str) -> None:
        if name == "setup":
            self.show_setup()
        elif name == "again" and self.session is not None:
            seats = self.session.record.seats
            self.begin(BagSession.start(seats, fresh_seed(self.generation)))

    def on_key(self, event: Any) -> None:
        s = self.session
        if s is None or el("game").hidden or event.ctrlKey or event.altKey or event.metaKey:
            return
        if self.records.replaying:
            return
        tag = str(getattr(event.target, "tagName", "")).lower()
        if tag in ("input", "select", "textarea"):
            return
        token = event.target.closest("[data-grab]") if hasattr(event.target, "closest") else None
        if (
            token is not None
            and found(token)
            and str(event.key) in ("Enter", " ")
            and len(s.people_to_grab()) == 1
        ):
            event.preventDefault()
            self.update(s.claim(s.people_to_grab()[0], int(token.getAttribute("data-grab"))))
            return
        key = str(event.key).upper()
        for seat in s.people_to_grab():
            keys = s.keys_of(seat)
            if len(key) == 1 and key in keys:
                event.preventDefault()
                self.update(s.claim(seat, keys.index(key) + 1))
                return

    def on_resize(self, _event: Any) -> None:
        if self.session is not None and not el("game").hidden:
            self.draw()

    # -- the clock ------------------------------------------------------------------------

    def pause(self) -> None:
        """Stop the clock while a replay shows a past moment (late answers are dropped)."""
        self.generation += 1
        self.thinking = False
        self.start_timer(0)

    def play_on(self) -> None:
        """Back at the end of a replay: the clock runs again."""
        self.generation += 1
        self.task = asyncio.ensure_future(self.clock(self.generation))

    def pace_ms(self) -> int:
        try:
            return max(0, int(str(el("pace").value)))
        except ValueError:
            return 1600

    def current(self, generation: int) -> BagSession | None:
        return self.session if self.generation == generation else None

    async def clock(self, generation: int) -> None:
        """Run the game: windows open and close, prompts wait, bots answer."""
        while (s := self.current(generation)) is not None and not s.over:
            key = s.window_key()
            if key is not None:
                await self.run_window(generation, key, s)
            elif s.person_deciding() is not None:
                await self.run_prompt(generation, len(s.record.actions))
            elif s.bot_turns():
                self.thinking = True
                self.draw()
                await self.answer(generation, s.bot_turns(), paced=True)
                self.thinking = False
            else:
                return
        if self.current(generation) is not None:
            self.start_timer(0)
            self.draw()

    async def run_window(self, generation: int, key: tuple[int, ...], s: BagSession) -> None:
        millis = s.window_millis(self.pace_ms())
        self.start_timer(millis)
        self.draw()
        bots = asyncio.ensure_future(self.answer(generation, s.bot_turns(), paced=False))
        end = now() + millis / 1000
        while (c := self.current(generation)) is not None and c.window_key() == key:
            if now() >= end or (not c.people_to_grab() and bots.done()):
                break
            await asyncio.sleep(POLL_SECONDS)
        c = self.current(generation)
        if c is not None and c.window_key() == key and c.people_to_grab():
            self.update(c.close_window())
        await bots
        c = self.current(generation)
        if c is not None and c.window_key() == key:
            # everyone has answered but the window did not resolve: cannot happen; say so
            self.update(c.with_notice("The window could not close; please start a new game."))
            self.generation += 1

    async def run_prompt(self, generation: int, moves: int) -> None:
        self.start_timer(DECISION_SECONDS * 1000)
        self.draw()
        end = now() + DECISION_SECONDS
        while (c := self.current(generation)) is not None and len(c.record.actions) == moves:
            if now() >= end:
                self.update(c.default_decision())
                return
            await asyncio.sleep(POLL_SECONDS * 3)

    async def answer(self, generation: int, turns: tuple[BagBotTurn, ...], paced: bool) -> None:
        """Ask the worker for each bot's move and apply the answers as they come."""
        for turn in turns:
            started = now()
            request = {
                "record": json.loads(turn.record_json),
                "seat": turn.seat,
                "level": turn.level,
                "seed": turn.seed,
            }
            reply = await self.bots.ask(request)
            if paced:
                await asyncio.sleep(max(0.0, self.pace_ms() / 2000 - (now() - started)))
            c = self.current(generation)
            if c is None:
                return
            if "error" in reply:
                name = c.names[turn.seat]
                self.update(c.with_notice(f"{name}'s bot could not move: {reply['error']}"))
                self.generation += 1  # stop the clock rather than spin
                return
            self.update(c.bot_move(turn.key, turn.seat, str(reply["action"])))


def main() -> None:
    """Wire the page and tell it Python is ready (public/bag.py calls this)."""
    page = Page()
    el("players").addEventListener("change", create_proxy(show_seat_rows))
    el("setup-form").addEventListener("submit", create_proxy(page.start_from_form))
    document.addEventListener("click", create_proxy(page.on_click))
    document.addEventListener("keydown", create_proxy(page.on_key))
    window.addEventListener("resize", create_proxy(page.on_resize))
    select_from_query("pace", "pace")
    show_seat_rows()
    mark_ready()
    run_embedded(page, "bag-of-bugs", BagSession)
    page.records.start()
