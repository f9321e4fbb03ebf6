"""bugs_web.dom.records, the record bar's browser side, driven under CPython with a stand-in
page: replay pauses the bots and shows past moments read-only, the end plays on, undo keeps
what the engine allows, every move is saved, a bad record says why and changes nothing; a full
storage is said with Export until a save works again; a save that does not replay is set aside
naming why."""

from __future__ import annotations

import sys
import types
from dataclasses import replace
from typing import Any

import pytest

from bugs_core.bugspiel import GAME
from bugs_core.bugspiel.actions import BuyBug, Pass, PlayBug
from bugs_core.record import GameRecord, Seat, new_record, replay_states
from bugs_web import saves
from bugs_web.dom import records as record_page
from bugs_web.games.bugspiel.session import SpielSession


class Node:
    """Just enough of a DOM element."""

    def __init__(self) -> None:
        self.hidden = False
        self.innerHTML = ""
        self.textContent = ""
        self.attrs: dict[str, str] = {}

    def setAttribute(self, name: str, value: str) -> None:
        self.attrs[name] = value

    def contains(self, _other: Any) -> bool:
        return False

    def querySelector(self, _selector: str) -> None:
        return None


class Host:
    """A page: draws through the records, counts pauses and restarts of its bots."""

    def __init__(self) -> None:
        self.session: SpielSession | None = None
        self.records = record_page.Records("bugspiel", SpielSession.replay_steps, self)
        self.paused = 0
        self.played_on = 0
        self.drawn: list[SpielSession] = []

    def begin(self, session: SpielSession, *, loaded: bool = False) -> None:
        self.session = session
        self.draw()

    def draw(self) -> None:
        self.drawn.append(self.records.shown(self.session))
        self.records.after_draw(self.session)

    def pause(self) -> None:
        self.paused += 1

    def play_on(self) -> None:
        self.played_on += 1
        self.draw()


@pytest.fixture
def host(monkeypatch: pytest.MonkeyPatch) -> Host:
    nodes: dict[str, Node] = {}
    monkeypatch.setattr(record_page, "element", lambda i: nodes.setdefault(i, Node()))
    monkeypatch.setattr(record_page, "_now_ms", lambda: 1_000)
    fake = types.ModuleType("pyscript")
    fake.document = types.SimpleNamespace(activeElement=None)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyscript", fake)
    page = Host()
    page.records.store = {}
    return page


def node(name: str) -> Node:
    found = record_page.element(name)
    assert isinstance(found, Node)
    return found


def spiel(*actions: object) -> GameRecord:
    record = new_record("bugspiel", {"players": 2}, 5, [Seat("You"), Seat("Ana", "easy")])
    for action in actions:
        record = record.with_action(action)
    return record


def bug_play(record: GameRecord) -> str:
    """A bug the seat to act may play from its hand now: a move that reveals nothing (a Pass
    does: the markets slide and refill from the decks)."""
    state = list(replay_states(record))[-1]
    return str(next(a for a in GAME.legal_actions(state) if isinstance(a, PlayBug)))


def test_replay_pauses_shows_the_past_read_only_and_plays_on_at_the_end(host: Host) -> None:
    assert host.records.load(spiel(Pass(), BuyBug(7), Pass()), "A test game")
    records = host.records
    assert not records.replaying and node("game").attrs["data-rec-step"] == ""
    records.go("back")
    assert records.replaying and host.paused == 1
    assert host.drawn[-1].record.actions == spiel(Pass(), BuyBug(7)).actions
    assert node("turn-status").textContent.startswith("Replay of move 2 of 3")
    records.go("first")
    assert len(host.drawn[-1].log) == 1 and node("game").attrs["data-rec-step"] == "0"
    records.go("last")
    assert not records.replaying and host.played_on == 1
    assert host.drawn[-1] is host.session
    records.go("forward")  # at the end already: nothing happens
    assert host.paused == 1


def test_every_move_is_saved_once(host: Host) -> None:
    store = host.records.store
    assert store is not None
    host.records.load(spiel(Pass()), "A test game")
    assert host.session is not None
    host.begin(host.session.bot_move(1, 1, "buy bug 7"))  # the bot's answer, drawn
    host.draw()  # a redraw without a move saves nothing new
    listed, problems = saves.list_games(store, "bugspiel")
    assert problems == []
    assert [s.record for s in listed] == [spiel(Pass(), BuyBug(7))]


def test_undo_keeps_what_the_engine_allows(host: Host) -> None:
    yours = bug_play(spiel())
    host.records.load(spiel(yours, bug_play(spiel(yours))), "A test game")  # nothing revealed
    assert "disabled" not in node("record-bar").innerHTML.split('data-rec="undo"')[0][-40:]
    host.records.take_back()
    assert host.session is not None and host.session.record == spiel()
    host.records.load(spiel(Pass(), BuyBug(7)), "A test game")
    host.records.take_back()  # the bot's purchase drew a card: refused
    assert host.session.record == spiel(Pass(), BuyBug(7))
    assert "undo-why" in node("record-bar").innerHTML
    host.records.load(spiel(yours, Pass()), "A test game")
    host.records.take_back()  # the bot's pass slid the markets, refilled from the decks: refused
    assert host.session.record == spiel(yours, Pass())
    assert "undo-why" in node("record-bar").innerHTML


def test_a_bad_record_says_why_and_leaves_the_game_alone(host: Host) -> None:
    host.records.load(spiel(Pass()), "A test game")
    before = host.session
    bad = replace(spiel(), actions=("pass", "fly A1a A1a"))
    assert not host.records.load(bad, "The file x.json")
    assert host.session is before
    message = node("record-message")
    assert not message.hidden
    assert message.textContent == (
        "The file x.json cannot be opened: move 2: 'fly A1a A1a' is not a legal move at that point."
    )


class Quota(dict[str, str]):
    """A store that refuses every write while `full`."""

    full = True

    def __setitem__(self, key: str, value: str) -> None:
        if self.full:
            raise saves.refusal("QuotaExceededError: the quota has been exceeded.")
        super().__setitem__(key, value)


def test_a_full_storage_is_said_with_export_until_a_save_works(host: Host) -> None:
    store = Quota()
    host.records.store = store
    host.records.load(spiel(Pass()), "A test game")
    status = node("save-status")
    assert not status.hidden and host.records.saving == saves.NOT_SAVED
    assert status.innerHTML.startswith("This game is no longer being saved")
    assert 'data-rec="export"' in status.innerHTML
    assert host.session is not None and store == {}
    store.full = False
    host.records.save_again()  # as after Delete on the setup screen
    assert status.hidden and status.innerHTML == "" and host.records.saving == ""
    assert list(store) == [saves.save_key(spiel(Pass()))]


def test_a_saved_game_that_does_not_replay_is_set_aside_naming_why(
    host: Host, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(record_page, "_offset_minutes", lambda: 0)
    store = host.records.store
    assert store is not None
    bad = replace(spiel(), actions=("pass", "fly A1a A1a"))
    key = saves.save_key(bad)
    store[key] = saves.entry_text(bad, 1, False)
    host.records.resume(key)
    assert host.session is None
    message = node("record-message").textContent
    assert message.startswith(f"The saved game '{key}' could not be read (move 2: ")
    assert "bugs-table/quarantine/bugspiel/5" in message and "other saved games" in message
    assert store == {"bugs-table/quarantine/bugspiel/5": saves.entry_text(bad, 1, False)}
    assert "Export as stored" in node("saves").innerHTML


def test_the_saves_box_shows_only_with_games_in_it_and_import_always(
    host: Host, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Import sits after Start; the box above the form shows only when it lists something,
    as an empty one (Import alone) put a phone's Start under its fold."""
    monkeypatch.setattr(record_page, "_offset_minutes", lambda: 0)
    node("saves").hidden = node("save-import").hidden = True  # as the page's HTML has them
    host.records.show_saves()
    assert node("saves").hidden and node("saves").innerHTML == ""
    assert not node("save-import").hidden
    host.begin(SpielSession.start([Seat("You"), Seat("Ana", "easy")], 5).pass_turn())
    host.records.show_saves()
    assert not node("saves").hidden and "Resume" in node("saves").innerHTML
