"""Start-up: importing the CLI (which every `boardlab` command does) leaves the heavy modules to
the commands that use them. A check of what is imported, in a fresh interpreter, not of time."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"

#: Imported only by the commands that need them: the benchmark report (`bench`), the SVG renderer
#: (`render --svg`, the web page), the progress bar (a count on a terminal), the solvers and
#: numba (solving), pydantic (no command: typer 0.29 would import it, see pyproject.toml).
LAZY = (
    "boardlab.bench.report",
    "boardlab.bench.runner",
    "boardlab.render.svg",
    "rich.progress",
    "ortools",
    "pysat",
    "numba",
    "numpy",
    "pydantic",
)

CHECK = f"""
import json, sys
import boardlab.cli
print(json.dumps(sorted(name for name in {LAZY!r} if name in sys.modules)))
"""


def test_importing_the_cli_imports_no_heavy_module() -> None:
    env = dict(os.environ, PYTHONPATH=str(SRC))
    done = subprocess.run([sys.executable, "-c", CHECK], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


def test_the_check_sees_an_imported_module() -> None:
    """The same check after a command's own import finds it (the check can fail)."""
    env = dict(os.environ, PYTHONPATH=str(SRC))
    check = CHECK.replace("import boardlab.cli\n", "import boardlab.cli\nimport boardlab.bench.report\n")
    done = subprocess.run([sys.executable, "-c", check], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "boardlab.bench.report" in json.loads(done.stdout)


def test_the_progress_bar_is_built_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """rich.progress, imported when a bar is wanted, still gives one (stderr a terminal)."""
    import io

    from rich.console import Console
    from rich.progress import Progress

    from boardlab.cli import output, progress

    screen = io.StringIO()
    monkeypatch.setattr(output, "err", Console(file=screen, force_terminal=True, width=80))
    bar, update = progress.progress_bar()
    assert isinstance(bar, Progress) and update is not None
    with bar:
        update(3, 7)
    assert bar.tasks[0].completed == 3 and bar.tasks[0].total == 7
    monkeypatch.setattr(output, "err", Console(file=io.StringIO(), force_terminal=False))
    assert progress.progress_bar() == (None, None)


FREEZE_CHECK = """
import atexit, gc, sys
atexit.register(lambda: print("frozen", gc.get_freeze_count() > 0, "threshold", gc.get_threshold()[0]))
sys.argv = ["boardlab", "nqueens", "render", "4"]
from boardlab.cli import main
main()
"""


def test_the_program_spares_garbage_collections() -> None:
    """Run as the program, the CLI collects less often while the command imports and freezes
    the heap before exiting (the interpreter's final collections cost 0.1-0.2 s after numba is
    loaded); the exit handlers still run."""
    env = dict(os.environ, PYTHONPATH=str(SRC))
    done = subprocess.run(
        [sys.executable, "-c", FREEZE_CHECK], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("frozen True threshold 100000")


def test_called_with_arguments_the_cli_leaves_the_heap_alone(cli_run) -> None:
    """In-process callers (tests, scripts) keep a normal garbage collector."""
    import gc

    before = gc.get_freeze_count(), gc.get_threshold()
    assert cli_run(["nqueens", "render", "4"]).code == 0
    assert (gc.get_freeze_count(), gc.get_threshold()) == before


# ---- whole commands: what a command imports is what it uses --------------------------------------
RUN_COMMAND = """
import atexit, json, sys
path = sys.argv[1]
def report():
    with open(path, "w") as seen:
        json.dump(sorted(sys.modules), seen)
atexit.register(report)
sys.argv = ["boardlab", *sys.argv[2:]]
from boardlab._entry import main
main()
"""

#: Imported by no command below unless listed as used.
HEAVY = ("numba", "numpy", "ortools", "pandas", "pysat", "matplotlib", "fastapi", "uvicorn", "pydantic")

CNOTE = "target: 100\n3 7 9 9\n8 2 4 7\n7 7 8 5\n3 2 6 7\n"
TENTS = "8x8:_jagkbidaabac,2,1,0,3,1,2,2,1,2,1,1,1,2,1,0,4"

#: (arguments, heavy modules the command uses). Every command of one family imports that
#: family's package alone; the armies engine imports numba and no solver library (OR-Tools
#: brings pandas, ~0.3 s); cnote's CP-SAT solve shows that the check sees what a command uses.
COMMANDS = [
    (["nqueens", "render", "4"], set()),
    (["nqueens", "check", "4", '{"queens": [1, 3, 0, 2]}'], set()),
    (["chessnum", "example", "-"], set()),
    (["tents", "solve", TENTS, "--json"], {"pysat"}),
    (["tents", "convert", TENTS, "--to", "puzzlink"], set()),
    (["cnote", "render", "CNOTE"], set()),
    (["cnote", "solve", "CNOTE", "--json"], {"ortools", "pandas", "numpy"}),
    (["armies", "solve", "5", "--m", "4", "--json"], {"numba", "numpy"}),
]


@pytest.mark.parametrize(("args", "used"), COMMANDS, ids=[" ".join(args[:2]) for args, _ in COMMANDS])
def test_a_command_imports_only_its_family_and_what_it_uses(args, used, tmp_path) -> None:
    cnote = tmp_path / "cnote.txt"
    cnote.write_text(CNOTE)
    seen = tmp_path / "modules.json"
    argv = [str(cnote) if arg == "CNOTE" else arg for arg in args]
    env = dict(os.environ, PYTHONPATH=str(SRC))
    done = subprocess.run(
        [sys.executable, "-c", RUN_COMMAND, str(seen), *argv],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    modules = set(json.loads(seen.read_text()))
    assert {name for name in HEAVY if name in modules} == used
    families = {name.split(".")[2] for name in modules if name.startswith("boardlab.families.")}
    assert families == {args[0]}


def test_the_whole_application_still_has_every_family(cli_run) -> None:
    """Help, `families` and the Python-level `boardlab.cli.app` see every family."""
    import typer

    from boardlab import cli
    from boardlab.core import registry

    names = {family.name for family in registry.families()}
    assert set(typer.main.get_command(cli.app).commands) >= names | {"families", "serve", "bench"}  # type: ignore[attr-defined]
    shown = cli_run(["--help"])
    assert shown.code == 0 and all(name in shown.stdout for name in names)


ENTRY_CHECK = """
import atexit, gc, sys
seen = []
class Watch:
    def find_spec(self, name, path=None, target=None):
        if name == "boardlab.cli.app":
            seen.append(gc.get_threshold()[0])
        return None
sys.meta_path.insert(0, Watch())
atexit.register(lambda: print("threshold at the CLI's import", seen[0]))
sys.argv = ["boardlab", "nqueens", "render", "4"]
from boardlab._entry import main
main()
"""


def test_the_program_collects_less_while_it_imports_the_cli() -> None:
    """The program's entry sets the collector's threshold before importing the command line."""
    env = dict(os.environ, PYTHONPATH=str(SRC))
    done = subprocess.run(
        [sys.executable, "-c", ENTRY_CHECK], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("threshold at the CLI's import 100000")


@pytest.mark.parametrize(
    "args",
    [
        ["nqueens", "count", "--help"],
        ["nqueens", "count"],
        ["nqueens", "count", "8", "--bogus"],
        ["nqueens", "solv", "8"],
        ["tents", "grade"],
        ["armies", "solve", "5", "--m"],
        ["nqueens", "--help"],
    ],
)
def test_a_command_reads_the_same_in_its_own_application_and_the_whole(args) -> None:
    """`main` builds only what a command needs (`for_command`: one family, one verb): help and
    usage errors are the whole application's."""
    from typer.testing import CliRunner

    from boardlab.cli.app import for_command, whole

    runner = CliRunner()
    own, full = runner.invoke(for_command(args), args), runner.invoke(whole(), args)
    assert (own.exit_code, own.output) == (full.exit_code, full.output)
    assert own.exit_code in (0, 2) and own.output
