"""Measure the C-Note time-limit figures quoted in docs/cnote.md ("Time limits at huge targets").

    PYTHONPATH=src python docs/cnote_time_limit_figures.py [--time-limit 0.2] [--sizes 2,3,4,5]
        [--targets 100000,300000,1000000] [--overrun]

Each case runs `boardlab cnote solve FILE --json --time-limit L [--count | --unique]` through the
command line's `main()` in a fresh process whose imports (the command line, OR-Tools' cp_model)
are done before the clock starts: the command's own time, Python's start-up and OR-Tools'
import left out. Grids: `1 2 / 3 4` for 2x2, digits 1-9 drawn with `random.Random(n)` otherwise.
A case is stopped after 120 s. With `--overrun`: CP-SAT alone on each grid's model (built
without a deadline), `solver.solve` with `max_time_in_seconds` 0.1, its wall time.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

CHILD = """
import contextlib, io, json, sys, time
from ortools.sat.python import cp_model  # noqa: F401  (imported before the clock)
import boardlab.families.cnote.model_cpsat  # noqa: F401
from boardlab.cli import main
out = io.StringIO()
start = time.perf_counter()
code = 0
try:
    with contextlib.redirect_stdout(out):
        main(["cnote", "solve", *sys.argv[1:], "--json"])
except SystemExit as stop:
    code = stop.code
took = time.perf_counter() - start
print(json.dumps({"code": code, "status": json.loads(out.getvalue())["status"], "seconds": took}))
"""


OVERRUN = """
import json, sys, time
from ortools.sat.python import cp_model
from boardlab.families.cnote import io, model_cpsat
instance = io.make_instance(json.loads(sys.argv[1]), int(sys.argv[2]))
built = model_cpsat.Model(instance)
solver = cp_model.CpSolver()
solver.parameters.max_time_in_seconds = 0.1
start = time.perf_counter()
code = solver.solve(built.model)
print(json.dumps({"status": solver.status_name(code), "seconds": time.perf_counter() - start}))
"""


def grid(n: int) -> list[list[int]]:
    if n == 2:
        return [[1, 2], [3, 4]]
    rng = random.Random(n)
    return [[rng.randint(1, 9) for _ in range(n)] for _ in range(n)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--time-limit", default="0.2")
    parser.add_argument("--sizes", default="2,3,4,5")
    parser.add_argument("--targets", default="100000,300000,1000000")
    parser.add_argument("--overrun", action="store_true")
    args = parser.parse_args()
    if args.overrun:
        print("| grid, target | CP-SAT call with max_time_in_seconds 0.1 |")
        print("|---|---|")
        for n in (int(x) for x in args.sizes.split(",")):
            for target in (int(x) for x in args.targets.split(",")):
                command = [sys.executable, "-c", OVERRUN, json.dumps(grid(n)), str(target)]
                try:
                    run = subprocess.run(command, capture_output=True, text=True, timeout=120)
                    answer = json.loads(run.stdout.strip().splitlines()[-1])
                    cell = f"{answer['seconds']:.2f} s ({answer['status']})"
                except subprocess.TimeoutExpired:
                    cell = "stopped at 120 s"
                except (IndexError, json.JSONDecodeError):
                    cell = f"failed: {run.stderr.strip().splitlines()[-1:]}"
                print(f"| {n}x{n}, {target:,} | {cell} |", flush=True)
        return
    print("| grid, target | first | count | unique |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for n in (int(x) for x in args.sizes.split(",")):
            for target in (int(x) for x in args.targets.split(",")):
                path = Path(folder) / f"g{n}_{target}.json"
                path.write_text(json.dumps({"family": "cnote", "target": target, "grid": grid(n)}))
                cells = []
                for mode in ([], ["--count"], ["--unique"]):
                    command = [sys.executable, "-c", CHILD, str(path), "--time-limit", args.time_limit, *mode]
                    try:
                        run = subprocess.run(command, capture_output=True, text=True, timeout=120)
                        answer = json.loads(run.stdout.strip().splitlines()[-1])
                        cells.append(f"{answer['seconds']:.2f} s ({answer['status']}, exit {answer['code']})")
                    except subprocess.TimeoutExpired:
                        cells.append("stopped at 120 s")
                    except (IndexError, json.JSONDecodeError):
                        cells.append(f"failed: {run.stderr.strip().splitlines()[-1:]}")
                print(f"| {n}x{n}, {target:,} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
