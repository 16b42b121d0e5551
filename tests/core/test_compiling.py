"""The first run after an install compiles the numba kernels (`core.compiling`): what it compiles.

An array copied into an array slice (`out[i] = row`, `a[:k] = b[:k]`, `out[j] += inner`) makes
numba compile, with the kernel, the code of its shape-mismatch error message
(`raise_with_shape_context` and its string formatting): 1.6-2.5 s more per kernel on the first
run, measured in the thirty-third session (docs/design.md, "Known pitfalls", numba). The kernels copy
element by element instead; this test runs the compiled paths of every family that has
kernels, in a fresh process with an empty numba cache, and fails if any of them compiles that
error code again.

A kernel called from another kernel is compiled once per distinct argument types: a Python
integer constant is typed as a literal (`Literal[int](2)`, even as a variable's first value, `a = -1`
before `a = y`) and int32 and int64 indices are two types. The Tents work list's `_set` compiled
in 5 specialisations (4 in a 40x40 generation, the fifth from `give`) and `_link` in 4; the
test also fails if one of its kernels has more than one signature after the run.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

SCRIPT = textwrap.dedent(
    """
    import json
    import sys
    from numba.core import event

    compiled = set()

    class Names(event.Listener):
        def on_start(self, ev):
            compiled.add(ev.data["dispatcher"].py_func.__qualname__)

        def on_end(self, ev):
            pass

    event.register("numba:compile", Names())

    from boardlab.cli import main

    out = sys.argv[1]
    COMMANDS = [
        # C-Note: the depth-first count (4x4 near its frontier) and the transform's line counts
        ["cnote", "generate", "--size", "4", "--target", "190", "--seed", "0"],
        ["cnote", "generate", "--size", "3", "--target", "300", "--seed", "0"],
        # N-Queens: each counting method
        ["nqueens", "count", "12", "--method", "fullsym"],
        ["nqueens", "count", "12", "--method", "constellation"],
        ["nqueens", "count", "12", "--method", "lanes"],
        # Armies: the compiled search
        ["armies", "solve", "5", "--m", "4"],
        # Tents: the compiled work list of large boards
        ["tents", "generate", "--size", "40x40", "--seed", "0"],
    ]
    for command in COMMANDS:
        sys.argv = ["boardlab", *command]
        try:
            main()
        except SystemExit as done:
            assert done.code == 0, (command, done.code)
    with open(out, "w") as names:
        names.write("\\n".join(sorted(compiled)))

    from boardlab.families.tents import worklist_nb

    # a given cell (`give`: the generator's givens, a fresh run from given cells) calls `_set` too
    fast = worklist_nb.FastWorklist(40, 40, [0, 5, 77], [None] * 40, [None] * 40)
    fast.give(1, 1)
    fast.run(True)
    signatures = {
        name: [str(s) for s in getattr(worklist_nb, name).signatures]
        for name in ("_set", "_link", "_touched", "_push", "_mark", "_give", "_cell", "_line", "_run", "_reopen")
    }
    with open(out + ".json", "w") as kernels:
        json.dump(signatures, kernels)
    """
)


@pytest.mark.slow
def test_kernels_compile_no_error_message_formatting(tmp_path: Path) -> None:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "numba-cache"))
    names = tmp_path / "compiled.txt"
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(names)], env=env, capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, done.stderr[-2000:]
    compiled = set(names.read_text().split())
    # the paths did compile (each family's main kernel)
    assert {"enumerate_count", "triple_counts", "constellations", "count_batch", "search", "_run"} <= compiled
    assert not {name for name in compiled if "raise_with_shape_context" in name}, sorted(compiled)
    # every Tents work-list kernel compiled once: one type per argument (int64 indices and values)
    signatures = json.loads((tmp_path / "compiled.txt.json").read_text())
    assert signatures["_set"] and signatures["_link"], signatures
    assert {name: len(sigs) for name, sigs in signatures.items() if len(sigs) > 1} == {}, signatures
