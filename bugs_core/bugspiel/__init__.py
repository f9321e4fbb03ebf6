"""Bugspiel: buy bug and bonus cards, play them on a board of terrain tiles
(docs/rules/bugspiel.md)."""

from .game import GAME, BugspielGame

__all__ = ["GAME", "BugspielGame"]
