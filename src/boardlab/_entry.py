"""The `boardlab` program's entry point: Ctrl-C during start-up says "interrupted" too.

Importing the command line (typer, rich, the families) takes a few tenths of a second; a
Ctrl-C in that window would otherwise end in a traceback of whatever module was loading.
Until `boardlab.cli.app.main` takes over (it turns Ctrl-C into "boardlab: interrupted", exit
130), a handler of its own ends the process the same way. The package's `__init__` imports
nothing heavy (the API is loaded on first use), so the window before this handler is the
interpreter's own start-up only.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
from types import FrameType

#: The exit code of an interrupted command (as `boardlab.cli.app.EXIT_INTERRUPTED`).
INTERRUPTED = 130


def _interrupted_while_starting(signum: int, frame: FrameType | None) -> None:
    sys.stderr.write("boardlab: interrupted\n")
    sys.stderr.flush()
    os._exit(INTERRUPTED)  # nothing has started that needs cleaning up


def main() -> None:
    """Run the command line with a start-up Ctrl-C handler in place while it loads."""
    previous = signal.signal(signal.SIGINT, _interrupted_while_starting)
    # the collector's setting of the program (see `boardlab.cli.app.main`) from the start: the
    # command line's own imports (typer, rich, the family) then run no collection at all
    # (~0.03 s CPU of every command, measured)
    gc.set_threshold(100_000, 50, 100)
    from boardlab.cli.app import main as run
    from boardlab.core.interrupts import ctrl_c_handler

    try:
        # swapped inside the `try`: a Ctrl-C that arrived while the handler was being swapped is
        # handled by Python only after the swap, by the command's handler, which raises
        # `KeyboardInterrupt` here (a CI run met it). The command's handler is Python's own but
        # for finalisers, where it would be lost (`core.interrupts.interrupt`); an ignored
        # Ctrl-C (a background job of a non-interactive shell) stays ignored.
        signal.signal(signal.SIGINT, ctrl_c_handler(previous))
        run()
    except KeyboardInterrupt:
        # a Ctrl-C that reached Python after the command's own handling and before `run` ignores
        # further ones: the command ends as interrupted, never killed by the signal (exit -2)
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except OSError:  # a closed pipe: nothing more to say
                pass
        _interrupted_while_starting(signal.SIGINT, None)  # says so and exits 130
