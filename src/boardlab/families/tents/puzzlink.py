"""puzz.link URLs for Tents: `https://puzz.link/p?tents/W/H/BODY` (pzprjs's URL format).

The format, as read in pzprjs (github.com/robx/pzprjs, the editor behind puzz.link):
`src/variety/tents.js` encodes a Tents puzzle with `encodeNumber16ExCell` then `encode1Cell(1)`,
and decodes it with `decodeNumber16ExCell` then `decode1Cell(1)` (those are in pzprjs's common
encoder, `src/puzzle/Encode.js`); `src/pzpr/parser.js` splits a URL into the variety, an
optional flag part, the size (columns, then rows) and the body. The body has two parts, one
right after the other:

1. **Clues**: the W column clues (left to right) then the H row clues (top to bottom), the
   numbers outside the board. Each item: `0`-`9` or `a`-`f` a clue of 0-15; `-` and two hex
   digits a clue of 16-255; `+` and three hex digits a clue of 256-4095 (pzprjs's encoder
   writes it, its outside-number decoder does not read it: here it is read, since boards up to
   1000 wide have such clues); `g`-`z` 1-20 missing clues; `.` a question-mark clue, read as
   missing (pzprjs's Tents editor cannot enter one, so it is never written).
2. **Trees**, in reading order: `0`-`9`, `a`-`h` (0-17 in base 36) a tree, then that many
   cells without one; `i`-`z` (18-35) 1-18 cells without a tree. pzprjs's encoder cuts the
   cells greedily, a tree with at most 17 cells after it, a run without trees at most 18 long,
   and `encode` writes exactly that, so URLs pzprjs writes round-trip byte for byte.

pzprjs's test puzzle (`test/script/tents.js`, "5/5/2g0h1i1j82323"; its solution is in
`tests/families/tents/test_puzzlink.py`) reads: column clues 2 ? 0 ? ?, row clues 1 ? ? ? 1,
trees at (0,2), (2,1), (2,4), (3,3), (4,1).

Accepted forms: `https://puzz.link/p?tents/W/H/BODY`, `http://` too, any host with the same
path (`pzv.jp/p.html?...`, `pzprxs.vercel.app/p?...`), the URL without its scheme, and the part
after `?` alone (`tents/W/H/BODY`). A flag part before the size (`tents/FLAGS/W/H/BODY`) is
accepted and dropped: pzprjs reads no flag for Tents. Stricter than pzprjs, which fills what is
missing with nothing and ignores what is left over: a body that does not cover every clue and
every cell, runs past the end, or has data left over is an error naming the column; so is a
clue longer than its line. Tents puzzles in pzprjs have no given tents or empty cells: an
instance with givens has no URL (`encode` raises BadInput).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from boardlab.core.errors import BadInput
from boardlab.core.words import shown
from boardlab.families.tents.instance import MAX_SIDE, TentsInstance

#: The address puzz.link's editor opens a puzzle at; `encode` writes it before the body.
PREFIX = "https://puzz.link/p?"
VARIETY = "tents"

#: An argument that is meant as a URL: a scheme, a host with the editor's path, or `tents/`.
_URLISH = re.compile(
    r"^\s*(?:https?://|[\w.-]+\.[a-z]{2,}(?::\d+)?/[^?\s]*\?|tents/(?:[^/\d][^/]*/)?\d)", re.IGNORECASE
)
_HOSTED = re.compile(r"^(?:(?P<scheme>https?)://)?(?P<host>[\w.-]+(?::\d+)?)(?P<path>/[^?]*)\?(?P<query>.*)$")
_EDITOR_PATHS = ("/p", "/p.html", "/p/")

#: Makes the error for a fault at a position of the body.
Fault = Callable[[str, int], BadInput]

_HEX = "0123456789abcdef"
_BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def looks_like_url(argument: str) -> bool:
    """Whether `argument` is meant as a puzz.link URL (it may still be a malformed one)."""
    return bool(_URLISH.match(argument))


def encode(instance: TentsInstance, prefix: str = PREFIX) -> str:
    """The puzz.link URL of `instance` (what pzprjs writes; `prefix=""`: `tents/W/H/BODY`).

    BadInput for an instance with given tents or empty cells, which the format cannot hold."""
    if instance.given_tents or instance.given_empty:
        raise BadInput(
            "a puzz.link URL has no given tents or given empty cells; this puzzle has "
            f"{len(instance.given_tents) + len(instance.given_empty)} (write it as a game ID, text or JSON)"
        )
    w, h = instance.width, instance.height
    return f"{prefix}{VARIETY}/{w}/{h}/{_encode_clues([*instance.cols, *instance.rows])}{_encode_trees(instance)}"


def _encode_clues(clues: list[int | None]) -> str:
    out: list[str] = []
    missing = 0
    for clue in clues:
        if clue is None:
            missing += 1
            if missing == 20:
                out.append(_BASE36[15 + missing])
                missing = 0
            continue
        if missing:
            out.append(_BASE36[15 + missing])
            missing = 0
        if clue < 16:
            out.append(_HEX[clue])
        elif clue < 256:
            out.append(f"-{clue:02x}")
        else:
            out.append(f"+{clue:03x}")
    if missing:
        out.append(_BASE36[15 + missing])
    return "".join(out)


def _encode_trees(instance: TentsInstance) -> str:
    w, area = instance.width, instance.width * instance.height
    out: list[str] = []
    i = 0
    while i < area:
        if divmod(i, w) in instance.trees:
            run = 0  # cells without a tree after this one, at most 17
            while run < 17 and i + 1 + run < area and divmod(i + 1 + run, w) not in instance.trees:
                run += 1
            out.append(_BASE36[run])
            i += 1 + run
        else:
            run = 0  # cells without a tree from here, at most 18
            while run < 18 and i + run < area and divmod(i + run, w) not in instance.trees:
                run += 1
            out.append(_BASE36[17 + run])
            i += run
    return "".join(out)


def decode(text: str, source: str | None = None) -> TentsInstance:
    """The instance a puzz.link URL describes (BadInput with the column of the fault)."""
    url = text.strip()
    lead = len(text) - len(text.lstrip())

    def bad(message: str, at: int | None = None) -> BadInput:
        return BadInput(
            f"puzz.link URL: {message}", source=source, column=None if at is None else lead + at + 1
        )

    query_at = 0
    if not url.lower().startswith(VARIETY + "/"):
        match = _HOSTED.match(url)
        if match is None:
            raise bad(f"expected https://puzz.link/p?{VARIETY}/W/H/BODY or {VARIETY}/W/H/BODY")
        if match.group("path") not in _EDITOR_PATHS:
            raise bad(
                f"expected the editor's address (host/p?...), found the path {shown(match.group('path'))}",
                match.start("path"),
            )
        query_at = match.start("query")
    query = url[query_at:]
    parts = query.split("/")
    if parts[0] != VARIETY:
        raise bad(f"this is a puzz.link URL for {shown(parts[0])}, not {shown(VARIETY)}", query_at)
    starts = [query_at]
    for part in parts[:-1]:
        starts.append(starts[-1] + len(part) + 1)
    index = 1
    if len(parts) > 1 and parts[1] and not parts[1].isdigit():  # a flag part: none for Tents
        index = 2
    if len(parts) < index + 3:
        raise bad(f"expected {VARIETY}/W/H/BODY (width, height and the puzzle after the name)", query_at)
    sizes = []
    for k, what in ((index, "width"), (index + 1, "height")):
        token = parts[k]
        if not token.isdigit() or len(token) > 6:
            raise bad(f"the {what} must be a positive integer, got {shown(token)}", starts[k])
        value = int(token)
        if value < 1:
            raise bad(f"the {what} must be at least 1", starts[k])
        if value > MAX_SIDE:
            raise bad(f"the {what} {value} is larger than the supported {MAX_SIDE}", starts[k])
        sizes.append(value)
    w, h = sizes
    body = "/".join(parts[index + 2 :])
    at = starts[index + 2]  # position of body[0] in `url`
    clues, i = _decode_clues(body, w, h, lambda message, k: bad(message, at + k))
    trees = _decode_trees(body, i, w, h, lambda message, k: bad(message, at + k))
    return TentsInstance(w, h, frozenset(trees), tuple(clues[w:]), tuple(clues[:w]))


def _decode_clues(body: str, w: int, h: int, bad: Fault) -> tuple[list[int | None], int]:
    """The W + H clues at the start of `body`, and where the trees part starts."""
    clues: list[int | None] = []
    i = 0
    total = w + h
    while len(clues) < total:
        if i >= len(body):
            raise bad(f"the clues end after {len(clues)} of {total} (W column clues, then H row clues)", i)
        ch = body[i]
        start = i
        if ch in _HEX:
            value: int | None = int(ch, 16)
            i += 1
        elif ch in "-+":
            digits = 2 if ch == "-" else 3
            token = body[i + 1 : i + 1 + digits]
            if len(token) != digits or any(d not in _HEX for d in token):
                raise bad(f"'{ch}' must be followed by {digits} hex digits (a clue), got {shown(token)}", i)
            value = int(token, 16)
            i += 1 + digits
        elif ch == ".":
            value = None
            i += 1
        elif "g" <= ch <= "z":
            skip = _BASE36.index(ch) - 15
            if len(clues) + skip > total:
                raise bad(
                    f"{shown(ch)} skips {skip} clues, only {total - len(clues)} are left (W + H = {total})", i
                )
            clues.extend([None] * skip)
            i += 1
            continue
        else:
            raise bad(f"invalid character {shown(ch)} in the clues", i)
        k = len(clues)
        limit = h if k < w else w
        if value is not None and value > limit:
            line = f"column {k}" if k < w else f"row {k - w}"
            raise bad(f"clue {value} for {line} exceeds its length {limit}", start)
        clues.append(value)
    return clues, i


def _decode_trees(body: str, i: int, w: int, h: int, bad: Fault) -> set[tuple[int, int]]:
    """The trees coded from `body[i]` on, which must cover the W x H cells exactly."""
    area = w * h
    trees: set[tuple[int, int]] = set()
    cell = 0
    while cell < area:
        if i >= len(body):
            raise bad(f"the trees end after {cell} of {area} cells", i)
        ch = body[i]
        if ch not in _BASE36:
            raise bad(f"invalid character {shown(ch)} in the trees", i)
        value = _BASE36.index(ch)
        if value < 18:  # a tree, then `value` cells without one
            trees.add(divmod(cell, w))
            cell += 1 + value
        else:
            cell += value - 17
        if cell > area:
            raise bad(f"{shown(ch)} runs {cell - area} cell(s) past the end of the {w}x{h} grid", i)
        i += 1
    if i < len(body):
        raise bad(f"unexpected data after the grid: {shown(body[i : i + 10])}", i)
    return trees
