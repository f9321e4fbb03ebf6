"""Records and saves made before decisions 5, 12 and 13 were amended (rules version 1) replay to
different games now, so they are refused with a message naming the version, never replayed
wrongly; a saved game goes to quarantine, as any save from another rules version does."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from bugs_core.bugspiel import GAME
from bugs_core.errors import InvalidRecordError
from bugs_core.link import decode_link, encode_link
from bugs_core.record import GameRecord, from_json, new_record
from bugs_core.registry import get_game
from bugs_web import saves

MESSAGE = "made with rules version '1' of Bugspiel; this site plays version '2'"


def old_record() -> GameRecord:
    """A version-1 record: the first moves of a game as the old rules played it."""
    record = new_record("bugspiel", {"players": 3}, 7)
    for action in ("buy bug 7", "buy bonus 7", "pass"):
        record = record.with_action(action)
    return replace(record, rules_version="1")


def test_the_version_was_bumped() -> None:
    assert GAME.rules_version == get_game("bugspiel").rules_version == "2"


def test_an_old_record_file_is_refused_naming_the_version() -> None:
    with pytest.raises(InvalidRecordError, match=MESSAGE):
        from_json(json.dumps(old_record().to_dict()))


def test_an_old_link_is_refused_naming_the_version() -> None:
    with pytest.raises(InvalidRecordError, match=MESSAGE):
        decode_link(encode_link(old_record()))


def test_an_old_save_goes_to_quarantine_unchanged() -> None:
    store: dict[str, str] = {}
    data = json.loads(saves.entry_text(replace(old_record(), rules_version="2"), 1, False))
    data["record"]["rules_version"] = "1"
    text = json.dumps(data)
    key = "bugs-table/save/bugspiel/7"
    store[key] = text
    listed, problems = saves.list_games(store, "bugspiel")
    assert listed == []
    assert len(problems) == 1 and MESSAGE in problems[0]
    assert store == {"bugs-table/quarantine/bugspiel/7": text}
