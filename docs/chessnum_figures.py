"""Measure the Chess-Num figures quoted in docs/chessnum.md (in-process, one CP-SAT worker).

    PYTHONPATH=src python docs/chessnum_figures.py [published] [formulations] [generate]
"""

from __future__ import annotations

import statistics
import time

from boardlab.bench.experiments.chessnum import _board, shuffled
from boardlab.core.registry import get
from boardlab.core.results import Mode, SolveRequest
from boardlab.data.chessnum_published import PUBLISHED

REPEATS = 5


def median_time(run) -> float:
    return statistics.median(run() for _ in range(REPEATS))


def best_time(run) -> float:
    """Best of 7: the machine is shared, the minimum is the least disturbed run."""
    return min(run() for _ in range(7))


def deterministic_work(instance) -> tuple[float, int]:
    """CP-SAT's deterministic time and branches for the uniqueness proof (load-independent)."""
    from ortools.sat.python import cp_model

    from boardlab.families.chessnum import model_cpsat as model

    built = model.build(instance)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.enumerate_all_solutions = True
    solver.solve(built.model)
    return solver.deterministic_time, solver.num_branches


def main(sections: list[str]) -> None:
    family = get("chessnum")
    if "published" in sections:
        published_figures(family)
    if "formulations" in sections:
        formulation_figures(family)
    if "generate" in sections:
        generator_figures(family)


def published_figures(family) -> None:
    print("## published boards, mode unique, clue order as given and 20 seeded shuffles")
    print("Wall: best of 7 runs per order, ms, in-process `Family.solve` (model building included).")
    print("Work: CP-SAT deterministic time (its load-independent work measure) and branches.")
    print(
        "| board | clues | given ms | shuffled median ms | shuffled min..max ms | slowest / median "
        "| work given | work shuffled min..max | branches |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for record in PUBLISHED:
        base = _board(record["id"])

        def timed(instance, solution):
            def run() -> float:
                start = time.perf_counter()
                result = family.solve(instance, SolveRequest(mode=Mode.UNIQUE))
                assert result.unique and result.solutions == [solution]
                return time.perf_counter() - start
            return run

        instances = [shuffled(base, k) for k in range(20)]
        given = best_time(timed(base, record["solution"]))
        orders = [best_time(timed(instance, record["solution"])) for instance in instances]
        everything = [given] + orders
        med = statistics.median(everything)
        work = [deterministic_work(i) for i in [base] + instances]
        dets = [w[0] for w in work[1:]]
        branches = sorted({w[1] for w in work})
        print(f"| {record['id']} | {len(base.clues)} | {given*1000:.1f} | {statistics.median(orders)*1000:.1f} | "
              f"{min(orders)*1000:.1f}..{max(orders)*1000:.1f} | {max(everything)/med:.2f} | {work[0][0]:.4f} | "
              f"{min(dets):.4f}..{max(dets):.4f} | {', '.join(map(str, branches))} |")

    print()


def formulation_figures(family) -> None:
    print("## formulations, mode unique (median of 5 runs, ms; branches)")
    print("| board | piece | piece-direct | ray | sat backend |")
    print("| --- | --- | --- | --- | --- |")
    for record in PUBLISHED:
        base = _board(record["id"])
        cells = []
        formulations = (
            ({"encoding": "piece"}, None),
            ({"encoding": "piece-direct"}, None),
            ({"encoding": "ray"}, None),
            ({}, "sat"),
        )
        for options, backend in formulations:
            branches: list[int] = []

            def run(base=base, options=options, backend=backend, branches=branches) -> float:
                start = time.perf_counter()
                result = family.solve(base, SolveRequest(mode=Mode.UNIQUE, options=options, backend=backend))
                assert result.unique
                branches.append(result.stats.branches)
                return time.perf_counter() - start

            cells.append(f"{median_time(run)*1000:.1f} ({branches[0]})")
        print(f"| {record['id']} | " + " | ".join(cells) + " |")

    print()


def generator_figures(family) -> None:
    print("## generator: seeds 0..9 (0..2 for 12x12 and 16x16); seconds include Family.generate's fresh uniqueness proof")
    print("| size | pieces | options | total s | median s | max s | clues (min / median / max) |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    settings = ((8, "KQRBNP", False, 10), (6, "KQRBNP", False, 10), (8, "KQRBNNP", False, 10),
                (8, "KQRBNP", True, 10), (12, "KQRBNP", False, 3), (16, "KQRBNP", False, 3))
    for size, pieces, min_clues, seeds in settings:
        times, clues = [], []
        for seed in range(seeds):
            start = time.perf_counter()
            generated = family.generate(seed, {"size": size, "pieces": pieces, "min_clues": min_clues})
            times.append(time.perf_counter() - start)
            clues.append(len(generated.instance.clues))
        print(f"| {size} | {pieces} | {'--min-clues' if min_clues else ''} | {sum(times):.1f} | {statistics.median(times):.2f} | "
              f"{max(times):.2f} | {min(clues)} / {statistics.median(clues):g} / {max(clues)} |")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:] or ["published", "formulations", "generate"])
