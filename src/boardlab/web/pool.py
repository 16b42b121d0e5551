"""A small pool of solver processes: one job per process, hard time limits, crash recovery.

Each worker is one `boardlab.core.workers.Worker` (a spawned process with its own pipe, the
mechanism the benchmark runner uses too), so the pool can

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
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from boardlab.core.workers import Crashed, JobFailed, Settings, TimedOut, Worker, WorkerError

__all__ = ["Busy", "Crashed", "JobFailed", "PoolError", "PoolStats", "TimedOut", "WorkerPool"]

#: The failures of a job (`Busy` is the pool's own).
PoolError = WorkerError


class Busy(WorkerError):
    """Every worker is running a job."""


def load_families() -> None:
    """A worker's initializer: import every family now, not during the first job (a broken
    family must not stop the others from being served)."""
    try:
        from boardlab.core import registry

        registry.families()
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
        self.name = name
        self.settings = Settings(
            name=f"boardlab-{name}",
            start_method="spawn",
            preload=tuple(preload),
            initializer=load_families,
            max_memory=max_memory,
            daemon=True,
        )
        self._executor = ThreadPoolExecutor(max_workers=size, thread_name_prefix=f"boardlab-{name}")
        self._slots: asyncio.Semaphore | None = None
        self._lock = threading.Lock()
        self._idle: list[Worker] = []
        self._busy: set[int] = set()
        self._all: dict[int, Worker] = {}
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

    def _spawn(self) -> Worker:
        worker = Worker(self.settings)
        worker.start()
        self.stats.started += 1
        return worker

    def close(self) -> None:
        """Stop every worker: idle ones are asked to leave, busy ones are killed."""
        with self._lock:
            self._closed = True
            workers = list(self._all.values())
            self._all.clear()
            self._idle.clear()
        for worker in workers:
            worker.ask_to_stop()
        deadline = time.monotonic() + 3
        for worker in workers:
            worker.close(max(0.0, deadline - time.monotonic()))
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
    def _acquire(self) -> Worker:
        with self._lock:
            if self._closed:
                raise Busy("the server is shutting down")
            if not self._idle:
                self.stats.refused += 1
                raise Busy(f"all {self.size} {self.name} processes are busy")
            worker = self._idle.pop()
            self._busy.add(id(worker))
            return worker

    def _release(self, worker: Worker, replace: bool) -> None:
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

    def _call(
        self, worker: Worker, function: Callable[..., Any], args: tuple[Any, ...], timeout: float
    ) -> Any:
        """Run one job on `worker` (blocking); the worker is replaced if it had to die."""
        replace = True
        try:
            value = worker.call(function, args, timeout)
            replace = False
        except TimedOut:
            self.stats.timed_out += 1
            raise
        except Crashed:
            self.stats.crashed += 1
            raise
        except JobFailed:
            replace = False
            self.stats.failed += 1
            raise
        finally:
            self._release(worker, replace)
        self.stats.completed += 1
        return value

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
                raise TimeoutError
            else:
                await self._slots.acquire()
        except TimeoutError:
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
