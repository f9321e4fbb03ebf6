"""Bugspiel's rules reference for its page's "How to play" (docs/rules/bugspiel.md): the markets
and their prices, terrain and tiles, predators, flying and turning, a bonus line being scored,
and the end.

Every number is read from the engine when the site is built (prices from `market`, deck sizes
from decks that `deck.build_deck` builds, points from `rules.bonus_points`...), and every figure
is drawn by the table's own renderers (`board_svg`, `panels_svg`, `cards_svg`), so the reference
cannot disagree with the rules or with what the table shows. Engine constants are read through
their modules at call time, not imported by name, so the reference follows any change to them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from bugs_core.bugspiel import board as board_rules
from bugs_core.bugspiel import cards as card_rules
from bugs_core.bugspiel import deck as deck_rules
from bugs_core.bugspiel import market, rules
from bugs_core.bugspiel import setup as setup_rules
from bugs_core.bugspiel import species as species_rules
from bugs_core.bugspiel.board import Space
from bugs_core.bugspiel.cards import Card
from bugs_core.bugspiel.deck import BonusCard, CategoryGoal, DietGoal
from bugs_core.bugspiel.species import DietClass, Terrain
from bugs_core.bugspiel.state import BugspielState, BugspielView, evolve
from bugs_core.rng import Rng

from ...reference import figure, paragraph, section, table
from ...svg import el, markup
from . import TARGET_RANGE
from .board_svg import draw_board, draw_legend
from .cards_svg import bonus_words, card_words, compact_bonus, compact_card
from .drawing import SEAT_LOOKS, Drawing, Highlight, Layout, button, card_height
from .panels_svg import _market

__all__ = ["FIGURE_SEED", "SAMPLE_DEALS", "reference_html"]

FIGURE_SEED = 1
"""The seed of the game whose opening the figures show (any seed would do; one keeps the
built page the same from build to build)."""
SAMPLE_DEALS = 100
"""How many seeded decks per board the deck sizes are read from: a deck's size depends on the
categories its seed draws, so the reference gives the range the engine actually deals."""

FIGURE_CLASS = "spiel-reference"
"""The figures' class: not the table's `spiel-table`, whose hover and animation rules in
spiel.css are for a live table."""
SEATS = 2
"""Seats in the figures' games: Yellow and Green are enough to show a line scored for both."""


# --- figures -------------------------------------------------------------------------------


def _opening(board: str) -> BugspielState:
    """The opening of the figures' game on `board`: decks, terrain and markets as the engine
    deals them."""
    setup = setup_rules.BugspielSetup(players=SEATS, board=board)
    return rules.initial_state(setup, Rng(FIGURE_SEED))


def _drawing(state: BugspielState, width: int, highlight: Highlight | None = None) -> Drawing:
    """A drawing of `state` as Yellow sees it, not interactive: nothing in a figure is a
    button, so keyboard users do not tab through the reference."""
    names = [look.name for look in SEAT_LOOKS[: state.players]]
    view = BugspielView(seat=0, table=state)
    layout = Layout.for_width(width)
    return Drawing(view, names, highlight or Highlight(), False, None, layout)


_URL = re.compile(r"url\(#([^)]+)\)")
"""A paint that points at an id: a fill's url(#...)."""


def _finish(d: Drawing, height: float, ident: str, label: str) -> str:
    """The drawing as markup, titled `label` under the id `ident`, `height` units tall.

    Every other id (the glyph symbols and terrain patterns in its defs) gets `ident` in front,
    and so does every reference to one: the table on the same page defines the same ids, and a
    url(#...) resolves to the first element of that id, which may sit in a closed <details>
    that the browser does not render.
    """
    root = d.root
    root.set("class", FIGURE_CLASS)
    root.set("viewBox", f"0 0 {d.layout.width} {round(height)}")
    d.background.set("height", str(round(height)))
    title = root.find("title")
    assert title is not None  # svg_root always gives the drawing a title
    renamed: dict[str, str] = {}
    for node in root.iter():
        old = node.get("id")
        if old is not None and node is not title:
            renamed[old] = f"{ident}-{old}"
            node.set("id", renamed[old])
    title.set("id", ident)
    title.text = label
    root.set("aria-labelledby", ident)

    def point(match: re.Match[str]) -> str:
        return f"url(#{renamed.get(match.group(1), match.group(1))})"

    for node in root.iter():
        for key, value in node.attrib.items():
            if key == "href" and value.startswith("#"):  # a <use> of a symbol
                node.set(key, f"#{renamed.get(value[1:], value[1:])}")
            elif "url(#" in value:
                node.set(key, _URL.sub(point, value))
    return markup(root)


def _market_figure() -> str:
    """The opening bug market of the figures' game, as the table draws it."""
    state = _opening(setup_rules.BOARDS[0])
    d = _drawing(state, 560)
    m = d.layout.margin
    bottom = _market(d, m, m, d.layout.width - 2 * m, bugs=True)
    prices = market.PRICES
    label = (
        f"The bug market at the start of a game: {market.MARKET_SLOTS} cards, priced from "
        f"{prices[0]} VP down to {prices[-1]} VP."
    )
    svg = _finish(d, bottom + m, "ref-spiel-market", label)
    caption = (
        "The bug market of a new game. Each slot's price is over its card; the number in a "
        "card's corner is what it scores when played. No opening card is a bargain: a card's "
        "value is above the deck's lowest by at most its slot's price (decision 13)."
    )
    return figure(svg, caption)


def _signed(n: int) -> str:
    """A turn or rotation as the rules write it: +1, -1, and 0 unsigned."""
    return f"{n:+d}" if n else "0"


TURNED = ("B2", "C2")
"""The tiles the board figure turns, one each way: two in the middle, where they show best."""


def _board_figure() -> str:
    """The small board of the figures' game, two tiles turned to show the three ways a tile
    lies, with the board's legend."""
    state = _opening(setup_rules.BOARDS[0])
    board = state.board
    start = state.rotations[0]  # every tile starts the same way (§5.4)
    one_way, other_way = (board_rules.rotate(start, turn) for turn in (1, -1))
    rotations = list(state.rotations)
    for name, rotation in zip(TURNED, (one_way, other_way), strict=True):
        rotations[board.index(board.tile(name))] = rotation
    state = evolve(state, rotations=tuple(rotations))
    d = _drawing(state, 440)
    m = d.layout.margin
    bottom = draw_board(d, m, m, d.layout.width - 2 * m)
    bottom = draw_legend(d, m, bottom + 6, d.layout.width - 2 * m)
    counts = ", ".join(f"{state.terrain.count(t)} {t.value}" for t in Terrain if t in state.terrain)
    turned = f"{TURNED[0]} lies at {_signed(one_way)} and {TURNED[1]} at {_signed(other_way)}"
    label = f"The {state.setup.board} board: {len(board)} hex tiles, {counts}; {turned}."
    svg = _finish(d, bottom + m, "ref-spiel-board", label)
    caption = (
        f"The {state.setup.board} board of a new game, its terrain as dealt: {counts}. Each "
        f"tile's {len(Space)} spaces (the dashed circles) lie along its dark line, the way its "
        f"lines run. Every tile starts at {_signed(start)}; here {turned}, the other two ways "
        "a tile can lie."
    )
    return figure(svg, caption)


def _first(what: str, test: Callable[[Card], bool]) -> Card:
    """The first card of the data set that passes `test` (a figure's example card)."""
    for c in card_rules.all_cards():
        if test(c):
            return c
    raise LookupError(f"the species data has no {what} for the rules reference")


def _example(what: str, test: Callable[[Card], bool], shown: Sequence[Card]) -> Card:
    """The dearest card that passes `test`, of a category not yet `shown` if there is one:
    examples of several values and colours say more than four beetles worth 1 VP each."""
    used = {c.category for c in shown}
    fits = [c for c in card_rules.all_cards() if test(c) and not c.wild]
    fresh = [c for c in fits if c.category not in used] or fits
    if not fresh:
        raise LookupError(f"the species data has no {what} for the rules reference")
    return max(fresh, key=lambda c: (c.vp, -c.id))


def _role(c: Card) -> str:
    """What a card does on the board, in a few words."""
    kind = "a predator" if c.predator else ("prey" if c.prey else "never eaten")
    return f"{kind} and flies" if c.flying else kind


def _cards_figure() -> str:
    """Four bug cards as the markets and hands draw them: a predator, its prey, a flyer and
    a parasite (which nothing may eat)."""
    wanted: list[tuple[str, Callable[[Card], bool]]] = [
        ("predator", lambda c: c.predator and not c.flying),
        ("prey", lambda c: c.prey and not c.flying),
        ("flyer", lambda c: c.flying and not c.predator),
        ("bug nothing eats", lambda c: not c.predator and not c.prey),
    ]
    examples: list[Card] = []
    for what, test in wanted:
        examples.append(_example(what, test, examples))
    state = _opening(setup_rules.BOARDS[0])
    d = _drawing(state, 560)
    m, gap = d.layout.margin, d.layout.gap
    cw = (d.layout.width - 2 * m - (len(examples) - 1) * gap) / len(examples)
    ch = card_height(cw)
    for i, c in enumerate(examples):
        g = el(d.root, "g", data_card=c.id)
        compact_card(g, d.art, c.id, m + i * (cw + gap), m, cw, ch)
        button(g, card_words(c.id), False)
    label = "Four bug cards: " + "; ".join(card_words(c.id) for c in examples) + "."
    svg = _finish(d, ch + 2 * m, "ref-spiel-cards", label)
    caption = (
        "Bug cards show their value in the corner, the terrains they live in at the bottom "
        "left and the predator and flying marks at the bottom right. Here "
        + "; ".join(f"the {c.name} ({c.vp} VP) is {_role(c)}" for c in examples)
        + "."
    )
    return figure(svg, caption)


YELLOW, GREEN = 0, 1
"""The two seats of the bonus line's example."""
SEATS_OF_BUGS = (YELLOW, YELLOW, GREEN, GREEN)
"""The owner of each of `_line_bugs`."""


def _line_bugs(category: str, diet: DietGoal) -> tuple[Card, Card, Card, Card] | None:
    """The bonus line's bugs for a card of `category` and `diet`, or None if the data has
    none: a bug of the category matching both goals (where the card is played), one of
    another category matching `diet`, one of the category not matching `diet` that shares
    a terrain with that one (they stand on one tile), and one more of the category (on the
    turned tile). No wild bug and no predator: the wild rule (decision 11) is said apart."""

    def plain(c: Card) -> bool:
        return not c.wild and not c.predator and c.category == category

    try:
        both = _first("category bug of the diet", lambda c: plain(c) and c.diet_goal is diet)
        rival = _first(
            "category bug of another diet", lambda c: plain(c) and c.diet_goal is not diet
        )
        other = _first(
            "bug of the diet of another category",
            lambda c: (
                not c.wild
                and c.category not in (None, category)
                and c.diet_goal is diet
                and bool(c.terrains & rival.terrains)
            ),
        )
        shut_out = _first("third category bug", lambda c: plain(c) and c not in (both, rival))
    except LookupError:
        return None
    return both, other, rival, shut_out


class LineExample:
    """A bonus card played on the small board and scored by the engine (§6.7): the figure's
    position, the card, where it is played and what each seat scores."""

    def __init__(self) -> None:
        opening = _opening(setup_rules.BOARDS[0])
        board = opening.board
        self.bonus, self.placed = self._cards()
        # A row along rotation 0 (§2.2) on the small board: B1, C2 and D2. The card is played
        # on B1; D2 is turned, so the line stops before it.
        self.start, self.middle, self.far = (board.index(board.tile(n)) for n in ("B1", "C2", "D2"))
        spaces = (
            3 * self.start + Space.CENTRE,
            3 * self.middle + Space.ABOVE,
            3 * self.middle + Space.BELOW,
            3 * self.far + Space.CENTRE,
        )
        cards, owners = list(opening.cards), list(opening.owners)
        terrain = list(opening.terrain)
        for space, (c, owner) in zip(spaces, self.placed, strict=True):
            cards[space], owners[space] = c.id, owner
        for tile in (self.start, self.middle, self.far):
            here = [c for s, (c, _) in zip(spaces, self.placed, strict=True) if s // 3 == tile]
            # The first terrain every bug on the tile lives in, so the position is a legal one.
            terrain[tile] = next(t for t in Terrain if all(t in c.terrains for c in here))
        self.turn = 1
        rotations = list(opening.rotations)
        rotations[self.far] = board_rules.rotate(rotations[self.far], self.turn)
        self.state = evolve(
            opening,
            cards=tuple(cards),
            owners=tuple(owners),
            terrain=tuple(terrain),
            rotations=tuple(rotations),
        )
        self.spaces = spaces
        self.space = spaces[0]
        self.line = tuple(sorted(rules.line_of(self.state, self.start)))
        self.points = rules.bonus_points(self.state, self.bonus, self.space)

    @staticmethod
    def _cards() -> tuple[BonusCard, list[tuple[Card, int]]]:
        """The bonus card (a category and Herbivores) and the four bugs with their owners
        (`_line_bugs`). The category is the rarest that has such bugs: its bugs are worth the
        most, so the category goal's points stand out."""
        data = species_rules.load_dataset()
        for category in sorted(data.categories, key=lambda cat: data.size(cat.id)):
            bugs = _line_bugs(category.id, DietGoal.HERBIVORES)
            if bugs is not None:
                bonus = BonusCard.of(CategoryGoal(category.id), DietGoal.HERBIVORES)
                return bonus, [(c, owner) for c, owner in zip(bugs, SEATS_OF_BUGS, strict=True)]
        raise LookupError("the species data has no category for the bonus line's example")

    def tile_name(self, tile: int) -> str:
        """A tile's name on the example's board ("B1")."""
        board = self.state.board
        return board.label(board.tiles[tile])

    def scored(self) -> list[tuple[int, Card, list[tuple[str, int]]]]:
        """Each bug in the line that scores: its owner, the card and its points per goal
        (`cards.goal_matches`, `cards.goal_value`; the example holds no wild bug)."""
        out = []
        for space, (c, owner) in zip(self.spaces, self.placed, strict=True):
            if space // 3 not in self.line:
                continue
            goals = (self.bonus.first, self.bonus.second)
            got = [
                (card_rules.goal_label(g), card_rules.goal_value(g, c))
                for g in goals
                if card_rules.goal_matches(g, c)
            ]
            if got:
                out.append((owner, c, got))
        return out

    def _totals(self) -> str:
        return ", ".join(f"{SEAT_LOOKS[p].name} {n:+d}" for p, n in enumerate(self.points))

    def svg(self) -> str:
        """The board with the line outlined and each seat's points, beside the bonus card."""
        highlight = Highlight(chosen=self.space, line=self.line, points=self.points)
        d = _drawing(self.state, 560, highlight)
        m, gap = d.layout.margin, d.layout.gap
        cw = d.layout.card_w
        ch = card_height(cw)
        bw = d.layout.width - 2 * m - gap - cw
        bottom = draw_board(d, m, m, bw)
        g = el(d.root, "g", data_bonus=card_rules.bonus_id(self.bonus))
        compact_bonus(g, d.art, self.bonus, m + bw + gap, m + 6, cw, ch)
        button(g, bonus_words(self.bonus), False)
        names = [self.tile_name(t) for t in self.line]
        label = (
            f"A bonus card played on Yellow's {self.placed[0][0].name} at "
            f"{self.tile_name(self.start)}: the line {', '.join(names)} scores {self._totals()}."
        )
        return _finish(d, max(bottom, m + 6 + ch) + m, "ref-spiel-line", label)

    def caption(self) -> str:
        """What the figure shows, the points bug by bug and each seat's total (the engine's)."""
        items = "; ".join(
            f"{SEAT_LOOKS[owner].name}'s {c.name} ({c.vp} VP) "
            + " and ".join(f"{n} for {goal}" for goal, n in got)
            for owner, c, got in self.scored()
        )
        # Semicolons: a category's name may hold commas and "and" ("barklice, booklice and lice").
        goals = "; ".join(card_rules.goal_label(g) for g in (self.bonus.first, self.bonus.second))
        return (
            f"Yellow plays a bonus card ({goals}) on its {self.placed[0][0].name} at "
            f"{self.tile_name(self.start)} (ringed). The line is "
            f"{', '.join(self.tile_name(t) for t in self.line)} (outlined): "
            f"{self.tile_name(self.far)} is turned {self.turn:+d}, so the line stops before it "
            f"and Green's {self.placed[-1][0].name} there scores nothing. Scored: {items}. "
            f"Totals: {self._totals()}."
        )


# --- sections ------------------------------------------------------------------------------


def _span(values: Sequence[int]) -> str:
    """The range of some numbers in words: "63 to 197", or one number when they agree."""
    low, high = min(values), max(values)
    return str(low) if low == high else f"{low} to {high}"


def _deck_rows() -> list[tuple[str, ...]]:
    """Per board: the least category cards (§4.1), the wild cards (§4.3), and the bug and bonus
    decks' sizes over SAMPLE_DEALS seeded decks (§4.5, decision 5)."""
    data = species_rules.load_dataset()
    rows: list[tuple[str, ...]] = []
    for name in setup_rules.BOARDS:
        board = board_rules.board_for(name)
        decks = [deck_rules.build_deck(seed, board, data) for seed in range(SAMPLE_DEALS)]
        rows.append(
            (
                name,
                str(deck_rules.deck_size(board)),
                str(deck_rules.wild_count(board)),
                _span([len(d.cards) for d in decks]),
                _span([len(d.goals) for d in decks]),
            )
        )
    return rows


def _market_section() -> str:
    """§6.1-6.3 and decision 12: prices, buying, the slide after a Pass, the decks."""
    prices = market.PRICES
    cheapest = market.MARKET_SLOTS - 1
    price_table = table(
        ("Slot", "Price (VP)"),
        [(str(slot), str(price)) for slot, price in enumerate(prices)],
        "Market slots and their prices (§6.1)",
    )
    deck_table = table(
        (
            "Board",
            "Category cards, at least",
            "Wild cards",
            f"Bug deck, in {SAMPLE_DEALS} deals",
            f"Bonus deck, in {SAMPLE_DEALS} deals",
        ),
        _deck_rows(),
        "How many cards the decks hold (§4, decision 5)",
    )
    return section(
        "The markets and their prices",
        paragraph(
            "You pay for cards with your score. There are two markets, one of bug cards and "
            f"one of bonus cards, each of {market.MARKET_SLOTS} slots. The price belongs to "
            f"the slot, the same in both markets: slot 0 is the dearest at {prices[0]} VP, "
            f"slot {cheapest} the cheapest at {prices[cheapest]} VP (§6.1)."
        ),
        price_table,
        paragraph(
            "Buying a card takes it to your hand and its price comes off your score, even "
            "below zero: there is no check that you can afford it (§6.1, §13.1). A hand holds "
            f"at most {rules.HAND_LIMIT} bug cards and {rules.HAND_LIMIT} bonus cards, checked "
            "when you buy (§6.3). Then that market closes the gap: the cheaper cards move "
            f"toward slot {cheapest}, the card that was in slot {cheapest} is discarded "
            "(unless it was the one bought), and new cards from that market's deck fill the "
            "dear slots (§6.2)."
        ),
        paragraph(
            "Passing is always allowed. After a Pass that does not end the game, both markets "
            f"slide one slot cheaper (decision 12): each discards its slot-{cheapest} card "
            f"(the {prices[cheapest]} VP one), every other card moves one slot down, and a new "
            f"card from its deck comes into slot 0 at {prices[0]} VP. A card nobody buys "
            "gets cheaper with every pass. If a deck is empty, its slot 0 stays empty and the "
            "game ends (§10.1)."
        ),
        _market_figure(),
        paragraph(
            "A bug deck is every card of some whole categories (orders such as beetles), at "
            f"least {deck_rules.MIN_CATEGORIES} categories and at least as many cards as the "
            "board asks for, plus a few wild cards that belong to no category (§4). So its "
            "size depends on the categories a game draws. The bonus deck holds as many cards "
            f"as the bug deck, and at least {deck_rules.BONUS_DECK_MIN} (decision 5). Only the "
            "order of the two decks is hidden; hands, markets and scores are public "
            "(decision 8)."
        ),
        deck_table,
    )


def _habitat_rows() -> list[tuple[str, ...]]:
    """Per terrain: the raw habitats that allow it (§3.1) and how many bug cards live there."""
    every = card_rules.all_cards()
    rows: list[tuple[str, ...]] = []
    for t in Terrain:
        habitats = [h.value.lower() for h, ts in species_rules.HABITAT_TERRAINS.items() if t in ts]
        living = sum(1 for c in every if t in c.terrains)
        rows.append((t.value, ", ".join(habitats), str(living)))
    return rows


def _board_rows() -> list[tuple[str, ...]]:
    """Per board: its tiles, spaces and column heights (§1.3)."""
    rows: list[tuple[str, ...]] = []
    for name in setup_rules.BOARDS:
        board = board_rules.board_for(name)
        columns: dict[int, int] = {}
        for tile in board.tiles:
            columns[tile.q] = columns.get(tile.q, 0) + 1
        heights = ", ".join(str(n) for _, n in sorted(columns.items()))
        rows.append((name, str(len(board)), str(len(board) * len(Space)), heights))
    return rows


def _terrain_section() -> str:
    """§1.3-1.4, §2.1 and §3.1: boards, tiles, their spaces and terrains."""
    terrains = [t.value for t in Terrain]
    return section(
        "Terrain and tiles",
        paragraph(
            f"The board is made of hex tiles, each of one of {len(terrains)} terrains: "
            f"{', '.join(terrains[:-1])} and {terrains[-1]}. A tile has {len(Space)} spaces, "
            "each holding at most one bug and owned by whoever put the last card there "
            "(§2.1). A bug may be played on any space of any tile whose terrain it lives in; "
            "there is no rule about neighbours (§6.4, §13.6)."
        ),
        _board_figure(),
        table(
            ("Board", "Tiles", "Spaces", "Tiles per column"),
            _board_rows(),
            "The boards (§1.1, §1.3)",
        ),
        paragraph(
            "Which terrains a bug lives in comes from its habitats, shown on its card (§3.1). "
            "The terrain of the tiles is dealt in proportion to the deck's bugs, so every bug "
            "has somewhere to go (§1.4)."
        ),
        table(
            ("Terrain", "Habitats", "Bug cards living there"),
            _habitat_rows(),
            "Terrains and habitats (§3.1)",
        ),
    )


def _diets(test: Callable[[frozenset[DietClass]], bool]) -> str:
    """The diets whose classes pass `test`, in words ("carnivore and omnivore")."""
    names = [d.value.lower() for d, cls in species_rules.DIET_CLASSES.items() if test(cls)]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _moves_section() -> str:
    """§6.4-6.6, §2.2-2.3 and decision 9: playing, eating, flying, turning a tile."""
    every = card_rules.all_cards()
    predators = sum(1 for c in every if c.predator)
    flyers = sum(1 for c in every if c.flying)
    rotations = board_rules.ROTATIONS
    start = _opening(setup_rules.BOARDS[0]).rotations[0]  # every tile starts the same way
    return section(
        "Predators and eating, flying, turning a tile",
        paragraph(
            "Playing a bug from your hand scores its value at once (§6.4, §7). A bug that "
            "is not a predator needs an empty space."
        ),
        paragraph(
            "Predators: "
            + _diets(lambda cls: DietClass.PREDATOR in cls)
            + f" bugs ({predators} of the {len(every)} bug cards). A predator must land on a "
            "prey bug, anyone's, your own too, and never on an empty space (§6.4). It eats "
            "the prey, which goes to the discard pile: its owner keeps the VP it scored, and "
            "the predator scores only its own value (§6.5). Prey: "
            + _diets(lambda cls: DietClass.PREY in cls)
            + " bugs. Predators and "
            + _diets(lambda cls: DietClass.PREY not in cls and DietClass.PREDATOR not in cls)
            + " bugs are never eaten (§3.1, §13.5)."
        ),
        paragraph(
            f"Flying: {flyers} of the {len(every)} bug cards fly. Instead of playing a card, "
            "you may fly one of your own flying bugs to any other space it could be played "
            "on, on its own tile too (§6.6, decision 6). A flight scores nothing; a flying "
            "predator must land on prey and eats it. The space it leaves is empty and "
            "nobody's."
        ),
        paragraph(
            "Turning a tile: a tile lies one of "
            f"{len(rotations)} ways ({', '.join(_signed(r) for r in rotations)}; every tile "
            f"starts at {_signed(start)}), and its spaces line up along the "
            "way its lines run (§2.2). The tile a bug lands on, played or flown, may turn "
            "one step either way as part of that same move (decision 9): never on its own, "
            "never after a purchase or a bonus card. Turning is free and scores nothing, but "
            "it changes every player's lines (§2.3)."
        ),
        _cards_figure(),
    )


def _goal_rows() -> list[tuple[str, ...]]:
    """Per goal: what it scores for each matching bug (§3.3)."""
    rows: list[tuple[str, ...]] = [
        ("A category (such as beetles)", f"{card_rules.BONUS_MULTIPLIER} x the bug's VP")
    ]
    rows += [(g.value, str(card_rules.diet_points(g))) for g in DietGoal]
    return rows


def _bonus_section() -> str:
    """§2.4, §3.3, §6.7 and decision 11: a bonus card played, its line scored."""
    example = LineExample()
    return section(
        "Bonus cards and their lines",
        paragraph(
            "A bonus card names two goals (the same goal twice makes a double card, which "
            "counts twice). Play it on one of your own bugs that matches a goal (§6.7). The "
            "line runs from that bug's tile both ways along the tile's line, through tiles "
            "that lie the same way and hold at least one bug; the first tile that does not "
            "ends it (§2.4). Every player then scores their own matching bugs in the line, so "
            "an opponent may score more than you (§6.7, §13.9)."
        ),
        table(("Goal", "Points per matching bug"), _goal_rows(), "Bonus goals (§3.3)"),
        figure(example.svg(), example.caption()),
        paragraph(
            "Wild bugs belong to no category. A wild bug scores for a category goal only for "
            "a player who has a real match of that category in the line. A bonus card may go "
            "on a wild bug only when its diet or flying matches a goal (§13.11, decision 11)."
        ),
    )


def _end_section() -> str:
    """§10 and decision 10: the target, the other ends, the winner."""
    target = setup_rules.DEFAULT_TARGET_SCORE
    low, high = TARGET_RANGE
    boards = setup_rules.BOARDS
    prices = market.PRICES
    ends = [
        (f"a score reaches the target ({target} VP unless the game set another)", "§10.1"),
        ("every player passed, one after another", "§10.1, §13.13"),
        (f"slot 0 ({prices[0]} VP) of either market is empty", "§10.1, §13.14"),
        (
            f"{rules.IDLE_ROUNDS} rounds of moves ({rules.IDLE_ROUNDS} x the number of players) "
            "without a purchase, a bug played from hand, a bonus card played or a meal",
            "decision 10",
        ),
        (f"{rules.GUARD:,} moves have been played", "decision 10"),
    ]
    return section(
        "The end",
        paragraph(
            f"Bugspiel is a race to the target: {target} VP on both boards "
            f"({' and '.join(boards)}) unless the setup screen chooses another (a game's link "
            f"may ask for any target from {low} to {high}). The end is checked after every "
            "move, and the game ends at once when one of these holds (§10.1):"
        ),
        table(("The game ends when", "Rule"), ends, "How a game ends"),
        paragraph(
            "The highest score wins; players tied for it share the win (§10.2, decision 7). "
            f"A game has {setup_rules.MIN_PLAYERS} to {setup_rules.MAX_PLAYERS} players, "
            "and the first seat moves first (§1.2)."
        ),
    )


def reference_html() -> str:
    """Bugspiel's rules reference as an HTML fragment: sections with tables and figures."""
    return "".join(
        (
            _market_section(),
            _terrain_section(),
            _moves_section(),
            _bonus_section(),
            _end_section(),
        )
    )
