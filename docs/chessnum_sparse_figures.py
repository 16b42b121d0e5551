"""Measure the sparse-generator, Detektivschach and grade figures of docs/chessnum.md
(in-process, one CP-SAT worker; wall and CPU seconds, the load average before each section).

    PYTHONPATH=src python docs/chessnum_sparse_figures.py [minimum] [sparse] [detective] [grades]
"""

from __future__ import annotations

import collections
import os
import random
import statistics
import sys
import time

from boardlab.core.registry import get
from boardlab.families.chessnum.generate import ChessNumStrategy, minimum_clues, random_placement


def clock() -> tuple[float, float]:
    return time.perf_counter(), time.process_time()


def since(start: tuple[float, float]) -> tuple[float, float]:
    return time.perf_counter() - start[0], time.process_time() - start[1]


def load() -> str:
    return "load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def spread(values: list[float]) -> str:
    return f"{min(values):g} / {statistics.median(values):g} / {max(values):g}"


def minimum_figures() -> None:
    """The exact minimum for one placement: seeds 0..9, the first placement each seed draws."""
    print(f"## minimum clue set of one 8x8 KQRBNP placement (seeds 0..9), {load()}")
    print(
        "| seed | irreducible clues (greedy) | minimum clues | hitting-set rounds | refuting sets | wall s | CPU s |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    family = get("chessnum")
    walls = []
    for seed in range(10):
        strategy = ChessNumStrategy(8, "KQRBNP", minimum=True)
        planted = random_placement(8, "KQRBNP", random.Random(seed))
        strategy.begin(planted)
        start = clock()
        found = minimum_clues(strategy)
        wall, cpu = since(start)
        strategy.end()
        walls.append(wall)
        plain = family.generate(seed, {"size": 8})  # the same first placement, irreducible clues
        same = sorted(plain.solution.items()) == sorted(
            family.solution_from_json(plain.instance, _json(planted)).items()
        )
        greedy = len(plain.instance.clues) if same else "other placement"
        rounds, sets = strategy.search
        size = "none" if found is None else len(found)
        print(f"| {seed} | {greedy} | {size} | {rounds} | {sets} | {wall:.2f} | {cpu:.2f} |")
    print(f"\nwall s min / median / max: {spread([round(w, 2) for w in walls])}\n")


def _json(planted):
    data: dict = {}
    for letter, (f, r) in planted:
        data.setdefault(letter, []).append("abcdefghijklmnop"[f] + str(r + 1))
    return {k: v[0] if len(v) == 1 else v for k, v in data.items()}


def _generate_rows(settings, seeds: int) -> None:
    family = get("chessnum")
    print(
        "| size | pieces | options | wall s total | median s | max s | CPU s total | clues min / median / max | clue counts |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for size, pieces, options, *fewer in settings:
        walls, clues = [], []
        start_all = clock()
        for seed in range(fewer[0] if fewer else seeds):
            start = clock()
            made = family.generate(seed, {"size": size, "pieces": pieces, **options})
            walls.append(since(start)[0])
            clues.append(len(made.instance.clues))
        _, cpu = since(start_all)
        flags = " ".join(
            f"--{k.replace('_', '-')}" + ("" if v is True else f" {v}") for k, v in options.items()
        )
        counts = dict(sorted(collections.Counter(clues).items()))
        print(
            f"| {size} | {pieces} | {flags} | {sum(walls):.1f} | {statistics.median(walls):.2f} | "
            f"{max(walls):.2f} | {cpu:.1f} | {spread(clues)} | {counts} |"
        )
    print()


def sparse_figures() -> None:
    print(
        "## classic 8x8 KQRBNP, seeds 0..9 (0..4 for the last row); seconds include Family.generate's "
        f"uniqueness proof, {load()}"
    )
    _generate_rows(
        [
            (8, "KQRBNP", {}),
            (8, "KQRBNP", {"clue_set": "minimum"}),
            (8, "KQRBNP", {"min_clues": True}),
            (8, "KQRBNP", {"min_clues": True, "clue_set": "minimum"}, 5),
        ],
        10,
    )


def detective_figures() -> None:
    print(f"## Detektivschach (--detective), the published piece sets, seeds 0..9, {load()}")
    _generate_rows(
        [
            (6, "KQRBN", {"detective": True}),
            (8, "KQRRBBNN", {"detective": True}),
            (8, "KQRRBBNN", {"detective": True, "clue_set": "minimum"}),
            (10, "KKQQRRBBNN", {"detective": True}),
            (10, "KKQQRRBBNN", {"detective": True, "clue_set": "minimum"}),
        ],
        10,
    )


def grade_figures() -> None:
    family = get("chessnum")
    print(f"## grades of generated puzzles (seeds 0..19), {load()}")
    print("| size | pieces | options | easy | medium | hard | grading wall s median |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    settings = [
        (8, "KQRBNP", {}),
        (8, "KQRBNP", {"clue_set": "minimum"}),
        (6, "KQRBNP", {}),
        (8, "KQRRBBNN", {"detective": True}),
        (10, "KKQQRRBBNN", {"detective": True}),
    ]
    for size, pieces, options in settings:
        levels: collections.Counter[str] = collections.Counter()
        walls = []
        for seed in range(20):
            made = family.generate(seed, {"size": size, "pieces": pieces, **options})
            start = clock()
            levels[family.grade(made.instance).difficulty] += 1
            walls.append(since(start)[0])
        flags = " ".join(
            f"--{k.replace('_', '-')}" + ("" if v is True else f" {v}") for k, v in options.items()
        )
        print(
            f"| {size} | {pieces} | {flags} | {levels['easy']} | {levels['medium']} | {levels['hard']} | "
            f"{statistics.median(walls):.2f} |"
        )
    print()
    print(f"## generate --difficulty LEVEL, 8x8 KQRBNP, seeds 0..4, {load()}")
    print("| level | wall s total | CPU s total | attempts (per seed) | clues (per seed) |")
    print("| --- | --- | --- | --- | --- |")
    for level in ("easy", "medium", "hard"):
        attempts, clues = [], []
        start = clock()
        for seed in range(5):
            made = family.generate(seed, {"difficulty": level})
            attempts.append(made.stats.extra.get("attempts"))
            clues.append(len(made.instance.clues))
        wall, cpu = since(start)
        print(f"| {level} | {wall:.1f} | {cpu:.1f} | {attempts} | {clues} |")
    print()


if __name__ == "__main__":
    chosen = sys.argv[1:] or ["minimum", "sparse", "detective", "grades"]
    for name in chosen:
        {
            "minimum": minimum_figures,
            "sparse": sparse_figures,
            "detective": detective_figures,
            "grades": grade_figures,
        }[name]()
        sys.stdout.flush()
