"""Choosing what to run for an armies request, and running it.

- m given, mode first: a decision (the engine by default, `engine.py` and `prove.py`; sat:
  `colouring` + full symmetry breaking).
- m not given (mode first) or mode optimise: the largest m. The heuristic (`heuristic.anneal`)
  gives the first incumbent (engine, sat and anneal backends; cpsat with `--cuts lower`), then
  the backend improves and proves it: the engine and sat ascend k = incumbent + 1, ... until
  "k of each" is refuted (see `search.py` for sat and cpsat).
- construct: the explicit construction of `construct.py` (lower bounds for any n, no proof).

The SAT and CP-SAT runs (`search.py`) are imported by the branches that use them: the engine,
the heuristic and the construction import no solver library (OR-Tools imports pandas, ~0.3 s).
- all / count / unique (m required): exact placements on an exact formulation (`lines` by
  default); with `fundamental` all 15 lex-leader constraints keep one placement per orbit
  of the 16 symmetries, so counts are counts of inequivalent placements.
"""

from __future__ import annotations

import time
from typing import Any

from rich.console import Console

from boardlab.core.deadline import Deadline
from boardlab.core.enumerate import Budget, classify
from boardlab.core.errors import BadInput, Unsupported
from boardlab.core.results import Mode, Outcome, SolveRequest, Stats, Status
from boardlab.families.armies import known
from boardlab.families.armies.choices import ENCODINGS
from boardlab.families.armies.io import ArmiesInstance, decode
from boardlab.families.armies.settings import Settings, Tracker, trivial_bound

DEFAULT_MODEL = {"sat": "colouring", "cpsat": "lines", "anneal": "colouring"}
ENGINE_OPTIONS = ("executor", "address", "checkpoint", "bounds")
MODEL_OPTIONS = ("model", "symmetry")
ENUMERATION_MODEL = "lines"
EXACT = ("pairwise", "lines")
SAT_MODELS = ("pairwise", "lines", "dominance", "colouring")


#: Boards above this size are beyond SAT proofs here: the heuristic gets most of the time.
PROVABLE_N = 11
#: Boards up to this size are proven by the engine in minutes on two cores (a(16): 185 s,
#: docs/armies.md), so with the engine the heuristic only gives the first incumbent.
ENGINE_REACH = 16


def heuristic_budget(n: int, time_limit: float | None, backend: str = "sat") -> float:
    """Seconds given to the heuristic before the exact search.

    0.05 s + n^2 / 400 (it reaches a(n) well within that for n <= 12, and the SAT search
    climbs from whatever it finds), at most a quarter of the time limit; for n > PROVABLE_N,
    where the SAT search mostly serves to improve, three quarters of the time limit. The
    engine finds placements quickly itself: up to ENGINE_REACH it gets 0.02 s + n^2 / 2000
    (at most a quarter of the time limit); above, where no proof finishes, the same as SAT.
    """
    budget = 0.05 + n * n / 400
    exact_reach = PROVABLE_N
    if backend == "engine" and n <= ENGINE_REACH:
        budget = 0.02 + n * n / 2000
        exact_reach = ENGINE_REACH
    if time_limit is not None:
        budget = (
            min(budget, time_limit / 4)
            if n <= exact_reach
            else max(min(budget, time_limit), 0.75 * time_limit)
        )
    return budget


def backend_for(instance: ArmiesInstance, request: SolveRequest, enumerate_: bool) -> str:
    """The engine by default; sat for enumeration (the engine decides, it does not enumerate)
    and when a SAT formulation or encoding is asked for (`--model`, `--symmetry`, `--encoding`
    other than the default), since those belong to the SAT and CP-SAT models."""
    options = request.options
    wants_model = any(options.get(o) for o in MODEL_OPTIONS) or options.get("encoding") not in (
        None,
        ENCODINGS[0],
    )
    backend = request.backend or ("sat" if enumerate_ or wants_model else "engine")
    if backend in ("engine", "construct"):
        if enumerate_:
            raise Unsupported(f"the {backend} backend does not enumerate; use sat or cpsat")
        given = [o for o in MODEL_OPTIONS if options.get(o)]
        if given:
            raise Unsupported(f"--{given[0]} applies to the sat and cpsat backends")
    if backend != "engine":
        given = [o for o in ENGINE_OPTIONS if options.get(o) not in (None, "auto")]
        if given:
            raise Unsupported(f"--{given[0]} applies to the engine backend")
    if backend == "engine" and options.get("checkpoint") and instance.m is None:
        raise BadInput("--checkpoint records one decision: give --m")
    return backend


def settings_for(instance: ArmiesInstance, request: SolveRequest, enumerate_: bool) -> Settings:
    options = request.options
    backend = backend_for(instance, request, enumerate_)
    model = options.get("model") or (
        ENUMERATION_MODEL if enumerate_ else DEFAULT_MODEL.get(backend, "colouring")
    )
    up_to = bool(options.get("fundamental"))
    if enumerate_:
        if model not in EXACT:
            raise Unsupported(
                f"enumeration needs an exact formulation ({', '.join(EXACT)}); '{model}' keeps maximal armies only"
            )
        symmetry = options.get("symmetry") or ("full" if up_to else "none")
        if up_to and symmetry != "full":
            raise BadInput("--fundamental needs --symmetry full (or no --symmetry)")
        if not up_to and symmetry != "none":
            raise BadInput(
                "symmetry breaking drops placements from an enumeration; use --fundamental to count classes"
            )
    else:
        if up_to:
            raise BadInput("--fundamental applies to --all, --count and --unique")
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
        heuristic_seconds=heuristic_budget(instance.n, request.deadline.remaining(), backend),
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


#: The engine's measured cost (docs/armies.md): a(16)'s refutation took 366 CPU seconds, and the
#: node counts grew 3.3 to 4.9 times per n (a(17): 1,514 CPU seconds).
PROOF_BASE = (16, 366.0)
PROOF_GROWTH = 3.7
#: A proof projected to take longer than this (wall seconds) needs --time-limit or --force.
REFUSE_ABOVE = 3600.0


def proof_seconds(n: int, workers: int | None = None) -> float:
    """The projected wall time of the engine's proof on the n x n board (module constants)."""
    from boardlab.core.executors import local_cores

    base_n, base_cpu = PROOF_BASE
    return base_cpu * PROOF_GROWTH ** (n - base_n) / max(1, min(workers or local_cores(), local_cores()))


def _refuse_hopeless(instance: ArmiesInstance, request: SolveRequest, settings: Settings, mode: Mode) -> None:
    """Refuse, before starting, an engine proof projected past an hour with no time limit (the
    answer would never come): optimising, or deciding an m above the best known value (which
    needs a refutation); a placement up to the best known value is found by the heuristic."""
    if settings.backend != "engine" or request.deadline.limited or request.options.get("force"):
        return
    best, _ = known.best_known(instance.n)
    needs_proof = mode == Mode.OPTIMISE or best is None or (instance.m or 0) > best
    projected = proof_seconds(instance.n, request.workers)
    if needs_proof and projected > REFUSE_ABOVE:
        from boardlab.core.words import duration

        raise BadInput(
            f"proving the answer on the {instance.n}x{instance.n} board is projected to take about "
            f"{duration(projected)} here (a(16) took 6 CPU minutes, x{PROOF_GROWTH:g} per n; docs/armies.md): "
            "give --time-limit S for the best placement found in S seconds, or --force to start anyway"
        )


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
    _refuse_hopeless(instance, request, settings, mode)
    start = time.perf_counter()
    outcome: Outcome | None
    if settings.backend == "construct":
        outcome = _construct(instance)
    elif mode == Mode.OPTIMISE:
        outcome = _optimise(instance, request, settings, start)
    elif settings.backend == "engine":
        outcome = (
            _quick_placement(instance, request, settings) if _try_heuristic_first(instance, request) else None
        )
        if outcome is None:
            outcome = _engine_decide(instance.n, instance.m, request, request.deadline)  # type: ignore[arg-type]
    elif settings.backend == "anneal":
        if enumerate_:
            raise Unsupported("the anneal backend finds one placement; enumerate with sat or cpsat")
        outcome = _anneal_decide(instance, request, settings)
    elif settings.backend == "sat":
        if enumerate_:
            inner = SolveRequest(mode, request.limit, request.deadline, seed=request.seed)
            from boardlab.families.armies.search import sat_enumerate

            outcome = sat_enumerate(instance.n, instance.m, settings, inner)  # type: ignore[arg-type]
        else:
            outcome = (
                _quick_placement(instance, request, settings)
                if _try_heuristic_first(instance, request)
                else None
            )
            if outcome is None:
                from boardlab.families.armies.search import sat_decide

                outcome = sat_decide(instance.n, instance.m, settings, request.deadline)  # type: ignore[arg-type]
    else:
        from boardlab.families.armies.search import cp_solve

        outcome = cp_solve(
            instance.n,
            instance.m,  # type: ignore[arg-type]
            settings,
            SolveRequest(mode, request.limit, request.deadline, workers=request.workers),
        )
    assert outcome is not None
    outcome.stats.seconds = time.perf_counter() - start
    if outcome.stats.backend == "anneal":
        outcome.stats.model = "colouring (simulated annealing)"
    elif outcome.stats.backend == "engine":
        outcome.stats.model = ENGINE_MODEL
    elif outcome.stats.backend != "construct":
        outcome.stats.model = settings.name
    value, proven = known.best_known(instance.n)
    if value is not None:
        outcome.stats.extra["a250000"] = value
        outcome.stats.extra["a250000_proven"] = proven
    return outcome


def constructed(n: int):
    """The construction's placement as a line colouring: the heuristic's first start."""
    from boardlab.families.armies.construct import construct, line_colours

    return line_colours(n, construct(n)[0])


def _try_heuristic_first(instance: ArmiesInstance, request: SolveRequest) -> bool:
    """Decisions on large boards with the default model try the heuristic first: a placement
    of m is found in a second where the SAT search or the engine may need minutes (n >= 14).
    Not with a checkpoint, which belongs to the engine's refutation."""
    return (
        instance.n > PROVABLE_N
        and not request.options.get("model")
        and not request.options.get("checkpoint")
        and request.backend in (None, "sat", "engine")
    )


def _quick_placement(instance: ArmiesInstance, request: SolveRequest, settings: Settings) -> Outcome | None:
    from boardlab.families.armies.heuristic import anneal

    value, white, black, restarts = anneal(
        instance.n,
        seconds=settings.heuristic_seconds,
        seed=request.seed or 0,
        target=instance.m,
        initial=constructed(instance.n),
    )
    if value < instance.m:  # type: ignore[operator]
        return None
    stats = Stats(
        backend="anneal",
        model="colouring",
        seed=request.seed,
        extra={"restarts": restarts, "note": "found by the heuristic before any exact search"},
    )
    return Outcome(Status.SOLVED, [decode(instance.n, white, black, instance.m)], stats=stats)


def _anneal_decide(instance: ArmiesInstance, request: SolveRequest, settings: Settings) -> Outcome:
    from boardlab.families.armies.heuristic import anneal

    seconds = request.deadline.remaining()
    seconds = 60.0 if seconds is None else seconds
    value, white, black, restarts = anneal(
        instance.n,
        seconds=seconds,
        seed=request.seed or 0,
        target=instance.m,
        initial=constructed(instance.n),
    )
    stats = Stats(backend="anneal", model="colouring", seed=request.seed, extra={"restarts": restarts})
    enough = value >= instance.m  # type: ignore[operator]
    found = [decode(instance.n, white, black, instance.m)] if enough else []
    outcome = classify(Budget.of(request), len(found), found, exhausted=False)  # a heuristic proves nothing
    stats.extra.update(outcome.stats.extra)
    outcome.stats = stats
    return outcome


def _optimise(instance: ArmiesInstance, request: SolveRequest, settings: Settings, start: float) -> Outcome:
    from boardlab.families.armies.heuristic import anneal

    n = instance.n
    tracker = Tracker(start, _reporter(bool(request.options.get("verbose")), request.progress))
    tracker.update(bound=trivial_bound(n))
    deadline = request.deadline
    extra: dict[str, Any] = {}
    placement = None
    if settings.backend in ("engine", "sat", "anneal") or settings.cuts == "lower":
        seconds = settings.heuristic_seconds
        if settings.backend == "anneal":
            left = deadline.remaining()
            seconds = 10.0 if left is None else left
        target = tracker.bound
        if settings.backend == "anneal" and request.options.get("target") is not None:
            target = min(target, request.options["target"])
        value, white, black, restarts = anneal(
            n,
            seconds=seconds,
            seed=request.seed or 0,
            target=target,
            report=lambda s, v: tracker.update(incumbent=v),
            initial=constructed(n),
        )
        placement = (white, black)
        extra.update(
            heuristic_value=value,
            heuristic_seconds=round(time.perf_counter() - start, 3),
            heuristic_restarts=restarts,
        )
    if settings.backend == "anneal":
        assert placement is not None
        extra["target"] = request.options.get("target")
        value = min(len(placement[0]), len(placement[1]))
        status = Status.OPTIMAL if value >= (tracker.bound or 0) else Status.FEASIBLE
        outcome = Outcome(
            status,
            [decode(n, placement[0], placement[1], value)],
            stats=Stats(backend="anneal", model="colouring"),
        )
    elif settings.backend == "sat":
        assert placement is not None
        from boardlab.families.armies.search import sat_optimise

        outcome = sat_optimise(n, settings, placement, tracker, deadline)
    elif settings.backend == "engine":
        assert placement is not None
        outcome = _engine_optimise(n, request, placement, tracker, deadline)
    else:
        oeis: tuple[int, int | None] | None = None
        if settings.cuts == "oeis":
            published, proven = known.best_known(n)
            if published is None:
                raise Unsupported(f"no published A250000 value for n = {n}")
            oeis = (published, published if proven else None)
            extra["proof"] = "conditional: bounds assumed from OEIS A250000"
        from boardlab.families.armies.search import cp_optimise

        outcome = cp_optimise(n, settings, placement, tracker, deadline, oeis)
    extra.update(
        incumbent=tracker.incumbent if tracker.incumbent >= 0 else None,
        upper_bound=tracker.bound,
        trace=tracker.trace,
    )
    outcome.stats.extra.update(extra)
    if outcome.status == Status.OPTIMAL:
        outcome.stats.extra["upper_bound"] = outcome.stats.extra["incumbent"]
    return outcome


# ---- the engine and the construction ---------------------------------------------------------
ENGINE_MODEL = "line labelling branch and bound"


def _engine_progress(request: SolveRequest, what: str):
    """Progress of an engine decision: the CLI's bar (subproblems done of all) and, with
    `--verbose`, a line on stderr at most every second: nodes, nodes/s, subproblems, ETA."""
    verbose = bool(request.options.get("verbose"))
    bar = request.progress
    if not verbose and bar is None:
        return None
    console = Console(stderr=True, highlight=False)
    last = [0.0]

    def report(decision) -> None:
        if bar is not None and decision.subproblems:
            bar(decision.finished, decision.subproblems)
        now = time.perf_counter()
        if not verbose or (now - last[0] < 1.0 and decision.finished < decision.subproblems):
            return
        last[0] = now
        seconds = max(1e-9, now - decision.started)
        rate = (decision.nodes - decision.resumed_nodes) / seconds  # this run's nodes
        fresh = decision.finished - decision.resumed
        left = decision.subproblems - decision.finished
        eta = f"{seconds / fresh * left:.0f} s" if fresh > 0 else "?"
        console.print(
            f"[dim]{seconds:8.2f} s[/]  {what}  nodes {decision.nodes:,}  ({rate:,.0f}/s)  "
            f"subproblems {decision.finished}/{decision.subproblems}  ETA {eta}"
        )

    return report


def _engine_run(n: int, m: int, request: SolveRequest, deadline: Deadline):
    from boardlab.families.armies import prove

    options = request.options
    return prove.decide(
        n,
        m,
        bounds=prove.parse_bounds(options.get("bounds")),
        workers=request.workers,
        executor=options.get("executor") or "auto",
        address=options.get("address"),
        checkpoint=options.get("checkpoint"),
        target=max(64, 256 * (request.workers or 2)) if deadline.limited else None,
        deadline=deadline,
        progress=_engine_progress(request, f"m = {m}"),
    )


def _engine_stats(decisions: list) -> Stats:
    last = decisions[-1]
    stats = Stats(
        backend="engine", model=ENGINE_MODEL, branches=sum(d.nodes for d in decisions), workers=last.workers
    )
    stats.extra["certificate"] = last.certificate()
    if len(decisions) > 1:
        stats.extra["decisions"] = [d.certificate() for d in decisions]
    return stats


def _engine_decide(n: int, m: int, request: SolveRequest, deadline: Deadline) -> Outcome:

    decision = _engine_run(n, m, request, deadline)
    stats = _engine_stats([decision])
    if decision.found is None:
        return Outcome(Status.UNKNOWN, stats=stats)
    if not decision.found:
        return Outcome(Status.UNSATISFIABLE, count=0, stats=stats)
    white, black = decision.placement()
    return Outcome(Status.SOLVED, [decode(n, white, black, m)], stats=stats)


def _engine_optimise(
    n: int,
    request: SolveRequest,
    placement: tuple[list[int], list[int]],
    tracker: Tracker,
    deadline: Deadline,
) -> Outcome:
    """Ascend k = incumbent + 1, ... with engine decisions until one is refuted (optimal) or
    the deadline passes (feasible)."""

    white, black = placement
    value = min(len(white), len(black))
    tracker.update(incumbent=value)
    decisions = []
    status = Status.FEASIBLE
    while True:
        k = value + 1
        if tracker.bound is not None and k > tracker.bound:
            status = Status.OPTIMAL
            break
        if deadline.expired():  # the heuristic took the time: no engine set-up past the limit
            break
        decision = _engine_run(n, k, request, deadline)
        decisions.append(decision)
        if decision.found is None:
            break
        if not decision.found:
            tracker.update(bound=value)
            status = Status.OPTIMAL
            break
        white, black = decision.placement()
        value = min(len(white), len(black))
        tracker.update(incumbent=value)
    stats = _engine_stats(decisions) if decisions else Stats(backend="engine", model=ENGINE_MODEL, branches=0)
    return Outcome(status, [decode(n, white, black, value)], stats=stats)


def _construct(instance: ArmiesInstance) -> Outcome:
    """The construction of `construct.py`: a placement (no proof); with m, solved when it has m
    of each, unknown otherwise; without m, the placement with status feasible."""
    from boardlab.families.armies.construct import construct

    n = instance.n
    white, black = construct(n)
    value = min(len(white), len(black))
    stats = Stats(backend="construct", model="four-pentagon labelling (Ainley)")
    stats.extra["value"] = value
    if instance.m is None:
        status = Status.OPTIMAL if value >= trivial_bound(n) else Status.FEASIBLE
        return Outcome(status, [decode(n, white, black, value)], stats=stats)
    if value >= instance.m:
        return Outcome(Status.SOLVED, [decode(n, white, black, instance.m)], stats=stats)
    return Outcome(Status.UNKNOWN, stats=stats)
