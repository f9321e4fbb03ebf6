"""The script of bugs.html. Its glue is bugs_pages.bugs, from our wheel: the memory
snapshot holds it compiled (bugs_web.snapshot_imports), so a start compiles only these lines."""

from bugs_pages.bugs import main

main()
