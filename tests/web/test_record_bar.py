"""bugs_web.record_bar: the replay's state machine and keys, the undo plan (the engine's
`undo_length` only), share links in the fragment, and the bar, share and saves HTML."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import bugs_core.record as record_module
from bugs_core.bugspiel import GAME
from bugs_core.bugspiel.actions import BuyBug, Pass, PlayBug
from bugs_core.errors import InvalidRecordError, SetupError
from bugs_core.link import decode_link
from bugs_core.record import GameRecord, Seat, new_record, replay_states
from bugs_core.undo import undo_length
from bugs_web.kits import KITS
from bugs_web.record_bar import (
    NO_UNDO,
    Mark,
    Replay,
    UndoPlan,
    bar_html,
    link_in,
    plain_error,
    playable,
    replay_key,
    replay_status,
    saves_html,
    share_html,
    share_url,
    undo_plan,
)
from bugs_web.saves import SavedGame, SetAside

EVIL = '<b>"Ana" & co</b>'


def parse(html: str) -> ET.Element:
    return ET.fromstring(f"<div>{html}</div>")


def spiel(*actions: object, seats: tuple[Seat, ...] | None = None) -> GameRecord:
    chosen = seats or (Seat("You"), Seat("Ana", "easy"))
    record = new_record("bugspiel", {"players": len(chosen)}, 5, list(chosen))
    for action in actions:
        record = record.with_action(action)
    return record


def bug_play(record: GameRecord) -> str:
    """A bug the seat to act may play from its hand now: a move that reveals nothing (a Pass
    does: the markets slide and refill from the decks)."""
    state = list(replay_states(record))[-1]
    return str(next(a for a in GAME.legal_actions(state) if isinstance(a, PlayBug)))


# -- replay --------------------------------------------------------------------------------


def test_replay_steps_and_goes_live_at_the_end() -> None:
    live = Replay(5)
    assert live.live and live.at == 5
    assert not live.can("forward") and not live.can("last")
    back = live.go("back")
    assert (back.step, back.at, back.live) == (4, 4, False)
    first = back.go("first")
    assert first.at == 0 and not first.can("back") and not first.can("first")
    assert first.go("back").at == 0
    assert first.go("forward").at == 1
    assert first.go("last").live
    assert back.go("forward").live  # stepping onto the last move is the live game again
    assert Replay(0).go("back").live  # nothing to step through
    assert first.go("sideways") == first


@pytest.mark.parametrize(
    ("key", "step"),
    [("Home", "first"), ("ArrowLeft", "back"), ("ArrowRight", "forward"), ("End", "last")],
)
def test_the_replay_keys(key: str, step: str) -> None:
    assert replay_key(key) == step


def test_other_keys_do_not_step() -> None:
    assert replay_key("Enter") is None and replay_key("a") is None


# -- undo ----------------------------------------------------------------------------------


def test_undo_takes_back_the_persons_move_and_the_bots_reply() -> None:
    yours = spiel(bug_play(spiel()))
    record = spiel(yours.actions[0], bug_play(yours))  # two bugs from the hands: nothing revealed
    plan = undo_plan(record)
    assert plan == UndoPlan(True, undo_length(record, 0)) == UndoPlan(True, 0)


def test_undo_is_refused_with_a_reason_across_a_purchase() -> None:
    plan = undo_plan(spiel(Pass(), BuyBug(7)))  # the bot's purchase refills from the deck
    assert plan.offered and plan.keep is None and "draw" in plan.reason


def test_undo_is_refused_with_a_reason_across_a_pass() -> None:
    plan = undo_plan(spiel(bug_play(spiel()), Pass()))  # the markets slide, refilled from the decks
    assert plan.offered and plan.keep is None and "draw" in plan.reason


def test_undo_before_any_move_of_yours_says_so() -> None:
    plan = undo_plan(spiel())
    assert plan.offered and plan.keep is None and "not moved" in plan.reason


def test_a_new_game_is_not_replayed_for_its_undo_plan(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new game's first table asks for its undo plan: with no move made, no replay (which
    would build Bugspiel's opening a second time)."""

    def replayed(record: GameRecord) -> None:
        raise AssertionError("replayed")

    monkeypatch.setattr(record_module, "_initial", replayed)
    plan = undo_plan(spiel())
    assert plan.offered and plan.keep is None and "not moved" in plan.reason


def test_undo_is_only_for_games_against_bots() -> None:
    assert undo_plan(spiel(Pass(), seats=(Seat("A"), Seat("B")))) is NO_UNDO
    assert undo_plan(spiel(Pass(), seats=(Seat("A", "easy"), Seat("B", "easy")))) is NO_UNDO


# -- links ---------------------------------------------------------------------------------


def test_a_share_url_holds_the_record_in_its_fragment() -> None:
    record = spiel(Pass(), Pass())
    url = share_url("http://127.0.0.1:8000/bugspiel.html?pace=0#g=old", record)
    page, _, fragment = url.partition("#")
    assert page == "http://127.0.0.1:8000/bugspiel.html?pace=0"
    text = link_in(f"#{fragment}")
    assert text is not None and decode_link(text) == record


def test_link_in_reads_only_the_game_parameter() -> None:
    assert link_in("") is None and link_in("#") is None and link_in("#top") is None
    assert link_in("#g=") == ""  # an empty link: decode_link says it holds no game
    assert link_in("#x=1&g=abc") == "abc"


# -- HTML ----------------------------------------------------------------------------------


def test_the_bar_live_offers_every_action() -> None:
    root = parse(bar_html(Replay(3), UndoPlan(True, 1)))
    recs = [b.get("data-rec") for b in root.iter("button")]
    assert recs == ["first", "back", "forward", "last", "undo", "share", "export", "import"]
    disabled = {b.get("data-rec") for b in root.iter("button") if b.get("aria-disabled")}
    assert disabled == {"forward", "last"}  # focusable still, so the keys keep working
    undo = root.find(".//button[@data-rec='undo']")
    assert undo is not None and undo.get("disabled") is None
    at = root.find(".//span[@class='replay-at']")
    assert at is not None and at.text == "3 moves" and at.get("data-live") == "true"


def test_the_bar_during_a_replay_and_a_refused_undo() -> None:
    root = parse(bar_html(Replay(3, 1), UndoPlan(True, None, "Not now.")))
    at = root.find(".//span[@class='replay-at']")
    assert at is not None and at.text == "Replay: move 1 of 3, read-only"
    undo = root.find(".//button[@data-rec='undo']")
    assert undo is not None and undo.get("disabled") == ""
    assert undo.get("aria-describedby") == "undo-why"
    assert root.findtext(".//span[@id='undo-why']") == "Step to the last move to undo."
    live = parse(bar_html(Replay(3), UndoPlan(True, None, "Not now.")))
    assert live.findtext(".//span[@id='undo-why']") == "Not now."


def test_no_undo_button_without_bots() -> None:
    root = parse(bar_html(Replay(0), NO_UNDO))
    assert root.find(".//button[@data-rec='undo']") is None


MARKS = [
    Mark(4, "You", 12.4, "You pass.", "You buy the firefly.", "It scores 1 VP now."),
    Mark(23, EVIL, 3.0, "<i>played</i>", "<b>better</b>", ""),
    Mark(40, "You", 5.0, "You pass.", "You pass.", ""),  # past the record's end: not shown
]


def test_the_bar_marks_the_moves_that_lost_the_most() -> None:
    root = parse(bar_html(Replay(30), UndoPlan(True, 1), MARKS))
    recs = [b.get("data-rec") for b in root.iter("button")]
    assert recs == [
        "first", "back", "forward", "last", "to-4", "to-23", "undo", "share", "export", "import",
    ]  # fmt: skip
    group = root.find(".//div[@class='replay-marks']")
    assert group is not None and group.get("role") == "group"
    first, second = group.iter("button")
    assert first.text == "! 4" and second.text == "! 23"
    label = "Move 4 (You): lost 12 points; better: You buy the firefly. It scores 1 VP now."
    assert first.get("aria-label") == first.get("title") == label
    assert second.get("aria-label") == f"Move 23 ({EVIL}): lost 3 points; better: <b>better</b>"
    assert not any(b.get("aria-current") for b in group.iter("button"))
    assert root.find(".//p[@class='mark-line']") is None  # live, at move 30: no mark here


def test_the_line_says_the_better_move_where_the_replay_stands_at_a_mark() -> None:
    root = parse(bar_html(Replay(30, 4), NO_UNDO, MARKS))
    assert root.findtext(".//p[@class='mark-line']") == (
        "Move 4 (You): You pass. The search preferred: You buy the firefly. It scores 1 VP "
        "now. (12 points lost)"
    )
    current = [b.get("data-rec") for b in root.iter("button") if b.get("aria-current")]
    assert current == ["to-4"]
    at_23 = bar_html(Replay(30, 23), NO_UNDO, MARKS)
    assert parse(at_23).findtext(".//p[@class='mark-line']") == (
        f"Move 23 ({EVIL}): <i>played</i> The search preferred: <b>better</b> (3 points lost)"
    )
    assert "<b>" not in at_23 and "&lt;b&gt;better&lt;/b&gt;" in at_23
    assert parse(bar_html(Replay(30, 5), NO_UNDO, MARKS)).find(".//p[@class='mark-line']") is None


def test_no_marks_no_row() -> None:
    assert "replay-marks" not in bar_html(Replay(3), NO_UNDO)
    assert "replay-marks" not in bar_html(Replay(3), NO_UNDO, MARKS)  # every mark past move 3
    assert Replay(30, 10).go("to-23") == Replay(30, 23)  # where a mark's button steps


@pytest.mark.parametrize("game", ["bugs", "bag-of-bugs", "bugspiel"])
def test_the_share_panel_says_what_the_link_gives_away_before_the_copy_button(game: str) -> None:
    url = 'http://127.0.0.1/x.html#g=a"b<c'
    root = parse(share_html(game, url, 4))
    texts = list(root.itertext())
    note = "".join(root.find(".//p[@class='share-note']").itertext())  # type: ignore[union-attr]
    assert note == KITS[game].hidden_note
    assert texts.index(KITS[game].hidden_note) < texts.index("Copy link")
    field = root.find(".//input[@id='share-url']")
    assert field is not None and field.get("value") == url and field.get("readonly") == ""


def test_bugs_links_warn_about_hands() -> None:
    assert "every player's hand" in KITS["bugs"].hidden_note
    assert "bag" in KITS["bag-of-bugs"].hidden_note
    assert "decks" in KITS["bugspiel"].hidden_note


def test_saved_games_list_escapes_names_and_offers_resume_and_delete() -> None:
    record = spiel(seats=(Seat(EVIL), Seat("Ana", "easy")))
    html = saves_html(
        [
            SavedGame("bugs-table/save/bugspiel/5", record, 0, False),
            SavedGame("bugs-table/save/bugspiel/6", record, 0, True),
        ]
    )
    assert EVIL not in html
    root = parse(html)
    buttons = [(b.get("data-rec"), b.text) for b in root.iter("button")]
    assert buttons == [
        ("resume", "Resume"),
        ("delete", "Delete"),
        ("resume", "Replay"),
        ("delete", "Delete"),
    ]
    assert EVIL in "".join(root.itertext())
    assert saves_html([]) == ""  # nothing to list: the box stays hidden


def test_command_line_bots_play_on_at_the_pages_levels() -> None:
    record = spiel(Pass(), seats=(Seat("You"), Seat("Rob", "random")))
    kept, line = playable(record)
    assert [s.kind for s in kept.seats] == ["human", "easy"]
    assert kept.actions == record.actions and kept.seed == record.seed
    assert line == "Rob (random bot) plays on as an easy bot."
    same = spiel(Pass())
    assert playable(same) == (same, "")


def test_the_status_line_during_a_replay() -> None:
    assert replay_status(Replay(9, 4)) == (
        "Replay of move 4 of 9: read-only; the last move (▶|) returns to the game."
    )


def test_record_errors_in_plain_words() -> None:
    assert plain_error(InvalidRecordError("actions[4]", "no")) == "move 5: no"
    assert plain_error(InvalidRecordError("seats", "too many")) == "seats: too many"
    assert plain_error(InvalidRecordError("link", "cut short")) == "cut short"
    assert plain_error(InvalidRecordError("game", "a game of Bugs")) == "a game of Bugs"
    assert plain_error(SetupError("bad")) == "bad"


def test_set_aside_entries_are_listed_to_export_as_stored() -> None:
    kept = SetAside("bugs-table/quarantine/bugspiel/5#2", "bugs-table/save/bugspiel/5", 7, EVIL)
    root = parse(saves_html([], 0, [kept]))
    assert [(b.get("data-rec"), b.get("data-save"), b.text) for b in root.iter("button")] == [
        ("export-aside", kept.key, "Export as stored"),
        ("delete", kept.key, "Delete"),
    ]
    assert f"bugs-table/save/bugspiel/5: {EVIL} (7 characters)" in "".join(root.itertext())
