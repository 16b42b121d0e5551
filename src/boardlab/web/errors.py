"""Error answers: `ApiError` and the handlers that turn every failure into JSON
`{"error": kind, "detail": one line, ...}` with a 4xx status for anything the client can fix."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from boardlab.core.errors import BadInput, Unsupported
from boardlab.web.config import WebConfig
from boardlab.web.pool import JobFailed

log = logging.getLogger("boardlab.web")


class ApiError(Exception):
    """An answer other than 200: HTTP status, a short kind, one line of detail."""

    def __init__(
        self, status: int, kind: str, detail: str, headers: dict[str, str] | None = None, **extra: Any
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.kind = kind
        self.detail = detail
        self.headers = headers
        self.extra = extra


def bad_input(error: BadInput) -> ApiError:
    """400 for bad input raised in the server process."""
    kind = "unsupported" if isinstance(error, Unsupported) else "bad_input"
    return ApiError(400, kind, str(error), source=error.source, line=error.line, column=error.column)


def from_job_failure(failure: JobFailed, config: WebConfig) -> ApiError:
    """The answer for an exception raised by a job in a worker process (known by class name)."""
    bases = failure.payload.get("bases", [])
    text = failure.payload.get("text") or failure.payload.get("message") or failure.kind
    if "BadInput" in bases:
        kind = "unsupported" if "Unsupported" in bases else "bad_input"
        return ApiError(
            400,
            kind,
            text,
            source=failure.payload.get("source"),
            line=failure.payload.get("line"),
            column=failure.payload.get("column"),
        )
    if "AnswerTooLarge" in bases:
        return ApiError(413, "answer_too_large", text)
    if "MemoryError" in bases:
        limit = config.worker_memory_bytes / 1024**3
        return ApiError(
            413, "too_large", f"the job needs more memory than a worker process may use ({limit:g} GiB)"
        )
    if "RecursionError" in bases:
        return ApiError(400, "bad_input", "input nested too deeply")
    if "SolverBug" in bases:
        log.error("solver bug: %s", failure.text)
        return ApiError(500, "solver_bug", f"internal error: {text}")
    log.error("job failed: %s", failure.text)
    return ApiError(500, "internal", f"internal error: {failure.kind}: {failure.payload.get('message', '')}")


async def _api_error(request: Request, error: ApiError) -> JSONResponse:
    body = {"error": error.kind, "detail": error.detail}
    body.update({k: v for k, v in error.extra.items() if v is not None})
    return JSONResponse(body, status_code=error.status, headers=error.headers)


async def _invalid_request(request: Request, error: RequestValidationError) -> JSONResponse:
    errors = error.errors()
    lines = []
    for item in errors[:5]:
        where = ".".join(str(part) for part in item.get("loc", ()) if part != "body")
        lines.append(f"{where}: {item.get('msg', 'invalid')}" if where else str(item.get("msg", "invalid")))
    detail = "; ".join(lines) or "invalid request"
    if errors and errors[0].get("type") == "json_invalid":
        detail = (
            "malformed JSON in the request body: " + str(errors[0].get("ctx", {}).get("error", "")).strip()
        )
    safe = [
        {"loc": list(map(str, e.get("loc", ()))), "msg": e.get("msg"), "type": e.get("type")}
        for e in errors[:20]
    ]
    return JSONResponse({"error": "invalid_request", "detail": detail, "errors": safe}, status_code=422)


async def _http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
    kinds = {400: "bad_request", 404: "not_found", 405: "method_not_allowed", 413: "too_large"}
    return JSONResponse(
        {"error": kinds.get(error.status_code, "http_error"), "detail": str(error.detail)},
        status_code=error.status_code,
        headers=getattr(error, "headers", None),
    )


async def _internal_error(request: Request, error: Exception) -> JSONResponse:
    log.exception("internal error")
    return JSONResponse(
        {"error": "internal", "detail": f"internal error: {type(error).__name__}"}, status_code=500
    )


def install(app: FastAPI) -> None:
    """Answer every error of `app` as JSON."""
    app.add_exception_handler(ApiError, _api_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _invalid_request)  # type: ignore[arg-type]
    app.add_exception_handler(StarletteHTTPException, _http_error)  # type: ignore[arg-type]
    app.add_exception_handler(Exception, _internal_error)
