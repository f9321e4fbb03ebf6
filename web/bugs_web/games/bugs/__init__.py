"""Bugs' UI kit: the session, the card picker, the screen and the table drawing."""
