"""Bugs Table's user interface in Python: what the pages show and decide, as pure functions
and immutable sessions, tested under CPython.

- `games/<game>/`: one kit per game, named as its `bugs_core` package: `session.py` (a game at
  one device), `screen.py` (the sentences and HTML around the table), `table_svg.py` (the table
  as SVG, from one seat's view) and the kit's `KIT` record (`kit.py`; all of them in `kits.py`).
- Shared: `table.py` (what every session shares), `words.py` (the log and the sentences for
  the person's own seat), `svg.py` and `palette.py` (drawing), `seats.py`, `record_bar.py`,
  `saves.py`, `replay.py`, `embed.py`, `bot_service.py` (the bot worker's side), the landing
  page's `landing.py`, `selftest_view.py` and `rng_check.py`, and the start's
  `snapshot_imports.py` and `pyscript_start.py`.
- `dom/`: the only modules that reach the browser (`pyscript`, `js`), inside their functions;
  a test fails if any other module does. The page glue that drives all this is `bugs_pages`.
"""
