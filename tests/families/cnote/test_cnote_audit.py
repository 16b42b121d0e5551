"""The C-Note command line and request pipeline on odd but plausible input (an audit): every bad
input is one line with exit 2 (a 4xx on the web), never an internal error; the `--json` answers
keep to their schemas; messages say what is wrong; flags that would be ignored are refused; a
time limit is seen inside long steps. Each test names what the command did before its fix."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardlab.core import registry
from boardlab.core.errors import BadInput
from boardlab.core.io import parse_value
from boardlab.core.results import SolveRequest
from schema_check import assert_valid, validator

#: More digits than Python turns into an int by default (4300), so reading must refuse them.
LONG = "7" * 5000


@pytest.fixture
def write(tmp_path: Path):
    def make(name: str, text: str) -> str:
        path = tmp_path / name
        path.write_text(text)
        return str(path)

    return make


def test_per_line_targets_answer_in_the_schemas(cli_run, write) -> None:
    """An instance with a target per row and column is written with `rows` and `cols`, no
    `target`: the instance schema takes it (it required `target`)."""
    path = write("lines.txt", "rows: 10 20\ncols: 15 15\n1 2\n3 4\n")
    for verb, extra in (("solve", []), ("render", []), ("convert", ["--to", "json"])):
        run = cli_run(["cnote", verb, path, "--json", *extra])
        assert run.code == 0, run.stderr
        assert_valid(verb, run.json_lines()[0])
    generated = cli_run(["cnote", "generate", "--size", "3x1", "--any", "--seed", "3", "--json"])
    assert generated.code == 0, generated.stderr
    answer = generated.json_lines()[0]
    assert "target" not in answer["instance"]  # a 3x1 grid has per-line targets
    assert_valid("generate", answer)
    answer["instance"].pop("cols")  # neither one target nor both lists: still refused
    assert list(validator("generate").iter_errors(answer))


@pytest.mark.parametrize(
    "text",
    [
        f"target: {LONG}\n1\n",
        f'{{"family": "cnote", "grid": [[1]], "target": {LONG}}}',
        f'{{"family": "cnote", "grid": [[1]]}}\n{{"family": "cnote", "grid": [[{LONG}]]}}\n',
    ],
    ids=["text", "json", "json-lines"],
)
def test_a_number_too_long_to_read_is_bad_input(cli_run, write, text: str) -> None:
    run = cli_run(["cnote", "solve", write("long.txt", text)])
    assert run.code == 2, run.stderr
    assert "internal error" not in run.stderr and "digits" in run.stderr
    with pytest.raises(BadInput, match="digits"):
        parse_value(registry.get("cnote"), text, {})


def test_a_solution_with_a_number_too_long_to_read_is_bad_input(cli_run, write) -> None:
    puzzle = write("p.txt", "target: 100\n1\n")
    run = cli_run(["cnote", "check", puzzle, f'{{"grid": [[{LONG}]]}}'])
    assert run.code == 2 and "internal error" not in run.stderr and "digits" in run.stderr
    run = cli_run(["cnote", "hint", puzzle, f'{{"grid": [[{LONG}]]}}'])
    assert run.code == 2 and "internal error" not in run.stderr and "digits" in run.stderr


def test_a_byte_order_mark_in_a_request_text_is_ignored_as_in_a_file() -> None:
    cnote = registry.get("cnote")
    plain = parse_value(cnote, "target: 100\n1 2\n3 4\n", {})
    assert parse_value(cnote, "\ufefftarget: 100\n1 2\n3 4\n", {}) == plain


def test_hint_names_a_number_that_is_not_positive_as_such(cli_run, write) -> None:
    puzzle = write("p.txt", "target: 100\n3 7\n8 2\n")
    run = cli_run(["cnote", "hint", puzzle, '{"grid": [[-3, null], [null, null]]}', "--json"])
    assert run.code == 0, run.stderr
    answer = run.json_lines()[0]
    assert answer["status"] == "mistake"
    assert "positive" in answer["message"] and "does not contain" not in answer["message"]


def test_target_count_messages_use_the_right_plural(cli_run, write) -> None:
    run = cli_run(["cnote", "solve", write("p.txt", "rows: 10 20\ncols: 15\n1 2\n3 4\n")])
    assert run.code == 2
    assert "'cols' has 1 target for 2 columns" in run.stderr


def test_a_non_ascii_digit_is_not_told_to_separate_digits(cli_run, write) -> None:
    run = cli_run(["cnote", "solve", write("p.txt", "\u0661 2\n")])
    assert run.code == 2
    assert "single digit" in run.stderr and "separate" not in run.stderr


@pytest.mark.parametrize("grid", ["123", 5, {"0": [1]}])
def test_a_grid_that_is_not_a_list_says_so(cli_run, write, grid) -> None:
    run = cli_run(["cnote", "solve", write("p.json", json.dumps({"family": "cnote", "grid": grid}))])
    assert run.code == 2
    assert "'grid' must be a list of rows" in run.stderr, run.stderr


def test_render_refuses_both_solve_and_a_given_solution(cli_run, write) -> None:
    """`[--solve | --solution JSON]` are alternatives; with both, the given solution was drawn and
    `--solve` dropped without a word."""
    import boardlab

    puzzle = write("p.txt", "target: 100\n3 7 9 9\n8 2 4 7\n7 7 8 5\n3 2 6 7\n")
    given = '{"grid": [[3, 79, 9, 9], [87, 2, 4, 7], [7, 7, 81, 5], [3, 12, 6, 7]]}'
    run = cli_run(["cnote", "render", puzzle, "--solve", "--solution", given])
    assert run.code == 2 and "choose one of --solve, --solution" in run.stderr
    with pytest.raises(BadInput, match="choose one of"):
        boardlab.render(boardlab.load(Path(puzzle), "cnote"), json.loads(given), solve=True)
    assert cli_run(["cnote", "render", puzzle, "--solution", given]).code == 0


@pytest.mark.parametrize("extra", [["--name", "square100-02"], ["p.txt"]])
def test_example_list_refuses_what_it_would_ignore(cli_run, extra, tmp_path, monkeypatch) -> None:
    """`example --list` with --name or FILE listed the names and wrote nothing, without a word."""
    monkeypatch.chdir(tmp_path)
    run = cli_run(["cnote", "example", "--list", *extra])
    assert run.code == 2 and "--list" in run.stderr and not run.stdout
    assert not (tmp_path / "p.txt").exists()
    assert "square100-02" in cli_run(["cnote", "example", "--list"]).stdout


def test_header_lines_after_the_last_grid_are_not_dropped(cli_run, write) -> None:
    """A block of header lines applies to the next block; after the last grid there is none,
    and `target: 50` there was dropped without a word (exit 0)."""
    run = cli_run(["cnote", "convert", write("p.txt", "target: 100\n1 2\n\ntarget: 50\n")])
    assert run.code == 2 and ":4:" in run.stderr and "no grid" in run.stderr
    assert "target: 100\n1 2\n" in run.stdout  # the puzzle before is still written


def test_a_header_given_twice_names_the_other_line(cli_run, write) -> None:
    """`target:` in a header block and again in the grid's block: the message named one line."""
    run = cli_run(["cnote", "solve", write("p.txt", "target: 100\n\ntarget: 50\n1 2\n")])
    assert run.code == 2 and ":3:" in run.stderr and "line 1" in run.stderr


def test_generate_messages_write_the_size_as_it_was_typed(cli_run) -> None:
    """`--size WxH` is W columns and H rows; the generator's messages wrote HxW ('--size 5x4
    --target 3': 'too small for a 4x5 grid')."""
    run = cli_run(["cnote", "generate", "--size", "5x4", "--target", "3"])
    assert run.code == 2 and "for a 5x4 grid" in run.stderr, run.stderr


def test_the_svg_title_writes_the_size_as_it_is_typed(cli_run, write) -> None:
    """A grid of 3 columns and 1 row is `--size 3x1`; the SVG's title said 'C-Note 1x3'."""
    from xml.dom.minidom import parseString

    run = cli_run(["cnote", "render", write("p.txt", "rows: 100\ncols: 34 33 33\n3 3 3\n"), "--svg", "-"])
    assert run.code == 0, run.stderr
    [title] = parseString(run.stdout).getElementsByTagName("title")
    assert title.firstChild.data == "C-Note 3x1"


def test_a_solve_answer_can_be_drawn_as_it_can_be_checked(cli_run, write) -> None:
    """`solution_of` promises that `solve --json`'s output "can be checked or drawn as it is";
    render --solution refused it ('a cnote solution is {"grid": ...}'), and an answer without a
    solution was refused in those words too."""
    puzzle = write("p.txt", "target: 100\n3 7 9 9\n8 2 4 7\n7 7 8 5\n3 2 6 7\n")
    answer = write("a.json", cli_run(["cnote", "solve", puzzle, "--json"]).stdout)
    drawn = cli_run(["cnote", "render", puzzle, "--solution", answer, "--json"])
    assert drawn.code == 0, drawn.stderr
    assert drawn.json_lines()[0]["solution"]["grid"][0] == [3, 79, 9, 9]
    impossible = write("q.txt", "rows: 10 20\ncols: 10 10\n1 2\n3 4\n")
    none = write("n.json", cli_run(["cnote", "solve", impossible, "--json"]).stdout)
    for verb in ("check", "render"):
        run = cli_run(["cnote", verb, impossible, *(["--solution"] if verb == "render" else []), none])
        assert run.code == 2 and "no solution" in run.stderr and "unsatisfiable" in run.stderr, run.stderr


def test_the_brute_force_sees_its_deadline_while_listing_candidates(monkeypatch) -> None:
    """At target 1,000,000 the brute force listed every candidate of all ten digits (10 million
    divisions, 2.4 s past a 3 s --time-limit) before looking at the deadline once."""
    from boardlab.core.deadline import Deadline, OutOfTime
    from boardlab.families.cnote import brute
    from boardlab.families.cnote.instance import make_instance

    calls = [0]
    contains = brute._contains

    def counted(number: int, digit: int) -> bool:
        calls[0] += 1
        return contains(number, digit)

    monkeypatch.setattr(brute, "_contains", counted)
    instance = make_instance([[1, 2], [3, 4]], 1_000_000)
    with pytest.raises(OutOfTime):
        next(brute.solutions(instance, Deadline.after(1e-9)))
    assert calls[0] <= 1_000_000  # one digit's candidates at most


def test_the_model_sees_the_deadline_while_it_is_built(monkeypatch) -> None:
    """Building the domains of a 10x10 grid at target 1,000,000 took 2 s past a 3 s limit
    before the solver saw the deadline; the build asks it at every cell now."""
    from ortools.sat.python import cp_model

    from boardlab.core.deadline import Deadline
    from boardlab.families.cnote.instance import make_instance

    built = [0]
    from_values = cp_model.Domain.from_values

    def counted(values):
        built[0] += 1
        return from_values(values)

    monkeypatch.setattr(cp_model.Domain, "from_values", counted)
    instance = make_instance([[1, 2, 3], [4, 5, 6], [7, 8, 9]], 1000)
    answer = registry.get("cnote").solve(instance, SolveRequest(deadline=Deadline.after(1e-9)))
    assert answer.status.value == "unknown"
    assert built[0] <= 1  # not the nine cells' domains


def test_grading_sees_the_deadline_inside_its_long_steps(monkeypatch) -> None:
    """`grade --time-limit 1` ran 9 s on a 4x4 grid at target 1,000,000 (and past 60 s on a
    10x10): the candidates of every cell and a whole line's propagation (bit sets of a million
    bits) ran between two looks at the deadline. Counted here on a clock that ticks once a look."""
    import itertools

    from boardlab.core.deadline import Deadline, OutOfTime
    from boardlab.families.cnote import grade
    from boardlab.families.cnote.instance import make_instance

    instance = make_instance([[1, 2], [3, 4]], 200_000)
    calls = [0]
    contains = grade._contains

    def counted(number: int, digit: int) -> bool:
        calls[0] += 1
        return contains(number, digit)

    monkeypatch.setattr(grade, "_contains", counted)
    with pytest.raises(OutOfTime):
        grade.grade(instance, Deadline.after(0, clock=itertools.count().__next__))
    assert calls[0] < 200_000  # not every cell's candidates
    monkeypatch.setattr(grade, "_contains", contains)

    domains = grade.candidates(instance)
    finished = [0]
    revise = grade._revise

    def counted_revise(*args):
        changed = revise(*args)
        finished[0] += 1
        return changed

    monkeypatch.setattr(grade, "_revise", counted_revise)
    with pytest.raises(OutOfTime):  # three looks at the clock: inside the first line now
        grade.propagate(instance, domains, Deadline.after(3, clock=itertools.count().__next__))
    assert finished[0] == 0


def test_a_hint_on_a_grid_without_empty_cells_writes_its_cells(cli_run, write) -> None:
    """The text of a placement grid lists its filled cells ('[0, 1] = 79'); on a 1x1 grid (no
    empty cell left) it printed the bare list 'grid: [10]', which reads as a cell [10]."""
    run = cli_run(["cnote", "hint", write("p.txt", "target: 10\n0\n")])
    assert run.code == 0 and "[0, 0] = 10" in run.stdout, run.stdout
    run = cli_run(["cnote", "hint", write("q.txt", "target: 10\n3\n"), '{"grid": [[7]]}'])
    assert run.code == 0 and "mistake" in run.stdout and "[0, 0] = 7" in run.stdout, run.stdout


def test_render_draws_a_number_without_its_digit_as_given(cli_run, write) -> None:
    """An invalid solution is drawn with a warning; a number that misses the cell's digit (5 on
    a 3) was drawn as the bare digit 3, hiding the number the user wrote."""
    puzzle = write("p.txt", "target: 100\n3 7 9 9\n8 2 4 7\n7 7 8 5\n3 2 6 7\n")
    wrong = '{"grid": [[5, 79, 9, 9], [87, 2, 4, 7], [7, 7, 81, 5], [3, 12, 6, 79]]}'
    drawn = cli_run(["cnote", "render", puzzle, "--solution", wrong])
    assert drawn.code == 0 and "does not contain the given digit 3" in drawn.stderr
    assert drawn.stdout.splitlines()[1].split()[:3] == ["0", "5", "79"], drawn.stdout
    svg = cli_run(["cnote", "render", puzzle, "--solution", wrong, "--svg", "-"]).stdout
    first = svg[: svg.index("<tspan")].rsplit("<text", 1)[1] + svg[svg.index("<tspan") :].split("</text>")[0]
    assert ">5</tspan>" in first and 'font-weight="bold">3' not in first  # cell [0, 0], drawn first


@pytest.mark.parametrize("flags", [["--model", "digits"], ["--no-presolve"]])
def test_the_brute_force_refuses_the_cpsat_options_as_it_refuses_strategies(cli_run, write, flags) -> None:
    """`--backend brute --strategy S` is refused ('search strategies apply to the cpsat
    backend'); `--model` and `--no-presolve` were ignored without a word."""
    puzzle = write("p.txt", "target: 100\n8 8 4\n6 2 5\n3 6 1\n")
    run = cli_run(["cnote", "solve", puzzle, "--backend", "brute", *flags])
    assert run.code == 2 and "cpsat" in run.stderr and flags[0] in run.stderr, run.stderr
    assert cli_run(["cnote", "solve", puzzle, *flags]).code == 0


def test_generate_refuses_any_with_a_difficulty(cli_run) -> None:
    """Only a puzzle with one solution has a level; `--any --difficulty easy` drew random puzzles
    until one happened to be unique and easy (31 attempts at 3x3, none in 50 at 4x4) and said
    `unique: false` of the one it kept."""
    run = cli_run(["cnote", "generate", "--any", "--difficulty", "easy", "--size", "3", "--seed", "1"])
    assert run.code == 2 and "--any" in run.stderr and "--difficulty" in run.stderr, run.stderr


def test_generate_refuses_any_with_mix(cli_run) -> None:
    """`--mix` tries changes on a unique puzzle's solution; with `--any` it was ignored."""
    run = cli_run(["cnote", "generate", "--any", "--mix", "5", "--size", "3", "--seed", "1"])
    assert run.code == 2 and "--mix" in run.stderr and "--any" in run.stderr, run.stderr
    assert cli_run(["cnote", "generate", "--mix", "0", "--size", "3", "--seed", "1"]).code == 0


@pytest.mark.parametrize("limit", ["inf", "1e308"])
def test_a_time_limit_beyond_the_timer_is_no_limit(cli_run, write, limit) -> None:
    """`--time-limit inf` is above 0 and was taken by solve and grade, but hint, render and
    generate (timed by SIGALRM) failed: 'internal error: OverflowError: timestamp out of range'."""
    puzzle = write("p.txt", "target: 100\n3 7 9 9\n8 2 4 7\n7 7 8 5\n3 2 6 7\n")
    for args in (["hint", puzzle], ["render", puzzle, "--solve"], ["generate", "--size", "3", "--seed", "1"]):
        run = cli_run(["cnote", *args, "--time-limit", limit])
        assert run.code == 0, run.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["render", "{puzzle}", "--svg", "-"],
        ["convert", "{puzzle}", "--out", "-"],
        ["generate", "--size", "3", "--seed", "1", "--out", "-"],
    ],
    ids=["render", "convert", "generate"],
)
def test_json_and_a_file_on_standard_output_are_refused(cli_run, write, args) -> None:
    """`--json` prints one JSON object a puzzle; with `--svg -` or `--out -` the SVG or the
    puzzle's text followed (or came first) on the same standard output."""
    puzzle = write("p.txt", "target: 100\n3 7 9 9\n8 2 4 7\n7 7 8 5\n3 2 6 7\n")
    run = cli_run(["cnote", *[a.format(puzzle=puzzle) for a in args], "--json"])
    assert run.code == 2 and "--json" in run.stderr and not run.stdout, run.stdout[:200]


def test_shape_messages_of_a_1x1_grid_use_the_singular(cli_run, write) -> None:
    """'solution row 0 must have 1 numbers', 'must have 1 rows', '1 entries' on a 1x1 grid."""
    puzzle = write("p.txt", "target: 5\n5\n")
    for verb, given, words in (
        ("check", '{"grid": [5]}', "1 number"),
        ("check", '{"grid": []}', "1 row"),
        ("hint", '{"grid": [5]}', "1 entry"),
        ("hint", '{"grid": []}', "1 row"),
    ):
        run = cli_run(["cnote", verb, puzzle, given])
        assert run.code == 2 and words in run.stderr and words + "s" not in run.stderr, run.stderr


def test_lines_are_counted_as_editors_count_them(cli_run, write) -> None:
    """`str.splitlines` also breaks at a form feed, U+2028 and U+0085: a form feed at the end of
    a row split the puzzle in two, and errors named a line one past the editor's."""
    run = cli_run(["cnote", "solve", write("ff.txt", "target: 100\n1 2\x0c\n3 x\n")])
    assert run.code == 2 and "ff.txt:3:3:" in run.stderr and not run.stdout, run.stdout + run.stderr
    run = cli_run(["cnote", "solve", write("ls.txt", "target: 100\n1 2\u20283 4\n5 x\n")])
    assert run.code == 2 and "ls.txt:3:3:" in run.stderr, run.stderr  # 'x' on the third line
    run = cli_run(["tents", "solve", write("t.txt", "0 1\n1 T.\x0c\n0 ..\n"), "--json"])
    assert run.code == 0 and len(run.json_lines()) == 1, run.stdout + run.stderr  # one puzzle


@pytest.mark.parametrize(
    "args", [["hint", "-", "-"], ["render", "-", "--solution", "-"]], ids=["hint", "render"]
)
def test_stdin_is_read_once(cli_run, args) -> None:
    """`check - -` says only one argument can be read from stdin; `hint - -` and `render -
    --solution -` read the puzzle and then 'malformed JSON: Expecting value' from an empty stdin."""
    run = cli_run(["cnote", *args], stdin=b"target: 100\n1 2\n3 4\n")
    assert run.code == 2 and "only one of PUZZLE and" in run.stderr, run.stderr


def test_a_header_block_and_the_next_blocks_own_header_name_both_lines(cli_run, write) -> None:
    """A header-only block applies to the next block alone; that block giving the same header
    again was reported as "'target:' given twice (also on line 1)", as if within one block."""
    run = cli_run(["cnote", "solve", write("h.txt", "target: 100\n\ntarget: 100\n3 7\n8 2\n")])
    assert run.code == 2 and len(run.stderr.strip().splitlines()) == 1
    assert "h.txt:3:1: 'target:' given twice for one puzzle" in run.stderr
    assert "header block on line 1 applies to this block" in run.stderr
    cnote = registry.get("cnote")
    first, second = cnote.parse_text("target: 30\n\n3 7\n8 2\n\n3 7\n8 2\n", "f.txt")
    assert first.instance.target == 30 and second.instance.target == 100  # the next block alone
    [lines] = cnote.parse_text("target: 30\n\nrows: 10 20\ncols: 15 15\n1 2\n3 4\n", "f.txt")
    assert lines.instance.rows == (10, 20)  # other headers: rows and cols override target as ever


def test_hint_all_forced_lists_what_every_solution_shares(cli_run, write) -> None:
    """`hint --all-forced` printed `"forced": null` on cnote without a word on why. Now a progress
    hint lists every number all solutions extending the placement share, cross-checked against
    the brute-force enumeration; a mistake says why nothing follows."""
    puzzle = write("p.txt", "target: 100\n8 8 4\n6 2 5\n3 6 1\n")  # Friedman's first: 31 solutions
    listed = cli_run(["cnote", "solve", puzzle, "--all", "--backend", "brute", "--json"]).json_lines()[0]
    grids = [s["grid"] for s in listed["solutions"]]
    assert len(grids) == 31

    def shared(r0: int, c0: int, value: int) -> list[list[int | None]]:
        """The cells every solution with `value` at [r0, c0] agrees on (the placed cell left out)."""
        extending = [g for g in grids if g[r0][c0] == value]
        cells: list[list[int | None]] = [[None] * 3 for _ in range(3)]
        for r in range(3):
            for c in range(3):
                values = {g[r][c] for g in extending}
                if (r, c) != (r0, c0) and len(values) == 1:
                    cells[r][c] = values.pop()
        return cells

    # a placement some solutions extend, after which some cells are forced and others are not
    r0, c0, value, expected = next(
        (r, c, g[r][c], shared(r, c, g[r][c]))
        for g in grids
        for r in range(3)
        for c in range(3)
        if 0 < sum(v is not None for row in shared(r, c, g[r][c]) for v in row) < 8
    )
    placed = [[value if (r, c) == (r0, c0) else None for c in range(3)] for r in range(3)]
    run = cli_run(["cnote", "hint", puzzle, json.dumps({"grid": placed}), "--all-forced", "--json"])
    assert run.code == 0, run.stderr
    answer = run.json_lines()[0]
    assert_valid("hint", answer)
    assert answer["status"] == "progress" and "forced_note" not in answer
    assert answer["forced"] == {"grid": expected}
    wrong = '{"grid": [[5, null, null], [null, null, null], [null, null, null]]}'
    run = cli_run(["cnote", "hint", puzzle, wrong, "--all-forced", "--json"])
    answer = run.json_lines()[0]
    assert answer["status"] == "mistake" and answer["forced"] is None
    assert "no solution has these placements" in answer["forced_note"]
    assert_valid("hint", answer)
    text = cli_run(["cnote", "hint", puzzle, "--all-forced"])
    assert text.code == 0 and "forced: (grid: none)" in text.stdout  # several solutions: none forced
