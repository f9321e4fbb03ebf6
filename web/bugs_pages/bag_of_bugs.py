"""bag-of-bugs.html: Bag of Bugs on the table page. Its own part is time: the clock opens each
reaction window for `window_millis`, forwards claims (keys, clicks, taps) and bot answers as
they come, closes the window when the time is up, and gives each prompt its default when its
own time runs out.
"""

from __future__ import annotations

import asyncio
from typing import Any

from bugs_web.dom.browser import element as el
from bugs_web.dom.browser import found, may_take_focus
from bugs_web.games.bag_of_bugs import KIT
from bugs_web.games.bag_of_bugs.screen import (
    game_over_html,
    grab_rows_html,
    prompt_html,
    status_text,
)
from bugs_web.games.bag_of_bugs.session import DECISION_SECONDS, BagBotTurn, BagSession
from bugs_web.games.bag_of_bugs.table_svg import render_table
from bugs_web.table import bot_request

from .table_page import TablePage, now

POLL_SECONDS = 0.03
"""How often the clock looks whether a window or prompt is done."""


class BagPage(TablePage[BagSession]):
    """The Bag of Bugs table and its clock."""

    default_pace_ms = 1600

    def table_svg(self, s: BagSession, replaying: bool, width: int) -> str:
        people: tuple[int, ...] = () if replaying else s.people_to_grab()
        single = people[0] if len(people) == 1 else None
        return render_table(
            s.view(),
            names=s.names,
            clickable=s.free_grabs() if single is not None else (),
            mine=s.reach(s.people[0]) if s.people else None,
            keys={seat: f"{s.keys_of(seat)[0]}-{s.keys_of(seat)[-1]}" for seat in s.people},
            width=width,
        )

    def draw_controls(self, s: BagSession, replaying: bool) -> None:
        el("grab-rows").innerHTML = "" if replaying else grab_rows_html(s)
        prompt = "" if replaying else prompt_html(s)
        had_prompt = bool(el("prompt").innerHTML)
        el("prompt").innerHTML = prompt
        for option in el("prompt").querySelectorAll("[data-decide]"):
            if s.composes(str(option.getAttribute("data-decide"))):
                option.setAttribute("data-hinted", "true")  # table.css marks the hint's option
        if prompt and not had_prompt:
            first = el("prompt").querySelector(".primary")
            if found(first) and may_take_focus():
                first.focus()
        el("flash").textContent = s.flash

    def status_text(self, s: BagSession) -> str:
        return status_text(s, self.thinking_shown(s))

    def dialog_html(self, s: BagSession) -> str:
        return game_over_html(s)

    def turn_line(self, s: BagSession) -> str:
        asks = s.over or bool(s.people_to_grab()) or s.person_deciding() is not None
        return status_text(s) if asks else ""

    def attributes(self, s: BagSession) -> dict[str, str]:
        key = s.window_key()
        return {
            "screen": "game-over" if s.over else "play",
            "window": "-".join(map(str, key)) if key is not None else "",
        }

    def on_table_click(self, target: Any, s: BagSession) -> BagSession | None:
        claim = target.closest("[data-claim]")
        if found(claim):
            seat, grab = str(claim.getAttribute("data-claim")).split(":")
            return s.claim(int(seat), int(grab))
        token = target.closest("[data-grab]")
        if found(token) and len(s.people_to_grab()) == 1:
            return s.claim(s.people_to_grab()[0], int(token.getAttribute("data-grab")))
        decide = target.closest("[data-decide]")
        if found(decide):
            return s.decide(str(decide.getAttribute("data-decide")))
        return None

    def on_table_key(self, event: Any, code: str, tag: str, s: BagSession) -> BagSession | None:
        target = event.target
        token = target.closest("[data-grab]") if hasattr(target, "closest") else None
        key = str(event.key)
        if (
            token is not None
            and found(token)
            and key in ("Enter", " ")
            and len(s.people_to_grab()) == 1
        ):
            event.preventDefault()
            return s.claim(s.people_to_grab()[0], int(token.getAttribute("data-grab")))
        key = key.upper()
        for seat in s.people_to_grab():
            keys = s.keys_of(seat)
            if len(key) == 1 and key in keys:
                event.preventDefault()
                return s.claim(seat, keys.index(key) + 1)
        return None

    def show_hint(self, s: BagSession, text: str) -> BagSession:
        return s.compose(text)

    def shows_hint(self, s: BagSession, text: str) -> bool:
        return s.composes(text)

    def hint_place(self, s: BagSession, text: str) -> Any:
        """The option the prompt marks as the hint's."""
        return el("prompt").querySelector("[data-hinted]")

    # -- the clock -----------------------------------------------------------------------

    def hint_seat(self, s: BagSession) -> int | None:
        """A person's own decision (what to take, what to give, the leftovers): never in a
        window, a race in which waiting for a hint would be a move."""
        seat = s.person_deciding()
        return seat if seat is not None and s.has_bots() else None

    def thinking_shown(self, s: BagSession) -> bool:
        """A bot's prompt only: the loop thinks on until its next step, and a window that a
        bot's answer opened meanwhile is nobody's thought."""
        seat = s.decider()
        return self.thinking and seat is not None and not s.is_person(seat)

    def bots_due(self, s: BagSession) -> bool:
        return not s.over

    def on_pause(self) -> None:
        self.start_timer(0)

    def start_timer(self, millis: int) -> None:
        """Restart the bar that shows how long the window (or prompt) stays open."""
        bar = el("window-timer")
        bar.setAttribute("data-running", "false")
        bar.style.setProperty("--window-ms", f"{max(0, millis)}ms")
        _ = bar.offsetWidth  # a reflow, so the animation starts again from full
        bar.setAttribute("data-running", "true" if millis > 0 else "false")

    async def run_bots(self, generation: int) -> None:
        """Run the game: windows open and close, prompts wait, bots answer."""
        while (s := self.current(generation)) is not None and not s.over:
            key = s.window_key()
            if key is not None:
                await self.run_window(generation, key, s)
            elif s.person_deciding() is not None:
                await self.run_prompt(generation, len(s.record.actions))
            elif s.bot_turns():
                self.thinking = True
                self.draw_unless_shown()
                await self.answer(generation, s.bot_turns(), paced=True)
                self.thinking = False
            else:
                return
        if self.current(generation) is not None:
            self.start_timer(0)
            self.draw_unless_shown()

    async def run_window(self, generation: int, key: tuple[int, ...], s: BagSession) -> None:
        """One reaction window, from its opening to its close."""
        millis = s.window_millis(self.pace_ms())
        self.start_timer(millis)
        self.draw_unless_shown()
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
            self.stop_bots()
            self.update(c.with_notice("The window could not close; please start a new game."))

    async def run_prompt(self, generation: int, moves: int) -> None:
        """A person's prompt, which takes its default when its time runs out."""
        self.start_timer(DECISION_SECONDS * 1000)
        self.draw_unless_shown()
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
            reply = await self.bots.ask(bot_request(turn, self.position))
            if paced:
                await asyncio.sleep(max(0.0, self.pace_ms() / 2000 - (now() - started)))
            c = self.current(generation)
            if c is None:
                return
            if "error" in reply:
                self.bot_failed(c, turn.seat, reply["error"])  # stops the clock rather than spin
                return
            self.update(c.bot_move(turn.key, turn.seat, str(reply["action"])))


def main() -> None:
    """Wire bag-of-bugs.html (public/bag.py calls this)."""
    BagPage(KIT).main()
