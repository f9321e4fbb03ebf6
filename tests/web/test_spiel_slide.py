"""The Bugspiel page shows the markets' clock (decision 12): after a Pass every market card
moves one slot cheaper, the 1 VP cards are discarded and a card comes in at 15 VP. The session
says what slid, the table marks it (each moved card with its offset from its old slot, the card
come in, each discarded card as a ghost that fades out) with the cards at their new slots, the
log says it in the engine's words, the markets show how many cards each deck has left, and the
Pass button says what a pass does."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from bugs_core.bugspiel import GAME
from bugs_core.bugspiel.actions import Pass, PlayBug
from bugs_core.bugspiel.cards import bonus_id
from bugs_core.bugspiel.deck import BonusCard
from bugs_core.bugspiel.market import PRICES
from bugs_core.record import Seat
from bugs_web.games.bugspiel.screen import (
    KEY_HELP,
    SLIDE_MS,
    SlideClock,
    controls_html,
    highlight_of,
)
from bugs_web.games.bugspiel.session import MarketSlide, SpielSession
from bugs_web.games.bugspiel.table_svg import render_table

NS = "{http://www.w3.org/2000/svg}"
PEOPLE = [Seat("You", "human"), Seat("Ana", "human")]
SLIDE_MARKS = ("spiel-slid", "spiel-slide-in", "spiel-slide-ghost")


def start(seats: list[Seat] | None = None, seed: int = 5) -> SpielSession:
    return SpielSession.start(seats or PEOPLE, seed)


def draw(session: SpielSession, width: int = 960) -> ET.Element:
    """The table as the page draws it right after the session's last action."""
    svg = render_table(
        session.view(),
        names=session.names,
        highlight=highlight_of(session),
        width=width,
        slide=session.slid,
    )
    return ET.fromstring(svg)


def classes(node: ET.Element) -> set[str]:
    return set(node.get("class", "").split())


def marked(root: ET.Element, name: str) -> list[ET.Element]:
    return [n for n in root.iter() if name in classes(n)]


def markets(root: ET.Element) -> list[ET.Element]:
    found = marked(root, "spiel-market")
    assert len(found) == 2
    return found


def slots(market: ET.Element) -> list[ET.Element]:
    return [n for n in market if "spiel-slot" in classes(n)]


def price_pill(slot: ET.Element) -> tuple[float, float]:
    """Where a slot is: the top left corner of its price pill, the slot's first rectangle."""
    pill = slot.find(f"{NS}rect")
    assert pill is not None
    return float(pill.get("x", "nan")), float(pill.get("y", "nan"))


def face(node: ET.Element) -> ET.Element:
    """A compact card's face (its outline), wherever it is inside `node`."""
    found = [n for n in node.iter() if "face" in classes(n)]
    assert len(found) == 1
    return found[0]


def bug_play(session: SpielSession) -> PlayBug:
    return next(a for a in session.legal if isinstance(a, PlayBug))


# -- the session ------------------------------------------------------------------------------


def test_a_pass_slides_the_markets_and_the_session_says_what_left() -> None:
    before = start()
    after = before.pass_turn()
    assert before.slid is None
    assert after.slid == MarketSlide(1, before.state.bug_market[-1], before.state.bonus_market[-1])
    assert after.state.bug_market[1:] == before.state.bug_market[:-1]
    assert after.state.bonus_market[1:] == before.state.bonus_market[:-1]
    assert after.log[-1].startswith("You pass. The markets slide one slot cheaper: ")
    assert after.log[-1] == GAME.describe(before.state, Pass(), ["You", "Ana"])


def test_a_bots_pass_slides_the_markets_and_the_log_says_it() -> None:
    session = start([Seat("You", "human"), Seat("Ana", "easy")])
    mine = bug_play(session)
    ana = session.play(str(mine))
    assert ana.bot_turn() is not None and ana.slid is None  # a bug from the hand slides nothing
    after = ana.bot_move(1, 1, "pass")
    assert after.record.actions[-1] == "pass" and after.slid is not None
    assert after.slid.moves == 2 and after.slid.bug_gone == ana.state.bug_market[-1]
    assert after.log[-1].startswith("Ana passes. The markets slide one slot cheaper: ")
    assert after.state.bug_market[1:] == ana.state.bug_market[:-1]


def test_nothing_slides_after_a_bug_play_or_a_purchase() -> None:
    passed = start().pass_turn()
    played = passed.play(str(bug_play(passed)))  # the next move is no pass: the slide is over
    assert played.slid is None
    bought = start().pick_buy("bug", 3).confirm()
    assert bought.record.actions == ("buy bug 3",) and bought.slid is None
    for session in (played, bought, start()):
        root = draw(session)
        assert not any(marked(root, name) for name in SLIDE_MARKS)
        assert "data-slide-dx" not in ET.tostring(root, encoding="unicode")


def test_a_pass_that_ends_the_game_slides_nothing() -> None:
    over = start().pass_turn().pass_turn()  # both pass in a row: the game ends (section 10)
    assert over.over and over.slid is None
    assert over.state.bug_market == start().pass_turn().state.bug_market
    assert not any(marked(draw(over), name) for name in SLIDE_MARKS)


# -- the table --------------------------------------------------------------------------------


@pytest.mark.parametrize("width", [360, 960, 1400])
def test_the_table_marks_each_moved_card_with_its_offset_from_its_old_slot(width: int) -> None:
    before = start()
    after = before.pass_turn()
    root = draw(after, width)
    both = (after.state.bug_market, after.state.bonus_market)
    for market, cards in zip(markets(root), both, strict=True):
        groups = slots(market)
        assert len(groups) == len(PRICES) == len(cards)
        places = [price_pill(g) for g in groups]
        for slot, (group, item) in enumerate(zip(groups, cards, strict=True)):
            assert item is not None
            # the final drawing: each card at its new slot, under that slot's price
            key = "data-bonus" if isinstance(item, BonusCard) else "data-card"
            number = bonus_id(item) if isinstance(item, BonusCard) else item
            assert group.get(key) == str(number)
            assert float(face(group).get("x", "nan")) == pytest.approx(places[slot][0])
            inner = [n for n in group if classes(n) & {"spiel-slid", "spiel-slide-in"}]
            assert len(inner) == 1, "the card's art is one group; its price stays with the slot"
            moved = inner[0]
            if slot == 0:  # in from the deck
                assert classes(moved) == {"spiel-slide-in"}
                assert "data-slide-dx" not in moved.attrib
                continue
            assert classes(moved) == {"spiel-slid"}
            assert moved.get("data-slid-from") == str(slot - 1)
            dx = float(moved.get("data-slide-dx", "nan"))
            dy = float(moved.get("data-slide-dy", "nan"))
            was, now = places[slot - 1], places[slot]
            assert (dx, dy) == pytest.approx((was[0] - now[0], was[1] - now[1]), abs=0.06)
            assert (dx, dy) != (0, 0)


def test_the_discarded_cards_fade_out_as_ghosts_no_one_can_pick() -> None:
    before = start()
    after = before.pass_turn()
    assert after.slid is not None
    gone_bug, gone_bonus = before.state.bug_market[-1], before.state.bonus_market[-1]
    assert gone_bug is not None and gone_bonus is not None
    assert after.state.bug_discard[-1] == gone_bug
    assert after.state.bonus_discard[-1] == gone_bonus
    root = draw(after)
    bug_market, bonus_market = markets(root)
    for market, attribute, number in (
        (bug_market, "data-discarded-card", gone_bug),
        (bonus_market, "data-discarded-bonus", bonus_id(gone_bonus)),
    ):
        ghosts = marked(market, "spiel-slide-ghost")
        assert len(ghosts) == 1
        ghost = ghosts[0]
        assert ghost.get(attribute) == str(number)
        # faded out already: what the table shows without the animation, or after it
        assert ghost.get("opacity") == "0" and ghost.get("aria-hidden") == "true"
        assert not {"role", "tabindex", "data-card", "data-bonus"} & set(ghost.attrib)
        assert not any(k.startswith("data-buy") for n in ghost.iter() for k in n.attrib)
        # where the 1 VP card lay: under that slot's price
        last = price_pill(slots(market)[-1])
        assert float(face(ghost).get("x", "nan")) == pytest.approx(last[0])
    # Ana is to act, so she is the viewer: her buttons are the market's cards, never a ghost
    buys = [n for n in root.iter() if "data-buy-bug" in n.attrib]
    assert [n.get("data-card") for n in buys] == [str(c) for c in after.state.bug_market]


def test_a_slide_without_a_discarded_card_draws_no_ghost_for_it() -> None:
    after = start().pass_turn()
    assert after.slid is not None
    bare = MarketSlide(after.slid.moves, None, after.slid.bonus_gone)  # an empty 1 VP slot
    root = ET.fromstring(render_table(after.view(), names=after.names, slide=bare))
    bug_market, bonus_market = markets(root)
    assert marked(bug_market, "spiel-slide-ghost") == []
    assert len(marked(bonus_market, "spiel-slide-ghost")) == 1
    assert len(marked(bug_market, "spiel-slid")) == len(PRICES) - 1  # the rest slid all the same


@pytest.mark.parametrize("width", [320, 360, 960])
def test_each_market_says_how_many_cards_its_deck_has_left(width: int) -> None:
    for session in (start(), start().pass_turn(), start().pass_turn().pick_buy("bonus", 2)):
        state = session.state
        root = draw(session, width)
        words = [n.text or "" for n in root.iter(f"{NS}text")]
        bug_line = f"Bug deck: {len(state.bug_deck)} left · discard {len(state.bug_discard)}"
        bonus_line = (
            f"Bonus deck: {len(state.bonus_deck)} left · discard {len(state.bonus_discard)}"
        )
        assert bug_line in words and bonus_line in words  # visible text, not only a label
        bug_market, bonus_market = markets(root)
        assert bug_market.get("aria-label") == (
            f"Bug market. Bug deck: {len(state.bug_deck)} left, discard {len(state.bug_discard)}"
        )
        assert "Bonus deck: " in bonus_market.get("aria-label", "")
    first, slid = start().state, start().pass_turn().state
    assert len(slid.bug_deck) == len(first.bug_deck) - 1  # slot 0 refilled from each deck
    assert len(slid.bonus_deck) == len(first.bonus_deck) - 1


def test_the_decks_order_never_shows() -> None:
    session = start().pass_turn()
    root = draw(session)
    drawn = {
        int(value)
        for node in root.iter()
        for key, value in node.attrib.items()
        if key in ("data-card", "data-discarded-card")
    }
    assert drawn and not drawn & set(session.state.bug_deck)  # no card of the deck shows
    shown = [n.text or "" for n in root.iter(f"{NS}text")]
    assert f"Bug deck: {len(session.state.bug_deck)} left · discard 1" in shown  # its size only


# -- the controls -----------------------------------------------------------------------------


def test_the_pass_button_says_what_a_pass_does() -> None:
    root = ET.fromstring(f"<div>{controls_html(start())}</div>")
    buttons = [b for b in root.iter("button") if b.get("data-ui") == "pass"]
    assert len(buttons) == 1
    button = buttons[0]
    assert "".join(button.itertext()) == "Pass (P)" and button.get("aria-keyshortcuts") == "P"
    keys = button.find("span[@class='keys']")  # not shown where there are no keys
    assert keys is not None and keys.text == " (P)"
    assert button.get("aria-label") == "Pass: the markets slide one slot cheaper"
    assert button.get("title") == "Pass: the markets slide one slot cheaper (P)"
    assert "P passes (the markets slide one slot cheaper)" in KEY_HELP
    hint = root.find(".//p[@class='help keys-help']")
    assert hint is not None and hint.text == KEY_HELP


# -- the clock the page keeps -----------------------------------------------------------------


def test_the_slide_plays_once_and_a_redraw_goes_on_where_it_was() -> None:
    slide = start().pass_turn().slid
    assert slide is not None
    clock, into = SlideClock().at(slide, 1000.0)
    assert into == 0.0
    same, into = clock.at(slide, 1250.0)  # a redraw: a bot thinks
    assert same == clock and into == 250.0
    assert clock.at(slide, 1000.0 + SLIDE_MS) == (clock, None)  # played: never again
    assert clock.at(None, 1100.0) == (clock, None)  # the last action did not slide
    other = start().pass_turn().pass_turn().slid or MarketSlide(3, None, None)
    again, into = clock.at(other, 5000.0)
    assert into == 0.0 and again == SlideClock(other, 5000.0)
