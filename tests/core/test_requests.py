"""The request pipeline that the command line and the web API share: options checked once, the
same JSON from both front ends, one place where a request becomes a `SolveRequest`."""

from __future__ import annotations

import json
import re

import pytest

from boardlab.core import requests
from boardlab.core.errors import BadInput
from boardlab.core.results import Mode


def queens_ok(n: int, queens: list[int]) -> bool:
    """Independent N-Queens check: n queens, distinct columns and diagonals."""
    return (
        sorted(queens) == list(range(n))
        and len({r - c for r, c in enumerate(queens)}) == n
        and len({r + c for r, c in enumerate(queens)}) == n
    )


def test_options_are_checked_with_defaults_filled_in():
    nqueens = requests.family("nqueens")
    options = requests.check_options(nqueens, ("count",), {"fundamental": True})
    assert options["fundamental"] is True
    assert "executor" not in options  # a local option: never through the API
    local = requests.check_options(nqueens, ("count",), {}, local=True)
    assert set(local) == {o.name for o in nqueens.options if "count" in o.verbs}


@pytest.mark.parametrize(
    ("given", "flags", "words"),
    [
        ({"executor": "nope"}, True, "--executor must be one of"),
        ({"executor": "nope"}, False, "option 'executor' must be one of"),
        ({"fundamental": 1}, False, "must be true or false"),
        ({"nonsense": 1}, False, "unknown option 'nonsense'"),
    ],
)
def test_a_bad_option_is_named_as_the_front_end_spells_it(given, flags, words):
    with pytest.raises(BadInput, match=words):
        requests.check_options(requests.family("nqueens"), ("count",), given, local=True, flags=flags)


def test_a_range_is_enforced_and_json_numbers_are_converted():
    cnote = requests.family("cnote")
    target = next(o for o in cnote.options if o.name == "target")
    assert target.check(100.0) == 100 and isinstance(target.check(100.0), int)
    with pytest.raises(BadInput, match="must be an integer"):
        target.check(1.5)


def test_solve_request_is_made_in_one_place():
    request = requests.solve_request("count", limit=3, time_limit=0.5, workers=2, options={"x": 1})
    assert (request.mode, request.limit, request.deadline.seconds, request.workers) == (Mode.COUNT, 3, 0.5, 2)
    assert 0 < request.deadline.remaining() <= 0.5  # the deadline starts when the request is made
    with pytest.raises(ValueError):
        requests.solve_request("sideways")


@pytest.mark.parametrize("mode", [Mode.FIRST, Mode.UNIQUE, Mode.OPTIMISE])
def test_a_limit_with_a_mode_that_would_drop_it_is_refused(mode):
    """A limit lists at most K solutions (all) or K of those counted (count); with another mode
    it was dropped without a word (the web API's mode first with a limit)."""
    with pytest.raises(BadInput, match=f"limit applies to modes all and count .*not to {mode.value}"):
        requests.solve_request(mode, limit=3)
    assert requests.solve_request(Mode.ALL, limit=3).limit == 3
    assert requests.solve_request(Mode.COUNT, limit=3).limit == 3
    assert requests.solve_request(mode).limit is None


def test_an_argument_and_a_request_field_read_the_same_instance():
    nqueens = requests.family("nqueens")
    from_argument = requests.read_instance(nqueens, "6", {})
    for value in (6, "6", {"family": "nqueens", "n": 6}, {"instance": {"family": "nqueens", "n": 6}}):
        assert nqueens.to_json(requests.parse_value(nqueens, value, {})) == nqueens.to_json(from_argument)
    for bad in (0, "0", "-3"):
        with pytest.raises(BadInput, match="board size must be a positive integer"):
            requests.parse_value(nqueens, bad, {})
    with pytest.raises(BadInput, match="board size must be a positive integer"):
        requests.read_instance(nqueens, "0", {})


def test_check_accepts_a_solution_or_a_solve_answer():
    nqueens = requests.family("nqueens")
    instance = requests.read_instance(nqueens, "5", {})
    answer = requests.solve(nqueens, instance, requests.solve_request()).to_json()
    assert queens_ok(5, answer["solutions"][0]["queens"])
    assert requests.check(nqueens, instance, answer) == {
        "family": "nqueens",
        "status": "valid",
        "valid": True,
        "violations": [],
    }
    wrong = requests.check(nqueens, instance, {"queens": [0, 1, 2, 3, 4]})
    assert wrong["valid"] is False and wrong["violations"]


def test_draw_lists_the_violations_of_a_given_solution():
    nqueens = requests.family("nqueens")
    instance = requests.read_instance(nqueens, "4", {})
    bad = requests.draw(nqueens, instance, {"queens": [0, 1, 2, 3]})
    assert bad.violations and bad.to_json(violations=True)["violations"] == bad.violations
    assert "violations" not in bad.to_json()
    solved = requests.draw(nqueens, instance, solve_it=True)
    assert queens_ok(4, solved.solution["queens"]) and solved.violations is None
    assert solved.to_json()["svg"].lstrip().startswith("<svg")


@pytest.mark.parametrize(
    ("args", "answer"),
    [
        (
            ["nqueens", "generate", "--seed", "7", "--json"],
            lambda f: requests.generated_json(f, requests.generate(f, 7, {"size": None})),
        ),
        (
            ["nqueens", "hint", "6", "--json"],
            lambda f: requests.hint(f, requests.read_instance(f, "6", {}), None),
        ),
        (
            ["nqueens", "check", "4", '{"queens": [1, 3, 0, 2]}', "--json"],
            lambda f: requests.check(f, requests.read_instance(f, "4", {}), {"queens": [1, 3, 0, 2]}),
        ),
        (
            ["nqueens", "render", "4", "--solve", "--json"],
            lambda f: requests.draw(f, requests.read_instance(f, "4", {}), solve_it=True).to_json(),
        ),
    ],
)
def test_the_command_line_prints_the_pipeline_json(cli_run, args, answer):
    run = cli_run(args)
    assert run.code == 0, run.stderr
    printed = json.loads(run.stdout)
    expected = answer(requests.family("nqueens"))
    if "stats" in expected:  # timings differ between two runs
        printed["stats"].pop("seconds"), expected["stats"].pop("seconds")
    assert printed == expected


def test_a_negative_generator_seed_is_refused_as_on_the_web(cli_run):
    """`random.Random(-s)` is `random.Random(s)`: `generate --seed -1` made the puzzle of
    `--seed 1`, where the web API refuses a seed below 0 (422). Refused in the pipeline now."""
    with pytest.raises(BadInput, match="seed"):
        requests.generate(requests.family("cnote"), -1, {"size": "3"})
    run = cli_run(["cnote", "generate", "--size", "3", "--seed", "-1"])
    assert run.code == 2 and "--seed" in run.stderr and "Traceback" not in run.stderr
    assert cli_run(["cnote", "generate", "--size", "3", "--seed", "0"]).code == 0


def test_grade_and_explain_refuse_a_time_limit_of_zero_as_solve_does():
    """design.md: a time limit is seconds above 0 in the pipeline and the Python API, 0 or less
    is bad input; `boardlab.grade(p, time_limit=0)` answered 'unknown' instead."""
    import boardlab

    cnote = boardlab.load({"family": "cnote", "grid": [[1]]})
    tents = boardlab.load("5x5:bhbcbc,2,?,0,?,?,1,?,?,?,1", family="tents")
    for call in (
        lambda: boardlab.grade(cnote, time_limit=0),
        lambda: boardlab.explain(tents, time_limit=0),
        lambda: requests.grade(requests.family("cnote"), cnote.instance, -1),
    ):
        with pytest.raises(BadInput, match="time limit must be more than 0"):
            call()


PYTHON_SPELLING = re.compile(r"\bNone\b|\bTrue\b|\bFalse\b|\{'|\['|', '")


@pytest.mark.parametrize(
    "family, value",
    [
        ("nqueens", {"family": "nqueens", "n": None}),
        ("nqueens", {"family": "nqueens", "n": 4, "fixed": [[0, None]]}),
        ("nqueens", {"family": "nqueens", "n": 4, "fixed": [{"a": True}]}),
        ("armies", {"family": "armies", "n": 5, "m": True}),
        ("chessnum", {"family": "chessnum", "size": None}),
        ("chessnum", {"family": "chessnum", "clues": {"b8": False}}),
        ("cnote", {"family": "cnote", "grid": [[None]]}),
        ("cnote", {"family": "cnote", "grid": [[1, 2]], "rows": [None], "cols": [1, 2]}),
        ("cnote", {"family": "cnote", "grid": [[["x"]]]}),
        ("tents", {"family": "tents", "grid": ["T."], "rows": [True], "cols": [1, 0]}),
    ],
)
def test_a_bad_json_value_is_shown_as_json_not_as_python(family, value):
    """Messages wrote the offending value with `!r`: `got None`, `got True`, `got [0, None]`,
    `got {'a': True}`; they write it as JSON (`core.words.shown`)."""
    chosen = requests.family(family)
    with pytest.raises(BadInput) as caught:
        requests.parse_value(chosen, value, requests.check_options(chosen, ("check",), {}))
    assert not PYTHON_SPELLING.search(str(caught.value)), str(caught.value)
    assert re.search(r"\bnull\b|\btrue\b|\bfalse\b|\[\"x\"\]", str(caught.value)), str(caught.value)


@pytest.mark.parametrize(
    "verbs, given, expected",
    [
        (("generate",), {"size": True}, "got true"),
        (("generate",), {"any": "yes"}, "got 'yes'"),
        (("solve",), {"target": None, "model": ["domain"]}, 'got ["domain"]'),
        (("solve",), {"target": 1.5}, "got 1.5"),
    ],
)
def test_an_option_value_is_shown_as_json(verbs, given, expected):
    with pytest.raises(BadInput) as caught:
        requests.check_options(requests.family("cnote"), verbs, given)
    assert expected in str(caught.value) and not PYTHON_SPELLING.search(str(caught.value))


def test_shown_writes_json_and_quotes_strings_as_messages_do():
    from boardlab.core.words import SHOWN_LENGTH, shown

    assert [shown(v) for v in (None, True, False, 3, 2.5)] == ["null", "true", "false", "3", "2.5"]
    assert shown([1, None, {"a": False}]) == '[1, null, {"a": false}]'
    assert shown("abc") == "'abc'" and shown("it's") == '"it\'s"' and shown("a\u200bb") == '"a\\u200bb"'
    assert shown("\t") == '"\\t"' and shown("é") == "'é'"
    long = shown(list(range(1000)))
    assert len(long) == SHOWN_LENGTH and long.endswith("...")
