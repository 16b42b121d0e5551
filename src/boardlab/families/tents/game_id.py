"""Simon Tatham's descriptive game IDs for Tents: `WxH:<grid>,<W column clues>,<H row clues>`.

The grid part is a run-length code of the squares in reading order (row by row):

- `_` a tree here (no blank before it);
- `a`..`y` 1..25 blank squares, then a tree;
- `z` 25 blank squares and no tree;
- `!` / `-` turn the square just placed (the "tree" of the previous letter, or the 25th blank
  of a `z`) into a given tent / a given empty square instead;
- the code ends by placing a tree one square past the end of the grid.

The clues follow, columns first, comma-separated. This is the format of `tents.c`
(`new_game_desc`, `validate_desc`, `new_game`); `encode` writes exactly what Tatham's program
writes (so IDs it produced round-trip byte for byte), and `decode` accepts what `validate_desc`
accepts, with its error messages, except empty numbers and leading zeros (Tatham reads them with
`atoi`; here they are errors, as they could not be written back the same way). A given tent or
empty square written after a `z` (the 25th blank) is read, and written back in the canonical
form (a letter, then `!` or `-`). Extensions: a parameter part with a
difficulty (`8x8de:...`) is accepted and dropped; a missing clue is written `?` (Tatham has no
missing clues: such an ID is boardlab's only). A random-seed ID (`8x8de#seed`) names a puzzle
only through Tatham's random number generator and is rejected.
"""

from __future__ import annotations

import re

from boardlab.core.errors import BadInput
from boardlab.core.words import shown
from boardlab.families.tents.instance import MAX_SIDE, TentsInstance

_PARAMS = re.compile(r"^(\d+)x(\d+)(d[et])?$")


def encode(instance: TentsInstance) -> str:
    """The descriptive game ID of `instance` (byte-identical to Tatham's for his puzzles)."""
    w, h = instance.width, instance.height
    parts = [f"{w}x{h}:"]
    run = 0
    for i in range(w * h + 1):
        cell = divmod(i, w) if i < w * h else None
        special = (
            cell is None
            or cell in instance.trees
            or cell in instance.given_tents
            or cell in instance.given_empty
        )
        if not special:
            run += 1
            while run > 25:
                parts.append("z")
                run -= 25
            continue
        parts.append("_" if run == 0 else chr(ord("a") + run - 1))
        run = 0
        if cell in instance.given_tents:
            parts.append("!")
        elif cell in instance.given_empty:
            parts.append("-")
    for clue in list(instance.cols) + list(instance.rows):
        parts.append("," + ("?" if clue is None else str(clue)))
    return "".join(parts)


def decode(text: str, source: str | None = None) -> TentsInstance:
    """The instance a descriptive game ID describes (BadInput with the column of the fault)."""
    game_id = text.strip()

    def bad(message: str, column: int | None = None) -> BadInput:
        return BadInput(f"game ID: {message}", source=source, column=column)

    if "#" in game_id and ":" not in game_id:
        raise bad(
            "a random-seed ID (such as 8x8de#12345) only names a puzzle through Tatham's random "
            "generator; use the descriptive game ID (WxH:...) from 'Game > Specific...'"
        )
    if ":" not in game_id:
        raise bad("expected WxH:<trees>,<clues> (no ':' found)")
    params, desc = game_id.split(":", 1)
    match = _PARAMS.match(params)
    if not match:
        raise bad(f"bad parameters {shown(params)} (expected WxH, e.g. 8x8)", 1)
    w, h = int(match.group(1)), int(match.group(2))
    if w < 1 or h < 1:
        raise bad("width and height must be at least 1", 1)
    if w > MAX_SIDE or h > MAX_SIDE:
        raise bad(f"{w}x{h} is larger than the supported {MAX_SIDE}x{MAX_SIDE}", 1)
    offset = len(params) + 2  # column (1-based) of desc[0]
    area = w * h
    trees: set[tuple[int, int]] = set()
    tents: set[tuple[int, int]] = set()
    empty: set[tuple[int, int]] = set()
    position = 0  # squares consumed so far
    last: int | None = None  # index of the square just placed
    i = 0
    while i < len(desc) and desc[i] != ",":
        ch = desc[i]
        if ch == "_" or "a" <= ch < "z":
            position += 0 if ch == "_" else ord(ch) - ord("a") + 1
            last = position
            position += 1
            if last > area:
                raise bad("too much data to fill grid", offset + i)
            if last < area:
                trees.add(divmod(last, w))
        elif ch == "z":
            position += 25
            last = position - 1
            if position > area:
                raise bad("too much data to fill grid", offset + i)
        elif ch in "!-":
            if last is None or last >= area:
                raise bad("tent or non-tent placed off the grid", offset + i)
            cell = divmod(last, w)
            trees.discard(cell)
            tents.discard(cell)
            empty.discard(cell)
            (tents if ch == "!" else empty).add(cell)
        else:
            raise bad(f"invalid character {shown(ch)} in grid specification", offset + i)
        i += 1
    if position < area + 1:
        raise bad(
            f"not enough data to fill grid ({min(position, area)} of {area} squares, "
            "then the final tree one past the end)",
            offset + i,
        )
    if position > area + 1:
        raise bad("too much data to fill grid", offset + i)
    clues: list[int | None] = []
    for k in range(w + h):
        if i >= len(desc):
            raise bad(
                f"not enough numbers after the grid: {k} of {w + h} (W column clues, then H row clues)",
                offset + i,
            )
        if desc[i] != ",":
            raise bad(f"invalid character {shown(desc[i])} in number list", offset + i)
        i += 1
        start = i
        while i < len(desc) and desc[i].isdigit():
            i += 1
        token = desc[start:i]
        if not token and i < len(desc) and desc[i] not in ",?":
            raise bad(f"invalid character {shown(desc[i])} in number list", offset + i)
        if not token and i < len(desc) and desc[i] == "?":
            i += 1
            clues.append(None)
            continue
        if not token:
            raise bad(f"missing number {k + 1} in number list (write ? for a missing clue)", offset + start)
        if len(token) > 1 and token[0] == "0":
            raise bad(f"number {shown(token)} has a leading zero", offset + start)
        value = int(token)
        limit = h if k < w else w
        if value > limit:
            line = f"column {k}" if k < w else f"row {k - w}"
            raise bad(f"clue {value} for {line} exceeds its length {limit}", offset + start)
        clues.append(value)
    if i < len(desc):
        raise bad(
            f"unexpected additional data at end of game description: {shown(desc[i : i + 10])}", offset + i
        )
    return TentsInstance(
        w, h, frozenset(trees), tuple(clues[w:]), tuple(clues[:w]), frozenset(tents), frozenset(empty)
    )
