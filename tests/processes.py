"""Helpers for tests that signal a real `boardlab` process: its child processes and whether a
process still runs (Linux /proc)."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path


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


def in_session(session: int) -> list[int]:
    """Processes of session `session` (a command started with `start_new_session`, and every
    process it started, even after it ended)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat_fields(entry)
            if fields is not None and int(fields[3]) == session and fields[0] != "Z":
                found.append(int(entry))
    return found


def describe(pid: int) -> str:
    """`pid`, its state, where it waits in the kernel and its command line (for a failure)."""
    fields = _stat_fields(pid)
    try:
        with open(f"/proc/{pid}/wchan") as handle:
            wchan = handle.read()
        with open(f"/proc/{pid}/cmdline") as handle:
            command = handle.read().replace("\0", " ").strip()
    except OSError:
        wchan = command = "?"
    return f"{pid} {fields[0] if fields else 'gone'} waiting in {wchan or '-'}: {command}"


def run_alone(command: list[str], timeout: float) -> subprocess.CompletedProcess[str]:
    """`subprocess.run(command, capture_output=True, text=True, timeout=timeout)` in a session
    of its own. Past the timeout the error names every process of the session still there
    (the command, or processes it started that outlived it and hold its output open) before
    they are all killed."""
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        code = process.poll()
        left = [describe(pid) for pid in in_session(process.pid)]
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.communicate()
        raise AssertionError(
            f"{' '.join(command)}: output still open after {timeout:g} s "
            f"({'still running' if code is None else f'exit code {code}'}); processes left: {left}"
        ) from None
    return subprocess.CompletedProcess(command, process.returncode, out, err)


def alive(pid: int) -> bool:
    """True while `pid` runs (not gone, not a zombie)."""
    fields = _stat_fields(pid)
    return fields is not None and fields[0] != "Z"


def checkpoint_records(path: Path) -> int:
    """Complete records in a checkpoint journal (the first line is the header)."""
    if not path.exists():
        return 0
    return sum(1 for line in path.read_text().split("\n")[1:] if line.endswith("}"))


def interrupt_mid_run(process: subprocess.Popen[str], checkpoint: Path, within: float) -> int:
    """Ctrl-C to `process` once its checkpoint holds a finished subproblem (so the interrupt
    lands mid-run, not at start-up), then check it stops as the CLI promises: exit 130,
    "boardlab: interrupted" on stderr, nothing on stdout, no pool worker left. Returns the
    records the checkpoint kept."""
    try:
        deadline = time.monotonic() + within
        while checkpoint_records(checkpoint) == 0:
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, f"no subproblem finished within {within:g} s"
            time.sleep(0.02)
        workers = children(process.pid)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130, err
    assert err == "boardlab: interrupted\n"
    assert out == ""
    assert workers, "the processes executor should have pool workers"
    time.sleep(0.2)
    assert not any(alive(pid) for pid in workers)
    return checkpoint_records(checkpoint)


def ctrl_c_after(command: list[str], seconds: float, may_end_first: bool = False) -> tuple[int, str, float]:
    """Start `command`, send it Ctrl-C (SIGINT) after `seconds` (it must still run then, unless
    `may_end_first`: a quick command may have answered already, and then no signal is sent), and
    return its exit code, its stderr and the seconds from the signal to its exit."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(seconds)
        if may_end_first and process.poll() is not None:
            _, err = process.communicate()
            return process.returncode, err, 0.0
        assert process.poll() is None, process.communicate()
        process.send_signal(signal.SIGINT)
        sent = time.monotonic()
        _, err = process.communicate(timeout=60)
        return process.returncode, err, time.monotonic() - sent
    finally:
        if process.poll() is None:
            process.kill()
