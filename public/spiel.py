"""The script of bugspiel.html. Its glue is bugs_pages.bugspiel, from our wheel: the memory
snapshot holds it compiled (bugs_web.snapshot_imports), so a start compiles only these lines."""

from bugs_pages.bugspiel import main

main()
