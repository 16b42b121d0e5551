"""The request pipeline: from what a user asked to the JSON answer, for the CLI and the web API.

Both front ends call these functions and nothing else of the families' interface to read
puzzles, check options, build a `SolveRequest` and answer; so the command line and the API
accept the same options, read instances the same way and answer with the same JSON (the public
contract of DESIGN.md). The steps, in order:

1. the family (`family`), and its options for the verb, checked and with their defaults filled
   in (`check_options`: unknown names, types, choices, ranges);
2. the instance: from a command-line argument (`read_instances`, `read_instance`: a board size,
   a file, standard input, a game ID) or a request field (`parse_value`: JSON, a size or a
   text, never a path), with the options applied;
3. the question: `solve_request` is the one place a request's fields (mode, limit, time limit,
   backend, ...) become a `SolveRequest`;
4. the answer, through the checked entry points of `Family` (every solution returned has passed
   the family's independent `verify`), and its JSON: `solve` (`Result.to_json`), `generate` and
   `generated_json`, `check`, `hint`, `draw` and `Drawing.to_json`, `instance_json`, `convert`.

Printing, exit codes, HTTP statuses, worker processes and answer sizes belong to the front ends.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from boardlab.core import registry, schemas
from boardlab.core.deadline import Deadline
from boardlab.core.errors import BadInput
from boardlab.core.family import Family, Generated, Record
from boardlab.core.io import JsonArgument, load_json_argument, parse_value, read_instance, read_instances
from boardlab.core.options import VERBS, Option
from boardlab.core.results import Mode, Result, SolveRequest, Status
from boardlab.core.words import shown

__all__ = [
    "VERBS",
    "Drawing",
    "JsonArgument",
    "check",
    "check_format",
    "check_options",
    "convert",
    "draw",
    "error_json",
    "explain",
    "family",
    "generate",
    "generated_json",
    "grade",
    "hint",
    "instance_json",
    "limit_problem",
    "load_instance",
    "load_json_argument",
    "options_for",
    "parse_value",
    "read_instance",
    "read_instances",
    "solution_of",
    "solve",
    "solve_mode",
    "solve_request",
    "with_options",
]


# ---- 1. the family and its options --------------------------------------------------------------
def family(name: str) -> Family:
    """The registered family `name` (BadInput naming the known ones otherwise)."""
    return registry.get(name)


def options_for(chosen: Family, verbs: tuple[str, ...], local: bool = False) -> dict[str, Option]:
    """The family's options accepted by any of `verbs`, by name. `local` options (a path, a
    cluster address: things of this machine) only if `local` (the command line, not the API)."""
    return {o.name: o for o in chosen.options if any(v in o.verbs for v in verbs) and (local or not o.local)}


def check_options(
    chosen: Family,
    verbs: tuple[str, ...],
    given: dict[str, Any] | None,
    *,
    local: bool = False,
    flags: bool = False,
    what: str | None = None,
) -> dict[str, Any]:
    """The options for `verbs`, checked (`Option.check`), with the declared defaults filled in.

    Unknown names are bad input. `flags`: errors name an option by its command-line flag.
    `what`: the request named in errors (default: the verbs; the web's parse takes convert's).
    """
    allowed = options_for(chosen, verbs, local)
    given = dict(given or {})
    unknown = sorted(set(given) - set(allowed))
    if unknown:
        known = ", ".join(sorted(allowed)) or "none"
        raise BadInput(
            f"unknown option '{unknown[0]}' for {chosen.name} {what or '/'.join(verbs)} (known: {known})"
        )
    return {
        name: option.check(given.get(name, option.default), option.flag if flags else None)
        for name, option in allowed.items()
    }


# ---- 2. the instance (from Python: the API) ------------------------------------------------------
def load_instance(chosen: Family, value: Any, options: dict[str, Any]) -> Any:
    """The one instance a Python value describes, with the options applied: a path
    (`os.PathLike`) or a string without a newline as the command line reads its argument
    (`read_instance`: a board size, a file, `-` for stdin, a game ID); anything else as a
    request field (`parse_value`: instance JSON, a board size, a text: the text format, whose
    lines end with a newline, or JSON text)."""
    if isinstance(value, os.PathLike):
        return read_instance(chosen, os.fspath(value), options)
    if isinstance(value, str) and "\n" not in value and not value.lstrip().startswith(("{", "[")):
        return read_instance(chosen, value.strip(), options)
    return parse_value(chosen, value, options)


def with_options(chosen: Family, instance: Any, options: dict[str, Any]) -> Any:
    """`instance` with the (checked) options applied, as reading it with them would have."""
    return chosen.apply_options(instance, options)


# ---- 3. the question ----------------------------------------------------------------------------
def solve_mode(
    *,
    all: bool = False,
    count: bool = False,
    unique: bool = False,
    optimise: bool = False,
    limit: int | None = None,
) -> Mode:
    """The mode that the command line's `--all` (or a `--limit`), `--count`, `--unique` and
    `--optimise` ask for (`first` when none is given); BadInput when more than one is, naming
    the flags as given (`--limit` alone is `--all` with a limit)."""
    asked = (
        ("--all" if all else "--limit", all or limit is not None, Mode.ALL),
        ("--count", count, Mode.COUNT),
        ("--unique", unique, Mode.UNIQUE),
        ("--optimise", optimise, Mode.OPTIMISE),
    )
    chosen = [(name, mode) for name, flag, mode in asked if flag]
    if len(chosen) > 1:
        raise BadInput(f"choose one of {', '.join(name for name, _ in chosen)}")
    return chosen[0][1] if chosen else Mode.FIRST


#: The modes a `limit` applies to: `all` stops at it, `count` lists that many of what it counts.
LIMITED_MODES = (Mode.ALL, Mode.COUNT)


def limit_problem(mode: Mode | str, limit: int | None) -> str | None:
    """Why `limit` does not go with `mode` (None when it does): a limit lists at most K
    solutions (mode all) or K of those counted (count); first, unique and optimise would drop
    it without a word. The command line's `--limit` asks for `all` itself (`solve_mode`)."""
    if limit is None or Mode(mode) in LIMITED_MODES:
        return None
    return (
        f"limit applies to modes all and count (at most K solutions listed), not to {Mode(mode).value}: "
        "choose mode all, or leave out limit"
    )


def solve_request(
    mode: Mode | str = Mode.FIRST,
    *,
    limit: int | None = None,
    time_limit: float | None = None,
    backend: str | None = None,
    strategy: str | None = None,
    workers: int | None = None,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> SolveRequest:
    """The `SolveRequest` of a request's fields: the one place where they become one, for the
    command line and the API alike. The time limit becomes the request's `Deadline` here: it
    starts now, and everything that serves the request (model building included) counts
    against it. A time limit is a number of seconds above 0 (BadInput otherwise: 0 would mean
    "stop before starting"); a limit goes with modes all and count (`limit_problem`)."""
    problem = limit_problem(mode, limit)
    if problem is not None:
        raise BadInput(problem)
    return SolveRequest(
        mode=Mode(mode),
        limit=limit,
        deadline=deadline_after(time_limit),
        backend=backend,
        strategy=strategy,
        workers=workers,
        seed=seed,
        options=dict(options or {}),
        progress=progress,
    )


def deadline_after(time_limit: float | None) -> Deadline:
    """The `Deadline` of a request's time limit: seconds above 0, or None for none (BadInput
    otherwise: 0 would mean "stop before starting"), for every verb that takes one."""
    if time_limit is not None and (isinstance(time_limit, bool) or not time_limit > 0):
        raise BadInput(f"the time limit must be more than 0 seconds, got {shown(time_limit)}")
    return Deadline.after(time_limit)


# ---- 4. answers and their JSON ------------------------------------------------------------------
def solve(chosen: Family, instance: Any, request: SolveRequest) -> Result:
    """`Family.solve` (checked); the answer's JSON is `Result.to_json()`."""
    return chosen.solve(instance, request)


def generate(chosen: Family, seed: int | None, options: dict[str, Any]) -> Generated:
    """`Family.generate` (checked, unique where the family has clues). A seed is 0 or more
    (BadInput otherwise: `random.Random(-s)` is `random.Random(s)`, so -1 made the puzzle of 1)."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise BadInput(f"the seed must be an integer, 0 or more, got {shown(seed)}")
    return chosen.generate(seed, options)


def generated_json(chosen: Family, generated: Generated, text: bool = False) -> dict[str, Any]:
    """`{"family", "instance", "solution", "seed", "stats"}` (with `text`: also the puzzle in
    the family's text format, or as JSON when that cannot hold it: `Family.shown_text`)."""
    answer: dict[str, Any] = {
        "family": chosen.name,
        "instance": chosen.to_json(generated.instance),
        "solution": generated.solution,
        "seed": generated.stats.seed,
        "stats": generated.stats.to_json(),
        **({"difficulty": generated.difficulty} if generated.difficulty is not None else {}),
    }
    if text:
        answer["text"] = chosen.shown_text(generated.instance)[1]
    return answer


def instance_json(chosen: Family, instance: Any, text: bool = False) -> dict[str, Any]:
    """`{"family", "instance"}` (with `text`: also the family's text format, or JSON when that
    cannot hold the puzzle: `Family.shown_text`)."""
    answer: dict[str, Any] = {"family": chosen.name, "instance": chosen.to_json(instance)}
    if text:
        answer["text"] = chosen.shown_text(instance)[1]
    return answer


def solution_of(data: Any) -> Any:
    """A proposed solution: `data` itself, or the first solution of a solve answer (so the
    output of `solve --json` can be checked or drawn as it is; BadInput for an answer without
    one)."""
    if isinstance(data, dict) and isinstance(data.get("solutions"), list):
        if not data["solutions"]:
            status = data.get("status")
            said = status if isinstance(status, str) else shown(status)
            raise BadInput(f"the solve answer holds no solution (status: {said})")
        return data["solutions"][0]
    return data


def check(chosen: Family, instance: Any, data: Any) -> dict[str, Any]:
    """`{"family", "status": "valid" | "invalid", "valid", "violations"}` for a proposed
    solution (or a solve answer). A well-formed solution that breaks the rules or is incomplete
    is invalid (its violations listed); one that is not the family's solution shape is bad input."""
    problems = chosen.check(instance, solution_of(data))
    return {
        "family": chosen.name,
        "status": "invalid" if problems else "valid",
        "valid": not problems,
        "violations": problems,
    }


def hint(
    chosen: Family, instance: Any, partial: dict[str, Any] | None, all_forced: bool = False
) -> dict[str, Any]:
    """`Family.hint` for a player's placements so far, naming the family: one step (with
    `all_forced`, also `forced`: everything that follows, a spoiler). A partial placement that
    is not an object in the family's shape (`schemas.partial_problem`) is bad input."""
    if partial is not None:
        problem = schemas.partial_problem(chosen.name, partial)
        if problem is not None:
            raise BadInput(problem)
    answer = chosen.hint(instance, partial).to_json(all_forced=all_forced)
    answer.setdefault("family", chosen.name)
    return answer


def grade(chosen: Family, instance: Any, time_limit: float | None = None) -> dict[str, Any]:
    """`{"family", "instance", "difficulty", "steps", ...}`: `Family.grade` (checked)."""
    answer = chosen.grade(instance, deadline_after(time_limit)).to_json()
    return {"family": chosen.name, "instance": chosen.to_json(instance), **answer}


def explain(chosen: Family, instance: Any, time_limit: float | None = None) -> dict[str, Any]:
    """`{"family", "instance", "difficulty", "steps": [...], "solution"}`: `Family.explain`
    (checked: the solution reached passes `verify`)."""
    answer = chosen.explain(instance, deadline_after(time_limit)).to_json()
    return {"family": chosen.name, "instance": chosen.to_json(instance), **answer}


def check_format(chosen: Family, to: Any) -> str:
    """`to`, a format the family writes (`Family.check_format`: BadInput naming them otherwise),
    checked before any puzzle is read."""
    return chosen.check_format(to)


def convert(chosen: Family, instance: Any, to: str) -> dict[str, Any]:
    """`{"family", "instance", "format", "text"}`: the puzzle written in the format `to`, one of
    the family's `writes` (`Family.write`; BadInput for another format, or a puzzle the format
    cannot hold). `text` reads back, as an argument or a request field, to the same instance."""
    text = chosen.write(instance, to)
    return {"family": chosen.name, "instance": chosen.to_json(instance), "format": to, "text": text}


@dataclass
class Drawing:
    """A board to draw: the instance, maybe a solution, its violations (None: none given)."""

    family: Family
    instance: Any
    solution: dict[str, Any] | None = None
    violations: list[str] | None = None
    status: Status | None = None
    """The status of the solve, when the solution was asked for (`draw(solve=True)`)."""
    options: dict[str, Any] = field(default_factory=dict)
    """The family's render options (e.g. armies `attacks`, chessnum `explain`)."""

    def svg(self) -> str:
        return self.family.render_svg(self.instance, self.solution, self.options)

    def to_json(self, violations: bool = False) -> dict[str, Any]:
        """`{"family", "instance", "solution", "svg"}` (and `violations` if asked)."""
        answer: dict[str, Any] = {
            "family": self.family.name,
            "instance": self.family.to_json(self.instance),
            "solution": self.solution,
            "svg": self.svg(),
        }
        if violations:
            answer["violations"] = self.violations
        return answer


def draw(
    chosen: Family,
    instance: Any,
    solution: Any = None,
    solve_it: bool = False,
    options: dict[str, Any] | None = None,
) -> Drawing:
    """The board with `solution` (user JSON, checked: its violations are listed), or with a
    solution found now (`solve_it`; not both: BadInput), or alone; `options` are the family's
    render options."""
    render = dict(options or {})
    if solution is not None and solve_it:
        raise BadInput("choose one of --solve, --solution (a solution found now, or the one given)")
    if solution is not None:
        drawn = chosen.solution_from_json(instance, solution_of(solution))
        return Drawing(chosen, instance, drawn, chosen.verify(instance, drawn), options=render)
    if solve_it:
        result = chosen.solve(instance, solve_request())
        return Drawing(
            chosen, instance, result.solutions[0] if result.solutions else None, None, result.status, render
        )
    return Drawing(chosen, instance, options=render)


def error_json(chosen: Family, record: Record) -> dict[str, Any]:
    """The JSON line for a puzzle that could not be read (one record of a file)."""
    return {"family": chosen.name, "status": "error", "error": str(record.error), "source": record.label}


def example(chosen: Family) -> dict[str, Any]:
    """The family's first puzzle (`Family.example_puzzle`, else its `sample` with seed 1) as
    `{"instance": JSON, "text": text format}`."""
    source = chosen.example_puzzle()
    instance = chosen.sample(random.Random(1)) if source is None else parse_value(chosen, source, {})
    return {"instance": chosen.to_json(instance), "text": chosen.shown_text(instance)[1]}


def published(chosen: Family, name: str) -> dict[str, Any]:
    """The published puzzle titled `name` (case-insensitive, `Family.library`) as
    `{"instance", "text"}`; BadInput naming the titles there are when there is none."""
    entries = chosen.library()
    for entry in entries:
        if entry["title"].lower() == name.lower():
            instance = parse_value(chosen, entry["instance"], {})
            return {"instance": chosen.to_json(instance), "text": chosen.shown_text(instance)[1]}
    if not entries:
        raise BadInput(f"{chosen.name} ships no published puzzles")
    titles = ", ".join(entry["title"] for entry in entries)
    raise BadInput(f"no published {chosen.name} puzzle named '{name}' (there are: {titles})")
