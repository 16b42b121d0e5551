"""The API routes: each checks the request's options in the server process (cheap, through the
request pipeline) and runs the rest of the pipeline as a job in a worker process (`jobs`).

- `GET /api/families`: `boardlab families --json`, each family also saying whether it offers
  hints (`hint`), the puzzle the page opens on (`example`: JSON and text) and the published
  puzzles shipped for it (`library`) and the generated ones its puzzles menu offers by size and
  difficulty (`generated`: `{"title", "options"}`).
- `POST /api/{family}/parse`: an instance from text, game ID, JSON or board size, answered as
  its JSON and its text format.
- `POST /api/{family}/solve`: `{"instance", "mode", "limit", "time_limit", ...}`, answered with
  the object `solve --json` prints.
- `POST /api/{family}/generate`: the object `generate --json` prints (plus `text`).
- `POST /api/{family}/check`: `{"valid", "violations"}` as `check --json`.
- `POST /api/{family}/hint`: the family's hint, as `hint --json`.
- `POST /api/{family}/grade`, `/explain`: the difficulty and the solving path, as `grade --json`
  and `explain --json` (families with `offers_grade` / `offers_explain`).
- `POST /api/{family}/render`: the board as SVG, with a solution if given.
- `POST /api/{family}/convert`: `{"instance", "to"}`, the puzzle in another format, as
  `convert --json` (`to`: one of the family's `writes`).
- `GET /api/health`: workers, counters and limits.
"""

from __future__ import annotations

import logging
import random
from typing import Any

from fastapi import APIRouter

from boardlab import __version__
from boardlab.core import registry, requests
from boardlab.core.errors import BadInput
from boardlab.core.family import Family
from boardlab.core.results import Stats
from boardlab.web import examples, jobs
from boardlab.web.bodies import (
    ERRORS,
    SOLVER_ERRORS,
    CheckBody,
    ConvertBody,
    GenerateBody,
    GradeBody,
    HintBody,
    InstanceBody,
    RenderBody,
    SolveBody,
)
from boardlab.web.config import MAX_SOLUTIONS, WebConfig
from boardlab.web.errors import ApiError, bad_input, from_job_failure
from boardlab.web.pool import Busy, Crashed, JobFailed, TimedOut, WorkerPool

log = logging.getLogger("boardlab.web")


def _example(family: Family) -> dict[str, Any] | None:
    """The puzzle the page opens on (`core.requests.example`), or None."""
    try:
        return requests.example(family)
    except Exception:  # an example is a convenience: never let it break the listing
        log.exception("no example for %s", family.name)
        return None


def _describe(family: Family) -> dict[str, Any]:
    data = family.describe()
    data["options"] = [o for o in data["options"] if not o["local"]]  # the API never takes them
    data["hint"] = family.offers_hints
    data["example"] = _example(family)
    data["library"] = family.library()
    data["generated"] = examples.generated(family)
    return data


class Services:
    """What the routes run on: the limits, the solver pool and the quick pool."""

    def __init__(self, config: WebConfig, pool: WorkerPool, quick: WorkerPool) -> None:
        self.config = config
        self.pool = pool
        self.quick = quick

    def family(self, name: str) -> Family:
        try:
            return requests.family(name)
        except BadInput as error:
            raise ApiError(404, "unknown_family", str(error)) from None

    @staticmethod
    def options(
        family: Family, verbs: tuple[str, ...], given: dict[str, Any], what: str | None = None
    ) -> dict[str, Any]:
        try:
            return requests.check_options(family, verbs, given, what=what)
        except BadInput as error:
            raise bad_input(error) from None

    def time_limit(self, value: float | None) -> float:
        return float(value) if value is not None else self.config.default_time_limit

    async def run(
        self, workers: WorkerPool, function: Any, *args: Any, timeout: float, wait: float = 0.0
    ) -> Any:
        try:
            return await workers.run(function, *args, timeout=timeout, wait=wait)
        except Busy as error:
            raise ApiError(
                429, "busy", f"{error}; try again in a moment", headers={"Retry-After": "1"}
            ) from None
        except Crashed as error:
            raise ApiError(
                503, "worker_crashed", f"{error}; a fresh process was started, try again"
            ) from None
        except JobFailed as failure:
            raise from_job_failure(failure, self.config) from None

    async def in_pool(
        self, function: Any, *args: Any, timeout: float, missing: str | None = None, advice: str = ""
    ) -> Any:
        """A solver job: the time limit plus the kill grace, refused at once when all are busy.
        A job killed at its limit raises `TimedOut`, or answers 504 "no `missing` within the time
        limit" (and `advice`) if `missing` is given."""
        try:
            return await self.run(self.pool, function, *args, timeout=timeout + self.config.kill_grace)
        except TimedOut:
            if missing is None:
                raise
            raise ApiError(
                504, "time_limit", f"no {missing} within the time limit of {timeout:g} s{advice}"
            ) from None

    async def in_quick(self, function: Any, *args: Any) -> Any:
        """A quick job (parse, check, render): short hard limit, waits a little for a process."""
        config = self.config
        try:
            return await self.run(
                self.quick, function, *args, timeout=config.quick_seconds, wait=config.quick_wait
            )
        except TimedOut:
            raise ApiError(
                413, "too_large", f"the puzzle took more than {config.quick_seconds:g} s to read or draw"
            ) from None

    async def instance_json(self, family: Family, value: Any, options: dict[str, Any]) -> dict[str, Any]:
        answer = await self.in_quick(
            jobs.parse_job, family.name, value, options, False, self.config.max_answer_bytes
        )
        return answer["instance"]


def api_routes(services: Services) -> APIRouter:
    """The routes of the API over `services`."""
    router = APIRouter()
    config, pool, quick = services.config, services.pool, services.quick
    max_bytes = config.max_answer_bytes

    @router.get("/api/families", summary="The families, their options and modes")
    async def list_families() -> list[dict[str, Any]]:
        return [_describe(family) for family in registry.families()]

    @router.get("/api/health", summary="Server health, solver processes and limits")
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

    @router.post(
        "/api/{family}/parse", summary="Read an instance (text, game ID, JSON or size)", responses=ERRORS
    )
    async def parse(family: str, body: InstanceBody) -> dict[str, Any]:
        chosen = services.family(family)
        # the options that change the puzzle read (armies m, chessnum pieces, cnote target): those
        # of convert, which reads a puzzle and writes it; any other (a solver's, a generator's)
        # is refused as every endpoint refuses an option it does not use (it was taken and dropped)
        options = services.options(chosen, ("convert",), body.options, what="parse")
        return await services.in_quick(jobs.parse_job, chosen.name, body.instance, options, True, max_bytes)

    @router.post(
        "/api/{family}/solve", summary="Solve: first, unique, count, all or optimise", responses=SOLVER_ERRORS
    )
    async def solve(family: str, body: SolveBody) -> dict[str, Any]:
        chosen = services.family(family)
        options = services.options(chosen, ("count",) if body.mode == "count" else ("solve",), body.options)
        instance = await services.instance_json(chosen, body.instance, options)
        limit = body.limit
        if body.mode == "all" and limit is None:
            limit = MAX_SOLUTIONS
        seconds = services.time_limit(body.time_limit)
        fields = {
            "mode": body.mode,
            "limit": limit,
            "time_limit": seconds,
            "backend": body.backend,
            "strategy": body.strategy,
            "workers": body.workers,
            "seed": body.seed,
            "options": options,
        }
        try:
            return await services.in_pool(
                jobs.solve_job, chosen.name, instance, fields, max_bytes, timeout=seconds
            )
        except TimedOut:
            # the solver did not stop by itself: the answer of a time limit, with nothing found
            return {
                "family": chosen.name,
                "status": "unknown",
                "instance": instance,
                "solutions": [],
                "count": None,
                "unique": None,
                "stats": Stats(
                    seconds=seconds + config.kill_grace,
                    backend=body.backend,
                    extra={"stopped": "killed at the time limit"},
                ).to_json(),
            }

    @router.post(
        "/api/{family}/generate",
        summary="Generate a puzzle (unique where it has clues)",
        responses=SOLVER_ERRORS,
    )
    async def generate(family: str, body: GenerateBody) -> dict[str, Any]:
        chosen = services.family(family)
        options = services.options(chosen, ("generate",), body.options)
        seconds = services.time_limit(body.time_limit)
        seed = body.seed if body.seed is not None else random.SystemRandom().randrange(2**31)
        return await services.in_pool(
            jobs.generate_job,
            chosen.name,
            seed,
            options,
            max_bytes,
            timeout=seconds,
            missing="puzzle",
            advice=" (try a smaller one)",
        )

    @router.post(
        "/api/{family}/check", summary="Check a proposed solution (violations listed)", responses=ERRORS
    )
    async def check(family: str, body: CheckBody) -> dict[str, Any]:
        chosen = services.family(family)
        options = services.options(chosen, ("check",), body.options)
        return await services.in_quick(jobs.check_job, chosen.name, body.instance, options, body.solution)

    @router.post("/api/{family}/hint", summary="A hint for a partly solved board", responses=SOLVER_ERRORS)
    async def hint(family: str, body: HintBody) -> dict[str, Any]:
        chosen = services.family(family)
        if not chosen.offers_hints:
            raise ApiError(400, "unsupported", f"{chosen.name} offers no hints")
        options = services.options(chosen, ("hint",), body.options)
        instance = await services.instance_json(chosen, body.instance, options)
        seconds = services.time_limit(body.time_limit)
        return await services.in_pool(
            jobs.hint_job, chosen.name, instance, body.partial, max_bytes, timeout=seconds, missing="hint"
        )

    @router.post("/api/{family}/grade", summary="The puzzle's difficulty level", responses=SOLVER_ERRORS)
    async def grade(family: str, body: GradeBody) -> dict[str, Any]:
        chosen = services.family(family)
        if not chosen.offers_grade:
            raise ApiError(400, "unsupported", f"{chosen.name} offers no difficulty grades")
        options = services.options(chosen, ("grade",), body.options)
        instance = await services.instance_json(chosen, body.instance, options)
        seconds = services.time_limit(body.time_limit)
        return await services.in_pool(
            jobs.grade_job, chosen.name, instance, max_bytes, timeout=seconds, missing="grade"
        )

    @router.post("/api/{family}/explain", summary="The solving path, step by step", responses=SOLVER_ERRORS)
    async def explain(family: str, body: GradeBody) -> dict[str, Any]:
        chosen = services.family(family)
        if not chosen.offers_explain:
            raise ApiError(400, "unsupported", f"{chosen.name} offers no step-by-step solutions")
        options = services.options(chosen, ("explain",), body.options)
        instance = await services.instance_json(chosen, body.instance, options)
        seconds = services.time_limit(body.time_limit)
        return await services.in_pool(
            jobs.explain_job, chosen.name, instance, max_bytes, timeout=seconds, missing="explanation"
        )

    @router.post("/api/{family}/render", summary="Draw the board as SVG", responses=ERRORS)
    async def render(family: str, body: RenderBody) -> dict[str, Any]:
        chosen = services.family(family)
        options = services.options(chosen, ("render",), body.options)
        return await services.in_quick(
            jobs.render_job, chosen.name, body.instance, options, body.solution, max_bytes
        )

    @router.post("/api/{family}/convert", summary="Write the puzzle in another format", responses=ERRORS)
    async def convert(family: str, body: ConvertBody) -> dict[str, Any]:
        chosen = services.family(family)
        options = services.options(chosen, ("convert",), body.options)
        return await services.in_quick(
            jobs.convert_job, chosen.name, body.instance, options, body.to, max_bytes
        )

    return router
