"""ASGI middleware: request body size limit, Host check and security headers.

`BodyLimit` reads the whole body (at most `max_bytes`) before the application sees it and
answers 413 beyond that, whether or not the client sent a Content-Length; a JSON body that the
command line would refuse although `json` reads it (an object naming a key twice, which `json`
reads as its last value, and a number of more digits than Python converts) gets 422 with the
command line's words (`core.io`). `SecurityHeaders`
refuses requests whose Host header is not an allowed one (a DNS-rebinding guard for a server
bound to 127.0.0.1) and adds headers that keep the page's content to itself: a
Content-Security-Policy without scripts from elsewhere, no sniffing, no framing.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from boardlab.core.errors import BadInput
from boardlab.core.io import JSONProblem, loads, long_numbers_located

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The page's policy: its own scripts and styles only; images also from data: and blob: URLs.
PAGE_POLICY = (
    "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'"
)


def _json_problem(body: bytes) -> str | None:
    """What the command line would refuse in a JSON body that `json` reads (None: nothing, or a
    body that is not JSON at all, which the application reports itself)."""
    try:
        text = body.decode("utf-8")
        with long_numbers_located(text):
            loads(text)
    except (BadInput, JSONProblem) as problem:
        return str(problem)
    except Exception:  # malformed, too deeply nested, not UTF-8: the application's answer
        pass
    return None


async def _send_json(send: Send, status: int, body: dict[str, Any]) -> None:
    data = json.dumps(body).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(data)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": data})


class BodyLimit:
    """Answer 413 to request bodies larger than `max_bytes`."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_large = {"error": "too_large", "detail": f"request body larger than {self.max_bytes} bytes"}
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    await _send_json(send, 400, {"error": "bad_request", "detail": "bad Content-Length"})
                    return
                if declared > self.max_bytes:
                    await _send_json(send, 413, too_large)
                    return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body = message.get("body", b"")
            size += len(body)
            if size > self.max_bytes:
                await _send_json(send, 413, too_large)
                return
            chunks.append(body)
            more = message.get("more_body", False)
        whole = b"".join(chunks)
        problem = _json_problem(whole) if scope.get("method") == "POST" else None
        if problem is not None:
            detail = f"the request body: {problem}"
            await _send_json(send, 422, {"error": "invalid_request", "detail": detail})
            return
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": whole, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


class SecurityHeaders:
    """Check the Host header against `allowed_hosts` (None: any) and add security headers."""

    def __init__(self, app: ASGIApp, allowed_hosts: Iterable[str] | None = None) -> None:
        self.app = app
        self.allowed = None if allowed_hosts is None else {h.lower() for h in allowed_hosts}

    def _host_ok(self, scope: Scope) -> bool:
        if self.allowed is None or "*" in self.allowed:
            return True
        for name, value in scope.get("headers", []):
            if name == b"host":
                host = value.decode("latin-1").lower()
                if host.startswith("["):
                    host = host[: host.find("]") + 1]
                else:
                    host = host.rsplit(":", 1)[0]
                return host in self.allowed
        return False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if not self._host_ok(scope):
            await _send_json(
                send,
                400,
                {"error": "bad_host", "detail": "this server only answers requests to its own address"},
            )
            return
        path: str = scope.get("path", "")
        is_docs = path.startswith("/docs")

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers.append((b"x-content-type-options", b"nosniff"))
                headers.append((b"referrer-policy", b"no-referrer"))
                if not is_docs:
                    headers.append((b"content-security-policy", PAGE_POLICY.encode()))
                    headers.append((b"x-frame-options", b"DENY"))
                message = dict(message, headers=headers)
            await send(message)

        await self.app(scope, receive, with_headers)
