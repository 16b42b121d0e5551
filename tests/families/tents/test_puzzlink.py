"""puzz.link URLs (`families/tents/puzzlink.py`): pzprjs's own test puzzle, exact round trips,
the encoder against a second one written from pzprjs's counting rules, and malformed URLs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardlab.core.errors import BadInput
from boardlab.core.registry import get
from boardlab.core.requests import convert
from boardlab.core.results import Mode, SolveRequest
from boardlab.families.tents import game_id, puzzlink
from boardlab.families.tents.instance import TentsInstance

TENTS = get("tents")

#: pzprjs's test puzzle for Tents: the URL of `test/script/tents.js` (github.com/robx/pzprjs),
#: and its solved board, the last entry of its `failcheck` list (the one with no error), read
#: from the pzprv3 file there: tents ("A") at these cells.
PZPRJS_URL = "https://puzz.link/p?tents/5/5/2g0h1i1j82323"
PZPRJS_SOLUTION = {"tents": [[0, 1], [1, 4], [2, 0], [3, 4], [4, 0]]}
PZPRJS_INSTANCE = TentsInstance(
    5,
    5,
    frozenset({(0, 2), (2, 1), (2, 4), (3, 3), (4, 1)}),
    rows=(1, None, None, None, 1),
    cols=(2, None, 0, None, None),
)


def test_pzprjs_test_puzzle_decodes_and_has_its_solution() -> None:
    instance = puzzlink.decode(PZPRJS_URL)
    assert instance == PZPRJS_INSTANCE
    assert TENTS.verify(instance, PZPRJS_SOLUTION) == []
    for backend in ("sat", "cpsat"):  # unique, by both backends, and it is pzprjs's solution
        result = TENTS.solve(instance, SolveRequest(Mode.UNIQUE, backend=backend))
        assert result.unique is True and result.solutions == [PZPRJS_SOLUTION], backend


@pytest.mark.parametrize(
    "written",
    [
        PZPRJS_URL,
        "http://puzz.link/p?tents/5/5/2g0h1i1j82323",
        "puzz.link/p?tents/5/5/2g0h1i1j82323",
        "http://pzv.jp/p.html?tents/5/5/2g0h1i1j82323",
        "https://pzprxs.vercel.app/p?tents/5/5/2g0h1i1j82323",
        "tents/5/5/2g0h1i1j82323",
        "  tents/5/5/2g0h1i1j82323\n",
    ],
)
def test_every_accepted_form_reads_the_same_puzzle(written: str) -> None:
    assert puzzlink.looks_like_url(written)
    assert puzzlink.decode(written) == PZPRJS_INSTANCE
    assert TENTS.from_argument(written.strip()) == PZPRJS_INSTANCE
    assert puzzlink.encode(puzzlink.decode(written)) == PZPRJS_URL


def test_encode_writes_what_pzprjs_writes() -> None:
    assert puzzlink.encode(PZPRJS_INSTANCE) == PZPRJS_URL
    assert puzzlink.encode(PZPRJS_INSTANCE, prefix="") == "tents/5/5/2g0h1i1j82323"
    answer = convert(TENTS, PZPRJS_INSTANCE, "puzzlink")
    assert answer["text"] == PZPRJS_URL and answer["format"] == "puzzlink"
    assert convert(TENTS, PZPRJS_INSTANCE, "gameid")["text"] == game_id.encode(PZPRJS_INSTANCE)


def test_a_flag_part_is_read_and_dropped() -> None:
    assert puzzlink.decode("https://puzz.link/p?tents/v:/5/5/2g0h1i1j82323") == PZPRJS_INSTANCE


def test_givens_have_no_url() -> None:
    given = TentsInstance(3, 1, frozenset({(0, 0)}), (1,), (0, 1, 0), given_tents=frozenset({(0, 1)}))
    with pytest.raises(BadInput, match="no given tents"):
        puzzlink.encode(given)
    with pytest.raises(BadInput, match="no given tents"):
        TENTS.write(given, "puzzlink")


# ---- a second encoder, from pzprjs's counting rules ---------------------------------------------
def _pzprjs_trees(instance: TentsInstance) -> str:
    """The trees part as pzprjs's `encode1Cell` counts it: a counter of cells since the last
    flush and whether a tree opened the run; a tree flushes the run before it, 17 cells after a
    tree (or 18 without one) flush too. Written from the rules, independently of `puzzlink`."""
    out, count, have = "", -1, False

    def flush() -> str:
        return _base36(count if have else count + 18)

    for r in range(instance.height):
        for c in range(instance.width):
            if (r, c) in instance.trees:
                if count >= 0:
                    out += flush()
                have, count = True, 0
                continue
            count += 1
            if count == 17:
                out += flush()
                have, count = False, -1
    if count >= 0:
        out += flush()
    return out


def _pzprjs_clues(clues: list[int | None]) -> str:
    """The clues part as pzprjs's `genericEncodeNumber16` writes it (empty runs of at most 20)."""
    out, count = "", 0
    for clue in clues:
        written = (
            "" if clue is None else f"{clue:x}" if clue < 16 else f"-{clue:x}" if clue < 256 else f"+{clue:x}"
        )
        if not written:
            count += 1
        if count == 0:
            out += written
        elif written or count == 20:
            out += _base36(15 + count) + written
            count = 0
    if count:
        out += _base36(15 + count)
    return out


def _base36(value: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[value]


@st.composite
def instances(draw: st.DrawFn, max_side: int = 30, long_lines: bool = False) -> TentsInstance:
    """Any board (the format does not care whether it is solvable): trees anywhere, clues
    anywhere in range or missing; `long_lines`: one line up to 600 long, for clues above 255."""
    if long_lines:
        width, height = draw(st.integers(1, 3)), draw(st.integers(256, 600))
    else:
        width, height = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    density = draw(st.sampled_from([0.0, 0.02, 0.2, 0.5, 1.0]))
    bits = draw(st.lists(st.floats(0, 1), min_size=width * height, max_size=width * height))
    trees = frozenset(divmod(i, width) for i, x in enumerate(bits) if x < density)

    def clue(limit: int) -> st.SearchStrategy[int | None]:
        return st.one_of(st.none(), st.integers(0, limit))

    rows = tuple(draw(st.lists(clue(width), min_size=height, max_size=height)))
    cols = tuple(draw(st.lists(clue(height), min_size=width, max_size=width)))
    return TentsInstance(width, height, trees, rows, cols)


@settings(max_examples=300, deadline=None)
@given(instance=instances())
def test_round_trip_and_pzprjs_encoding(instance: TentsInstance) -> None:
    url = puzzlink.encode(instance)
    w, h = instance.width, instance.height
    body = _pzprjs_clues([*instance.cols, *instance.rows]) + _pzprjs_trees(instance)
    assert url == f"{puzzlink.PREFIX}tents/{w}/{h}/{body}"
    assert puzzlink.decode(url) == instance
    assert puzzlink.encode(puzzlink.decode(url)) == url
    # through the command line's reader and the generic convert, too
    assert TENTS.from_argument(url) == instance
    assert TENTS.write(TENTS.from_argument(TENTS.write(instance, "puzzlink")), "puzzlink") == url  # type: ignore[arg-type]


@settings(max_examples=30, deadline=None)
@given(instance=instances(long_lines=True))
def test_clues_above_255_round_trip(instance: TentsInstance) -> None:
    url = puzzlink.encode(instance)
    assert puzzlink.decode(url) == instance
    body = _pzprjs_clues([*instance.cols, *instance.rows]) + _pzprjs_trees(instance)
    assert url.endswith(body)


def test_long_runs_are_cut_as_pzprjs_cuts_them() -> None:
    # 40 x 1, no clues: 41 missing clues ('z' 20, 'z' 20, 'g' 1); a tree and 17 free cells
    # ('h'), 18 free ('z'), 3 free ('k'), the tree at the end ('0')
    trees = frozenset({(0, 0), (0, 39)})
    instance = TentsInstance(40, 1, trees, (None,), (None,) * 40)
    assert puzzlink.encode(instance, prefix="") == "tents/40/1/zzg" + "hzk0"
    assert puzzlink.decode(puzzlink.encode(instance)) == instance


# ---- malformed URLs: what and where -------------------------------------------------------------
@pytest.mark.parametrize(
    ("url", "message", "column"),
    [
        ("tents/5/5/2g0h1i1j8232", "the trees end after 21 of 25 cells", 23),
        ("tents/5/5/2g0h1i1j823233", "unexpected data after the grid: '3'", 24),
        ("tents/5/5/2g0h1i1j8232z", "'z' runs 14 cell(s) past the end", 23),
        ("tents/5/5/9g0h1i1j82323", "clue 9 for column 0 exceeds its length 5", 11),
        ("tents/5/5/2g0h1i1jX2323", "invalid character 'X' in the trees", 19),
        ("tents/5/5/2g0zh", "'z' skips 20 clues, only 7 are left", 14),
        ("tents/5/5/2g0h1", "the clues end after 6 of 10", 16),
        ("tents/5/5/-1g", "'-' must be followed by 2 hex digits", 11),
        ("tents/5/x/1", "the height must be a positive integer, got 'x'", 9),
        ("tents/0/5/1", "the width must be at least 1", 7),
        ("tents/5/5", "expected tents/W/H/BODY", 1),
        ("https://puzz.link/p?lits/5/5/x", "for 'lits', not 'tents'", 21),
        ("https://puzz.link/list?tents/5/5/x", "the editor's address", 18),
        ("https://puzz.link/", "expected https://puzz.link/p?tents/W/H/BODY", None),
    ],
)
def test_malformed_urls_say_what_and_where(url: str, message: str, column: int | None) -> None:
    with pytest.raises(BadInput) as raised:
        puzzlink.decode(url, source="<URL>")
    assert message in raised.value.message
    assert raised.value.column == column
    assert raised.value.source == "<URL>"


def test_malformed_url_on_the_command_line_is_one_line_and_exit_2(cli_run) -> None:
    run = cli_run(["tents", "solve", "https://puzz.link/p?tents/5/5/2g0h1i1j8232"])
    assert run.code == 2
    assert run.stderr.strip().splitlines() == [
        "boardlab: error: <URL>:43: puzz.link URL: the trees end after 21 of 25 cells"
    ]


def test_a_url_solves_and_a_file_of_urls_too(cli_run, tmp_path) -> None:
    solved = cli_run(["tents", "solve", PZPRJS_URL, "--unique", "--json"])
    assert solved.code == 0, solved.stderr
    answer = solved.json_lines()[0]
    assert answer["unique"] is True and answer["solutions"] == [PZPRJS_SOLUTION]
    listed = tmp_path / "urls.txt"
    listed.write_text(f"# pzprjs's test puzzle, twice\n{PZPRJS_URL}\ntents/5/5/2g0h1i1j82323\n")
    both = cli_run(["tents", "solve", str(listed), "--json"])
    assert both.code == 0, both.stderr
    assert [line["solutions"] for line in both.json_lines()] == [[PZPRJS_SOLUTION]] * 2


@settings(max_examples=300, deadline=None)
@given(
    width=st.integers(0, 12),
    height=st.integers(0, 12),
    body=st.text(alphabet="0123456789abcdefghijklmnopqrstuvwxyz.-+/?%XZ ", max_size=60),
)
def test_any_body_is_a_puzzle_or_one_bad_input(width: int, height: int, body: str) -> None:
    """Whatever follows the size, decoding gives an instance that writes back the same way, or
    BadInput (exit 2, one line) with a column inside the URL: never another exception."""
    url = f"tents/{width}/{height}/{body}"
    try:
        instance = puzzlink.decode(url)
    except BadInput as error:
        assert error.column is None or 1 <= error.column <= len(url) + 1
        return
    assert puzzlink.decode(puzzlink.encode(instance)) == instance
