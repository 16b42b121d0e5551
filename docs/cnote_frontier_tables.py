"""The two tables of docs/cnote.md's "Every shape of sides 2-8 at once", printed from the code:
`python docs/cnote_frontier_tables.py` (about 10 s: `generate.proven_from` asks the lemmas at
every target down from 1,000 on rectangles). Paste its output over the two tables after a
figure changes, or let `python docs/cnote_frontier_tables.py --write` replace them in
docs/cnote.md; `test_the_frontier_tables_are_the_code_s` checks that they are this output.

The first table is `generate.frontier` per shape ("made / none from"); the second names, per
shape, the lemma that proves none at its least proven target (`generate.proving_lemma`) and the
open band between the two figures."""

import sys
from pathlib import Path

from boardlab.families.cnote.generate import FRONTIER_SIDES, PROVEN_UNTIL, frontier, proving_lemma
from boardlab.families.cnote.instance import column_targets


def frontier_table() -> str:
    """Rows: columns; columns: rows; each cell "made / none from" ("-": no lemma reaches 1,000)."""
    lines = ["| columns \\ rows | " + " | ".join(map(str, FRONTIER_SIDES)) + " |"]
    lines.append("|---" * (len(FRONTIER_SIDES) + 1) + "|")
    for width in FRONTIER_SIDES:
        cells = []
        for height in FRONTIER_SIDES:
            if (edges := frontier(width, height)) is None:
                cells.append("decided")
                continue
            made, least = edges
            cells.append(f"{made} / {least if least is not None else '-'}")
        lines.append(f"| {width} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def sources_table() -> str:
    """One row per open shape: its figures, the open band's size and the proof at "none from"."""
    lines = [
        '| shape (`--size`) | made | none from | open targets | the proof at "none from" |',
        "|---|---|---|---|---|",
    ]
    total = shapes = 0
    for width in FRONTIER_SIDES:
        for height in FRONTIER_SIDES:
            if (edges := frontier(width, height)) is None:
                continue
            made, least = edges
            band = (PROVEN_UNTIL + 1 if least is None else least) - made - 1
            total += band
            shapes += 1
            if least is None:
                why = (
                    "nothing open: made at every target"
                    if band == 0
                    else f"no lemma holds at {PROVEN_UNTIL:,}"
                )
            else:
                found = proving_lemma([least] * height, column_targets(least, height, width))
                assert found is not None, (width, height, least)
                why = found[0]
            lines.append(
                f"| {width}x{height} | {made} | {least if least is not None else '-'} | {band:,} | {why} |"
            )
    lines.append(f"| all {shapes} | | | {total:,} | |")
    return "\n".join(lines)


def write(doc: Path) -> None:
    """Replace the two tables in `doc` (each from its header line to the first blank line)."""
    text = doc.read_text()
    for table in (frontier_table(), sources_table()):
        header = table.split("\n", 1)[0] + "\n"
        start = text.index(header)
        end = text.find("\n\n", start)
        text = text[:start] + table + text[end if end >= 0 else len(text) :]
    doc.write_text(text)


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        write(Path(__file__).parent / "cnote.md")
    else:
        print(frontier_table())
        print()
        print(sources_table())
