"""The Bag of Bugs rules reference (docs/rules/bag-of-bugs.md), for the page's "How to play".

Its figures are drawn by the table's own renderer (`table_svg`: the same tokens, the same Grab
tokens), and every number in it is read from the engine when the reference is built: the bag
per player count from `tokens`, what each Grab token takes from `grabs` (its effects, and its
sizes by asking `grab_choices`/`taken_tokens` on a sample pool), the points from `scoring`. The
engine modules are read by attribute at call time, so a change there changes the reference.
"""

from __future__ import annotations

from dataclasses import replace

from bugs_core.bag_of_bugs import GAME, grabs, rules, scoring, tokens
from bugs_core.bag_of_bugs.state import BagSetup, BagView
from bugs_core.rng import Rng

from ...palette import BAG_BACKGROUND, BAG_PANEL, BAG_PANEL_EDGE, ON_BACKGROUND, TURN
from ...reference import figure, paragraph, section, table
from ...svg import el, markup, rect, svg_root, text
from .table_svg import _chip, _grabs, _token, token_name

__all__ = ["reference_html"]

FIGURE_CLASS = "reference-svg bag-reference"
"""The class of the reference's drawings (the page styles them apart from the live table)."""

EXAMPLE_COLOURS = (4, 3, 2, 1, 1)
"""The rule book's scoring example (§5.4, G30): Bugs of each colour, C1 to C5..."""
EXAMPLE_LARVAE = 1
EXAMPLE_SCARY = 3
"""... one Larva and three Scary Bugs, the table's most: it is an example, not a rule."""


def reference_html() -> str:
    """The rules reference of Bag of Bugs as an HTML fragment (every text escaped)."""
    return "".join((_bag_part(), _grabs_part(), _turn_part(), _scoring_part()))


def _players() -> list[int]:
    """The player counts the engine sets up, fewest first (G1)."""
    return sorted(tokens.REMOVED)


def _signed(points: int) -> str:
    """'+5', '-1', '0': a score line's points with their sign."""
    return f"{points:+d}" if points else "0"


# 1. The bag


def _bag_part() -> str:
    """What is in the bag at each player count: a drawing of each kind and a table."""
    players = _players()
    bags = {n: tokens.bag_for(n) for n in players}
    kinds = range(tokens.KINDS)
    intro = paragraph(
        f"Bag of Bugs is for {GAME.min_players} to {GAME.max_players} players (G1). Each turn "
        "one player, the Drawer, draws tokens from the bag one at a time while the others race "
        "to claim the numbered Grab tokens, which decide what each of them takes from the "
        "tokens drawn. The bag holds fewer tokens with fewer players (G3)."
    )
    rows = [
        (token_name(kind, 2), *(str(bags[n][kind]) for n in players), _what(kind)) for kind in kinds
    ]
    rows.append(("All tokens", *(str(sum(bags[n])) for n in players), "The whole bag."))
    head = ("Token", *(f"{n} players" for n in players), "What it is")
    return section(
        "What is in the bag",
        intro,
        figure(_bag_svg(players, bags), _bag_caption(players)),
        table(head, rows, "The bag's tokens by player count"),
    )


def _what(kind: int) -> str:
    """A newcomer's line on what a token kind does, its numbers from the engine."""
    if kind in tokens.COLOURS:
        return f"A bug of one of the {len(tokens.COLOURS)} colours: collect them (see Scoring)."
    if kind == tokens.SCARY:
        each = scoring.SCARY_POINTS
        unit = "point" if abs(each) == 1 else "points"
        return f"A bug nobody wants: {_signed(each)} {unit} each, and more for the most (G29)."
    if kind == tokens.LARVA:
        return f"Worth {_signed(scoring.LARVA_POINTS)} points each."
    if kind == tokens.WIND:
        return "Whoever takes it gives a token to the next player (G20)."
    return "Never taken: two in one draw end it (G8, G12)."


def _bag_caption(players: list[int]) -> str:
    """The bag drawing's caption: which player count uses the whole box, if one does."""
    full = [n for n in players if tokens.REMOVED[n] == 0]
    box = f" With {full[0]} players the bag is the whole box." if full else ""
    return f"One token of each kind, and how many of it the bag holds.{box}"


def _bag_svg(players: list[int], bags: dict[int, tokens.Tokens]) -> str:
    """One token of each kind as the table draws it, its name, and under it its count per
    player count."""
    label_w, col_w, r = 92, 78, 17
    width = label_w + col_w * tokens.KINDS + 12
    first_count = 2 * r + 58
    height = first_count + 22 * len(players) + 4
    summary = "The tokens in the bag: " + "; ".join(
        f"{n} players, {sum(bags[n])} tokens" for n in players
    )
    root = svg_root(width, height, "ref-bag-tokens", summary, FIGURE_CLASS)
    rect(root, 0, 0, width, height, 12, fill=BAG_BACKGROUND)
    for i, n in enumerate(players):
        y = first_count + 22 * i
        text(root, 12, y, f"{n} players", size=13, fill=TURN, weight="bold")
    items = el(root, "g", role="list")
    for kind in range(tokens.KINDS):
        counts = ", ".join(f"{bags[n][kind]} with {n} players" for n in players)
        item = el(items, "g", role="listitem", aria_label=f"{token_name(kind, 2)}: {counts}")
        cx = label_w + col_w * kind + col_w / 2
        _token(item, kind, cx, 12 + r, r)
        text(
            item, cx, 2 * r + 30, token_name(kind, 2), size=11, fill=ON_BACKGROUND, anchor="middle"
        )
        for i, n in enumerate(players):
            y = first_count + 22 * i
            text(
                item,
                cx,
                y,
                str(bags[n][kind]),
                size=14,
                fill=ON_BACKGROUND,
                anchor="middle",
                weight="bold",
            )
    return markup(root)


# 2. The Grab tokens


def _sample_pool(per_kind: int) -> tokens.Tokens:
    """A pool with `per_kind` tokens of every kind a grab may take."""
    return tuple(per_kind if k in tokens.GRABBABLE else 0 for k in range(tokens.KINDS))


def taken(grab: int, per_kind: int) -> int:
    """How many tokens Grab `grab` takes from a pool of `per_kind` of every grabbable kind, by
    the engine's own choices (its first one): the sizes live in its code, not in a table."""
    pool = _sample_pool(per_kind)
    choices = grabs.grab_choices(pool, grab)
    return sum(grabs.taken_tokens(pool, grab, choices[0])) if choices else 0


def kinds_taken(grab: int) -> int:
    """How many different kinds Grab `grab` takes from a pool that has them all."""
    pool = _sample_pool(2)
    choices = grabs.grab_choices(pool, grab)
    return len(choices[0]) if choices else 0


def _grab_detail(grab: int) -> str:
    """What a newcomer needs beyond the token's words: ties, short pools, the rule ids."""
    if grab in (1, 2):
        return "If groups tie, you pick which of them (G15)."
    plenty = taken(grab, 2)
    if kinds_taken(grab) == 1:
        single = taken(grab, 1)
        return (
            f"Any kind with at least {plenty} in the pool. With no such kind, {single} token "
            "of any kind (G16)."
        )
    return (
        f"You pick the {kinds_taken(grab)} kinds, one token of each. With fewer kinds in the "
        "pool, one of each kind there is (G17)."
    )


def _grab_view() -> BagView:
    """A view with every Grab token free, for the table's Grab drawing: the engine's own
    setup (fixed seat and seed: the drawing must not change from build to build)."""
    start = rules.initial_state(BagSetup(first_drawer=0), Rng(0))
    view = GAME.player_view(start, 0)
    return replace(view, claims=(None,) * len(tokens.GRAB_TOKENS))


def _grabs_svg() -> str:
    """The five Grab tokens, free, drawn and worded exactly as at the table."""
    width, top, r = 600, 14, 28
    height = top + 2 * r + 60
    summary = "The Grab tokens: " + "; ".join(
        f"Grab {g}: {grabs.GRAB_EFFECTS[g]}" for g in tokens.GRAB_TOKENS
    )
    root = svg_root(width, height, "ref-bag-grabs", summary, FIGURE_CLASS)
    rect(root, 0, 0, width, height, 12, fill=BAG_BACKGROUND)
    _grabs(root, _grab_view(), [], width, top, r, (), None)
    return markup(root)


def _grabs_part() -> str:
    """The Grab tokens: the drawing, what each takes, how a claim works."""
    numbers = tokens.GRAB_TOKENS
    rows = [
        (f"Grab {g}", grabs.GRAB_EFFECTS[g], str(taken(g, 2)), _grab_detail(g)) for g in numbers
    ]
    return section(
        "The Grab tokens",
        paragraph(
            f"There are {len(numbers)} Grab tokens, numbered {min(numbers)} to {max(numbers)}. "
            "Each player but the Drawer may claim one free Grab token per turn; a claim is "
            "final (G33). When drawing stops, the claimed tokens act in number order, each "
            "taking tokens from the pool for the player holding it. A grab must be "
            "taken even if it hurts (G19), and a grab on an empty pool takes nothing (G18)."
        ),
        figure(_grabs_svg(), "The Grab tokens as the table shows them, with what each takes."),
        table(
            ("Token", "Takes", "How many", "Details"),
            rows,
            "What each Grab token takes from the pool",
        ),
    )


# 3. Drawing, Rocks, Wind, leftovers and the race


def _turn_part() -> str:
    """The turn in short paragraphs, and the limits per player count."""
    players = _players()
    limits = ", ".join(f"{tokens.TOKEN_LIMIT[n]} with {n}" for n in players)
    pairs = ", ".join(f"{tokens.PAIRS_TO_END[n]} with {n}" for n in players)
    winds = {tokens.bag_for(n)[tokens.WIND] for n in players}
    wind_count = (
        f"the bag always holds {winds.pop()}, setup never removes them (G3). "
        if len(winds) == 1
        else ""
    )
    grabbers = GAME.max_players - 1
    rows = [
        (
            f"{n} players",
            str(sum(tokens.bag_for(n))),
            str(tokens.TOKEN_LIMIT[n]),
            str(tokens.PAIRS_TO_END[n]),
        )
        for n in players
    ]
    return section(
        "A turn: drawing, Rocks, Wind and the race",
        paragraph(
            f"Drawing: the Drawer draws one token at a time, at most {limits} players. Every "
            "token counts, Rocks and Winds too (G7). Drawing also stops at the second Rock "
            "(G8). The Drawer never chooses while drawing (G6)."
        ),
        paragraph(
            "Rocks are never taken (G12). When drawing stops, a lone Rock goes back into the "
            "bag (G11) and two Rocks are set aside as a pair. When the pairs set aside reach "
            f"{pairs} players, that turn is finished and the game is scored (G31)."
        ),
        paragraph(
            f"Wind: {wind_count}A Wind is a kind like the others, so two Winds make a group "
            "and any Grab may take one (G13, G14). Whoever takes a Wind gives any one token of "
            "their collection to the next player clockwise, then the Wind goes back into the "
            "bag (G20, G23, G24); two Winds, two gives (G22); with nothing to give, nothing "
            "happens (G21)."
        ),
        paragraph(
            "Leftovers: after the grabs, the Drawer takes every token left in the pool or "
            "puts them all back in the bag, all or nothing (G25). Winds taken this way give "
            "as usual."
        ),
        paragraph(
            "The race: after each token drawn, every player without a Grab token secretly "
            "chooses to wait or to claim a free one; answering faster gains nothing (G34). If "
            "two claim the same token, priority decides: it starts with the player on the "
            "Drawer's left and moves on one player with each token drawn; the loser claims "
            "again at once among the free tokens. The token that ends the draw "
            f"leaves no time to claim (G9). With at most {grabbers} players grabbing and "
            f"{len(tokens.GRAB_TOKENS)} Grab tokens, a free one is always there to claim."
        ),
        table(
            ("Players", "Tokens in the bag", "Most tokens drawn a turn", "Rock pairs to end"),
            rows,
            "The limits by player count",
        ),
    )


# 4. Scoring


def scoring_rows() -> list[tuple[str, str]]:
    """The score table's rows, (what, points), straight from `scoring`."""
    top = len(scoring.COLOUR_POINTS)
    rows = [
        (f"{n} {'Bug' if n == 1 else 'Bugs'} of one colour", _signed(scoring.colour_points(n)))
        for n in range(1, top)
    ]
    rows.append((f"{top} or more Bugs of one colour", _signed(scoring.colour_points(top))))
    rows += [
        ("At least one Bug of every colour (once)", _signed(scoring.SET_BONUS)),
        ("Each Larva", _signed(scoring.LARVA_POINTS)),
        ("Each Scary Bug", _signed(scoring.SCARY_POINTS)),
        ("The most Scary Bugs (at least one; ties all)", _signed(scoring.MOST_SCARY_PENALTY)),
    ]
    return rows


def example_collection() -> tokens.Tokens:
    """The rule book's example collection (§5.4)."""
    counts = [0] * tokens.KINDS
    for kind, count in zip(tokens.COLOURS, EXAMPLE_COLOURS, strict=True):
        counts[kind] = count
    counts[tokens.LARVA] = EXAMPLE_LARVAE
    counts[tokens.SCARY] = EXAMPLE_SCARY
    return tuple(counts)


def example_lines() -> list[tuple[str, int]]:
    """The example's score, line by line (what, points): its kinds, then the bonuses. The
    lines add up to `scoring.score` (the tests hold them to it)."""
    mine = example_collection()
    lines = [(token_name(c, mine[c]), scoring.colour_points(mine[c])) for c in tokens.COLOURS]
    for kind, each in ((tokens.LARVA, scoring.LARVA_POINTS), (tokens.SCARY, scoring.SCARY_POINTS)):
        lines.append((token_name(kind, mine[kind]), each * mine[kind]))
    if all(mine[c] > 0 for c in tokens.COLOURS):
        lines.append(("Every colour", scoring.SET_BONUS))
    lines.append(("Most Scary", scoring.MOST_SCARY_PENALTY))
    return lines


def _example_svg() -> str:
    """The example collection scored: each kind as a chip at the table, its points under it,
    then the bonuses and the total."""
    mine = example_collection()
    total = scoring.score(mine, True)
    lines = example_lines()
    kinds = [*tokens.COLOURS, tokens.LARVA, tokens.SCARY]
    col_w, label_w = 74, 70
    width = label_w + col_w * (len(lines) + 1) + 12
    height = 104
    summary = (
        "A scored collection: "
        + ", ".join(f"{mine[k]} {token_name(k, mine[k])}" for k in kinds)
        + f", the most Scary Bugs: {total} points"
    )
    root = svg_root(width, height, "ref-bag-score", summary, FIGURE_CLASS)
    rect(root, 0, 0, width, height, 12, fill=BAG_BACKGROUND)
    rect(root, 8, 8, width - 16, height - 16, 10, fill=BAG_PANEL, stroke=BAG_PANEL_EDGE)
    text(root, 16, 37, "Tokens", size=12, fill=ON_BACKGROUND)
    text(root, 16, 77, "Points", size=12, fill=TURN, weight="bold")
    # one column per line, then the total's: a kind's chip over its points, a bonus's name
    for i, (what, points) in enumerate(lines):
        left = float(label_w + col_w * i)
        if i < len(kinds):
            _chip(root, kinds[i], mine[kinds[i]], left + 8, 32)
            under = left + 24
        else:
            under = left + col_w / 2
            text(root, under, 37, what, size=11, fill=ON_BACKGROUND, anchor="middle")
        text(root, under, 77, _signed(points), size=15, fill=TURN, weight="bold", anchor="middle")
    middle = label_w + col_w * len(lines) + col_w / 2
    text(root, middle, 37, "Total", size=12, fill=ON_BACKGROUND, anchor="middle", weight="bold")
    text(root, middle, 77, f"= {total}", size=16, fill=TURN, weight="bold", anchor="middle")
    return markup(root)


def _scoring_part() -> str:
    """The points table from `scoring`, and the rule book's example scored."""
    mine = example_collection()
    total = scoring.score(mine, True)
    colours = " and ".join(", ".join(token_name(c, 2) for c in tokens.COLOURS).rsplit(", ", 1))
    return section(
        "Scoring",
        paragraph(
            "When the game ends each player scores their collection; the highest total wins "
            f"and ties share the win (G32). Only the {len(tokens.COLOURS)} colours ({colours}) "
            "score as sets and count for the bonus; Larvae and Scary Bugs do not (G28). A "
            "colour with too many still counts for the bonus. Nobody is the most Scary when "
            "nobody has a Scary Bug (G29)."
        ),
        table(("What you have", "Points"), scoring_rows(), "Points at the end of the game"),
        figure(
            _example_svg(),
            f"The rule book's example collection, with the most Scary Bugs: {total} points (G30).",
        ),
    )
