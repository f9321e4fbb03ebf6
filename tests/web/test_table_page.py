"""bugs_pages, the game pages' glue, driven under CPython on a stand-in browser (fake_dom): the
real page HTML, real clicks and keys on the nodes the page rendered, the bot worker answering
with bot_service.choose_move. Whole games on all three pages; the bots' stop rule (setup,
replay, a new game); a bot's error; keys; and the Bugs hand-off hiding every hand."""

from __future__ import annotations

import asyncio
import importlib
import json
import re
import sys
import types
import xml.etree.ElementTree as ET
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from fake_dom import ROOT, Document, Element, Event, Window, Worker, install

from bugs_core.record import from_dict
from bugs_web import saves

PAGES = {
    "bugs": ("bugs.html", "bugs", "BugsPage"),
    "bugspiel": ("bugspiel.html", "bugspiel", "SpielPage"),
    "bag-of-bugs": ("bag-of-bugs.html", "bag_of_bugs", "BagPage"),
}


@dataclass
class Table:
    """One game page in the stand-in browser, and what the test does with it."""

    page: Any
    doc: Document
    win: Window
    worker: Worker
    module: Any
    draws: list[dict[str, Any]] = field(default_factory=list)

    def el(self, name: str) -> Element:
        node = self.doc.getElementById(name)
        assert node is not None, name
        return node

    def one(self, selector: str, within: str = "") -> Element:
        """The first match of `selector` in the page (or in the element with id `within`)."""
        node = (self.el(within) if within else self.doc.root).querySelector(selector)
        assert node is not None, f"nothing matches {selector}"
        return node

    def all(self, selector: str, within: str = "") -> list[Element]:
        return list((self.el(within) if within else self.doc.root).querySelectorAll(selector))

    def attr(self, name: str) -> str:
        return self.el("game").getAttribute(f"data-{name}") or ""

    def click(self, node: Element) -> Event:
        """A click on `node`, or on the innermost first node inside it (a card's face)."""
        while node.children:
            node = node.children[0]
        return self.doc.click(node)

    def key(self, code: str, key: str = "", target: Any = None, **fields: Any) -> Event:
        return self.doc.key(code, key, target, **fields)

    def start(self, seats: list[tuple[str, str]], **options: str) -> None:
        """Fill the setup form as a person would and press Start."""
        players = self.el("players")
        players.value = str(len(seats))
        self.doc.dispatch(Event("change", players))
        for i, (name, kind) in enumerate(seats):
            self.el(f"name-{i}").value = name
            self.el(f"kind-{i}").value = kind
            assert self.el(f"kind-{i}").value == kind
        for name, value in options.items():
            self.el(name).value = value
            assert self.el(name).value == value
        self.doc.dispatch(Event("submit", self.el("setup-form")))
        assert self.el("setup-error").hidden, self.el("setup-error").textContent

    async def settle(self, limit: int = 100_000) -> None:
        """Wait until the bots' loop has nothing more to do (it raises what the loop raised)."""
        for _ in range(limit):
            task = self.page.task
            if task is not None and not task.done():
                await asyncio.wait([task], timeout=20)
                assert task.done(), "the bots' loop runs on and on"
            await asyncio.sleep(0)
            if self.page.task is task and (task is None or task.done()):
                if task is not None and not task.cancelled() and task.exception() is not None:
                    raise task.exception()
                return
        raise AssertionError("the bots never settled")

    async def until(
        self, check: Callable[[], bool], tick_ms: float = 0, limit: int = 10_000
    ) -> None:
        """Let the page run (the fake clock moving on by `tick_ms` a step) until `check()`."""
        for _ in range(limit):
            if check():
                return
            await asyncio.sleep(0)
            self.win.clock.ms += tick_ms
        raise AssertionError("it never happened")

    def dialog_focus(self) -> Element:
        """The open dialog's focused primary button."""
        assert not self.el("dialog").hidden
        active = self.doc.activeElement
        assert self.el("dialog-box").contains(active), active
        assert "primary" in (active.getAttribute("class") or "").split()
        return active

    def check_the_end(self, focused: bool = True) -> None:
        """The game is over: #game says so, the dialog is up with its primary button focused
        (when it opened, and still now if `focused`), the log grew, and the record (as played
        and as saved) replays through the rules."""
        s = self.page.session
        assert self.attr("screen") == "game-over"
        assert self.attr("moves") == str(len(s.record.actions)) and len(s.record.actions) > 10
        assert self.attr("thinking") == "false"
        opened = next(d for d in self.draws if d["screen"] == "game-over")
        assert opened["dialog"] and opened["active"].getAttribute("data-ui") == "again"
        if focused:
            assert self.dialog_focus().getAttribute("data-ui") == "again"
        else:
            assert self.one(".primary", "dialog-box").getAttribute("data-ui") == "again"
        assert self.el("dialog").getAttribute("data-screen") == "game-over"
        items = self.el("log").querySelectorAll("li")
        assert len(items) == min(200, len(s.log)) and len(items) > 10
        assert items[-1].textContent == s.log[-1]
        assert self.page.kit.session.replay_steps(s.record)[-1].state == s.state
        listed, problems = saves.list_games(self.win.localStorage.data, self.page.kit.game_id)
        assert problems == [] and [g.record for g in listed] == [s.record]


@pytest.fixture
def open_page(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., Table]]:
    """Open a game page: stand-in pyscript and pyodide, the page's module imported fresh, its
    bot worker replaced, its main() run as the page's script runs it."""

    def forget() -> None:
        for name in [m for m in sys.modules if m == "bugs_pages" or m.startswith("bugs_pages.")]:
            del sys.modules[name]

    def make(game: str, search: str = "?seed=3&pace=0") -> Table:
        html, module_name, class_name = PAGES[game]
        doc, win = install(monkeypatch, html, search)
        forget()
        module = importlib.import_module(f"bugs_pages.{module_name}")
        page = getattr(module, class_name)(module.KIT)
        page.bots = worker = Worker()
        table = Table(page, doc, win, worker, module)
        draw = page.draw

        def recorded() -> None:
            draw()
            table.draws.append(
                {
                    "session": page.session,
                    "screen": table.attr("screen"),
                    "viewer": table.attr("viewer"),
                    "table": table.el("table").innerHTML,
                    "controls": (
                        table.doc.getElementById("controls") or table.el("table")
                    ).innerHTML
                    if game != "bag-of-bugs"
                    else "",
                    "dialog": "" if table.el("dialog").hidden else table.el("dialog-box").innerHTML,
                    "active": doc.activeElement,
                    "thinking": table.attr("thinking"),
                    "status": table.el("turn-status").textContent,
                }
            )

        page.draw = recorded
        page.main()
        assert table.el("runtime").getAttribute("data-state") == "ready"
        assert table.el("pace").value == "0"  # from the address, as select_from_query reads it
        return table

    yield make
    forget()


def run(job: Callable[[], Awaitable[None]]) -> None:
    # A guard against a loop that never ends, not a speed target: a whole Bugspiel game takes
    # ~20 s alone and more than 60 s beside a browser suite on two busy cores.
    asyncio.run(asyncio.wait_for(job(), timeout=300))


# -- whole games ---------------------------------------------------------------------------------


def bugs_move(t: Table) -> None:
    """Pick every card of one usable kind by a click on its last copy; play the move it makes,
    else clear and try the next kind; pick up (or pass) when no kind makes a move."""
    kinds = [g.getAttribute("data-pick") for g in t.all("[data-pick]:not(.dim)", "table")]
    moves = len(t.page.session.record.actions)
    for kind in kinds:
        copies = t.one(f'[data-pick="{kind}"]', "table").querySelectorAll("[data-copy]")
        t.click(copies[-1])
        pressed = t.one(f'[data-pick="{kind}"]', "table").getAttribute("aria-pressed") == "true"
        assert pressed or t.el("notice").textContent  # picked, or refused saying why
        if not pressed:
            continue
        confirm = t.el("controls").querySelector("[data-action].primary")
        if confirm is not None and confirm.getAttribute("data-action") not in ("pickup", "pass"):
            t.click(confirm)
            assert len(t.page.session.record.actions) == moves + 1
            return
        t.click(t.one('[data-ui="clear"]', "controls"))
    t.click(t.one("[data-action]", "controls"))
    assert len(t.page.session.record.actions) == moves + 1


def spiel_move(t: Table) -> None:
    """Play a bug from the hand on a lit space, its tile turned by R; else buy the cheapest
    bug while the hand is small; else pass."""
    moves = len(t.page.session.record.actions)
    hand = [n.getAttribute("data-hand-bug") for n in t.all("[data-hand-bug]", "table")]
    for cid in dict.fromkeys(hand):
        t.click(t.one(f'[data-hand-bug="{cid}"]', "table"))
        assert t.attr("pick") == f"bug:{cid}"
        lit = t.all("[data-space].target", "table")
        if not lit:
            continue
        t.click(lit[len(lit) // 2])
        pending = t.attr("pending")
        assert pending.startswith("play ") and not pending.endswith("1"), pending
        t.key("KeyR", "r")
        assert t.attr("pending") == pending + " -1"  # R turns the tile clockwise
        t.click(t.one('[data-ui="confirm"]', "controls"))
        assert len(t.page.session.record.actions) == moves + 1
        return
    buy = t.el("table").querySelector('[data-buy-bug="7"]')
    if len(hand) < 3 and buy is not None:
        t.click(buy)
        assert t.attr("pick") == "buy-bug:7"
        t.click(t.one('[data-ui="confirm"]', "controls"))
    else:
        t.click(t.one('[data-ui="pass"]', "controls"))
    assert len(t.page.session.record.actions) == moves + 1


async def play_turns(t: Table, move: Callable[[Table], None], most: int = 2000) -> None:
    """Let the bots play; at a dialog press its focused button; at a person's turn, move."""
    for _ in range(most):
        await t.settle()
        if t.attr("screen") == "game-over":
            return
        if not t.el("dialog").hidden:
            t.click(t.dialog_focus())
            continue
        assert t.el("controls").innerHTML, "no bot is due and nobody may move"
        move(t)
    raise AssertionError("the game did not end")


def test_bugs_a_person_and_two_bots_play_a_whole_game(open_page: Callable[..., Table]) -> None:
    t = open_page("bugs", "?seed=2&pace=0")  # a short game: some 200 moves

    async def game() -> None:
        heard: list[str] = []  # the live region's lines, as they are added
        region = t.el("announce")
        add = region.appendChild
        region.appendChild = lambda node: (heard.append(node.textContent), add(node))[1]
        t.start([("You", "human"), ("Ana", "easy"), ("Bo", "easy")])
        assert t.el("setup").hidden and not t.el("game").hidden and t.worker.warmed == 1
        await play_turns(t, bugs_move)
        t.check_the_end()
        assert {d["viewer"] for d in t.draws} == {"0"}
        assert any(d["screen"] == "hand-over" for d in t.draws)
        # each sentence of the game, the deal's too, is said once, in order, between turn lines
        log = list(t.page.session.log)
        assert [line for line in heard if line in log] == log and len(log) > 100
        assert len(region.children) <= 5  # the region never holds the whole log
        assert heard[-1].startswith("Game over: ")

    run(game)


def test_bugspiel_a_person_and_a_bot_play_a_whole_game(open_page: Callable[..., Table]) -> None:
    t = open_page("bugspiel", "?seed=23&pace=0&target=50")  # the person passes, buys, plays

    async def game() -> None:
        assert t.el("target").value == "50"  # preset from the address
        t.start([("You", "human"), ("Ana", "easy")])
        await play_turns(t, spiel_move)
        t.check_the_end()
        record = from_dict(json.loads(t.attr("record")))
        assert record == t.page.session.record
        assert record.setup["target_score"] == 50
        played = record.actions[::2]  # the person's: seat 0 moves first and every other turn
        assert any(a.startswith("play ") and a.endswith(" -1") for a in played)
        assert "buy bug 7" in played and "pass" in played

    run(game)


@pytest.mark.parametrize("game", PAGES)
def test_the_setup_form_warms_the_table_up_off_the_page(
    open_page: Callable[..., Table], game: str
) -> None:
    """`TablePage.warm_up_table`: WARM_UP_MS after Python is ready a throwaway game of the
    form's seats is set up and drawn, and nothing of it reaches the page or the page's state."""
    t = open_page(game)
    drawn: list[str] = []
    render = t.page.table_svg
    t.page.table_svg = lambda s, replaying, width: drawn.append(render(s, replaying, width))
    page_before = t.doc.root.innerHTML
    t.win.clock.ms += sys.modules["bugs_pages.table_page"].WARM_UP_MS - 1
    t.win.run_timers()
    assert drawn == []  # not yet
    t.win.clock.ms += 1
    t.win.run_timers()
    assert len(drawn) == 1 and drawn[0].startswith("<svg")
    assert t.doc.root.innerHTML == page_before and t.draws == []
    assert t.page.session is None and t.win.timers == [] and not t.page.running
    assert not t.el("setup").hidden and t.worker.warmed == 0


def test_the_warm_up_skips_a_game_already_on_and_a_form_that_makes_none(
    open_page: Callable[..., Table],
) -> None:
    t = open_page("bugspiel")
    drawn: list[str] = []
    t.page.table_svg = lambda *_a: drawn.append("drawn") or ""
    t.el("target").value = "not a number"  # read_options: ValueError, said only at Start
    t.win.clock.ms += sys.modules["bugs_pages.table_page"].WARM_UP_MS
    t.win.run_timers()
    assert drawn == [] and t.el("setup-error").hidden
    t.el("target").value = "100"
    t.start([("You", "human"), ("Ana", "easy")])  # a game is on before the timer fires
    t.win.setTimeout(t.page.warm_up_table, 0)
    t.win.run_timers()
    assert drawn == ["drawn"] * (len(t.draws))  # only the game's own draws


def test_each_bot_move_is_drawn_once_with_the_next_bot_thinking(
    open_page: Callable[..., Table],
) -> None:
    """`TurnTablePage.show_moved`: a move after which a bot moves next is drawn once, with that
    bot thinking; the draw that showed it without would be redrawn in the same task, never
    painted (a Bugspiel move cost two whole redraws, 44 ms of the page's thread). And Start
    shows the first bot thinking at once (`show_and_play`): the loop's first step draws
    nothing new."""
    t = open_page("bugspiel")

    async def go() -> None:
        t.start([("Ana", "easy"), ("Bo", "easy"), ("You", "human")])
        assert [d["thinking"] for d in t.draws] == ["true"]
        assert t.el("turn-status").textContent == "Ana (bot, easy) is thinking"
        await t.settle()
        assert t.page.session.to_act == 2 and t.attr("thinking") == "false"
        # Start with Ana thinking; then Bo thinking, and the person's turn: one draw each
        moves = [len(d["session"].record.actions) for d in t.draws]
        assert moves == [0, 1, 2]
        assert [d["thinking"] for d in t.draws] == ["true", "true", "false"]

    run(go)


@pytest.mark.parametrize("game", ["bugs", "bugspiel"])
def test_a_persons_move_is_drawn_once_with_the_bot_after_it_thinking(
    open_page: Callable[..., Table], game: str
) -> None:
    """`show_and_play`: the person's move is drawn in the click's task with the bot it hands
    to already thinking, so the bots' loop, a task later, does not draw it again (each of a
    person's moves cost two whole redraws before, and the first showed "Ana to act.")."""
    t = open_page(game)
    move = bugs_move if game == "bugs" else spiel_move

    async def go() -> None:
        t.start([("You", "human"), ("Ana", "easy"), ("Bo", "easy")])
        checked = 0
        while checked < 4:
            await t.settle()
            if not t.el("dialog").hidden:  # Bugs: a hand's end waits for the person
                t.click(t.dialog_focus())
                continue
            assert t.page.session.my_turn() and t.attr("thinking") == "false"
            move(t)  # its picks are drawn too, each a new session
            moved = t.draws[-1]
            if not moved["session"].bot_to_move():
                continue
            assert moved["thinking"] == "true" and moved["session"] is t.page.session
            bot = moved["session"].names[moved["session"].to_act]
            assert t.el("turn-status").textContent == f"{bot} (bot, easy) is thinking"
            drawn = len(t.draws)
            await t.settle()
            assert all(d["session"] is not moved["session"] for d in t.draws[drawn:])
            assert len(t.draws) > drawn  # the bots' moves
            checked += 1

    run(go)


def test_bots_alone_draw_each_moment_of_a_bugs_game_once(open_page: Callable[..., Table]) -> None:
    """With bots only, every move and every end of a hand is drawn once (`show_moved`), the
    hand's end before the pause that shows it, and the new hand with its first bot thinking."""
    t = open_page("bugs", "?seed=2&pace=0")

    async def go() -> None:
        t.start([("Ana", "easy"), ("Bo", "easy"), ("Cy", "easy")])
        await t.settle()
        t.check_the_end(focused=False)
        shown = [(len(d["session"].record.actions), d["screen"]) for d in t.draws[1:]]
        assert len(shown) == len(set(shown)), "a moment drawn twice"
        assert ("hand-over" in {screen for _, screen in shown}) and len(shown) > 100
        for draw in t.draws[1:]:
            s = draw["session"]
            assert draw["thinking"] == ("true" if s.bot_turn() is not None else "false")

    run(go)


@pytest.mark.parametrize("game", PAGES)
def test_a_thinking_bots_status_line_leaves_its_pulsing_ellipsis_to_the_style(
    open_page: Callable[..., Table], game: str
) -> None:
    """While a bot thinks, #game's data-thinking draws a pulsing "…" after the status line
    (table.css), so the line itself ends without one: it read "is thinking… …" before."""
    css = (ROOT / "public" / "table.css").read_text()
    rule = re.search(r'\.game\[data-thinking="true"\] \.turn-status::after \{([^}]*)\}', css)
    assert rule is not None and 'content: "…"' in rule.group(1)
    t = open_page(game, "?seed=4&pace=0")

    async def go() -> None:
        t.start([("Ana", "easy"), ("Bo", "easy"), ("Cy", "easy")])
        await t.until(lambda: sum(d["thinking"] == "true" for d in t.draws) >= 3, tick_ms=40)
        t.page.stop_bots()
        thinking = [d["status"] for d in t.draws if d["thinking"] == "true"]
        assert thinking and all(line and line[-1] not in "….:!?" for line in thinking), thinking
        assert any(line.startswith("Ana (bot, easy) ") for line in thinking), thinking

    run(go)


async def play_bag(t: Table, tick_ms: float = 40, most: int = 200_000) -> set[str]:
    """Run the clock; the person claims the first free Grab by its key in each window and takes
    the first choice of each prompt. The fake clock moves on only while nobody acts."""
    claimed: set[str] = set()
    for _ in range(most):
        await asyncio.sleep(0)
        task = t.page.task
        if t.attr("screen") == "game-over" and task is not None and task.done():
            return claimed
        assert task is not None and not task.done(), "the clock stopped before the game's end"
        prompt = t.el("prompt").querySelector(".primary")
        window = t.attr("window")
        row = t.el("grab-rows").querySelector('[data-seat="0"] button:not([disabled])')
        if prompt is not None:
            t.click(prompt)
        elif row is not None and window and window not in claimed:
            small = row.querySelector("small")
            assert small is not None
            t.key(f"Key{small.textContent}", small.textContent.lower())
            assert t.page.session.record.actions[-1].startswith("1:claim")
            claimed.add(window)
        else:
            t.win.clock.ms += tick_ms
    raise AssertionError("the game did not end")


def test_bag_a_person_and_two_bots_play_a_whole_game(
    open_page: Callable[..., Table], monkeypatch: pytest.MonkeyPatch
) -> None:
    t = open_page("bag-of-bugs", "?seed=11&pace=0")
    monkeypatch.setattr(t.module, "POLL_SECONDS", 0)  # the clock is the fake one: no real waits

    async def game() -> None:
        t.start([("You", "human"), ("Ana", "easy"), ("Bo", "easy")])
        claimed = await play_bag(t)
        t.check_the_end(focused=False)  # see the next test
        assert claimed
        assert t.el("window-timer").getAttribute("data-running") == "false"

    run(game)


def test_bag_never_draws_the_same_moment_twice_in_a_row(
    open_page: Callable[..., Table], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`draw_unless_shown`: the loop's step after a bot's answer (the next bot's turn, the
    next window) draws nothing when the answer's draw showed that very session already, with
    the same thinking (34 of a bots-only game's 123 draws were such repeats before)."""
    t = open_page("bag-of-bugs", "?seed=11&pace=0")
    monkeypatch.setattr(t.module, "POLL_SECONDS", 0)

    async def go() -> None:
        t.start([("Ana", "easy"), ("Bo", "easy"), ("Cy", "easy")])
        await t.until(lambda: t.attr("screen") == "game-over" and t.page.task.done(), 40, 200_000)
        t.check_the_end(focused=False)
        shown = [(d["session"], d["thinking"]) for d in t.draws]
        repeats = [i for i in range(1, len(shown)) if shown[i][0] is shown[i - 1][0]
                   and shown[i][1] == shown[i - 1][1]]  # fmt: skip
        assert repeats == [] and len(shown) > 60

    run(go)


def test_bag_keeps_the_focus_on_play_again_at_the_end(
    open_page: Callable[..., Table], monkeypatch: pytest.MonkeyPatch
) -> None:
    t = open_page("bag-of-bugs", "?seed=11&pace=0")
    monkeypatch.setattr(t.module, "POLL_SECONDS", 0)

    async def game() -> None:
        t.start([("You", "human"), ("Ana", "easy"), ("Bo", "easy")])
        await play_bag(t)
        t.check_the_end()
        t.click(t.one("[data-ui=again]", "dialog-box"))  # the dialog goes, the focus stays
        assert t.el("dialog").hidden and t.doc.activeElement is t.el("turn-status")
        t.page.stop_bots()

    run(game)


# -- the bots' stop rule ----------------------------------------------------------------------


def test_the_setup_form_stops_the_bots_and_back_to_the_game_resumes_them(
    open_page: Callable[..., Table],
) -> None:
    t = open_page("bugspiel")

    async def go() -> None:
        t.worker.hold = True
        t.start([("Ana", "easy"), ("You", "human")])
        await t.until(lambda: t.worker.waiting == 1)
        assert t.attr("thinking") == "true"
        generation = t.page.generation
        t.click(t.one('[data-ui="setup"]', "game"))  # "New game" in the game's bar
        assert t.page.generation == generation + 1
        assert not t.el("setup").hidden and t.el("game").hidden and not t.el("resume").hidden
        assert t.doc.activeElement is t.el("name-0")
        t.worker.hold = False
        t.worker.release()  # the answer comes late, after the form showed
        await t.settle()
        assert len(t.worker.answered) == 1
        assert t.page.session.record.actions == ()  # dropped
        assert not t.page.running and not t.page.thinking
        t.click(t.el("resume"))  # "Back to the game"
        await t.settle()
        assert t.el("setup").hidden and not t.el("game").hidden
        assert len(t.worker.asked) == 2  # asked again, and this answer is played
        assert t.page.session.record.actions == (t.worker.answered[-1]["action"],)
        assert t.attr("moves") == "1" and t.attr("thinking") == "false"

    run(go)


def test_a_replay_pauses_the_bots_and_its_end_plays_on(open_page: Callable[..., Table]) -> None:
    t = open_page("bugspiel")

    async def go() -> None:
        t.start([("You", "human"), ("Ana", "easy")])
        await t.settle()
        t.worker.hold = True
        t.click(t.one('[data-ui="pass"]', "controls"))
        await t.until(lambda: t.worker.waiting == 1)
        generation = t.page.generation
        t.click(t.one('[data-rec="back"]', "record-bar"))  # the record bar: pause()
        assert t.page.records.replaying and t.page.generation == generation + 1
        assert t.attr("rec-step") == "0" and t.el("controls").innerHTML == ""
        t.worker.hold = False
        t.worker.release()
        await t.settle()
        assert t.page.session.record.actions == ("pass",)  # the late answer was dropped
        assert not t.page.running
        drawn = len(t.draws)
        t.click(t.one('[data-rec="last"]', "record-bar"))  # the end of the replay: play_on()
        live = t.draws[drawn]  # the live game, drawn once, with Ana thinking already
        assert len(t.draws) == drawn + 1 and live["thinking"] == "true"
        assert live["session"] is t.page.session and not t.page.records.replaying
        await t.settle()
        assert all(d["session"] is not live["session"] for d in t.draws[drawn + 1 :])
        assert not t.page.records.replaying and len(t.worker.asked) == 2
        assert t.page.session.record.actions == ("pass", t.worker.answered[-1]["action"])

    run(go)


def test_a_new_game_never_takes_the_old_games_late_answer(open_page: Callable[..., Table]) -> None:
    t = open_page("bugspiel", "?seed=4&pace=0")

    async def go() -> None:
        t.worker.hold = True
        seats = [("Ana", "easy"), ("You", "human")]
        t.start(seats)
        await t.until(lambda: t.worker.waiting == 1)
        old = t.page.session
        t.click(t.one('[data-ui="setup"]', "game"))
        t.start(seats)  # a new game while the old loop still waits for its answer
        await t.until(lambda: t.worker.waiting == 2)
        new = t.page.session
        assert new.record.seed != old.record.seed and new.record.actions == ()
        t.worker.hold = False
        t.worker.release()
        await t.settle()
        old_answer, new_answer = (a["action"] for a in t.worker.answered)
        assert old_answer != new_answer  # else this test could not tell them apart
        assert t.worker.asked[0]["record"]["seed"] == old.record.seed
        assert t.page.session.record.actions == (new_answer,)
        assert t.page.session.notice == "" and len(t.page.session.log) == 2

    run(go)


# -- a bot's error ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "seats"),
    [
        ("bugs", [("Ana", "easy"), ("Bo", "easy"), ("Cy", "easy")]),
        ("bugspiel", [("Ana", "easy"), ("You", "human")]),
        ("bag-of-bugs", [("You", "human"), ("Ana", "easy"), ("Bo", "easy")]),
    ],
)
def test_a_bot_error_is_said_and_stops_the_bots(
    open_page: Callable[..., Table],
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    seats: list[tuple[str, str]],
) -> None:
    t = open_page(game)
    if game == "bag-of-bugs":
        monkeypatch.setattr(t.module, "POLL_SECONDS", 0)

    async def go() -> None:
        t.worker.error = "the worker fell over"
        t.start(seats)
        await t.settle()
        notice = t.el("notice").textContent
        assert re.fullmatch(r"(Ana|Bo|Cy)'s bot could not move: the worker fell over", notice)
        asked = len(t.worker.asked)
        assert asked >= 1
        for _ in range(50):  # time goes by: nobody asks again
            t.win.clock.ms += 1000
            await asyncio.sleep(0)
        assert len(t.worker.asked) == asked and not t.page.running
        assert t.attr("thinking") == "false" and t.page.session.record.actions == ()

    run(go)


# -- keys -------------------------------------------------------------------------------------

BUGS_KEYS = {10: "KeyO", 11: "KeyN", 12: "KeyR", 13: "KeyX"} | {
    v: f"Digit{v}" for v in range(1, 10)
}


def pressed(t: Table) -> list[str]:
    return [g.getAttribute("data-pick") or "" for g in t.all('[aria-pressed="true"]', "table")]


def test_bugs_keys_pick_escape_clears_and_typing_or_a_replay_takes_none(
    open_page: Callable[..., Table],
) -> None:
    t = open_page("bugs")

    async def go() -> None:
        t.start([("You", "human"), ("Ana", "easy"), ("Bo", "easy")])
        await t.settle()
        bugs_move(t)  # one move at least, for the replay below
        await t.settle()
        assert t.page.session.my_turn()
        kind = t.one("[data-pick]:not(.dim)", "table").getAttribute("data-pick") or ""
        code = BUGS_KEYS[int(kind)]
        before = t.page.session
        for typing in (t.el("pace"), t.el("name-0")):
            t.key(code, target=typing)
        t.key(code, ctrlKey=True)
        assert t.page.session is before and pressed(t) == []
        event = t.key(code)  # on the page itself: picks a card of that kind
        assert event.defaultPrevented and pressed(t) == [kind]
        t.key("Escape")
        assert pressed(t) == [] and not any(t.page.session.picker.selection)
        t.click(t.one('[data-rec="back"]', "record-bar"))
        assert t.page.records.replaying
        live = t.page.session
        t.key(code)
        t.key("KeyP")
        assert t.page.session is live and pressed(t) == []
        t.click(t.one('[data-rec="last"]', "record-bar"))
        assert not t.page.records.replaying
        t.key(code)
        assert pressed(t) == [kind]

    run(go)


def test_bugspiel_r_turns_the_pending_tile(open_page: Callable[..., Table]) -> None:
    t = open_page("bugspiel", "?seed=35&pace=0")

    async def go() -> None:
        t.start([("You", "human"), ("Ana", "easy")])
        await t.settle()
        t.key("KeyR")
        assert t.el("notice").textContent.startswith("Choose where your bug goes first")
        for node in t.all("[data-hand-bug]", "table"):
            t.click(t.one(f'[data-hand-bug="{node.getAttribute("data-hand-bug")}"]', "table"))
            if lit := t.all("[data-space].target", "table"):
                t.click(lit[0])
                break
        pending = t.attr("pending")
        assert pending.startswith("play "), pending
        t.key("KeyR", target=t.el("pace"))  # typing: not the game's
        assert t.attr("pending") == pending
        t.key("KeyR")
        assert t.attr("pending") == pending + " -1"
        t.key("KeyR", shiftKey=True)
        assert t.attr("pending") == pending
        t.key("KeyR", shiftKey=True)
        assert t.attr("pending") == pending + " +1"
        assert t.page.session.record.actions == ()
        t.key("Escape")
        assert t.attr("pick") == "" and t.attr("pending") == ""

    run(go)


def test_bugspiel_a_pass_plays_the_markets_slide_once(open_page: Callable[..., Table]) -> None:
    t = open_page("bugspiel", "?seed=5&pace=0")

    def slid() -> list[Element]:
        return t.all(".spiel-slid", "table")

    async def go() -> None:
        t.worker.hold = True  # the bot's reply waits: the slide is the last action meanwhile
        t.start([("You", "human"), ("Ana", "easy")])
        await t.settle()
        assert slid() == [] and t.all(".spiel-slide-ghost", "table") == []
        t.win.clock.ms = 5000.0
        t.click(t.one('[data-ui="pass"]', "controls"))
        assert t.page.session.record.actions == ("pass",)
        said = t.el("log").querySelectorAll("li")[-1].textContent
        assert said.startswith("You pass. The markets slide one slot cheaper: ")
        box = t.el("table").style.properties
        assert box["--slide-ms"] == "700ms" and box["--slide-delay"] == "0ms"
        moved = slid()
        assert len(moved) == 14 and len(t.all(".spiel-slide-ghost", "table")) == 2
        for node in moved:  # each card's offset from its old slot, for spiel.css
            for axis in ("dx", "dy"):
                offset = node.getAttribute(f"data-slide-{axis}")
                assert node.style.properties[f"--slide-{axis}"] == f"{offset}px"
        assert t.attr("thinking") == "true"  # the pass's draw shows Ana thinking already
        drawn = len(t.draws)
        t.win.clock.ms += 250
        await t.until(lambda: t.worker.waiting == 1)
        assert len(t.draws) == drawn  # so the bots' loop did not draw the slide again
        t.page.on_resize(None)  # a redraw while the slide plays
        assert t.attr("thinking") == "true" and len(slid()) == 14
        assert t.el("table").style.properties["--slide-delay"] == "-250ms"  # goes on
        t.win.clock.ms += 1000
        t.page.draw()  # a redraw after the slide played: it does not play again
        assert slid() == [] and t.all(".spiel-slide-ghost", "table") == []
        t.worker.hold = False
        t.worker.release()
        await t.settle()

    run(go)


def test_bag_each_persons_keys_claim_for_that_person_while_a_window_is_open(
    open_page: Callable[..., Table], monkeypatch: pytest.MonkeyPatch
) -> None:
    t = open_page("bag-of-bugs", "?seed=11&pace=0")
    monkeypatch.setattr(t.module, "POLL_SECONDS", 0)

    def rows() -> list[str]:
        return [r.getAttribute("data-seat") or "" for r in t.all("[data-seat]", "grab-rows")]

    async def go() -> None:
        t.start([("You", "human"), ("Ana", "human"), ("Bo", "easy")])
        await t.until(lambda: rows() == ["0", "1"], tick_ms=40)
        window = t.attr("window")
        assert window and t.page.session.keys_of(1) == "QWERT"
        before = t.page.session.record.actions

        def added() -> tuple[str, ...]:
            return tuple(t.page.session.record.actions[len(before) :])

        t.key("KeyQ", "q", target=t.el("pace"))  # typing: not a claim
        assert added() == ()
        t.key("KeyQ", "q")  # Ana's key for Grab 1
        assert added() == ("2:claim 1",)
        assert rows() == ["0"] and t.attr("window") == window
        t.key("KeyW", "w")  # Ana has reached already: her keys do nothing now
        assert added() == ("2:claim 1",)
        t.key("Digit2", "2")  # You, for Grab 2
        assert added()[:2] == ("2:claim 1", "1:claim 2")
        await t.until(lambda: t.attr("window") != window, tick_ms=40)
        moves = len(t.page.session.record.actions)
        if not t.attr("window"):  # between windows (a prompt, the bots): keys claim nothing
            t.key("Digit3", "3")
            t.key("KeyE", "e")
            assert len(t.page.session.record.actions) == moves
        t.page.stop_bots()

    run(go)


# -- the hidden hands -------------------------------------------------------------------------


def hand_in(svg: str) -> dict[int, int]:
    """The hand drawn in a table SVG: its card kinds and how many of each."""
    root = ET.fromstring(svg)
    hand: dict[int, int] = {}
    for node in root.iter():
        if "data-pick" in node.attrib:
            label = node.attrib.get("aria-label", "")
            count = re.search(r"(\d+) in hand|of (\d+) selected", label)
            assert count is not None, label
            hand[int(node.attrib["data-pick"])] = int(count.group(1) or count.group(2))
    return hand


def test_bugs_two_people_at_one_device_never_see_each_others_hand(
    open_page: Callable[..., Table],
) -> None:
    t = open_page("bugs", "?seed=4&pace=0")

    async def go() -> None:
        t.start([("You", "human"), ("Ana", "human"), ("Bo", "easy")])
        handoffs = 0
        while handoffs < 8 and t.attr("screen") != "game-over":
            await t.settle()
            if not t.el("dialog").hidden:
                handoffs += t.attr("screen") == "handoff"
                t.click(t.dialog_focus())
            else:
                bugs_move(t)
        assert handoffs == 8

    run(go)
    shown: set[int] = set()
    for d in t.draws:
        s, svg = d["session"], d["table"]
        hand = hand_in(svg)
        if d["screen"] == "handoff":
            assert hand == {} and "You hold" not in svg and d["controls"] == ""
            assert f"Pass to {s.names[s.to_act]}" in d["dialog"]
            continue
        if not hand:
            continue
        viewer = int(d["viewer"])
        assert s.is_person(viewer)
        held = s.state.hands[viewer]
        assert hand == {k: n for k, n in enumerate(held) if n}
        if s.to_act is not None and s.is_person(s.to_act) and d["screen"] == "play":
            assert viewer == s.to_act
        shown.add(viewer)
    assert shown == {0, 1}


def test_a_game_opened_with_nothing_focused_leaves_the_focus_and_scroll_alone(
    open_page: Callable[..., Table],
) -> None:
    """Start from the focused button gives the focus to the status line (the button is hidden
    now) and shows the page from its top; a game opened while nothing has the focus (a link,
    a lesson or an embed, as the page loads) leaves the focus and the scroll alone: an embed
    would take the focus from its host page. "Back to the game" is pressed too."""
    t = open_page("bugs")
    seats = [("You", "human"), ("Ana", "easy"), ("Bo", "easy")]

    async def go() -> None:
        assert t.doc.activeElement is t.doc.body
        t.start(seats)
        assert t.doc.activeElement is t.doc.body and t.win.scrolls == []
        t.page.show_setup()
        t.el("start").focus()
        t.start(seats)
        assert t.doc.activeElement is t.el("turn-status") and t.win.scrolls == [(0, 0)]
        t.page.show_setup()
        t.el("resume").focus()
        t.page.resume()
        assert t.doc.activeElement is t.el("turn-status") and t.win.scrolls == [(0, 0)] * 2
        t.page.stop_bots()

    run(go)


def test_a_framed_page_without_the_focus_never_takes_it_at_the_games_end(
    open_page: Callable[..., Table],
) -> None:
    """Framed in another page that has the focus (an embed), the game-over dialog opens
    without focusing its button: that would take the focus from the host page, whose
    visitor's Space would then press "Play again". A page of its own focuses it."""
    t = open_page("bugs", "?seed=2&pace=0")
    t.win.top = object()  # framed
    t.doc.focused = False  # the host page has the focus

    async def go() -> None:
        t.start([("Ana", "easy"), ("Bo", "easy"), ("Cy", "easy")])
        await t.settle()
        assert t.attr("screen") == "game-over" and not t.el("dialog").hidden
        assert t.doc.activeElement is t.doc.body
        t.doc.focused = True  # a click in the frame
        t.page.show_setup()
        t.start([("Ana", "easy"), ("Bo", "easy"), ("Cy", "easy")])
        await t.settle()
        assert t.dialog_focus().getAttribute("data-ui") == "again"

    run(go)


def test_a_loaded_game_says_only_where_it_stands(open_page: Callable[..., Table]) -> None:
    """A new game's opening lines are news for a screen reader; an opened record's whole log
    is not (it is on the screen to read): only the turn line is said."""
    t = open_page("bugs", "?seed=2&pace=0")
    heard: list[str] = []
    region = t.el("announce")
    add = region.appendChild
    region.appendChild = lambda node: (heard.append(node.textContent), add(node))[1]
    t.start([("You", "human"), ("Ana", "human"), ("Bo", "human")])
    record = t.page.session.record
    opening = list(t.page.session.log)
    assert opening and [line for line in heard if line in opening] == opening
    heard.clear()
    assert t.page.records.load(record, "The link")
    assert heard == [t.el("turn-status").textContent], heard


def test_the_log_scrolls_to_its_end_before_the_frame_is_painted(
    open_page: Callable[..., Table],
) -> None:
    """Not in the middle of the draw: reading the log's height there lays the page out, new
    table and all, and the frame then lays it out again."""
    t = open_page("bugs", "?seed=2&pace=0")
    t.start([("You", "human"), ("Ana", "human"), ("Bo", "human")])
    log = t.el("log")
    log.scrollTop = 0
    t.page.draw()
    assert log.scrollTop == 0
    t.win.next_frame()
    assert log.scrollTop == log.scrollHeight > 0


def test_bugspiel_fits_its_board_to_a_phone_on_its_side_never_in_an_embed(
    open_page: Callable[..., Table], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The board's height on a phone on its side comes from the screen's short side (less the
    browser's bars and the move bar), not the window's, but is never more than the window's
    (a short desktop window); none upright, and none in an embed, whose frame is sized to the
    table it draws."""
    module = open_page("bugspiel").module
    short, classes = [True], set[str]()
    window = types.SimpleNamespace(
        matchMedia=lambda query: types.SimpleNamespace(matches=short[0] and query == module.SHORT),
        screen=types.SimpleNamespace(width=360, height=740),  # as Safari says it, upright
        innerHeight=300,  # the address bar showing: not what the board is sized by
    )
    html = types.SimpleNamespace(classList=types.SimpleNamespace(contains=classes.__contains__))
    monkeypatch.setattr(module, "window", window)
    monkeypatch.setattr(module, "document", types.SimpleNamespace(documentElement=html))
    assert module.short_screen() == 360 - module.CHROME_PX - module.BAR_PX
    window.innerHeight = 360  # the address bar gone: the same board
    assert module.short_screen() == 360 - module.CHROME_PX - module.BAR_PX
    window.screen = types.SimpleNamespace(width=1920, height=1080)  # a short desktop window
    window.innerHeight = 420
    assert module.short_screen() == 420 - module.BAR_PX
    classes.add("embed")
    assert module.short_screen() is None
    classes.clear()
    short[0] = False
    assert module.short_screen() is None
