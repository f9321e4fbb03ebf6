"""Bag of Bugs: a push-your-luck grabbing game for 3-5 players (docs/rules/bag-of-bugs.md)."""

from .game import GAME, BagOfBugsGame

__all__ = ["GAME", "BagOfBugsGame"]
