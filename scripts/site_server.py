"""Serve public/ on 127.0.0.1 with the MIME types Pyodide and PyScript need."""

from __future__ import annotations

import functools
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

# Set explicitly: a machine without /etc/mime.types would serve .mjs and .wasm as
# octet-stream, and the browser refuses module scripts and streaming wasm compiles then.
MIME_TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".toml": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".whl": "application/zip",
    ".zip": "application/zip",
}


class SiteHandler(SimpleHTTPRequestHandler):
    """A static file handler that asks the browser to revalidate, so a rebuild shows at once."""

    cache_control = "no-cache"

    def __init__(self, *args: Any, quiet: bool = False, **kwargs: Any) -> None:
        self.quiet = quiet
        # Before super().__init__, which handles the request at once.
        self.extensions_map = {**self.extensions_map, **MIME_TYPES}
        super().__init__(*args, **kwargs)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", self.cache_control)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    """A threading server that treats a browser closing a connection early as normal."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A page that navigates away (or a test that aborts a request) drops its downloads;
        # that is not a server error worth a traceback.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(root: Path, port: int, *, quiet: bool = False) -> ThreadingHTTPServer:
    """A server for `root` on 127.0.0.1:`port` (0 picks a free port); call serve_forever()."""
    handler = functools.partial(SiteHandler, directory=str(root), quiet=quiet)
    return SiteServer(("127.0.0.1", port), handler)
