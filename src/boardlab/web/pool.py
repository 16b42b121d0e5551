"""A small pool of solver processes: one job per process, hard time limits, crash recovery.

Why not `concurrent.futures.ProcessPoolExecutor`: it cannot stop one running job (a solver that
ignores its time limit would hold a process for ever), and one process dying (a segfault in a
native solver, the kernel's OOM killer) breaks the whole executor. Here each worker is one
`multiprocessing` process (spawn start method: no inherited threads or locks) talking over its
own pipe, so the pool can

- refuse at once when every worker is busy (`Busy`, the server's HTTP 429) instead of queueing;
- kill exactly the worker whose job overran its hard deadline (`TimedOut`) and start a fresh one;
- notice a worker that died mid-job (`Crashed`) and start a fresh one, while the other workers
  and the server go on.

Jobs are module-level functions and picklable arguments (sent by reference, run in the
worker). The waiting is done in a thread (`asyncio.to_thread`), so the server's event loop stays
free while jobs run. Workers import the family registry once when they start, so the first job
does not pay for importing OR-Tools and numba.
"""

from __future__ import annotations

import asyncio
import importlib
import multiprocessing
import os
import resource
import signal
import threading
from concurrent.futures import ThreadPoolExecutor
import time
import traceback
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, Callable, Sequence

#: How long a new worker may take to import its modules before it is declared broken.
STARTUP_SECONDS = 120.0


class PoolError(Exception):
    """Base class of the pool's failures."""


class Busy(PoolError):
    """Every worker is running a job."""


class TimedOut(PoolError):
    """The job ran past its hard deadline; its worker was killed and replaced."""


class Crashed(PoolError):
    """The worker died during the job (killed, segfault, out of memory); it was replaced."""


class JobFailed(PoolError):
    """The job raised an exception in the worker.

    `kind` is the exception's class name, `payload` whatever the worker's error hook returned
    (a JSON-able dict), `text` the traceback text (for logs, not for users).
    """

    def __init__(self, kind: str, payload: dict[str, Any], text: str) -> None:
        super().__init__(f"{kind}: {payload.get('message', '')}")
        self.kind = kind
        self.payload = payload
        self.text = text


def _describe_error(error: BaseException) -> dict[str, Any]:
    """The JSON-able facts of an exception raised by a job (message and, if any, location)."""
    facts: dict[str, Any] = {"message": str(getattr(error, "message", None) or error)}
    for name in ("source", "line", "column"):
        value = getattr(error, name, None)
        if value is None or isinstance(value, (str, int)):
            facts[name] = value
    facts["text"] = str(error)
    facts["bases"] = [cls.__name__ for cls in type(error).__mro__]
    return facts


def _limit_memory(max_bytes: int | None) -> None:
    """Cap the worker's address space, so one huge job fails with MemoryError, not the machine."""
    if not max_bytes:
        return
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            max_bytes = min(max_bytes, hard)
        resource.setrlimit(resource.RLIMIT_AS, (max_bytes, hard))
    except (ValueError, OSError):  # not permitted here: run without the cap
        pass


def _worker_main(conn: Connection, preload: Sequence[str], max_memory: int | None = None) -> None:
    """The worker process: import `preload`, say ready, then run jobs until told to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C in a terminal: the server stops us
    _limit_memory(max_memory)
    for module in preload:
        importlib.import_module(module)
    try:
        from boardlab.core import registry

        registry.families()
    except Exception:  # a broken family must not stop the others from being served
        pass
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
        except BaseException as error:  # noqa: BLE001 - every failure goes back to the server
            reply: tuple[str, Any] = ("error", (type(error).__name__, _describe_error(error), traceback.format_exc()))
        else:
            reply = ("ok", value)
        try:
            conn.send(reply)
        except Exception as error:  # an unpicklable answer
            conn.send(("error", (type(error).__name__, {"message": f"answer could not be sent: {error}"}, traceback.format_exc())))


@dataclass
class _Worker:
    process: multiprocessing.process.BaseProcess
    conn: Connection
    ready: bool = False
    jobs: int = 0

    @property
    def pid(self) -> int | None:
        return self.process.pid

    def kill(self) -> None:
        try:
            self.process.kill()
        except Exception:
            pass
        self.process.join(5)
        try:
            self.conn.close()
        except Exception:
            pass


@dataclass
class PoolStats:
    """Counters for the health endpoint and the load test."""

    started: int = 0
    completed: int = 0
    refused: int = 0
    timed_out: int = 0
    crashed: int = 0
    failed: int = 0


class WorkerPool:
    """`size` solver processes; `run` sends one job to an idle one or raises `Busy`."""

    def __init__(
        self,
        size: int = 2,
        preload: Sequence[str] = ("boardlab.core.registry",),
        max_memory: int | None = None,
        name: str = "solver",
    ) -> None:
        if size < 1:
            raise ValueError("a pool needs at least one worker")
        self.size = size
        self.preload = tuple(preload)
        self.max_memory = max_memory
        self.name = name
        self._executor = ThreadPoolExecutor(max_workers=size, thread_name_prefix=f"boardlab-{name}")
        self._slots: asyncio.Semaphore | None = None
        self._context = multiprocessing.get_context("spawn")
        self._lock = threading.Lock()
        self._idle: list[_Worker] = []
        self._busy: set[int] = set()
        self._all: dict[int, _Worker] = {}
        self._closed = False
        self.stats = PoolStats()

    # ---- life cycle --------------------------------------------------------------------------
    def start(self) -> None:
        """Start the workers (they import their modules in the background)."""
        with self._lock:
            self._closed = False
            while len(self._all) < self.size:
                worker = self._spawn()
                self._all[id(worker)] = worker
                self._idle.append(worker)

    def _spawn(self) -> _Worker:
        parent, child = self._context.Pipe(duplex=True)
        process = self._context.Process(
            target=_worker_main, args=(child, self.preload, self.max_memory), name=f"boardlab-{self.name}", daemon=True
        )
        process.start()
        child.close()
        self.stats.started += 1
        return _Worker(process, parent)

    def close(self) -> None:
        """Stop every worker: idle ones are asked to leave, busy ones are killed."""
        with self._lock:
            self._closed = True
            workers = list(self._all.values())
            self._all.clear()
            self._idle.clear()
        for worker in workers:
            try:
                worker.conn.send(None)
            except Exception:
                pass
        deadline = time.monotonic() + 3
        for worker in workers:
            worker.process.join(max(0.0, deadline - time.monotonic()))
            if worker.process.is_alive():
                worker.kill()
        self._executor.shutdown(wait=False, cancel_futures=True)
        self._executor = ThreadPoolExecutor(max_workers=self.size, thread_name_prefix=f"boardlab-{self.name}")
        self._slots = None

    # ---- state ---------------------------------------------------------------------------------
    @property
    def busy(self) -> int:
        with self._lock:
            return len(self._busy)

    def pids(self) -> list[int]:
        """Process ids of the workers (for tests and the health endpoint)."""
        with self._lock:
            return [w.pid for w in self._all.values() if w.pid is not None]

    def busy_pids(self) -> list[int]:
        """Process ids of the workers running a job."""
        with self._lock:
            return [w.pid for w in self._all.values() if id(w) in self._busy and w.pid is not None]

    # ---- running jobs --------------------------------------------------------------------------
    def _acquire(self) -> _Worker:
        with self._lock:
            if self._closed:
                raise Busy("the server is shutting down")
            if not self._idle:
                self.stats.refused += 1
                raise Busy(f"all {self.size} {self.name} processes are busy")
            worker = self._idle.pop()
            self._busy.add(id(worker))
            return worker

    def _release(self, worker: _Worker, replace: bool) -> None:
        if replace:
            worker.kill()
            fresh = None if self._closed else self._spawn()
        with self._lock:
            self._busy.discard(id(worker))
            if replace:
                self._all.pop(id(worker), None)
                if fresh is not None and not self._closed:
                    self._all[id(fresh)] = fresh
                    self._idle.append(fresh)
                elif fresh is not None:
                    fresh.kill()
            elif not self._closed:
                self._idle.append(worker)

    def _wait_ready(self, worker: _Worker) -> None:
        if worker.ready:
            return
        if not worker.conn.poll(STARTUP_SECONDS):
            raise Crashed("a solver process did not start")
        kind, _ = worker.conn.recv()
        if kind != "ready":
            raise Crashed("a solver process started badly")
        worker.ready = True

    @staticmethod
    def _how(worker: _Worker) -> str:
        worker.process.join(1)
        code = worker.process.exitcode
        return f"signal {-code}" if code is not None and code < 0 else f"exit code {code}"

    def _call(self, worker: _Worker, function: Callable[..., Any], args: tuple[Any, ...], timeout: float) -> Any:
        """Run one job on `worker` (blocking); the worker is replaced if it had to die."""
        replace = True
        try:
            try:
                self._wait_ready(worker)
            except (EOFError, OSError):
                self.stats.crashed += 1
                raise Crashed(f"a solver process died while starting ({self._how(worker)})") from None
            worker.conn.send((function, args))
            worker.jobs += 1
            try:
                if not worker.conn.poll(timeout):
                    self.stats.timed_out += 1
                    raise TimedOut(f"the job ran past its hard limit of {timeout:g} s and was stopped")
                kind, value = worker.conn.recv()
            except (EOFError, OSError, ConnectionError):
                self.stats.crashed += 1
                raise Crashed(f"the solver process died during the job ({self._how(worker)})") from None
            replace = False
            if kind == "error":
                self.stats.failed += 1
                name, payload, text = value
                raise JobFailed(name, payload, text)
            self.stats.completed += 1
            return value
        finally:
            self._release(worker, replace)

    async def run(self, function: Callable[..., Any], *args: Any, timeout: float, wait: float = 0.0) -> Any:
        """Run `function(*args)` in an idle worker, stopping it after `timeout` seconds.

        Waits up to `wait` seconds for a worker to become idle, then raises `Busy`; also raises
        `TimedOut`, `Crashed` or `JobFailed`. Call it from one event loop only.
        """
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.size)
        try:
            if wait > 0:
                await asyncio.wait_for(self._slots.acquire(), wait)
            elif self._slots.locked():
                raise asyncio.TimeoutError
            else:
                await self._slots.acquire()
        except asyncio.TimeoutError:
            with self._lock:
                self.stats.refused += 1
            raise Busy(f"all {self.size} {self.name} processes are busy") from None
        try:
            worker = self._acquire()
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._executor, self._call, worker, function, args, timeout)
        finally:
            self._slots.release()

    def run_blocking(self, function: Callable[..., Any], *args: Any, timeout: float) -> Any:
        """`run` for callers without an event loop (scripts, tests)."""
        worker = self._acquire()
        return self._call(worker, function, args, timeout)
