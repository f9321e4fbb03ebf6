"""The script of bugspiel.html. Its glue is bugs_pages.spiel, from our wheel: the memory
snapshot holds it compiled (bugs_web.snapshot_imports), so a start compiles only these lines."""

from bugs_pages.spiel import main

main()
