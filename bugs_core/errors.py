"""The error classes: every failure the engine reports is one of these."""

from __future__ import annotations


class BugsError(Exception):
    """Root of every error the engine raises on purpose; its text is fit to show a person."""


class InvalidActionError(BugsError):
    """An action's text does not parse in the game's notation."""

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"cannot read action {text!r}: {reason}")


class IllegalActionError(BugsError):
    """An action parses but is not legal now; names the rule that forbids it."""

    def __init__(self, action: object, rule: str, reason: str, state_text: str = "") -> None:
        self.action = action
        self.rule = rule
        self.reason = reason
        self.state_text = state_text
        where = f" ({state_text})" if state_text else ""
        super().__init__(f"illegal action {str(action)!r}: {reason} [rule {rule}]{where}")


class InvalidRecordError(BugsError):
    """A game record or link is malformed, foreign or inconsistent: says what and where."""

    def __init__(self, where: str, reason: str) -> None:
        self.where = where
        self.reason = reason
        super().__init__(f"invalid record: {where + ': ' if where else ''}{reason}")


class SetupError(BugsError):
    """Bad game options: an unknown game, a player count out of range, a wrong flag."""
