"""games.bugspiel.table_svg and cards_svg: the Bugspiel table and its card art as SVG."""

from __future__ import annotations

import functools
import math
import re
import time
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from bugs_core.bugspiel import GAME
from bugs_core.bugspiel.board import DIRECTIONS, Space, rotate, space_offset
from bugs_core.bugspiel.cards import (
    bonus_count,
    bonus_from_id,
    bonus_id,
    card,
    card_count,
    goal_label,
)
from bugs_core.bugspiel.deck import BonusCard, CategoryGoal, DietGoal
from bugs_core.bugspiel.rules import can_place, line_of
from bugs_core.bugspiel.species import GLYPHS, load_dataset
from bugs_core.bugspiel.state import EMPTY, BugspielState
from bugs_core.engine import play
from bugs_core.record import Seat
from bugs_web.games.bugspiel.cards_svg import full_bonus_svg, full_card_svg
from bugs_web.games.bugspiel.drawing import CHOSEN_RING
from bugs_web.games.bugspiel.glyphs import GLYPH_SHAPES
from bugs_web.games.bugspiel.screen import highlight_of
from bugs_web.games.bugspiel.session import SpielSession
from bugs_web.games.bugspiel.table_svg import SEAT_LOOKS, TARGET_RING, Highlight, render_table

NS = "{http://www.w3.org/2000/svg}"
EVIL = '<img src=x onerror="alert(1)">'
NAMES = ["Ana", "Bo", "Cy", "Dee"]


@functools.cache
def game(board: str, players: int, seed: int) -> tuple[BugspielState, ...]:
    setup = GAME.make_setup({"players": players, "board": board})
    return tuple(step.state for step in play(GAME, setup, seed))


def busy(board: str = "small", players: int = 3, seed: int = 3) -> BugspielState:
    """A mid-game state whose seat to act holds a bug and a bonus card, with bugs on the board
    (from the first game at `seed` or after that has one)."""
    for tries in range(seed, seed + 20):
        states = game(board, players, tries)
        for s in (*states[len(states) // 3 :], *states):
            if (
                s.end is None
                and s.bug_hands[s.to_act]
                and s.bonus_hands[s.to_act]
                and sum(c != EMPTY for c in s.cards) >= 5
            ):
                return s
    raise AssertionError("no busy state in 20 games")


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def with_attr(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.attrib]


def classes(e: ET.Element) -> set[str]:
    return set(e.get("class", "").split())


def render(state: BugspielState, seat: int | None = None, **kw: object) -> ET.Element:
    view = GAME.player_view(state, state.to_act if seat is None else seat)
    return parse(render_table(view, names=NAMES[: state.players], **kw))  # type: ignore[arg-type]


# --- the table's content ------------------------------------------------------------------------


@pytest.mark.parametrize(("board", "players"), [("small", 2), ("small", 4), ("large", 3)])
def test_every_card_on_the_table_carries_its_id(board: str, players: int) -> None:
    s = busy(board, players, players)
    root = render(s)
    drawn = sorted(int(e.attrib["data-card"]) for e in with_attr(root, "data-card"))
    expected = sorted(
        [c for hand in s.bug_hands for c in hand]
        + [c for c in s.bug_market if c is not None]
        + [c for c in s.cards if c != EMPTY]
    )
    assert drawn == expected
    bonus = sorted(int(e.attrib["data-bonus"]) for e in with_attr(root, "data-bonus"))
    assert bonus == sorted(
        [bonus_id(b) for hand in s.bonus_hands for b in hand]
        + [bonus_id(b) for b in s.bonus_market if b is not None]
    )
    seats = sorted(int(e.attrib["data-seat"]) for e in with_attr(root, "data-seat"))
    assert seats == list(range(players))


def test_buttons_only_on_the_viewers_turn_and_all_labelled() -> None:
    s = busy()
    me = s.to_act
    root = render(s)
    spaces = sorted(int(e.attrib["data-space"]) for e in with_attr(root, "data-space"))
    assert spaces == list(range(len(s.cards)))
    hand = [int(e.attrib["data-hand-bug"]) for e in with_attr(root, "data-hand-bug")]
    assert hand == list(s.bug_hands[me])
    hb = [int(e.attrib["data-hand-bonus"]) for e in with_attr(root, "data-hand-bonus")]
    assert hb == [bonus_id(b) for b in s.bonus_hands[me]]
    buy = [int(e.attrib["data-buy-bug"]) for e in with_attr(root, "data-buy-bug")]
    assert buy == [i for i, c in enumerate(s.bug_market) if c is not None]
    buyb = [int(e.attrib["data-buy-bonus"]) for e in with_attr(root, "data-buy-bonus")]
    assert buyb == [i for i, c in enumerate(s.bonus_market) if c is not None]
    interactive = (
        "data-space",
        "data-hand-bug",
        "data-hand-bonus",
        "data-buy-bug",
        "data-buy-bonus",
    )
    for e in root.iter():
        if any(a in e.attrib for a in interactive):
            assert e.get("role") == "button" and e.get("tabindex") == "0"
            assert len(e.get("aria-label", "")) > 8
    # a market slot says its price in words and on the slot
    slot = with_attr(root, "data-buy-bug")[0]
    price = (15, 12, 10, 8, 6, 4, 2, 1)[int(slot.attrib["data-buy-bug"])]
    assert f"for {price} VP" in slot.attrib["aria-label"]
    assert f"{price} VP" in " ".join(slot.itertext())
    # another seat's view, or an unusable table: nothing to press, the cards still hover
    for other in (render(s, seat=(me + 1) % s.players), render(s, interactive=False)):
        assert not [e for e in other.iter() if any(a in e.attrib for a in interactive)]
        assert not [e for e in other.iter() if e.get("role") == "button" or "tabindex" in e.attrib]
        assert with_attr(other, "data-card")
        for e in with_attr(other, "data-card"):
            assert e.get("role") == "img" and e.get("aria-label"), e.attrib


def test_seat_boxes_say_score_target_counts_and_who_acts() -> None:
    s = busy("small", 4, 4)
    root = render(s, thinking=(s.to_act + 1) % 4)
    boxes = {int(e.attrib["data-seat"]): e for e in with_attr(root, "data-seat")}
    for seat, box in boxes.items():
        label = box.attrib["aria-label"]
        words = " ".join(box.itertext())
        assert f"{s.scores[seat]} VP of {s.setup.target_score}" in label
        assert f"{len(s.bug_hands[seat])} bugs, {len(s.bonus_hands[seat])} bonus cards" in label
        assert SEAT_LOOKS[seat].name in label and SEAT_LOOKS[seat].letter in words
        assert str(s.scores[seat]) in words
        assert ("your turn" in words) == (seat == s.to_act)
        assert ("thinking…" in words) == (seat == (s.to_act + 1) % 4)


def test_tokens_show_their_owner_by_letter_and_name() -> None:
    s = busy("small", 4, 4)
    root = render(s)
    for e in with_attr(root, "data-space"):
        index = int(e.attrib["data-space"])
        if s.cards[index] == EMPTY:
            assert "empty" in e.attrib["aria-label"]
            continue
        owner = s.owners[index]
        assert NAMES[owner] in e.attrib["aria-label"]
        assert SEAT_LOOKS[owner].letter in list(e.itertext())
        assert e.attrib["data-card"] == str(s.cards[index])


def test_board_has_terrain_patterns_labels_and_a_legend() -> None:
    s = busy("large", 2, 5)
    root = render(s)
    polys = [e for e in root.iter(f"{NS}polygon") if e.get("fill", "").startswith("url(#")]
    assert len(polys) == 19
    ids = {e.get("id") for e in root.iter(f"{NS}pattern")}
    for p, t in zip(polys, s.terrain, strict=True):
        ref = p.attrib["fill"][5:-1]
        assert ref in ids and ref.endswith(t.name.lower())
    words = list(root.itertext())
    for label in ("A1", "C3", "E3", "Aquatic", "Soil", "Grassland", "Forest", "flies", "predator"):
        assert label in words
    # every <use> points at a symbol defined in the same drawing
    symbols = {e.get("id") for e in root.iter(f"{NS}symbol")}
    uses = {e.attrib["href"][1:] for e in root.iter(f"{NS}use")}
    assert uses and uses <= symbols


def _space_centre(e: ET.Element) -> tuple[float, float]:
    circle = next(e.iter(f"{NS}circle"))
    return float(circle.attrib["cx"]), float(circle.attrib["cy"])


@pytest.mark.parametrize("turn", [0, 1, -1])
def test_spaces_lie_along_the_axis_that_scores(turn: int) -> None:
    s = busy()
    target = next(i for i in range(len(s.cards)) if s.cards[i] == EMPTY)
    tile = target // 3
    root = render(s, highlight=Highlight(chosen=target, turn=turn))
    spaces = {int(e.attrib["data-space"]): e for e in with_attr(root, "data-space")}
    way = {0: "", 1: "tile turned counter-clockwise", -1: "tile turned clockwise"}[turn]
    assert way in spaces[target].attrib["aria-label"]
    assert ("tile turned" in spaces[target].attrib["aria-label"]) == bool(turn)
    for t in range(len(s.rotations)):
        rot = rotate(s.rotations[t], turn) if t == tile else s.rotations[t]
        cx, cy = _space_centre(spaces[3 * t + Space.CENTRE])
        ax, ay = _space_centre(spaces[3 * t + Space.ABOVE])
        bx, by = _space_centre(spaces[3 * t + Space.BELOW])
        dq, dr = space_offset(Space.ABOVE, rot)
        want = math.atan2(math.sqrt(3) * (dr + dq / 2), 1.5 * dq)
        assert math.isclose(math.atan2(ay - cy, ax - cx), want, abs_tol=0.02)
        assert math.isclose(ax + bx, 2 * cx, abs_tol=0.3) and math.isclose(
            ay + by, 2 * cy, abs_tol=0.3
        )
        assert (dq, dr) in DIRECTIONS


def test_highlight_targets_chosen_ghost_and_picked() -> None:
    s = busy()
    me = s.to_act
    bug = s.bug_hands[me][0]
    targets = frozenset(i for i in range(len(s.cards)) if can_place(s, card(bug), i))
    assert targets
    chosen = min(targets)
    root = render(s, highlight=Highlight(pick=f"bug:{bug}", targets=targets, chosen=chosen))
    spaces = {int(e.attrib["data-space"]): e for e in with_attr(root, "data-space")}
    lit = {i for i, e in spaces.items() if "target" in classes(e)}
    assert lit == set(targets)
    for i in lit - {chosen}:  # a ring with a shape, not colour alone: dashed, a "+" when empty
        rings = [c for c in spaces[i].iter(f"{NS}circle") if c.get("stroke-dasharray")]
        assert [c.get("stroke") for c in rings][-1] == TARGET_RING
        assert (s.cards[i] == EMPTY) == (spaces[i].find(f"{NS}path") is not None)
    assert [i for i, e in spaces.items() if "chosen" in classes(e)] == [chosen]
    ghost = [e for e in spaces[chosen].iter() if "ghost" in classes(e)]
    assert (
        ghost
        and "legal destination" in spaces[min(targets - {chosen} or targets)].attrib["aria-label"]
    )
    picked = [e for e in with_attr(root, "data-hand-bug") if "picked" in classes(e)]
    assert [int(e.attrib["data-hand-bug"]) for e in picked] == [bug]
    assert picked[0].get("aria-pressed") == "true"
    # no highlight: nothing lit, nothing chosen or picked
    plain = render(s)
    assert not [e for e in plain.iter() if classes(e) & {"target", "chosen", "picked", "ghost"}]
    # a pick the hand does not hold, or nonsense, draws no ghost and breaks nothing
    for pick in ("bug:999999", "nonsense", "space:-4", "bonus:x"):
        odd = render(s, highlight=Highlight(pick=pick, chosen=chosen))
        assert not [
            e for e in odd.iter() if "ghost" in classes(e) and e.find(f"{NS}use") is not None
        ]


@pytest.mark.parametrize(("market", "slot"), [("bug", 6), ("bonus", 0)])
def test_a_market_card_picked_to_buy_is_framed_and_pressed(market: str, slot: int) -> None:
    """Picking a market card marks it on the table as a hand card is marked (a frame, pressed,
    "Selected"): before, only the move bar's preview said which card Confirm would buy."""
    session = SpielSession.start([Seat("You", "human"), Seat("Ana", "easy")], 5)
    picked = session.pick_buy(market, slot)
    assert picked.pending() is not None

    def table(s: SpielSession) -> ET.Element:
        svg = render_table(s.view(), names=s.names, highlight=highlight_of(s), interactive=True)
        return parse(svg)

    root = table(picked)
    name = f"data-buy-{market}"
    slots = {int(e.attrib[name]): e for e in with_attr(root, name)}
    assert slots[slot].get("aria-pressed") == "true" and "picked" in classes(slots[slot])
    assert slots[slot].attrib["aria-label"].startswith("Selected: Buy for")
    frames = [r for r in slots[slot].iter(f"{NS}rect") if r.get("stroke") == CHOSEN_RING]
    assert len(frames) == 1
    others = [e for i, e in slots.items() if i != slot]
    others += with_attr(root, "data-buy-bonus" if market == "bug" else "data-buy-bug")
    assert others and all(e.get("aria-pressed") == "false" for e in others)
    assert not [e for e in root.iter() if classes(e) & {"target", "chosen", "ghost"}]
    assert len([e for e in root.iter() if "picked" in classes(e)]) == 1
    # Clear (or the buy played) leaves nothing marked
    for after in (picked.clear(), picked.confirm()):
        assert not [e for e in table(after).iter() if "picked" in classes(e)]


def test_a_flyer_on_the_board_can_be_picked() -> None:
    s = busy()
    me = s.to_act
    index = next(i for i in range(len(s.cards)) if s.cards[i] == EMPTY)
    flyer = next(c for c in range(card_count()) if card(c).flying and not card(c).predator)
    cards = list(s.cards)
    owners = list(s.owners)
    cards[index], owners[index] = flyer, me
    s2 = replace(s, cards=tuple(cards), owners=tuple(owners))
    root = render(s2, highlight=Highlight(pick=f"space:{index}"))
    space = next(e for e in with_attr(root, "data-space") if e.attrib["data-space"] == str(index))
    assert "picked" in classes(space) and "your flyer" in space.attrib["aria-label"]


def _box(e: ET.Element) -> tuple[float, float, float, float]:
    """The hit area of an info button: its transparent rectangle, as x, y, width, height."""
    hit = e.find(f"{NS}rect")
    assert hit is not None and hit.get("fill-opacity") == "0"
    return tuple(float(hit.attrib[k]) for k in ("x", "y", "width", "height"))  # type: ignore[return-value]


@pytest.mark.parametrize("width", [320, 360, 1280])
def test_a_touch_table_has_a_button_per_tile_and_an_info_button_per_card(width: int) -> None:
    s = busy()
    me = s.to_act
    bug = s.bug_hands[me][0]
    targets = frozenset(i for i in range(len(s.cards)) if can_place(s, card(bug), i))
    root = render(
        s, highlight=Highlight(pick=f"bug:{bug}", targets=targets), width=width, touch=True
    )
    # a space is too small for a finger: each tile is the one button for its three spaces
    assert not with_attr(root, "data-space")
    tiles = {int(e.attrib["data-tile"]): e for e in with_attr(root, "data-tile")}
    assert sorted(tiles) == list(range(len(s.board.tiles)))
    for i, tile in tiles.items():
        assert tile.get("role") == "button" and tile.get("tabindex") == "0"
        lit = {i * 3 + k for k in range(3)} & targets
        assert ("target" in classes(tile)) == bool(lit)
        assert tile.attrib["aria-label"].startswith(f"Tile {s.board.label(s.board.tiles[i])}, ")
        assert ("legal destination" in tile.attrib["aria-label"]) == bool(lit)
    lit_spaces = [e for e in root.iter() if "spiel-space" in classes(e) and "target" in classes(e)]
    assert len(lit_spaces) == len(targets)  # the spaces still show which are lit
    # every card of the hand and the markets has an "i" button named for it, finger-sized
    infos = {e.attrib["data-info"]: e for e in with_attr(root, "data-info")}
    expected = {f"card:{c}" for c in (*s.bug_hands[me], *s.bug_market) if c is not None}
    expected |= {f"bonus:{bonus_id(b)}" for b in (*s.bonus_hands[me], *s.bonus_market) if b}
    assert set(infos) == expected
    for key, info in infos.items():
        assert info.get("role") == "button" and info.get("tabindex") == "0"
        assert info.attrib["aria-label"].startswith("About ")
        x, y, w, h = _box(info)
        assert w >= 44 and h >= 44 and 0 <= x <= width - w and y >= 0, (key, x, y, w, h)
    named = infos[f"card:{s.bug_hands[me][0]}"].attrib["aria-label"]
    assert named == f"About {card(s.bug_hands[me][0]).name}"
    # an "i" leaves the middle of its card to the card: a tap there still picks it
    for e in with_attr(root, "data-hand-bug"):
        face = next(r for r in e.iter(f"{NS}rect") if r.get("width"))  # the face, or its raise
        fx, fy = float(face.attrib["x"]), float(face.attrib["y"])
        mx = fx + float(face.attrib["width"]) / 2
        my = fy + float(face.attrib["height"]) / 2
        for info in infos.values():
            x, y, w, h = _box(info)
            assert not (x <= mx <= x + w and y <= my <= y + h)
    # while another seat acts: no tile buttons, but every card can still be read in full
    waiting = render(s, seat=(me + 1) % s.players, width=width, touch=True)
    assert not with_attr(waiting, "data-tile") and with_attr(waiting, "data-info")
    # a mouse's table has neither: its spaces are buttons and its cards open on hover
    desktop = render(s, width=width)
    assert not with_attr(desktop, "data-tile") and not with_attr(desktop, "data-info")


def test_line_outline_and_points_on_the_boxes() -> None:
    s = busy("small", 3, 3)
    tile = next(i for i in range(len(s.rotations)) if s.cards[3 * i : 3 * i + 3] != (EMPTY,) * 3)
    line = line_of(s, tile)
    points = (12, 0, 7)
    root = render(s, highlight=Highlight(line=line, points=points))
    group = next(e for e in root.iter() if "spiel-line" in classes(e))
    outlines = [e for e in group.iter(f"{NS}polygon")]
    assert len(outlines) == 2 * len(line)
    assert "Y +12" in " ".join(group.itertext())
    assert "Ana +12, Bo +0, Cy +7" in group.attrib["aria-label"]
    for seat, box in ((int(e.attrib["data-seat"]), e) for e in with_attr(root, "data-seat")):
        assert f"{points[seat]:+d}" in list(box.itertext())
        assert f"this line scores {points[seat]:+d}" in box.attrib["aria-label"]
    assert not [e for e in render(s).iter() if "spiel-line" in classes(e)]


def test_end_banner_and_no_buttons_once_over() -> None:
    end = game("small", 2, 1)[-1]
    assert end.end is not None
    root = render(end, seat=0)
    words = " ".join(root.itertext())
    assert "Game over" in words and end.end.value in words
    assert not [e for e in root.iter() if e.get("role") == "button"]
    assert any("winner" in "".join(e.itertext()) for e in with_attr(root, "data-seat"))


def test_names_are_escaped() -> None:
    s = busy()
    view = GAME.player_view(s, s.to_act)
    svg = render_table(view, names=[EVIL] * s.players)
    assert "<img" not in svg and "&lt;img" in svg
    parse(svg)


@pytest.mark.parametrize("touch", [False, True])
@pytest.mark.parametrize("width", [200, 360, 500, 760, 1000, 1600])
def test_fits_its_width_from_phone_to_desktop(width: int, touch: bool) -> None:
    s = busy("large", 4, 2)
    root = render(s, width=width, touch=touch)
    w = max(320, min(1400, width))
    _, _, vw, vh = (float(v) for v in root.attrib["viewBox"].split())
    assert vw == w and vh > 300
    for e in root.iter(f"{NS}rect"):
        if "x" in e.attrib and "width" in e.attrib and e.attrib["width"].replace(".", "").isdigit():
            assert float(e.attrib["x"]) >= -0.5
            assert float(e.attrib["x"]) + float(e.attrib["width"]) <= w + 0.5, e.attrib
            assert float(e.attrib.get("y", 0)) + float(e.attrib.get("height", 0)) <= vh + 0.5
    for e in root.iter(f"{NS}text"):
        assert 0 <= float(e.attrib["x"]) <= w and 0 <= float(e.attrib["y"]) <= vh
        assert int(e.attrib["font-size"]) >= 8


def _top(root: ET.Element, css: str) -> float:
    """The least y of the rectangles and texts in the part of the table of class `css`."""
    part = next(e for e in root.iter() if css in classes(e))
    return min(float(e.attrib["y"]) for e in part.iter() if e.tag in (f"{NS}rect", f"{NS}text"))


def _left(root: ET.Element, css: str) -> tuple[float, float]:
    """The least x and the greatest right edge of the rectangles in the parts of class `css`."""
    rects = [
        e
        for part in root.iter()
        if css in classes(part)
        for e in part.iter(f"{NS}rect")
        if e.get("width", "").replace(".", "").isdigit()
    ]
    return (
        min(float(e.attrib["x"]) for e in rects),
        max(float(e.attrib["x"]) + float(e.attrib["width"]) for e in rects),
    )


@pytest.mark.parametrize("width", [320, 360, 740, 800, 1280])
def test_the_hand_lies_right_under_the_board(width: int) -> None:
    """The card picked and the spaces it lights are one screen apart at most: the hand comes
    right after the board's legend, the markets after it in one column (on a phone; they were
    between) and beside them when wide (the hand was under both, 600 px from the board)."""
    s = busy("small", 3, 3)
    root = render(s, width=width, touch=width < 760)
    legend, hand = _top(root, "spiel-legend"), _top(root, "spiel-hand")
    markets = [_top(e, "spiel-market") for e in root.iter() if "spiel-market" in classes(e)]
    assert legend < hand and hand - legend < 80, (legend, hand)
    order = [c for e in root.iter() for c in classes(e) if c in ("spiel-hand", "spiel-market")]
    assert order[0] == "spiel-hand"  # read, and tabbed through, as it is shown
    if width < 760:
        assert hand < min(markets)
    else:  # in the board's column, left of the markets
        assert _left(root, "spiel-hand")[1] < _left(root, "spiel-market")[0]


def _board_span(root: ET.Element) -> tuple[float, float, float]:
    """The board's hexagons: their top, bottom and right edge."""
    board = next(e for e in root.iter() if "spiel-board" in classes(e))
    points = [
        tuple(map(float, p.split(",")))
        for e in board.iter(f"{NS}polygon")
        for p in e.attrib["points"].split()
    ]
    ys = [y for _x, y in points]
    return min(ys), max(ys), max(x for x, _y in points)


@pytest.mark.parametrize(
    ("board", "width", "fit"),
    [("small", 640, 204), ("small", 740, 244), ("small", 844, 274), ("large", 740, 244)],
)
def test_a_phone_on_its_side_fits_the_board_to_its_screen_with_the_hand_beside(
    board: str, width: int, fit: int
) -> None:
    """On a short screen (`fit`, its height less the move bar) the board is no taller than the
    screen, and the hand lies beside it at its top, then the markets under the hand; before,
    the board took the whole width (700 px tall at 740) with the hand under it."""
    s = busy(board, 3, 3)
    root = render(s, width=width, touch=True, fit=fit)
    top, bottom, right = _board_span(root)
    assert bottom - top <= fit, (top, bottom)
    hand_left, _ = _left(root, "spiel-hand")
    assert hand_left > right and abs(_top(root, "spiel-hand") - top) < 40
    assert all(
        _top(e, "spiel-market") > _top(root, "spiel-hand")
        for e in root.iter()
        if "spiel-market" in classes(e)
    )
    assert _left(root, "spiel-market")[0] > right
    # without `fit` (a phone upright, a laptop) the table is as before
    assert render(s, width=width, touch=True) != root


def test_render_time_is_printed(capsys: pytest.CaptureFixture[str]) -> None:
    s = busy("large", 4, 2)
    view = GAME.player_view(s, s.to_act)
    bug = s.bug_hands[s.to_act][0]
    targets = frozenset(i for i in range(len(s.cards)) if can_place(s, card(bug), i))
    hl = Highlight(
        pick=f"bug:{bug}",
        targets=targets,
        chosen=min(targets, default=None),
        line=line_of(s, 9),
        points=(1, 2, 3, 4),
    )
    render_table(view, names=NAMES, highlight=hl)
    runs = 10
    start = time.perf_counter()
    for _ in range(runs):
        svg = render_table(view, names=NAMES, highlight=hl)
    ms = (time.perf_counter() - start) / runs * 1000
    with capsys.disabled():
        print(f"\nspiel table, large board, 4 seats: {ms:.1f} ms per render, {len(svg)} chars")
    assert parse(svg) is not None


# --- the cards ------------------------------------------------------------------------------


def test_every_glyph_keyword_has_a_silhouette() -> None:
    assert set(GLYPHS) <= set(GLYPH_SHAPES)
    for cat in load_dataset().categories:
        assert cat.glyph in GLYPH_SHAPES
    for key, shapes in GLYPH_SHAPES.items():
        assert shapes, key
        for kind, d in shapes:
            assert kind in "fsw" and re.fullmatch(r"[MLCAZ0-9 .\-]+", d), (key, d)


def test_full_cards_show_every_fact() -> None:
    for cid in range(card_count()):
        c = card(cid)
        root = parse(full_card_svg(cid))
        assert root.attrib["data-card"] == str(cid)
        words = " ".join(root.itertext())
        assert str(c.vp) in words and "VP" in words
        italic = [e for e in root.iter(f"{NS}text") if e.get("font-style") == "italic"]
        assert c.species.scientific_name in [e.text for e in italic]
        assert c.species.common_name.split()[0] in words
        assert c.species.note.split()[0] in words
        assert c.species.diet.value.lower() in words
        assert ("Flies: yes" in words) == c.flying
        for t in c.terrains:
            assert t.value[:9] in words
        if c.category is not None:
            assert c.category in words
        else:
            assert "Wild" in words


def test_full_bonus_cards_show_both_goals_and_values() -> None:
    data = load_dataset()
    beetles, bugs = CategoryGoal(data.categories[0].id), CategoryGoal(data.categories[1].id)
    mixed = BonusCard.of(beetles, DietGoal.PREDATORS)
    root = parse(full_bonus_svg(bonus_id(mixed)))
    words = " ".join(root.itertext())
    assert root.attrib["data-bonus"] == str(bonus_id(mixed))
    assert "2 x VP of each bug" in words and "2 per predator" in words
    assert "Bonus card" in words and "Double" not in words
    double = BonusCard.of(bugs, bugs)
    words = " ".join(parse(full_bonus_svg(bonus_id(double))).itertext())
    assert "Double bonus card" in words and "4 x VP of each bug" in words
    herbs = " ".join(
        parse(
            full_bonus_svg(bonus_id(BonusCard.of(DietGoal.HERBIVORES, DietGoal.HERBIVORES)))
        ).itertext()
    )
    assert "2 per herbivore" in herbs
    for i in range(0, bonus_count(), 37):
        b = bonus_from_id(i)
        text = " ".join(parse(full_bonus_svg(i)).itertext())
        assert goal_label(b.first).split()[0] in text and goal_label(b.second).split()[0] in text
