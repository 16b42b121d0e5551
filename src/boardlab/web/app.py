"""The FastAPI application: the JSON API of DESIGN.md over the family registry, and the page.

Routes (the JSON is the CLI's, so scripts work against both):

- `GET /api/families`: `boardlab families --json`, each family also saying whether it offers
  hints (`hint`) and an example instance (`example`: JSON and text) for the page's editor.
- `POST /api/{family}/parse`: an instance from text, game ID, JSON or board size, answered as
  its JSON and its text format.
- `POST /api/{family}/solve`: `{"instance", "mode", "limit", "time_limit", ...}`, answered with
  the object `solve --json` prints.
- `POST /api/{family}/generate`: the object `generate --json` prints (plus `text`).
- `POST /api/{family}/check`: `{"valid", "violations"}` as `check --json`.
- `POST /api/{family}/hint`: the family's hint (`Family.hint`).
- `POST /api/{family}/render`: the board as SVG, with a solution if given.
- `GET /api/health`: workers, counters and limits.
- `GET /`: the page; `GET /docs`: the OpenAPI schema, browsable (`/openapi.json` raw).

Solve, generate and hint run in the solver processes (`WorkerPool`): each has a time limit
(default 10 s, at most 60 s), passed to the solver and enforced by killing the process a few
seconds after it; a request that finds every solver busy gets 429 at once. Parse, check and
render run in a second, small pool of "quick" processes (hard limit 10 s, a short wait for a
free one), so that no family code runs in the server process and the page stays usable during
long solves. Every worker's memory is capped (3 GiB by default). Errors are JSON
`{"error": kind, "detail": one line, ...}` with a 4xx status for anything the client can fix.
"""

from __future__ import annotations

import importlib.util
import logging
import random
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator, Literal, Optional, Union

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr
from starlette.exceptions import HTTPException as StarletteHTTPException

from boardlab import __version__
from boardlab.core import registry
from boardlab.core.errors import BadInput, Unsupported
from boardlab.core.family import Family
from boardlab.web import jobs
from boardlab.web.config import MAX_SOLUTIONS, MAX_TIME_LIMIT, WebConfig
from boardlab.web.inputs import check_options
from boardlab.web.limits import BodyLimit, SecurityHeaders
from boardlab.web.pool import Busy, Crashed, JobFailed, TimedOut, WorkerPool

log = logging.getLogger("boardlab.web")

STATIC = Path(__file__).parent / "static"


# ---- errors -------------------------------------------------------------------------------------
class ApiError(Exception):
    """An answer other than 200: HTTP status, a short kind, one line of detail."""

    def __init__(self, status: int, kind: str, detail: str, headers: dict[str, str] | None = None, **extra: Any) -> None:
        super().__init__(detail)
        self.status = status
        self.kind = kind
        self.detail = detail
        self.headers = headers
        self.extra = extra


def _bad_input(error: BadInput) -> ApiError:
    kind = "unsupported" if isinstance(error, Unsupported) else "bad_input"
    return ApiError(400, kind, str(error), source=error.source, line=error.line, column=error.column)


def _from_job_failure(failure: JobFailed, config: WebConfig) -> ApiError:
    bases = failure.payload.get("bases", [])
    text = failure.payload.get("text") or failure.payload.get("message") or failure.kind
    if "BadInput" in bases:
        kind = "unsupported" if "Unsupported" in bases else "bad_input"
        return ApiError(
            400, kind, text,
            source=failure.payload.get("source"), line=failure.payload.get("line"), column=failure.payload.get("column"),
        )
    if "AnswerTooLarge" in bases:
        return ApiError(413, "answer_too_large", text)
    if "MemoryError" in bases:
        limit = config.worker_memory_bytes / 1024**3
        return ApiError(413, "too_large", f"the job needs more memory than a worker process may use ({limit:g} GiB)")
    if "RecursionError" in bases:
        return ApiError(400, "bad_input", "input nested too deeply")
    if "SolverBug" in bases:
        log.error("solver bug: %s", failure.text)
        return ApiError(500, "solver_bug", f"internal error: {text}")
    log.error("job failed: %s", failure.text)
    return ApiError(500, "internal", f"internal error: {failure.kind}: {failure.payload.get('message', '')}")


# ---- request bodies -----------------------------------------------------------------------------
InstanceField = Field(
    ...,
    description=(
        "The puzzle: the family's instance JSON object, a board size (families that take one), "
        "or a text: the family's text format, a game ID, or JSON text."
    ),
    examples=[8, {"family": "nqueens", "n": 8, "fixed": [[0, 0]]}, "Q...\n....\n....\n...."],
)
OptionsField = Field(default_factory=dict, description="Family options by name (see GET /api/families).")
TimeLimitField = Field(
    None, gt=0, le=MAX_TIME_LIMIT, description=f"Seconds (default 10, at most {MAX_TIME_LIMIT:g}).",
)


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class InstanceBody(Body):
    instance: Union[dict[str, Any], StrictInt, StrictStr] = InstanceField
    options: dict[str, Any] = OptionsField


class SolveBody(InstanceBody):
    mode: Literal["first", "unique", "count", "all", "optimise"] = Field("first", description="What to find.")
    limit: Optional[int] = Field(None, ge=1, le=MAX_SOLUTIONS, description=f"At most this many solutions (`all`; at most {MAX_SOLUTIONS}).")
    time_limit: Optional[float] = TimeLimitField
    backend: Optional[str] = Field(None, max_length=40)
    strategy: Optional[str] = Field(None, max_length=80)
    workers: Optional[int] = Field(None, ge=1, le=64, description="Solver threads where the backend uses them.")
    seed: Optional[int] = Field(None, ge=0, le=2**31 - 1, description="Random seed of the solver.")


class GenerateBody(Body):
    seed: Optional[int] = Field(None, ge=0, le=2**63 - 1, description="Same seed, same puzzle (random if absent).")
    options: dict[str, Any] = OptionsField
    time_limit: Optional[float] = TimeLimitField


class CheckBody(InstanceBody):
    solution: Any = Field(..., description="A proposed solution in the family's solution JSON (or a solve answer).")


class HintBody(InstanceBody):
    partial: Optional[dict[str, Any]] = Field(None, description="The placements made so far, in solution JSON shape.")
    time_limit: Optional[float] = TimeLimitField


class RenderBody(InstanceBody):
    solution: Optional[dict[str, Any]] = Field(None, description="A solution to draw (checked; violations are listed).")


class ErrorBody(BaseModel):
    """Every answer other than 200."""

    error: str = Field(..., description="bad_input, unsupported, invalid_request, unknown_family, too_large, "
                       "answer_too_large, busy, time_limit, worker_crashed, solver_bug, internal, bad_host")
    detail: str = Field(..., description="One line saying what is wrong (and where, for bad input).")
    source: Optional[str] = None
    line: Optional[int] = None
    column: Optional[int] = None


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody, "description": "Bad input (the puzzle, a solution or an option) or an unsupported request"},
    404: {"model": ErrorBody, "description": "Unknown family"},
    413: {"model": ErrorBody, "description": "Request body, answer or puzzle too large"},
    422: {"model": ErrorBody, "description": "The request does not match the schema"},
    429: {"model": ErrorBody, "description": "Every worker process is busy: try again (Retry-After)"},
    503: {"model": ErrorBody, "description": "The worker process died during the job; a fresh one was started"},
}
SOLVER_ERRORS: dict[int | str, dict[str, Any]] = {
    **ERRORS, 504: {"model": ErrorBody, "description": "No answer within the time limit (generate, hint)"},
}


# ---- the application ----------------------------------------------------------------------------


def _example(family: Family) -> dict[str, Any] | None:
    """A small instance for the page's editor (the family's own `sample`), or None."""
    try:
        instance = family.sample(random.Random(1))
        return {"instance": family.to_json(instance), "text": family.dump_text(instance)}
    except Exception:  # an example is a convenience: never let it break the listing
        log.exception("no example for %s", family.name)
        return None


def _describe(family: Family) -> dict[str, Any]:
    data = family.describe()
    data["options"] = [o for o in data["options"] if not o["local"]]  # the API never takes them
    data["hint"] = family.offers_hints
    data["example"] = _example(family)
    return data


def _swagger_static() -> Path | None:
    """Swagger UI's files from the `swagger-ui-py` package, if installed (found, not imported)."""
    spec = importlib.util.find_spec("swagger_ui")
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(list(spec.submodule_search_locations)[0]) / "static"
    return folder if (folder / "swagger-ui-bundle.js").exists() else None


def create_app(config: WebConfig | None = None, pool: WorkerPool | None = None) -> FastAPI:
    """The application with its own solver pool (started and stopped with the app's lifespan)."""
    config = config or WebConfig()
    pool = pool or WorkerPool(config.workers, max_memory=config.worker_memory_bytes, name="solver")
    quick = WorkerPool(config.quick_workers, max_memory=config.worker_memory_bytes, name="quick")

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        pool.start()
        quick.start()
        try:
            yield
        finally:
            pool.close()
            quick.close()

    app = FastAPI(
        title="boardlab",
        version=__version__,
        summary="Solve, generate, check and draw chessboard and grid puzzles.",
        description=(__doc__ or "").split("\n\n")[0],
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.pool = pool
    app.state.quick = quick
    app.state.config = config
    app.add_middleware(SecurityHeaders, allowed_hosts=config.allowed_hosts)
    app.add_middleware(BodyLimit, max_bytes=config.max_body_bytes)

    # ---- error answers ----
    @app.exception_handler(ApiError)
    async def api_error(request: Request, error: ApiError) -> JSONResponse:
        body = {"error": error.kind, "detail": error.detail}
        body.update({k: v for k, v in error.extra.items() if v is not None})
        return JSONResponse(body, status_code=error.status, headers=error.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> JSONResponse:
        errors = error.errors()
        lines = []
        for item in errors[:5]:
            where = ".".join(str(part) for part in item.get("loc", ()) if part != "body")
            lines.append(f"{where}: {item.get('msg', 'invalid')}" if where else str(item.get("msg", "invalid")))
        detail = "; ".join(lines) or "invalid request"
        if errors and errors[0].get("type") == "json_invalid":
            detail = "malformed JSON in the request body: " + str(errors[0].get("ctx", {}).get("error", "")).strip()
        safe = [{"loc": list(map(str, e.get("loc", ()))), "msg": e.get("msg"), "type": e.get("type")} for e in errors[:20]]
        return JSONResponse({"error": "invalid_request", "detail": detail, "errors": safe}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        kinds = {400: "bad_request", 404: "not_found", 405: "method_not_allowed", 413: "too_large"}
        return JSONResponse(
            {"error": kinds.get(error.status_code, "http_error"), "detail": str(error.detail)},
            status_code=error.status_code,
            headers=getattr(error, "headers", None),
        )

    @app.exception_handler(Exception)
    async def internal_error(request: Request, error: Exception) -> JSONResponse:
        log.exception("internal error")
        return JSONResponse({"error": "internal", "detail": f"internal error: {type(error).__name__}"}, status_code=500)

    # ---- helpers ----
    def family_named(name: str) -> Family:
        try:
            return registry.get(name)
        except BadInput as error:
            raise ApiError(404, "unknown_family", str(error)) from None

    def options_of(family: Family, verbs: tuple[str, ...], given: dict[str, Any]) -> dict[str, Any]:
        try:
            return check_options(family, verbs, given)
        except BadInput as error:
            raise _bad_input(error) from None

    def time_limit(value: float | None) -> float:
        return float(value) if value is not None else config.default_time_limit

    async def run(workers: WorkerPool, function: Any, *args: Any, timeout: float, wait: float = 0.0) -> Any:
        try:
            return await workers.run(function, *args, timeout=timeout, wait=wait)
        except Busy as error:
            raise ApiError(429, "busy", f"{error}; try again in a moment", headers={"Retry-After": "1"}) from None
        except Crashed as error:
            raise ApiError(503, "worker_crashed", f"{error}; a fresh process was started, try again") from None
        except JobFailed as failure:
            raise _from_job_failure(failure, config) from None

    async def in_pool(function: Any, *args: Any, timeout: float) -> Any:
        """A solver job: the time limit plus the kill grace, refused at once when all are busy."""
        return await run(pool, function, *args, timeout=timeout + config.kill_grace)

    async def in_quick(function: Any, *args: Any) -> Any:
        """A quick job (parse, check, render): short hard limit, waits a little for a process."""
        try:
            return await run(quick, function, *args, timeout=config.quick_seconds, wait=config.quick_wait)
        except TimedOut:
            raise ApiError(413, "too_large", f"the puzzle took more than {config.quick_seconds:g} s to read or draw") from None

    async def instance_json(family: Family, value: Any, options: dict[str, Any]) -> dict[str, Any]:
        answer = await in_quick(jobs.parse_job, family.name, value, options, False, config.max_answer_bytes)
        return answer["instance"]

    # ---- the API ----
    @app.get("/api/families", summary="The families, their options and modes")
    async def list_families() -> list[dict[str, Any]]:
        return [_describe(family) for family in registry.families()]

    @app.get("/api/health", summary="Server health, solver processes and limits")
    async def health() -> dict[str, Any]:
        stats = pool.stats
        return {
            "status": "ok",
            "version": __version__,
            "families": [f.name for f in registry.families()],
            "workers": pool.size,
            "busy": pool.busy,
            "pids": pool.pids(),
            "quick_pids": quick.pids(),
            "jobs": {
                "started_processes": stats.started,
                "completed": stats.completed,
                "refused": stats.refused,
                "timed_out": stats.timed_out,
                "crashed": stats.crashed,
                "failed": stats.failed,
            },
            "limits": config.to_json(),
        }

    @app.post("/api/{family}/parse", summary="Read an instance (text, game ID, JSON or size)", responses=ERRORS)
    async def parse(family: str, body: InstanceBody) -> dict[str, Any]:
        chosen = family_named(family)
        options = options_of(chosen, ("solve", "count", "generate", "render", "check"), body.options)
        return await in_quick(jobs.parse_job, chosen.name, body.instance, options, True, config.max_answer_bytes)

    @app.post("/api/{family}/solve", summary="Solve: first, unique, count, all or optimise", responses=SOLVER_ERRORS)
    async def solve(family: str, body: SolveBody) -> dict[str, Any]:
        chosen = family_named(family)
        options = options_of(chosen, ("count",) if body.mode == "count" else ("solve",), body.options)
        instance = await instance_json(chosen, body.instance, options)
        limit = body.limit
        if body.mode == "all" and limit is None:
            limit = MAX_SOLUTIONS
        seconds = time_limit(body.time_limit)
        fields = {
            "mode": body.mode, "limit": limit, "time_limit": seconds, "backend": body.backend,
            "strategy": body.strategy, "workers": body.workers, "seed": body.seed, "options": options,
        }
        try:
            return await in_pool(jobs.solve_job, chosen.name, instance, fields, config.max_answer_bytes, timeout=seconds)
        except TimedOut:
            # the solver did not stop by itself: the answer of a time limit, with nothing found
            return {
                "family": chosen.name, "status": "unknown", "instance": instance, "solutions": [],
                "count": None, "unique": None,
                "stats": {"seconds": seconds + config.kill_grace, "backend": body.backend, "stopped": "killed at the time limit"},
            }

    @app.post("/api/{family}/generate", summary="Generate a puzzle (unique where it has clues)", responses=SOLVER_ERRORS)
    async def generate(family: str, body: GenerateBody) -> dict[str, Any]:
        chosen = family_named(family)
        options = options_of(chosen, ("generate",), body.options)
        seconds = time_limit(body.time_limit)
        seed = body.seed if body.seed is not None else random.SystemRandom().randrange(2**31)
        try:
            return await in_pool(jobs.generate_job, chosen.name, seed, options, config.max_answer_bytes, timeout=seconds)
        except TimedOut:
            raise ApiError(504, "time_limit", f"no puzzle within the time limit of {seconds:g} s (try a smaller one)") from None

    @app.post("/api/{family}/check", summary="Check a proposed solution (violations listed)", responses=ERRORS)
    async def check(family: str, body: CheckBody) -> dict[str, Any]:
        chosen = family_named(family)
        options = options_of(chosen, ("check",), body.options)
        return await in_quick(jobs.check_job, chosen.name, body.instance, options, body.solution)

    @app.post("/api/{family}/hint", summary="A hint for a partly solved board", responses=SOLVER_ERRORS)
    async def hint(family: str, body: HintBody) -> dict[str, Any]:
        chosen = family_named(family)
        if not chosen.offers_hints:
            raise ApiError(400, "unsupported", f"{chosen.name} offers no hints")
        options = options_of(chosen, ("solve",), body.options)
        instance = await instance_json(chosen, body.instance, options)
        seconds = time_limit(body.time_limit)
        try:
            return await in_pool(jobs.hint_job, chosen.name, instance, body.partial, config.max_answer_bytes, timeout=seconds)
        except TimedOut:
            raise ApiError(504, "time_limit", f"no hint within the time limit of {seconds:g} s") from None

    @app.post("/api/{family}/render", summary="Draw the board as SVG", responses=ERRORS)
    async def render(family: str, body: RenderBody) -> dict[str, Any]:
        chosen = family_named(family)
        options = options_of(chosen, ("render",), body.options)
        return await in_quick(jobs.render_job, chosen.name, body.instance, options, body.solution, config.max_answer_bytes)

    # ---- documentation and the page ----
    swagger = _swagger_static()
    if swagger is not None:
        app.mount("/docs-static", StaticFiles(directory=swagger), name="docs-static")

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        if swagger is not None:
            return get_swagger_ui_html(
                openapi_url="/openapi.json",
                title="boardlab API",
                swagger_js_url="/docs-static/swagger-ui-bundle.js",
                swagger_css_url="/docs-static/swagger-ui.css",
                swagger_favicon_url="/static/favicon.svg",
            )
        return FileResponse(STATIC / "api.html", media_type="text/html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    return app
