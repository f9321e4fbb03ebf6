"""`TablePage`: the one page loop every game page runs, events in, `bugs_web` decides, the DOM
is redrawn.

A page plays one game at a time. `TablePage` owns what every game page does the same way: the
setup form and "Back to the game", the draw skeleton (table, controls, status, notice, log,
the `#game` data attributes, the dialog and where the focus goes), routing clicks and keys,
the record bar's hooks (`Records`), pause and resume, and the bots. A game's page is a small
subclass that supplies its own parts: its table drawing, controls, dialogs and sentences (from
its kit's `screen`), and what its own clicks and keys mean.

The bots follow one rule: a bot loop runs for one `generation`. Whatever must stop the bots (a
new game, the setup form, a replay showing the past) calls `stop_bots`, which starts a new
generation; a loop of an older one ends at its next step without touching the game, and
`kick` starts the loop the current game needs. Turn-taking games (`TurnTablePage`) share one
loop that asks the bot worker for one move at a time; Bag of Bugs runs its clock instead.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Generic, TypeVar

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from bugs_core.errors import BugsError
from bugs_core.record import GameRecord
from bugs_web.analysis_view import (
    CHUNK,
    PLAYOUTS,
    bar_marks,
    cached,
    progress_html,
    result_html,
    storage_key,
)
from bugs_web.announce import KEEP, Heard, news, replay_news
from bugs_web.dom.browser import (
    bot_worker,
    bring_into_view,
    form_entries,
    found,
    fresh_seed,
    keep_lesson_done,
    keep_text,
    lessons_done,
    mark_ready,
    may_take_focus,
    panel_above_table,
    query_param,
    scroll_to_end,
    select_from_query,
    show_lessons,
    show_seat_rows,
    show_setup_error,
    stored_text,
)
from bugs_web.dom.browser import element as el
from bugs_web.dom.embed_frame import report, run_embedded
from bugs_web.dom.records import Records
from bugs_web.hint_view import SHOW, THINKING, hint_html
from bugs_web.kit import GameKit
from bugs_web.lesson import (
    LessonRun,
    address,
    learner_move,
    open_lesson,
    panel_html,
    session_at,
)
from bugs_web.record_bar import ANALYSE_GAME_BUTTON, Mark, plain_error
from bugs_web.table import BotTurn, TableSession, TurnTaking, bot_request, bot_seed
from bugs_web.words import log_html

from .by_link_page import LinkDesk

TYPING = ("input", "select", "textarea")
"""Elements whose keys belong to the person typing, never to the game."""


WARM_UP_MS = 500
"""How long after Python is ready the page warms its set-up and drawing up (`warm_up_table`):
after the first paint and the page's own start, before a person has filled in the form."""
DEFAULT_WIDTH = 960
"""The table's width when the page cannot measure it (a hidden table, a stand-in DOM)."""

S = TypeVar("S", bound=TableSession)
T = TypeVar("T", bound=TurnTaking)


def now() -> float:
    """Seconds since the page opened."""
    return float(window.performance.now()) / 1000


class TablePage(Generic[S]):
    """One game page: the game on it, its record bar and its bot worker."""

    selects: Sequence[str] = ("pace",)
    """Setup selects an address may preset (`?pace=0`), by id and parameter name."""
    focus_keys: Sequence[str] = ()
    """Attributes that find the focused element again after a redraw, tried in order."""
    default_pace_ms = 800
    """The bot speed when the setting cannot be read."""

    def __init__(self, kit: GameKit[S]) -> None:
        self.kit = kit
        self.session: S | None = None
        self.thinking = False  # a bot is thinking: the table says so
        self.drawn: tuple[S, bool, bool] | None = None  # the last draw: session, replay, thinking
        self.running = False  # the bots' loop of this generation is under way
        self.generation = 0  # see the module's text: a new one stops the bots of the old
        self.bots = bot_worker()
        self.task: asyncio.Future[None] | None = None  # the bots' loop, kept from the collector
        self.dialog = ""  # the dialog's markup as last drawn
        self.heard = Heard()  # what the live region has said of this game
        self.records = Records(kit.game_id, kit.session.replay_steps, self)
        self.lesson: LessonRun | None = None  # a lesson on the table: its bots never move
        self.study = False  # a lesson or a puzzle: a game at a position, the record bar off
        self.position: str | None = None  # a puzzle's position: the bot worker starts there
        self.hint_for = -1  # the move number the hint panel shows a hint for (-1: none)
        self.hint_task: asyncio.Future[None] | None = None  # kept from the collector
        self.analysis_run = 0  # the analysis running (0: none); a new number cancels the old
        self.analysis_task: asyncio.Future[None] | None = None
        self.link = LinkDesk(self)  # play by link: seat links, the send panel, forks

    # -- the parts a game supplies -------------------------------------------------------

    def table_svg(self, s: S, replaying: bool, width: int) -> str:
        """The table as SVG, `width` pixels wide."""
        raise NotImplementedError

    def draw_controls(self, s: S, replaying: bool) -> None:
        """Fill the controls under the table (empty during a replay)."""
        raise NotImplementedError

    def status_text(self, s: S) -> str:
        """The status line: whose turn it is, who is thinking."""
        raise NotImplementedError

    def log_html(self, s: S) -> str:
        """The log's list items."""
        return log_html(s)

    def turn_line(self, s: S) -> str:
        """The status line when it asks a person for something (the live region says it once
        when it changes); '' while bots play, whose moves the log's sentences say."""
        raise NotImplementedError

    def dialog_html(self, s: S) -> str:
        """The dialog over the table ('' for none): a hand-off, a hand's end, the game's end."""
        raise NotImplementedError

    def attributes(self, s: S) -> dict[str, str]:
        """The `#game` element's data attributes (without `data-`): at least `screen`."""
        raise NotImplementedError

    def table_drawn(self, s: S) -> None:
        """The table's drawing of `s` was just put in: set on its nodes what markup cannot say
        (style through the CSSOM, which the page's policy allows where inline style is not)."""

    def on_table_click(self, target: Any, s: S) -> S | None:
        """A click on the table or its controls; the new session, or None if it did nothing."""
        return None

    def on_table_key(self, event: Any, code: str, tag: str, s: S) -> S | None:
        """A key the page loop did not take; the new session, or None."""
        return None

    def on_ui(self, name: str, s: S) -> S | None:
        """A `data-ui` button of the game's own; the new session, or None."""
        return None

    def read_options(self) -> dict[str, Any]:
        """The game's setup options from the form, beside its seats (ValueError if wrong)."""
        return {}

    def bots_due(self, s: S) -> bool:
        """True when the bots' loop has something to do in `s`."""
        raise NotImplementedError

    async def run_bots(self, generation: int) -> None:
        """The bots' loop of `generation`: it returns when nothing is left for bots to do."""
        raise NotImplementedError

    def on_leave(self) -> None:
        """The table is covered (the setup form, a dialog): hide what floats over it."""

    def on_pause(self) -> None:
        """The bots stopped for a replay: stop what runs with them."""

    def wire(self) -> None:
        """Bind the game's own listeners (the page loop binds clicks, keys and resizes)."""

    # -- setup ---------------------------------------------------------------------------

    def start_from_form(self, event: Any) -> None:
        """The setup form's "Start": a new game with its seats and options."""
        event.preventDefault()
        try:
            session = self.link.start(self.form_session(fresh_seed(self.generation)))
        except (BugsError, ValueError) as error:
            show_setup_error(str(error))
            return
        show_setup_error("")
        self.begin(session)

    def form_session(self, seed: int) -> S:
        """A new game of the setup form's seats and options from `seed` (BugsError or
        ValueError, naming the problem, when the form makes none)."""
        session_class = self.kit.session
        seats = session_class.make_seats(form_entries())
        return session_class.start(seats, seed, self.read_options())

    def begin(self, session: S, *, loaded: bool = False, study: bool = False) -> None:
        """Show `session` (a new game, a `loaded` one, or a lesson's or puzzle's `study` at a
        position) and let its bots play."""
        had_focus = has_focus()  # "Start game", "Play again", a lesson's link: not on load
        self.stop_bots()
        self.link.forget()  # a seat link's hand-off or fork was about the game before
        if not study:
            self.leave_study()
        self.close_hint()
        self.analysis_run += 1  # an analysis of the game before stops, and its panel goes
        panel = el("analysis")
        if found(panel):
            panel.hidden = True
        self.records.set_marks(self.kept_marks(session))  # another game: its own marks or none
        self.session = session
        # A new game's opening lines ("You take the bag. You draw a Rock.") are its first news;
        # a loaded game's log is old news, on the screen to read.
        self.heard = Heard(len(session.log) if loaded else 0)
        self.show_game(had_focus)
        if session.has_bots():
            self.bots.warm_up()  # boot the worker now, while the person looks at the table

    def open_by_link(self, record: GameRecord, seat: str) -> None:
        """A seat link in the address (`Records.open_address`): the desk opens it."""
        self.link.open(record, seat)

    def show_setup(self) -> None:
        """The setup form over the game, which is kept for "Back to the game"."""
        self.stop_bots()
        el("setup").hidden = False
        el("game").hidden = True
        el("dialog").hidden = True
        el("resume").hidden = self.session is None
        self.records.show_saves()
        self.on_leave()
        el("name-0").focus()

    def resume(self) -> None:
        """Back from the setup form to the game as it was; its bots play on."""
        if self.session is None:
            return
        self.show_game(has_focus())  # "Back to the game" had it

    def show_game(self, had_focus: bool) -> None:
        """The game in place of the setup form, drawn, its bots playing. If a person's button
        had the focus (Start, Play again, Back to the game, a lesson's link), hidden now, the
        page shows from its top with the status line focused: the form's Start is far down it
        on a phone, and the game kept that scroll (on its side, 360 px high, a phone showed the
        middle of the table). A game opened as the page loads (a link, a lesson, an embed)
        leaves the focus and the scroll alone: in an embed it would take the focus from the
        host page."""
        el("setup").hidden = True
        el("game").hidden = False
        self.show_and_play()
        if had_focus:
            window.scrollTo(0, 0)
            keep_focus()

    def again(self, s: S) -> None:
        """A new game with the same seats and setup."""
        start = self.kit.session.start
        self.begin(start(s.record.seats, fresh_seed(self.generation), dict(s.record.setup)))

    # -- drawing -------------------------------------------------------------------------

    def draw(self) -> None:
        """Redraw everything from the session (a past one during a replay)."""
        live = self.session
        if live is None:
            return
        report(live.record)  # the events of an embedded game, to the host page
        s = self.records.shown(live)  # a past moment during a replay, read-only
        replaying = self.records.replaying
        had_focus = has_focus()
        refocus = self.focus_key(document.activeElement)
        table = el("table")
        covering = self.link.covering(s)  # a seat link's hand-off or a fork: no table yet
        if covering:
            table.innerHTML = ""
            el("controls").innerHTML = ""
        else:
            width = int(table.clientWidth or DEFAULT_WIDTH)
            table.innerHTML = self.table_svg(s, replaying, width)
            self.table_drawn(s)
            self.draw_controls(s, replaying)
        el("turn-status").textContent = self.link.status(s) or self.status_text(s)
        self.draw_hint(s, replaying)
        el("notice").textContent = s.notice
        log = el("log")
        log.innerHTML = self.log_html(s)
        scroll_to_end(log)
        game = el("game")
        attributes = self.attributes(s)
        attributes["thinking"] = "true" if self.thinking_shown(s) else "false"
        attributes["moves"] = str(len(s.record.actions))
        for name, value in attributes.items():
            game.setAttribute(f"data-{name}", value)
        # the game-over panel steps aside for a replay or an analysis; a lesson's or a
        # puzzle's game cannot be analysed (its record does not replay to its position)
        dialog = "" if replaying or self.analysis_open() else self.dialog_html(s)
        if self.study:
            dialog = dialog.replace(ANALYSE_GAME_BUTTON, "")
        if dialog and not covering:
            dialog += self.link.final_html(s)  # a game by link: its end goes round by link
        dialog = covering or dialog
        box = el("dialog")
        was_open = not box.hidden
        if dialog != self.dialog:  # the same dialog stays as it is, and keeps the focus
            el("dialog-box").innerHTML = dialog
            self.dialog = dialog
        box.hidden = not dialog
        box.setAttribute("data-screen", attributes["screen"])
        if dialog and not was_open:
            self.on_leave()
            primary = el("dialog-box").querySelector(".primary")
            if found(primary) and may_take_focus():
                primary.focus()
        elif refocus is not None:
            again = document.querySelector(refocus)
            if found(again):
                again.focus()
        self.records.after_draw(live)
        self.link.after_draw(s, replaying)
        self.speak(s, replaying)
        if had_focus:
            keep_focus()  # what had it went with the redraw (a dialog, a move button)
        self.drawn = (s, replaying, self.thinking_shown(s))

    def draw_unless_shown(self) -> None:
        """Draw, unless the last draw showed this very session, live, with the same thinking.
        A bots' loop calls it at each step: after a move the next step would often draw what
        the move's draw had just drawn (Bag of Bugs: the next bot's turn, the next window), and
        nothing between the two changes what a draw shows, or it would have drawn."""
        if not self.shows_now():
            self.draw()

    def shows_now(self) -> bool:
        """Whether the last draw showed the session as it is now: this very session (`is`: a
        session's == compares whole games), live, with the same thinking."""
        s, drawn = self.session, self.drawn
        if s is None or drawn is None or drawn[0] is not s:
            return False
        return drawn[1:] == (False, self.thinking_shown(s))

    def show_and_play(self) -> None:
        """Draw the session and let its bots play on. A loop that starts with a bot's move
        shows that bot thinking from this draw on, so its first step draws nothing new: a
        person's move was drawn twice before, the second time a task later."""
        if self.kick():
            assert self.session is not None
            self.thinking = self.thinks_first(self.session)
        self.draw()

    def speak(self, s: S, replaying: bool) -> None:
        """Add what is new to the live region (`bugs_web.announce`)."""
        if replaying:
            replay = self.records.replay
            lines, self.heard = replay_news(self.heard, replay.at, replay.total, s.log)
        else:
            lines, self.heard = news(self.heard, s.log, self.turn_line(s))
        box = el("announce")
        for line in lines:
            said = document.createElement("p")
            said.textContent = line
            box.appendChild(said)
        while int(box.childElementCount) > KEEP:
            box.firstElementChild.remove()

    def focus_key(self, node: Any) -> str | None:
        """A selector that finds `node` again after a redraw (see `focus_keys`), or None."""
        if not found(node) or not hasattr(node, "getAttribute"):
            return None
        for name in self.focus_keys:
            value = node.getAttribute(name)
            if found(value):
                return f'[{name}="{value}"]'
        return None

    # -- events --------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        """One delegated click handler for the page: `data-ui` buttons first, then the game's."""
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
        self.update(self.on_table_click(target, s))

    def ui(self, name: str) -> None:
        """A `data-ui` button: setup, resume and again here, the lesson's, the rest the game's."""
        s = self.session
        if name in ("lesson-next", "lesson-retry") and self.lesson is not None:
            run = (
                self.lesson.next_step()
                if name == "lesson-next"
                else replace(self.lesson, told=None)
            )
            self.show_step(run)
        elif self.link.ui(name):
            return
        elif name == "setup":
            self.show_setup()
        elif name == "resume":
            self.resume()
        elif name == "hint-close":
            self.close_hint()
        elif name in ("analysis-cancel", "analysis-close"):
            self.close_analysis()
        elif name.startswith("analysis-go-"):
            self.records.go(f"to-{name.removeprefix('analysis-go-')}")
        elif s is None:
            return
        elif name == "analyse":
            self.analysis_task = asyncio.ensure_future(self.analyse(s))
        elif name == "hint":
            seat = self.hint_seat(s)
            if seat is not None:
                self.hint_task = asyncio.ensure_future(self.ask_hint(s, seat))
        elif name.startswith(SHOW):
            text = name.removeprefix(SHOW)
            self.update(self.show_hint(s, text))
            shown = self.session
            if shown is not None and self.shows_hint(shown, text):
                bring_into_view(self.hint_place(shown, text))  # a phone's table is a screen down
        elif name == "again":
            self.again(s)
        else:
            self.update(self.on_ui(name, s))

    # -- hints (bugs_core.analysis.hint, in the bot worker) ---------------------------------

    def hint_seat(self, s: S) -> int | None:
        """The person a hint would be for now: the person to move in a game with bots or a
        lesson (a game of people only has no bot to ask), else None. By link, only this
        device's person: another's turn is theirs to ask for on their own device."""
        seat = getattr(s, "to_act", None)
        if not isinstance(seat, int) or not s.is_person(seat) or not s.has_bots():
            return None
        return seat if getattr(s, "here", None) in (None, seat) else None

    def study_position(self) -> str | None:
        """The position a lesson's step or a puzzle started at (its record starts there)."""
        if self.lesson is not None:
            return self.lesson.current.position
        return self.position

    async def ask_hint(self, s: S, seat: int) -> None:
        """Ask the worker for the hard bot's best moves from the person's own view."""
        moves = len(s.record.actions)
        panel = panel_above_table("hint")
        panel.innerHTML = THINKING
        panel.hidden = False
        self.hint_for = moves
        request = {**bot_request(BotTurn(seat, "hard", s.record.to_json(), 0, moves),
                                 self.study_position()),
                   "ask": "hint", "seed": bot_seed(s.record.seed, moves),
                   "names": list(s.sentence_names)}  # fmt: skip
        answer = await self.bots.ask(request)
        if self.hint_for == moves and self.session is not None:
            panel.innerHTML = hint_html(answer)
            self.mark_shown(self.session)

    def draw_hint(self, s: S, replaying: bool) -> None:
        """The Hint button while a person may ask for one; a hint for an older move goes. The
        Analyse button once a game (not a lesson's or a puzzle's) is over."""
        el("hint-button").hidden = replaying or self.hint_seat(s) is None
        over = s.GAME.is_terminal(s.state) and bool(s.record.actions)
        el("analyse-button").hidden = self.study or not over
        if self.hint_for >= 0 and self.hint_for != len(s.record.actions):
            self.close_hint()
        self.mark_shown(s)

    def show_hint(self, s: S, text: str) -> S | None:
        """A hint's move `text` on the table as the person's own pending choice, ready to
        confirm or change, or dropped when it shows already; never applied, so it shows
        nothing hidden. Each game's session composes it (`compose`)."""
        return s.with_notice("This table cannot show a hint's move.")

    def shows_hint(self, s: S, text: str) -> bool:
        """True while the table's pending choice is the hint's move `text`."""
        return False

    def hint_place(self, s: S, text: str) -> Any:
        """Where the table shows a hint's move `text` once shown (`show_hint`): the element to
        bring into view, or None."""
        return None

    def mark_shown(self, s: S) -> None:
        """Press the hint's "Show on the table" toggle whose move the table shows now (the
        person may have picked it, or picked something else since)."""
        panel = el("hint")
        if not found(panel) or panel.hidden:
            return
        for button in panel.querySelectorAll(".hint-show"):
            text = str(button.getAttribute("data-ui")).removeprefix(SHOW)
            button.setAttribute("aria-pressed", "true" if self.shows_hint(s, text) else "false")

    # -- analysis after the game (bugs_core.analysis.review, in the bot worker) -------------

    async def analyse(self, s: S) -> None:
        """Review the people's moves (every seat's in a game of bots only) a few moves per
        worker call, showing progress; a kept analysis of the same record shows at once."""
        self.analysis_run += 1
        run = self.analysis_run
        panel = panel_above_table("analysis")
        panel.hidden = False
        self.draw()  # the game-over panel steps aside
        panel.setAttribute("tabindex", "-1")
        panel.focus()  # where the person's eyes (and a screen reader) should go now
        record_json = s.record.to_json()
        key = storage_key(record_json)
        total = len(s.record.actions)
        rows = cached(stored_text(key))
        seats = list(s.people) or list(range(len(s.record.seats)))
        if rows is None:
            rows = []
            record = json.loads(record_json)
            for start in range(0, total, CHUNK):
                if self.analysis_run != run:
                    return  # cancelled, or a newer analysis runs
                panel.innerHTML = progress_html(start, total)
                ask = {
                    "ask": "review",
                    "record": record,
                    "seats": seats,
                    "playouts": PLAYOUTS,
                    "start": start,
                    "stop": start + CHUNK,
                    "names": list(s.sentence_names),
                }
                answer = await self.bots.ask(ask)
                if "error" in answer:
                    panel.innerHTML = (
                        f'<p class="notice">The analysis stopped: {answer["error"]}</p>'
                    )
                    return
                rows += answer["reviews"]
            keep_text(key, json.dumps(rows))
        if self.analysis_run == run:
            panel.innerHTML = result_html(rows, s.names, total)
            self.records.set_marks(bar_marks(rows, s.names))
            self.draw()  # the record bar shows the marks

    def kept_marks(self, session: S) -> list[Mark]:
        """The record bar's marks from a kept analysis of `session`'s record (none kept: no
        marks), so a finished game opened again shows them at once."""
        record = session.record
        rows = cached(stored_text(storage_key(record.to_json()))) if record.actions else None
        return bar_marks(rows or [], session.names)

    def analysis_open(self) -> bool:
        panel = el("analysis")
        return found(panel) and not panel.hidden

    def close_analysis(self) -> None:
        self.analysis_run += 1  # a running analysis stops at its next call
        panel = el("analysis")
        if found(panel):
            panel.hidden = True
            self.draw()  # the game-over panel comes back

    def close_hint(self) -> None:
        self.hint_for = -1
        panel = el("hint")
        if found(panel):
            panel.hidden = True

    def on_key(self, event: Any) -> None:
        """Keys while the table shows, unless the person types or a replay shows the past."""
        s = self.session
        if s is None or el("game").hidden or event.ctrlKey or event.altKey or event.metaKey:
            return
        tag = str(getattr(event.target, "tagName", "")).lower()
        if tag in TYPING or self.records.replaying or self.link.covering(s):
            return
        self.update(self.on_table_key(event, str(event.code), tag, s))

    def update(self, session: S | None) -> None:
        """Show the game's new session (None: nothing changed) and let its bots answer. In a
        lesson the learner's move is judged first: a wrong one is taken back."""
        if session is None:
            return
        if self.lesson is not None and self.session is not None:
            move = learner_move(self.session, session)
            if move is not None:
                self.lesson = self.lesson.judged(move)
                if self.lesson.solved:
                    self.finish_step()
                else:
                    session = self.session
                self.draw_lesson()
        self.session = session
        self.show_and_play()

    def on_resize(self, _event: Any) -> None:
        """Redraw at the new width."""
        if self.session is not None and not el("game").hidden:
            self.draw()

    # -- bots ----------------------------------------------------------------------------

    def stop_bots(self) -> None:
        """Start a new generation: the running loop, if any, ends at its next step and a late
        answer is dropped."""
        self.generation += 1
        self.running = False
        self.thinking = False

    def pause(self) -> None:
        """Stop the bots while a replay shows a past moment."""
        self.stop_bots()
        self.on_pause()

    def play_on(self) -> None:
        """Back at the end of a replay: the live game, and its bots play on."""
        self.show_and_play()

    def kick(self) -> bool:
        """Start the bots' loop unless it runs already, or the table is covered or replayed,
        or a lesson shows (its positions are for the learner's move alone); whether it did."""
        s = self.session
        if self.running or s is None or el("game").hidden or self.records.replaying:
            return False
        if self.lesson is not None or self.link.covering(s):
            return False  # a lesson's bots never move; a seat link's wait for its person
        if not self.bots_due(s):
            return False
        self.running = True
        self.task = asyncio.ensure_future(self._bots(self.generation))
        return True

    def thinking_shown(self, s: S) -> bool:
        """Whether a draw of `s` shows a bot thinking (#game's data-thinking, the status line)."""
        return self.thinking

    def thinks_first(self, s: S) -> bool:
        """Whether a loop started at `s` begins with a bot thinking (`show_and_play`)."""
        return False

    async def _bots(self, generation: int) -> None:
        try:
            await self.run_bots(generation)
        finally:
            if self.generation == generation:  # else a newer loop owns the flags
                self.running = False
                self.thinking = False

    def pace_ms(self) -> int:
        """Milliseconds between bot moves, from the speed setting."""
        try:
            return max(0, int(str(el("pace").value)))
        except ValueError:
            return self.default_pace_ms

    def current(self, generation: int) -> S | None:
        """The session, while `generation` is the current one."""
        return self.session if self.generation == generation else None

    def bot_failed(self, s: S, seat: int, error: object) -> None:
        """Say that a bot could not move, and stop the bots rather than ask again."""
        self.stop_bots()
        self.session = s.with_notice(f"{s.names[seat]}'s bot could not move: {error}")
        self.draw()

    # -- wiring --------------------------------------------------------------------------

    def main(self) -> None:
        """Wire the page and tell it Python is ready."""
        el("players").addEventListener("change", create_proxy(show_seat_rows))
        el("setup-form").addEventListener("submit", create_proxy(self.start_from_form))
        document.addEventListener("click", create_proxy(self.on_click))
        document.addEventListener("keydown", create_proxy(self.on_key))
        window.addEventListener("resize", create_proxy(self.on_resize))
        self.wire()
        for name in self.selects:
            select_from_query(name, name)
        show_seat_rows()
        show_lessons((self.kit.game_id,))
        mark_ready()
        if query_param("embed") is not None:
            run_embedded(self, self.kit.game_id, self.kit.session)
        self.records.start()
        if query_param("embed") is None:
            # a lesson link on the setup screen, or "Next lesson", changes only the fragment
            window.addEventListener("hashchange", create_proxy(self.on_hash))
            where = address(str(window.location.hash))
            if where is not None:
                self.open_study(*where)
        window.setTimeout(create_once_callable(self.warm_up_table), WARM_UP_MS)

    def warm_up_table(self) -> None:
        """Set up and draw a throwaway game once, off the page, while the person reads the
        setup form. A visit's first set-up and draw run on WebAssembly not yet compiled or
        optimised; this one pays for it before Start is pressed (Bugspiel's first Start,
        pressed 3 s after Python is ready: 86-99 ms of the page's thread without, 56-64 with).
        Nothing is kept or shown: a game already on, or a form that makes none, skips it."""
        if self.session is not None or el("setup").hidden:
            return
        try:
            session = self.form_session(0)  # the very set-up a Start makes
        except (BugsError, ValueError):
            return
        self.table_svg(session, False, DEFAULT_WIDTH)

    # -- lessons and puzzles (bugs_web.lesson) ---------------------------------------------

    def open_study(self, kind: str, text: str) -> None:
        """Open `#lesson=ID` or `#p=POSITION`: the game at a position, the record bar off (its
        record cannot replay to the position). A bad one is said on the setup screen."""
        try:
            if kind == "lesson":
                self.show_step(open_lesson(self.kit.game_id, text))
            else:
                puzzle = session_at(self.kit.session, text, puzzle=True)
                self.enter_study(None, text)
                self.begin(puzzle, study=True)
        except BugsError as error:
            what = "lesson" if kind == "lesson" else "position"
            show_setup_error(f"This {what} cannot be opened: {plain_error(error)}")
            self.show_setup()

    def on_hash(self, _event: Any) -> None:
        """A "Next lesson" link changed the address's fragment: open what it names. The link
        goes with the lesson panel's redraw: the focus it had goes to the status line."""
        had_focus = has_focus()
        where = address(str(window.location.hash))
        if where is not None:
            self.open_study(*where)
            if had_focus:
                keep_focus()

    def enter_study(self, lesson: LessonRun | None, position: str | None) -> None:
        """A lesson's step or a puzzle's position on the table: the record bar, saves and links
        off (a position's record cannot replay to it); a puzzle's bots start from `position`."""
        self.records.enabled = False
        el("record-bar").hidden = True
        self.study = True
        self.lesson = lesson
        self.position = position
        self.draw_lesson()

    def leave_study(self) -> None:
        """Back to games from a seed (a new game, a loaded record): the record bar on again."""
        if not self.study:
            return
        self.study = False
        self.lesson = None
        self.position = None
        self.draw_lesson()
        self.records.enabled = query_param("embed") is None
        el("record-bar").hidden = not self.records.enabled

    def show_step(self, run: LessonRun) -> None:
        """The lesson's step at its position, its task in the lesson panel."""
        step = session_at(self.kit.session, run.current.position, puzzle=False)
        self.enter_study(run, None)
        self.begin(step, study=True)

    def finish_step(self) -> None:
        """A right move: on the lesson's last step, the lesson is kept as finished."""
        if self.lesson is not None and self.lesson.last:
            keep_lesson_done(self.lesson.lesson.id)
            show_lessons((self.kit.game_id,))

    def draw_lesson(self) -> None:
        """The lesson panel above the table (created on first use)."""
        panel = el("lesson")
        if not found(panel):
            panel = document.createElement("section")
            panel.id = "lesson"
            panel.className = "lesson"
            panel.setAttribute("aria-labelledby", "lesson-title")
            el("table").before(panel)
        if self.lesson is None:
            panel.hidden = True
            return
        panel.innerHTML = panel_html(self.lesson, lessons_done())
        panel.hidden = False


def has_focus() -> bool:
    """True while the focus is on an element that shows (not the body, nor an element that
    was removed or hidden)."""
    node = document.activeElement
    body = document.body
    if not found(node) or str(node.tagName).lower() == "body" or not body.contains(node):
        return False
    return not found(node.closest("[hidden]"))


def keep_focus() -> None:
    """Give the focus to the status line when it was lost: after a dialog or a panel closes,
    a keyboard or screen reader user goes on from what happens now, not from the page's top."""
    if not has_focus():
        status = el("turn-status")
        status.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))


class TurnTablePage(TablePage[T]):
    """A page whose seats take turns: one bot loop asks the worker for each bot's move."""

    def turn_line(self, s: T) -> str:
        return "" if s.bot_to_move() else self.status_text(s)

    def thinks_first(self, s: T) -> bool:
        # run_bots' first step is a bot's move exactly then: between_turns acts only where no
        # bot is to move (Bugs' end of a hand)
        return s.bot_to_move()

    def bots_due(self, s: T) -> bool:
        """A bot is to move."""
        return s.bot_to_move()

    async def between_turns(self, generation: int, s: T) -> bool:
        """A step of the loop before the next bot move (Bugs: the end of a hand with no person
        at the table); True if it took one."""
        return False

    async def run_bots(self, generation: int) -> None:
        """Each bot move in turn, at the chosen pace, until a person is to move."""
        while (s := self.current(generation)) is not None:
            if await self.between_turns(generation, s):
                continue
            turn = s.bot_turn()
            if turn is None:
                return
            self.thinking = True
            self.draw_unless_shown()
            started = now()
            by_link = getattr(s, "here", None) is not None  # every device, the same move
            answer = await self.bots.ask(bot_request(turn, self.position, exact=by_link))
            await asyncio.sleep(max(0.0, self.pace_ms() / 1000 - (now() - started)))
            s = self.current(generation)
            if s is None:
                return
            if "error" in answer:
                self.bot_failed(s, turn.seat, answer["error"])  # its stop_bots: not thinking
                return
            self.show_moved(s.bot_move(turn.moves, turn.seat, str(answer["action"])))

    def show_moved(self, session: T) -> None:
        """The loop's new session, drawn once with the bot that moves next thinking, as
        `show_and_play` draws: the loop's next step then draws nothing new
        (`draw_unless_shown`). Drawn without, it was drawn again in the same task, never
        painted (Bugspiel: two whole redraws a bot move, 44 ms of the main thread, before)."""
        self.session = session
        self.thinking = session.bot_to_move()
        self.draw()
