"""Play by link across devices: each device a browser context of its own (its own storage),
the game passed from one to the next as the seat links the send panel gives. At every step
each device draws its own seat's hand only (checked against the engine's state), a bot moves
alike on every device, and a stale link and a fork are each said, never silently dropped."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from bugs_core.link import decode_link
from bugs_core.record import GameRecord, Seat, from_dict, from_json, replay
from bugs_table import open_page, play_a_move_by_clicks, set_up
from bugs_web.by_link import seat_url
from bugs_web.games.bugs.session import Session
from bugs_web.record_bar import link_in
from bugs_web.saves import entry_text, save_key
from site_checks import TIMEOUT_MS, BrowserGuard
from test_spiel_page import open_spiel, person_moves

SEND_URL = "#send-url"
ARRIVE = '[data-ui="arrive"]'


@dataclass
class Device:
    """One player's device: a browser context (its own localStorage) with the game page."""

    context: BrowserContext
    page: Page
    path: str
    opened: bool = False

    def open(self, base_url: str, url: str) -> None:
        """Open a seat link as a messenger would: the page first, then its fragment changes."""
        if not self.opened:
            self.page.goto(url)
            self.opened = True
        else:  # the page is open already: the link arrives as a new fragment
            self.page.evaluate("u => { location.hash = new URL(u).hash }", url)


@pytest.fixture
def devices(browser: Browser, browser_guard: BrowserGuard) -> Iterator[list[Device]]:
    """Three more devices, each watched like the test's own page (no request off the site)."""
    made: list[Device] = []
    for _ in range(3):
        context = browser.new_context()
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        browser_guard.watch_policy(context, page)
        context.route("**/*", browser_guard.on_route)
        page.on("console", browser_guard.on_console)
        page.on("pageerror", browser_guard.on_page_error)
        page.on("crash", browser_guard.on_crash)
        made.append(Device(context, page, ""))
    yield made
    for device in made:
        device.context.close()


def sent_link(page: Page) -> tuple[str, GameRecord, int]:
    """The link the send panel offers: its address, its game and the seat it is for."""
    expect(page.locator("#send")).to_be_visible()
    url = str(page.locator(SEND_URL).input_value())
    fragment = url.split("#", 1)[1]
    seat = int(re.search(r"seat=(\d+)", fragment).group(1))  # type: ignore[union-attr]
    return url, decode_link(link_in(fragment) or ""), seat


def drawn_hand(page: Page) -> dict[int, int]:
    """The hand the Bugs table draws: copies of each card kind."""
    counts = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#table [data-pick]')]
            .map(g => [g.dataset.pick, g.querySelectorAll('[data-copy]').length]))"""
    )
    return {int(k): int(v) for k, v in counts.items()}


def arrive(page: Page, name: str) -> None:
    """The hand-off screen names the seat and hides the table until its person says so."""
    expect(page.locator("#dialog")).to_be_visible()
    expect(page.locator("#dialog-title")).to_contain_text(f"{name}")
    assert page.locator("#table *").count() == 0  # nothing of the table before the person
    page.click(ARRIVE)
    expect(page.locator("#table svg").first).to_be_visible()


def hand_of(record: GameRecord, seat: int) -> dict[int, int]:
    """The engine's hand of `seat` in `record`'s game: copies of each card kind."""
    return {k: n for k, n in enumerate(replay(record).hands[seat]) if n}


def saved(page: Page) -> tuple[GameRecord, int | None]:
    """The game this device keeps (its one save) and the seat it keeps it for."""
    entries = page.evaluate(
        "() => Object.entries(localStorage).filter(([k]) => k.startsWith('bugs-table/save/'))"
    )
    assert len(entries) == 1, entries
    entry = json.loads(entries[0][1])
    return from_dict(entry["record"]), entry.get("seat")


def here_link(page: Page) -> GameRecord:
    """The live game as the device holds it."""
    return saved(page)[0]


def test_three_people_play_a_hand_of_bugs_by_seat_links(
    page: Page, base_url: str, devices: list[Device]
) -> None:
    names = ("Ana", "Bo", "Cy")
    open_page(page, base_url, seed=21, pace=0)
    about = page.locator("#by-link-about")  # what playing by link means, once it is ticked
    expect(about).to_be_hidden()
    expect(page.locator("#by-link")).to_have_accessible_description(re.compile(r"^You play "))
    page.check("#by-link")
    expect(about).to_be_visible()
    set_up(page, [(n, "human") for n in names])
    holders = {0: Device(page.context, page, "bugs.html", opened=True), 1: devices[0],
               2: devices[1]}  # fmt: skip
    current, record = 0, None  # the game as the last link carried it (none before a move)
    sends = 0
    for _ in range(300):
        here = holders[current].page
        if not here.locator("#send").is_visible():
            # this device's turn: its own hand only, card for card the engine's
            expect(here.locator("#turn-status")).to_contain_text(f"{names[current]}, your")
            if record is not None:
                assert drawn_hand(here) == hand_of(record, current)
            play_a_move_by_clicks(here)  # its draw shows the send panel, if it is to be sent
            if here.locator("#game").get_attribute("data-screen") == "hand-over":
                break  # this device played the hand's last card: a whole hand went round
            if not here.locator("#send").is_visible():
                record = here_link(here)
                continue  # a pick-up: the same seat leads next
        url, record, seat = sent_link(here)
        assert drawn_hand(here) == hand_of(record, current)  # still its own hand only
        expect(here.locator("#turn-status")).to_contain_text(f"Waiting for {names[seat]}")
        expect(here.locator("#send svg title")).to_contain_text(f"link for {names[seat]}")
        holders[seat].open(base_url, url)
        current = seat
        arrive(holders[current].page, names[seat])
        sends += 1
    final = here_link(holders[current].page)
    assert replay(final).hand_scores, "the hand did not end"
    assert sends >= 10
    # every device kept the game by its id, at the seat it plays
    assert [saved(device.page)[1] for _, device in sorted(holders.items())] == [0, 1, 2]


def test_two_people_play_bugspiel_to_its_end_by_seat_links(
    page: Page, base_url: str, devices: list[Device]
) -> None:
    open_spiel(page, base_url, seed=51, target=50)  # a 21-move game when both play `plan`
    page.check("#by-link")
    set_up(page, [("Ana", "human"), ("Bo", "human")])
    holders = {0: Device(page.context, page, "bugspiel.html", opened=True), 1: devices[0]}
    current, sends = 0, 0
    played = {"bonus": 0, "bug": 0, "buy": 0, "pass": 0}
    for _ in range(120):
        here = holders[current].page
        if here.locator("#game").get_attribute("data-screen") == "game-over":
            break
        if not here.locator("#send").is_visible():
            person_moves(here, played)
            continue
        url, record, seat = sent_link(here)
        assert from_json(str(here.locator("#game").get_attribute("data-record"))) == record
        expect(here.locator("#table [data-hand-bug]")).to_have_count(0)  # not Ana's move
        holders[seat].open(base_url, url)
        current = seat
        arrive(holders[current].page, ("Ana", "Bo")[seat])
        sends += 1
    assert sends >= 5 and sum(played.values()) >= 10
    # the end goes round by link too: its panel offers the final table to the other person
    last = holders[current].page
    expect(last.locator("#dialog #send-title")).to_contain_text("Send the game to")
    url, record, seat = sent_link_in(last.locator("#dialog"))
    assert replay(record).end is not None and seat == 1 - current
    other = holders[seat]
    other.open(base_url, url)
    expect(other.page.locator("#game")).to_have_attribute("data-screen", "game-over")
    expect(other.page.locator("#dialog caption")).to_have_text("Final scores")
    other.page.click('#dialog [data-rec="first"]')  # the replay, from the first move
    expect(other.page.locator("#game")).to_have_attribute("data-rec-step", "0")


def sent_link_in(box: Locator) -> tuple[str, GameRecord, int]:
    url = str(box.locator(SEND_URL).input_value())
    fragment = url.split("#", 1)[1]
    seat = int(re.search(r"seat=(\d+)", fragment).group(1))  # type: ignore[union-attr]
    return url, decode_link(link_in(fragment) or ""), seat


PEOPLE = (Seat("Ana"), Seat("Bo"), Seat("Cy"))


def moved_on(record: GameRecord, moves: int, choose: int = 0) -> GameRecord:
    """`record` after `moves` more moves, each the `choose`-th legal one of its seat."""
    for _ in range(moves):
        live = Session.replay_steps(record)[-1]
        device = live.by_link(live.to_act or 0)
        legal = device.picker.legal
        record = device.play(str(legal[choose % len(legal)])).record
    return record


def keep_saved(page: Page, base_url: str, record: GameRecord, seat: int) -> None:
    """This device already keeps `record` (as if it had played it), at `seat`."""
    open_page(page, base_url, seed=1)
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)",
        [save_key(record), entry_text(record, 1_700_000_000_000, False, seat)],
    )


def test_an_older_link_says_so_and_shows_the_newer_game(page: Page, base_url: str) -> None:
    newer = moved_on(Session.start(PEOPLE, 31).record, 7)
    older = newer.first(4)
    keep_saved(page, base_url, newer, 1)
    page.goto(seat_url(f"{base_url}bugs.html?pace=0", older, 1))
    dialog = page.locator("#dialog")
    expect(dialog).to_contain_text("older than the game saved on this device")
    expect(dialog).to_contain_text("the link has 4 moves, the saved game 7")
    expect(page.locator("#game")).to_have_attribute("data-moves", "7")
    page.click('[data-ui="link-older"]')  # its moment, read-only, in the newer game
    expect(page.locator("#game")).to_have_attribute("data-rec-step", "4")


def test_a_fork_shows_both_move_lists_and_keeps_the_one_not_chosen(
    page: Page, base_url: str
) -> None:
    start = moved_on(Session.start(PEOPLE, 31).record, 4)
    mine, theirs = moved_on(start, 3), moved_on(start, 2, choose=1)
    assert mine.actions[4] != theirs.actions[4]
    keep_saved(page, base_url, mine, 2)
    page.goto(seat_url(f"{base_url}bugs.html?pace=0", theirs, 2))
    dialog = page.locator("#dialog")
    expect(dialog).to_contain_text("two different continuations")
    expect(dialog).to_contain_text("agree on the first 4 moves")
    expect(dialog.locator(".fork section")).to_have_count(2)
    expect(dialog.locator(".fork section").nth(0).locator("li")).to_have_count(3)
    expect(dialog.locator(".fork section").nth(1).locator("li")).to_have_count(2)
    assert page.locator("#table *").count() == 0
    page.click('[data-ui="fork-link"]')
    page.click(ARRIVE)
    expect(page.locator("#game")).to_have_attribute("data-moves", "6")
    assert saved(page) == (theirs, 2)
    page.click('[data-ui="setup"]')  # the branch not chosen is listed, to export
    expect(page.locator("#saves")).to_contain_text("the other branch of a fork")
