"""Errors that reach the user as one clear line.

`BadInput` is the user's fault (exit code 2): it carries where the problem is (source, line,
column) so that the message can name it. `SolverBug` means an answer failed the family's
independent `verify`: boardlab reports it instead of printing a wrong board.
"""

from __future__ import annotations


class BoardlabError(Exception):
    """Base class of boardlab's own errors."""


class BadInput(BoardlabError):
    """Input that cannot be used: what is wrong and where."""

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line
        self.column = column

    def located(self, *, source: str | None = None, line: int | None = None) -> BadInput:
        """A copy that fills in a location the raiser did not know."""
        return BadInput(
            self.message,
            source=self.source or source,
            line=self.line if self.line is not None else line,
            column=self.column,
        )

    def __str__(self) -> str:
        where = [str(part) for part in (self.source, self.line, self.column) if part is not None]
        return f"{':'.join(where)}: {self.message}" if where else self.message


class Unsupported(BadInput):
    """A request the family or backend does not offer (a usage error, exit code 2)."""


class NoPuzzle(BadInput):
    """A generator's proof that no puzzle with the asked properties exists (e.g. no C-Note grid of
    that size and target has exactly one solution): an answer to the request, not a failed
    search, and still a usage error (exit code 2)."""


class SolverBug(BoardlabError):
    """A solver answer that the family's independent checker rejected."""
