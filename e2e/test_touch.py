"""Touch play on a 360x740 phone (Chromium's touch emulation): each game is set up and played by
taps alone (a select is set with `select_option`, as its native picker would), every target a
finger may need on the table and its controls is at least 44 CSS px each way, the page never
scrolls sideways, and nothing needs a hover: Bugspiel's full card opens from its "i" button or
a long press, and closes on a tap outside or Esc."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from bugs_table import (
    GAME_TIMEOUT_MS,
    MY_WINDOW,
    moves,
    open_page,
    screen,
    wait_for_something_to_do,
)

WIDTH, HEIGHT = 360, 740
FINGER = 44
"""The least width and height of a touch target, in CSS pixels."""

pytestmark = pytest.mark.browser_context_args(
    viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=True
)

SMALL_TARGETS = """(least) => {
  // Everything a person may press, shown now (not hidden, not in a closed <details>).
  const pressable = [
    'a[href]', 'button', 'select', 'input:not([type=hidden])', 'textarea', 'summary',
    '[role=button]', '[tabindex]:not([tabindex="-1"])', '[data-pick]', '[data-action]',
    '[data-grab]', '[data-claim]', '[data-decide]', '[data-ui]', '[data-rec]', '[data-space]',
    '[data-tile]', '[data-info]', '[data-buy-bug]', '[data-buy-bonus]', '[data-hand-bug]',
    '[data-hand-bonus]',
  ].join(', ');
  const small = [];
  for (const node of document.querySelectorAll(pressable)) {
    if (node.closest('[hidden], details:not([open]) > :not(summary)')) continue;
    const style = getComputedStyle(node);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    const box = node.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (box.width >= least && box.height >= least) continue;
    const name = node.getAttribute('aria-label') || node.id || node.textContent.trim();
    const what = `${node.tagName.toLowerCase()} "${name.slice(0, 60)}"`;
    small.push(`${what}: ${box.width.toFixed(1)} x ${box.height.toFixed(1)}`);
  }
  return small;
}"""

PAGE_WIDTH = "document.documentElement.scrollWidth"


def check_fits(page: Page, moment: str) -> None:
    """Every shown target is finger-sized and the page is no wider than the phone."""
    small = page.evaluate(SMALL_TARGETS, FINGER)
    assert not small, f"targets under {FINGER} px {moment}:\n" + "\n".join(small)
    width = page.evaluate(PAGE_WIDTH)
    assert width <= WIDTH, f"the page is {width} px wide at {WIDTH} {moment}"


def start_by_taps(page: Page, base_url: str, path: str, seats: list[str], **query: int) -> None:
    """Open a game page as a phone would and start a game with these seats' kinds."""
    open_page(page, base_url, path=path, **query)
    assert page.evaluate("matchMedia('(pointer: coarse)').matches"), "no touch emulation"
    check_fits(page, "on the setup form")
    page.locator("#players").tap()
    page.select_option("#players", str(len(seats)))
    for i, kind in enumerate(seats):
        page.locator(f"#kind-{i}").tap()
        page.select_option(f"#kind-{i}", kind)
    page.locator("#start").tap()
    expect(page.locator("#game")).to_be_visible()


def wait_for_move(page: Page, before: int) -> None:
    page.wait_for_function(
        f"() => Number(document.getElementById('game').dataset.moves) > {before}",
        timeout=GAME_TIMEOUT_MS,
    )


# --- Bugs ------------------------------------------------------------------------------------


def tap_a_bugs_move(page: Page) -> None:
    """Tap the cards of one kind after another (each tap takes one more card of the kind)
    until a move is offered, and tap it; pick up or pass when no card makes one."""
    before = moves(page)
    usable = page.locator("#table [data-pick]:not(.dim)")
    confirm = page.locator("#controls [data-action].primary")
    for i in range(usable.count()):
        kind = usable.nth(i).get_attribute("data-pick")
        group = page.locator(f'#table [data-pick="{kind}"]')
        for taps in range(1, group.locator("[data-copy]").count() + 1):
            label = group.get_attribute("aria-label") or ""
            group.tap()
            expect(group).not_to_have_attribute("aria-label", label)
            if f", {taps} of " not in (group.get_attribute("aria-label") or ""):
                assert taps > 1, "a tap on a playable kind takes one card of it"
                break  # no move takes that many: the tap went round to none
            if confirm.count() and confirm.first.get_attribute("data-action") not in (
                "pickup",
                "pass",
            ):
                check_fits(page, "with cards picked")
                confirm.first.tap()
                wait_for_move(page, before)
                return
        if page.locator("#controls [data-ui=clear]").count():
            page.locator("#controls [data-ui=clear]").tap()
    page.locator("#controls [data-action]").first.tap()
    wait_for_move(page, before)


def test_bugs_by_taps(page: Page, base_url: str) -> None:
    start_by_taps(page, base_url, "bugs.html", ["human", "easy", "easy", "easy"], seed=21)
    mine = helped = 0
    while mine < 6:
        now = wait_for_something_to_do(page)
        if now == "game-over":
            break
        check_fits(page, f"on the {now} screen")
        if now == "hand-over":
            page.locator("#dialog [data-ui=next-hand]").tap()
            continue
        if page.locator("#controls .help").count() == 2:  # nothing picked: how to pick, by taps
            expect(page.locator("#controls .tap-help")).to_be_visible()
            expect(page.locator("#controls .keys-help")).to_be_hidden()
            helped += 1
        tap_a_bugs_move(page)
        mine += 1
    assert mine == 6 and helped


# --- Bag of Bugs -----------------------------------------------------------------------------


def test_bag_of_bugs_by_taps(page: Page, base_url: str) -> None:
    # The slow pace keeps each grab window open 2.6 s: time for a tap on a loaded machine.
    start_by_taps(page, base_url, "bag-of-bugs.html", ["human", "easy", "easy"], seed=4, pace=2600)
    reached: list[str] = []
    decided = 0
    for _ in range(60):
        now = page.wait_for_function(MY_WINDOW, timeout=GAME_TIMEOUT_MS).json_value()
        if now == "over":
            break
        if now == "prompt":
            check_fits(page, "at a prompt")
            page.locator("#prompt button.primary").first.tap()
            decided += 1
            continue
        if not reached:
            check_fits(page, "in a grab window")
            # no keys to press: the keys beside the person's name and buttons are not shown
            expect(page.locator("#table text.keys")).to_have_count(1)
            expect(page.locator("#table text.keys")).to_be_hidden()
            expect(page.locator("#grab-rows .keys")).to_be_hidden()
        token = page.locator("#table [data-grab]").first
        grab = token.get_attribute("data-grab")
        token.tap()
        reached.append(f"Grab {grab}")
        page.wait_for_function(
            "key => document.getElementById('game').dataset.window !== key",
            arg=now,
            timeout=GAME_TIMEOUT_MS,
        )
        if len(reached) >= 3 and decided:
            break
    assert len(reached) >= 3, reached
    # every tap reached for a token: the log says who got each, the person included
    expect(page.locator("#log")).to_contain_text(re.compile(r"\bYou\b.*Grab \d"))


# --- Bugspiel --------------------------------------------------------------------------------


def long_press(page: Page, target: Locator) -> None:
    """A finger rests on `target` for 0.7 s, through the browser's own touch input."""
    target.scroll_into_view_if_needed()
    box = target.bounding_box()  # in the viewport, as the touch points are
    assert box is not None
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    page.wait_for_timeout(700)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def tap_a_space(page: Page, kind: str) -> bool:
    """Tap each card of this kind in the hand until one lights a tile, then tap a lit tile and,
    if the tile asks which of its spaces, the first lit one. True once a space is chosen."""
    cards = page.locator(f"#table [data-hand-{kind}]")
    numbers = {cards.nth(i).get_attribute(f"data-hand-{kind}") for i in range(cards.count())}
    for number in sorted(numbers, key=lambda n: int(n or -1)):
        page.locator(f'#table [data-hand-{kind}="{number}"]').first.tap()
        expect(page.locator("#game")).to_have_attribute("data-pick", f"{kind}:{number}")
        lit = page.locator("#table [data-tile].target")
        if lit.count() == 0:
            continue
        lit.nth(lit.count() // 2).tap()
        chooser = page.locator("#space-chooser")
        if chooser.is_visible():
            check_fits(page, "with a tile's spaces to choose from")
            chooser.locator("[data-space].primary").first.tap()
        expect(page.locator("#game")).not_to_have_attribute("data-pending", "")
        return True
    if numbers:
        page.locator("#controls [data-ui=clear]").tap()
    return False


def tap_a_spiel_move(page: Page, played: dict[str, int]) -> None:
    """Play a bug on a lit space, turned clockwise; else buy the cheapest bug while the hand
    is small; else pass. All by taps."""
    before = moves(page)
    confirm = page.locator("#controls [data-ui=confirm]")
    if tap_a_space(page, "bug"):
        check_fits(page, "with a space chosen")
        page.locator("#controls [data-ui=rotate-cw]").tap()
        expect(page.locator("#game")).to_have_attribute("data-pending", re.compile(r" -1$"))
        confirm.tap()
        played["bug"] += 1
    elif page.locator("#table [data-hand-bug]").count() < 2:
        page.locator('#table [data-buy-bug="7"]').tap()
        expect(page.locator("#game")).to_have_attribute("data-pick", "buy-bug:7")
        check_fits(page, "with a market card picked")
        confirm.tap()
        played["buy"] += 1
    else:
        page.locator("#controls [data-ui=pass]").tap()
        played["pass"] += 1
    wait_for_move(page, before)


def test_bugspiel_by_taps(page: Page, base_url: str) -> None:
    start_by_taps(page, base_url, "bugspiel.html", ["human", "easy"], seed=4)
    played = {"bug": 0, "buy": 0, "pass": 0}
    for _ in range(14):
        if wait_for_something_to_do(page) == "game-over":
            break
        check_fits(page, "at the person's turn")
        tap_a_spiel_move(page, played)
        if played["bug"] >= 2 and played["buy"]:
            break
    assert played["bug"] >= 2 and played["buy"], played


def test_bugspiel_cards_open_in_full_without_hover(page: Page, base_url: str) -> None:
    start_by_taps(page, base_url, "bugspiel.html", ["human", "easy"], seed=4)
    wait_for_something_to_do(page)
    popup = page.locator("#card-popup")
    slot = page.locator('#table [data-buy-bug="7"]')
    card = slot.get_attribute("data-card")
    # a tap on a card picks it and opens nothing
    slot.tap()
    expect(page.locator("#game")).to_have_attribute("data-pick", "buy-bug:7")
    expect(popup).to_be_hidden()
    # and the table marks it, as the card Confirm buys (it was marked in the move bar only)
    picked = page.locator('#table [data-buy-bug="7"]')
    expect(picked).to_have_attribute("aria-pressed", "true")
    expect(picked).to_have_class(re.compile(r"\bpicked\b"))
    expect(page.locator("#table .picked")).to_have_count(1)
    # its "i" button, named for the card, opens it in full; a tap outside closes it
    info = page.locator(f'#table [data-info="card:{card}"]')
    expect(info).to_have_count(1)
    expect(info).to_have_accessible_name(re.compile(r"^About \S"))
    info.tap()
    expect(popup).to_be_visible()
    expect(popup.locator(":scope > svg")).to_have_count(1)
    box = popup.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH
    check_fits(page, "with a card shown in full")
    page.locator("#turn-status").tap()
    expect(popup).to_be_hidden()
    # a long press on a card in the hand opens it too, and leaves the pick as it was; Esc closes
    hand = page.locator("#table [data-hand-bug]").first
    long_press(page, hand)
    expect(popup).to_be_visible()
    expect(page.locator("#game")).to_have_attribute("data-pick", "buy-bug:7")
    page.keyboard.press("Escape")
    expect(popup).to_be_hidden()


def test_bugspiel_board_takes_taps_by_tile(page: Page, base_url: str) -> None:
    start_by_taps(page, base_url, "bugspiel.html", ["human", "easy"], seed=4)
    wait_for_something_to_do(page)
    # a space is too small for a finger on a phone: the tile is the button for its spaces
    expect(page.locator("#table [data-space]")).to_have_count(0)
    tiles = page.locator("#table [data-tile]")
    assert tiles.count() >= 10
    chooser = page.locator("#space-chooser")
    # an empty tile with nothing picked: the notice says what to pick first
    tiles.first.tap()
    expect(page.locator("#notice")).to_contain_text("first")
    expect(page.locator("#notice")).to_be_in_viewport()  # at the screen's foot, not the table's
    expect(chooser).to_be_hidden()
    # with a bug picked, a tile with several lit spaces asks which; Close puts the question away
    page.locator("#table [data-hand-bug]").first.tap()
    several = page.locator("#table [data-tile].target")  # its label says how many are lit
    expect(several.first).to_be_attached()
    lit = [
        several.nth(i)
        for i in range(several.count())
        if re.search(r": [23] legal", several.nth(i).get_attribute("aria-label") or "")
    ]
    assert lit, "the opening's bug has a tile with several lit spaces"
    lit[0].tap()
    expect(chooser).to_be_visible()
    expect(chooser.locator("[data-space]")).to_have_count(3)
    expect(chooser.locator("[data-space].primary").first).to_contain_text("lit")
    check_fits(page, "with a tile's spaces to choose from")
    chooser.locator("[data-ui=close-tile]").tap()
    expect(chooser).to_be_hidden()
    expect(page.locator("#game")).to_have_attribute("data-pending", "")
    # again, and a lit space chosen there is the move's destination
    lit[0].tap()
    chooser.locator("[data-space].primary").first.tap()
    expect(chooser).to_be_hidden()
    expect(page.locator("#game")).not_to_have_attribute("data-pending", "")
    assert screen(page) == "play"


BAR = """() => {
  const dock = document.querySelector('#controls').parentElement;
  const box = (node) => { const r = node.getBoundingClientRect(); return [r.top, r.bottom]; };
  const popup = document.getElementById('card-popup');
  return {
    sticky: getComputedStyle(dock).position === 'sticky', dock: box(dock),
    board: box(document.querySelector('#table .spiel-board')),
    hand: box(document.querySelector('#table .spiel-hand')),
    confirm: box(document.querySelector('#controls [data-ui=confirm]') || dock),
    table: box(document.getElementById('table')), scrollY: scrollY,
    popup: !popup.hidden,
  };
}"""


def choose_a_lit_space(page: Page) -> None:
    """Tap the middle one of Bugspiel's lit tiles, and its first space if it asks which."""
    lit = page.locator("#table [data-tile].target")
    lit.nth(lit.count() // 2).tap()
    chooser = page.locator("#space-chooser")
    if chooser.is_visible():
        chooser.locator("[data-space].primary").first.tap()
    expect(page.locator("#game")).not_to_have_attribute("data-pending", "")


def test_a_bugspiel_move_takes_no_scrolling_on_a_phone(page: Page, base_url: str) -> None:
    """The hand lies right under the board, so a card and the spaces it lights fit one screen;
    once a card is picked the move bar (prompt, preview, buttons) stays at the screen's foot,
    so Confirm and what the move scores show wherever the table is scrolled. Before: the
    markets lay between hand and board, and Confirm 1,200 px under the chosen tile."""
    start_by_taps(page, base_url, "bugspiel.html", ["human", "easy"], seed=4)
    wait_for_something_to_do(page)
    at = page.evaluate(BAR)
    assert not at["sticky"], "with nothing picked the controls keep their place"
    page.locator("#table [data-hand-bug]").first.tap()
    expect(page.locator("#game")).to_have_attribute("data-pick", re.compile(r"^bug:"))
    at = page.evaluate(BAR)
    assert at["sticky"] and abs(at["dock"][1] - HEIGHT) <= 1, at
    bar = at["dock"][1] - at["dock"][0]
    assert bar <= 0.45 * HEIGHT, at
    assert at["hand"][1] - at["board"][0] <= HEIGHT - bar, "the board and the hand in one screen"
    assert not at["popup"], "a card opened that no tap asked for"
    # the board scrolled into sight above the bar, a lit tile tapped and its space chosen
    page.evaluate("(y) => scrollTo(0, y)", at["scrollY"] + at["board"][0] - 8)
    choose_a_lit_space(page)
    at = page.evaluate(BAR)
    assert at["sticky"] and at["dock"][0] >= 0.55 * HEIGHT - 1, at
    assert at["confirm"][0] >= 0 and at["confirm"][1] <= HEIGHT, f"Confirm off the screen: {at}"
    assert at["board"][0] >= 0, "the board is still in sight with Confirm"
    assert not at["popup"], "a card opened that no tap asked for"
    expect(page.locator("#controls .preview")).to_be_visible()
    check_fits(page, "with the move bar")
    # at the table's end the bar is back in its place, under the table
    page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
    at = page.evaluate(BAR)
    assert at["dock"][0] >= at["table"][1] - 1, at
    before = moves(page)
    page.locator("#controls [data-ui=confirm]").tap()
    wait_for_move(page, before)


def test_a_bugspiel_move_on_a_phone_on_its_side_takes_no_scrolling(
    page: Page, base_url: str
) -> None:
    """On its side (740x360) the board is as tall as the screen less the move bar, with the
    hand beside it, and the bar is the move's buttons alone: the card, the lit tiles and
    Confirm in one screen. Before: one column, the board 700 px tall with the hand under it,
    and no bar (Confirm at the table's foot, two screens under the board)."""
    start_by_taps(page, base_url, "bugspiel.html", ["human", "easy"], seed=4)
    wait_for_something_to_do(page)
    page.set_viewport_size({"width": HEIGHT, "height": WIDTH})  # turned on its side: redrawn
    expect(page.locator("#table .spiel-hand")).to_be_visible()
    # a card shown in full fits the screen's height (it stood 384 px high, its name above)
    page.locator("#table .spiel-hand [data-info]").first.tap()
    expect(page.locator("#card-popup")).to_be_in_viewport(ratio=1)
    page.locator("#turn-status").tap()
    expect(page.locator("#card-popup")).to_be_hidden()
    page.locator("#table [data-hand-bug]").first.tap()
    expect(page.locator("#game")).to_have_attribute("data-pick", re.compile(r"^bug:"))
    page.evaluate(  # the board's and the hand's tops, side by side, at the screen's top
        """() => { const tops = ['.spiel-board', '.spiel-hand'].map(
          (c) => document.querySelector('#table ' + c).getBoundingClientRect().top);
          scrollTo(0, scrollY + Math.min(...tops) - 4); }"""
    )
    at = page.evaluate(BAR)
    assert at["sticky"] and abs(at["dock"][1] - WIDTH) <= 1, at
    assert at["dock"][1] - at["dock"][0] <= 60, f"more than a row of buttons: {at}"
    assert at["board"][0] >= 0 and at["board"][1] <= at["dock"][0], f"the board under the bar: {at}"
    assert at["hand"][0] >= 0 and at["hand"][1] <= at["dock"][0], f"the hand off the screen: {at}"
    expect(page.locator("#controls .prompt-line")).not_to_be_in_viewport()  # read, not shown
    # a tile of several lit spaces asks which: its spaces side by side, Close in sight
    page.locator("#table [data-tile].target[aria-label*=destinations]").first.tap()
    chooser = page.locator("#space-chooser")
    expect(chooser).to_be_visible()
    for button in chooser.locator("[data-space], [data-ui=close-tile]").all():
        expect(button).to_be_in_viewport(ratio=1)
    chooser.locator("[data-ui=close-tile]").tap()
    expect(chooser).to_be_hidden()
    choose_a_lit_space(page)
    confirm = page.locator("#controls [data-ui=confirm]")
    expect(confirm).to_be_in_viewport(ratio=1)
    expect(page.locator("#table .chosen")).to_be_in_viewport(ratio=1)
    assert not page.evaluate(BAR)["popup"], "a card opened that no tap asked for"
    assert not page.evaluate(SMALL_TARGETS, FINGER)
    assert page.evaluate(PAGE_WIDTH) <= HEIGHT
    before = moves(page)
    confirm.tap()
    wait_for_move(page, before)


def test_a_bonus_cards_points_leave_the_move_buttons_in_sight(page: Page, base_url: str) -> None:
    """On a small phone a bonus card's preview (its points for every player) is taller than
    the move bar's 45% of the screen: the preview scrolls under the buttons, which stay."""
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(f"{base_url}bugspiel.html#lesson=bugspiel/bonus-lines")
    page.locator("#table [data-hand-bonus]").first.tap()
    page.locator("#table [data-tile].target").first.tap()
    chooser = page.locator("#space-chooser")
    if chooser.is_visible():
        chooser.locator("[data-space].primary").first.tap()
    expect(page.locator("#controls .bonus-points")).to_be_attached()
    dock = page.locator("#controls").locator("xpath=..")
    assert dock.evaluate("e => e.scrollHeight > e.clientHeight"), "the preview fits: no test"
    for ui in ("confirm", "clear", "pass"):
        expect(page.locator(f"#controls [data-ui={ui}]")).to_be_in_viewport(ratio=1)


IN_SIGHT = """(node) => { const r = node.getBoundingClientRect();  // to the pixel
  return node.isConnected && r.top >= -1 && r.bottom <= innerHeight + 1; }"""


SHOWN_AT = [("bugs.html", '#controls [data-action="{move}"]'), ("bugspiel.html", "#table .chosen")]
"""Each game's page, and where its table shows a hint's move (Bugs: the move's own button)."""


@pytest.mark.parametrize(("path", "place"), SHOWN_AT)
def test_a_hints_move_shown_on_the_table_is_scrolled_into_sight(
    page: Page, base_url: str, path: str, place: str
) -> None:
    """The hint panel sits above the table, a screen or more above the hand on a phone: "Show
    on the table" scrolls to where the table shows the move (Bugs: its Play button under the
    hand of cards picked; Bugspiel: the space it goes to, the move bar under it)."""
    start_by_taps(page, base_url, path, ["human", "easy", "easy"], seed=21)
    wait_for_something_to_do(page)
    page.locator("#hint-button").tap()
    hints = page.locator("#hint li")
    expect(hints.first).to_contain_text("playouts it came out at")
    listed = [str(li.get_attribute("data-hint")) for li in hints.all()]
    shown = next(i for i, move in enumerate(listed) if move not in ("pickup", "pass"))
    toggle = hints.nth(shown).locator(".hint-show")
    toggle.tap()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    target = page.locator(place.format(move=listed[shown]))
    expect(target).to_have_count(1)
    page.wait_for_function(IN_SIGHT, arg=target.element_handle(), timeout=5000)
    if path == "bugspiel.html":
        expect(page.locator("#controls [data-ui=confirm]")).to_be_in_viewport()


# --- where things sit on a phone ---------------------------------------------------------------

PLACES = """() => {
  const box = (selector) => document.querySelector(selector).getBoundingClientRect();
  const [bar, table] = ['#record-bar', '#table'].map((s) => document.querySelector(s));
  return {
    header: box('.topbar').height, status: box('#turn-status').top, table: box('#table').top,
    tableEnd: box('#table').bottom, bar: box('#record-bar').top, log: box('.log-panel').top,
    barReadFirst: Boolean(bar.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING),
  };
}"""


@pytest.mark.parametrize("path", ["bugs.html", "bag-of-bugs.html", "bugspiel.html"])
def test_the_table_starts_in_a_phones_first_screen(page: Page, base_url: str, path: str) -> None:
    """The header is one row, the status line and the controls of play come next, and the
    table starts in the first third of the screen (it started 370 to 488 px down, under a
    two-row header and the record bar's three rows). The record bar sits after the table and
    before the log it steps through, still first in the reading order."""
    start_by_taps(page, base_url, path, ["human", "easy", "easy"], seed=7, pace=2600)
    expect(page.locator("#table > svg")).to_be_visible()
    places = page.evaluate(PLACES)
    assert places["header"] <= 56, places  # one row: a 44 px home link and its padding
    assert places["status"] < places["table"] <= HEIGHT / 3, places
    assert places["tableEnd"] <= places["bar"] < places["log"], places
    assert places["barReadFirst"], places
    check_fits(page, "at the game's start")
    if path == "bugspiel.html":  # You start: the help says which keys do what, for keyboards
        expect(page.locator("#controls .keys-help")).to_have_count(1)
        expect(page.locator("#controls .keys-help")).to_be_hidden()
    # the record bar works where it is: a tap on Share opens its box just under it
    page.locator("[data-rec=share]").tap()
    box = page.locator("#share-box")
    expect(box).to_be_visible()
    bar = page.locator("#record-bar").bounding_box()
    shown = box.bounding_box()
    assert bar is not None and shown is not None and shown["y"] >= bar["y"] + bar["height"]


@pytest.mark.parametrize("path", ["bugs.html", "bag-of-bugs.html", "bugspiel.html"])
def test_start_is_in_a_phones_first_screen(page: Page, base_url: str, path: str) -> None:
    """With the page's own number of seats (four in Bugs and Bag of Bugs) and no saved game,
    Start lies wholly in a 360x740 phone's first screen, and Import comes after it. Bugs' Start
    ended at 805 px, under an Import button above the form and the panel's top margin."""
    open_page(page, base_url, seed=7, path=path)
    assert page.evaluate("scrollY") == 0
    start = page.locator("#start").bounding_box()
    assert start is not None and start["y"] + start["height"] <= HEIGHT, start
    expect(page.locator("#saves")).to_be_hidden()  # nothing saved: no box above the form
    importing = page.locator("#save-import [data-rec=import]")
    expect(importing).to_be_visible()
    shown = importing.bounding_box()
    assert shown is not None and shown["y"] >= start["y"] + start["height"], (shown, start)
    check_fits(page, "on the setup form")


def test_a_game_started_on_a_phone_on_its_side_shows_from_its_top(
    page: Page, base_url: str
) -> None:
    """On its side (740x360) the setup form's Start is two screens down. The game shows from
    its top, the status line focused and the table under it; the record bar comes after the
    table, as upright (it took the first screen's third row). Before, the game kept the form's
    scroll and showed the middle of the table."""
    page.set_viewport_size({"width": HEIGHT, "height": WIDTH})
    open_page(page, base_url, path="bugs.html", seed=7, pace=2600)
    page.select_option("#players", "6")  # Start farther down than a screen (4: 358 px)
    page.locator("#start").scroll_into_view_if_needed()
    assert page.evaluate("scrollY") > WIDTH, "Start is below the first screen"
    page.locator("#start").tap()
    expect(page.locator("#turn-status")).to_be_focused()
    expect(page.locator("#table > svg")).to_be_visible()
    places = page.evaluate(PLACES)
    assert page.evaluate("scrollY") == 0
    assert places["table"] <= WIDTH / 2 and places["tableEnd"] <= places["bar"], places


def test_the_game_over_dialog_fits_a_phone(page: Page, base_url: str) -> None:
    """Bugs' final scores (a column for each of the six hands, and the total) and the dialog's
    buttons all lie within the phone's width. The box took its table's width (431 px at 360):
    the last hands, the total, "New game" and "Analyse the game" were off the screen."""
    start_by_taps(page, base_url, "bugs.html", ["easy"] * 4, seed=5, pace=0)
    box = page.locator("#dialog-box")
    expect(box.locator(".scores")).to_be_visible(timeout=GAME_TIMEOUT_MS)
    expect(page.locator("#dialog-title")).to_contain_text("win")
    outside = page.evaluate(
        """(width) => [...document.querySelectorAll('#dialog-box, #dialog-box button,'
             + ' #dialog-box th, #dialog-box td')]
          .map((e) => [e.textContent.trim(), e.getBoundingClientRect()])
          .filter(([, r]) => r.left < 0 || r.right > width)
          .map(([text, r]) => `${text}: ${Math.round(r.left)}..${Math.round(r.right)}`)""",
        WIDTH,
    )
    assert not outside, outside
    # each hand's column is read as "Hand n", shown as its number
    expect(box.locator("thead th").nth(1)).to_have_text("Hand 1")
    check_fits(page, "at the game's end")


def test_a_summary_that_wraps_keeps_its_lines_together(page: Page, base_url: str) -> None:
    """A finger-sized summary is tall by its padding, not its line height: "New to Bugspiel?
    Learn it in 7 short lessons" wraps at 360 px, and each of its lines took 44 px (88 in all,
    the second line a finger's height below the first)."""
    open_page(page, base_url, path="bugspiel.html", seed=1)
    summary = page.locator(".learn-summary > summary")
    box = summary.bounding_box()
    line = float(summary.evaluate("(e) => parseFloat(getComputedStyle(e).lineHeight)"))
    assert box is not None and FINGER <= box["height"] < 80, box
    assert box["height"] > 1.5 * line, "the summary should wrap at this width"
