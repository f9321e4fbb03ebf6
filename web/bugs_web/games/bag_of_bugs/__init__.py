"""Bag of Bugs' UI kit: the session, the screen and the table drawing."""
