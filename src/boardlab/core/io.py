"""Reading puzzles from files, standard input, command-line arguments and request fields.

A document is either JSON (one instance object, a list of them, or JSON Lines with one per
line) or the family's own text format. JSON records may also be wrapped as
`{"instance": {...}, ...}`, as in the shared data files. Every record carries a label (file and
line) so that a bad one is reported without losing the others.

Two readers: `read_instances` for a command-line argument (a board size, a file, `-` for
standard input, a game ID), and `parse_value` for a field of a web request (instance JSON, a
board size, or a text: size, game ID, text format or JSON), which never takes a string for a
path. Both read a board size (`board_size`, `from_size`) and instance JSON (`from_json_object`)
the same way.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from typing import Any, BinaryIO, TypeVar

from boardlab.core.errors import BadInput, JsonKey, JsonPath, key_path
from boardlab.core.family import Family, Record
from boardlab.core.paths import empty_name
from boardlab.core.words import shown

T = TypeVar("T")

#: Largest input read (bytes): puzzles are small, this guards against reading a disk image.
MAX_INPUT_BYTES = 64 * 1024 * 1024
#: Most digits in one number of an input: Python converts no longer ones to an int (ValueError,
#: its guard against quadratic conversions), and no puzzle needs them.
MAX_DIGITS = sys.get_int_max_str_digits() or 4300
_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")


class JSONProblem(ValueError):
    """JSON that `json` would read wrongly or fail on without a JSONDecodeError."""


class DuplicateKey(JSONProblem):
    """A JSON object names one key twice (`json` would keep the last value silently)."""

    def __init__(self, key: str) -> None:
        super().__init__(f"a JSON object names {shown(key)} twice")


class TooDeep(JSONProblem):
    """JSON nested deeper than `json` reads (RecursionError, about 1000 levels)."""

    def __init__(self) -> None:
        super().__init__("JSON nested too deeply (no puzzle needs more than a few levels)")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise DuplicateKey(key)
        data[key] = value
    return data


def loads(text: str) -> Any:
    """`json.loads`, refusing objects that name a key twice (DuplicateKey): `{"b8": 1, "b8": 2}`
    would otherwise be read as `{"b8": 2}` without a word; and nesting past its recursion
    limit (TooDeep, not RecursionError)."""
    try:
        return json.loads(text, object_pairs_hook=_unique_keys)
    except RecursionError:
        raise TooDeep() from None


def long_number(text: str, source: str | None = None) -> BadInput | None:
    """BadInput located at the first run of more than MAX_DIGITS digits in `text`, or None.
    Asked only when reading `text` raised a ValueError: `int` refuses such numbers, in every
    family's parser and in `json` (they were internal errors), while a game ID may hold long runs
    of digits that are not numbers."""
    found = _LONG_NUMBER.search(text)
    if found is None:
        return None
    start = found.start()
    line_start = text.rfind("\n", 0, start) + 1
    return BadInput(
        f"a number of {len(found.group())} digits is too long (at most {MAX_DIGITS})",
        source=source,
        line=text.count("\n", 0, start) + 1,
        column=start - line_start + 1,
    )


@contextmanager
def long_numbers_located(text: str, source: str | None = None) -> Iterator[None]:
    """Reading `text` inside: a ValueError caused by a number too long for `int` becomes the
    BadInput of `long_number`; any other error passes unchanged."""
    try:
        yield
    except ValueError:
        located = long_number(text, source)
        if located is None:
            raise
        raise located from None


_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def lines(text: str) -> list[str]:
    """The lines of `text` as editors count them: broken at \\n, \\r\\n and \\r only
    (`str.splitlines` also breaks at a form feed, U+0085 and U+2028, so a line number could be
    one past the editor's and a form feed split a puzzle); no empty last line after a final
    line break, as `splitlines`."""
    found = _LINE_BREAK.split(text)
    if found and found[-1] == "":
        found.pop()
    return found


def _reads_as(data: bytes, encoding: str) -> bool:
    try:
        data.decode(encoding)
    except UnicodeDecodeError:
        return False
    return True


def decode_text(data: bytes, source: str) -> str:
    """UTF-8 text, or BadInput for binary data (and UTF-16, named as such)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) and _reads_as(data, "utf-16"):
        raise BadInput("UTF-16 text (a byte order mark says so): save it as UTF-8", source=source)
    if b"\x00" in data:
        raise BadInput("not a text file (binary data)", source=source)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise BadInput(f"not UTF-8 text (byte {error.start})", source=source) from None
    control = [ch for ch in text if ord(ch) < 32 and ch not in "\n\r\t\f"]
    if control:
        raise BadInput(f"not a text file (control character {ord(control[0]):#04x})", source=source)
    return text


def read_source(argument: str, stdin: BinaryIO | None = None, what: str | None = None) -> tuple[str, str]:
    """(text, source name) of a path or `-` (standard input); `what` names the argument in the
    error for an empty one."""
    empty_name(argument, what, "- reads standard input")
    if argument == "-":
        stream = stdin if stdin is not None else sys.stdin.buffer
        return decode_text(stream.read(MAX_INPUT_BYTES + 1)[:MAX_INPUT_BYTES], "<stdin>"), "<stdin>"
    if os.path.isdir(argument):
        raise BadInput("is a directory, not a puzzle file", source=argument)
    try:
        with open(argument, "rb") as handle:
            data = handle.read(MAX_INPUT_BYTES + 1)
    except OSError as error:
        raise BadInput(f"cannot read file: {error.strerror}", source=argument) from None
    if len(data) > MAX_INPUT_BYTES:
        raise BadInput(f"file larger than {MAX_INPUT_BYTES} bytes", source=argument)
    return decode_text(data, argument), argument


def text_blocks(text: str) -> list[list[tuple[int, str]]]:
    """Blocks of (line number, content) separated by blank lines.

    `#` starts a comment; a line holding only a comment neither counts nor ends a block.
    """
    blocks: list[list[tuple[int, str]]] = []
    block: list[tuple[int, str]] = []
    for number, raw in enumerate(lines(text), 1):
        content = raw.split("#", 1)[0]
        if content.strip():
            block.append((number, content))
        elif not raw.strip() and block:
            blocks.append(block)
            block = []
    if block:
        blocks.append(block)
    return blocks


def parse_blocks(
    text: str,
    source: str,
    parse_block: Callable[[list[tuple[int, str]], str], T],
    nothing: str = "no board found",
) -> list[Record]:
    """One record per block of `text` (see `text_blocks`), labelled with its first line.

    `parse_block(block, source)` builds the instance; a BadInput stays in that block's record.
    """
    records: list[Record] = []
    for block in text_blocks(text):
        label = f"{source}:{block[0][0]}"
        try:
            records.append(Record(label, instance=parse_block(block, source)))
        except BadInput as error:
            records.append(Record(label, error=error))
    return records or [Record(source, error=BadInput(nothing, source=source))]


def from_json_object(family: Family, data: Any) -> Any:
    """The instance of instance JSON (also wrapped as `{"instance": {...}}`) for `family`.

    A BadInput's JSON path (`BadInput.path`) is from the top of `data`, the wrapper included."""
    if isinstance(data, dict) and "instance" in data and isinstance(data["instance"], dict):
        try:
            return _from_json_object(family, data["instance"])
        except BadInput as error:
            raise error.within("instance") from None
    return _from_json_object(family, data)


def _from_json_object(family: Family, data: Any) -> Any:
    if not isinstance(data, dict):
        raise BadInput("a JSON instance must be an object", path=())
    named = data.get("family", family.name)
    if named != family.name:
        raise BadInput(f"instance is for family '{named}', not '{family.name}'", path=("family",))
    return family.from_json(data)


def json_fields(
    data: Any, what: str, allowed: set[str], needs: dict[str, str] | None = None
) -> dict[str, Any]:
    """`data` if it is a JSON object holding only `allowed` keys and every key of `needs` (whose
    value says what that key holds, for the message), else BadInput naming the key at fault
    (`what` names the object: "cnote instance")."""
    if not isinstance(data, dict):
        raise BadInput("a JSON instance must be an object", path=())
    unknown = [key for key in data if key not in allowed]
    if unknown:
        raise BadInput(
            f"unknown field(s) in {what}: {', '.join(sorted(unknown))}", path=key_path((unknown[0],))
        )
    for key, holds in (needs or {}).items():
        if key not in data:
            raise BadInput(f"{what} needs '{key}'{holds and ' ' + holds}", path=())
    return data


_DECODER = json.JSONDecoder()


def _skip(text: str, at: int) -> int:
    """`at` moved past JSON whitespace."""
    while at < len(text) and text[at] in " \t\n\r":
        at += 1
    return at


def json_offset(text: str, path: JsonPath) -> int | None:
    """Where the value at `path` starts in the JSON document `text` (an index into it), or None
    when `path` names no value there. `text` must be JSON that `loads` reads; the walk skips the
    values before the one wanted with `json`'s own decoder (`raw_decode`), so it agrees with the
    parse that gave the data."""
    try:
        at = _skip(text, 0)
        for number, step in enumerate(path):
            if isinstance(step, int) and text[at] == '"':
                return _string_character(text, at, step) if number == len(path) - 1 else None
            if isinstance(step, int):
                if text[at] != "[":
                    return None
                at = _skip(text, at + 1)
                for _ in range(step):
                    if text[at] == "]":
                        return None
                    at = _skip(text, _DECODER.raw_decode(text, at)[1])
                    if text[at] != ",":
                        return None
                    at = _skip(text, at + 1)
                if text[at] == "]":
                    return None
            else:
                if text[at] != "{":
                    return None
                at = _skip(text, at + 1)
                while True:
                    if text[at] != '"':
                        return None
                    key_at = at
                    key, at = json.decoder.scanstring(text, at + 1)  # type: ignore[attr-defined]
                    at = _skip(text, _skip(text, at) + 1)  # past the colon
                    if key == step:
                        if isinstance(step, JsonKey):
                            return key_at if number == len(path) - 1 else None
                        break
                    at = _skip(text, _DECODER.raw_decode(text, at)[1])
                    if text[at] != ",":
                        return None
                    at = _skip(text, at + 1)
    except (IndexError, ValueError):
        return None
    return at


def _string_character(text: str, at: int, index: int) -> int | None:
    """Where character `index` of the JSON string starting at `at` is written (an escape counts as
    the one character it stands for, a surrogate pair's two escapes as one), or None past its end."""
    at += 1
    for _ in range(index + 1):
        if text[at] == '"':
            return None
        start = at
        if text[at] != "\\":
            at += 1
        elif text[at + 1] != "u":
            at += 2
        else:
            at += 6
            pair = text[at : at + 2] == "\\u" and 0xDC00 <= int(text[at + 2 : at + 6], 16) < 0xE000
            if 0xD800 <= int(text[start + 2 : at], 16) < 0xDC00 and pair:
                at += 6
    return start


def locate(error: BadInput, text: str, base: JsonPath = (), first_line: int = 1) -> BadInput:
    """`error` with the line and column of its JSON path (after `base`, where the raiser's data
    lies in `text`), when it has a path and no line yet; `text` starts on line `first_line`."""
    if error.path is None or error.line is not None:
        return error
    at = json_offset(text, (*base, *error.path))
    if at is None:
        return error
    line = text.count("\n", 0, at)
    return error.located(line=first_line + line, column=at - text.rfind("\n", 0, at))


@contextmanager
def located_in(text: str, source: str) -> Iterator[None]:
    """Within: a BadInput about the JSON document `text` (read from `source`) gets its place."""
    try:
        yield
    except BadInput as error:
        if error.path is None:  # not about this document (an option, the puzzle): unchanged
            raise
        raise locate(error, text).located(source=source) from None


def _json_record(
    family: Family,
    data: Any,
    label: str,
    source: str,
    text: str,
    base: JsonPath = (),
    line: int | None = None,
) -> Record:
    """The record of instance JSON `data`, read from `text` (the document, or line `line` of a
    JSON Lines file), where it lies at `base`. A bad one's error names the line and column of
    the value at fault when the raiser gave its path; else the record's place (`label`)."""
    try:
        return Record(label, instance=from_json_object(family, data))
    except BadInput as error:
        placed = locate(error, text, base, line or 1)
        if placed.line is not None:
            return Record(label, error=placed.located(source=source))
        return Record(label, error=placed.located(source=label if base else source, line=line))


def parse_document(family: Family, text: str, source: str) -> list[Record]:
    """All puzzles in a document (JSON, JSON Lines, or the family's text format)."""
    stripped = text.lstrip()
    if not stripped:
        return [Record(source, error=BadInput("empty input: no puzzle found", source=source))]
    try:
        return _parse_text_or_json(family, text, source)
    except ValueError:  # a number too long for `int`, as long_numbers_located says
        located = long_number(text, source)
        if located is None:
            raise
        return [Record(source, error=located)]


def _parse_text_or_json(family: Family, text: str, source: str) -> list[Record]:
    if text.lstrip()[0] not in "{[":
        return family.parse_text(text, source)
    try:
        data = loads(text)
    except json.JSONDecodeError as whole_error:
        return _parse_json_lines(family, text, source, whole_error)
    except JSONProblem as problem:
        malformed = _malformed(text)
        if malformed is not None:  # JSON Lines (one puzzle a line): reported on its line
            return _parse_json_lines(family, text, source, malformed)
        return [Record(source, error=BadInput(str(problem), source=source))]
    if isinstance(data, list):
        if not data:
            return [Record(source, error=BadInput("empty JSON list: no puzzle found", source=source))]
        # an item's error names the item (`file.json[1]`), as a JSON Lines error names its line
        return [
            _json_record(family, item, f"{source}[{i}]", source, text, (i,)) for i, item in enumerate(data)
        ]
    return [_json_record(family, data, source, source, text)]


def _parse_json_lines(
    family: Family, text: str, source: str, whole_error: json.JSONDecodeError
) -> list[Record]:
    numbered = [
        (n, line)
        for n, line in enumerate(lines(text), 1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if len(numbered) <= 1 or not _parses(numbered[0][1]):  # one malformed JSON document
        return [
            Record(
                source,
                error=BadInput(
                    f"malformed JSON: {whole_error.msg}",
                    source=source,
                    line=whole_error.lineno,
                    column=whole_error.colno,
                ),
            )
        ]
    records: list[Record[Any]] = []
    for number, line in numbered:
        label = f"{source}:{number}"
        try:
            data = loads(line)
        except json.JSONDecodeError as error:
            records.append(
                Record(
                    label,
                    error=BadInput(
                        f"malformed JSON: {error.msg}", source=source, line=number, column=error.colno
                    ),
                )
            )
            continue
        except JSONProblem as problem:
            records.append(Record(label, error=BadInput(str(problem), source=source, line=number)))
            continue
        records.append(_json_record(family, data, label, source, line, (), number))
    return records


def _malformed(text: str) -> json.JSONDecodeError | None:
    """The JSONDecodeError of `text` read as one document, None when it reads (or fails only
    by its depth or a number's length)."""
    try:
        json.loads(text)
    except json.JSONDecodeError as error:
        return error
    except (RecursionError, ValueError):
        pass
    return None


def _parses(line: str) -> bool:
    try:
        json.loads(line)
    except (RecursionError, ValueError):
        return False
    return True


def board_size(text: str) -> int | None:
    """The integer `text` writes (a board size, maybe not positive), or None if it writes none."""
    stripped = text.strip()
    if stripped.lstrip("+-").isdigit() and len(stripped) < 20:
        return int(stripped)
    return None


def from_size(family: Family, n: int, options: dict[str, Any]) -> Any:
    """The instance of board size `n` (BadInput for a family without sizes or n < 1)."""
    if not family.takes_size:
        raise BadInput(f"{family.name} takes a puzzle (text, game ID or JSON), not a board size")
    if n < 1:
        raise BadInput(f"the board size must be a positive integer, got {n}")
    return family.from_size(n, options)


def _not_a_size(family: Family, text: str) -> str:
    return (
        f"{family.name} takes a puzzle, not a board size like '{text}': write a sample with "
        f"'boardlab {family.name} example', or make a puzzle with 'boardlab {family.name} generate --out FILE'"
    )


def read_instances(
    family: Family,
    argument: str,
    options: dict[str, Any] | None = None,
    stdin: BinaryIO | None = None,
    what: str | None = None,
) -> list[Record]:
    """The puzzles a command-line argument names: a board size, a game ID, a file, or `-` for
    stdin (a file or stdin holding just a board size is that size), with the options applied.

    Errors that concern the whole argument raise BadInput (an empty one located at `what`, the
    argument's name); errors in one record of a file are returned in that record.
    """
    options = options or {}
    sizes = "a board size, " if family.takes_size else ""
    empty_name(argument, what, f"give {sizes}a puzzle file, or - for standard input")
    records: list[Record]
    size = board_size(argument) if family.takes_size else None
    if size is not None:
        records = [Record(argument, instance=from_size(family, size, options))]
    elif argument == "-" or os.path.exists(argument):
        text, source = read_source(argument, stdin)
        # a board size read from stdin or a file is read as on the command line, in every family
        # that takes one (`echo 8 | boardlab nqueens solve -`)
        # (a family without sizes reads it in its own format: "8" is a 1 x 1 C-Note grid)
        size = board_size(text) if family.takes_size else None
        if size is not None:
            records = [Record(source, instance=from_size(family, size, options))]
        else:
            records = parse_document(family, text, source)
    else:
        with long_numbers_located(argument, what):
            direct = family.from_argument(argument)
        if direct is None:
            if family.takes_size:
                raise BadInput(f"N must be a positive integer (or a puzzle file): '{argument}'")
            if board_size(argument) is not None:
                raise BadInput(_not_a_size(family, argument) + f" ('{argument}' is no file either)")
            raise BadInput("no such file", source=argument)
        records = [Record(argument, instance=direct)]
    result = []
    for record in records:
        if record.instance is not None:
            try:
                record = Record(record.label, instance=family.apply_options(record.instance, options))
            except BadInput as error:
                record = Record(record.label, error=error.located(source=record.label))
        result.append(record)
    return result


def read_instance(
    family: Family, argument: str, options: dict[str, Any] | None = None, what: str | None = None
) -> Any:
    """The one puzzle a command-line argument names (BadInput if it names several or a bad one;
    `what` names the argument, as in `read_instances`)."""
    records = read_instances(family, argument, options, what=what)
    if len(records) != 1:
        raise BadInput(f"expected one puzzle, found {len(records)}", source=argument)
    if records[0].error is not None:
        raise records[0].error
    return records[0].instance


#: Where errors in a text given in a request are said to be.
VALUE_SOURCE = "input"

_NOT_AN_INSTANCE = "'instance' must be a JSON object, a text (text format, game ID or JSON) or a board size"


def parse_value(family: Family, value: Any, options: dict[str, Any]) -> Any:
    """The instance a request field describes, with the options applied (BadInput otherwise).

    `value` is instance JSON (an object), a board size (an integer, for families that take one)
    or a text: a board size, a game ID (`Family.from_argument`), the family's text format, or
    JSON text (object, list or JSON Lines holding exactly one puzzle). A text is never taken for
    a path: nothing here touches the file system.
    """
    if isinstance(value, bool) or value is None:
        raise BadInput(_NOT_AN_INSTANCE)
    if isinstance(value, int):
        instance = from_size(family, value, options)
    elif isinstance(value, dict):
        instance = from_json_object(family, value)
    elif isinstance(value, str):
        instance = _from_text(family, value, options)
    else:
        raise BadInput(_NOT_AN_INSTANCE)
    return family.apply_options(instance, options)


def _from_text(family: Family, text: str, options: dict[str, Any]) -> Any:
    text = text.removeprefix("\ufeff")  # a byte order mark, as `decode_text` drops from a file
    if not text.strip():
        raise BadInput("empty input: no puzzle found")
    if "\x00" in text:
        raise BadInput("not text (NUL character)")
    size = board_size(text) if family.takes_size else None
    if size is not None:
        return from_size(family, size, options)
    argument_error: BadInput | None = None
    stripped = text.strip()
    if "\n" not in stripped and stripped[0] not in "{[":
        try:
            with long_numbers_located(stripped, VALUE_SOURCE):
                direct = family.from_argument(stripped)
        except BadInput as error:  # maybe not a game ID after all: try the text format
            direct, argument_error = None, error
        if direct is not None:
            return direct
    records = parse_document(family, text, VALUE_SOURCE)
    problems = [r for r in records if r.error is not None]
    if problems:
        raise argument_error or problems[0].error  # type: ignore[misc]
    if len(records) != 1:
        raise BadInput(f"expected one puzzle, found {len(records)}", source=VALUE_SOURCE)
    return records[0].instance


@dataclass(frozen=True)
class JsonArgument:
    """A JSON document given on the command line: its data, its text and where it came from."""

    data: Any
    text: str
    source: str

    def located(self) -> AbstractContextManager[None]:
        """Within: a BadInput with a JSON path into this document gets its file, line and column.
        JSON typed inline is not placed: its message names the value's path, as the Python API's
        (`boardlab.check`) does for the same data."""
        if self.source == INLINE_SOURCE:
            return nullcontext()
        return located_in(self.text, self.source)


#: Where JSON given inline on the command line is said to come from.
INLINE_SOURCE = "<argument>"


def load_json_argument(argument: str, stdin: BinaryIO | None = None, what: str | None = None) -> JsonArgument:
    """JSON given inline, as a file path, or `-` for stdin (e.g. a proposed solution); `what`
    names the argument in the error for an empty one."""
    stripped = argument.strip()
    if stripped.startswith(("{", "[")):
        text, source = argument, INLINE_SOURCE
    else:
        empty_name(argument, what, "give the JSON inline, a file, or - for standard input")
        text, source = read_source(argument, stdin)
    try:
        with long_numbers_located(text, source):
            return JsonArgument(loads(text), text, source)
    except json.JSONDecodeError as error:
        raise BadInput(
            f"malformed JSON: {error.msg}", source=source, line=error.lineno, column=error.colno
        ) from None
    except JSONProblem as problem:
        raise BadInput(str(problem), source=source) from None
