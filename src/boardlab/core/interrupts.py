"""Ctrl-C and deadlines inside long native calls: numba kernels, CP-SAT, python-sat.

Python handles a signal only between bytecodes of the main thread, so a long call into native
code (a numba kernel, a CP-SAT or CaDiCaL search) hides Ctrl-C until it returns. Each kind
of native call is made stoppable once, here:

- **numba kernels** are compiled with `nogil=True` and poll a stop flag (`flag()`, a one-element
  array; `raised(flag)` inside the kernel) every few thousand steps. `in_thread(work, stop)` runs
  `work` in a helper thread while the calling thread waits in slices of `SLICE` seconds: a
  KeyboardInterrupt (Ctrl-C in the main thread) or a passed deadline calls `stop()` (which
  raises the flag), the work returns early, and the interrupt is raised again. On a deadline
  the work's own (partial) answer is returned; the work says itself that it stopped.
- **CP-SAT** releases the GIL while it searches; `core.cpsat.solve_interruptibly` runs
  `solver.solve` through `in_thread` with OR-Tools' own SIGINT catching off (its handler
  allocates memory and deadlocked a process interrupted inside `malloc`) and `stop_search` as
  the stop.
- **Python work under a time limit** (generators and hints, which make many short solver
  calls): `time_limited(seconds)` arms a SIGALRM timer whose handler raises `OutOfTime` at the
  next bytecode of the main thread; a native call in progress finishes first (a numba kernel
  run through `in_thread` is stopped at once, since its waiting thread runs Python). It never
  raises inside an import, numba's compiler, a garbage collector's callback, a finaliser or a
  `shielded` block (it looks again shortly after), and raises again every `REPEAT` seconds
  until the block ends, so that code which swallows the exception cannot lose the limit. It
  serves the command line, whose commands run in the main thread; elsewhere it refuses
  (`RuntimeError`) rather than silently not limiting. Code that turns `OutOfTime` into an
  answer ("unknown") passes it on when the enclosing block's limit has passed
  (`limit_passed`): the whole command is then out of time.
- **python-sat** holds the GIL during a call, so Ctrl-C and the timer wait for it to return;
  `core.sat` makes every call in short conflict-budget slices and switches python-sat's own
  SIGINT handler off (it `longjmp`s out of the solver, which corrupted or locked the
  allocator). SAT calls made with no deadline of their own ask `current_limit()` and stop at
  the enclosing `time_limited` block's deadline (`core.sat.solve_unlimited`).
- **SIGTERM** is a Ctrl-C where a command asks for it (`terminate_as_interrupt`: `boardlab
  bench`, the C-Note drives).
- **Ctrl-C inside a finaliser** would be lost: Python raises the KeyboardInterrupt at the next
  bytecode of the main thread, and when that runs a `__del__` method, a garbage collector's
  callback or a weak reference's finaliser CPython prints and drops it ("Exception ignored in
  ..."), and the command runs on as if never interrupted. The command line's handler
  (`interrupt`: `boardlab`'s and that of the modules run by `python -m`, `run_as_program`; also
  SIGTERM's under `terminate_as_interrupt`) delivers the signal again just after instead.
- A KeyboardInterrupt that lands while a numba kernel returns surfaces as numba's
  `SystemError("... returned a result with an exception set")`; `caused_by_ctrl_c`
  recognises it, so that the command line reports "interrupted" (exit 130), not a crash.
"""

from __future__ import annotations

import _thread
import atexit
import gc
import os
import re
import signal
import sys
import threading
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NoReturn, TypeVar

from boardlab.core.deadline import NO_DEADLINE, Deadline, OutOfTime

T = TypeVar("T")

#: Seconds between two looks of the waiting thread at Ctrl-C and the deadline.
SLICE = 0.05
#: Seconds to wait for stopped work to return before giving up on it (it then runs on in its
#: daemon thread until it ends; the command line exits anyway).
GRACE = 2.0
#: Seconds after which a time limit that fell inside an import (or numba's compiler, or a
#: finaliser) is looked at again, and a Ctrl-C that fell inside a finaliser (`interrupt`).
IMPORT_RETRY = 0.05
#: Seconds between two raises of `OutOfTime` once a time limit has passed, until its block ends.
REPEAT = 0.05
#: The exit code of an interrupted command (128 + SIGINT, as shells report it).
INTERRUPTED = 130
#: The name of `in_thread`'s helper threads.
KERNEL_THREAD = "boardlab-kernel"
#: Kernels look at their stop flag once every this many steps (a power of two minus one, used
#: as a mask): a few microseconds of work.
POLL_MASK = (1 << 14) - 1


def flag() -> Any:
    """A fresh stop flag for a kernel (a one-element int64 array; 0: go on)."""
    import numpy as np  # not at import time: the command line starts without numpy

    return np.zeros(1, dtype=np.int64)


def in_thread(
    work: Callable[[], T],
    stop: Callable[[], None],
    deadline: Deadline = NO_DEADLINE,
    give_up: float | None = None,
) -> T:
    """`work()`, run in a helper thread so that Ctrl-C and `deadline` are seen within `SLICE`
    seconds while it runs (see the module docstring). `stop()` must make `work` return soon.

    `give_up`: seconds to wait, once `deadline` has passed and `stop()` was called, for the work
    to return; past them the work is left running in its daemon thread (`native_work_running`
    then says so, and the command line ends with `os._exit`) and `OutOfTime` is raised. For
    native calls whose stop is not always heard (CP-SAT's presolve neither looks at its time
    limit nor at `stop_search`: `core.cpsat.solve_interruptibly`). None: wait for the work,
    however long it takes to stop.

    The waiting thread watches an event the work sets when it ends, not `Thread.join` and
    `is_alive`: in CPython 3.11 a KeyboardInterrupt inside `join` can leave the thread marked
    as stopped while it still runs, and a later `join(GRACE)` then returns at once."""
    done, box = _start(work)
    stopped_at: float | None = None
    try:
        while not done.wait(SLICE):
            if stopped_at is None and deadline.expired():
                stop()
                stopped_at = deadline.clock()
            elif stopped_at is not None and give_up is not None and deadline.clock() - stopped_at >= give_up:
                break  # left behind: it runs on in its daemon thread
    except BaseException:  # Ctrl-C (KeyboardInterrupt), or a time_limited timer, while waiting
        stop()
        done.wait(GRACE)
        raise
    if not done.is_set():
        limit = f" of {deadline.seconds:g} s" if deadline.seconds is not None else ""
        raise OutOfTime(f"time limit{limit} reached (the stopped work did not return)")
    return _outcome(box)


def until_deadline(work: Callable[[], T], deadline: Deadline) -> tuple[T] | None:
    """`(work(),)` run in a helper thread, or None once `deadline` passes first, for work that
    has no stop of its own: it is left to finish in the background and its answer dropped."""
    done, box = _start(work)
    while not done.wait(SLICE):
        if deadline.expired():
            return None
    return (_outcome(box),)


def _start(work: Callable[[], T]) -> tuple[threading.Event, dict[str, Any]]:
    """`work()` started in a daemon thread: the event set when it ends, and the box that then
    holds its value or its error."""
    box: dict[str, Any] = {}
    done = threading.Event()

    def target() -> None:
        try:
            box["value"] = work()
        except BaseException as error:  # handed to the waiting thread
            box["error"] = error
        finally:
            done.set()
            _UNFINISHED.discard(done)

    _UNFINISHED.add(done)
    threading.Thread(target=target, name=KERNEL_THREAD, daemon=True).start()
    return done, box


def _outcome(box: dict[str, Any]) -> Any:
    if "error" in box:
        raise box["error"]
    return box["value"]


#: The end events of the works of `in_thread` and `until_deadline` still running.
_UNFINISHED: set[threading.Event] = set()
# a forked child has none of its parent's threads: their works run on in the parent only
if hasattr(os, "register_at_fork"):  # POSIX
    os.register_at_fork(after_in_child=_UNFINISHED.clear)


def native_work_running() -> bool:
    """True while the work of an `in_thread` call is still running (stopped work that did not
    return within `GRACE`). The interpreter must then not be finalised normally: tearing down
    modules under a thread that runs a numba kernel or a solver in native code can crash the
    process (seen as a segmentation fault after "interrupted" on a loaded machine), so the
    command line ends such a process with `os._exit` once its output is flushed."""
    return any(not done.is_set() for done in list(_UNFINISHED))


def exit_process(code: int) -> NoReturn:
    """End a process run as a program (`boardlab`, and `python -m` on a module with a command line
    of its own: the C-Note certificates and drives) with exit `code`, once its answer, or
    "interrupted", is said. A Ctrl-C from here on is ignored: raised as KeyboardInterrupt it would
    end the process by the signal (exit -2) after its output (seen in CI: tents grade and explain
    Ctrl-C'd during start-up under load, "interrupted" printed and then -2). The interpreter's last
    garbage collections, over the ~10^5 objects numba, OR-Tools and rich leave behind, are spared
    (`gc.freeze`: 0.1-0.2 s of every nqueens count, measured); exit handlers still run and files are
    still closed, only reference cycles are left to the operating system. An interrupted process
    (`code` 130, the shell's 128 + SIGINT) ends by `os._exit` after its exit handlers: in CPython
    3.11 a KeyboardInterrupt raised while exec() or eval() runs a string (dataclasses and typer's
    annotations do, during the imports of start-up) marks itself "unhandled" for the interpreter
    even when caught, and the process then ends by the signal (exit -2) after saying "interrupted"
    (reproduced under load: 5 of 558 Ctrl-Cs of `nqueens check` at 0.1-0.4 s; CI saw 3). So does one
    whose native work still runs (`native_work_running`), without the exit handlers: finalising the
    interpreter under a CP-SAT search still running ends the process by C++'s `terminate` (a C-Note
    drive sent SIGTERM mid-solve exited 134, eighty-second session), under a numba kernel by a
    segmentation fault."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    gc.freeze()
    native = native_work_running()
    if native or code == INTERRUPTED:
        if not native:
            atexit._run_exitfuncs()  # the exit handlers still run (e.g. Ray's shutdown)
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except OSError:  # a reader gone: nothing left to tell it
                pass
        os._exit(code)
    sys.exit(code)


def stop_flag(stop: Any) -> Callable[[], None]:
    """The `stop` of `in_thread` for a kernel polling `stop`."""

    def raise_flag() -> None:
        stop[0] = 1

    return raise_flag


def caused_by_ctrl_c(error: BaseException) -> bool:
    """True for the errors that stand for Ctrl-C inside native code (module docstring)."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if isinstance(error, KeyboardInterrupt):
            return True
        error = error.__cause__ or error.__context__  # type: ignore[assignment]
    return False


#: The longest `time_limited` timer set (seconds, about 31 years): `setitimer` refuses values
#: beyond `time_t` (OverflowError), and a longer limit is no limit in practice.
LONGEST_TIMER = 1e9


@contextmanager
def time_limited(seconds: float | None) -> Iterator[None]:
    """Raise `OutOfTime` in the main thread once `seconds` have passed (None: no limit); see
    the module docstring."""
    if seconds is None:
        yield
        return
    if threading.current_thread() is not threading.main_thread():
        raise RuntimeError("time_limited works in the main thread only")
    global _LIMIT
    ended = [False]

    def expire(signum: int, frame: Any) -> None:
        if ended[0]:
            # the block ended (its own deadline check raised first) as the alarm went off: an
            # OutOfTime now would land in the clean-up below and skip it, leaving the limit set
            return
        if _SHIELDS[0] or _deferred(frame):  # look again shortly after
            signal.setitimer(signal.ITIMER_REAL, IMPORT_RETRY)
            return
        # and again until the block ends: code that catches the exception without passing it on
        # (a library's `except Exception`, an exception ignored in a ctypes callback) must not
        # lose the limit for good (seen in CI: a 200x200 Tents generation under a 0.01 s limit
        # ran to the end)
        signal.setitimer(signal.ITIMER_REAL, REPEAT)
        raise OutOfTime

    outer, _LIMIT = _LIMIT, Deadline.after(seconds)
    previous = signal.signal(signal.SIGALRM, expire)
    # a limit beyond the timer's range (inf, 1e308: OverflowError) is as good as none
    signal.setitimer(signal.ITIMER_REAL, min(seconds, LONGEST_TIMER))
    try:
        yield
    finally:
        ended[0] = True
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        _LIMIT = outer


#: How many `shielded` blocks the main thread is in.
_SHIELDS = [0]


def interrupt(signum: int, frame: Any) -> None:
    """The handler of the command line's Ctrl-C (`boardlab._entry`) and of SIGTERM under
    `terminate_as_interrupt`: raises KeyboardInterrupt, as Python's own SIGINT handler does,
    except inside a finaliser or a garbage collector's callback (`_finalising`), where CPython
    would print and drop it and the command would run on: the signal is then delivered again
    (`_thread.interrupt_main`, to this handler) `IMPORT_RETRY` seconds later, once the
    finaliser has returned. Seen in CI: `chessnum generate --size 16 --min-clues --clue-set
    minimum`, Ctrl-C'd after 5.2 s, printed "Exception ignored in: <function Solver.__del__
    ...>" (python-sat's solver, collected) and ran past the test's 60 s."""
    if _finalising(frame):
        again = threading.Timer(IMPORT_RETRY, _thread.interrupt_main, (signum,))
        again.daemon = True
        again.start()
        return
    raise KeyboardInterrupt


@contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """SIGTERM (`kill`, a CI timeout, a batch scheduler) raises KeyboardInterrupt in the main
    thread while the block runs, so that a long command stops as on Ctrl-C and keeps what it
    keeps then (`boardlab bench`'s finished cases, a C-Note drive's stand). Also the way to
    stop such a command started in the background by a non-interactive shell, which starts
    it with SIGINT ignored. Outside the main thread signals are left alone."""

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def ctrl_c_handler(started_with: Any) -> Any:
    """The Ctrl-C handler a command line runs under, given the one its process `started_with`:
    `interrupt` in place of Python's own; an ignored Ctrl-C (a background job of a
    non-interactive shell) stays ignored, and a handler set by whoever runs the command stays."""
    return interrupt if started_with is signal.default_int_handler else started_with


def run_as_program(main: Callable[[], int]) -> NoReturn:
    """Run `main`, the command line of a module run by `python -m` (the C-Note certificates and
    drives), under the command line's Ctrl-C handler (`ctrl_c_handler`, as `boardlab` does in
    `boardlab._entry`), and end the process with its exit code (`exit_process`). A Ctrl-C that
    `main` does not answer itself (as the drives do, with where they stood) says "interrupted"
    and exits 130, as `boardlab` does, never a traceback."""
    signal.signal(signal.SIGINT, ctrl_c_handler(signal.getsignal(signal.SIGINT)))
    try:
        code = main()
    except KeyboardInterrupt:
        print("boardlab: interrupted", file=sys.stderr)
        code = INTERRUPTED
    exit_process(code)


@contextmanager
def shielded() -> Iterator[None]:
    """Hold a time limit's `OutOfTime` off while the block runs; it is raised just after
    (within `IMPORT_RETRY` seconds). For set-up and clean-up that must not stop half-way:
    starting or stopping a process pool (seen in CI: an `OutOfTime` raised inside the
    `Thread.start` of `multiprocessing.Pool`'s constructor left forked workers that nobody
    stopped, holding the command's output pipe open long after it had answered). Only the main
    thread is shielded, the one the timer interrupts; elsewhere the block runs as it is."""
    main = threading.current_thread() is threading.main_thread()
    if main:
        _SHIELDS[0] += 1
    try:
        yield
    finally:
        if main:
            _SHIELDS[0] -= 1


def _deferred(frame: Any) -> bool:
    """True while `frame` or a caller runs an import or numba's compiler, or a garbage
    collector's callback or a finaliser, where the alarm must not raise: an exception inside
    an import breaks the module for good (a C extension then fails with "ImportError:
    initialization failed"); inside numba's compiler it can be caught by a typing template
    that then tries the next one, or be printed and ignored by llvmlite's ctypes callbacks, and
    it leaves a half-compiled dispatcher behind. CPython prints and drops any exception out of
    a `gc.callbacks` function or a `__del__` method ("Exception ignored in ..."; seen in CI as
    pytest's PytestUnraisableExceptionWarning, inside hypothesis's gc callback): the limit
    would then only be kept by `REPEAT`. Compilation takes seconds at most (and is cached on
    disk afterwards), collection and finalisers far less; a kernel that runs (native code) has
    no Python frames of these."""
    if _finalising(frame):
        return True
    while frame is not None:
        name = frame.f_code.co_filename
        if name.startswith("<frozen importlib") or _COMPILER.search(name):
            return True
        frame = frame.f_back
    return False


def _finalising(frame: Any) -> bool:
    """True while `frame` or a caller runs a garbage collector's callback, a `__del__` method or
    the finaliser of a weak reference (`weakref.finalize`; `multiprocessing.util.Finalize`, a
    process pool's clean-up): CPython prints and drops any exception out of these ("Exception
    ignored in ..."). A bare `weakref.ref` callback is not recognised (no frame tells it)."""
    callbacks = {getattr(callback, "__code__", None) for callback in gc.callbacks}
    callbacks.add(weakref.finalize.__call__.__code__)
    pools = sys.modules.get("multiprocessing.util")  # its finalisers run only once it is imported
    if pools is not None:
        callbacks.add(pools.Finalize.__call__.__code__)
    while frame is not None:
        code = frame.f_code
        if code in callbacks or code.co_name == "__del__":
            return True
        frame = frame.f_back
    return False


#: The source files of numba's compiler and llvmlite (any platform's path separator).
_COMPILER = re.compile(r"[\\/](numba|llvmlite)[\\/]")


#: The deadline of the innermost `time_limited` block (None outside every one).
_LIMIT: Deadline | None = None


def current_limit() -> Deadline:
    """The deadline of the `time_limited` block the caller runs in (`NO_DEADLINE` outside one).

    A native call that holds the GIL (python-sat's solvers) keeps the timer's `OutOfTime`
    pending until it returns; such calls ask for this deadline and stop at it themselves
    (`core.sat.solve_unlimited`)."""
    return _LIMIT or NO_DEADLINE


def limit_passed() -> bool:
    """True inside a `time_limited` block whose limit has passed: an `OutOfTime` caught now is
    the command's, to be passed on, not a solver's own deadline to answer "unknown" for."""
    return _LIMIT is not None and _LIMIT.expired()
