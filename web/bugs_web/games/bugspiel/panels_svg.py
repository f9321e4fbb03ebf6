"""The Bugspiel table's panels as SVG: a box per seat (name, score, target, card counts, the
line's points, other seats' hands as mini cards; every hand is public, decision 8), the two
markets with their prices, the cards left in each deck and each discard pile (the slide after a
Pass marked on the cards, decision 12), and the viewer's hand as compact cards."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from bugs_core.bugspiel.cards import bonus_id, card, goal_label
from bugs_core.bugspiel.deck import BonusCard
from bugs_core.bugspiel.market import PRICES
from bugs_core.bugspiel.rules import winners
from bugs_core.grammar import counted, is_you

from ...palette import CREAM, ON_BACKGROUND, PANEL_EDGE, SPIEL_PANEL, TURN, WHITE
from ...svg import INK, circle, el, full_title, num, rect, shorten, text
from .cards_svg import bonus_words, card_words, compact_bonus, compact_card, mini_bonus, mini_card
from .drawing import (
    CARD_MAX,
    CHOSEN_RING,
    FINGER,
    LINE_COLOUR,
    SEAT_LOOKS,
    Drawing,
    button,
    card_height,
    info_button,
)

__all__ = ["about", "deck_words", "draw_hand", "draw_markets", "draw_seats"]

SEAT_BOX_H = 96
MINI_W, MINI_H = 21.0, 28.0
PRICE_H = 22
"""The price pill above a market slot, with the gap under it."""
TITLE_CHAR, SMALL_CHAR = 9.0, 6.8
"""About how wide a character of a market's title or the hand's (15, bold) and of a market's
deck line (12) is."""


def about(item: int | BonusCard) -> tuple[str, str]:
    """A card's key for the page's popup ("card:12", "bonus:40") and its info button's name."""
    if isinstance(item, BonusCard):
        goals = goal_label(item.first)
        goals += " (double)" if item.is_double else f" and {goal_label(item.second)}"
        return f"bonus:{bonus_id(item)}", f"About the bonus card {goals}"
    return f"card:{item}", f"About {card(item).name}"


# --- seats ---------------------------------------------------------------------------------


def draw_seats(d: Drawing, y: float) -> float:
    """A box per seat, in a row when wide and two columns when not; returns the bottom."""
    layout = d.layout
    n = d.table.players
    cols = n if layout.wide else 2
    box_w = (layout.width - 2 * layout.margin - (cols - 1) * layout.gap) / cols
    rows = -(-n // cols)
    for seat in range(n):
        row, col = divmod(seat, cols)
        x = layout.margin + col * (box_w + layout.gap)
        _seat_box(d, seat, x, y + row * (SEAT_BOX_H + layout.gap), box_w, SEAT_BOX_H)
    return y + rows * (SEAT_BOX_H + layout.gap) + 2


def _seat_status(d: Drawing, seat: int) -> str:
    """ "thinking…", "your turn", "to act", "winner" or ""."""
    table = d.table
    if d.thinking == seat and table.end is None:
        return "thinking…"
    if table.end is None and table.to_act == seat:
        return "your turn" if seat == d.view.seat else "to act"
    if table.end is not None and seat in winners(table):
        return "winner"
    return ""


def _seat_box(d: Drawing, seat: int, x: float, y: float, w: float, h: float) -> None:
    """One seat's box: letter, name, score of target, counts, status, the line's points and
    (another seat's) hand as mini cards."""
    table = d.table
    look = SEAT_LOOKS[seat]
    acting = table.end is None and table.to_act == seat
    bugs, bonus = table.bug_hands[seat], table.bonus_hands[seat]
    me = seat == d.view.seat
    name = d.who[seat]
    status = _seat_status(d, seat)
    target = table.setup.target_score
    you = " (you)" if me and not is_you(name) else ""  # never "You (you)"
    label = (
        f"{name}{you}, {look.name}: {table.scores[seat]} VP of {target}, "
        f"{len(bugs)} bugs, {len(bonus)} bonus cards" + (f", {status}" if status else "")
    )
    hl = d.highlight
    points = hl.points[seat] if hl.line and seat < len(hl.points) else None
    if points is not None:
        label += f", this line scores {points:+d}"
    css = "spiel-seat" + (" acting" if acting else "")
    g = el(d.root, "g", role="group", aria_label=label, data_seat=seat, class_=css)
    edge = {"stroke": TURN if acting else PANEL_EDGE, "stroke_width": 4 if acting else 1}
    rect(g, x, y, w, h, 9, fill=SPIEL_PANEL, **edge)
    circle(g, x + 17, y + 17, 11, fill=look.fill, stroke=ON_BACKGROUND, stroke_width=1.2)
    text(g, x + 17, y + 22, look.letter, size=13, fill=look.ink, anchor="middle", weight="bold")
    narrow = w < 230
    cut = shorten(name, max(4, int((w - 96) / 8)))
    shown = cut + (you if w > 200 else "")
    node = text(g, x + 34, y + 22, shown, size=14, fill=ON_BACKGROUND, weight="bold")
    full_title(node, name, cut)
    right = {"fill": ON_BACKGROUND, "anchor": "end"}
    text(g, x + w - 10, y + 24, f"{table.scores[seat]}", size=20, weight="bold", **right)
    text(g, x + w - 10, y + 40, f"/{target}" if narrow else f"of {target} VP", size=11, **right)
    counts = f"{counted(len(bugs), 'bug')} · {len(bonus)} bonus"
    text(g, x + 10, y + 40, counts, size=12, fill=ON_BACKGROUND)
    if status:
        mark = {"winner": "★ winner", "thinking…": "thinking…"}.get(status, f"▶ {status}")
        text(g, x + 10, y + 56, mark, size=12, fill=TURN, weight="bold")
    badge = 0.0
    if points is not None:
        badge = 56.0
        rect(g, x + w - 54, y + h - 28, 46, 20, 10, fill=LINE_COLOUR, stroke=INK, stroke_width=1)
        said = f"{points:+d}"
        text(g, x + w - 31, y + h - 13, said, size=13, anchor="middle", weight="bold")
    # every hand is public (decision 8): other seats' cards as small cards
    if not me:
        _minis(d, g, bugs, bonus, x + 10, y + 62, w - 20 - badge)
    elif w - badge > 130:
        text(g, x + 10, y + 80, "Your hand is below.", size=11, fill=ON_BACKGROUND)


def _minis(
    d: Drawing,
    g: ET.Element,
    bugs: Sequence[int],
    bonus: Sequence[BonusCard],
    x: float,
    y: float,
    room: float,
) -> None:
    """Another seat's hand as mini cards in a row `room` wide, overlapping when they must."""
    n = len(bugs) + len(bonus)
    if n == 0:
        text(g, x, y + 18, "no cards", size=11, fill=ON_BACKGROUND)
        return
    extra = 6 if bugs and bonus else 0
    step = MINI_W + 3
    if n * step + extra > room:
        step = max(4.0, (room - MINI_W - extra) / max(1, n - 1))
    cx = x
    for cid in bugs:
        mg = el(g, "g", data_card=cid, role="img", aria_label=card_words(cid))
        mini_card(mg, d.art, cid, cx, y, MINI_W, MINI_H)
        cx += step
    cx += extra
    for b in bonus:
        mg = el(g, "g", data_bonus=bonus_id(b), role="img", aria_label=bonus_words(b))
        mini_bonus(mg, b, cx, y, MINI_W, MINI_H)
        cx += step


# --- markets -------------------------------------------------------------------------------


def draw_markets(d: Drawing, x: float, y: float, w: float) -> float:
    """The bug market, then the bonus market, in a column `w` wide; returns the bottom."""
    y = _market(d, x, y, w, bugs=True)
    return _market(d, x, y + 6, w, bugs=False)


def deck_words(d: Drawing, *, bugs: bool) -> str:
    """A market's deck and discard pile in words: "Bug deck: 142 left · discard 3". Only the
    sizes: the deck's order stays hidden (decision 8)."""
    table = d.table
    deck = len(table.bug_deck) if bugs else len(table.bonus_deck)
    discard = len(table.bug_discard) if bugs else len(table.bonus_discard)
    return f"{'Bug' if bugs else 'Bonus'} deck: {deck} left · discard {discard}"


def _market(d: Drawing, x: float, y: float, w: float, *, bugs: bool) -> float:
    """One market: its title, deck and discard, and each slot's price over its card (with the
    slide after a Pass marked on the cards, `_slid`)."""
    table = d.table
    gap = d.layout.gap
    cols = 8 if (w - 7 * gap) / 8 >= 96 else 4
    cw = min(CARD_MAX, (w - (cols - 1) * gap) / cols)
    ch = card_height(cw)
    title = "Bug market" if bugs else "Bonus market"
    piles = deck_words(d, bugs=bugs)
    label = f"{title}. {piles.replace(' · ', ', ')}"
    g = el(d.root, "g", role="group", aria_label=label, class_="spiel-market")
    text(g, x, y + 16, title, size=15, fill=ON_BACKGROUND, weight="bold")
    top = y + 24
    if len(title) * TITLE_CHAR + 16 + len(piles) * SMALL_CHAR <= w:  # beside the title
        text(g, x + w, y + 16, piles, size=12, fill=ON_BACKGROUND, anchor="end")
    else:  # under it
        text(g, x, y + 34, piles, size=12, fill=ON_BACKGROUND)
        top += 18
    slots = table.bug_market if bugs else table.bonus_market

    def place(slot: int) -> tuple[float, float]:
        """The top left corner of a slot's price pill."""
        row, col = divmod(slot, cols)
        return x + col * (cw + gap), top + row * (ch + PRICE_H + gap)

    gone = None if d.slide is None else (d.slide.bug_gone if bugs else d.slide.bonus_gone)
    if gone is not None:  # under the card that slides into the 1 VP slot
        _ghost(d, g, gone, *place(len(slots) - 1), cw, ch)
    kind = "buy-bug" if bugs else "buy-bonus"
    for slot, item in enumerate(slots):
        sx, sy = place(slot)
        price = PRICES[slot]
        picked = item is not None and d.live and d.pick == (kind, slot)
        attrs: dict[str, object] = {"class": "spiel-slot" + (" picked" if picked else "")}
        if item is not None and d.live:
            attrs["data_buy_bug" if bugs else "data_buy_bonus"] = slot
            attrs["aria_pressed"] = "true" if picked else "false"
        if item is not None:
            if isinstance(item, BonusCard):
                attrs["data_bonus"] = bonus_id(item)
            else:
                attrs["data_card"] = item
        sg = el(g, "g", **attrs)
        rect(sg, sx, sy, cw, 18, 9, fill=CREAM, stroke=INK, stroke_width=0.8)
        text(sg, sx + cw / 2, sy + 13.5, f"{price} VP", size=12, anchor="middle", weight="bold")
        cy = sy + PRICE_H
        if item is None:
            dashed = {"stroke": PANEL_EDGE, "stroke_width": 1.5, "stroke_dasharray": "5 4"}
            rect(sg, sx, cy, cw, ch, cw * 0.08, fill="none", **dashed)
            middle = {"fill": ON_BACKGROUND, "anchor": "middle"}
            text(sg, sx + cw / 2, cy + ch / 2 + 4, "empty", size=12, **middle)
            continue
        if picked:  # framed as the hand's picked card is: the buy that Confirm makes
            _picked_frame(sg, sx, cy, cw, ch)
        art = sg if d.slide is None else _slid(sg, slot, (sx, sy), place(slot - 1))
        if isinstance(item, BonusCard):
            compact_bonus(art, d.art, item, sx, cy, cw, ch)
            words = bonus_words(item)
        else:
            compact_card(art, d.art, item, sx, cy, cw, ch)
            words = card_words(item)
        verb = "Buy for" if d.live else "Price"
        button(sg, ("Selected: " if picked else "") + f"{verb} {price} VP: {words}", d.live)
        if d.touch:  # on the price pill's end, its hit area clear of the card's middle
            key, name = about(item)
            hit = (sx + cw - FINGER, sy - gap)
            info_button(g, key, name, (sx + cw - 10, sy + 9), hit)
    rows = -(-len(slots) // cols)
    return top + rows * (ch + PRICE_H + gap)


def _picked_frame(g: ET.Element, x: float, y: float, cw: float, ch: float) -> None:
    """The frame behind a picked card at (x, y), `cw` by `ch`: in the hand or in a market."""
    rect(g, x - 3, y - 3, cw + 6, ch + 6, cw * 0.1, fill=WHITE, stroke=CHOSEN_RING, stroke_width=3)


def _slid(
    sg: ET.Element, slot: int, now: tuple[float, float], was: tuple[float, float]
) -> ET.Element:
    """The group for a card's art after a slide: one moved from the slot before, with its
    offset back to it (`data-slide-dx`, `-dy`, in the drawing's units; the page hands them to
    spiel.css), or the card come in from the deck at slot 0. The price stays with its slot."""
    if slot == 0:
        return el(sg, "g", class_="spiel-slide-in")
    dx, dy = was[0] - now[0], was[1] - now[1]
    return el(
        sg,
        "g",
        class_="spiel-slid",
        data_slid_from=slot - 1,
        data_slide_dx=num(dx),
        data_slide_dy=num(dy),
    )


def _ghost(
    d: Drawing, g: ET.Element, gone: int | BonusCard, x: float, y: float, cw: float, ch: float
) -> None:
    """The card a slide discarded from the 1 VP slot, fading out where it lay: drawn at opacity
    0 (the end of its fade, what the table shows without the animation), hidden from assistive
    technology (the log says it) and from the pointer."""
    if isinstance(gone, BonusCard):
        attrs: dict[str, object] = {"data_discarded_bonus": bonus_id(gone)}
    else:
        attrs = {"data_discarded_card": gone}
    ghost = el(g, "g", class_="spiel-slide-ghost", opacity=0, aria_hidden="true", **attrs)
    if isinstance(gone, BonusCard):
        compact_bonus(ghost, d.art, gone, x, y + PRICE_H, cw, ch)
    else:
        compact_card(ghost, d.art, gone, x, y + PRICE_H, cw, ch)


# --- the viewer's hand ---------------------------------------------------------------------


def draw_hand(d: Drawing, x: float, y: float, w: float) -> float:
    """The viewer's hand as compact cards in rows, in a column `w` wide from `x`, the picked
    one raised; returns the bottom."""
    layout = d.layout
    seat = d.view.seat
    bugs, bonus = d.table.bug_hands[seat], d.table.bonus_hands[seat]
    gap = layout.gap
    cw = layout.card_w
    ch = card_height(cw)
    look = SEAT_LOOKS[seat]
    title = (
        f"Your hand ({look.name}): {counted(len(bugs), 'bug')}, {counted(len(bonus), 'bonus card')}"
    )
    g = el(d.root, "g", role="group", aria_label=title, class_="spiel-hand")
    items: list[int | BonusCard] = [*bugs, *bonus]
    per_row = max(1, int((w + gap) // (cw + gap)))
    rows = max(1, -(-len(items) // per_row))
    top = y + 28
    height = 28 + rows * (ch + gap + 10)
    if d.live:
        rect(g, x - 4, y - 2, w + 8, height, 10, fill="none", stroke=TURN, stroke_width=3)
    turn = " · your turn" if d.live else ""
    heading = title + turn  # in full where it fits (15, bold, as a market's title)
    if not layout.wide or len(heading) * TITLE_CHAR > w - 8:
        heading = f"Your hand · {look.letter}{turn}"
    text(g, x + 4, y + 19, heading, size=15, fill=ON_BACKGROUND, weight="bold")
    if not items:
        text(g, x + 4, top + 24, "No cards in hand.", size=13, fill=ON_BACKGROUND)
        return y + height
    ringed = False
    for i, item in enumerate(items):
        row, col = divmod(i, per_row)
        cx = x + col * (cw + gap)
        cy = top + 8 + row * (ch + gap + 10)
        attrs: dict[str, object] = {}
        if isinstance(item, BonusCard):
            bid = bonus_id(item)
            picked = not ringed and d.pick == ("bonus", bid)
            if d.live:
                attrs["data_hand_bonus"] = bid
            attrs["data_bonus"] = bid
            words = bonus_words(item)
        else:
            picked = d.pick == ("bug", item)
            if d.live:
                attrs["data_hand_bug"] = item
            attrs["data_card"] = item
            words = card_words(item)
        attrs["class"] = "spiel-card" + (" picked" if picked else "")
        cg = el(g, "g", **attrs)
        if picked:
            ringed = True
            cy -= 8
            cg.set("aria-pressed", "true")
            _picked_frame(cg, cx, cy, cw, ch)
        elif d.live:
            cg.set("aria-pressed", "false")
        if isinstance(item, BonusCard):
            compact_bonus(cg, d.art, item, cx, cy, cw, ch)
        else:
            compact_card(cg, d.art, item, cx, cy, cw, ch)
        button(cg, ("Selected: " if picked else "") + words, d.live)
        if d.touch:  # astride the card's top edge, its hit area clear of the card's middle
            key, name = about(item)
            info_button(g, key, name, (cx + cw - 10, cy), (cx + cw - FINGER, cy - 14))
    return y + height
