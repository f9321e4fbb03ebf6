"""The Bugspiel page: the setup paints before Python, a person and a bot play a whole game by
clicks (buying, playing bugs on lit spaces, bonus cards whose shown points are the engine's),
a move by keyboard alone, and a phone-sized screen."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from bugs_core.bugspiel.actions import PlayBonus, PlayBug
from bugs_core.bugspiel.cards import bonus_id
from bugs_core.bugspiel.describe import describe, how_it_ended
from bugs_core.bugspiel.rules import bonus_points, legal_actions, spot_index
from bugs_core.record import from_dict, game_of, replay
from bugs_table import moves, open_page, seat_menu, set_up, wait_for_something_to_do
from bugs_web.bot_service import choose_move
from bugs_web.games.bugspiel.session import SpielSession, make_spiel_seats
from site_checks import BrowserGuard

SEATS = [("You", "human"), ("Ana", "easy")]
SMALL_HAND = 2
"""The test's person buys a bug only while holding fewer than this."""
LIT = "#table [data-space].target"


def open_spiel(page: Page, base_url: str, *, seed: int, target: int = 100) -> None:
    open_page(page, base_url, seed=seed, pace=0, path="bugspiel.html")
    page.select_option("#target", str(target))


def game_attr(page: Page, name: str) -> str:
    return str(page.locator("#game").get_attribute(name) or "")


def wait_for_pick(page: Page, pick: str) -> None:
    expect(page.locator("#game")).to_have_attribute("data-pick", pick)


def wait_for_move(page: Page, before: int) -> None:
    page.wait_for_function(
        f"() => Number(document.getElementById('game').dataset.moves) > {before}"
    )


def check_bonus_points(page: Page) -> tuple[int, ...]:
    """The points the page shows for the pending bonus card are the engine's, computed here by
    replaying the page's record in CPython."""
    record = from_dict(json.loads(game_attr(page, "data-record")))
    state = replay(record)
    action = game_of(record).parse_action(game_attr(page, "data-pending"))
    assert isinstance(action, PlayBonus)
    expected = bonus_points(state, action.bonus, spot_index(state.board, action.on))
    rows = page.locator("#controls .bonus-points tr[data-seat]")
    expect(rows).to_have_count(len(expected))
    shown = [int(rows.nth(i).get_attribute("data-points") or -1) for i in range(rows.count())]
    assert shown == list(expected)
    for i, points in enumerate(expected):
        expect(rows.nth(i).locator("td")).to_have_text(f"+{points}")
    before = moves(page)
    page.click("#controls [data-ui=confirm]")
    wait_for_move(page, before)
    sentence = describe(state, action, record.names())
    expect(page.locator("#log li").nth(before + 1)).to_have_text(sentence)  # after the opening
    return expected


def try_hand(page: Page, kind: str, shown: list[tuple[int, ...]]) -> bool:
    """Pick each card of this kind in the hand (by id) until one lights spaces; play it on the
    middle lit space (by index), turned clockwise if it is a bug. The same choices as `plan`."""
    cards = page.locator(f"#table [data-hand-{kind}]")
    ids = sorted(
        {int(cards.nth(i).get_attribute(f"data-hand-{kind}") or -1) for i in range(cards.count())}
    )
    for number in ids:
        page.locator(f'#table [data-hand-{kind}="{number}"]').first.click()
        wait_for_pick(page, f"{kind}:{number}")
        lit = page.locator(LIT)
        if lit.count() == 0:
            expect(page.locator("#notice")).not_to_be_empty()
            continue
        spaces = sorted(
            int(lit.nth(i).get_attribute("data-space") or -1) for i in range(lit.count())
        )
        target = f'#table [data-space="{spaces[len(spaces) // 2]}"]'
        hovered = ""
        if kind == "bonus":
            # Hovering a lit space previews its line and points before anything is chosen.
            number = spaces[len(spaces) // 2]
            preview = page.locator(f'#table [data-preview-for="{number}"] .spiel-line')
            expect(preview).to_be_hidden()
            page.hover(target)
            expect(preview).to_be_visible()
            hovered = preview.get_attribute("aria-label") or ""
        page.click(target)
        expect(page.locator("#game")).not_to_have_attribute("data-pending", "")
        if kind == "bonus":
            # The hover showed the same line and points as the chosen space does.
            chosen = page.locator("#table .spiel-line")
            expect(chosen).to_have_count(1)
            expect(chosen).to_have_attribute("aria-label", hovered)
            shown.append(check_bonus_points(page))
            return True
        page.click("#controls [data-ui=rotate-cw]")
        expect(page.locator("#game")).to_have_attribute("data-pending", re.compile(r" -1$"))
        before = moves(page)
        page.click("#controls [data-ui=confirm]")
        wait_for_move(page, before)
        return True
    if ids:
        page.click("#controls [data-ui=clear]")
        wait_for_pick(page, "")
    return False


def person_moves(
    page: Page, played: dict[str, int], shown: list[tuple[int, ...]] | None = None
) -> None:
    """A person who plays: a bonus card when one goes, else a bug on a lit space, else buys the
    cheapest bug while the hand is almost empty, else passes."""
    if try_hand(page, "bonus", [] if shown is None else shown):
        played["bonus"] += 1
        return
    if try_hand(page, "bug", []):
        played["bug"] += 1
        return
    before = moves(page)
    if page.locator("#table [data-hand-bug]").count() < SMALL_HAND:
        page.click('#table [data-buy-bug="7"]')
        wait_for_pick(page, "buy-bug:7")
        confirm = page.locator("#controls [data-ui=confirm]")
        expect(confirm).to_have_text(re.compile(r"^Buy the .+ for 1 VP \(Enter\)$"))
        confirm.click()
        played["buy"] += 1
    else:
        page.click("#controls [data-ui=pass]")
        played["pass"] += 1
    wait_for_move(page, before)


def plan(session: SpielSession) -> tuple[str, SpielSession]:
    """What `person_moves` does, on the session in CPython: its kind and the session after."""
    state = session.state
    seat = state.to_act
    for bid in sorted({bonus_id(b) for b in state.bonus_hands[seat]}):
        picked = session.pick_hand_bonus(bid)
        if lit := sorted(picked.targets()):
            return "bonus", picked.pick_space(lit[len(lit) // 2]).confirm()
    for cid in sorted(set(state.bug_hands[seat])):
        picked = session.pick_hand_bug(cid)
        if lit := sorted(picked.targets()):
            return "bug", picked.pick_space(lit[len(lit) // 2]).rotate(-1).confirm()
    if len(state.bug_hands[seat]) < SMALL_HAND:
        return "buy", session.pick_buy("bug", 7).confirm()
    return "pass", session.pass_turn()


def short_full_game(target: int, most: int = 36) -> tuple[int, dict[str, int]]:
    """A seed whose game, played by `plan` against the page's bot (the same code and seeds),
    ends within `most` actions with every kind of move by the person."""
    for seed in range(1, 80):
        session = SpielSession.start(make_spiel_seats(SEATS), seed, {"target_score": target})
        played = {"bonus": 0, "bug": 0, "buy": 0, "pass": 0}
        while not session.over and len(session.record.actions) <= most:
            turn = session.bot_turn()
            if turn is None:
                kind, session = plan(session)
                played[kind] += 1
                continue
            session = bot_answer(session)
        if session.over and played["bonus"] and played["bug"] >= 2 and played["buy"]:
            return seed, played
    raise AssertionError("no seed gives a short game with every kind of move")


def bot_answer(session: SpielSession) -> SpielSession:
    """The bot's move, as the page's worker computes it (same code, same seed)."""
    turn = session.bot_turn()
    assert turn is not None
    request = {
        "record": json.loads(turn.record_json),
        "seat": turn.seat,
        "level": turn.level,
        "seed": turn.seed,
    }
    answer = json.loads(choose_move(json.dumps(request)))
    assert "error" not in answer, answer
    return session.bot_move(turn.moves, turn.seat, answer["action"])


def shared_bonus(target: int, most: int = 12) -> tuple[int, tuple[int, ...]]:
    """A seed where the person's first bonus card, played by `plan` within `most` actions,
    scores for both seats; and those points."""
    for seed in range(1, 200):
        session = SpielSession.start(make_spiel_seats(SEATS), seed, {"target_score": target})
        while not session.over and len(session.record.actions) <= most:
            if session.bot_turn() is not None:
                session = bot_answer(session)
                continue
            kind, after = plan(session)
            if kind == "bonus":
                gained = tuple(
                    b - a for a, b in zip(session.state.scores, after.state.scores, strict=True)
                )
                if all(gained):
                    return seed, gained
                break
            session = after
    raise AssertionError("no seed has a bonus card that scores for both seats")


def test_setup_paints_before_python(page: Page, base_url: str) -> None:
    page.route("**/vendor/pyodide/pyodide.asm.wasm", lambda route: None)  # never answered
    page.goto(f"{base_url}bugspiel.html")
    expect(page.locator("h1")).to_have_text("Bugspiel")
    expect(page.locator("#setup .seat-row:visible")).to_have_count(2)
    expect(page.locator("#players option")).to_have_text(["2", "3", "4"])
    expect(page.locator("#board option")).to_have_count(2)
    expect(page.locator("#start")).to_be_disabled()
    expect(page.locator("#kind-1 option")).to_have_text(seat_menu("bugspiel"))
    expect(page.locator("#status")).to_have_text("Loading Python…")


def test_a_person_and_a_bot_play_a_whole_game_by_clicks(
    page: Page, base_url: str, browser_guard: BrowserGuard
) -> None:
    seed, expected = short_full_game(target=50)
    open_spiel(page, base_url, seed=seed, target=50)
    set_up(page, SEATS)
    played = {"bonus": 0, "bug": 0, "buy": 0, "pass": 0}
    for _ in range(200):
        if wait_for_something_to_do(page) == "game-over":
            break
        expect(page.locator("#turn-status")).to_contain_text("Your turn")
        person_moves(page, played)
    assert played == expected
    dialog = page.locator("#dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("caption")).to_have_text("Final scores")
    expect(dialog.locator("tbody tr")).to_have_count(2)
    expect(page.locator("#dialog-title")).to_have_text(re.compile(r"(wins|You win|share the win)$"))
    record = from_dict(json.loads(game_attr(page, "data-record")))
    state = replay(record)
    assert state.end is not None
    ending = page.locator("#dialog .ending").inner_text()
    assert ending == how_it_ended(state, record.names())
    expect(page.locator("#log li").last).to_contain_text(ending)
    assert any(u.endswith("/bugs_bots.py") for u in browser_guard.requests), "no bot worker"


def test_a_bonus_card_shows_every_seats_points_as_the_engine_scores_them(
    page: Page, base_url: str
) -> None:
    seed, gained = shared_bonus(target=50)
    open_spiel(page, base_url, seed=seed, target=50)
    set_up(page, SEATS)
    played = {"bonus": 0, "bug": 0, "buy": 0, "pass": 0}
    shown: list[tuple[int, ...]] = []
    while not shown:
        assert wait_for_something_to_do(page) == "play"
        person_moves(page, played, shown)
    # the page showed the engine's points (checked on the replayed record), both seats scored
    # them, and the log says so in the engine's sentence
    assert shown == [gained] and len(gained) == 2 and all(gained)


def test_keyboard_play_of_one_move(page: Page, base_url: str) -> None:
    open_spiel(page, base_url, seed=4)
    set_up(page, SEATS)
    wait_for_something_to_do(page)
    page.locator("#turn-status").click()
    slot = page.locator('#table [data-buy-bug="7"]')
    for _ in range(80):
        page.keyboard.press("Tab")
        if slot.evaluate("e => e === document.activeElement"):
            break
    expect(slot).to_be_focused()
    assert slot.evaluate("e => e.matches(':focus-visible')")
    assert slot.evaluate("e => getComputedStyle(e).outlineStyle") != "none"
    page.keyboard.press("Enter")  # picks the slot
    wait_for_pick(page, "buy-bug:7")
    page.keyboard.press("Escape")  # and Esc drops it
    wait_for_pick(page, "")
    page.keyboard.press("Enter")
    wait_for_pick(page, "buy-bug:7")
    before = moves(page)
    page.keyboard.press("Enter")  # confirms
    wait_for_move(page, before)
    assert json.loads(game_attr(page, "data-record"))["actions"][0] == "buy bug 7"
    wait_for_something_to_do(page)
    # the next turn: a bug to a lit space, turned with R, confirmed with Enter
    state = replay(from_dict(json.loads(game_attr(page, "data-record"))))
    playable = sorted({a.card for a in legal_actions(state) if isinstance(a, PlayBug)})
    assert playable, "this seed gives the person a bug to play"
    wanted = str(playable[0])
    page.locator("#turn-status").click()
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.getAttribute('data-hand-bug')") == wanted:
            break
    page.keyboard.press("Space")
    wait_for_pick(page, f"bug:{wanted}")
    expect(page.locator(LIT).first).to_be_attached()
    for _ in range(120):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('target')"):
            break
    expect(page.locator(f"{LIT}:focus")).to_have_count(1)
    page.keyboard.press("Enter")
    expect(page.locator("#game")).not_to_have_attribute("data-pending", "")
    page.keyboard.press("r")
    expect(page.locator("#game")).to_have_attribute("data-pending", re.compile(r" -1$"))
    page.keyboard.press("Shift+R")
    page.keyboard.press("Shift+R")
    expect(page.locator("#game")).to_have_attribute("data-pending", re.compile(r" \+1$"))
    page.keyboard.press("Enter")
    wait_for_move(page, before + 2)
    actions = json.loads(game_attr(page, "data-record"))["actions"]
    assert actions[2].startswith("play ") and actions[2].endswith(" +1")


UNDER_THE_BAR = """() => {
  const node = document.activeElement, dock = document.querySelector('#controls').parentElement;
  if (!node || !node.closest('#table') || getComputedStyle(dock).position !== 'sticky') return '';
  const r = node.getBoundingClientRect(), bar = dock.getBoundingClientRect();
  const shown = Math.min(r.bottom, bar.top, innerHeight) - Math.max(r.top, 0);
  if (shown >= Math.min(r.height, 20)) return '';
  return `${node.getAttribute('aria-label')}: ${r.top}-${r.bottom}, bar from ${bar.top}`;
}"""


def test_the_move_bar_stays_in_sight_and_hides_no_focus(page: Page, base_url: str) -> None:
    """On a laptop's screen too, once a card is picked the move bar stays at the screen's foot
    (the table is taller than the screen), and the keyboard's focus, Tabbing through the
    table's cards and spaces, always stops where it can be seen, above the bar."""
    open_spiel(page, base_url, seed=4)
    set_up(page, [("You", "human"), ("Ana", "easy"), ("Bo", "easy")])
    wait_for_something_to_do(page)
    height = page.viewport_size["height"] if page.viewport_size else 0
    page.locator("#table [data-hand-bug]").first.click()
    expect(page.locator("#game")).to_have_attribute("data-pick", re.compile(r"^bug:"))
    page.evaluate("scrollTo(0, 0)")
    dock = page.locator("#controls").locator("xpath=..")
    assert dock.evaluate("e => getComputedStyle(e).position") == "sticky"
    box = dock.bounding_box()
    assert box is not None and abs(box["y"] + box["height"] - height) <= 1, box
    expect(page.locator("#controls [data-ui=clear]")).to_be_in_viewport()
    page.locator("#turn-status").click()
    seen = 0
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("Boolean(document.activeElement.closest('#table'))"):
            seen += 1
            assert page.evaluate(UNDER_THE_BAR) == ""
    assert seen >= 30, "Tab went through the table's cards and spaces"


def test_phone_width_fits_without_sideways_scrolling(page: Page, base_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    open_spiel(page, base_url, seed=4)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the setup is {width} px wide at 360"
    set_up(page, [("Ana", "human"), ("Bo", "human"), ("Cy", "easy")])
    expect(page.locator("#table > svg")).to_be_visible()
    wait_for_something_to_do(page)
    page.locator("#table [data-hand-bug]").first.click()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page is {width} px wide at 360"
    box = page.locator("#table > svg").bounding_box()
    assert box is not None and box["width"] <= 360
    # a card's full face shows on hover, inside the screen
    page.locator("#table [data-card]").first.hover()
    popup = page.locator("#card-popup")
    expect(popup).to_be_visible()
    expect(popup.locator(":scope > svg")).to_have_count(1)
    shape = popup.bounding_box()
    assert shape is not None and shape["x"] >= 0 and shape["x"] + shape["width"] <= 360
