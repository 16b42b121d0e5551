"""The same idea has the same flag everywhere: the common flags of the family verbs are declared
once (`boardlab.cli.flags`), so each appears with one help text in every family and verb. (A
family option that takes the name of a common flag stops the CLI from being built at all.)"""

from __future__ import annotations

import json
from collections import defaultdict

import pytest
import typer

from boardlab.cli import app
from boardlab.core import registry
from boardlab.core.errors import BadInput
from boardlab.core.options import BoardSize

#: Flags whose help says how they differ between verbs, on purpose.
MEANT_TO_DIFFER = {
    "--seed": "solve: the solver's seed; generate: the generator's (same seed, same puzzle)",
    "--json": "render prints one object with the SVG",
    "--to": "convert: the formats the family writes (Family.writes)",
}


def _family_verb_options() -> dict[str, set[str]]:
    """Flag -> the help texts it has across every family's verbs (family options left out)."""
    helps: dict[str, set[str]] = defaultdict(set)
    root = typer.main.get_command(app)
    for family in registry.families():
        family_flags = {option.flag for option in family.options}
        for verb in root.commands[family.name].commands.values():  # type: ignore[attr-defined]
            for param in verb.params:
                for flag in getattr(param, "opts", []):
                    if flag.startswith("--") and flag not in family_flags:
                        helps[flag].add(param.help or "")
    return helps


def test_a_common_flag_has_one_meaning_in_every_family_and_verb():
    helps = _family_verb_options()
    assert {"--json", "--time-limit", "--backend", "--workers", "--force"} <= set(helps)
    differing = {flag for flag, texts in helps.items() if len(texts) > 1}
    assert differing <= set(MEANT_TO_DIFFER), {flag: helps[flag] for flag in differing - set(MEANT_TO_DIFFER)}


# ---- one vocabulary: each family lists the common flags it has -----------------------------------
def _params(family: str, verb: str) -> dict[str, object]:
    root = typer.main.get_command(app)
    command = root.commands[family].commands[verb]  # type: ignore[attr-defined]
    return {opt: param for param in command.params for opt in getattr(param, "opts", [])}


def _listed(family: str, verb: str) -> set[str]:
    return {flag for flag, param in _params(family, verb).items() if not getattr(param, "hidden", False)}


def test_a_family_lists_only_the_common_flags_it_has() -> None:
    assert not {"--optimise", "--optimize", "--strategy", "--seed"} & _listed("nqueens", "solve")
    assert {"--optimise", "--optimize", "--seed"} <= _listed("armies", "solve")
    assert "--strategy" in _listed("cnote", "solve") and "--strategy" not in _listed("tents", "solve")
    for family in registry.families():
        assert "--limit" not in _params(family.name, "count"), family.name
        optimises = "--optimise" in _listed(family.name, "solve")
        assert optimises == (family.name == "armies"), family.name


def test_optimize_is_an_alias_of_optimise(cli_run) -> None:
    for flag in ("--optimise", "--optimize"):
        [obj] = cli_run(["armies", "solve", "4", flag, "--backend", "cpsat", "--json"]).json_lines()
        assert obj["status"] == "optimal" and obj["instance"]["n"] == 4


def test_a_flag_a_family_does_not_have_is_refused_with_the_reason(cli_run) -> None:
    run = cli_run(["nqueens", "solve", "8", "--optimise"])
    assert run.code == 2 and "does not offer mode 'optimise'" in run.stderr
    run = cli_run(["nqueens", "solve", "8", "--seed", "5"])
    assert run.code == 2 and "--seed" in run.stderr and "deterministic" in run.stderr
    run = cli_run(["tents", "solve", "8x8:_jagkbidaabac,2,1,0,3,1,2,2,1,2,1,1,1,2,1,0,4", "--seed", "5"])
    assert run.code == 2 and "--backend" in run.stderr


TENTS_8X8 = "8x8:_jagkbidaabac,2,1,0,3,1,2,2,1,2,1,1,1,2,1,0,4"


@pytest.mark.parametrize(
    "args, backend",
    [
        (["cnote", "solve", "PUZZLE", "--backend", "brute"], "brute backend"),
        (["chessnum", "solve", "PUZZLE", "--backend", "sat"], "sat backend"),
        (["armies", "solve", "5", "--m", "4", "--backend", "anneal"], "anneal backend"),
        (["nqueens", "solve", "8", "--backend", "construct"], "construct backend"),
    ],
)
def test_workers_with_a_backend_that_runs_one_worker_is_refused(cli_run, tmp_path, args, backend) -> None:
    """`--workers W` with a backend that does not use it was ignored without a word (cnote
    `--backend brute --workers 4` solved on one thread and said nothing)."""
    puzzle = tmp_path / "puzzle.txt"
    assert cli_run([args[0], "example", str(puzzle)]).code == 0
    args = [str(puzzle) if a == "PUZZLE" else a for a in args]
    run = cli_run([*args, "--workers", "3"])
    assert run.code == 2, run.stderr
    assert f"the {backend} runs on one worker" in run.stderr, run.stderr
    assert "--workers applies to" in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1
    assert cli_run([*args, "--workers", "1"]).code == 0  # one worker is what it does


@pytest.mark.parametrize(
    "args, backend",
    [
        (["nqueens", "solve", "8"], "construct"),  # auto constructs one board
        (["nqueens", "solve", "8", "--all"], "bitboard"),  # and lists on one worker
        (["tents", "solve", TENTS_8X8], "sat"),  # a small board goes to SAT
        (["tents", "count", TENTS_8X8], "sat"),  # and counts there
    ],
)
def test_workers_with_auto_are_an_allowance_its_choice_may_leave_unused(cli_run, args, backend) -> None:
    """With `auto` the tool picks the backend, so `--workers W` is at most W: a choice that runs
    on one worker runs on one, and its stats say so (a refusal here made `nqueens solve 8
    --workers 2` an error, though nothing the user chose conflicts)."""
    run = cli_run([*args, "--workers", "3", "--json"])
    assert run.code == 0, run.stderr
    stats = run.json_lines()[0]["stats"]
    assert stats["backend"].split(":")[0] == backend and stats["workers"] in (1, None), stats


@pytest.mark.parametrize(
    "args, why",
    [
        (["cnote", "count", "PUZZLE"], "enumerates (count) on one worker"),
        (["cnote", "solve", "PUZZLE", "--all"], "enumerates (all) on one worker"),
        (["cnote", "solve", "PUZZLE", "--strategy", "first:min"], "follows a fixed --strategy"),
        (["nqueens", "solve", "6", "--backend", "cpsat", "--unique"], "enumerates (unique) on one worker"),
        (["armies", "solve", "5", "--m", "4", "--backend", "cpsat", "--count"], "enumerates (count)"),
    ],
)
def test_workers_where_cpsat_runs_one_worker_is_refused(cli_run, tmp_path, args, why) -> None:
    """CP-SAT enumerates (and follows a fixed strategy) on one worker: `--workers 3` there was
    dropped without a word (`stats.workers` said 1)."""
    puzzle = tmp_path / "puzzle.txt"
    assert cli_run(["cnote", "example", str(puzzle)]).code == 0
    args = [str(puzzle) if a == "PUZZLE" else a for a in args]
    run = cli_run([*args, "--workers", "3"])
    assert run.code == 2 and f"--workers 3: the cpsat backend {why}" in run.stderr, run.stderr
    assert cli_run(args).code == 0


def test_workers_with_a_parallel_backend_is_taken(cli_run, tmp_path) -> None:
    puzzle = tmp_path / "p.txt"
    assert cli_run(["cnote", "example", str(puzzle)]).code == 0
    [answer] = cli_run(["cnote", "solve", str(puzzle), "--workers", "2", "--json"]).json_lines()
    assert answer["status"] == "solved" and answer["stats"]["workers"] == 2
    [counted] = cli_run(["nqueens", "count", "8", "--workers", "2", "--json"]).json_lines()
    assert counted["count"] == 92
    [armies] = cli_run(
        ["armies", "solve", "5", "--m", "4", "--backend", "cpsat", "--workers", "3", "--json"]
    ).json_lines()
    assert armies["status"] == "solved" and armies["stats"]["workers"] == 3
    listed = cli_run(["nqueens", "solve", "8", "--backend", "bitboard", "--all", "--workers", "2"])
    assert listed.code == 2 and "--workers applies to counting" in listed.stderr  # lists on one


def test_a_seed_changes_the_solution_a_randomised_search_finds(cli_run) -> None:
    found = set()
    for seed in range(1, 5):
        [obj] = cli_run(
            ["armies", "solve", "8", "--m", "6", "--backend", "cpsat", "--seed", str(seed), "--json"]
        ).json_lines()
        assert obj["status"] == "solved" and obj["stats"]["seed"] == seed
        found.add(json.dumps(obj["solutions"][0], sort_keys=True))
    assert len(found) > 1


def test_generate_size_is_n_everywhere_and_wxh_where_boards_may_be_rectangular() -> None:
    for family in registry.families():
        [size] = [o for o in family.options if o.name == "size"]
        assert size.type is BoardSize and size.verbs == ("generate",), family.name
        square = size.check(6, "--size")
        assert square == (6 if not size.rectangular else "6x6"), family.name
        assert size.check("6", "--size") == square, family.name
        if size.rectangular:
            assert size.check("7x5", "--size") == "7x5"
        else:
            with pytest.raises(BadInput, match="square"):
                size.check("7x5", "--size")
        for bad in ("0", "x", "6x", "3x4x5", -1, True, 10**6):
            with pytest.raises(BadInput, match="--size"):
                size.check(bad, "--size")
    assert {f.name for f in registry.families() if f.options and any(o.rectangular for o in f.options)} == {
        "cnote",
        "tents",
    }


def test_wxh_is_w_columns_and_h_rows(cli_run) -> None:
    [tents] = cli_run(["tents", "generate", "--size", "7x5", "--seed", "2", "--json"]).json_lines()
    assert len(tents["instance"]["grid"]) == 5 and len(tents["instance"]["grid"][0]) == 7
    [cnote] = cli_run(["cnote", "generate", "--size", "4x3", "--seed", "2", "--json"]).json_lines()
    assert len(cnote["instance"]["grid"]) == 3 and len(cnote["instance"]["grid"][0]) == 4
    [square] = cli_run(["cnote", "generate", "--size", "3", "--seed", "2", "--json"]).json_lines()
    assert len(square["instance"]["grid"]) == 3 and len(square["instance"]["grid"][0]) == 3
    assert cli_run(["cnote", "generate", "--size", "3", "--cols", "4"]).code == 2


@pytest.mark.parametrize("family", ["nqueens", "armies", "chessnum", "cnote", "tents"])
def test_limit_and_time_limit_have_one_range_everywhere(cli_run, tmp_path, family: str) -> None:
    puzzle = tmp_path / "puzzle.txt"
    assert cli_run([family, "example", str(puzzle)]).code == 0
    for args in (["solve", "--limit", "0"], ["solve", "--time-limit", "0"], ["count", "--time-limit", "-1"]):
        run = cli_run([family, args[0], str(puzzle), *args[1:]])
        assert run.code == 2 and args[1] in run.stderr and len(run.stderr.splitlines()) == 1, (
            args,
            run.stderr,
        )


def test_choose_one_names_the_flags_typed(cli_run) -> None:
    run = cli_run(["nqueens", "solve", "8", "--count", "--limit", "2"])
    assert run.code == 2 and "choose one of --limit, --count" in run.stderr
    run = cli_run(["nqueens", "solve", "8", "--all", "--unique"])
    assert run.code == 2 and "choose one of --all, --unique" in run.stderr


@pytest.mark.parametrize("family", ["nqueens", "armies"])
def test_a_board_size_reads_from_stdin_and_files_in_every_family_that_takes_one(
    cli_run, tmp_path, family: str
) -> None:
    [obj] = cli_run([family, "solve", "-", "--json", "--backend", "cpsat"], stdin=b"5\n").json_lines()
    assert obj["status"] in ("solved", "optimal") and obj["instance"]["n"] == 5
    size = tmp_path / "size.txt"
    size.write_text("4\n")
    [obj] = cli_run([family, "solve", str(size), "--json", "--backend", "cpsat"]).json_lines()
    assert obj["instance"]["n"] == 4


def test_puzzle_help_is_the_familys_own() -> None:
    helps = {}
    for family in registry.families():
        [puzzle] = [p for p in _params(family.name, "solve").values() if getattr(p, "name", "") == "puzzle"]
        helps[family.name] = puzzle.help  # type: ignore[attr-defined]
        assert helps[family.name] == family.puzzle_help
    assert len(set(helps.values())) == len(helps)
    assert "board size" not in helps["chessnum"] and "game ID" in helps["tents"]


def test_a_board_size_for_a_family_without_sizes_says_what_to_do(cli_run) -> None:
    run = cli_run(["chessnum", "solve", "8"])
    assert run.code == 2 and "not a board size" in run.stderr and "chessnum example" in run.stderr


def test_example_writes_a_sample_and_never_overwrites_without_force(cli_run, tmp_path) -> None:
    for family in registry.families():
        path = tmp_path / f"{family.name}.txt"
        assert cli_run([family.name, "example", str(path)]).code == 0
        [obj] = cli_run([family.name, "solve", str(path), "--json"]).json_lines()
        assert obj["status"] in ("solved", "optimal"), family.name
        path.write_text("mine")
        run = cli_run([family.name, "example", str(path)])
        assert run.code == 2 and path.read_text() == "mine" and "--force" in run.stderr
        assert (
            cli_run([family.name, "example", str(path), "--force"]).code == 0 and path.read_text() != "mine"
        )
    printed = cli_run(["cnote", "example", "-"])
    assert printed.code == 0 and "target: 100" in printed.stdout
