"""One UI kit per game, named as in `bugs_core`: each holds the same modules (session, screen,
table_svg) and its `KIT` record."""
