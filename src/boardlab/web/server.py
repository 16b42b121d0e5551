"""`boardlab serve`: the page and API on uvicorn, bound to 127.0.0.1 unless told otherwise."""

from __future__ import annotations

import ipaddress
import sys

import uvicorn

from boardlab.web.app import create_app
from boardlab.web.config import WebConfig, default_workers

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1", "[::1]")


def is_loopback(host: str) -> bool:
    """True for addresses only this machine can reach."""
    if host in ("localhost",):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def allowed_hosts(host: str) -> tuple[str, ...] | None:
    """Host headers to accept: the loopback names when bound to loopback, else any."""
    if is_loopback(host):
        return tuple(sorted(set(LOOPBACK_NAMES) | {host}))
    return None


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int | None = None) -> None:
    """Run the server until interrupted (Ctrl-C)."""
    config = WebConfig(workers=workers or default_workers(), allowed_hosts=allowed_hosts(host))
    if not is_loopback(host):
        print(
            f"boardlab: warning: listening on {host}, reachable from other machines; "
            "the API has no authentication",
            file=sys.stderr,
        )
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    print(f"boardlab: serving on http://{shown}:{port}/  ({config.workers} solver processes; Ctrl-C stops)", file=sys.stderr, flush=True)
    uvicorn.run(create_app(config), host=host.strip("[]"), port=port, log_level="warning", access_log=False)
