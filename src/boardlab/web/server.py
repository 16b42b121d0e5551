"""`boardlab serve`: the page and API on uvicorn, bound to 127.0.0.1 unless told otherwise."""

from __future__ import annotations

import ipaddress
import socket
import sys

import uvicorn

from boardlab.core.errors import BadInput
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


def check_address(host: str, port: int) -> None:
    """BadInput (exit 2) when `host:port` cannot be listened on, before any process starts."""
    bare = host.strip("[]")
    try:
        infos = socket.getaddrinfo(bare, port, type=socket.SOCK_STREAM)
    except socket.gaierror as error:
        raise BadInput(f"cannot listen on {host}: {error.strerror}") from None
    family, _, _, _, address = infos[0]
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
        try:
            probe.bind(address)
        except OSError as error:
            raise BadInput(f"cannot listen on {host}:{port}: {error.strerror}") from None


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int | None = None) -> None:
    """Run the server until interrupted (Ctrl-C)."""
    check_address(host, port)
    config = WebConfig(workers=workers or default_workers(), allowed_hosts=allowed_hosts(host))
    if not is_loopback(host):
        print(
            f"boardlab: warning: listening on {host}, reachable from other machines; "
            "the API has no authentication",
            file=sys.stderr,
        )
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    print(
        f"boardlab: serving on http://{shown}:{port}/  ({config.workers} solver processes; Ctrl-C stops)",
        file=sys.stderr,
        flush=True,
    )
    uvicorn.run(create_app(config), host=host.strip("[]"), port=port, log_level="warning", access_log=False)
