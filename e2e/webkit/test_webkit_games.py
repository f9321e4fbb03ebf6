"""Each game in WebKit, played to its end by a person (clicks and keys) and bots (in their
worker, at pace 0); and a shared link opened mid-game and played on."""

from __future__ import annotations

import json
import re
import time

from selenium.webdriver.common.action_chains import ActionChains

from bugs_core.bugspiel.describe import how_it_ended
from bugs_core.link import encode_link
from bugs_core.record import Seat, from_dict, replay
from bugs_picks import pick_a_move
from bugs_table import played
from bugs_web.games.bugs.session import Session
from test_spiel_page import SEATS as SPIEL_SEATS
from test_spiel_page import SMALL_HAND, short_full_game
from webkit_driver import WebKit

GAME_TIMEOUT_S = 300.0
SOMETHING_TO_DO = """const game = document.getElementById('game');
  if (game.dataset.screen !== 'play') return game.dataset.screen;
  return document.getElementById('controls').children.length > 0 ? 'play' : null;"""
"""The screen once a person must act (a move, a dialog); null while bots play."""


def open_game(
    webkit: WebKit, url: str, seats: list[tuple[str, str]], options: dict[str, str] | None = None
) -> None:
    """Open a game page, wait for Python, fill the setup form (a value per select in
    `options`, then (name, kind) per seat) and start."""
    webkit.open(url)
    webkit.wait_for(
        "const b = document.getElementById('start');"
        " return !b.disabled && b.textContent.trim() === 'Start game';"
    )
    for css, value in (options or {}).items():
        set_value(webkit, css, value)
    set_value(webkit, "#players", str(len(seats)))
    for i, (name, kind) in enumerate(seats):
        webkit.find(f"#name-{i}").clear()
        webkit.find(f"#name-{i}").send_keys(name)
        set_value(webkit, f"#kind-{i}", kind)
    webkit.click("#start")
    webkit.wait_for("return !!document.getElementById('game').offsetParent;")


def set_value(webkit: WebKit, css: str, value: str) -> None:
    """Choose an option of a select as a person's choice would: its value, then input and
    change events. (A WebDriver click on an option opens GTK's native popup under WebKitGTK.)"""
    webkit.run(
        """const select = document.querySelector(arguments[0]);
        select.value = arguments[1];
        select.dispatchEvent(new Event('input', {bubbles: true}));
        select.dispatchEvent(new Event('change', {bubbles: true}));""",
        css,
        value,
    )
    assert webkit.run("return document.querySelector(arguments[0]).value;", css) == value


def moves(webkit: WebKit) -> int:
    return int(webkit.attr("#game", "data-moves") or 0)


def wait_for_move(webkit: WebKit, before: int) -> None:
    webkit.wait_for(
        "return Number(document.getElementById('game').dataset.moves) > arguments[0];", before
    )


def wait_for_something_to_do(webkit: WebKit) -> str:
    return str(webkit.wait_for(SOMETHING_TO_DO, timeout=GAME_TIMEOUT_S))


def press(webkit: WebKit, key: str) -> None:
    """A key press, as a person's: to the focused element."""
    ActionChains(webkit.driver).send_keys(key).perform()


# -- Bugs -----------------------------------------------------------------------------------


def play_a_bugs_move_by_clicks(webkit: WebKit) -> None:
    """Pick cards until a move can be confirmed and confirm it, or pick up or pass
    (bugs_picks.pick_a_move, as in Chromium's suite)."""
    before = moves(webkit)
    pick_a_move(webkit)
    wait_for_move(webkit, before)


def test_bugs_a_person_and_two_bots_play_six_hands(webkit: WebKit, base_url: str) -> None:
    seats = [("Zoe", "human"), ("Ana", "easy"), ("Bo", "easy")]
    open_game(webkit, f"{base_url}bugs.html?seed=21&pace=0", seats)
    hands_over = my_moves = 0
    while (now := wait_for_something_to_do(webkit)) != "game-over":
        assert now != "handoff", "one person: never a hand-off"
        if now == "hand-over":
            hands_over += 1
            assert webkit.text("#dialog-title") == f"Hand {hands_over} of 6 is over"
            webkit.click("#dialog [data-ui=next-hand]")
            webkit.wait_for(
                "return document.getElementById('game').dataset.screen !== 'hand-over';"
            )
            continue
        assert "our" in webkit.text("#turn-status")
        play_a_bugs_move_by_clicks(webkit)
        my_moves += 1
    assert hands_over == 5
    assert my_moves > 5
    assert webkit.text("#dialog caption") == "Final scores"
    assert webkit.count("#dialog tbody tr") == 3
    assert re.search(r"(wins|You win|share the win)$", webkit.text("#dialog-title"))
    assert webkit.text("#turn-status").startswith("Game over: ")
    webkit.note_page()
    assert any(u.endswith("/bugs_bots.py") for u in webkit.requests), "no bot worker"


def test_a_shared_bugs_link_opens_mid_game_and_plays_on(webkit: WebKit, base_url: str) -> None:
    seats = (Seat("You"), Seat("Ana", "easy"), Seat("Bo", "easy"))
    record = played("bugs", seats, seed=5, at_least=10, cls=Session)
    webkit.open(f"{base_url}bugs.html?pace=0#g={encode_link(record)}")
    webkit.wait_attr("#game", "data-moves", str(len(record.actions)))
    assert webkit.count("#log li") == len(record.actions) + 1
    last = Session.replay_steps(record)[-1]
    assert webkit.text("#log li:last-child") == last.log[-1]
    assert "#" not in webkit.driver.current_url, "the link leaves the address once opened"
    assert wait_for_something_to_do(webkit) == "play"
    play_a_bugs_move_by_clicks(webkit)
    assert moves(webkit) > len(record.actions)


# -- Bag of Bugs ----------------------------------------------------------------------------

BAG_VIEW = """const game = document.getElementById('game');
  const grab = document.querySelector('.grab-row[data-seat="0"] button:not([disabled]) small');
  const log = [...document.querySelectorAll('#log li')];
  return {
    screen: game.dataset.screen,
    prompt: document.querySelector('#prompt button.primary') !== null,
    key: grab ? grab.textContent.trim() : null,
    logCount: log.length,
    turn: log.filter((li) => li.textContent.includes('takes the bag')).length,
  };"""


def test_bag_of_bugs_a_person_and_two_bots_play_a_whole_game(webkit: WebKit, base_url: str) -> None:
    seats = [("You", "human"), ("Ana", "easy"), ("Bo", "easy")]
    open_game(webkit, f"{base_url}bag-of-bugs.html?seed=11&pace=0", seats)
    claimed_turns: set[int] = set()
    deadline = time.monotonic() + GAME_TIMEOUT_S * 2
    while time.monotonic() < deadline:
        view = webkit.run(BAG_VIEW)
        if view["screen"] == "game-over":
            break
        if view["prompt"]:
            webkit.click("#prompt button.primary")
            continue
        # a grab by its key, once a turn, in every other turn's window (as in Chromium)
        if view["key"] and view["turn"] not in claimed_turns and view["logCount"] % 2 == 0:
            press(webkit, view["key"])
            claimed_turns.add(view["turn"])
            continue
        time.sleep(0.1)  # the bots' turn: leave the page's thread to them
    assert webkit.attr("#game", "data-screen") == "game-over"
    assert webkit.count("#dialog tbody tr") == 3
    assert re.search(r"(wins|You win|share the win)$", webkit.text("#dialog-title"))
    assert claimed_turns, "the person never grabbed"
    assert "The game is over" in webkit.text("#log li:last-child")


# -- Bugspiel -------------------------------------------------------------------------------


def spiel_try_hand(webkit: WebKit, kind: str) -> bool:
    """Pick each card of this kind in the hand until one lights spaces; play it on the middle
    lit space (a bug turned clockwise); the same choices as test_spiel_page's `plan`."""
    ids = webkit.run(
        f"""return [...new Set([...document.querySelectorAll('#table [data-hand-{kind}]')]
          .map((c) => Number(c.getAttribute('data-hand-{kind}'))))].sort((a, b) => a - b);"""
    )
    for number in ids:
        webkit.click(f'#table [data-hand-{kind}="{number}"]')
        webkit.wait_attr("#game", "data-pick", f"{kind}:{number}")
        lit = webkit.run(
            "return [...document.querySelectorAll('#table [data-space].target')]"
            ".map((s) => Number(s.getAttribute('data-space'))).sort((a, b) => a - b);"
        )
        if not lit:
            continue
        webkit.click(f'#table [data-space="{lit[len(lit) // 2]}"]')
        webkit.wait_for("return document.getElementById('game').dataset.pending;")
        if kind == "bug":
            webkit.click("#controls [data-ui=rotate-cw]")
            webkit.wait_for(
                "return document.getElementById('game').dataset.pending.endsWith(' -1');"
            )
        before = moves(webkit)
        webkit.click("#controls [data-ui=confirm]")
        wait_for_move(webkit, before)
        return True
    if ids:
        webkit.click("#controls [data-ui=clear]")
        webkit.wait_attr("#game", "data-pick", "")
    return False


def spiel_person_moves(webkit: WebKit, played: dict[str, int]) -> None:
    """A bonus card when one goes, else a bug on a lit space, else buy the cheapest bug while
    the hand is almost empty, else pass."""
    for kind in ("bonus", "bug"):
        if spiel_try_hand(webkit, kind):
            played[kind] += 1
            return
    before = moves(webkit)
    if webkit.count("#table [data-hand-bug]") < SMALL_HAND:
        webkit.click('#table [data-buy-bug="7"]')
        webkit.wait_attr("#game", "data-pick", "buy-bug:7")
        assert re.fullmatch(
            r"Buy the .+ for 1 VP \(Enter\)", webkit.text("#controls [data-ui=confirm]")
        )
        webkit.click("#controls [data-ui=confirm]")
        played["buy"] += 1
    else:
        webkit.click("#controls [data-ui=pass]")
        played["pass"] += 1
    wait_for_move(webkit, before)


def test_bugspiel_a_person_and_a_bot_play_a_whole_game(webkit: WebKit, base_url: str) -> None:
    seed, expected = short_full_game(target=50)
    url = f"{base_url}bugspiel.html?seed={seed}&pace=0"
    open_game(webkit, url, SPIEL_SEATS, {"#target": "50"})
    played = {"bonus": 0, "bug": 0, "buy": 0, "pass": 0}
    for _ in range(200):
        if wait_for_something_to_do(webkit) == "game-over":
            break
        assert "Your turn" in webkit.text("#turn-status")
        spiel_person_moves(webkit, played)
    assert played == expected
    assert webkit.text("#dialog caption") == "Final scores"
    assert webkit.count("#dialog tbody tr") == 2
    record = from_dict(json.loads(webkit.attr("#game", "data-record") or "{}"))
    state = replay(record)
    assert state.end is not None
    ending = how_it_ended(state, record.names())
    assert webkit.text("#dialog .ending") == ending
    assert ending in webkit.text("#log li:last-child")
    webkit.note_page()
    assert any(u.endswith("/bugs_bots.py") for u in webkit.requests), "no bot worker"
