"""bugs_web.announce: what the live region says, once each."""

from __future__ import annotations

from bugs_web.announce import MOST, Heard, news, replay_news


def test_each_new_sentence_once_then_the_turn_line_when_it_changes() -> None:
    log = ["Hand 1 is dealt."]
    said, heard = news(Heard(len(log)), log, "Your lead: choose cards.")
    assert said == ["Your lead: choose cards."]
    log.append("You play two earwigs: swarm 4.")
    said, heard = news(heard, log, "")  # a bot to act: its move will speak
    assert said == ["You play two earwigs: swarm 4."]
    log.append("Ana picks up.")
    said, heard = news(heard, log, "")
    assert said == ["Ana picks up."]
    said, heard = news(heard, log, "")  # a redraw with nothing new says nothing
    assert said == []
    log.append("Bo plays a Net.")
    said, heard = news(heard, log, "Your turn: choose cards.")
    assert said == ["Bo plays a Net.", "Your turn: choose cards."]
    said, heard = news(heard, log, "Your turn: choose cards.")
    assert said == []


def test_an_undo_or_a_long_jump_is_not_read_out_whole() -> None:
    log = [f"Move {i}." for i in range(30)]
    said, heard = news(Heard(0), log, "")
    assert said == log[-MOST:]
    said, heard = news(heard, log[:20], "Your turn.")  # an undo: the log is shorter
    assert said == ["Your turn."]
    assert heard == Heard(20, "Your turn.")


def test_a_replay_says_each_step_and_keeps_the_live_count() -> None:
    heard = Heard(12, "Your turn.")
    said, heard = replay_news(heard, 3, 12, ["Dealt.", "Ana plays.", "Bo plays.", "You pass."])
    assert said == ["Replay, move 3 of 12: You pass."]
    assert heard.log == 12
    assert replay_news(heard, 3, 12, ["Dealt.", "Ana plays.", "Bo plays.", "You pass."])[0] == []
    said, heard = replay_news(heard, 0, 12, ["Dealt."])
    assert said == ["Replay, move 0 of 12."]
    said, heard = news(heard, ["x"] * 12, "Your turn.")  # back at the end: the turn again
    assert said == ["Your turn."]
