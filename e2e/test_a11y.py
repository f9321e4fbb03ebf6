"""Accessibility: axe-core finds no serious or critical violation on any page of the site, nor on
any state of a game (setup, a person to act, a bot thinking, the hand-off, a dialog, a replay, the
game's end); a screen reader hears each move and each change of turn once; the cards and tokens
are named for what they are; the focus never falls to the page's body when a dialog closes.

axe-core is a test dependency (node_modules, never copied into public/). It is injected into the
pages, which the context lets through the page's Content-Security-Policy (`bypass_csp`): the other
suites keep testing the policy.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Frame, Page, Route, expect

from bugs_core.link import encode_link
from bugs_core.record import GameRecord, Seat, new_record, replay
from bugs_core.registry import get_game
from bugs_table import (
    GAME_TIMEOUT_MS,
    MY_WINDOW,
    moves,
    open_page,
    set_up,
    wait_for_something_to_do,
)
from site_checks import ROOT

pytestmark = pytest.mark.browser_context_args(bypass_csp=True)

AXE = (ROOT / "node_modules" / "axe-core" / "axe.min.js").read_text(encoding="utf-8")
FAILING = ("serious", "critical")
"""The impacts that fail a test; minor and moderate ones are printed only."""

RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.map(n => n.target.map(t => [].concat(t).join(' >>> ')).join(' ')),
  }));
}"""

RECORD_ANNOUNCEMENTS = """() => {
  // Every text the live region gains, in order, as a screen reader would be given it.
  window.__heard = [];
  window.__logAt = document.querySelectorAll('#log li').length;
  const region = document.getElementById('announce');
  new MutationObserver(changes => {
    for (const change of changes)
      for (const node of change.addedNodes) window.__heard.push(node.textContent);
  }).observe(region, {childList: true, subtree: true, characterData: true});
}"""


class Axe:
    """Runs axe-core on a page's states and keeps the serious and critical findings."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.failures: list[str] = []

    def inject(self, frame: Frame) -> None:
        if not frame.evaluate("typeof window.axe !== 'undefined'"):
            frame.add_script_tag(content=AXE)

    def check(self, state: str) -> None:
        """Run axe on what the page shows now (its frames too), print the counts by impact."""
        for frame in self.page.frames:
            self.inject(frame)
        found: list[dict[str, Any]] = self.page.evaluate(RUN_AXE)
        counts = {impact: 0 for impact in ("critical", "serious", "moderate", "minor")}
        for violation in found:
            counts[violation["impact"]] += len(violation["targets"])
        summary = ", ".join(f"{n} {impact}" for impact, n in counts.items() if n) or "none"
        print(f"axe, {state}: {summary}")
        for violation in found:
            if violation["impact"] in FAILING:
                targets = "\n      ".join(violation["targets"])
                self.failures.append(
                    f"{state}: {violation['impact']} {violation['id']}: {violation['help']}\n"
                    f"      {targets}"
                )
            else:
                print(f"  {violation['impact']} {violation['id']}: {violation['help']}")

    def done(self) -> None:
        """Fail with every serious or critical violation seen."""
        if self.failures:
            pytest.fail("axe-core found:\n" + "\n".join(self.failures), pytrace=False)


@pytest.fixture
def axe(page: Page) -> Iterator[Axe]:
    checker = Axe(page)
    yield checker
    checker.done()


def finished(game: str, seats: tuple[Seat, ...], seed: int) -> GameRecord:
    """A whole game of random legal moves."""
    rules = get_game(game)
    record = new_record(game, {"players": len(seats)}, seed, list(seats))
    state = replay(record)
    pick = random.Random(seed)
    while actions := rules.legal_actions(state):
        action = pick.choice(actions)
        record = record.with_action(action)
        state = rules.apply(state, action)
    return record


class HeldWorker:
    """Holds back the bot worker's script, so a bot stays "thinking" until `release`."""

    def __init__(self, page: Page) -> None:
        self.held: list[Route] = []
        self.page = page
        page.route("**/bugs_bots.py", self.hold)

    def hold(self, route: Route) -> None:
        self.held.append(route)

    def release(self) -> None:
        self.page.unroute("**/bugs_bots.py")
        for route in self.held:
            route.fallback()
        self.held.clear()


def focused(page: Page) -> str:
    """The focused element, as a short selector-like text."""
    return str(
        page.evaluate(
            """() => { const e = document.activeElement;
                 if (!e || e === document.body) return 'body';
                 return e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
                   [...e.attributes].filter(a => a.name.startsWith('data-'))
                     .map(a => `[${a.name}="${a.value}"]`).join(''); }"""
        )
    )


def expect_focus_kept(page: Page, axe: Axe, where: str) -> None:
    """After a dialog or panel closed: the focus is on a visible element, not the body."""
    page.wait_for_timeout(50)  # the redraw after the click
    now = focused(page)
    print(f"focus after {where}: {now}")
    if now == "body":
        axe.failures.append(f"the focus fell to the body after {where}")
    elif not page.evaluate("() => document.activeElement.checkVisibility()"):
        axe.failures.append(f"the focus is on a hidden element ({now}) after {where}")


def open_record(page: Page, record: GameRecord) -> None:
    """Show a record through the page's own link handling (a same-page address change)."""
    page.evaluate("link => { location.hash = 'g=' + link; }", encode_link(record))
    expect(page.locator("#game")).to_have_attribute("data-moves", str(len(record.actions)))


def share_panel(page: Page, axe: Axe, state: str) -> None:
    page.click('#record-bar [data-rec="share"]')
    expect(page.locator("#share-box")).to_be_visible()
    axe.check(f"{state}, share panel open")
    page.click('#share-box [data-rec="close-share"]')
    expect(page.locator("#share-box")).to_be_hidden()
    expect_focus_kept(page, axe, "closing the share panel")


def game_over_and_replay(page: Page, axe: Axe, name: str, record: GameRecord) -> None:
    """A finished game: its end panel, a replay from it, back to the end, then "Play again"."""
    open_record(page, record)
    dialog = page.locator("#dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#game")).to_have_attribute("data-screen", "game-over")
    axe.check(f"{name}: game over, end panel open")
    dialog.locator('[data-rec="first"]').click()
    expect(page.locator("#game")).to_have_attribute("data-rec-step", "0")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#game")).to_have_attribute("data-rec-step", "1")
    axe.check(f"{name}: replay")
    page.keyboard.press("End")
    expect(dialog).to_be_visible()
    dialog.locator("[data-ui=again]").click()
    expect(dialog).to_be_hidden()
    expect_focus_kept(page, axe, '"Play again"')


# -- every page -------------------------------------------------------------------------------


def test_every_page_of_the_site(page: Page, base_url: str, axe: Axe) -> None:
    pages = sorted(p.name for p in (ROOT / "public").glob("*.html"))
    assert {"index.html", "embedding.html", "embed.html", "bugs.html"} <= set(pages)
    for name in pages:
        if name == "embed.html":
            continue  # below, once per game
        page.goto(f"{base_url}{name}")
        if page.locator("#start").count():
            expect(page.locator("#start")).to_have_text("Start game")
        page.wait_for_load_state("load")
        axe.check(name)
    for game in ("bugs", "bag-of-bugs", "bugspiel"):
        page.goto(f"{base_url}embed.html?game={game}&pace=0&seed=3")
        frame_ready = page.locator("#game")
        expect(frame_ready).to_be_visible(timeout=GAME_TIMEOUT_MS)
        axe.check(f"embed.html?game={game}")


# -- the games' states ------------------------------------------------------------------------


def test_bugs_states(page: Page, base_url: str, axe: Axe) -> None:
    open_page(page, base_url, seed=2, pace=0)
    axe.check("bugs: setup")
    worker = HeldWorker(page)
    set_up(page, [("Ana", "easy"), ("Bo", "easy"), ("Me", "human")])
    expect(page.locator("#game")).to_have_attribute("data-thinking", "true")
    axe.check("bugs: a bot thinking")
    page.evaluate(RECORD_ANNOUNCEMENTS)
    worker.release()
    assert wait_for_something_to_do(page) == "play"
    axe.check("bugs: the person to act")
    check_announcements(page, bots_moved=True)
    # every card group is a button named for what it shows and holds
    groups = page.locator("#table [data-pick]")
    named = page.get_by_role(
        "button",
        name=re.compile(
            r"^\d \w.*, \d+ in hand|^(Outbreak|Net|Repellent|Exterminator), \d+ in hand"
        ),
    )
    expect(named).to_have_count(groups.count())
    for _ in range(2):  # the person plays by keys alone; each move is said once
        play_by_keys(page)
        assert wait_for_something_to_do(page) == "play"
        check_announcements(page, bots_moved=True)
    share_panel(page, axe, "bugs")
    seats = (Seat("You"), Seat("Ana", "easy"), Seat("Bo", "easy"))
    game_over_and_replay(page, axe, "bugs", finished("bugs", seats, 4))
    # two people at one device: the hand-off screen
    page.click("#game [data-ui=setup]")
    set_up(page, [("Ana", "human"), ("Bo", "human"), ("Cy", "easy")])
    for _ in range(20):
        if wait_for_something_to_do(page) == "handoff":
            break
        page.locator("#controls [data-action]").last.click()
    expect(page.locator("#game")).to_have_attribute("data-screen", "handoff")
    axe.check("bugs: hand-off")
    page.click("#dialog [data-ui=take]")
    expect(page.locator("#dialog")).to_be_hidden()
    expect_focus_kept(page, axe, "the hand-off")


KIND_KEYS = {**{k: str(k) for k in range(1, 10)}, 10: "o", 11: "n", 12: "r", 13: "x"}
"""The key that picks one more card of each kind (README, "Playing")."""


def play_by_keys(page: Page) -> None:
    """Play a move with the keyboard alone: all cards of a usable kind by its key, then Enter;
    P (pick up) when no kind makes a move on its own."""
    before = moves(page)
    page.locator("#turn-status").focus()
    for group in page.locator("#table [data-pick]:not(.dim)").all():
        kind = int(group.get_attribute("data-pick") or 0)
        held = re.search(r"(\d+) in hand", group.get_attribute("aria-label") or "")
        for _ in range(int(held.group(1)) if held else 1):
            page.keyboard.press(KIND_KEYS[kind])
        page.keyboard.press("Enter")  # plays when the picked cards make exactly one move
        page.wait_for_timeout(100)
        if moves(page) > before:
            return
        page.keyboard.press("Escape")
    page.keyboard.press("p")
    page.wait_for_function(
        f"() => Number(document.getElementById('game').dataset.moves) > {before}"
    )


HEARD_AND_LOGGED = """() => {
  // In one turn of the page's event loop, so a game running on (Bag of Bugs) cannot add a
  // sentence to the log between the two reads: a redraw writes the log and the live region
  // together.
  const log = [...document.querySelectorAll('#log li')].map((li) => li.textContent);
  const start = window.__logAt;
  window.__logAt = log.length;
  return {heard: window.__heard.splice(0), logged: log.slice(start)};
}"""


def heard_and_logged(page: Page) -> tuple[list[str], list[str]]:
    """What the live region said since the last look, and the log's sentences added since."""
    found: dict[str, list[str]] = page.evaluate(HEARD_AND_LOGGED)
    return found["heard"], found["logged"]


def check_announcements(page: Page, *, bots_moved: bool) -> None:
    """What the live region said since the last check: each new log sentence once, in order
    and nothing else but turn lines, each once (a person's pick changes theirs: "Your turn:
    confirm (Enter), ..."), the current one last."""
    page.wait_for_function(
        """() => { const h = window.__heard, turn = document.getElementById('turn-status');
          return h.length > 0 && h[h.length - 1] === turn.innerText; }"""
    )
    heard, logged = heard_and_logged(page)
    turn = page.locator("#turn-status").inner_text()
    assert [line for line in heard if line in logged] == logged, (heard, logged)
    assert heard[-1] == turn and heard.count(turn) == 1, heard
    turn_lines = [line for line in heard if line not in logged]
    assert len(set(turn_lines)) == len(turn_lines), heard
    if bots_moved:
        assert len(logged) >= 1, heard


def check_heard_once(page: Page) -> None:
    """Bag of Bugs' live region since the last check: each new log sentence once and in order
    (a real-time game: the turn line changes with each reveal, never said twice in a row)."""
    heard, logged = heard_and_logged(page)
    assert logged, "the game's log grew"
    assert [line for line in heard if line in logged] == logged, (heard, logged)
    assert all(a != b for a, b in itertools.pairwise(heard)), heard


def test_bag_of_bugs_states(page: Page, base_url: str, axe: Axe) -> None:
    open_page(page, base_url, seed=11, pace=2600, path="bag-of-bugs.html")
    axe.check("bag of bugs: setup")
    page.evaluate(RECORD_ANNOUNCEMENTS)
    set_up(page, [("You", "human"), ("Ana", "easy"), ("Bo", "easy")])
    expect(page.locator(".grab-row[data-seat='0'] button").first).to_be_visible()
    axe.check("bag of bugs: the person may grab")
    expect(page.get_by_role("button", name=re.compile(r"^Grab \d: \d \w+"))).not_to_have_count(0)
    for _ in range(20):  # a prompt may come first (a Wind): its suggested answer by Enter
        now = page.wait_for_function(MY_WINDOW, timeout=GAME_TIMEOUT_MS).json_value()
        assert now != "over"
        if now != "prompt":
            break
        page.locator("#prompt button.primary").first.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("() => !document.querySelector('#prompt button.primary')")
    before = moves(page)
    mine = page.locator('.grab-row[data-seat="0"] button:not([disabled])').first
    key = mine.get_attribute("aria-keyshortcuts") or ""
    grab = re.search(r"claim (Grab \d)", mine.get_attribute("aria-label") or "")
    assert key and grab, "each Grab button names its token and its key"
    page.keyboard.press(key)  # the person's key for that Grab token
    # The log keeps the claim: the "holds Grab n" row lasts only while a window is open, and
    # the next window closes at once when only bots are left to grab (too brief to poll for
    # on a loaded machine). A race lost to priority is a claim too: "you also reached for".
    expect(page.locator("#log")).to_contain_text(
        re.compile(rf"[Yy]ou[^.;]* (claim|also reached for) {grab[1]}\b")
    )
    page.wait_for_function(
        f"() => Number(document.getElementById('game').dataset.moves) > {before}"
    )
    check_heard_once(page)
    share_panel(page, axe, "bag of bugs")
    seats = (Seat("You"), Seat("Ana", "easy"), Seat("Bo", "easy"))
    game_over_and_replay(page, axe, "bag of bugs", finished("bag-of-bugs", seats, 4))


def test_bugspiel_states(page: Page, base_url: str, axe: Axe) -> None:
    open_page(page, base_url, seed=2, pace=0, path="bugspiel.html")
    axe.check("bugspiel: setup")
    worker = HeldWorker(page)
    set_up(page, [("Ana", "easy"), ("You", "human")])
    expect(page.locator("#game")).to_have_attribute("data-thinking", "true")
    axe.check("bugspiel: a bot thinking")
    page.evaluate(RECORD_ANNOUNCEMENTS)
    worker.release()
    expect(page.locator("#controls [data-ui=pass]")).to_be_visible(timeout=GAME_TIMEOUT_MS)
    axe.check("bugspiel: the person to act")
    check_announcements(page, bots_moved=True)
    before = moves(page)
    page.locator("#turn-status").focus()
    for _ in range(80):  # a market slot by Tab, picked and bought by Enter, Enter
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.hasAttribute('data-buy-bug')"):
            break
    page.keyboard.press("Enter")
    expect(page.locator("#game")).to_have_attribute("data-pick", re.compile(r"^buy-bug:"))
    page.keyboard.press("Enter")  # the bot answers; each move is said once
    page.wait_for_function(
        f"() => Number(document.getElementById('game').dataset.moves) > {before + 1}",
        timeout=GAME_TIMEOUT_MS,
    )
    expect(page.locator("#controls [data-ui=pass]")).to_be_visible(timeout=GAME_TIMEOUT_MS)
    check_announcements(page, bots_moved=True)
    market = page.get_by_role("button", name=re.compile(r"^Buy for \d+ VP: "))
    expect(market).to_have_count(
        page.locator("#table [data-buy-bug], #table [data-buy-bonus]").count()
    )
    share_panel(page, axe, "bugspiel")
    seats = (Seat("You"), Seat("Ana", "easy"))
    game_over_and_replay(page, axe, "bugspiel", finished("bugspiel", seats, 4))
