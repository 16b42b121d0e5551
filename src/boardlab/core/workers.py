"""One worker process: runs functions sent over a pipe, one at a time, under a hard time limit.

Both the web server's process pool (`boardlab.web.pool`) and the benchmark runner
(`boardlab.bench.worker`) run their jobs through `Worker`. Why a process of our own, not
`concurrent.futures.ProcessPoolExecutor`: an executor cannot stop one running job (a solver
call that ignores its time limit, a C extension without a budget would hold a process for
ever), and one process dying (a segfault in a native solver, the kernel's OOM killer) breaks
the whole executor. Here the parent

- waits at most a hard limit for each call, then kills the process (`TimedOut`); the next call
  starts a fresh one;
- notices a process that died during a call (`Crashed`, saying how it died);
- gets an exception raised by the function back as `JobFailed`, with the exception's class
  names, message and location (`describe_error`) crossing the pipe as plain data, and keeps the
  process;
- replaces a process that answered while native work it left behind still runs (a CP-SAT
  presolve that heard neither its time limit nor `stop_search`, given up at the deadline by
  `core.interrupts.in_thread`): the child says so with its answer and exits, so that the work
  does not take the CPU and memory of the jobs after it.

What the child does, by `Settings`: ignore Ctrl-C (the parent decides what an interrupt stops),
optionally lead its own process group (so a kill also stops the processes the job started, and
Ctrl-C in a terminal reaches the parent only), optionally ask the kernel to kill it when the
parent dies (Linux `PR_SET_PDEATHSIG`), cap its address space (a huge job fails with
MemoryError, not the machine), import modules and run an initializer before it says it is ready.

Functions and arguments are pickled (functions by reference): they must be module-level.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import resource
import signal
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from boardlab.core.interrupts import native_work_running

#: How long a new process may take to import its modules before it is declared broken.
STARTUP_SECONDS = 120.0


class WorkerError(Exception):
    """Base class of a call's failures."""


class TimedOut(WorkerError):
    """The call ran past its hard limit; the process was killed."""


class Crashed(WorkerError):
    """The process died during the call (killed, segfault, out of memory)."""


class JobFailed(WorkerError):
    """The function raised an exception in the worker process (which lives on).

    `kind` is the exception's class name, `payload` the facts of `describe_error` (JSON-able),
    `text` the traceback (for logs, not for users).
    """

    def __init__(self, kind: str, payload: dict[str, Any], text: str) -> None:
        super().__init__(f"{kind}: {payload.get('message', '')}")
        self.kind = kind
        self.payload = payload
        self.text = text


def describe_error(error: BaseException) -> dict[str, Any]:
    """The JSON-able facts of an exception: message, location if any, text and class names."""
    facts: dict[str, Any] = {"message": str(getattr(error, "message", None) or error)}
    for name in ("source", "line", "column"):
        value = getattr(error, name, None)
        if value is None or isinstance(value, (str, int)):
            facts[name] = value
    facts["text"] = str(error)
    facts["bases"] = [cls.__name__ for cls in type(error).__mro__]
    return facts


@dataclass(frozen=True)
class Settings:
    """How worker processes are started.

    `start_method` "fork" lets the child see everything the parent registered at run time (the
    benchmark's experiments); "spawn" starts clean (no inherited threads or locks: the server).
    `daemon` processes are stopped when the parent exits normally, but may not start processes
    of their own. `die_with_parent` is tied to the *thread* that starts the process (a Linux
    rule), so it suits parents that start workers from one long-lived thread.
    """

    name: str = "boardlab-worker"
    start_method: str = "spawn"
    preload: tuple[str, ...] = ()
    initializer: Callable[[], None] | None = None
    max_memory: int | None = None
    own_group: bool = False
    die_with_parent: bool = False
    daemon: bool = True

    def context(self) -> Any:
        methods = multiprocessing.get_all_start_methods()
        return multiprocessing.get_context(self.start_method if self.start_method in methods else "spawn")


def limit_memory(max_bytes: int | None) -> None:
    """Cap this process's address space at `max_bytes` (where permitted)."""
    if not max_bytes:
        return
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            max_bytes = min(max_bytes, hard)
        resource.setrlimit(resource.RLIMIT_AS, (max_bytes, hard))
    except (ValueError, OSError):  # not permitted here: run without the cap
        pass


def die_with_parent(parent: int) -> None:
    """On Linux, have the kernel kill this process when its parent (process id `parent`) dies
    without cleaning up; if it is already gone (it died before this call), end now."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:
        os._exit(0)


def _serve(conn: Connection, settings: Settings, parent: int) -> None:
    """The worker process: set itself up, say ready, then run calls until told to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if settings.own_group:
        try:
            os.setpgid(0, 0)
        except OSError:
            pass
    if settings.die_with_parent:
        die_with_parent(parent)
    limit_memory(settings.max_memory)
    for module in settings.preload:
        importlib.import_module(module)
    if settings.initializer is not None:
        settings.initializer()
    conn.send(("ready", os.getpid()))
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        function, args = message
        try:
            value = function(*args)
        except BaseException as error:  # noqa: BLE001 - every failure goes back to the parent
            reply: tuple[str, Any] = (
                "error",
                (type(error).__name__, describe_error(error), traceback.format_exc()),
            )
        else:
            reply = ("ok", value)
        retire = native_work_running()  # stopped native work still running: make way for a new process
        try:
            conn.send((*reply, retire))
        except (OSError, EOFError):  # the parent is gone
            return
        except Exception as error:  # an unpicklable answer
            text = traceback.format_exc()
            conn.send(
                (
                    "error",
                    (type(error).__name__, {"message": f"answer could not be sent: {error}"}, text),
                    retire,
                )
            )
        if retire:
            os._exit(0)


class Worker:
    """One worker process (started on first use or by `start`, again after a kill)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.process: multiprocessing.process.BaseProcess | None = None
        self.conn: Connection | None = None
        self.ready = False
        self.jobs = 0
        self.retired = 0
        """Processes that exited after a job because native work it stopped was still running."""

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.is_alive()

    def start(self) -> None:
        """Start the process (it imports its modules in the background), unless it runs."""
        if self.alive:
            return
        if self.process is not None:  # died between calls: let go of it first
            self.kill()
        context = self.settings.context()
        ours, theirs = context.Pipe(duplex=True)
        process = context.Process(
            target=_serve,
            args=(theirs, self.settings, os.getpid()),
            name=self.settings.name,
            daemon=self.settings.daemon,
        )
        process.start()
        theirs.close()
        if self.settings.own_group:
            try:  # also from this side, so the group exists before any kill (no race with the child)
                os.setpgid(process.pid, process.pid)  # type: ignore[arg-type]
            except (OSError, AttributeError):
                pass
        self.process, self.conn, self.ready, self.jobs = process, ours, False, 0

    def how_it_ended(self) -> str:
        """ "exit code N" or "signal N", once the process has ended."""
        if self.process is None:
            return "not started"
        self.process.join(1)
        code = self.process.exitcode
        return f"signal {-code}" if code is not None and code < 0 else f"exit code {code}"

    def wait_ready(self, timeout: float = STARTUP_SECONDS) -> None:
        """Block until the process has started (raises `Crashed` if it does not)."""
        if self.ready:
            return
        assert self.conn is not None
        try:
            if not self.conn.poll(timeout):
                raise Crashed("a worker process did not start")
            kind, _ = self.conn.recv()
        except (EOFError, OSError):
            raise Crashed(f"a worker process died while starting ({self.how_it_ended()})") from None
        if kind != "ready":
            raise Crashed("a worker process started badly")
        self.ready = True

    def call(self, function: Callable[..., Any], args: tuple[Any, ...], timeout: float | None) -> Any:
        """`function(*args)` in the process, waiting at most `timeout` seconds (None: no limit).

        Raises `TimedOut` or `Crashed` (the process is then killed: the next call starts a new
        one) or `JobFailed` (the process lives on). A KeyboardInterrupt while waiting leaves the
        call running: the caller kills the process.
        """
        self.start()
        self.wait_ready()
        assert self.conn is not None
        try:
            self.conn.send((function, args))
            self.jobs += 1
            if not self.conn.poll(timeout):
                self.kill()
                raise TimedOut(f"the job ran past its hard limit of {timeout:g} s and was stopped")
            kind, value, retiring = self.conn.recv()
        except (EOFError, OSError, ConnectionError):
            how = self.how_it_ended()
            self.kill()
            raise Crashed(f"the worker process died during the job ({how})") from None
        if retiring:  # it exits now (`_serve`): a new one starts importing for the next call
            self.retired += 1
            self.close()
            self.start()
        if kind == "error":
            name, payload, text = value
            raise JobFailed(name, payload, text)
        return value

    def kill(self) -> None:
        """Stop the process (with its process group, if it leads one) now."""
        process, conn = self.process, self.conn
        self.process, self.conn, self.ready = None, None, False
        if conn is not None:
            try:
                conn.close()
            except OSError:
                pass
        if process is None or process.pid is None:
            return
        try:
            if self.settings.own_group:
                os.killpg(process.pid, signal.SIGKILL)
            else:
                process.kill()
        except (OSError, AttributeError):
            try:
                process.kill()
            except OSError:
                pass
        process.join(5)

    def ask_to_stop(self) -> None:
        """Tell the process to exit after its current call (see `close`)."""
        if self.conn is not None and self.alive:
            try:
                self.conn.send(None)
            except (OSError, ValueError):
                pass

    def close(self, wait: float = 1.0) -> None:
        """Let the process exit by itself within `wait` seconds, else kill it."""
        self.ask_to_stop()
        deadline = time.monotonic() + wait
        if self.process is not None:
            self.process.join(max(0.0, deadline - time.monotonic()))
        if self.process is not None and self.process.exitcode is not None:  # exited: nothing to kill
            if self.conn is not None:
                self.conn.close()
            self.process, self.conn, self.ready = None, None, False
            return
        self.kill()
