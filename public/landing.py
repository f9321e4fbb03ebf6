"""The script of index.html. Its glue is bugs_pages.landing, from our wheel: the memory
snapshot holds it compiled (bugs_web.snapshot_imports), so a start compiles only these lines."""

from bugs_pages.landing import main

await main()  # noqa: F704 - PyScript runs this file with top-level await
