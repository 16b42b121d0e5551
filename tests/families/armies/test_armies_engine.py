"""The branch-and-bound engine (engine.py, prove.py): verdicts against the SAT backend and the
published A250000, every bound switched off in turn, node counts across splits and executors,
checkpoints, the CLI, and the construction."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from armies_truth import PROVEN

from boardlab.core.errors import BadInput
from boardlab.families.armies import construct, engine, known, prove
from boardlab.families.armies.io import decode
from boardlab.families.armies.search import Settings, sat_decide
from boardlab.families.armies.verify import violations


def engine_verdict(n: int, m: int, flags: int = engine.ALL_BOUNDS, **kwargs) -> bool:
    decision = prove.decide(n, m, bounds=flags, executor="serial", **kwargs)
    assert decision.found is not None
    if decision.found:
        white, black = decision.placement()
        assert min(len(white), len(black)) >= m
        assert violations(n, m, decode(n, white, black, m)) == []
    return decision.found


def sat_verdict(n: int, m: int) -> bool:
    return bool(sat_decide(n, m, Settings("sat", "colouring", "full")).solutions)


@pytest.mark.parametrize("n", range(1, 8))
def test_engine_agrees_with_sat_on_every_m(n: int) -> None:
    for m in range(PROVEN[n] + 3):
        assert engine_verdict(n, m) == sat_verdict(n, m), (n, m)


@pytest.mark.slow
@pytest.mark.parametrize("n", [8, 9])
def test_engine_agrees_with_sat_on_every_m_larger(n: int) -> None:
    for m in range(PROVEN[n] + 3):
        assert engine_verdict(n, m) == sat_verdict(n, m), (n, m)


def optimum_check(n: int) -> None:
    """a(n) of each has a placement (verified) and a(n) + 1 is refuted."""
    assert engine_verdict(n, PROVEN[n])
    assert not engine_verdict(n, PROVEN[n] + 1)


@pytest.mark.parametrize("n", range(1, 12))
def test_engine_optimum_is_a250000(n: int) -> None:
    optimum_check(n)


@pytest.mark.slow
@pytest.mark.parametrize("n", [12, 13])
def test_engine_optimum_is_a250000_larger(n: int) -> None:
    optimum_check(n)


@pytest.mark.parametrize("bound", list(engine.BOUND_NAMES))
def test_each_bound_off_keeps_the_verdicts(bound: str) -> None:
    flags = engine.ALL_BOUNDS & ~engine.BOUND_NAMES[bound]
    for n in range(1, 9):
        for m in (PROVEN[n], PROVEN[n] + 1):
            assert engine_verdict(n, m, flags) == (m <= PROVEN[n]), (bound, n, m)


@pytest.mark.slow
@pytest.mark.parametrize("bound", list(engine.BOUND_NAMES))
def test_each_bound_off_keeps_the_verdicts_on_9(bound: str) -> None:
    flags = engine.ALL_BOUNDS & ~engine.BOUND_NAMES[bound]
    for m in (PROVEN[9], PROVEN[9] + 1):
        assert engine_verdict(9, m, flags) == (m <= PROVEN[9]), (bound, m)


def test_no_bound_at_all_is_plain_search() -> None:
    """Without any bound the search is exhaustive over labellings: the verdicts still hold."""
    for n in range(1, 7):
        assert engine_verdict(n, PROVEN[n], 0) and not engine_verdict(n, PROVEN[n] + 1, 0)


def test_bounds_cut_nodes() -> None:
    """Each bound removes nodes on a refutation (or at least does not add any)."""
    full = prove.decide(8, 10, executor="serial").nodes
    for bound in engine.BOUND_NAMES.values():
        assert prove.decide(8, 10, bounds=engine.ALL_BOUNDS & ~bound, executor="serial").nodes >= full


@pytest.mark.parametrize("n, m", [(8, 10), (9, 13), (10, 15)])
def test_node_count_is_the_same_for_every_split_and_executor(n: int, m: int) -> None:
    counts = set()
    for executor, target, workers in [
        ("serial", 1, 1),
        ("serial", 40, 1),
        ("serial", 500, 1),
        ("processes", 200, 2),
    ]:
        decision = prove.decide(n, m, executor=executor, target=target, workers=workers)
        assert decision.found is False
        assert decision.finished == decision.subproblems
        counts.add(decision.nodes)
    assert len(counts) == 1


@pytest.mark.slow
def test_ray_executor_gives_the_same_node_count() -> None:
    pytest.importorskip("ray")
    serial = prove.decide(9, 13, executor="serial")
    on_ray = prove.decide(9, 13, executor="ray", workers=2, target=64)
    assert on_ray.found is False and on_ray.nodes == serial.nodes


def test_checkpoint_resume(tmp_path: Path) -> None:
    """A refutation stopped early (a crash) and resumed from its checkpoint ends with the same
    verdict and node count as one run."""
    path = str(tmp_path / "refute.jsonl")
    whole = prove.decide(10, 15, executor="serial")
    first = prove.decide(10, 15, executor="serial", checkpoint=path, target=100, stop_after=5)
    assert first.found is None and 0 < first.finished < first.subproblems
    second = prove.decide(10, 15, executor="processes", workers=2, checkpoint=path, target=100)
    assert second.found is False and second.resumed == first.finished
    assert second.nodes == whole.nodes
    # a torn last line (the crash came mid-write) is ignored
    Path(path).write_text(Path(path).read_text() + '{"i": 3, "no')
    third = prove.decide(10, 15, executor="serial", checkpoint=path, target=100)
    assert third.found is False and third.nodes == whole.nodes and third.resumed == third.subproblems


def test_checkpoint_of_another_decision_is_refused(tmp_path: Path) -> None:
    path = str(tmp_path / "refute.jsonl")
    prove.decide(9, 13, executor="serial", checkpoint=path, target=50, stop_after=1)
    with pytest.raises(BadInput, match="another run"):
        prove.decide(9, 14, executor="serial", checkpoint=path, target=50)
    Path(path).write_text("hello\n")
    with pytest.raises(BadInput, match="not a boardlab checkpoint"):
        prove.decide(9, 13, executor="serial", checkpoint=path, target=50)


def test_symmetry_reduction_is_reported_by_node_counts() -> None:
    with_symmetry = prove.decide(9, 13, executor="serial").nodes
    without = prove.decide(9, 13, bounds=engine.ALL_BOUNDS & ~engine.SYMMETRY, executor="serial").nodes
    assert with_symmetry * 4 < without


def test_symmetry_tables_are_the_group() -> None:
    """The 15 non-identity elements permute the row/column positions; composing the table
    entries of any two gives another entry (or the identity): a group of order 16."""
    for n in (1, 2, 5, 6):
        t = engine.tables(n)
        elements = {(tuple(range(2 * n)), 0)} | {
            (tuple(p), int(s)) for p, s in zip(t.sym.tolist(), t.swap.tolist())
        }
        assert len(elements) == 16 or n == 1
        for p, s in elements:
            for q, u in elements:
                assert (tuple(p[i] for i in q), s ^ u) in elements


def test_cli_default_backend_is_the_engine(cli_run) -> None:
    result = cli_run(["armies", "solve", "8", "--json"])
    data = json.loads(result.stdout)
    assert result.code == 0 and data["status"] == "optimal" and len(data["solutions"][0]["white"]) == 9
    certificate = data["stats"]["certificate"]
    assert (
        data["stats"]["backend"] == "engine"
        and certificate["verdict"] == "refuted"
        and certificate["m"] == 10
    )
    result = cli_run(["armies", "solve", "8", "--m", "10", "--json", "--executor", "serial"])
    assert result.code == 0 and json.loads(result.stdout)["status"] == "unsatisfiable"


@pytest.mark.parametrize(
    "args",
    [
        ["armies", "solve", "8", "--bounds", "nonsense"],
        ["armies", "solve", "8", "--checkpoint", "x.jsonl"],
        ["armies", "solve", "8", "--m", "3", "--backend", "sat", "--executor", "serial"],
        ["armies", "solve", "8", "--m", "3", "--backend", "engine", "--model", "lines"],
        ["armies", "solve", "8", "--m", "3", "--executor", "cluster"],
        ["armies", "solve", "8", "--m", "3", "--backend", "engine", "--all"],
    ],
)
def test_engine_bad_input_is_one_line_exit_2(cli_run, args: list[str]) -> None:
    result = cli_run(args)
    assert result.code == 2, (result.stdout, result.stderr)
    assert len(result.stderr.strip().splitlines()) == 1


# ---- construction ------------------------------------------------------------------------------
def peaceful_by_lines(n: int, white: list[int], black: list[int]) -> bool:
    """No row, column, diagonal or anti-diagonal holds queens of both colours (for boards where
    `verify`'s pairwise check would take too long), and no square holds both."""

    def lines(squares: list[int]) -> list[set[int]]:
        cells = [divmod(s, n) for s in squares]
        return [
            {r for r, _ in cells},
            {c for _, c in cells},
            {r - c for r, c in cells},
            {r + c for r, c in cells},
        ]

    return not set(white) & set(black) and all(not (a & b) for a, b in zip(lines(white), lines(black)))


@pytest.mark.parametrize("n", range(1, 41))
def test_construction_is_peaceful(n: int) -> None:
    white, black = construct.construct(n)
    m = min(len(white), len(black))
    assert violations(n, m, decode(n, white, black, m)) == []
    assert m <= PROVEN.get(n, m)


@pytest.mark.parametrize("n", [construct.DENSITY_FROM, 57, 67, 100, 201, 500, 999, 1000])
def test_construction_density(n: int) -> None:
    white, black = construct.construct(n)
    assert peaceful_by_lines(n, white, black)
    assert min(len(white), len(black)) >= construct.DENSITY * n * n


@pytest.mark.slow
def test_construction_density_for_every_n() -> None:
    for n in range(construct.DENSITY_FROM, 1001):
        white, black = construct.construct(n)
        assert min(len(white), len(black)) >= construct.DENSITY * n * n, n


# Ainley's values (OEIS A250000, best known for n >= 16) that the tuned construction reaches alone.
REACHED = {
    16: 37,
    17: 42,
    18: 47,
    19: 52,
    20: 58,
    21: 64,
    22: 70,
    24: 84,
    25: 91,
    26: 98,
    28: 114,
    29: 122,
    30: 131,
}


@pytest.mark.parametrize("n", sorted(REACHED))
def test_construction_reaches_the_best_known_values(n: int) -> None:
    white, black = construct.construct(n)
    assert min(len(white), len(black)) == REACHED[n] == known.best_known(n)[0]


@pytest.mark.parametrize("n", [99, 240, 1000])
def test_the_armies_are_balanced(n: int) -> None:
    """The shape is antisymmetric under the half-turn (the docstring's argument), so the armies
    differ only by the lines the rounding treats unevenly: O(n) queens, not O(n^2)."""
    white, black = construct.construct(n)
    assert abs(len(white) - len(black)) <= 2 * n


def test_peaceful_by_lines_sees_an_attack() -> None:
    assert peaceful_by_lines(4, [0], [5]) is False and peaceful_by_lines(4, [0], [6]) is True
