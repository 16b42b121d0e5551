"""The JSON request bodies of the API and the documented error body (pydantic schemas).

They check the shape of a request (types, ranges, no unknown fields: HTTP 422); what a value
means for a family (its options, its instance) is checked by the request pipeline
(`boardlab.core.requests`) in a worker process.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, model_validator
from pydantic_core import PydanticCustomError

from boardlab.core.requests import limit_problem
from boardlab.web.config import MAX_SOLUTIONS, MAX_TIME_LIMIT

InstanceField = Field(
    ...,
    description=(
        "The puzzle: the family's instance JSON object, a board size (families that take one), "
        "or a text: the family's text format, a game ID, or JSON text."
    ),
    examples=[8, {"family": "nqueens", "n": 8, "fixed": [[0, 0]]}, "Q...\n....\n....\n...."],
)
OptionsField: Any = Field(default_factory=dict, description="Family options by name (see GET /api/families).")
TimeLimitField = Field(
    None,
    gt=0,
    le=MAX_TIME_LIMIT,
    description=f"Seconds (default 10, at most {MAX_TIME_LIMIT:g}).",
)


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class InstanceBody(Body):
    instance: dict[str, Any] | StrictInt | StrictStr = InstanceField
    options: dict[str, Any] = OptionsField


class SolveBody(InstanceBody):
    mode: Literal["first", "unique", "count", "all", "optimise"] = Field("first", description="What to find.")
    limit: int | None = Field(
        None,
        ge=1,
        le=MAX_SOLUTIONS,
        description=f"At most this many solutions (modes `all` and `count` only; at most {MAX_SOLUTIONS}).",
    )
    time_limit: float | None = TimeLimitField
    backend: str | None = Field(None, max_length=40)
    strategy: str | None = Field(None, max_length=80)
    workers: int | None = Field(
        None,
        ge=1,
        le=64,
        description=(
            "Solver threads (default 1); above 1 only where the backend named runs several (else 400);"
            " with auto, at most this many."
        ),
    )
    seed: int | None = Field(None, ge=0, le=2**31 - 1, description="Random seed of the solver.")

    @model_validator(mode="after")
    def _limit_goes_with_the_mode(self) -> SolveBody:
        """A limit with a mode that would drop it (first, unique, optimise) is refused (422),
        as the command line refuses `--limit` with `--unique`."""
        problem = limit_problem(self.mode, self.limit)
        if problem is not None:
            raise PydanticCustomError("limit_mode", problem)
        return self


class GenerateBody(Body):
    seed: int | None = Field(
        None, ge=0, le=2**63 - 1, description="Same seed, same puzzle (random if absent)."
    )
    options: dict[str, Any] = OptionsField
    time_limit: float | None = TimeLimitField


class CheckBody(InstanceBody):
    solution: Any = Field(
        ..., description="A proposed solution in the family's solution JSON (or a solve answer)."
    )


class HintBody(InstanceBody):
    partial: dict[str, Any] | None = Field(
        None, description="The placements made so far, in solution JSON shape."
    )
    time_limit: float | None = TimeLimitField


class GradeBody(InstanceBody):
    time_limit: float | None = TimeLimitField


class ConvertBody(InstanceBody):
    to: str = Field(
        "text",
        max_length=40,
        description="The format to write: one of the family's `writes` (GET /api/families).",
    )


class RenderBody(InstanceBody):
    solution: dict[str, Any] | None = Field(
        None, description="A solution to draw (checked; violations are listed)."
    )


class ErrorBody(BaseModel):
    """Every answer other than 200."""

    error: str = Field(
        ...,
        description="bad_input, unsupported, invalid_request, unknown_family, too_large, "
        "answer_too_large, busy, time_limit, worker_crashed, solver_bug, internal, bad_host",
    )
    detail: str = Field(..., description="One line saying what is wrong (and where, for bad input).")
    source: str | None = None
    line: int | None = None
    column: int | None = None


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {
        "model": ErrorBody,
        "description": "Bad input (the puzzle, a solution or an option) or an unsupported request",
    },
    404: {"model": ErrorBody, "description": "Unknown family"},
    413: {"model": ErrorBody, "description": "Request body, answer or puzzle too large"},
    422: {"model": ErrorBody, "description": "The request does not match the schema"},
    429: {"model": ErrorBody, "description": "Every worker process is busy: try again (Retry-After)"},
    503: {
        "model": ErrorBody,
        "description": "The worker process died during the job; a fresh one was started",
    },
}
SOLVER_ERRORS: dict[int | str, dict[str, Any]] = {
    **ERRORS,
    504: {
        "model": ErrorBody,
        "description": "No answer within the time limit (generate, hint; grade, explain when stopped)",
    },
}
