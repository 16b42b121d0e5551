"""Ctrl-C on a real `boardlab` process, one command per kind of long native call
(`core.interrupts`): it ends within seconds with "boardlab: interrupted" and exit 130, never
as an internal error or as "unknown (time limit reached)". And the mechanism itself."""

from __future__ import annotations

import _thread
import gc
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from boardlab.core.deadline import Deadline
from boardlab.core.interrupts import caused_by_ctrl_c, flag, in_thread, interrupt, stop_flag
from processes import alive, ctrl_c_after

DEMO = str(Path(__file__).parent / "data" / "cnote" / "cnote-demo.json")

#: (kind of native call, command): each runs for minutes when not interrupted.
LONG_COMMANDS = {
    "numba search (enumeration)": ["nqueens", "generate", "--size", "62"],
    "numba count kernel (serial)": ["nqueens", "count", "20", "--executor", "serial"],
    "numba annealing": ["armies", "solve", "200", "--force"],
    "numba branch and bound": ["armies", "solve", "20", "--m", "60", "--force"],
    "CaDiCaL (python-sat)": ["tents", "generate", "--size", "100x100", "--givens"],
    "numba short kernels (one per move)": ["tents", "generate", "--size", "200x200"],
    "CP-SAT": ["cnote", "count", DEMO, "--target", "700"],
}


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(LONG_COMMANDS))
def test_ctrl_c_stops_every_kind_of_native_call(kind: str) -> None:
    # 6 s: well into the long call, past start-up even on a loaded machine
    code, err, took = ctrl_c_after([sys.executable, "-m", "boardlab", *LONG_COMMANDS[kind]], 6.0)
    assert (code, err) == (130, "boardlab: interrupted\n"), err
    assert took < 10, f"{kind}: {took:.1f} s from Ctrl-C to exit"  # about 0.1 s measured


#: (kind of threaded work, command): C-Note's generator in threads, the ordered 3x3 scan (two
#: threads counting pairs; 347's one unique orbit lies 5,091 pairs in, about 6 s) and the 5x5
#: annealing chains (two chains; 200 fails after about 4.5-5 s; 160, used until the
#: twenty-seventh session, is now made within 3 s for most seeds). They end within 10 s, so Ctrl-C
#: comes sooner, after 3 s: past start-up, inside the threads' work.
THREADED_COMMANDS = {
    "cnote ordered scan (threads)": ["cnote", "generate", "--size", "3", "--target", "347"],
    "cnote annealing chains (threads)": ["cnote", "generate", "--size", "5", "--target", "200"],
}


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(THREADED_COMMANDS))
def test_ctrl_c_stops_threaded_work(kind: str) -> None:
    code, err, took = ctrl_c_after([sys.executable, "-m", "boardlab", *THREADED_COMMANDS[kind]], 3.0)
    assert (code, err) == (130, "boardlab: interrupted\n"), err
    assert took < 5, f"{kind}: {took:.1f} s from Ctrl-C to exit"  # 0.05-0.2 s measured


#: A command that alternates CaDiCaL (python-sat) and CP-SAT calls that allocate much memory:
#: before python-sat's and OR-Tools' own SIGINT handlers were switched off (core.sat,
#: core.cpsat), a Ctrl-C that landed inside `malloc` left it hung for good or aborted ("free():
#: invalid pointer") about one run in four, so it is interrupted at several moments.
ALLOCATING = ["chessnum", "generate", "--size", "16", "--min-clues", "--clue-set", "minimum"]


@pytest.mark.slow
@pytest.mark.parametrize("after", [2.6, 3.9, 5.2])
def test_ctrl_c_inside_native_solvers_never_hangs(after: float) -> None:
    code, err, took = ctrl_c_after([sys.executable, "-m", "boardlab", *ALLOCATING], after)
    assert (code, err) == (130, "boardlab: interrupted\n"), err
    assert took < 10, f"{took:.1f} s from Ctrl-C to exit"  # at most 0.9 s measured


def _kernel_like(stop, seconds: float = 30.0) -> str:
    """A stand-in for a kernel: works until `seconds` pass or the flag is raised."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if stop[0]:
            return "stopped"
        time.sleep(0.001)
    return "finished"


def test_in_thread_returns_the_work_value() -> None:
    stop = flag()
    assert in_thread(lambda: _kernel_like(stop, 0.05), stop_flag(stop)) == "finished"


def test_in_thread_raises_the_flag_at_the_deadline() -> None:
    stop = flag()
    started = time.monotonic()
    assert in_thread(lambda: _kernel_like(stop), stop_flag(stop), Deadline.after(0.1)) == "stopped"
    assert time.monotonic() - started < 10


def test_in_thread_passes_ctrl_c_on_after_stopping_the_work() -> None:
    stop = flag()
    timer = threading.Timer(0.1, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            in_thread(lambda: _kernel_like(stop), stop_flag(stop))
    finally:
        timer.cancel()
    assert stop[0] == 1


def test_in_thread_passes_errors_on() -> None:
    def broken() -> None:
        raise ValueError("broken")

    with pytest.raises(ValueError, match="broken"):
        in_thread(broken, lambda: None)


class _CtrlCWhileFinalised:
    """An object whose finaliser is where Ctrl-C lands (as in python-sat's `Solver.__del__`)."""

    def __init__(self, finished: list[str]) -> None:
        self.finished = finished

    def __del__(self) -> None:
        signal.raise_signal(signal.SIGINT)  # handled at the finaliser's next bytecode
        time.sleep(0.01)
        self.finished.append("finaliser")


class _Watched:
    """An object with a weak reference to it (no `__del__` of its own)."""


def _ctrl_c_then_finish(finished: list[str]) -> None:
    signal.raise_signal(signal.SIGINT)  # handled at the callback's next bytecode
    time.sleep(0.01)
    finished.append("finaliser")


@pytest.mark.parametrize("how", ["direct", "collected", "weakref.finalize", "multiprocessing"])
def test_ctrl_c_inside_a_finaliser_is_not_lost(how: str) -> None:
    # Python's own handler raises inside the finaliser, where CPython drops the exception and
    # the loop below would run its 5 s out; the command line's handler raises it just after
    import multiprocessing.util
    import weakref

    previous = signal.signal(signal.SIGINT, interrupt)
    finished: list[str] = []
    try:
        with pytest.raises(KeyboardInterrupt):
            if how == "collected":  # by the collector (a reference cycle), as python-sat's solvers are
                cycle = _CtrlCWhileFinalised(finished)
                cycle.me = cycle  # type: ignore[attr-defined]
                del cycle
                gc.collect()
            elif how == "direct":  # at once, its last reference gone
                _CtrlCWhileFinalised(finished)
            else:  # a weak reference's callback (tempfile's, a process pool's clean-up)
                watched = _Watched()
                if how == "weakref.finalize":
                    weakref.finalize(watched, _ctrl_c_then_finish, finished)
                else:
                    multiprocessing.util.Finalize(watched, _ctrl_c_then_finish, (finished,))
                del watched
            end = time.monotonic() + 5
            while time.monotonic() < end:
                time.sleep(0.01)
            finished.append("loop")
    finally:
        signal.signal(signal.SIGINT, previous)
    assert finished == ["finaliser"]


@pytest.mark.parametrize("started_with", ["signal.default_int_handler", "signal.SIG_IGN"])
def test_a_module_run_as_a_program_takes_the_command_lines_ctrl_c(started_with: str) -> None:
    """`python -m` on a module with a command line of its own (the C-Note drives and
    certificates, `run_as_program`) runs under the command line's Ctrl-C handler, as `boardlab`
    does: `interrupt` in place of Python's own (whose Ctrl-C a finaliser would lose, as above);
    an ignored Ctrl-C (a background job) stays ignored."""
    script = (
        "import signal\n"
        f"signal.signal(signal.SIGINT, {started_with})\n"
        "from boardlab.core.interrupts import interrupt, run_as_program\n"
        "expected = {'signal.default_int_handler': interrupt, 'signal.SIG_IGN': signal.SIG_IGN}\n"
        f"run_as_program(lambda: 7 if signal.getsignal(signal.SIGINT) is expected[{started_with!r}] else 1)\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert (run.returncode, run.stderr) == (7, "")


def test_a_module_run_as_a_program_says_interrupted_on_ctrl_c() -> None:
    """A Ctrl-C that such a command line does not answer itself (`boardlab.families.cnote.narrow`'s
    survey printed a traceback, eighty-fifth session) ends it as `boardlab` ends: one line, exit
    130, no traceback."""
    script = (
        "import signal, sys\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "from boardlab.core.interrupts import run_as_program\n"
        "def main():\n"
        "    print('working', flush=True)\n"
        "    while True:\n"
        "        sum(range(1000))\n"
        "run_as_program(main)\n"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None and process.stdout.readline() == "working\n"
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert (process.returncode, err, out) == (130, "boardlab: interrupted\n", "")


def test_ctrl_c_errors_of_native_code_are_recognised() -> None:
    try:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as interrupt:
            raise SystemError("CPUDispatcher(...) returned a result with an exception set") from interrupt
    except SystemError as error:
        assert caused_by_ctrl_c(error)
    assert not caused_by_ctrl_c(ValueError("x"))


#: Long work under --time-limit 1 beyond what tests/test_every_verb.py runs (one long command per
#: verb of every family): other executors and formulations, and drawing and hints on a large
#: puzzle. Each must answer "unknown" (exit 3) or, having finished, its answer (exit 0), and
#: end soon after the limit.
TIME_LIMITED = [
    ["nqueens", "count", "20"],
    ["armies", "solve", "20"],
    ["armies", "solve", "18", "--m", "48"],
    ["cnote", "generate", "--size", "8"],
    ["tents", "render", "--solve", "GENERATED"],
    ["tents", "hint", "GENERATED"],
]


@pytest.mark.slow
@pytest.mark.parametrize("args", TIME_LIMITED, ids=" ".join)
def test_a_time_limit_holds_on_every_long_verb(args: list[str], tmp_path: Path) -> None:
    if "GENERATED" in args:  # a large puzzle to work on
        path = tmp_path / "big.json"
        made = subprocess.run(
            [
                sys.executable,
                "-m",
                "boardlab",
                "tents",
                "generate",
                "--size",
                "40x40",
                "--givens",  # the quick generator: any large puzzle will do
                "--seed",
                "2",
                "--out",
                str(path),
            ],
            capture_output=True,
            text=True,
        )
        assert made.returncode == 0, made.stderr
        args = [str(path) if a == "GENERATED" else a for a in args]
    started = time.monotonic()
    run = subprocess.run(
        [sys.executable, "-m", "boardlab", *args, "--time-limit", "1"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    took = time.monotonic() - started
    assert run.returncode in (0, 3), run.stderr
    if run.returncode == 3:
        assert "unknown" in run.stdout
    assert took < 30, f"{took:.1f} s for a 1 s limit"  # measured: 1.3 to 2.5 s, start-up included


def test_render_that_found_no_solution_in_time_says_unknown(cli_run, monkeypatch) -> None:
    """`render --solve` whose solve stopped at `--time-limit` (a SAT search that stops at the
    enclosing limit answers "unknown" rather than raising) is "unknown", exit 3, as generate
    and hint are; it said "nothing to draw but the puzzle" and exit 0."""
    from boardlab.core.registry import get
    from boardlab.core.results import Result, Status

    tents = type(get("tents"))

    def stopped(self, instance, request):  # what the solve answers when the limit stops it
        return Result(family="tents", status=Status.UNKNOWN, instance={})

    monkeypatch.setattr(tents, "solve", stopped)
    puzzle = "8x8:_jagkbidaabac,2,1,0,3,1,2,2,1,2,1,1,1,2,1,0,4"  # Tatham's, tests/data/tents
    for extra in ([], ["--json"]):
        run = cli_run(["tents", "render", puzzle, "--solve", "--time-limit", "5", *extra])
        assert run.code == 3, run.stdout + run.stderr
        assert "unknown" in run.stdout and "time limit of 5 s" in run.stdout


def test_work_projected_past_an_hour_is_refused_before_it_starts(cli_run) -> None:
    run = cli_run(["nqueens", "count", "22"])
    assert run.code == 2 and "projected to take about" in run.stderr and "--force" in run.stderr
    run = cli_run(["armies", "solve", "20"])
    assert run.code == 2 and "projected to take about" in run.stderr and "--time-limit" in run.stderr
    # a placement the heuristic finds needs no proof; a time limit bounds the work: no refusal
    assert cli_run(["armies", "solve", "20", "--m", "40"]).code == 0
    assert cli_run(["nqueens", "count", "22", "--time-limit", "0.5"]).code == 3


def test_durations_read_as_words() -> None:
    from boardlab.core.words import duration

    assert duration(42) == "42 seconds"
    assert duration(3 * 3600 + 720) == "3.2 hours"
    assert duration(12 * 86400) == "12 days"
    assert duration(3.4e3 * 365.25 * 86400) == "3,400 years"


#: When the Ctrl-C comes during start-up: (the handler just set, what the signal does then).
START_UP_INTERRUPTS = {
    # the moment the entry point's handler is set, before the command line is imported
    "handler-set": ("entry._interrupted_while_starting", "os.kill(os.getpid(), signal.SIGINT)"),
    # as the command line's handler takes over: that handler raises KeyboardInterrupt out of the
    # `signal.signal` call (seen once in CI, when it was Python's own)
    "command-handler-set": (
        "__import__('boardlab.core.interrupts', fromlist=['interrupt']).interrupt",
        "raise KeyboardInterrupt",
    ),
}


@pytest.mark.parametrize("when", START_UP_INTERRUPTS)
def test_ctrl_c_while_the_command_line_loads_says_interrupted(when: str) -> None:
    """The program's entry point (`boardlab._entry`) handles Ctrl-C while typer, rich and the
    families are imported, and while it hands Ctrl-C over to the command line: the answer is
    "interrupted", never a traceback."""
    handler, then = START_UP_INTERRUPTS[when]
    code = (
        "import os, signal, sys\n"
        "sys.argv = ['boardlab', 'families']\n"
        "import boardlab._entry as entry\n"
        "real_signal = signal.signal\n"
        "def signal_then_interrupt(number, handler):\n"
        "    previous = real_signal(number, handler)\n"
        f"    if handler is {handler}:\n"
        f"        {then}\n"
        "    return previous\n"
        "signal.signal = signal_then_interrupt\n"
        "entry.main()\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert (run.returncode, run.stderr) == (130, "boardlab: interrupted\n")
    assert "boardlab.cli" not in run.stdout


def test_ctrl_c_in_typers_machinery_says_interrupted(monkeypatch, capsys) -> None:
    """A Ctrl-C that reaches typer outside a command's own handling (`interruptible`) becomes
    typer's silent exit 130; the command line says "interrupted" for it all the same (CI met
    exit 130 with nothing on stderr)."""
    import typer.core

    from boardlab.cli.app import main

    def interrupted(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt

    monkeypatch.setattr(typer.core.TyperGroup, "invoke", interrupted)
    with pytest.raises(SystemExit) as ended:
        main(["families"])
    assert ended.value.code == 130
    assert capsys.readouterr().err == "boardlab: interrupted\n"


def test_the_package_exports_the_api_lazily() -> None:
    import boardlab
    import boardlab.api

    assert set(boardlab.__all__) == {"__version__", *boardlab.api.__all__}
    run = subprocess.run(
        [sys.executable, "-c", "import sys, boardlab; print('boardlab.api' in sys.modules)"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.stdout.strip() == "False"  # importing the package (the program's first step) is cheap
    assert callable(boardlab.render) and callable(boardlab.families)


def test_stopped_work_still_running_is_seen() -> None:
    """A kernel that ignores its stop flag past GRACE is reported by `native_work_running`,
    so the command line ends the process with os._exit instead of finalising the interpreter
    under it."""
    from boardlab.core import interrupts

    release = threading.Event()
    timer = threading.Timer(0.1, _thread.interrupt_main)
    timer.start()
    grace, interrupts.GRACE = interrupts.GRACE, 0.1
    try:
        with pytest.raises(KeyboardInterrupt):
            in_thread(lambda: release.wait(30), lambda: None)  # a stop that stops nothing
        assert interrupts.native_work_running()
    finally:
        interrupts.GRACE = grace
        timer.cancel()
        release.set()
    deadline = time.monotonic() + 30
    while interrupts.native_work_running() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not interrupts.native_work_running()


def test_a_time_limit_never_lands_inside_an_import(tmp_path: Path, monkeypatch) -> None:
    """The limit passes while a module is being imported: the import completes (an exception
    inside it would break the module for good), and OutOfTime comes right after."""
    from boardlab.core.deadline import OutOfTime
    from boardlab.core.interrupts import time_limited

    (tmp_path / "slow_to_import.py").write_text(
        "import time\nend = time.monotonic() + 0.4\nwhile time.monotonic() < end:\n    pass\nDONE = True\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(OutOfTime):
        with time_limited(0.05):
            import slow_to_import  # noqa: F401

            assert slow_to_import.DONE
            time.sleep(5)
    assert sys.modules["slow_to_import"].DONE


def test_an_alarm_as_a_time_limited_block_ends_leaves_no_limit_behind(monkeypatch) -> None:
    """The block's own deadline check raised OutOfTime, and the timer went off while the block
    was cleaning up: that late OutOfTime used to land in the clean-up and skip it, leaving the
    limit set for everything after (seen once as a failure of test_sat_deadline under load)."""
    import signal

    from boardlab.core.deadline import OutOfTime
    from boardlab.core.interrupts import current_limit, time_limited

    real = signal.setitimer
    before = signal.getsignal(signal.SIGALRM)

    def late(which: int, seconds: float, *rest: float) -> tuple[float, float]:
        if seconds == 0:
            signal.raise_signal(signal.SIGALRM)  # the alarm, just as the timer is switched off
        return real(which, seconds, *rest)

    monkeypatch.setattr(signal, "setitimer", late)
    with pytest.raises(OutOfTime):
        with time_limited(30):
            assert current_limit().limited
            raise OutOfTime  # the block's own check, first
    assert not current_limit().limited
    assert signal.getsignal(signal.SIGALRM) is before


def test_a_ctrl_c_after_the_answer_never_kills_the_process() -> None:
    """A Ctrl-C that reaches Python after the command has answered (here: sent by the exit path
    itself) is ignored: the process exits with the command's code and its output, not killed by
    the signal (exit -2, seen in CI with Ctrl-C during a quick command's start-up under load)."""
    script = (
        "import os, signal, sys\n"
        "import boardlab.cli.app\n"
        "app = sys.modules['boardlab.cli.app']\n"  # (the package's `app` attribute is the Typer app)
        "def late():\n"
        "    os.kill(os.getpid(), signal.SIGINT)\n"
        "    return False\n"
        "app.native_work_running = late\n"
        "sys.argv = ['boardlab', 'nqueens', 'solve', '6']\n"
        "from boardlab._entry import main\n"
        "main()\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert (run.returncode, run.stderr) == (0, "")
    assert "♛" in run.stdout


def test_a_time_limit_survives_code_that_swallows_it() -> None:
    """Code that catches the block's OutOfTime and goes on (a library's `except Exception`, an
    exception ignored in a ctypes callback) must not lose the limit: the alarm raises again
    until the block ends (seen in CI: a 200x200 Tents generation under a 0.01 s limit ran to
    its end)."""
    from boardlab.core.deadline import OutOfTime
    from boardlab.core.interrupts import time_limited

    swallowed = 0
    started = time.monotonic()
    with pytest.raises(OutOfTime):
        with time_limited(0.05):
            while time.monotonic() - started < 10:
                try:
                    time.sleep(0.01)
                except OutOfTime:
                    swallowed += 1
                    if swallowed > 1:
                        raise
    assert swallowed == 2
    assert time.monotonic() - started < 5


def test_a_time_limit_never_lands_inside_numbas_compiler(tmp_path: Path, monkeypatch) -> None:
    """The limit passes while numba compiles: the alarm waits for the compiler (an exception in
    it can be swallowed by a typing template or llvmlite's ctypes callbacks, and leaves a
    half-compiled dispatcher), then OutOfTime comes right after."""
    from boardlab.core import interrupts
    from boardlab.core.deadline import OutOfTime

    compiler = tmp_path / "numba" / "core"
    compiler.mkdir(parents=True)
    (compiler / "slow_compiler.py").write_text(
        "import time\ndef compile_it():\n    end = time.monotonic() + 0.4\n"
        "    while time.monotonic() < end:\n        pass\n    return True\n"
    )
    namespace: dict = {}
    code = compile((compiler / "slow_compiler.py").read_text(), str(compiler / "slow_compiler.py"), "exec")
    exec(code, namespace)
    assert interrupts._COMPILER.search(str(compiler / "slow_compiler.py"))
    finished = []
    with pytest.raises(OutOfTime):
        with interrupts.time_limited(0.05):
            finished.append(namespace["compile_it"]())
            time.sleep(5)
    assert finished == [True]


@pytest.mark.parametrize("where", ["gc callback", "finaliser"])
def test_a_time_limit_waits_for_a_gc_callback_or_a_finaliser(where: str, monkeypatch) -> None:
    """The limit passes inside a garbage collector's callback or a `__del__`, where CPython
    would print and drop the exception (seen in CI inside hypothesis's gc callback): the alarm
    waits for it to end, then raises in the block's own code."""
    import gc

    from boardlab.core.deadline import OutOfTime
    from boardlab.core.interrupts import time_limited

    dropped: list = []
    monkeypatch.setattr(sys, "unraisablehook", dropped.append)
    finished = []

    def busy(*_: object) -> None:
        end = time.monotonic() + 0.4
        while time.monotonic() < end:
            pass
        finished.append(where)

    class Finalised:
        def __del__(self) -> None:
            busy()

    if where == "gc callback":
        gc.callbacks.append(busy)
    try:
        with pytest.raises(OutOfTime):
            with time_limited(0.05):
                if where == "gc callback":
                    gc.collect()
                else:
                    Finalised()  # dropped at once: its finaliser runs here
                time.sleep(5)
    finally:
        if where == "gc callback":
            gc.callbacks.remove(busy)
    assert set(finished) == {where}  # a gc callback runs as a collection starts and stops
    assert dropped == []


def test_a_solve_inside_a_passed_time_limit_passes_it_on(monkeypatch) -> None:
    """A solver call that a command's --time-limit stopped is not turned into "unknown" for the
    caller to go on with (a generator would then take its puzzle for not unique): the command
    is out of time. Outside such a limit, the solver's own deadline is an "unknown" answer."""
    from boardlab.core import registry
    from boardlab.core.deadline import OutOfTime
    from boardlab.core.interrupts import time_limited
    from boardlab.core.results import Mode, SolveRequest

    family = registry.get("nqueens")
    instance = family.from_json({"family": "nqueens", "n": 5})

    def late(instance, request):  # noqa: ANN001, ANN202 - the solver's own deadline, late
        time.sleep(0.2)
        raise OutOfTime("the solver's deadline")

    monkeypatch.setattr(family, "solve_instance", late)
    assert family.solve(instance, SolveRequest(mode=Mode.COUNT)).status.value == "unknown"
    with pytest.raises(OutOfTime):
        with time_limited(0.1):
            family.solve(instance, SolveRequest(mode=Mode.COUNT))


def test_a_time_limit_waits_for_a_shielded_block() -> None:
    """A limit that passes inside `shielded` (the start or stop of a process pool) is held off
    until the block ends, then raised right after it."""
    from boardlab.core.deadline import OutOfTime
    from boardlab.core.interrupts import shielded, time_limited

    finished = []
    started = time.monotonic()
    with pytest.raises(OutOfTime):
        with time_limited(0.05):
            with shielded():
                end = time.monotonic() + 0.4
                while time.monotonic() < end:
                    time.sleep(0.01)
                finished.append(True)
            time.sleep(5)
    assert finished == [True]
    assert time.monotonic() - started < 3


def test_pool_workers_end_with_a_parent_that_ends_without_stopping_them(tmp_path: Path) -> None:
    """Seen in CI: `armies render 14 --m 29 --solve --time-limit 1` answered "unknown" and
    exited, yet its output stayed open for minutes, held by processes it had started (a time
    limit had passed inside the process pool's constructor, which is now `shielded`). Whatever
    the cause, the executors' pool workers ask the kernel to end them with their parent: here
    the parent ends abruptly (`os._exit`, as the command line does with native work still
    running) while its workers are inside a minute-long task."""
    script = (
        "import os, sys, threading, time\n"
        "from boardlab.core import executors\n"
        "folder = sys.argv[1]\n"
        "def task(shared, chunk):\n"
        "    open(os.path.join(folder, str(os.getpid())), 'w').close()\n"
        "    time.sleep(60)\n"
        "    return 0\n"
        "def end_when_both_run():\n"
        "    while len(os.listdir(folder)) < 2:\n"
        "        time.sleep(0.02)\n"
        "    os._exit(0)\n"
        "threading.Thread(target=end_when_both_run, daemon=True).start()\n"
        "for _ in executors.run_processes(task, None, executors.chunks([0, 1], 1), 2):\n"
        "    pass\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    workers = [int(name) for name in os.listdir(tmp_path)]
    assert len(workers) == 2
    ended = time.monotonic() + 10
    while any(alive(pid) for pid in workers) and time.monotonic() < ended:
        time.sleep(0.05)
    assert not any(alive(pid) for pid in workers)


def test_in_thread_gives_up_on_stopped_work_that_does_not_return() -> None:
    """With `give_up`, work that is still running that long after its stop at the deadline is
    left behind (seen by `native_work_running`) and `OutOfTime` is raised: CP-SAT's presolve
    hears neither its time limit nor `stop_search`. Time on a fake clock (one second a look)."""
    from boardlab.core import interrupts
    from boardlab.core.deadline import OutOfTime

    now = [0.0]

    def tick() -> float:
        now[0] += 1.0
        return now[0]

    release, stops = threading.Event(), []
    try:
        with pytest.raises(OutOfTime, match="did not return"):
            in_thread(
                lambda: release.wait(60), lambda: stops.append(1), Deadline(2.0, 2.0, tick), give_up=3.0
            )
        assert stops == [1] and interrupts.native_work_running()
    finally:
        release.set()
    # without give_up the same deadline stops it and waits for it, however long that takes
    release = threading.Event()
    threading.Timer(0.3, release.set).start()
    now[0] = 0.0
    assert in_thread(lambda: release.wait(60), lambda: None, Deadline(2.0, 2.0, tick)) is True
