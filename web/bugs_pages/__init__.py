"""The game pages' PyScript glue: one module per page, each with a `main()` that wires the page.

`table_page.TablePage` is the one page loop; each game page is a small subclass of it. Unlike
bugs_web, these modules import `pyscript` at the top, so they run only in the browser
and are never imported by the build. The pages' own scripts (public/bugs.py and the rest) only
import one and call `main()`: the build compiles this package into the memory snapshot
(bugs_web.snapshot_imports), so a page starts without compiling some 40 KB of Python.
"""
