"""bugs_web.games.bugspiel.screen: the prompt, preview and buttons, the status line, the log, the
end-of-game dialog, the card popup and the table's highlight, all escaped."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from bugs_core.bugspiel.actions import PlayBonus, PlayBug
from bugs_core.bugspiel.cards import bonus_id
from bugs_core.bugspiel.rules import bonus_points, line_of, spot_index
from bugs_core.record import Seat
from bugs_core.rng import Rng
from bugs_web.games.bugspiel.screen import (
    controls_html,
    game_over_html,
    highlight_of,
    log_html,
    popup_html,
    space_chooser_html,
    status_text,
    tile_spaces,
    tile_tap,
)
from bugs_web.games.bugspiel.session import SpielSession
from bugs_web.games.bugspiel.table_svg import Highlight

EVIL = '<img src=x onerror="alert(1)">'


def start(seats: list[Seat], seed: int = 5) -> SpielSession:
    return SpielSession.start(seats, seed)


def parse(html: str) -> ET.Element:
    """The fragment as XML: well-formed, so nothing a name holds opened a tag."""
    return ET.fromstring(f"<div>{html.replace('&nbsp;', ' ')}</div>")


def with_a_bonus_play() -> tuple[SpielSession, PlayBonus]:
    """A session of two people where the person to act can play a bonus card."""
    for seed in range(40):
        session = start([Seat(EVIL, "human"), Seat("Bo", "human")], seed)
        rng = Rng(seed)
        for _ in range(120):
            if session.over:
                break
            bonus = [a for a in session.legal if isinstance(a, PlayBonus)]
            if bonus:
                return session, bonus[0]
            plays = [a for a in session.legal if isinstance(a, PlayBug)]
            buys = [a for a in session.legal if str(a).startswith("buy bug")]
            options = plays or buys[-2:]
            session = session.play(str(options[rng.below(len(options))]))
    raise AssertionError("no bonus card became playable")


def test_a_bot_turn_has_no_controls_and_says_who_thinks() -> None:
    session = start([Seat("You", "human"), Seat(EVIL, "medium")]).pass_turn()
    assert controls_html(session) == ""
    assert status_text(session, thinking=True) == f"{EVIL} (bot, medium) is thinking"
    assert status_text(session) == f"{EVIL} (bot, medium) to act."
    assert highlight_of(session) == Highlight()


def test_the_person_gets_a_prompt_a_pass_button_and_the_key_help() -> None:
    session = start([Seat("You", "human"), Seat("Ana", "easy")])
    html = controls_html(session)
    root = parse(html)
    assert [b.get("data-ui") for b in root.iter("button")] == ["pass"]
    assert "Pick a card" in html and "Shift+R" in html
    assert status_text(session).startswith("Your turn: pick a card")
    two = start([Seat("Ana", "human"), Seat("Bo", "human")])
    assert status_text(two).startswith("Ana, your turn: ")


def test_a_bug_on_a_chosen_space_shows_turn_confirm_and_clear() -> None:
    for seed in range(40):
        session = start([Seat("You", "human"), Seat("Ana", "easy")], seed)
        plays = [a for a in session.legal if isinstance(a, PlayBug)]
        if plays:
            break
    action = plays[0]
    target = spot_index(session.state.board, action.to)
    picked = session.pick_hand_bug(action.card)
    light = highlight_of(picked)
    assert light.pick == f"bug:{action.card}" and target in light.targets
    assert light.chosen is None
    chosen = picked.pick_space(target).rotate(1)
    root = parse(controls_html(chosen))
    buttons = [b.get("data-ui") for b in root.iter("button")]
    assert buttons == ["rotate-cw", "rotate-ccw", "confirm", "clear", "pass"]
    preview = root.find(".//div[@class='preview']")
    assert preview is not None and preview.get("data-pending") == str(chosen.pending())
    assert "counter-clockwise" in "".join(preview.itertext())
    light = highlight_of(chosen)
    assert light.chosen == target and light.turn == 1 and light.line == ()


def test_each_move_button_shows_its_key_apart_and_the_turns_their_arrows() -> None:
    """A key after a button's label is marked, for table.css to leave out where there are no
    keys; a turn button's words are marked, for a phone to show its arrow alone; the keys'
    help goes once something is picked (each button then shows its key), and the prompt names
    no key."""
    session = start([Seat("You", "human"), Seat("Ana", "easy")])
    assert "keys-help" in controls_html(session)
    play = next(a for a in session.legal if isinstance(a, PlayBug))
    chosen = session.pick_hand_bug(play.card).pick_space(spot_index(session.state.board, play.to))
    assert chosen.rotatable()
    root = parse(controls_html(chosen))
    assert root.find(".//p[@class='help keys-help']") is None
    keys = {}
    for button in root.iter("button"):
        shown = button.find("span[@class='keys']")
        assert shown is not None and shown.text == f" ({button.get('aria-keyshortcuts')})".replace(
            "Escape", "Esc"
        )
        keys[button.get("data-ui")] = "".join(button.itertext())
    assert keys["rotate-cw"] == "⟳ Turn clockwise (R)"
    assert keys["rotate-ccw"] == "⟲ Turn counter-clockwise (Shift+R)"
    assert keys["clear"] == "Clear (Esc)" and keys["pass"] == "Pass (P)"
    assert keys["confirm"].endswith(" (Enter)")
    for ui in ("rotate-cw", "rotate-ccw"):
        button = root.find(f".//button[@data-ui='{ui}']")
        assert button is not None
        arrow, words = button.findall("span")[:2]
        assert arrow.get("aria-hidden") == "true" and words.get("class") == "words"
    assert chosen.prompt() == "Turn the tile if you like, then confirm."
    assert "(" not in status_text(chosen)


def test_buying_shows_the_price_on_the_confirm_button() -> None:
    session = start([Seat("You", "human"), Seat("Ana", "easy")]).pick_buy("bug", 6)
    root = parse(controls_html(session))
    confirm = [b for b in root.iter("button") if b.get("data-ui") == "confirm"]
    assert len(confirm) == 1 and re.fullmatch(r"Buy the .+ for 2 VP", confirm[0].text or "")
    light = highlight_of(session)  # the market card is marked (test_spiel_svg), no space lit
    assert light.pick == "buy-bug:6" and not light.targets and light.chosen is None


def test_a_bonus_card_shows_every_seats_points_as_the_engine_scores_them() -> None:
    session, action = with_a_bonus_play()
    s = spot_index(session.state.board, action.on)
    chosen = session.pick_hand_bonus(bonus_id(action.bonus)).pick_space(s)
    assert chosen.pending() == action
    expected = bonus_points(chosen.state, action.bonus, s)
    html = controls_html(chosen)
    root = parse(html)
    rows = root.findall(".//tr[@data-seat]")
    assert [int(r.get("data-points", "-1")) for r in rows] == list(expected)
    assert [r.findtext("td") for r in rows] == [f"+{p}" for p in expected]
    assert EVIL not in html and "&lt;img" in html
    assert [b.get("data-ui") for b in root.iter("button")] == ["confirm", "clear", "pass"]
    light = highlight_of(chosen)
    assert light.line == line_of(chosen.state, s // 3) and light.points == expected


def test_a_picked_bonus_card_previews_each_lit_spaces_line_and_points() -> None:
    session, action = with_a_bonus_play()
    s = spot_index(session.state.board, action.on)
    picked = session.pick_hand_bonus(bonus_id(action.bonus))
    light = highlight_of(picked)
    assert light.chosen is None and light.line == ()
    previews = {space: (line, points) for space, line, points in light.previews}
    assert set(previews) == set(picked.targets())
    assert previews[s] == (
        line_of(picked.state, s // 3),
        bonus_points(picked.state, action.bonus, s),
    )
    assert highlight_of(picked.pick_space(s)).previews == ()  # chosen: the line itself shows
    fresh = start([Seat("You", "human"), Seat("Bo", "human")])  # seed 5: a bug to play
    bug = next(a for a in fresh.legal if isinstance(a, PlayBug))
    assert highlight_of(fresh.pick_hand_bug(bug.card)).previews == ()  # a bug has no line


def test_the_log_and_the_end_are_escaped_and_use_the_engines_words() -> None:
    session = start([Seat(EVIL, "human"), Seat("Bo", "human")]).pass_turn()
    assert game_over_html(session) == ""
    over = session.pass_turn()
    assert over.over
    html = game_over_html(over)
    root = parse(html)
    assert root.findtext(".//caption") == "Final scores"
    assert root.findtext(".//p[@class='ending']") == over.ending()
    assert len(root.findall(".//tbody/tr")) == 2
    assert root.findtext(".//h2") == f"{EVIL} and Bo share the win"
    buttons = [b.get("data-ui") or b.get("data-rec") for b in root.iter("button")]
    assert buttons == ["again", "setup", "first", "analyse"]  # "first": replay the game
    assert EVIL not in html and EVIL not in log_html(over)
    assert len(parse(log_html(over)).findall("li")) == len(over.log) == 3
    assert status_text(over) == f"Game over: {EVIL} and Bo share the win."
    assert controls_html(over) == ""


def test_the_popup_draws_a_whole_bug_card_or_bonus_card() -> None:
    session = start([Seat("You", "human"), Seat("Ana", "easy")])
    cid = session.state.bug_hands[0][0]
    bonus = session.state.bonus_hands[0][0]
    assert popup_html("card", cid).startswith("<svg")
    assert popup_html("bonus", bonus_id(bonus)).startswith("<svg")
    assert popup_html("other", 1) == ""


def test_a_tapped_tile_means_its_lit_spaces_and_asks_which() -> None:
    for seed in range(40):
        session = start([Seat(EVIL, "human"), Seat("Ana", "easy")], seed)
        plays = [a for a in session.legal if isinstance(a, PlayBug)]
        if plays:
            break
    assert tile_spaces(session, 0) == ()  # nothing picked and no flyer on the board
    assert tile_tap(session, 2) == 6  # an empty tile: its first space, whose pick says why not
    action = plays[0]
    picked = session.pick_hand_bug(action.card)
    lit = picked.targets()
    for tile in range(len(session.state.board.tiles)):
        assert set(tile_spaces(picked, tile)) == {3 * tile + k for k in range(3)} & lit
    tile = spot_index(session.state.board, action.to) // 3
    root = parse(space_chooser_html(picked, tile))
    spaces = [b for b in root.iter("button") if b.get("data-space")]
    assert sorted(int(b.attrib["data-space"]) for b in spaces) == [3 * tile + k for k in range(3)]
    meant = [int(b.attrib["data-space"]) for b in spaces if "primary" in b.attrib["class"]]
    assert meant == list(tile_spaces(picked, tile)) and meant
    first = [int(b.attrib["data-space"]) for b in spaces][: len(meant)]
    assert first == meant  # the spaces a tap may mean come first
    assert [b.get("data-ui") for b in root.iter("button") if b.get("data-ui")] == ["close-tile"]
    for tile in range(len(session.state.board.tiles)):  # one lit space: a tap picks it
        meant = tile_spaces(picked, tile)
        assert tile_tap(picked, tile) == (
            meant[0] if len(meant) == 1 else None if meant else 3 * tile
        )
    # a bot's turn has no chooser
    assert space_chooser_html(picked.pass_turn(), tile) == ""


def test_the_tile_chooser_names_each_bug_escaped_with_its_info_button() -> None:
    session = start([Seat(EVIL, "human"), Seat("Bo", "human")], 3)
    rng = Rng(3)
    while sum(1 for c in session.state.cards if c >= 0) < 3:
        plays = [a for a in session.legal if isinstance(a, PlayBug)]
        buys = [a for a in session.legal if str(a).startswith("buy bug")]
        options = plays or buys[-2:]
        session = session.play(str(options[rng.below(len(options))]))
    space = next(i for i, c in enumerate(session.state.cards) if c >= 0)
    html = space_chooser_html(session, space // 3)
    assert "<img" not in html
    root = parse(html)
    infos = [b for b in root.iter("button") if b.get("data-info")]
    held = [i for i in range(3 * (space // 3), 3 * (space // 3) + 3) if session.state.cards[i] >= 0]
    assert [b.attrib["data-info"] for b in infos] == [
        f"card:{session.state.cards[i]}" for i in held
    ]
    assert all(b.attrib["aria-label"].startswith("About ") for b in infos)
    # a bug to read there: unless the tap can mean just one space, the chooser shows them
    meant = tile_spaces(session, space // 3)
    assert tile_tap(session, space // 3) == (meant[0] if len(meant) == 1 else None)
