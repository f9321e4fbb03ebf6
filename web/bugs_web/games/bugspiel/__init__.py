"""Bugspiel's UI kit: the session, the screen, the table drawing and the card drawings."""
