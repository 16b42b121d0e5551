"""The typer application: a sub-command per family (the verbs of `commands`), `families`,
`serve` and `bench`; and `main`, the entry point, which turns every error into one line on
stderr and an exit code.

`app` (the whole application: every family) is built on first use. `main` builds only what the
command needs: `boardlab FAMILY VERB ...` that verb of that one family (the registry imports
that family alone), `boardlab FAMILY` the family's sub-command, anything else (`--help`,
`families`, `serve`, `bench`, a mistyped name) the whole application, so that help and usage
errors are the same as ever."""

from __future__ import annotations

import gc
import os
import sys
from typing import Annotated, Any

import typer

from boardlab import __version__
from boardlab.cli.commands import verbs_of
from boardlab.cli.errors import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    Interrupted,
    interruptible,
)
from boardlab.cli.flags import JsonFlag, with_family_options
from boardlab.cli.output import ReaderGone, print_families, print_json, say, write
from boardlab.core import registry
from boardlab.core.errors import BadInput, BoardlabError, SolverBug
from boardlab.core.family import Family
from boardlab.core.interrupts import caused_by_ctrl_c, exit_process


def _click_exceptions(name: str) -> tuple[Any, ...]:
    """The click exception class `name` of the click typer runs on: its vendored copy (recent
    typer) or else click itself. A typer with its own copy never raises click's classes, so
    click (often installed too, for uvicorn) is not imported for nothing."""
    for module_name in ("typer._click.exceptions", "click.exceptions"):
        try:
            module = __import__(module_name, fromlist=[name])
        except ImportError:
            continue
        return (getattr(module, name),) if hasattr(module, name) else ()
    return ()


_EXIT = _click_exceptions("Exit") + (typer.Exit,)
_ABORT = _click_exceptions("Abort") + (typer.Abort,)
_HELP = _click_exceptions("NoArgsIsHelpError")
_USAGE = _click_exceptions("ClickException")


def _family_app(family: Family, only: str | None = None) -> typer.Typer:
    """The family's sub-command: its verbs (`only`: that verb alone, for a command that runs it)."""
    sub = typer.Typer(help=f"{family.title}: {family.rules}", no_args_is_help=True, add_completion=False)
    for verb, function in verbs_of(family).items():
        if only is not None and verb != only:
            continue
        command = with_family_options(function, family, verb)
        sub.command(verb, help=command.__doc__)(interruptible(command))
    return sub


@interruptible
def families_command(as_json: JsonFlag = False) -> None:
    """List the registered puzzle families, their backends, strategies and options."""
    found = registry.families()
    if as_json:
        print_json([family.describe() for family in found])
    else:
        print_families(found)


@interruptible
def serve_command(
    host: Annotated[
        str, typer.Option("--host", help="address to listen on (127.0.0.1: this machine only)")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="TCP port")] = 8000,
    workers: Annotated[
        int | None, typer.Option("--workers", min=1, max=32, help="solver processes (solves at once)")
    ] = None,
) -> None:
    """Serve the web page and the JSON API on http://HOST:PORT/ (needs the web extra)."""
    try:
        from boardlab.web.server import serve
    except ImportError as error:
        raise BadInput(f"boardlab serve needs the web extra: pip install 'boardlab[web]' ({error})") from None
    serve(host, port, workers)


def _version(value: bool) -> None:
    if value:
        write(f"boardlab {__version__}\n")
        raise typer.Exit()


def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="print the version")
    ] = False,
) -> None:
    """A constraint-programming lab for chessboard and grid puzzles."""


def build(chosen: list[Family] | None = None) -> typer.Typer:
    """The whole application, with the sub-commands of the `chosen` families (None: every
    family) and `families`, `serve` and `bench`."""
    from boardlab.bench.command import bench_command

    root = _root_app()
    root.command("families")(families_command)
    root.command("serve")(serve_command)
    for family in registry.families() if chosen is None else chosen:
        root.add_typer(_family_app(family), name=family.name)
    root.command("bench")(interruptible(bench_command))
    return root


def _root_app() -> typer.Typer:
    root = typer.Typer(
        name="boardlab",
        help="A constraint-programming lab for chessboard and grid puzzles.",
        no_args_is_help=True,
        add_completion=False,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    root.callback()(_root)
    return root


def _one_verb(family: Family, verb: str) -> typer.Typer:
    """The application of one command, `boardlab FAMILY VERB ...`: the family's sub-command with
    that verb alone (the other commands cannot be reached from there)."""
    root = _root_app()
    root.add_typer(_family_app(family, only=verb), name=family.name)
    return root


#: The applications built so far, by family and verb (None, None: the whole application), for
#: callers that run several commands in one process (tests, scripts).
_BUILT: dict[tuple[str | None, str | None], typer.Typer] = {}


def _built(family: Family | None, verb: str | None = None) -> typer.Typer:
    key = (None if family is None else family.name, verb)
    if key not in _BUILT:
        if family is None:
            _BUILT[key] = build()
        elif verb is None:
            _BUILT[key] = build([family])
        else:
            _BUILT[key] = _one_verb(family, verb)
    return _BUILT[key]


def whole() -> typer.Typer:
    """The whole application (every family), built once."""
    return _built(None)


def __getattr__(name: str) -> Any:
    """`app`: the whole application, built on first use."""
    if name == "app":
        return whole()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def for_command(args: list[str]) -> typer.Typer:
    """The application `args` need: `FAMILY VERB ...` that verb of the family alone, `FAMILY
    ...` (help, a mistyped verb) the family with all its verbs, anything else the whole
    application (the root's own options, `--help`, `-h`, `--version`, list or name the others).
    Help and usage errors read the same in each."""
    family = registry.lookup(args[0]) if args and not args[0].startswith("-") else None
    if family is None:
        return whole()
    verb = args[1] if len(args) > 1 and args[1] in verbs_of(family) else None
    return _built(family, verb)


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the command, turning every error into one line and an exit code."""
    if argv is None:
        # Run as the program: the command's imports (numba, OR-Tools) allocate ~10^5 objects
        # that live until exit; collecting the young generation every 100,000 allocations
        # instead of 700 spares ~0.04 s of repeated full collections (measured), and
        # long-running commands (serve, bench) still collect.
        gc.set_threshold(100_000, 50, 100)
    try:
        # in the try: a Ctrl-C while it builds is "interrupted"
        command = typer.main.get_command(for_command(sys.argv[1:] if argv is None else argv))
        code = command.main(args=argv, prog_name="boardlab", standalone_mode=False)
        if code == EXIT_INTERRUPTED:
            # typer's own answer to a Ctrl-C outside a command's `interruptible` (in its parsing
            # or its call machinery): exit 130, returned, with nothing said (seen in CI: `chessnum
            # grade` and `tents convert` Ctrl-C'd during start-up); commands raise `Interrupted`
            say("interrupted")
    except _EXIT as stop:
        code = getattr(stop, "exit_code", EXIT_OK)
    except _HELP as shown:
        print(shown.format_message(), file=sys.stderr)
        code = EXIT_BAD_INPUT
    except _USAGE as error:
        say(f"error: {error.format_message()}")
        code = EXIT_BAD_INPUT
    except (KeyboardInterrupt, Interrupted, *_ABORT):
        say("interrupted")
        code = EXIT_INTERRUPTED
    except SolverBug as bug:
        say(f"internal error: {bug}")
        code = EXIT_INTERNAL
    except BoardlabError as error:
        say(f"error: {error}")
        code = EXIT_BAD_INPUT
    except (BrokenPipeError, ReaderGone):  # the reader stopped early (`| head`)
        code = EXIT_OK
    except Exception as error:  # a bug: one line, unless debugging
        if caused_by_ctrl_c(error):  # Ctrl-C reported by native code (core.interrupts)
            say("interrupted")
            code = EXIT_INTERRUPTED
        elif os.environ.get("BOARDLAB_DEBUG"):
            raise
        else:
            say(f"internal error: {type(error).__name__}: {error} (BOARDLAB_DEBUG=1 shows the traceback)")
            code = EXIT_INTERNAL
    if argv is None:  # run as the program (not called with arguments, as tests do)
        exit_process(code if isinstance(code, int) else EXIT_OK)
    sys.exit(code if isinstance(code, int) else EXIT_OK)
