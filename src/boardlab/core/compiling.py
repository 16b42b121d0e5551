"""A one-line notice when numba compiles boardlab's kernels (the first run after an install).

Compiling the kernels a command uses takes 2 to 6 seconds once (docs/design.md: keep error
messages out of the kernels, they compile slowly); afterwards numba loads them from its cache
(`cache=True`) in milliseconds and compiles nothing. A user at a terminal sees the silence of
those first seconds explained: each module holding kernels calls `watch()` when imported, which
listens to numba's compile events (`numba.core.event`, kind "numba:compile") and writes
"boardlab: compiling kernels (first run only)..." to stderr at the first one, once per process.
Only when stderr is a terminal: piped output, tests and the web server's logs stay as they are.
"""

from __future__ import annotations

import sys

from numba.core import event

NOTICE = "boardlab: compiling kernels (first run only)..."

_watching = False


class _FirstCompile(event.Listener):
    def __init__(self) -> None:
        self.told = False

    def on_start(self, ev: event.Event) -> None:
        if not self.told:
            self.told = True
            print(NOTICE, file=sys.stderr, flush=True)

    def on_end(self, ev: event.Event) -> None:
        pass


def watch() -> None:
    """Listen for the first compilation of this process (see the module docstring)."""
    global _watching
    if _watching or not sys.stderr.isatty():
        return
    _watching = True
    event.register("numba:compile", _FirstCompile())
