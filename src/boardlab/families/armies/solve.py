"""Choosing what to run for an armies request, and running it.

- m given, mode first: a decision (sat: `colouring` + full symmetry breaking by default).
- m not given (mode first) or mode optimise: the largest m. The heuristic (`heuristic.anneal`)
  gives the first incumbent (sat and anneal backends; cpsat with `--cuts lower`), then the
  backend improves and proves it (see `search.py`).
- all / count / unique (m required): exact placements on an exact formulation (`lines` by
  default); with `up_to_symmetry` all 15 lex-leader constraints keep one placement per orbit
  of the 16 symmetries, so counts are counts of inequivalent placements.
"""

from __future__ import annotations

import time
from typing import Any

from rich.console import Console

from boardlab.core.enumerate import Budget, classify
from boardlab.core.errors import BadInput, Unsupported
from boardlab.core.results import Mode, Outcome, SolveRequest, Stats, Status
from boardlab.families.armies import known
from boardlab.families.armies.io import ArmiesInstance
from boardlab.families.armies.search import Settings, Tracker, cp_optimise, cp_solve, sat_decide, sat_enumerate, sat_optimise, trivial_bound

DEFAULT_MODEL = {"sat": "colouring", "cpsat": "lines", "anneal": "colouring"}
ENUMERATION_MODEL = "lines"
EXACT = ("pairwise", "lines")
SAT_MODELS = ("pairwise", "lines", "dominance", "colouring")


#: Boards above this size are beyond proofs here: the heuristic gets most of the time.
PROVABLE_N = 11


def heuristic_budget(n: int, time_limit: float | None) -> float:
    """Seconds given to the heuristic before the exact search.

    0.05 s + n^2 / 400 (it reaches a(n) well within that for n <= 12, and the SAT search
    climbs from whatever it finds), at most a quarter of the time limit; for n > PROVABLE_N,
    where the SAT search mostly serves to improve, three quarters of the time limit.
    """
    budget = 0.05 + n * n / 400
    if time_limit is not None:
        budget = min(budget, time_limit / 4) if n <= PROVABLE_N else max(min(budget, time_limit), 0.75 * time_limit)
    return budget


def settings_for(instance: ArmiesInstance, request: SolveRequest, enumerate_: bool) -> Settings:
    options = request.options
    backend = request.backend or "sat"
    model = options.get("model") or (ENUMERATION_MODEL if enumerate_ else DEFAULT_MODEL[backend])
    up_to = bool(options.get("up_to_symmetry"))
    if enumerate_:
        if model not in EXACT:
            raise Unsupported(f"enumeration needs an exact formulation ({', '.join(EXACT)}); '{model}' keeps maximal armies only")
        symmetry = options.get("symmetry") or ("full" if up_to else "none")
        if up_to and symmetry != "full":
            raise BadInput("--up-to-symmetry needs --symmetry full (or no --symmetry)")
        if not up_to and symmetry != "none":
            raise BadInput("symmetry breaking drops placements from an enumeration; use --up-to-symmetry to count classes")
    else:
        if up_to:
            raise BadInput("--up-to-symmetry applies to --all, --count and --unique")
        symmetry = options.get("symmetry") or "full"
    if backend == "sat" and model not in SAT_MODELS:
        raise Unsupported(f"the sat backend has the formulations {', '.join(SAT_MODELS)}, not '{model}'")
    cuts = options.get("cuts") or "none"
    if cuts != "none" and backend != "cpsat":
        raise Unsupported("--cuts applies to the cpsat backend")
    if cuts != "none" and instance.m is not None:
        raise BadInput("--cuts applies to optimisation (leave out --m)")
    return Settings(
        backend=backend,
        formulation=model,
        symmetry=symmetry,
        encoding=options.get("encoding") or "kmtotalizer",
        cuts=cuts,
        workers=request.workers or 2,
        seed=request.seed,
        heuristic_seconds=heuristic_budget(instance.n, request.deadline.remaining()),
    )


def _reporter(verbose: bool, bar=None):
    """Progress: lines on stderr with `--verbose`; the CLI's progress bar (incumbent of bound)."""
    if not verbose and bar is None:
        return None
    console = Console(stderr=True, highlight=False)

    def report(seconds: float, incumbent: int, bound: int) -> None:
        if bar is not None and incumbent >= 0 and bound >= 0:
            bar(incumbent, bound)
        if verbose:
            best = "-" if incumbent < 0 else str(incumbent)
            shown = "?" if bound < 0 else str(bound)
            console.print(f"[dim]{seconds:8.2f} s[/]  incumbent [bold]{best}[/]  bound [bold]{shown}[/]")

    return report


def solve(instance: ArmiesInstance, request: SolveRequest) -> Outcome:
    mode = request.mode
    if mode == Mode.FIRST and instance.m is None:
        mode = Mode.OPTIMISE
    if mode == Mode.OPTIMISE and instance.m is not None:
        raise BadInput("optimising finds the largest m: leave out --m")
    enumerate_ = mode in (Mode.ALL, Mode.COUNT, Mode.UNIQUE)
    if enumerate_ and instance.m is None:
        raise BadInput(f"mode '{mode.value}' needs the army size (--m M)")
    settings = settings_for(instance, request, enumerate_)
    start = time.perf_counter()
    if mode == Mode.OPTIMISE:
        outcome = _optimise(instance, request, settings, start)
    elif settings.backend == "anneal":
        if enumerate_:
            raise Unsupported("the anneal backend finds one placement; enumerate with sat or cpsat")
        outcome = _anneal_decide(instance, request, settings)
    elif settings.backend == "sat":
        if enumerate_:
            inner = SolveRequest(mode, request.limit, request.deadline, seed=request.seed)
            outcome = sat_enumerate(instance.n, instance.m, settings, inner)  # type: ignore[arg-type]
        else:
            outcome = _quick_placement(instance, request, settings) if _try_heuristic_first(instance, request) else None
            if outcome is None:
                outcome = sat_decide(instance.n, instance.m, settings, request.deadline)  # type: ignore[arg-type]
    else:
        outcome = cp_solve(instance.n, instance.m, settings, SolveRequest(mode, request.limit, request.deadline))  # type: ignore[arg-type]
    outcome.stats.seconds = time.perf_counter() - start
    outcome.stats.model = "colouring (simulated annealing)" if outcome.stats.backend == "anneal" else settings.name
    if enumerate_:
        outcome.stats.extra["up_to_symmetry"] = bool(request.options.get("up_to_symmetry"))
    value, proven = known.best_known(instance.n)
    if value is not None:
        outcome.stats.extra["a250000"] = value
        outcome.stats.extra["a250000_proven"] = proven
    return outcome


def _try_heuristic_first(instance: ArmiesInstance, request: SolveRequest) -> bool:
    """Decisions on large boards with the default model try the heuristic first: a placement
    of m is found in a second where the SAT search may need minutes (n >= 14)."""
    return instance.n > PROVABLE_N and not request.options.get("model") and request.backend in (None, "sat")


def _quick_placement(instance: ArmiesInstance, request: SolveRequest, settings: Settings) -> Outcome | None:
    from boardlab.families.armies.heuristic import anneal
    from boardlab.families.armies.model_cpsat import decode

    value, white, black, restarts = anneal(instance.n, seconds=settings.heuristic_seconds, seed=request.seed or 0, target=instance.m)
    if value < instance.m:  # type: ignore[operator]
        return None
    stats = Stats(backend="anneal", model="colouring", seed=request.seed, extra={"restarts": restarts, "note": "found by the heuristic before any SAT call"})
    return Outcome(Status.SOLVED, [decode(instance.n, white, black, instance.m)], stats=stats)


def _anneal_decide(instance: ArmiesInstance, request: SolveRequest, settings: Settings) -> Outcome:
    from boardlab.families.armies.heuristic import anneal
    from boardlab.families.armies.model_cpsat import decode

    seconds = request.deadline.remaining()
    seconds = 60.0 if seconds is None else seconds
    value, white, black, restarts = anneal(instance.n, seconds=seconds, seed=request.seed or 0, target=instance.m)
    stats = Stats(backend="anneal", model="colouring", seed=request.seed, extra={"restarts": restarts})
    enough = value >= instance.m  # type: ignore[operator]
    found = [decode(instance.n, white, black, instance.m)] if enough else []
    outcome = classify(Budget.of(request), len(found), found, exhausted=False)  # a heuristic proves nothing
    stats.extra.update(outcome.stats.extra)
    outcome.stats = stats
    return outcome


def _optimise(instance: ArmiesInstance, request: SolveRequest, settings: Settings, start: float) -> Outcome:
    from boardlab.families.armies.heuristic import anneal
    from boardlab.families.armies.model_cpsat import decode

    n = instance.n
    tracker = Tracker(start, _reporter(bool(request.options.get("verbose")), request.progress))
    tracker.update(bound=trivial_bound(n))
    deadline = request.deadline
    extra: dict[str, Any] = {}
    placement = None
    if settings.backend in ("sat", "anneal") or settings.cuts == "lower":
        seconds = settings.heuristic_seconds
        if settings.backend == "anneal":
            left = deadline.remaining()
            seconds = 10.0 if left is None else left
        target = tracker.bound
        if settings.backend == "anneal" and request.options.get("target") is not None:
            target = min(target, request.options["target"])
        value, white, black, restarts = anneal(
            n, seconds=seconds, seed=request.seed or 0, target=target, report=lambda s, v: tracker.update(incumbent=v)
        )
        placement = (white, black)
        extra.update(heuristic_value=value, heuristic_seconds=round(time.perf_counter() - start, 3), heuristic_restarts=restarts)
    if settings.backend == "anneal":
        assert placement is not None
        extra["target"] = request.options.get("target")
        value = min(len(placement[0]), len(placement[1]))
        status = Status.OPTIMAL if value >= (tracker.bound or 0) else Status.FEASIBLE
        outcome = Outcome(status, [decode(n, placement[0], placement[1], value)], stats=Stats(backend="anneal", model="colouring"))
    elif settings.backend == "sat":
        assert placement is not None
        outcome = sat_optimise(n, settings, placement, tracker, deadline)
    else:
        oeis = None
        if settings.cuts == "oeis":
            value, proven = known.best_known(n)
            if value is None:
                raise Unsupported(f"no published A250000 value for n = {n}")
            oeis = (value, value if proven else None)
            extra["proof"] = "conditional: bounds assumed from OEIS A250000"
        outcome = cp_optimise(n, settings, placement, tracker, deadline, oeis)
    extra.update(incumbent=tracker.incumbent if tracker.incumbent >= 0 else None, upper_bound=tracker.bound, trace=tracker.trace)
    outcome.stats.extra.update(extra)
    if outcome.status == Status.OPTIMAL:
        outcome.stats.extra["upper_bound"] = outcome.stats.extra["incumbent"]
    return outcome
