"""bugs_web.saves: saved games in a dict-like store, one key per game; unreadable entries are
set aside (moved, never deleted) with a message while the others still load and are listed to
export; the cap never drops an unfinished game; a full or refusing storage is told apart;
import checks."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from bugs_core.errors import InvalidRecordError
from bugs_core.record import GameRecord, Seat, new_record, replay_states
from bugs_core.registry import get_game
from bugs_web import saves

SEATS = [Seat("You"), Seat("Ana", "easy"), Seat("Bo", "medium")]


def played(game: str = "bugs", seed: int = 3, moves: int = 8, players: int = 3) -> GameRecord:
    """A record of `moves` random legal moves."""
    record = new_record(game, {"players": players}, seed, SEATS[:players])
    rules = get_game(game)
    state = list(replay_states(record))[-1]
    pick = random.Random(seed)
    for _ in range(moves):
        action = pick.choice(rules.legal_actions(state))
        record = record.with_action(action)
        state = rules.apply(state, action)
    return record


def test_a_game_saves_under_one_key_and_reads_back() -> None:
    store: dict[str, str] = {}
    record = played()
    key = saves.store_game(store, record, 1_000, False)
    assert key == saves.save_key(record) == "bugs-table/save/bugs/3"
    longer = played(moves=9)
    assert saves.store_game(store, longer, 2_000, False) == key  # every move replaces it
    listed, problems = saves.list_games(store, "bugs")
    assert problems == []
    assert [(s.record, s.saved, s.finished) for s in listed] == [(longer, 2_000, False)]
    assert saves.load_game(store, key).record == longer


def test_the_list_is_per_game_newest_first_and_capped() -> None:
    store: dict[str, str] = {}
    for seed in range(saves.MAX_SAVES + 3):
        saves.store_game(store, played(seed=seed, moves=2), 1_000 + seed, True)
    saves.store_game(store, played("bugspiel", seed=1, moves=2, players=2), 5_000, True)
    listed, problems = saves.list_games(store, "bugs")
    assert problems == []
    assert len(listed) == saves.MAX_SAVES
    assert [s.record.seed for s in listed] == list(range(saves.MAX_SAVES + 2, 2, -1))
    spiel, _ = saves.list_games(store, "bugspiel")
    assert [(s.record.game, s.finished) for s in spiel] == [("bugspiel", True)]


@pytest.mark.parametrize(
    ("key", "text", "why"),
    [
        ("bugs-table/save/bugs/9", "{not json", "not valid JSON"),
        ("bugs-table/save/bugs/9", '{"format": "other"}', "not a Bugs Table saved game"),
        ("bugs-table/save/bugs/9", "[1, 2]", "not a Bugs Table saved game"),
        ("bugs-table/save/bugs/3", "SWAP-KEY", "does not match its key"),
        ("bugs-table/save/chess/1", "FOREIGN-GAME", "game"),
    ],
)
def test_unreadable_entries_are_set_aside_and_the_rest_still_loads(
    key: str, text: str, why: str
) -> None:
    store: dict[str, str] = {"unrelated": "left alone"}
    good = played(seed=4)
    saves.store_game(store, good, 1_000, False)
    if text == "SWAP-KEY":
        text = saves.entry_text(played(seed=5), 1, False)  # a seed-5 game under seed 3's key
    if text == "FOREIGN-GAME":
        data = json.loads(saves.entry_text(good, 1, False))
        data["record"]["game"] = "chess"
        text = json.dumps(data)
    store[key] = text
    listed, problems = saves.list_games(store, "bugs")
    assert [s.record for s in listed] == [good]
    assert len(problems) == 1 and why in problems[0] and "set aside" in problems[0]
    assert key not in store
    aside = [k for k in store if k.startswith(saves.QUARANTINE)]
    assert aside == [saves.QUARANTINE + key.removeprefix(saves.PREFIX)]
    assert store[aside[0]] == text  # kept exactly as it was
    assert store["unrelated"] == "left alone"
    assert saves.list_games(store, "bugs") == (listed, [])  # reported once


def test_setting_aside_twice_keeps_both() -> None:
    store = {"bugs-table/save/bugs/1": "a"}
    first = saves.set_aside(store, "bugs-table/save/bugs/1")
    store["bugs-table/save/bugs/1"] = "b"
    second = saves.set_aside(store, "bugs-table/save/bugs/1")
    assert first != second
    assert (store[first], store[second]) == ("a", "b")


def test_loading_a_damaged_or_missing_entry_says_so() -> None:
    store = {"bugs-table/save/bugs/1": '{"format": "bugs-table/save", "version": 7}'}
    with pytest.raises(saves.StorageError, match="set aside"):
        saves.load_game(store, "bugs-table/save/bugs/1")
    assert "bugs-table/quarantine/bugs/1" in store
    with pytest.raises(saves.StorageError, match="no longer"):
        saves.load_game(store, "bugs-table/save/bugs/1")


def test_tampered_records_inside_an_entry_are_refused() -> None:
    data = json.loads(saves.entry_text(played(), 1, False))
    data["record"]["seats"] = data["record"]["seats"][:1]
    with pytest.raises(InvalidRecordError, match="seats"):
        saves.read_entry("bugs-table/save/bugs/3", json.dumps(data))
    data = json.loads(saves.entry_text(played(), 1, False))
    data["saved"] = "yesterday"
    with pytest.raises(InvalidRecordError, match="saved"):
        saves.read_entry("bugs-table/save/bugs/3", json.dumps(data))


def test_delete_forgets_only_that_game() -> None:
    store: dict[str, str] = {}
    one = saves.store_game(store, played(seed=1), 1, False)
    two = saves.store_game(store, played(seed=2), 2, False)
    saves.delete_game(store, one)
    saves.delete_game(store, one)  # gone already: nothing happens
    saves.delete_game(store, "unrelated")
    assert list(store) == [two]


def test_export_and_import_round_trip_and_refuse_other_games() -> None:
    record = played()
    assert saves.import_record(record.to_json(indent=2), "bugs") == record
    assert saves.export_name(record) == "bugs-3-8-moves.json"
    with pytest.raises(InvalidRecordError, match="Bag of Bugs"):
        saves.import_record(played("bag-of-bugs", players=3).to_json(), "bugs")
    with pytest.raises(InvalidRecordError, match="JSON"):
        saves.import_record("<html>", "bugs")


def test_the_summary_names_seats_moves_and_time() -> None:
    entry = saves.SavedGame("k", played(), 0, False)
    assert saves.summary(entry) == (
        "Bugs: You, Ana (bot, easy), Bo (bot, medium) · 8 moves, in progress · 1970-01-01 00:00"
    )
    assert saves.when_words(0, 90) == "1970-01-01 01:30"


def test_the_cap_drops_only_finished_games_oldest_first() -> None:
    store: dict[str, str] = {}
    for seed in range(saves.MAX_SAVES + 2):  # the oldest two of these are unfinished
        saves.store_game(store, played(seed=seed, moves=2), 1_000 + seed, seed >= 2)
    listed, _ = saves.list_games(store, "bugs")
    assert len(listed) == saves.MAX_SAVES
    assert {0, 1} <= {s.record.seed for s in listed}  # unfinished: kept
    assert {2, 3}.isdisjoint(s.record.seed for s in listed)  # the oldest finished went
    for seed in range(100, 100 + saves.MAX_SAVES):  # only unfinished ones: all stay
        saves.store_game(store, played(seed=seed, moves=2), 9_000 + seed, False)
    listed, _ = saves.list_games(store, "bugs")
    assert len(listed) == saves.MAX_SAVES + 2
    assert all(not s.finished for s in listed)


def old_rules_entry(record: GameRecord, version: str) -> str:
    """A save made under another rules version of the game."""
    data = json.loads(saves.entry_text(record, 1, False))
    data["record"]["rules_version"] = version
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"format": "bugs-table/save", "version": 0}', "older saved-game format, version 0"),
        ('{"format": "bugs-table/save", "version": 3}', "newer saved-game format, version 3"),
        ('{"format": "bugs-table/save", "version": "1"}', "version '1' is not one"),
        ("RULES-0", "made with rules version '0' of Bugs; this site plays version '1'"),
    ],
)
def test_a_save_from_another_version_is_kept_aside_naming_the_version(
    text: str, words: str
) -> None:
    store: dict[str, str] = {}
    if text == "RULES-0":
        text = old_rules_entry(played(seed=8), "0")
    key = "bugs-table/save/bugs/8"
    store[key] = text
    listed, problems = saves.list_games(store, "bugs")
    assert listed == []
    assert len(problems) == 1 and words in problems[0]
    assert key in problems[0] and "bugs-table/quarantine/bugs/8" in problems[0]
    assert store == {"bugs-table/quarantine/bugs/8": text}  # moved, unchanged, not deleted
    [kept] = saves.list_aside(store, "bugs")
    assert (kept.key, kept.original, kept.size) == (
        "bugs-table/quarantine/bugs/8",
        key,
        len(text),
    )
    assert words in kept.reason
    assert saves.list_aside(store, "bugspiel") == []
    assert saves.aside_name(kept.key) == "set-aside-bugs-8.txt"


def test_set_aside_entries_list_their_reason_and_only_a_person_deletes_them() -> None:
    store: dict[str, str] = {}
    good = played(seed=4)
    saves.store_game(store, good, 1_000, False)
    store["bugs-table/quarantine/bugs/4"] = saves.entry_text(good, 1, False)  # moves failed
    store["bugs-table/quarantine/bugs/4#2"] = '{"trunc'
    aside = saves.list_aside(store, "bugs")
    assert [(a.original, a.reason) for a in aside] == [
        ("bugs-table/save/bugs/4", "its moves do not replay under these rules"),
        ("bugs-table/save/bugs/4", "the entry is not valid JSON"),
    ]
    saves.store_game(store, played(seed=4, moves=9), 2_000, False)
    assert len(saves.list_aside(store, "bugs")) == 2  # saving never touches them
    saves.delete_game(store, "bugs-table/quarantine/bugs/4#2")
    assert [a.key for a in saves.list_aside(store, "bugs")] == ["bugs-table/quarantine/bugs/4"]


class FullStore(dict[str, str]):
    """A store whose quota is used up: it refuses any new or longer entry."""

    def __setitem__(self, key: str, value: str) -> None:
        raise saves.refusal("QuotaExceededError Failed to execute 'setItem' on 'Storage'")

    def __iter__(self) -> Iterator[str]:
        return iter(list(dict.keys(self)))


def test_a_full_storage_refuses_without_losing_anything() -> None:
    store = FullStore({"bugs-table/save/bugs/9": "{oops"})
    with pytest.raises(saves.StorageFull):
        saves.store_game(store, played(seed=3), 1, False)
    listed, problems = saves.list_games(store, "bugs")
    assert listed == []
    assert "stays where it is" in problems[0] and "not valid JSON" in problems[0]
    assert dict(store) == {"bugs-table/save/bugs/9": "{oops"}  # not moved, not lost


def test_a_refusal_says_whether_the_storage_is_full() -> None:
    assert isinstance(saves.refusal("QuotaExceededError: quota"), saves.StorageFull)
    assert isinstance(saves.refusal("NS_ERROR_DOM_QUOTA_REACHED"), saves.StorageFull)
    other = saves.refusal("SecurityError The operation is insecure.")
    assert not isinstance(other, saves.StorageFull)
    assert "The operation is insecure" in str(other)
    assert "full" in saves.NOT_SAVED and "Export" in saves.NOT_SAVED
    assert "Saving is off" in saves.SAVING_OFF and "still play" in saves.SAVING_OFF
