"""What a benchmark run was measured with: library versions and the machine.

Every result line carries both, so that a results file read months later (or a file from
another machine given to `--compare`) still says where its figures come from.
"""

from __future__ import annotations

import os
import platform
from functools import lru_cache
from importlib import metadata
from typing import Any

#: Distributions whose versions are recorded (those boardlab's solvers and plots rely on).
LIBRARIES = ("boardlab", "ortools", "python-sat", "numba", "numpy", "matplotlib", "rich", "typer")


@lru_cache(maxsize=1)
def versions() -> dict[str, str | None]:
    """Python's and each library's version (None when the library is not installed)."""
    found: dict[str, str | None] = {"python": platform.python_version()}
    for name in LIBRARIES:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = None
    if found.get("boardlab") is None:  # running from a source tree (PYTHONPATH=src)
        from boardlab import __version__

        found["boardlab"] = __version__
    return found


def _cpu_model() -> str:
    """The CPU model name from /proc/cpuinfo (Linux), else what `platform` knows."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def _memory_gib() -> float | None:
    try:
        with open("/proc/meminfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("MemTotal:"):
                    return round(int(line.split()[1]) / 2**20, 1)
    except (OSError, ValueError, IndexError):
        pass
    return None


@lru_cache(maxsize=1)
def machine() -> dict[str, Any]:
    """Cores (all, and usable by this process), CPU model, memory, operating system."""
    try:
        usable: int | None = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        usable = os.cpu_count()
    return {
        "cores": os.cpu_count(),
        "usable_cores": usable,
        "cpu": _cpu_model(),
        "memory_gib": _memory_gib(),
        "system": f"{platform.system()} {platform.release()}",
        "arch": platform.machine(),
    }


def describe_machine(info: dict[str, Any]) -> str:
    """One line for the report: "AMD EPYC, 2 cores (2 usable), 15.6 GiB, Linux 6.1 x86_64"."""
    parts = [str(info.get("cpu", "unknown CPU"))]
    cores = info.get("cores")
    usable = info.get("usable_cores")
    if cores is not None:
        parts.append(f"{cores} cores" + (f" ({usable} usable)" if usable not in (None, cores) else ""))
    if info.get("memory_gib") is not None:
        parts.append(f"{info['memory_gib']} GiB")
    system = " ".join(str(info[key]) for key in ("system", "arch") if info.get(key))
    if system:
        parts.append(system)
    return ", ".join(parts)


def describe_versions(found: dict[str, Any]) -> str:
    """One line for the report: "python 3.11.7, boardlab 0.1.0, ortools 9.15, ..."."""
    return ", ".join(f"{name} {version}" for name, version in found.items() if version is not None)
