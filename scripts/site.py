#!/usr/bin/env python3
"""Build the static site, or build it and serve it on 127.0.0.1.

python3 scripts/site.py build
python3 scripts/site.py serve [--port 8000] [--no-build] [--quiet] [--root DIR]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from site_build import CONFIG, PUBLIC, BuildError, build
from site_server import make_server


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The command line: a subcommand and its options."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("build", help="build public/ (vendored runtime, wheel, config)")
    serve = sub.add_parser("serve", help="build, then serve public/ on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000, help="port (0: any free one)")
    serve.add_argument("--no-build", action="store_true", help="serve the last build as is")
    serve.add_argument("--quiet", action="store_true", help="do not log each request")
    serve.add_argument(
        "--root", type=Path, default=PUBLIC, help="serve a copy of the built site (tests do)"
    )
    return parser.parse_args(argv)


def serve(port: int, *, quiet: bool, root: Path = PUBLIC) -> None:
    """Serve the built site until interrupted; the first line printed is the URL."""
    if not (root / CONFIG.name).is_file():
        raise BuildError(
            f"{root / CONFIG.name} is missing: run `python3 scripts/site.py build` first"
        )
    server = make_server(root, port, quiet=quiet)
    host, bound_port = server.server_address[:2]
    print(f"Serving {root} at http://{host!s}:{bound_port}/ (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nStopped.")
    finally:
        server.server_close()


def main(argv: list[str]) -> int:
    """Run the chosen subcommand; returns the process exit code."""
    args = parse_args(argv)
    try:
        if args.command == "build" or not args.no_build:
            build()
        if args.command == "serve":
            serve(args.port, quiet=args.quiet, root=args.root)
    except BuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
