"""Helpers for tests that signal a real `boardlab` process: its child processes and whether a
process still runs (Linux /proc)."""

from __future__ import annotations

import os


def _stat_fields(pid: int | str) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name, or None when it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()
    except OSError:
        return None


def children(pid: int) -> list[int]:
    """Processes whose parent is `pid`."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat_fields(entry)
            if fields is not None and int(fields[1]) == pid:
                found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    """True while `pid` runs (not gone, not a zombie)."""
    fields = _stat_fields(pid)
    return fields is not None and fields[0] != "Z"
