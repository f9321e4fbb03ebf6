"""Bugspiel card art: bug and bonus cards in three sizes, the board's tokens, the terrain
patterns and badges, and the `Art` that defines each glyph once per drawing (pure SVG).

The table (`table_svg`) draws bug cards as compact cards (hands, markets), mini cards (other
seats' hands) and tokens (the board); the page shows `full_card_svg` / `full_bonus_svg` in a
popup. A glyph (`glyphs`) is defined once per drawing as a <symbol> and placed with <use>.
Terrains have a pattern and an icon each, so colour is never the only signal.
"""

from __future__ import annotations

import functools
import textwrap
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from bugs_core.bugspiel.cards import (
    BONUS_MULTIPLIER,
    Card,
    bonus_from_id,
    card,
    diet_points,
    goal_label,
)
from bugs_core.bugspiel.deck import BonusCard, CategoryGoal, DietGoal, Goal
from bugs_core.bugspiel.species import (
    WILD_COLOUR,
    WILD_GLYPH,
    WILD_TEXT_COLOUR,
    Terrain,
    load_dataset,
)

from ...palette import CARD_EDGE, CARD_FACE, CREAM
from ...svg import INK, circle, el, line, markup, num, rect, shorten, svg_root, text
from .glyphs import GLYPH_SHAPES, ICON_SHAPES, Shape

__all__ = [
    "BONUS_BAND",
    "BONUS_FACE",
    "PREDATOR_MARK",
    "TERRAIN_LOOKS",
    "Art",
    "CardLook",
    "TerrainLook",
    "bonus_words",
    "card_look",
    "card_words",
    "compact_bonus",
    "compact_card",
    "full_bonus_svg",
    "full_card_svg",
    "goal_look",
    "goal_value_words",
    "mini_bonus",
    "mini_card",
    "token",
    "wrap",
]

BONUS_FACE = CREAM
BONUS_BAND = "#6b4a12"  # dark amber; light text on it (> 7:1)
ON_BAND = CREAM
DIET_COLOUR = "#e2dccd"  # the swatch of a diet or flying goal, which has no category colour
PREDATOR_MARK = "#7a1010"  # the predator icon's red
NOTE_INK = "#333333"  # a card's natural history and small print
DIVIDER = "#b9ad98"

_DIET_ICONS: dict[DietGoal, tuple[str, bool]] = {
    # (shape key, is a bug glyph)
    DietGoal.HERBIVORES: ("herbivores", False),
    DietGoal.PREDATORS: ("predator", False),
    DietGoal.PARASITES: ("mite", True),
    DietGoal.NON_EATING: ("non-eating", False),
    DietGoal.SCAVENGERS: ("scavengers", False),
    DietGoal.FLYING: ("flying", False),
}

_DIET_NOUNS: dict[DietGoal, str] = {
    DietGoal.HERBIVORES: "herbivore",
    DietGoal.PREDATORS: "predator",
    DietGoal.PARASITES: "parasite",
    DietGoal.NON_EATING: "non-eating bug",
    DietGoal.SCAVENGERS: "scavenger",
    DietGoal.FLYING: "flying bug",
}


@dataclass(frozen=True, slots=True)
class TerrainLook:
    """How a terrain is drawn: a base colour, a pattern of marks and an icon."""

    key: str
    name: str
    fill: str
    mark: str


TERRAIN_LOOKS: dict[Terrain, TerrainLook] = {
    Terrain.WATER: TerrainLook("water", Terrain.WATER.value, "#a9d4ef", "#3f7fae"),
    Terrain.SOIL: TerrainLook("soil", Terrain.SOIL.value, "#dbbb93", "#8a6238"),
    Terrain.GRASS: TerrainLook("grass", Terrain.GRASS.value, "#cbe59f", "#5f8a2f"),
    Terrain.FOREST: TerrainLook("forest", Terrain.FOREST.value, "#92c28b", "#2f6a35"),
}
"""Per terrain, in the rules' order."""


_FILLED = {"fill": "currentColor", "stroke": "none"}
_WING = {"fill": "currentColor", "fill_opacity": 0.3, "stroke": "currentColor", "stroke_width": 1}
_STROKED = {
    "fill": "none",
    "stroke": "currentColor",
    "stroke_linecap": "round",
    "stroke_linejoin": "round",
}


def _shape_into(parent: ET.Element, shapes: list[Shape], stroke: float = 1.6) -> None:
    """Paths for each part of a glyph, in the current colour: filled, stroked or a wing."""
    for kind, d in shapes:
        if kind == "s":
            el(parent, "path", d=d, stroke_width=stroke, **_STROKED)
        else:
            el(parent, "path", d=d, **(_FILLED if kind == "f" else _WING))


class Art:
    """The <defs> of one drawing: symbols and patterns, each added the first time it is used."""

    def __init__(self, root: ET.Element) -> None:
        self.defs = el(root, "defs")
        self._done: set[str] = set()

    def _symbol(self, ident: str, shapes: list[Shape], stroke: float = 1.6) -> str:
        """The id of a <symbol> for `shapes`, defined in the drawing's defs the first time."""
        if ident not in self._done:
            self._done.add(ident)
            sym = el(self.defs, "symbol", id=ident, viewBox="0 0 32 32")
            _shape_into(sym, shapes, stroke)
        return ident

    def _use(
        self, parent: ET.Element, ident: str, x: float, y: float, size: float, colour: str
    ) -> ET.Element:
        """A <use> of symbol `ident` in a size x size box at (x, y), in `colour`."""
        box = {"x": num(x), "y": num(y), "width": num(size), "height": num(size)}
        return el(parent, "use", href=f"#{ident}", **box, color=colour, aria_hidden="true")

    def glyph(
        self, parent: ET.Element, name: str, x: float, y: float, size: float, colour: str
    ) -> ET.Element:
        """A category silhouette in a size x size box at (x, y); unknown names get the generic."""
        key = name if name in GLYPH_SHAPES else WILD_GLYPH
        ident = self._symbol(f"spiel-glyph-{key}", GLYPH_SHAPES[key])
        return self._use(parent, ident, x, y, size, colour)

    def icon(
        self, parent: ET.Element, name: str, x: float, y: float, size: float, colour: str
    ) -> ET.Element:
        """A terrain, mark or diet icon (ICON_SHAPES) in a size x size box at (x, y)."""
        stroke = (
            3.0 if name in ("water", "grass", "non-eating", "scavengers", "herbivores") else 2.2
        )
        ident = self._symbol(f"spiel-icon-{name}", ICON_SHAPES[name], stroke)
        return self._use(parent, ident, x, y, size, colour)

    def pattern(self, terrain: Terrain) -> str:
        """A fill for a terrain: its colour with a pattern of its icon's marks; url(#...)."""
        look = TERRAIN_LOOKS[terrain]
        ident = f"spiel-terrain-{look.key}"
        if ident not in self._done:
            self._done.add(ident)
            pat = el(
                self.defs, "pattern", id=ident, width=28, height=28, patternUnits="userSpaceOnUse"
            )
            el(pat, "rect", width=28, height=28, fill=look.fill)
            marks = el(pat, "g", color=look.mark, opacity=0.55)
            for dx, dy in ((1, 1), (15, 15)):
                inner = el(marks, "svg", x=dx, y=dy, width=12, height=12, viewBox="0 0 32 32")
                _shape_into(inner, ICON_SHAPES[look.key], 3.0)
        return f"url(#{ident})"

    def terrain_badge(
        self, parent: ET.Element, terrain: Terrain, x: float, y: float, size: float
    ) -> None:
        """A small rounded square of the terrain's colour with its icon."""
        look = TERRAIN_LOOKS[terrain]
        rect(parent, x, y, size, size, size / 5, fill=look.fill, stroke=CARD_EDGE, stroke_width=0.8)
        pad = size * 0.12
        self.icon(parent, look.key, x + pad, y + pad, size - 2 * pad, look.mark)


# --- card facts ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardLook:
    """What a bug card shows, worked out once per card."""

    colour: str
    ink: str
    glyph: str
    category: str
    """The category's common name ("beetles"), or "wild"."""
    terrains: tuple[Terrain, ...]


@functools.cache
def card_look(card_id: int) -> CardLook:
    """Colours, glyph, category name and terrains (rules order) of a bug card."""
    c = card(card_id)
    order = tuple(t for t in Terrain if t in c.terrains)
    if c.category is None:
        return CardLook(WILD_COLOUR, WILD_TEXT_COLOUR, WILD_GLYPH, "wild", order)
    cat = load_dataset().category(c.category)
    return CardLook(cat.colour, cat.text_colour, cat.glyph, cat.common_name, order)


@functools.cache
def card_words(card_id: int) -> str:
    """The card in words: "seven-spot ladybird, 2 VP, beetles, flies, predator, lives in ..."."""
    c = card(card_id)
    look = card_look(card_id)
    parts = [c.name, f"{c.vp} VP", "wild" if c.wild else look.category]
    if c.flying:
        parts.append("flies")
    if c.predator:
        parts.append("predator")
    elif not c.prey:
        parts.append("cannot be eaten")
    parts.append("lives in " + ", ".join(t.value for t in look.terrains))
    return ", ".join(parts)


def goal_look(goal: Goal) -> tuple[str, str, str, bool]:
    """(colour, ink, shape key, is a bug glyph) for drawing one goal of a bonus card."""
    if isinstance(goal, CategoryGoal):
        cat = load_dataset().category(goal.category)
        return cat.colour, cat.text_colour, cat.glyph, True
    key, is_glyph = _DIET_ICONS[goal]
    return DIET_COLOUR, INK, key, is_glyph


def _short_goal(goal: Goal) -> str:
    """A goal's short name for a compact card: "Beetles", or a diet goal's words."""
    if isinstance(goal, CategoryGoal):
        name = load_dataset().category(goal.category).common_name
        return name[:1].upper() + name[1:]
    return goal.value


def goal_value_words(goal: Goal, double: bool = False) -> str:
    """ "2 x VP per beetle" or "2 per predator"; doubled for a double card."""
    times = 2 if double else 1
    if isinstance(goal, CategoryGoal):
        return f"{BONUS_MULTIPLIER * times} x VP of each bug"
    return f"{diet_points(goal) * times} per {_DIET_NOUNS[goal]}"


def _goal_short_value(goal: Goal, double: bool) -> str:
    """A goal's value in a few characters: twice or four times VP, or "2 each"."""
    times = 2 if double else 1
    if isinstance(goal, CategoryGoal):
        return f"{BONUS_MULTIPLIER * times}\u00d7VP"
    return f"{diet_points(goal) * times} each"


def _goal_words(goal: Goal, double: bool) -> str:
    """One goal as a compact card shows it, then in full: "Beetles 2 times VP (Coleoptera: 2 x VP
    of each bug)"."""
    shown = f"{_short_goal(goal)} {_goal_short_value(goal, double)}"
    full = goal_value_words(goal, double)
    if isinstance(goal, CategoryGoal):
        return f"{shown} ({goal.category}: {full})"
    return f"{shown} ({full})"


@functools.cache
def bonus_words(bonus: BonusCard) -> str:
    """The bonus card in words for a label. It starts with the words a compact card shows, in
    their order ("Bonus: Beetles 2 times VP, ..."), so a card button's name holds what it
    shows (WCAG 2.5.3, label in name); each goal's full meaning follows in brackets."""
    if bonus.is_double:
        return f"Bonus \u00d72: {_goal_words(bonus.first, True)}"
    return f"Bonus: {_goal_words(bonus.first, False)}, {_goal_words(bonus.second, False)}"


@functools.cache
def wrap(words: str, width: int, lines: int) -> tuple[str, ...]:
    """`words` in at most `lines` lines of about `width` characters; the last one cut short."""
    out = textwrap.wrap(words, max(4, width))
    if len(out) > lines:
        out = out[:lines]
        out[-1] = shorten(out[-1] + "…", width)
    return tuple(out)


@functools.cache
def whole_lines(words: str, width: int, lines: int) -> tuple[str, ...]:
    """`words` in at most `lines` lines of about `width` characters, every word kept: the
    last line holds the rest (`fitted` squeezes it)."""
    out = textwrap.wrap(words, max(4, width))
    if len(out) > lines:
        out = [*out[: lines - 1], " ".join(out[lines - 1 :])]
    return tuple(out)


def fitted(node: ET.Element, chars: int, room: float) -> ET.Element:
    """Squeeze a text longer than `chars` characters into `room` units rather than cut it:
    a button's name then holds every word it shows."""
    if len(node.text or "") > chars:
        node.set("textLength", num(room))
        node.set("lengthAdjust", "spacingAndGlyphs")
    return node


# --- the three sizes ------------------------------------------------------------------------


def compact_card(
    parent: ET.Element, art: Art, card_id: int, x: float, y: float, w: float, h: float
) -> None:
    """A bug card for hands and markets: VP, name, glyph, terrain icons, flying/predator marks."""
    c = card(card_id)
    look = card_look(card_id)
    face = {"fill": look.colour, "stroke": CARD_EDGE, "stroke_width": 1.2, "class_": "face"}
    rect(parent, x, y, w, h, w * 0.08, **face)
    r = w * 0.13
    cx, cy = x + r + 4, y + r + 4
    vp_size = max(10, round(r * 1.25))
    circle(parent, cx, cy, r, fill=CARD_FACE, stroke=look.ink, stroke_width=1.2)
    g = w * 0.34
    art.glyph(parent, look.glyph, x + w - g - 3, y + 3, g, look.ink)
    size = max(10, min(14, round(w * 0.105)))
    chars = int((w - 8) / (size * 0.62))
    top = y + max(2 * r + 8, g + 4) + size * 0.9
    s = max(10.0, min(16.0, w * 0.14))
    by = y + h - s - 4
    lines = max(1, min(3, int((by - 2 - top) / (size * 1.12)) + 1))
    # The name comes before the VP in the markup (they do not overlap), the order of the
    # card's words: a button's name says "grape phylloxera, 1 VP".
    for i, words in enumerate(whole_lines(c.name, chars, lines)):
        weight = "bold" if i == 0 else "normal"
        line_y = top + i * size * 1.12
        node = text(parent, x + 5, line_y, words, size=size, fill=look.ink, weight=weight)
        fitted(node, chars, w - 10)
    text(parent, cx, cy + r * 0.42, str(c.vp), size=vp_size, anchor="middle", weight="bold")
    for i, t in enumerate(look.terrains):
        art.terrain_badge(parent, t, x + 4 + i * (s + 2), by, s)
    mx = x + w - 4 - s
    if c.predator:
        art.icon(parent, "predator", mx, by, s, PREDATOR_MARK)
        mx -= s + 2
    if c.flying:
        art.icon(parent, "flying", mx, by, s, look.ink)


def _band_path(x: float, y: float, w: float, band: float) -> str:
    """The bonus card's coloured band: its top `band` units, with the card's rounded corners."""
    r = w * 0.08
    return (
        f"M{x + 0.8:.1f} {y + band:.1f} L{x + 0.8:.1f} {y + r:.1f} "
        f"Q{x + 0.8:.1f} {y + 0.8:.1f} {x + r:.1f} {y + 0.8:.1f} "
        f"L{x + w - r:.1f} {y + 0.8:.1f} Q{x + w - 0.8:.1f} {y + 0.8:.1f} "
        f"{x + w - 0.8:.1f} {y + r:.1f} L{x + w - 0.8:.1f} {y + band:.1f} Z"
    )


def compact_bonus(
    parent: ET.Element, art: Art, bonus: BonusCard, x: float, y: float, w: float, h: float
) -> None:
    """A bonus card for hands and markets: a band, then each goal's swatch, name and value."""
    face = {"fill": BONUS_FACE, "stroke": BONUS_BAND, "stroke_width": 1.6, "class_": "face"}
    rect(parent, x, y, w, h, w * 0.08, **face)
    band = max(13.0, h * 0.16)
    el(parent, "path", d=_band_path(x, y, w, band), fill=BONUS_BAND)
    fs = max(9, min(13, round(w * 0.095)))
    title = "BONUS \u00d72" if bonus.is_double else "BONUS"
    bold_middle = {"anchor": "middle", "weight": "bold"}
    text(parent, x + w / 2, y + band * 0.5 + fs * 0.36, title, size=fs, fill=ON_BAND, **bold_middle)
    goals = [bonus.first] if bonus.is_double else [bonus.first, bonus.second]
    row = (h - band - 4) / 2
    sw = min(row - 4, w * 0.24)
    size = max(9, min(13, round(w * 0.1)))
    chars = int((w - sw - 12) / (size * 0.55))
    for i, goal in enumerate(goals):
        ry = y + band + 2 + (i + (0.5 if bonus.is_double else 0)) * row
        colour, ink, key, is_glyph = goal_look(goal)
        rect(parent, x + 4, ry + 2, sw, sw, 3, fill=colour, stroke=CARD_EDGE, stroke_width=0.8)
        draw = art.glyph if is_glyph else art.icon
        draw(parent, key, x + 5, ry + 3, sw - 2, ink)
        tx = x + sw + 8
        name = text(parent, tx, ry + 2 + size, _short_goal(goal), size=size, weight="bold")
        fitted(name, chars, x + w - 4 - tx)
        value = _goal_short_value(goal, bonus.is_double)
        text(parent, tx, ry + 2 + size * 2.2, value, size=size)


def mini_card(
    parent: ET.Element, art: Art, card_id: int, x: float, y: float, w: float, h: float
) -> None:
    """A small bug card in another seat's hand: its colour, glyph and VP."""
    c = card(card_id)
    look = card_look(card_id)
    rect(parent, x, y, w, h, 2.5, fill=look.colour, stroke=CARD_EDGE, stroke_width=0.8)
    art.glyph(parent, look.glyph, x + 1, y + 1, w - 2, look.ink)
    size = max(9, round(w * 0.45))
    text(
        parent,
        x + w / 2,
        y + h - 3,
        str(c.vp),
        size=size,
        fill=look.ink,
        anchor="middle",
        weight="bold",
    )


def mini_bonus(
    parent: ET.Element, bonus: BonusCard, x: float, y: float, w: float, h: float
) -> None:
    """A small bonus card: two stripes in the goals' colours and a "B"."""
    rect(parent, x, y, w, h, 2.5, fill=BONUS_FACE, stroke=BONUS_BAND, stroke_width=1.2)
    for i, goal in enumerate((bonus.first, bonus.second)):
        colour = goal_look(goal)[0]
        stripe_y = y + 2 + i * (h * 0.22)
        rect(
            parent, x + 2, stripe_y, w - 4, h * 0.2, fill=colour, stroke=CARD_EDGE, stroke_width=0.5
        )
    size = max(9, round(w * 0.45))
    text(
        parent,
        x + w / 2,
        y + h - 3,
        "B",
        size=size,
        fill=BONUS_BAND,
        anchor="middle",
        weight="bold",
    )


def token(
    parent: ET.Element,
    art: Art,
    card_id: int,
    cx: float,
    cy: float,
    r: float,
    owner_colour: str,
    owner_ink: str,
    letter: str,
) -> None:
    """A bug on the board: its category colour and glyph, ringed in its owner's colour, with the
    owner's letter on a badge (colour is not the only signal)."""
    look = card_look(card_id)
    ring = max(2.5, r * 0.24)
    owner = {"stroke": owner_colour, "stroke_width": num(ring)}
    circle(parent, cx, cy, r - ring / 2, fill=look.colour, **owner)
    circle(parent, cx, cy, r, fill="none", stroke=INK, stroke_width=0.8)
    g = r * 1.2
    art.glyph(parent, look.glyph, cx - g / 2, cy - g / 2, g, look.ink)
    br = max(5.5, r * 0.42)
    bx, by = cx + r * 0.78, cy - r * 0.72
    circle(parent, bx, by, br, fill=owner_colour, stroke=INK, stroke_width=0.8)
    size = max(8, round(br * 1.25))
    text(
        parent,
        bx,
        by + br * 0.42,
        letter,
        size=size,
        fill=owner_ink,
        anchor="middle",
        weight="bold",
    )


# --- the full cards (the page's popup) ------------------------------------------------------

FULL_W = 260
FULL_H = 390


def _italic(node: ET.Element) -> ET.Element:
    """`node` set in italics."""
    node.set("font-style", "italic")
    return node


def _full_frame(root: ET.Element, face: str, edge: str, width: int, band: str, bottom: int) -> None:
    """A full card's face and edge, and its coloured band `bottom` units tall."""
    rect(root, 1, 1, FULL_W - 2, FULL_H - 2, 14, fill=face, stroke=edge, stroke_width=width)
    right = FULL_W - 2
    d = f"M2 {bottom} L2 15 Q2 2 15 2 L{FULL_W - 15} 2 Q{right} 2 {right} 15 L{right} {bottom} Z"
    el(root, "path", d=d, fill=band)


def full_card_svg(card_id: int) -> str:
    """The whole bug card: names, category, VP, terrains, diet, flying and its natural history."""
    c: Card = card(card_id)
    look = card_look(card_id)
    sp = c.species
    title_id = f"spiel-card-{card_id}-title"
    root = svg_root(FULL_W, FULL_H, title_id, card_words(card_id), "spiel-full-card")
    root.set("data-card", str(card_id))
    art = Art(root)
    _full_frame(root, CARD_FACE, CARD_EDGE, 2, look.colour, 72)
    names = wrap(sp.common_name, 18, 2)
    for i, words in enumerate(names):
        text(root, 12, 26 + i * 20, words, size=18, fill=look.ink, weight="bold")
    below = 26 + len(names) * 20 - (2 if len(names) == 2 else 0)
    _italic(text(root, 12, below, shorten(sp.scientific_name, 30), size=13, fill=look.ink))
    circle(root, FULL_W - 30, 32, 22, fill=CARD_FACE, stroke=look.ink, stroke_width=1.5)
    text(root, FULL_W - 30, 36, str(c.vp), size=20, anchor="middle", weight="bold")
    text(root, FULL_W - 30, 48, "VP", size=9, anchor="middle")
    # the art: the glyph on a tint of the category colour
    rect(root, 12, 80, FULL_W - 24, 96, 8, fill=look.colour, fill_opacity=0.45)
    art.glyph(root, look.glyph, FULL_W / 2 - 44, 84, 88, INK)
    if c.flying:
        art.icon(root, "flying", 20, 150, 20, INK)
    if c.predator:
        art.icon(root, "predator", FULL_W - 40, 150, 20, PREDATOR_MARK)
    y = 196
    if c.category is None:
        cat_line, taxon = "Wild", "no category"
    else:
        cat = load_dataset().category(c.category)
        cat_line = f"{cat.common_name[:1].upper()}{cat.common_name[1:]}"
        taxon = f"{cat.rank} {cat.id}"
    art.glyph(root, look.glyph, 12, y - 13, 16, INK)
    text(root, 32, y, shorten(cat_line, 30), size=13, weight="bold")
    text(root, 32, y + 15, taxon, size=11)
    y += 38
    for i, t in enumerate(look.terrains):
        art.terrain_badge(root, t, 14 + i * 60, y - 13, 16)
        text(root, 33 + i * 60, y, TERRAIN_LOOKS[t].name[:9], size=11)
    y += 20
    diet = sp.diet.value.lower()
    role = "predator" if c.predator else ("prey" if c.prey else "never eaten")
    text(root, 14, y, f"Diet: {diet} · {role}", size=12)
    y += 17
    text(root, 14, y, "Flies: yes, may move on the board" if c.flying else "Flies: no", size=12)
    y += 10
    line(root, 14, y, FULL_W - 14, y, stroke=DIVIDER, stroke_width=1)
    y += 18
    for i, words in enumerate(wrap(sp.note, 38, 7)):
        _italic(text(root, 14, y + i * 16, words, size=12, fill=NOTE_INK))
    return markup(root)


def full_bonus_svg(bonus_id: int) -> str:
    """A whole bonus card: both goals (a double card's once, counted twice) and their values."""
    bonus = bonus_from_id(bonus_id)
    title_id = f"spiel-bonus-{bonus_id}-title"
    root = svg_root(FULL_W, FULL_H, title_id, bonus_words(bonus), "spiel-full-card")
    root.set("data-bonus", str(bonus_id))
    art = Art(root)
    _full_frame(root, BONUS_FACE, BONUS_BAND, 3, BONUS_BAND, 46)
    title = "Double bonus card" if bonus.is_double else "Bonus card"
    text(root, FULL_W / 2, 31, title, size=19, fill=ON_BAND, anchor="middle", weight="bold")
    goals = [bonus.first] if bonus.is_double else [bonus.first, bonus.second]
    top = 60 if not bonus.is_double else 110
    for i, goal in enumerate(goals):
        y = top + i * 128
        colour, ink, key, is_glyph = goal_look(goal)
        rect(root, 14, y, FULL_W - 28, 116, 10, fill=colour, stroke=CARD_EDGE, stroke_width=1)
        (art.glyph if is_glyph else art.icon)(root, key, 22, y + 10, 54, ink)
        for j, words in enumerate(wrap(goal_label(goal), 18, 3)):
            text(root, 84, y + 28 + j * 17, words, size=14, fill=ink, weight="bold")
        for j, words in enumerate(wrap(goal_value_words(goal, bonus.is_double), 30, 2)):
            text(root, 22, y + 84 + j * 16, words, size=13, fill=ink)
    if bonus.is_double:
        twice = "This goal counts twice."
        text(root, FULL_W / 2, 258, twice, size=13, anchor="middle", weight="bold")
    y = FULL_H - 66
    words = (
        "Play it on one of your bugs that matches a goal: every seat scores its own "
        "matching bugs in that tile's line."
    )
    for i, words_line in enumerate(wrap(words, 38, 4)):
        text(root, 14, y + i * 16, words_line, size=12, fill=NOTE_INK)
    return markup(root)
