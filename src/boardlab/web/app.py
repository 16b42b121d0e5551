"""The FastAPI application: the JSON API of DESIGN.md over the family registry, and the page.

The routes (`routes.py`) answer with the JSON the command line prints, so scripts work against
both: both run the request pipeline (`boardlab.core.requests`). Also `GET /` (the page) and
`GET /docs` (the OpenAPI schema, browsable; `/openapi.json` raw).

Solve, generate and hint run in the solver processes (`WorkerPool`): each has a time limit
(default 10 s, at most 60 s), passed to the solver and enforced by killing the process a few
seconds after it; a request that finds every solver busy gets 429 at once. Parse, check and
render run in a second, small pool of "quick" processes (hard limit 10 s, a short wait for a
free one), so that no family code runs in the server process and the page stays usable during
long solves. Every worker's memory is capped (3 GiB by default). Errors (`errors.py`) are JSON
`{"error": kind, "detail": one line, ...}` with a 4xx status for anything the client can fix;
the request bodies are in `bodies.py`.
"""

from __future__ import annotations

import importlib.util
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles

from boardlab import __version__
from boardlab.web import errors
from boardlab.web.config import WebConfig
from boardlab.web.limits import BodyLimit, SecurityHeaders
from boardlab.web.pool import WorkerPool
from boardlab.web.routes import Services, api_routes

STATIC = Path(__file__).parent / "static"


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

    errors.install(app)
    app.include_router(api_routes(Services(config, pool, quick)))

    # ---- documentation and the page ----
    swagger = _swagger_static()
    if swagger is not None:
        app.mount("/docs-static", StaticFiles(directory=swagger), name="docs-static")

    @app.get("/docs", include_in_schema=False)
    async def docs() -> Response:
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
