"""Benchmark experiments of the Tents family (run by `boardlab bench`).

- `tents/encodings`: SAT models and cardinality encodings, and CP-SAT, on Tatham-style
  puzzles (generated here, unique, 8x8..30x30) and on random solution-first boards
  (30x30..100x100, ~16% tents, all clues), solving for one solution under a time limit:
  variables, clauses, seconds. The starting report's encoding (`baseline`) and the no-simplification
  encoding (`full`) stand beside the good ones.
- `tents/unique`: deciding uniqueness of the same random boards (second solution or proof).
- `tents/auto`: the settings `auto` chooses from (issue 15): SAT, CP-SAT with one worker (the
  default) and with two, and `auto` itself, on random boards 10x10..150x150, seeds 0-2, one
  solution and the uniqueness proof; CPU seconds beside wall (the rule in `family.py`,
  `AUTO_CPSAT_CELLS`, and docs/tents.md, "The auto backend").
- `tents/generator`: generator time per size, the standard generator (issue 15 targets:
  25x25 1 s, 50x50 10 s, 100x100 60 s) beside the earlier one (givens, up to 50x50).
- `tents/levels`: the standard generator per level and size (made at the level, time).
- `tents/tatham`: the 19 shared Tatham puzzles, boardlab's unique solve beside Tatham's own
  solver CPU time from the sample file (`tatham.solve_cpu_s`).
"""

from __future__ import annotations

import json
import random
import time
from functools import lru_cache
from typing import Any

from boardlab.bench.experiment import Case, Experiment, Measurement, register
from boardlab.core.deadline import Deadline
from boardlab.core.errors import BadInput
from boardlab.core.results import Mode, SolveRequest
from boardlab.data import TENTS_TATHAM_SAMPLE


def _family():
    from boardlab.core.registry import get

    return get("tents")


@lru_cache(maxsize=64)
def _board(kind: str, size: int, seed: int):
    from boardlab.families.tents.board import random_instance

    if kind == "random":
        instance, _ = random_instance(size, size, 0.16, random.Random(seed))
        return instance
    generated = _family().generate(seed, {"size": f"{size}x{size}", "density": 0.16})
    return generated.instance


VARIANTS = [
    ("sat", "matching", "seqcounter"),
    ("sat", "matching", "totalizer"),
    ("sat", "matching", "cardnetwrk"),
    ("sat", "lazy", "totalizer"),
    ("sat", "plain", "seqcounter"),
    ("sat", "full", "seqcounter"),
    ("sat", "baseline", "seqcounter"),
    ("cpsat", "matching", "-"),
]


def _variant_id(backend: str, model: str, encoding: str) -> str:
    return "cpsat" if backend == "cpsat" else f"sat/{model}/{encoding}"


def _encoding_cases(quick: bool) -> list[Case]:
    if quick:
        boards = [("generated", 10), ("generated", 20)]
        variants = [VARIANTS[0], VARIANTS[3], VARIANTS[6], VARIANTS[7]]
    else:
        boards = [("generated", n) for n in (8, 10, 15, 20, 25, 30)] + [
            ("random", n) for n in (30, 40, 50, 70, 100)
        ]
        variants = VARIANTS
    cases = []
    if quick:
        cases.append(
            Case(
                "random-30x30 sat/matching/seqcounter",
                {
                    "kind": "random",
                    "n": 30,
                    "backend": "sat",
                    "model": "matching",
                    "encoding": "seqcounter",
                    "variant": "sat/matching/seqcounter",
                },
            )
        )
    for kind, size in boards:
        for backend, model, encoding in variants:
            if kind == "random" and (
                (size >= 50 and model in ("full", "baseline", "lazy")) or (size >= 70 and model == "plain")
            ):
                continue  # known to time out (see docs/tents.md)
            variant = _variant_id(backend, model, encoding)
            cases.append(
                Case(
                    f"{kind}-{size}x{size} {variant}",
                    {
                        "kind": kind,
                        "n": size,
                        "backend": backend,
                        "model": model,
                        "encoding": encoding,
                        "variant": variant,
                    },
                )
            )
    return cases


def _run_solve(case: Case, time_limit: float | None, mode: Mode) -> Measurement:
    p = case.params
    instance = _board(p["kind"], p["n"], p.get("seed", 1))
    options: dict[str, Any] = {}
    if p["backend"] == "sat":
        options = {"model": p["model"], "encoding": p["encoding"]}
    request = SolveRequest(
        mode,
        deadline=Deadline.after(time_limit if time_limit is not None else 60.0),
        backend=p["backend"],
        workers=1,
        options=options,
    )
    start = time.perf_counter()
    result = _family().solve(instance, request)
    seconds = time.perf_counter() - start
    stats = result.stats.to_json()
    return Measurement(
        status=result.status.value,
        seconds=seconds,
        value=result.unique if mode == Mode.UNIQUE else len(result.solutions),
        stats={
            k: stats.get(k)
            for k in ("variables", "constraints", "conflicts", "candidate_cells", "rejected_without_matching")
            if stats.get(k) is not None
        },
    )


register(
    Experiment(
        family="tents",
        name="encodings",
        title="Tents: SAT models, cardinality encodings and CP-SAT (one solution)",
        description=(
            "Time to one solution on generated unique puzzles (8x8..30x30) and random solution-first "
            "boards (30x30..100x100, 16% tents, all clues); variables and clauses of each encoding. "
            "'seed' is the seed's encoding (no pairing variables, matching checked lazily), 'full' has "
            "a variable for every cell, 'plain' skips deduction."
        ),
        cases=_encoding_cases,
        run=lambda case, limit: _run_solve(case, limit, Mode.FIRST),
        x="n",
        series="variant",
        reference="sat/matching/seqcounter",
    )
)


def _unique_cases(quick: bool) -> list[Case]:
    sizes = (20, 30) if quick else (20, 30, 50, 70, 100)
    variants = [("sat", "matching", "seqcounter"), ("cpsat", "matching", "-")]
    if not quick:
        variants.append(("sat", "lazy", "totalizer"))
    return [
        Case(
            f"{'generated' if n <= 50 else 'random'}-{n}x{n} {_variant_id(*v)}",
            {
                "kind": "generated" if n <= 50 else "random",
                "n": n,
                "backend": v[0],
                "model": v[1],
                "encoding": v[2],
                "variant": _variant_id(*v),
            },
        )
        for n in sizes
        for v in variants
    ]


register(
    Experiment(
        family="tents",
        name="unique",
        title="Tents: deciding uniqueness",
        description="Prove the solution unique (or find a second one): generated puzzles up to 50x50, random boards beyond.",
        cases=_unique_cases,
        run=lambda case, limit: _run_solve(case, limit, Mode.UNIQUE),
        x="n",
        series="variant",
        reference="sat/matching/seqcounter",
    )
)


AUTO_VARIANTS = {
    "sat": ("sat", None),
    "cpsat": ("cpsat", None),
    "cpsat-2": ("cpsat", 2),
    "auto": ("auto", None),
}


def _auto_cases(quick: bool) -> list[Case]:
    sizes = (20, 40) if quick else (10, 20, 30, 40, 50, 70, 100, 150)
    seeds = (0,) if quick else (0, 1, 2)
    return [
        Case(
            f"random-{n}x{n}-s{seed} {mode} {variant}",
            {"n": n, "seed": seed, "mode": mode, "variant": variant},
        )
        for n in sizes
        for seed in seeds
        for mode in ("first", "unique")
        for variant in AUTO_VARIANTS
        # SAT needs more than 20 s from 70x70 on, CP-SAT with two workers from 50x50 on
        if not (variant == "sat" and n > 70) and not (variant == "cpsat-2" and n > (30 if quick else 50))
    ]


def _run_auto(case: Case, time_limit: float | None) -> Measurement:
    p = case.params
    backend, workers = AUTO_VARIANTS[p["variant"]]
    instance = _board("random", p["n"], p["seed"])
    request = SolveRequest(
        Mode(p["mode"]),
        deadline=Deadline.after(time_limit if time_limit is not None else 60.0),
        backend=backend,
        workers=workers,
    )
    start, cpu = time.perf_counter(), time.process_time()
    result = _family().solve(instance, request)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return Measurement(
        status=result.status.value,
        seconds=seconds,
        value=result.unique if request.mode == Mode.UNIQUE else len(result.solutions),
        stats={
            "cpu_seconds": round(cpu, 3),
            "backend": result.stats.backend,
            "workers": result.stats.workers,
        },
    )


register(
    Experiment(
        family="tents",
        name="auto",
        title="Tents: the auto backend's choices (SAT, CP-SAT with 1 or 2 workers, auto)",
        description=(
            "One solution and the uniqueness proof of random solution-first boards (16% tents, all "
            "clues), seeds 0-2: SAT, CP-SAT with one worker (the default) and two, and auto, which "
            "must pick the faster of SAT and CP-SAT (issue 15)."
        ),
        cases=_auto_cases,
        run=_run_auto,
        x="n",
        series="variant",
        reference="auto",
    )
)


def _generator_cases(quick: bool) -> list[Case]:
    # the standard generator at its default level (tricky), up to 100x100 (issue 15: 60 s);
    # 200x200: docs/tents.md
    sizes = (10, 15, 25) if quick else (10, 15, 25, 35, 50)
    large = () if quick else (70, 100)
    cases = [Case(f"{n}x{n}", {"n": n, "seed": 1, "variant": "standard"}) for n in sizes + large]
    if not quick:  # the earlier generator (givens), beside (100x100 took it 390 s: not here)
        cases += [Case(f"{n}x{n} givens", {"n": n, "seed": 1, "variant": "givens"}) for n in sizes]
    return cases


def _run_generator(case: Case, time_limit: float | None) -> Measurement:
    n = case.params["n"]
    options: dict[str, Any] = {"size": f"{n}x{n}", "density": 0.16}
    if case.params.get("variant") == "givens":
        options.update(givens=True, difficulty="extreme")  # as it makes them, no givens added
    start = time.perf_counter()
    try:
        generated = _family().generate(case.params["seed"], options)
    except BadInput as failure:  # no puzzle at that level within the attempts: an answer
        reason = str(failure).removeprefix("tents: ").split(" with these options")[0]
        return Measurement(status="unknown", seconds=time.perf_counter() - start, stats={"reason": reason})
    seconds = time.perf_counter() - start
    extra = generated.stats.extra
    return Measurement(
        status="solved",
        seconds=seconds,
        stats={
            k: extra.get(k)
            for k in ("method", "moves", "moves_kept", "fresh_runs", "rounds", "givens", "trees", "attempts")
            if extra.get(k) is not None
        }
        | {"difficulty": generated.difficulty},
    )


register(
    Experiment(
        family="tents",
        name="generator",
        title="Tents: generator time per size (unique puzzles, 16% tents)",
        description=(
            "The standard generator (trees and clues only, tricky: the board re-planted where the "
            "rules stall) and the earlier one (givens where a second solution differs, level as "
            "made, extreme: no givens added for a level); givens = how many (0 for standard puzzles); "
            "unknown: no puzzle of that level in the core's 50 attempts."
        ),
        cases=_generator_cases,
        run=_run_generator,
        x="n",
        series="variant",
        stats_columns=("givens", "moves"),
    )
)


def _level_cases(quick: bool) -> list[Case]:
    sizes = (8, 12) if quick else (8, 12, 15, 20, 25)
    levels = ("easy", "tricky") if quick else ("easy", "tricky", "hard", "extreme")
    return [
        Case(f"{n}x{n} {level}", {"n": n, "level": level, "variant": level})
        for n in sizes
        for level in levels
    ]


def _run_levels(case: Case, time_limit: float | None) -> Measurement:
    """Seeds 1-3 at one size and level: how many were made at the level (value), how long."""
    from boardlab.core.errors import BadInput
    from boardlab.families.tents.grade import grade

    n, level = case.params["n"], case.params["level"]
    made, moves = 0, 0
    start = time.perf_counter()
    for seed in (1, 2, 3):
        try:
            generated = _family().generate(seed, {"size": f"{n}x{n}", "difficulty": level})
        except BadInput:
            continue
        made += grade(generated.instance).difficulty == level
        moves += int(generated.stats.extra.get("moves", 0))
    seconds = (time.perf_counter() - start) / 3
    return Measurement(status="solved", seconds=seconds, value=made, stats={"moves": moves})


register(
    Experiment(
        family="tents",
        name="levels",
        title="Tents: the standard generator per level (seeds 1-3)",
        description=(
            "generate --difficulty LEVEL for seeds 1-3: value = puzzles made and re-graded at the "
            "level (out of 3), seconds = mean per seed (failures included)."
        ),
        cases=_level_cases,
        run=_run_levels,
        x="n",
        series="variant",
    )
)


def _sample() -> list[dict[str, Any]]:
    text = TENTS_TATHAM_SAMPLE.read_text()
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _tatham_cases(quick: bool) -> list[Case]:
    records = _sample()
    backends = ("sat",) if quick else ("sat", "cpsat")
    return [
        Case(f"{r['id']} {b}", {"game_id": r["game_id"], "id": r["id"], "backend": b, "variant": b})
        for r in records
        for b in backends
    ]


def _run_tatham(case: Case, time_limit: float | None) -> Measurement:
    from boardlab.families.tents.game_id import decode

    record = next(r for r in _sample() if r["id"] == case.params["id"])
    instance = decode(case.params["game_id"])
    start = time.perf_counter()
    result = _family().solve(
        instance,
        SolveRequest(
            Mode.UNIQUE, deadline=Deadline.after(time_limit), backend=case.params["backend"], workers=1
        ),
    )
    seconds = time.perf_counter() - start
    correct = result.unique is True and result.solutions == [record["solution"]]
    tatham = record.get("tatham", {})
    return Measurement(
        status=result.status.value if correct else "wrong",
        seconds=seconds,
        value=correct,
        stats={"tatham_solve_cpu_s": tatham.get("solve_cpu_s"), "tatham_grade": tatham.get("grade")},
    )


register(
    Experiment(
        family="tents",
        name="tatham",
        title="Tents: the 19 shared Tatham puzzles (unique solve), beside Tatham's solver",
        description=(
            "boardlab proves each solution unique and checks it against the file; Tatham's solve "
            "CPU seconds from the sample file."
        ),
        cases=_tatham_cases,
        run=_run_tatham,
        series="variant",
        baseline_figures={
            f"{r['id']} {b}": r["tatham"]["solve_cpu_s"]
            for r in _sample()
            if r.get("tatham")
            for b in ("sat", "cpsat")
        },
        baseline_source="data/tents-tatham-sample.jsonl, field tatham.solve_cpu_s",
    )
)


def main(argv: list[str] | None = None) -> None:
    """Run the Tents experiments without the bench runner and print Markdown tables.

    `python -m boardlab.bench.experiments.tents [--quick] [--time-limit S] [NAME ...]`
    (one run per case; `boardlab bench` repeats cases and keeps medians).
    """
    import argparse

    from boardlab.bench.experiment import experiments

    parser = argparse.ArgumentParser()
    parser.add_argument("names", nargs="*")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--time-limit", type=float, default=60.0)
    args = parser.parse_args(argv)
    for experiment in experiments():
        if experiment.family != "tents" or (args.names and experiment.name not in args.names):
            continue
        print(f"\n### {experiment.title}\n")
        print("| case | status | seconds | value | stats |")
        print("|---|---|---:|---|---|")
        for case in experiment.cases(args.quick):
            m = experiment.run(case, args.time_limit)
            seed = (experiment.baseline_figures or {}).get(case.id)
            stats = dict(m.stats)
            if seed is not None:
                stats["seed_figure"] = seed
            text = ", ".join(f"{k}={v}" for k, v in stats.items() if v is not None)
            print(f"| {case.id} | {m.status} | {m.seconds:.3f} | {m.value} | {text} |", flush=True)


if __name__ == "__main__":
    main()
