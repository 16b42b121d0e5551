"""The independent Tents checker: plain Python, sharing no code with the models.

A placement is valid when every tent is on a non-tree cell of the board, no two tents touch
(not even diagonally), each row and column with a clue holds that many tents, the given tents
are tents and the given empty cells are not, and the tents can be matched one-to-one with the
trees, each tent orthogonally adjacent to its own tree. The matching is checked with its own
maximum bipartite matching (Kuhn's augmenting paths, iterative), not with any solver: "every
tree has a tent nearby" is not enough.
"""

from __future__ import annotations

from typing import Any

from boardlab.core.words import plural, shown


def _max_matching(trees: list[tuple[int, int]], tents: set[tuple[int, int]]) -> int:
    """Size of a maximum matching between trees and orthogonally adjacent tents."""
    adjacent = [
        [(r + dr, c + dc) for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)) if (r + dr, c + dc) in tents]
        for r, c in trees
    ]
    owner: dict[tuple[int, int], int] = {}
    matched = 0
    for root in range(len(trees)):
        # Iterative DFS for an augmenting path from tree `root`.
        visited: set[tuple[int, int]] = set()
        stack: list[tuple[int, int]] = [(root, 0)]
        path: list[tuple[int, tuple[int, int]]] = []  # (tree, tent) edges on the current path
        found = False
        while stack:
            tree, index = stack.pop()
            options = adjacent[tree]
            while index < len(options) and options[index] in visited:
                index += 1
            if index == len(options):
                if path:
                    path.pop()
                continue
            tent = options[index]
            visited.add(tent)
            stack.append((tree, index + 1))
            path.append((tree, tent))
            if tent not in owner:
                found = True
                break
            stack.append((owner[tent], 0))
        if found:
            for tree, tent in path:
                owner[tent] = tree
            matched += 1
    return matched


def violations(
    width: int,
    height: int,
    trees: frozenset[tuple[int, int]],
    rows: tuple[int | None, ...],
    cols: tuple[int | None, ...],
    given_tents: frozenset[tuple[int, int]],
    given_empty: frozenset[tuple[int, int]],
    solution: dict[str, Any],
) -> list[str]:
    """The rule violations of `solution` (empty list: valid)."""
    raw = solution.get("tents")
    if not isinstance(raw, list):
        return ["the solution has no list 'tents'"]
    problems: list[str] = []
    tents: set[tuple[int, int]] = set()
    for item in raw:
        if not (isinstance(item, (list, tuple)) and len(item) == 2 and all(type(x) is int for x in item)):
            return [f"tent {shown(item)} is not [row, col]"]
        r, c = item
        if not (0 <= r < height and 0 <= c < width):
            problems.append(f"tent [{r}, {c}] is off the board")
            continue
        if (r, c) in tents:
            problems.append(f"tent [{r}, {c}] is listed twice")
        if (r, c) in trees:
            problems.append(f"tent [{r}, {c}] stands on a tree")
        tents.add((r, c))
    for r, c in sorted(tents):
        for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
            if (r + dr, c + dc) in tents:
                problems.append(f"tents [{r}, {c}] and [{r + dr}, {c + dc}] touch")
    row_count = [0] * height
    col_count = [0] * width
    for r, c in tents:
        row_count[r] += 1
        col_count[c] += 1
    for r, clue in enumerate(rows):
        if clue is not None and row_count[r] != clue:
            problems.append(f"row {r} has {plural(row_count[r], 'tent')}, its clue is {clue}")
    for c, clue in enumerate(cols):
        if clue is not None and col_count[c] != clue:
            problems.append(f"column {c} has {plural(col_count[c], 'tent')}, its clue is {clue}")
    for cell in sorted(given_tents - tents):
        problems.append(f"the given tent at [{cell[0]}, {cell[1]}] is missing")
    for cell in sorted(given_empty & tents):
        problems.append(f"a tent stands on the given empty cell [{cell[0]}, {cell[1]}]")
    tree_list = sorted(trees)
    if len(tents) != len(tree_list):
        problems.append(f"{plural(len(tents), 'tent')} for {plural(len(tree_list), 'tree')}")
    else:
        matched = _max_matching(tree_list, tents)
        if matched != len(tree_list):
            problems.append(
                f"the tents cannot be paired one-to-one with adjacent trees (at most {matched} of {len(tree_list)} pairs)"
            )
    return problems


def instance_violations(instance: Any, solution: dict[str, Any]) -> list[str]:
    """`violations` of `solution` on a `TentsInstance` (read through its attributes only)."""
    return violations(
        instance.width,
        instance.height,
        instance.trees,
        instance.rows,
        instance.cols,
        instance.given_tents,
        instance.given_empty,
        solution,
    )
