"""The table of Lemma 14's certified ranges in docs/cnote.md (between `<!-- Lemma 14 table:
trees.CERTIFIED -->` and `<!-- end of the Lemma 14 table -->`), printed from `trees.CERTIFIED`
with each range's CPU (of its search / of its rerun in a fresh process), which only the docs
hold: the figures of the ranges already in the table are read back from it, a new range's from
the drives' logs (`drive.py drive`) and the rerun's log (`drive.py rerun`).

    python docs/cnote_lemma14_table.py [--write] [--drives LOG ...] [--reruns LOG ...]

prints the table (with `--write`, replaces it in docs/cnote.md). A range with no figure in
either place is an error (exit 2). `test_the_lemma_14_table_is_the_code_s` checks that the table
names the ranges of `CERTIFIED` with their trees, grids counted and room."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping
from pathlib import Path

from boardlab.families.cnote.drive import PROVEN, read_log
from boardlab.families.cnote.trees import ALL, CERTIFIED

DOCS = Path(__file__).with_name("cnote.md")
HEAD = "<!-- Lemma 14 table: trees.CERTIFIED -->"
END = "<!-- end of the Lemma 14 table -->"

#: One range of the table: "lo-hi (trees; counted; room; search / rerun s)", "lo" where lo = hi.
RANGE = re.compile(r"(\d+)(?:-(\d+))? \((\d+); (\d+); (all|\d+); ([\d.]+) / ([\d.]+) s\)")

Key = tuple[int, int, int, int]  # columns, rows, lo, hi


def table_text(text: str) -> str:
    """The table's lines in the docs' text (between the two markers)."""
    return text[text.index(HEAD) + len(HEAD) : text.index(END)]


def parsed(text: str) -> dict[Key, tuple[int, int, str, str, str]]:
    """Each range the table names: (trees, grids counted, room, search CPU, rerun CPU) as written."""
    found = {}
    for line in table_text(text).splitlines():
        cells = line.split(" | ")
        if len(cells) != 3 or not re.fullmatch(r"\| \d+x\d+", cells[0]):
            continue
        width, height = map(int, cells[0].strip("| ").split("x"))
        for lo, hi, trees, counted, room, search, rerun in RANGE.findall(cells[2]):
            found[width, height, int(lo), int(hi or lo)] = (int(trees), int(counted), room, search, rerun)
    return found


def logged(drives: list[Path], reruns: list[Path]) -> dict[Key, tuple[str, str]]:
    """The CPU of each certified range of the drives' logs and of its rerun, as the table writes them."""
    search = {
        (a.width, a.height, a.lo, a.hi): f"{a.cpu:.1f}"
        for path in drives
        for a in read_log(path)
        if a.outcome == PROVEN
    }
    again = {}
    for path in reruns:
        for line in path.read_text().splitlines():
            if line.strip() and (r := json.loads(line))["exit"] == 0 and r["cpu"] is not None:
                again[r["width"], r["height"], r["lo"], r["hi"]] = f"{r['cpu']:.1f}"
    return {key: (cpu, again[key]) for key, cpu in search.items() if key in again}


def table(figures: Mapping[Key, tuple[str, str]]) -> str:
    """The table, one row per shape of `CERTIFIED` (by rows, then columns), its ranges highest first."""
    lines = [
        '| shape (columns x rows) | certified | ranges (trees; grids counted; 4-cycles with room, "all": '
        "every one; CPU of the search / of the rerun) |",
        "|---|---|---|",
    ]
    for (width, height), ranges in sorted(CERTIFIED.items(), key=lambda item: (item[0][1], item[0][0])):
        cells = []
        for lo, hi, trees, counted, room in ranges:
            key = (width, height, lo, hi)
            if key not in figures:
                raise ValueError(
                    f"no CPU figures for {width}x{height} at {lo}-{hi}: name its drive and rerun logs"
                )
            search, rerun = figures[key]
            span = str(lo) if lo == hi else f"{lo}-{hi}"
            rooms = "all" if room == ALL else str(len(room))
            cells.append(f"{span} ({len(trees)}; {len(counted)}; {rooms}; {search} / {rerun} s)")
        least, most = min(r[0] for r in ranges), max(r[1] for r in ranges)
        lines.append(f"| {width}x{height} | {least}-{most} | {', '.join(cells)} |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    write = "--write" in argv
    lists: dict[str, list[Path]] = {"--drives": [], "--reruns": []}
    current = None
    for word in argv:
        if word in lists:
            current = word
        elif word != "--write":
            if current is None:
                print(f"boardlab: error: {word!r}: name logs after --drives or --reruns", file=sys.stderr)
                return 2
            lists[current].append(Path(word))
    text = DOCS.read_text()
    figures = {key: (row[3], row[4]) for key, row in parsed(text).items()}
    figures.update(logged(lists["--drives"], lists["--reruns"]))
    try:
        made = table(figures)
    except ValueError as error:
        print(f"boardlab: error: {error}", file=sys.stderr)
        return 2
    if write:
        DOCS.write_text(text.replace(table_text(text), f"\n{made}\n"))
    else:
        print(made)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
