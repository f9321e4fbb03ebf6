"""The script of bag-of-bugs.html. Its glue is bugs_pages.bag_of_bugs, from our wheel: the memory
snapshot holds it compiled (bugs_web.snapshot_imports), so a start compiles only these lines."""

from bugs_pages.bag_of_bugs import main

main()
