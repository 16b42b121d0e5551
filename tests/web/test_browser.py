"""The page in a real browser: Playwright (Python) driving Debian's chromium.

Needs `pip install playwright` (the Python package only: never `playwright install`, which
downloads a browser) and `apt-get install -y chromium` (/usr/bin/chromium). Without them these
tests are skipped with a message saying so; with BOARDLAB_REQUIRE_BROWSER=1 (CI) they fail
instead, so a missing browser cannot pass unnoticed.

Set BOARDLAB_WEB_SCREENSHOT=docs/web.png to save the screenshot used in the docs.
Tests of families that are not registered (yet) are skipped.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
from pathlib import Path

import pytest

WEB_EXTRA = "the web tests need the web extra: pip install 'boardlab[web]' (fastapi, uvicorn, httpx)"
for _module in ("fastapi", "uvicorn", "httpx"):
    pytest.importorskip(_module, reason=WEB_EXTRA)

from boardlab.core import registry
from boardlab.data import CNOTE_PUBLISHED, TENTS_TATHAM_SAMPLE

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
HOW_TO_INSTALL = (
    "browser tests need the Python package playwright (pip install playwright; do NOT run "
    "'playwright install') and Debian's chromium at /usr/bin/chromium "
    "(apt-get update && apt-get install -y chromium)"
)

pytestmark = pytest.mark.browser


def _missing() -> str | None:
    if importlib.util.find_spec("playwright") is None:
        return "playwright is not installed"
    if not os.path.exists(CHROMIUM):
        return f"{CHROMIUM} is missing"
    return None


@pytest.fixture(scope="module")
def browser():
    missing = _missing()
    if missing:
        message = f"{missing}: {HOW_TO_INSTALL}"
        if os.environ.get("BOARDLAB_REQUIRE_BROWSER"):
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.set_default_timeout(20000)
    opened.goto(live_server + "/")
    opened.wait_for_selector("#editor .cell, #text")
    yield opened
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def needs(name: str) -> None:
    if name not in {f.name for f in registry.families()}:
        pytest.skip(f"family {name} is not registered in this tree yet")


def choose(page, family: str) -> None:
    page.select_option("#family", family)
    page.wait_for_function(
        "f => window.boardlabState.family && window.boardlabState.family.name === f", arg=family
    )
    page.wait_for_timeout(300)


def wait_status(page, pattern: str) -> str:
    page.wait_for_function(
        "p => !document.body.classList.contains('working') && new RegExp(p).test(document.getElementById('status').textContent)",
        arg=pattern,
        timeout=60000,
    )
    return page.inner_text("#status")


def wait_drawn_solution(page) -> None:
    page.wait_for_function("() => document.getElementById('board-img').dataset.solution === 'yes'")


# ---- N-Queens (in every tree) ----------------------------------------------------------------
def test_edit_solve_and_see_the_solution(page, live_server):
    choose(page, "nqueens")
    assert page.locator("#editor .cell").count() == 64
    page.click("#cell-0-0")  # fix a queen in the corner
    page.wait_for_function("() => document.getElementById('text').value.startsWith('Q.......')")
    page.click("#mode-buttons button[data-mode=first]")
    status = wait_status(page, "Status: ")
    assert "solved" in status
    wait_drawn_solution(page)
    state = page.evaluate("window.boardlabState.result")
    queens = state["solutions"][0]["queens"]
    assert queens[0] == 0 and sorted(queens) == list(range(8))
    assert page.locator("#stats tr").count() >= 2
    assert "seconds" in page.inner_text("#stats")


def test_count_and_unique_buttons(page):
    choose(page, "nqueens")
    page.fill("#ed-size", "6")
    page.press("#ed-size", "Enter")
    page.wait_for_function(
        "() => window.boardlabState.instance.n === 6 && document.getElementById('text').value.split('\\n').length === 7"
    )
    page.click("#mode-buttons button[data-mode=count]")
    assert "count: 4" in wait_status(page, "count")
    page.click("#mode-buttons button[data-mode=unique]")
    assert "unique: no" in wait_status(page, "unique")


def test_bad_paste_shows_an_error_message(page):
    choose(page, "nqueens")
    page.click("#text-box summary") if not page.is_visible("#text") else None
    page.fill("#text", "Q..\n.Z.\n...\n")
    page.click("#load")
    page.wait_for_selector("#error:not([hidden])")
    message = page.inner_text("#error")
    assert "unexpected character" in message and "2:2" in message
    page.fill("#text", "Q...\n....\n....\n....\n")
    page.click("#load")
    page.wait_for_function("() => window.boardlabState.instance.n === 4")
    assert page.evaluate("window.boardlabState.instance") == {"family": "nqueens", "n": 4, "fixed": [[0, 0]]}
    assert not page.is_visible("#error")


def test_open_a_file(page):
    choose(page, "nqueens")
    board = "# a completion puzzle\n.Q....\n......\n......\n......\n......\n......\n"
    page.set_input_files(
        "#file", files=[{"name": "six.txt", "mimeType": "text/plain", "buffer": board.encode()}]
    )
    page.wait_for_function("() => window.boardlabState.instance.n === 6")
    assert page.evaluate("window.boardlabState.instance.fixed") == [[0, 1]]
    assert page.locator("#editor .cell").count() == 36
    page.set_input_files(
        "#file", files=[{"name": "bad.json", "mimeType": "application/json", "buffer": b'{"n": 4'}]
    )
    page.wait_for_selector("#error:not([hidden])")
    assert "malformed JSON" in page.inner_text("#error")


def test_keyboard_editing(page):
    choose(page, "nqueens")
    page.focus("#cell-0-0")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_function("() => JSON.stringify(window.boardlabState.instance.fixed) === '[[1,1]]'")
    assert page.evaluate("document.activeElement.id") == "cell-1-1"
    assert "fixed queen" in page.get_attribute("#cell-1-1", "aria-label")
    page.wait_for_function("() => document.getElementById('text').value.startsWith('........\\n.Q......')")
    page.wait_for_timeout(300)
    for control in page.locator("select, input:not([type=file]), textarea").all():
        if control.is_visible():
            labelled = control.evaluate(
                "el => !!(el.labels && el.labels.length) || !!el.getAttribute('aria-label')"
            )
            assert labelled, control.evaluate("el => el.outerHTML")
    for button in page.locator("button").all():
        if button.is_visible():
            name = button.evaluate("el => (el.getAttribute('aria-label') || el.textContent || '').trim()")
            assert name, button.evaluate("el => el.outerHTML")
    # the file input is reachable from the keyboard, and shows where the focus is
    if not page.is_visible("#load"):
        page.click("#text-box summary")
    page.focus("#load")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "file"
    outline = page.evaluate("getComputedStyle(document.querySelector('.file-button')).outlineStyle")
    assert outline == "solid"


def test_generate_with_seed_then_solve(page):
    choose(page, "nqueens")
    page.fill("#seed", "11")
    page.fill("#opt-generate-size", "7")
    page.click("#generate")
    wait_status(page, "Generated a puzzle \\(seed 11\\)")
    generated = page.evaluate("window.boardlabState.generated")
    assert generated["instance"]["n"] == 7
    page.click("#mode-buttons button[data-mode=unique]")
    assert "unique: yes" in wait_status(page, "Status")
    result = page.evaluate("window.boardlabState.result")
    assert result["solutions"][0] == generated["solution"]


def wrong_cells(page) -> list[str]:
    return page.evaluate("() => [...document.querySelectorAll('#editor .cell.wrong')].map(el => el.id)")


def wait_wrong(page, cells: list[str]) -> None:
    page.wait_for_function(
        "want => JSON.stringify([...document.querySelectorAll('#editor .cell.wrong')]"
        ".map(el => el.id).sort()) === JSON.stringify(want)",
        arg=sorted(cells),
    )


def wait_solved(page) -> None:
    page.wait_for_function(
        "() => document.getElementById('play-status').textContent.startsWith('Solved!')"
        " && document.querySelector('#editor .grid.solved')"
    )


def queens_board(page, n: int) -> None:
    """An empty n x n N-Queens board in the editor."""
    page.fill("#ed-size", str(n))
    page.press("#ed-size", "Enter")
    page.wait_for_function(
        "n => window.boardlabState.instance.n === n && document.querySelectorAll('#editor .cell').length === n * n",
        arg=n,
    )


def test_play_mode_marks_attacks_undo_redo_and_solved(page):
    choose(page, "nqueens")
    queens_board(page, 4)
    page.click("#play")
    page.wait_for_function(
        "() => document.getElementById('play-status').textContent.includes('0 of 4 queens')"
    )
    assert page.locator("#violations li").count() == 0  # no list of unmet rules before a move
    page.click("#cell-0-0")
    page.click("#cell-1-1")
    wait_wrong(page, ["cell-0-0", "cell-1-1"])  # the two queens share a diagonal
    assert "column -1" not in page.inner_text("#play-report")
    page.click("#undo")
    wait_wrong(page, [])
    assert page.evaluate("window.boardlabState.partial.queens") == [0, -1, -1, -1]
    page.keyboard.press("Control+y")
    wait_wrong(page, ["cell-0-0", "cell-1-1"])
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+z")
    page.wait_for_function("() => JSON.stringify(window.boardlabState.partial.queens) === '[-1,-1,-1,-1]'")
    # the keyboard alone: arrows move, Enter puts the row's queen
    page.focus("#cell-0-0")
    for row, col in enumerate([1, 3, 0, 2]):
        page.focus(f"#cell-{row}-0")
        for _ in range(col):
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
    wait_solved(page)
    assert wrong_cells(page) == [] and page.locator("#violations li").count() == 0
    # and with the mouse, after clearing
    page.click("#clear-play")
    page.wait_for_function("() => !document.querySelector('#editor .grid.solved')")
    for row, col in enumerate([2, 0, 3, 1]):
        page.click(f"#cell-{row}-{col}")
    wait_solved(page)


def test_board_coordinates(page):
    choose(page, "chessnum")
    heads = page.evaluate("() => [...document.querySelectorAll('#editor .coord')].map(el => el.textContent)")
    assert heads[1:9] == list("abcdefgh") and "8" in heads and "1" in heads
    choose(page, "tents")
    heads = page.evaluate(
        "() => [...document.querySelectorAll('#editor [role=columnheader]')].map(el => el.textContent)"
    )
    assert heads == [str(k) for k in range(len(heads))]


def test_unknown_shapes_fall_back_to_text(page):
    choose(page, "nqueens")
    page.fill("#text", "50") if page.is_visible("#text") else (
        page.click("#text-box summary"),
        page.fill("#text", "50"),
    )
    page.click("#load")
    page.wait_for_function("() => window.boardlabState.instance.n === 50")
    assert page.locator("#editor .cell").count() == 0  # too large for the click editor
    assert page.is_visible("#size-input") and page.is_visible("#text")
    page.click("#mode-buttons button[data-mode=first]")
    assert "solved" in wait_status(page, "Status")
    page.click("#play")
    assert page.is_visible("#play-json")
    solution = page.evaluate("window.boardlabState.result.solutions[0]")
    page.fill("#play-json", json.dumps(solution))
    page.wait_for_function("() => document.getElementById('play-status').textContent.startsWith('Solved')")


def test_downloads(page):
    choose(page, "nqueens")
    page.click("#mode-buttons button[data-mode=first]")
    wait_drawn_solution(page)
    for button, suffix, check in (
        ("#dl-text", ".txt", lambda text: text.count("\n") == 8),
        ("#dl-json", ".json", lambda text: json.loads(text)["n"] == 8),
        ("#dl-solution", "-solution.json", lambda text: len(json.loads(text)["queens"]) == 8),
        ("#dl-svg", ".svg", lambda text: text.startswith("<svg")),
    ):
        with page.expect_download() as info:
            page.click(button)
        download = info.value
        assert download.suggested_filename.endswith(suffix)
        assert check(Path(download.path()).read_text())


def test_phone_width(browser, live_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    phone = context.new_page()
    phone.goto(live_server + "/")
    phone.wait_for_selector("#editor .cell")
    phone.click("#mode-buttons button[data-mode=first]")
    wait_status(phone, "Status")
    overflow = phone.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"the page is {overflow}px wider than the phone"
    box = phone.locator("#editor .grid").bounding_box()
    assert box["width"] <= 390
    if "chessnum" in {f.name for f in registry.families()}:  # play on the phone: taps and clue counts
        phone.select_option("#family", "chessnum")
        phone.wait_for_function(
            "() => window.boardlabState.family.name === 'chessnum' && document.querySelector('#cell-0-0')"
        )
        phone.tap("#play")
        phone.wait_for_function("() => window.boardlabState.play")
        for index, (row, col) in ((0, (1, 3)), (2, (0, 2))):  # king d7, rook c8
            phone.tap(f"label[for=piece-{index}]")
            phone.tap(f"#cell-{row}-{col}")
        phone.wait_for_function("() => document.getElementById('cell-0-3').textContent === '2/6'")
        assert phone.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 1
    shot = os.environ.get("BOARDLAB_WEB_SCREENSHOT")
    if shot:
        phone.locator("#board-section").scroll_into_view_if_needed()
        phone.screenshot(path=re.sub(r"(\.png)?$", "-phone.png", shot, count=1))
    context.close()


# ---- the families that land later ------------------------------------------------------------
def test_tents_edit_solve_and_play(page, live_server):
    needs("tents")
    choose(page, "tents")
    page.fill("#ed-width", "5")
    page.press("#ed-width", "Enter")
    page.fill("#ed-height", "4")
    page.press("#ed-height", "Enter")
    page.wait_for_function(
        "() => window.boardlabState.instance.grid.length === 4 && window.boardlabState.instance.grid[0].length === 5"
    )
    # make the board empty, then plant three trees and give no clues
    page.click("#editor-controls button:has-text('Clear clues')")
    for row in range(4):
        for col in range(5):
            if page.get_attribute(f"#cell-{row}-{col}", "aria-label").endswith("tree"):
                page.click(f"#cell-{row}-{col}")
    for row, col in ((0, 0), (1, 3), (3, 1)):
        page.click(f"#cell-{row}-{col}")
    page.wait_for_function("() => window.boardlabState.instance.grid.join('').split('T').length - 1 === 3")
    page.click("#mode-buttons button[data-mode=first]")
    assert "solved" in wait_status(page, "Status")
    wait_drawn_solution(page)
    result = page.evaluate("window.boardlabState.result")
    tents = result["solutions"][0]["tents"]
    assert len(tents) == 3
    # play: put the solver's tents by hand, the page says solved
    page.click("#play")
    for row, col in tents:
        page.click(f"#cell-{row}-{col}")
    page.wait_for_function("() => document.getElementById('play-status').textContent.startsWith('Solved')")


def test_a_click_held_while_the_server_answers_the_last_edit_is_not_lost(page):
    """The server's check of an edit answers after 150 ms; a cell pressed before that answer and
    released after it is still clicked (the board is not rebuilt when the puzzle is unchanged)."""
    needs("tents")
    choose(page, "tents")
    grid = page.evaluate("window.boardlabState.instance.grid")
    before = sum(line.count("T") for line in grid)
    planted = grid[0][0] == "."  # the first click plants a tree (else it removes one)
    other = next(
        (r, c)
        for r, line in enumerate(grid)
        for c, cell in enumerate(line)
        if (r, c) != (0, 0) and cell in ".T" and (cell == ".") == planted
    )
    text = page.evaluate("document.getElementById('text').value")
    page.click("#cell-0-0")
    page.hover(f"#cell-{other[0]}-{other[1]}")
    page.mouse.down()
    # the answer to the first edit has been drawn (the text box shows the edited puzzle)
    page.wait_for_function("t => document.getElementById('text').value !== t", arg=text)
    page.mouse.up()
    page.wait_for_function(
        "n => window.boardlabState.instance.grid.join('').split('T').length - 1 === n",
        arg=before + (2 if planted else -2),
    )


def test_tents_game_id_paste(page):
    needs("tents")
    choose(page, "tents")
    record = json.loads(TENTS_TATHAM_SAMPLE.read_text().splitlines()[0])
    game_id = next(
        (v for k, v in record.items() if "id" in k.lower() and isinstance(v, str) and ":" in v), None
    )
    assert game_id is not None, "the sample record has a game ID"
    if not page.is_visible("#text"):
        page.click("#text-box summary")
    page.fill("#text", game_id)
    page.click("#load")
    wait_status(page, "Puzzle loaded")
    page.click("#mode-buttons button[data-mode=unique]")
    assert "unique: yes" in wait_status(page, "Status")
    found = page.evaluate("window.boardlabState.result.solutions[0].tents")
    assert sorted(map(tuple, found)) == sorted(map(tuple, record["solution"]["tents"]))
    wait_drawn_solution(page)


def test_cnote_generate_then_solve(page):
    needs("cnote")
    choose(page, "cnote")
    page.fill("#seed", "3")
    page.fill("#time-limit", "60")
    page.click("#generate")
    wait_status(page, "Generated a puzzle")
    generated = page.evaluate("window.boardlabState.generated")
    page.click("#mode-buttons button[data-mode=first]")
    assert "solved" in wait_status(page, "Status: ")
    wait_drawn_solution(page)
    result = page.evaluate("window.boardlabState.result")
    assert result["instance"] == generated["instance"]


def load_worked_example(page) -> None:
    """The Chess-Num worked example of DESIGN.md, pasted as JSON and loaded."""
    needs("chessnum")
    choose(page, "chessnum")
    puzzle = {
        "family": "chessnum",
        "size": 8,
        "pieces": "KQRBNP",
        "clues": {"b8": 1, "d8": 6, "e6": 2, "d4": 0},
    }
    if not page.is_visible("#text"):
        page.click("#text-box summary")
    page.fill("#text", json.dumps(puzzle))
    page.click("#load")
    wait_status(page, "Puzzle loaded")


def test_chessnum_worked_example_and_play(page):
    load_worked_example(page)
    page.click("#mode-buttons button[data-mode=unique]")
    assert "unique: yes" in wait_status(page, "Status")
    solution = page.evaluate("window.boardlabState.result.solutions[0]")
    assert solution == {"K": "d7", "Q": "g8", "R": "c8", "B": "a5", "N": "b7", "P": "e7"}
    page.click("#play")
    files = "abcdefgh"
    for index, letter in enumerate("KQRBNP"):
        square = solution[letter]
        page.check(f"#piece-{index}")
        page.click(f"#cell-{8 - int(square[1])}-{files.index(square[0])}")
    page.wait_for_function("() => document.getElementById('play-status').textContent.startsWith('Solved')")


def test_detektivschach_made_in_the_editor(page):
    """A Detektivschach puzzle built with the editor alone: numbers by typing, the squares where
    the pieces stand by "Mark squares" clicks; the page then solves it by square."""
    needs("chessnum")
    choose(page, "chessnum")
    page.fill("#ed-size", "4")
    page.dispatch_event("#ed-size", "change")
    page.fill("#ed-pieces", "QN")
    page.dispatch_event("#ed-pieces", "change")
    page.click("text=Clear numbers")
    page.wait_for_function("() => Object.keys(window.boardlabState.instance.clues).length === 0")
    page.click("#ed-mark")
    page.click("#cell-3-1")  # b1
    page.click("#cell-1-2")  # c3
    page.click("#ed-mark")  # back to numbers
    page.click("#cell-0-0")  # a4: none -> 0
    page.click("#cell-0-0")  # 0 -> 1
    instance = page.evaluate("window.boardlabState.instance")
    assert instance["occupied"] == ["b1", "c3"] and instance["clues"] == {"a4": 1}
    page.click("#mode-buttons button[data-mode=first]")
    wait_status(page, "Status")
    # the knight on c3 attacks a4, the queen on b1 does not; the other way round none does
    assert page.evaluate("window.boardlabState.result.solutions") == [{"b1": "Q", "c3": "N"}]


def test_chessnum_explain_draws_the_attackers_on_the_page(page):
    """The explain option (a drawing option) draws each clue's attackers on the shown solution,
    as the command line's SVG does; unticking it draws the plain solution again."""
    load_worked_example(page)
    page.click("#mode-buttons button[data-mode=first]")
    wait_status(page, "Status: ")
    wait_drawn_solution(page)
    drawn = "() => decodeURIComponent(document.getElementById('board-img').src)"
    assert "attacks" not in page.evaluate(drawn)
    page.check("#opt-solve-explain")
    page.wait_for_function(f"() => ({drawn})().includes('attacks d8')")
    # d8 = 6: six attack lines end on d8, one per piece
    assert page.evaluate(f"() => ({drawn})().split('attacks d8<').length - 1") == 6
    page.uncheck("#opt-solve-explain")
    page.wait_for_function(f"() => !({drawn})().includes('attacks d8')")


def test_armies_attacks_is_a_drawing_option(page):
    needs("armies")
    choose(page, "armies")
    assert "(drawing)" in page.inner_text("label[for=opt-solve-attacks]")
    page.click("#mode-buttons button[data-mode=first]")
    wait_status(page, "Status: ")
    wait_drawn_solution(page)
    drawn = "() => decodeURIComponent(document.getElementById('board-img').src)"
    before = page.evaluate(drawn)
    page.check("#opt-solve-attacks")
    page.wait_for_function(f"src => ({drawn})() !== src", arg=before)


#: Every filled cell and edge number of the board editor whose glyph (its fill, or its outline
#: when the outline is at least 1 px wide) falls short of WCAG AA against the colour under it:
#: 3:1 for pieces and marks (graphical objects) and large or bold text (an approximation: the
#: cell numbers are bold or 24 px), 4.5:1 for other text.
POOR_CONTRAST = r"""
() => {
  const rgb = (c) => (c.match(/[\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const lin = [r, g, b].map((v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
  };
  const ratio = (a, b) => { const [h, l] = [lum(a), lum(b)].sort((x, y) => y - x); return (h + 0.05) / (l + 0.05); };
  const ground = (el) => {
    for (; el; el = el.parentElement) {
      const c = rgb(getComputedStyle(el).backgroundColor);
      if (c.length < 4 || c[3] > 0) return c;
    }
    return [255, 255, 255];
  };
  const poor = [];
  for (const el of document.querySelectorAll("#editor .cell, #editor .edge")) {
    const text = el.textContent.trim();
    if (!text) continue;
    const s = getComputedStyle(el), under = ground(el);
    let best = ratio(rgb(s.color), under);
    if (parseFloat(s.webkitTextStrokeWidth || "0") >= 1) best = Math.max(best, ratio(rgb(s.webkitTextStrokeColor), under));
    const graphic = !/^[0-9?]+$/.test(text) || parseFloat(s.fontSize) >= 24 || Number(s.fontWeight) >= 700;
    if (best < (graphic ? 3 : 4.5)) poor.push([el.id || el.className, text, s.color, under.join(","), best.toFixed(2)]);
  }
  return poor;
}
"""


@pytest.mark.parametrize("family", ["nqueens", "armies", "chessnum", "cnote", "tents"])
def test_boards_in_play_reach_aa_contrast(page, family):
    """Each family's opening puzzle in play mode, with pieces of every kind on light and dark
    squares (armies: a white and a black queen), solved by the hint button where it can be."""
    needs(family)
    choose(page, family)
    page.click("#play")
    if family == "armies":
        page.click("#cell-0-0")  # white, light square
        page.click("#cell-1-0")  # white, dark square
        for _ in range(2):
            page.click("#cell-3-5")  # black
        page.click("#cell-2-5")
        page.click("#cell-2-5")  # black, the other colour of square
    else:
        for _ in range(3):  # a few pieces or numbers from applied hints
            page.click("#hint")
            page.wait_for_function(
                "() => /^(Hint|Mistake)/.test(document.getElementById('hint-message').textContent)"
            )
            page.click("#apply-hint")
            page.wait_for_timeout(100)
    assert page.locator("#editor .cell").count() > 0
    assert page.evaluate(POOR_CONTRAST) == []


# ---- the editors' logic, in the page, whatever families are registered ------------------------
EDITOR_CHECKS = r"""
() => {
  const E = window.BoardEditors, out = {};
  // tents: trees, resizing, play cycle, solution with given tents, hints
  const t = {family: "tents", grid: ["T..", ".^.", "..x"], rows: [1, null, 0], cols: [null, 1, 0]};
  out.tentsAccepts = E.tents.accepts(t) && !E.tents.accepts({...t, extra: 1}) && !E.tents.accepts({...t, rows: [1]});
  out.tentsTree = E.tents.activate(t, 0, 1).grid[0];
  out.tentsUntree = E.tents.activate(t, 0, 0).grid[0];
  let p = E.tents.play.start(t, null);
  p = E.tents.play.activate(t, p, 0, 1);            // tent
  out.tentsAfterOne = E.tents.play.solution(t, p).tents;
  p = E.tents.play.activate(t, p, 0, 1);            // mark empty
  out.tentsMarked = [...p.empty];
  out.tentsTreeClick = E.tents.play.activate(t, p, 0, 0);
  p = E.tents.play.merge(t, p, {tents: [[2, 0]]}, null);
  out.tentsMerged = E.tents.play.solution(t, p).tents;
  out.tentsMarks = E.tents.play.marks(t, {tents: [[2, 0]], empty: [[0, 2]]});
  // chessnum: clue keys, cycling, squares, pieces with a repeated letter
  const c = {family: "chessnum", size: 8, pieces: "KNN", clues: {b8: 1}};
  out.chessDigit = E.chessnum.activate(c, 7, 0, "3").clues;
  out.chessCycle = E.chessnum.activate(c, 0, 1).clues.b8;
  out.chessClear = E.chessnum.activate(c, 0, 1, "Delete").clues;
  out.chessTop = E.chessnum.activate({...c, clues: {b8: 3}}, 0, 1).clues;
  let q = E.chessnum.play.start(c, null);
  q = E.chessnum.play.activate(c, q, 1, 0);         // K on a7
  q = E.chessnum.play.activate(c, q, 7, 7);         // first N on h1
  q = E.chessnum.play.activate(c, q, 6, 2);         // second N on c2
  out.chessSolution = E.chessnum.play.solution(c, q);
  out.chessOnClue = E.chessnum.play.activate(c, q, 0, 1);
  q = E.chessnum.play.activate(c, q, 1, 0);         // take the king back
  out.chessTaken = E.chessnum.play.solution(c, q);
  out.chessStart = E.chessnum.play.start(c, {K: "d7", N: ["b1", "c3"]}).placed;
  out.chessMerged = E.chessnum.play.solution(c, E.chessnum.play.merge(c, q, {K: "e4"}, {N: "h1"}));
  // Detektivschach: marked squares shown, pieces only on them, solutions by square read
  const d = {family: "chessnum", size: 4, pieces: "QN", clues: {a4: 1}, occupied: ["b1", "c3"]};
  out.detAccepts = E.chessnum.accepts(d);
  out.detMark = E.chessnum.cell(d, 3, 1).cls;
  const ds = E.chessnum.play.start(d, {b1: "N", c3: "Q"});
  out.detStart = ds.placed;
  out.detPlayMark = E.chessnum.play.cell(d, E.chessnum.play.start(d, null), 1, 2).cls;
  out.detOffMark = E.chessnum.play.activate(d, E.chessnum.play.start(d, null), 0, 1);
  out.detMerged = E.chessnum.play.solution(d, E.chessnum.play.merge(d, E.chessnum.play.start(d, null), {c3: "Q"}, null));
  // Detektivschach in the editor: * marks a square (its number goes), * again or Delete unmarks it;
  // with no mark left the instance has no "occupied" at all (a classic puzzle)
  out.detMarkKey = E.chessnum.activate(d, 0, 0, "*");
  out.detUnmarkLast = "occupied" in E.chessnum.activate({...d, occupied: ["b1"]}, 3, 1, "*");
  out.detDelete = E.chessnum.activate(d, 1, 2, "Delete").occupied;
  out.detDigitOnMark = E.chessnum.activate(d, 1, 2, "3");
  // cnote: digits, play numbers, empty cells count as the digit
  const n = {family: "cnote", target: 100, grid: [[8, 8], [6, 2]]};
  out.cnoteDigit = E.cnote.activate(n, 0, 1, "5").grid;
  out.cnoteCycle = E.cnote.activate({...n, grid: [[9, 8], [6, 2]]}, 0, 0).grid[0][0];
  let r = E.cnote.play.start(n, null);
  r = E.cnote.play.activate(n, r, 0, 0, "18");
  out.cnoteSolution = E.cnote.play.solution(n, r).grid;
  out.cnoteBad = E.cnote.play.activate(n, r, 0, 0, "1e3");
  // nqueens: fixed queens and play
  const z = {family: "nqueens", n: 4};
  out.queensFixed = E.nqueens.activate(z, 1, 2).fixed;
  out.queensUnfixed = E.nqueens.activate({...z, fixed: [[1, 2]]}, 1, 2);
  let s = E.nqueens.play.start({...z, fixed: [[0, 1]]}, null);
  out.queensFixedRow = E.nqueens.play.activate({...z, fixed: [[0, 1]]}, s, 0, 3);
  s = E.nqueens.play.activate({...z, fixed: [[0, 1]]}, s, 1, 3);
  out.queensPlay = E.nqueens.play.solution(z, s).queens;
  return out;
}
"""


def test_editor_logic(page):
    got = page.evaluate(EDITOR_CHECKS)
    assert got["tentsAccepts"] is True
    assert got["tentsTree"] == "TT." and got["tentsUntree"] == "..."
    assert got["tentsAfterOne"] == [[0, 1], [1, 1]]  # the given tent (^) is part of the solution
    assert got["tentsMarked"] == ["0,1"] and got["tentsTreeClick"] is None
    assert got["tentsMerged"] == [[1, 1], [2, 0]]
    assert sorted(got["tentsMarks"]) == ["0,2", "2,0"]
    assert got["chessDigit"] == {"b8": 1, "a1": 3}
    assert got["chessCycle"] == 2 and got["chessClear"] == {} and got["chessTop"] == {}
    assert got["chessSolution"] == {"K": "a7", "N": ["h1", "c2"]}
    assert got["chessOnClue"] is None
    assert got["chessTaken"] == {"N": ["h1", "c2"]}
    assert got["chessStart"] == ["d7", "b1", "c3"]
    assert got["chessMerged"] == {"K": "e4", "N": ["c2"]}
    assert got["detAccepts"] is True and got["detMark"] == "marked" and got["detPlayMark"] == "marked"
    assert got["detStart"] == ["c3", "b1"] and got["detOffMark"] is None and got["detMerged"] == {"Q": "c3"}
    assert got["detMarkKey"] == {
        "family": "chessnum",
        "size": 4,
        "pieces": "QN",
        "clues": {},
        "occupied": ["a4", "b1", "c3"],
    }
    assert got["detUnmarkLast"] is False and got["detDelete"] == ["b1"] and got["detDigitOnMark"] is None
    assert got["cnoteDigit"] == [[8, 5], [6, 2]] and got["cnoteCycle"] == 0
    assert got["cnoteSolution"] == [[18, 8], [6, 2]] and got["cnoteBad"] is None
    assert got["queensFixed"] == [[1, 2]] and got["queensUnfixed"] == {"family": "nqueens", "n": 4}
    assert got["queensFixedRow"] is None and got["queensPlay"] == [1, 3, -1, -1]


def test_armies_edit_solve_and_play(page):
    needs("armies")
    choose(page, "armies")
    page.fill("#ed-size", "4")
    page.press("#ed-size", "Enter")
    page.fill("#ed-m", "2")
    page.press("#ed-m", "Enter")
    page.wait_for_function(
        "() => window.boardlabState.instance.n === 4 && window.boardlabState.instance.m === 2"
    )
    page.click("#mode-buttons button[data-mode=first]")
    assert "solved" in wait_status(page, "Status")
    page.click("#play")
    page.click("#cell-0-0")  # white
    page.click("#cell-0-1")
    page.click("#cell-0-1")  # black, attacked by the white queen beside it
    wait_wrong(page, ["cell-0-0", "cell-0-1"])
    page.click("#cell-0-1")  # empty again
    wait_wrong(page, [])
    page.wait_for_function(
        "() => window.boardlabState.partial && Object.keys(window.boardlabState.partial.cells).length === 1"
    )
    # a peaceful placement of 2 + 2: white on the top-left pair, black out of their reach
    page.click("#cell-0-1")  # white
    for square, clicks in (((1, 3), 2), ((3, 2), 2)):
        for _ in range(clicks):
            page.click(f"#cell-{square[0]}-{square[1]}")
    wait_solved(page)


# ---- playing every family: marks on the board, hints, undo, Solved!, any size, sharing --------
def first_tents_record() -> dict:
    return json.loads(TENTS_TATHAM_SAMPLE.read_text().splitlines()[0])


def start_play(page) -> None:
    page.click("#play")
    page.wait_for_function(
        "() => window.boardlabState.play && document.querySelector('#editor .grid.playing')"
    )


@pytest.mark.parametrize("family", ["nqueens", "armies", "chessnum", "cnote", "tents"])
def test_hints_applied_play_the_opening_puzzle_to_solved_then_undo_and_redo(page, family):
    """Every family's opening puzzle, played from an empty board by asking a hint and applying
    it until the page says "Solved!"; then Ctrl-Z leaves the solved state and Ctrl-Y returns."""
    needs(family)
    choose(page, family)
    start_play(page)
    for _ in range(200):
        if page.evaluate("() => document.getElementById('play-status').textContent.startsWith('Solved!')"):
            break
        page.click("#hint")
        page.wait_for_function(
            "() => !document.body.classList.contains('working')"
            " && /^(Hint|Mistake|Solved)/.test(document.getElementById('hint-message').textContent)"
        )
        message = page.inner_text("#hint-message")
        assert message.startswith(("Hint", "Solved")), message  # hints never lead into a mistake
        if page.is_visible("#apply-hint") and page.is_enabled("#apply-hint"):
            page.click("#apply-hint")
    wait_solved(page)
    page.keyboard.press("Control+z")
    page.wait_for_function("() => !document.querySelector('#editor .grid.solved')")
    page.keyboard.press("Control+y")
    wait_solved(page)


@pytest.mark.parametrize("family", ["armies", "chessnum"])
def test_keyboard_play_to_solved(page, family):
    """The opening puzzle solved on the page, then played by keyboard alone from an empty board:
    focus a square, `w`/`b` for an army's queen, a piece's letter for Chess-Num."""
    needs(family)
    choose(page, family)
    page.click("#mode-buttons button[data-mode=first]")
    assert "solved" in wait_status(page, "Status")
    solution = page.evaluate("window.boardlabState.result.solutions[0]")
    start_play(page)
    if family == "armies":
        keys = [((r, c), "w") for r, c in solution["white"]] + [((r, c), "b") for r, c in solution["black"]]
    else:
        n = page.evaluate("window.boardlabState.instance.size")
        keys = [
            ((n - int(square[1:]), "abcdefghijklmnop".index(square[0])), piece)
            for piece, square in solution.items()
        ]
    for (r, c), key in keys:
        page.focus(f"#cell-{r}-{c}")
        page.keyboard.press(key)
    wait_solved(page)


def test_tents_play_marks_hint_and_solved(page):
    needs("tents")
    choose(page, "tents")
    record = first_tents_record()
    assert page.evaluate("window.boardlabState.instance") == record["instance"]  # opens on Tatham's puzzle
    start_play(page)
    grid = record["instance"]["grid"]
    pairs = ((r, c) for r in range(len(grid)) for c in range(len(grid[0]) - 1))
    free = next((r, c) for r, c in pairs if grid[r][c] == grid[r][c + 1] == ".")
    (r, c) = free
    page.click(f"#cell-{r}-{c}")
    page.click(f"#cell-{r}-{c + 1}")
    wait_wrong(page, [f"cell-{r}-{c}", f"cell-{r}-{c + 1}"])  # touching tents
    page.keyboard.press("Control+z")
    wait_wrong(page, [])
    page.click("#clear-play")
    page.wait_for_function("() => window.boardlabState.partial.tents.size === 0")
    # a hint on the empty board, applied
    page.click("#hint")
    page.wait_for_function("() => /^Hint/.test(document.getElementById('hint-message').textContent)")
    page.click("#apply-hint")
    page.wait_for_function(
        "() => window.boardlabState.partial.tents.size + window.boardlabState.partial.empty.size > 0"
    )
    shot = os.environ.get("BOARDLAB_WEB_SCREENSHOT")
    if shot:  # the docs' picture: a hint applied, touching tents marked, an over-full line red
        page.click(f"#cell-{r}-{c}")
        page.click(f"#cell-{r}-{c + 1}")
        page.click("#hint")
        page.wait_for_function("() => /^Mistake/.test(document.getElementById('hint-message').textContent)")
        Path(shot).parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=shot, full_page=True)
    page.click("#clear-play")
    page.wait_for_function("() => window.boardlabState.partial.tents.size === 0")
    # the solution by keyboard ('t' on a focused cell); the clues turn green
    for row, col in record["solution"]["tents"]:
        page.focus(f"#cell-{row}-{col}")
        page.keyboard.press("t")
    wait_solved(page)
    assert page.locator("#editor .edge.over").count() == 0
    assert page.locator("#editor .edge.met").count() == len(grid) + len(grid[0])


def test_cnote_hint_on_an_empty_board_and_solved(page):
    needs("cnote")
    choose(page, "cnote")
    start_play(page)
    page.wait_for_function("() => document.getElementById('play-status').textContent.startsWith('0 of 16')")
    assert page.locator("#violations li").count() == 0
    page.click("#hint")
    page.wait_for_function(
        "() => /^Hint: \\[\\d+, \\d+\\] must be "
        "\\d+/.test(document.getElementById('hint-message').textContent)"
    )
    page.click("#apply-hint")
    page.wait_for_function(
        "() => window.boardlabState.partial.grid.flat().filter(v => v !== null).length === 1"
    )
    # a number without its cell's digit is marked, and the hint removes it
    page.click("#clear-play")
    digit = page.evaluate("window.boardlabState.instance.grid[1][1]")
    page.fill("#cell-1-1", str((digit + 1) % 10 or 1) * 2 if digit != 1 else "22")
    page.press("#cell-1-1", "Enter")
    wait_wrong(page, ["cell-1-1"])
    page.click("#hint")
    page.wait_for_function("() => /^Mistake/.test(document.getElementById('hint-message').textContent)")
    page.click("#apply-hint")
    wait_wrong(page, [])
    # solve it: the sums beside the grid go green, the page says Solved!
    page.click("#mode-buttons button[data-mode=unique]")
    assert "unique: yes" in wait_status(page, "Status")
    solution = page.evaluate("window.boardlabState.result.solutions[0].grid")
    for r, row in enumerate(solution):
        for c, value in enumerate(row):
            page.fill(f"#cell-{r}-{c}", str(value))
            page.press(f"#cell-{r}-{c}", "Enter")
    wait_solved(page)
    assert page.locator("#editor .edge.met").count() == 8


def test_chessnum_clue_counts_on_the_board(page):
    needs("chessnum")
    choose(page, "chessnum")
    start_play(page)
    assert page.inner_text("#cell-4-3") == "0/0"  # d4, nothing placed yet
    page.check("#piece-2")  # the rook
    page.click("#cell-7-3")  # d1: the rook attacks d4
    page.wait_for_function("() => document.getElementById('cell-4-3').textContent === '1/0'")
    assert "over" in page.get_attribute("#cell-4-3", "class")
    page.click("#undo")
    page.wait_for_function("() => document.getElementById('cell-4-3').textContent === '0/0'")
    files = "abcdefgh"
    solution = {"K": "d7", "Q": "g8", "R": "c8", "B": "a5", "N": "b7", "P": "e7"}
    for index, letter in enumerate("KQRBNP"):
        page.check(f"#piece-{index}")
        page.click(f"#cell-{8 - int(solution[letter][1])}-{files.index(solution[letter][0])}")
    wait_solved(page)
    assert page.locator("#editor .cell.clue.met").count() == 4


def open_played(page, live_server, puzzle: dict, placed: list[str | None]) -> None:
    """The page opened by a share link on `puzzle`, playing, with the pieces (in the order of
    the puzzle's letters) on the squares `placed`: a placement the page's clicks refuse."""
    from urllib.parse import urlencode

    moves = json.dumps({"placed": placed, "selected": 0})
    query = urlencode({"family": "chessnum", "puzzle": json.dumps(puzzle), "moves": moves})
    page.goto(f"{live_server}/?{query}")
    page.wait_for_function(
        "n => window.boardlabState.play && window.boardlabState.instance"
        " && window.boardlabState.instance.size === n && document.querySelector('#editor .grid.playing')",
        arg=puzzle["size"],
    )


def test_chessnum_pieces_where_the_rules_forbid_are_shown_and_marked(page, live_server):
    """A placement loaded onto the board (a share link, saved progress, a hint) may put a piece
    on a numbered square, two pieces on one square, or, in Detektivschach, a piece off the
    marked squares. The page showed only the number on a numbered square (and the first piece
    where two stood), unmarked: now every piece's glyph is shown, then the number (the clue's
    count in play), marked in red as breaking the rules, as the terminal and SVG drawings do."""
    needs("chessnum")
    rook, king, queen, knight = "\u265c", "\u265a", "\u265b", "\u265e"
    worked = {
        "family": "chessnum",
        "size": 8,
        "pieces": "KQRBNP",
        "clues": {"b8": 1, "d8": 6, "e6": 2, "d4": 0},
    }
    # the rook on d4 = 0, the king and the queen both on a1
    open_played(page, live_server, worked, ["a1", "a1", "d4", "a5", "b7", "e7"])
    d4, a1 = "#cell-4-3", "#cell-7-0"
    wait_wrong(page, ["cell-4-3", "cell-7-0"])
    assert page.inner_text(d4) == rook + "\n1/0"  # attacked by the queen on a1; the count below the rook
    label = page.get_attribute(d4, "aria-label")
    assert "rook" in label and "number 0" in label and "breaks a rule" in label
    assert page.inner_text(a1) == king + queen
    assert "king" in page.get_attribute(a1, "aria-label") and "queen" in page.get_attribute(a1, "aria-label")
    assert page.evaluate(POOR_CONTRAST) == []
    # the full board goes to the checker, which names both
    page.wait_for_function("() => document.getElementById('violations').children.length >= 2")
    violations = page.inner_text("#violations")
    assert "numbered square d4" in violations and "both on a1" in violations
    # a click on the rook takes it back, leaving the number and its count
    page.click(d4)
    page.wait_for_function("() => document.getElementById('cell-4-3').textContent === '1/0'")
    wait_wrong(page, ["cell-7-0"])
    assert page.evaluate("window.boardlabState.partial.placed[2]") is None

    # Detektivschach: the queen on the number a4, the knight on d1, which is not marked
    detective = {
        "family": "chessnum",
        "size": 4,
        "pieces": "QN",
        "clues": {"a4": 1},
        "occupied": ["b1", "c3"],
    }
    open_played(page, live_server, detective, ["a4", "d1"])
    wait_wrong(page, ["cell-0-0", "cell-3-3"])
    assert page.inner_text("#cell-0-0") == queen + "\n0/1"
    assert page.inner_text("#cell-3-3") == knight and "not marked" in page.get_attribute(
        "#cell-3-3", "aria-label"
    )
    assert page.inner_text("#cell-3-1") == page.inner_text("#cell-1-2") == "\u25cf"  # the marks, empty
    assert page.evaluate(POOR_CONTRAST) == []
    page.wait_for_function("() => document.getElementById('violations').children.length >= 2")
    violations = page.inner_text("#violations")
    assert "numbered square a4" in violations and "d1, which is not marked" in violations
    # the knight moved off d1 onto a mark: only the queen is left marked
    page.click("#cell-3-3")
    wait_wrong(page, ["cell-0-0"])
    page.click("#cell-3-1")  # b1, marked: the knight (the first free piece) goes there
    page.wait_for_function("() => document.getElementById('cell-3-1').textContent === '\u265e'")
    wait_wrong(page, ["cell-0-0"])
    # Delete takes the queen off the number, which shows its count alone again
    page.focus("#cell-0-0")
    page.keyboard.press("Delete")
    wait_wrong(page, [])
    assert page.inner_text("#cell-0-0") == "0/1"
    assert page.evaluate("window.boardlabState.partial.placed") == [None, "b1"]


def test_big_tents_board_fits_the_window(browser, live_server):
    needs("tents")
    for width, n in ((1280, 50), (390, 15)):
        context = browser.new_context(viewport={"width": width, "height": 900})
        page = context.new_page()
        page.goto(live_server + "/#tents")
        page.wait_for_function(
            "() => window.boardlabState.family "
            "&& window.boardlabState.family.name === 'tents' && document.querySelector('#editor .cell')"
        )
        grid = ["".join("T" if r % 4 == 0 and c % 3 == 0 else "." for c in range(n)) for r in range(n)]
        if not page.is_visible("#text"):
            page.click("#text-box summary")
        blank = [None] * n
        page.fill("#text", json.dumps({"family": "tents", "grid": grid, "rows": blank, "cols": blank}))
        page.click("#load")
        page.wait_for_function("n => document.querySelectorAll('#editor .cell').length === n * n", arg=n)
        start_play(page)
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
        box = page.locator(f"#cell-{n - 1}-{n - 1}").bounding_box()
        assert box["x"] + box["width"] <= width and box["width"] >= 16
        # drag along a row: every cell passed over gets a tent, one move to undo
        page.locator("#cell-1-4").scroll_into_view_if_needed()
        start, end = page.locator("#cell-1-0").bounding_box(), page.locator("#cell-1-4").bounding_box()
        page.mouse.move(start["x"] + 4, start["y"] + 4)
        page.mouse.down()
        page.mouse.move(end["x"] + 4, end["y"] + 4, steps=10)
        page.mouse.up()
        page.wait_for_function("() => window.boardlabState.partial.tents.size === 5")
        page.click("#undo")
        page.wait_for_function("() => window.boardlabState.partial.tents.size === 0")
        context.close()


@pytest.mark.parametrize(
    ("family", "desktop", "phone"), [("nqueens", "30", "15"), ("armies", "30 40", "15 10")]
)
def test_big_chess_boards_fit_the_window(browser, live_server, family, desktop, phone):
    """30x30 boards on a 1280 px desktop and 15x15 on a 390 px phone: playable (a move on the
    far corner square) without horizontal page scroll, squares at least 16 px."""
    needs(family)
    for width, text in ((1280, desktop), (390, phone)):
        n = int(text.split()[0])
        context = browser.new_context(viewport={"width": width, "height": 900})
        page = context.new_page()
        page.goto(live_server + f"/#{family}")
        page.wait_for_function(
            "f => window.boardlabState.family && window.boardlabState.family.name === f"
            " && document.querySelector('#editor .cell')",
            arg=family,
        )
        if not page.is_visible("#text"):
            page.click("#text-box summary")
        page.fill("#text", text)
        page.click("#load")
        page.wait_for_function("n => document.querySelectorAll('#editor .cell').length === n * n", arg=n)
        start_play(page)
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
        corner = page.locator(f"#cell-{n - 1}-{n - 1}")
        box = corner.bounding_box()
        assert box["x"] + box["width"] <= width and box["width"] >= 16
        corner.scroll_into_view_if_needed()
        corner.click()
        page.wait_for_function(
            "id => document.getElementById(id).textContent.trim() !== ''", arg=f"cell-{n - 1}-{n - 1}"
        )
        context.close()


def test_share_link_and_saved_progress(page, live_server):
    choose(page, "nqueens")
    queens_board(page, 5)
    start_play(page)
    page.click("#cell-0-0")
    page.click("#cell-1-2")
    page.wait_for_function("() => JSON.stringify(window.boardlabState.partial.queens) === '[0,2,-1,-1,-1]'")
    page.click("#share")
    page.wait_for_function("() => document.getElementById('share-url').value.includes('puzzle=')")
    link = page.input_value("#share-url")
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    page.goto("about:blank")
    page.goto(link)
    page.wait_for_function(
        "() => window.boardlabState.play "
        "&& window.boardlabState.instance && window.boardlabState.instance.n === 5"
    )
    assert page.evaluate("window.boardlabState.partial.queens") == [0, 2, -1, -1, -1]
    # saved in the browser: the same puzzle, played again, starts where it was left
    page.click("#cell-2-4")
    page.wait_for_function("() => JSON.stringify(window.boardlabState.partial.queens) === '[0,2,4,-1,-1]'")
    page.goto(live_server + "/?family=nqueens")  # a new page load (a changed hash alone is none)
    page.wait_for_function(
        "() => window.boardlabState.family && window.boardlabState.family.name === 'nqueens'"
    )
    queens_board(page, 5)
    start_play(page)
    assert page.evaluate("window.boardlabState.partial.queens") == [0, 2, 4, -1, -1]


def test_a_click_pressed_before_the_server_answers_an_edit_is_kept(page):
    """An edit is drawn at once and checked by the server; its answer, arriving between a
    press on a cell and its release, must not re-draw the board under the pointer (the
    browser then drops the click: a queen placed in play went missing under load)."""
    choose(page, "nqueens")
    held = []

    def hold(route):
        held.append(route)

    page.route("**/api/nqueens/parse", hold)
    before = page.evaluate("window.boardlabState.text")
    queens_board(page, 5)
    start_play(page)
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the edit was not sent to the server"
    box = page.locator("#cell-0-0").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    for route in held:
        route.continue_()
    page.unroute("**/api/nqueens/parse", hold)
    page.wait_for_function("t => window.boardlabState.text !== t", arg=before)
    page.mouse.up()
    page.wait_for_function("() => JSON.stringify(window.boardlabState.partial.queens) === '[0,-1,-1,-1,-1]'")


def test_copy_as_puzzlink_and_game_id_round_trip(page):
    """Tents copies as a puzz.link URL and as a game ID; each, pasted back, loads the same puzzle."""
    needs("tents")
    choose(page, "tents")
    first = page.evaluate("window.boardlabState.instance")
    formats = page.eval_on_selector_all("#copy-format option", "options => options.map((o) => o.value)")
    assert {"text", "json", "gameid", "puzzlink"} <= set(formats)
    for to, start in (("puzzlink", "https://puzz.link/p?tents/"), ("gameid", "8x8:")):
        page.select_option("#copy-format", to)
        page.click("#copy")
        page.wait_for_function(
            "s => document.getElementById('share-url').value.startsWith(s)", arg=start, timeout=20000
        )
        written = page.input_value("#share-url")
        if not page.is_visible("#text"):
            page.click("#text-box summary")
        page.fill("#text", written)
        page.click("#load")
        wait_status(page, "Puzzle loaded")
        assert page.evaluate("window.boardlabState.instance") == first
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0


def test_published_cnote_puzzles_in_the_menu(page):
    needs("cnote")
    choose(page, "cnote")
    records = [json.loads(line) for line in CNOTE_PUBLISHED.read_text().splitlines() if line.strip()]
    generated = page.evaluate("window.boardlabState.family.generated")
    assert page.locator("#library option").count() == len(records) + len(generated) + 1
    page.select_option("#library", "p4")
    wait_status(page, "Loaded square100-01")
    assert page.evaluate("window.boardlabState.instance") == records[4]["instance"]


def test_published_puzzles_menu_and_puzzle_of_the_day(page):
    needs("tents")
    choose(page, "tents")
    records = [json.loads(line) for line in TENTS_TATHAM_SAMPLE.read_text().splitlines() if line.strip()]
    levels = page.evaluate("window.boardlabState.family.levels")
    generated = page.evaluate("window.boardlabState.family.generated")
    assert len(generated) == len(levels) * len({g["options"]["size"] for g in generated})
    assert page.locator("#library option").count() == len(records) + len(generated) + 1
    page.select_option("#library", "p2")
    wait_status(page, "Loaded tatham-")
    assert page.evaluate("window.boardlabState.instance") == records[2]["instance"]
    page.click("#daily")
    status = wait_status(page, "Puzzle of the day|No puzzle")
    assert "Puzzle of the day" in status, status
    first = page.evaluate("window.boardlabState.instance")
    page.click("#daily")  # the same puzzle again: the seed is the date
    wait_status(page, "Puzzle of the day")
    assert page.evaluate("window.boardlabState.instance") == first


def test_generated_puzzles_by_size_and_difficulty_in_the_menu(page):
    """The puzzles menu generates a puzzle of the chosen size and level (the smallest and
    easiest here): the generate answer says that level, and the board has that size."""
    needs("tents")
    choose(page, "tents")
    generated = page.evaluate("window.boardlabState.family.generated")
    first = generated[0]
    assert first["options"]["difficulty"] == page.evaluate("window.boardlabState.family.levels[0]")
    page.select_option("#library", "g0")
    wait_status(page, "Generated Tents")
    made = page.evaluate("window.boardlabState.generated")
    assert made["difficulty"] == first["options"]["difficulty"]
    width, height = (int(x) for x in first["options"]["size"].split("x"))
    grid = page.evaluate("window.boardlabState.instance.grid")
    assert (len(grid[0]), len(grid)) == (width, height)


#: Where the text of cell `id` lies against the cell's box: `inside` the box, `framed` inside
#: what the box's border and a `.wrong` cell's red frame (an inset shadow) leave free. A Range
#: over its contents measures the text, which a centred line overflows on both sides, where
#: scrollWidth sees the right side only.
TEXT_INSIDE = r"""
id => {
  const cell = document.getElementById(id);
  const range = document.createRange();
  range.selectNodeContents(cell);
  const text = range.getBoundingClientRect(), box = cell.getBoundingClientRect();
  const style = getComputedStyle(cell);
  const shadow = style.boxShadow.match(/([\d.]+)px inset/);  // "rgb(...) 0px 0px 0px 3px inset"
  const frame = parseFloat(style.borderLeftWidth) + (shadow ? parseFloat(shadow[1]) : 0);
  const within = (pad) =>
    text.left >= box.left + pad && text.right <= box.right - pad
    && text.top >= box.top + pad && text.bottom <= box.bottom - pad;
  const edges = (r) => [r.left, r.right, r.top, r.bottom].map(Math.round);
  return { inside: within(0), framed: within(frame), frame, text: edges(text), box: edges(box), font: style.fontSize };
}
"""


@pytest.mark.parametrize("width", [1280, 390])
def test_chessnum_crowded_clue_square_fits_its_cell_on_a_16x16_board(browser, live_server, width):
    """A numbered square holding two pieces (a loaded placement that breaks the rules) shows both
    glyphs and the clue's count, here a two-digit one (`♚♛10/10`). On a 16x16 board it ran over
    its neighbours on one line (62 px of text in a 42 px square on a desktop, 29 in 19 on a
    phone); the glyphs stand above the count now, inside the square, and on a desktop inside its
    red frame too (on a phone, where a square is 19 px, the frame's 3 px may touch the text).
    Plain squares (one piece, a count alone) fit as well."""
    needs("chessnum")
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    puzzle = {"family": "chessnum", "size": 16, "pieces": "KQQQQQQQNNNN", "clues": {"h8": 10, "b2": 3}}
    # the king and a queen on h8 = 10; six queens on its lines and four knights attack it
    placed = ["h8", "h8", "h10", "h6", "j8", "f8", "j10", "f6", "i10", "g10", "j7", "f7"]
    open_played(page, live_server, puzzle, placed)
    h8 = "cell-8-7"  # row 16 - 8, file h
    page.wait_for_function("id => document.getElementById(id).textContent === '\u265a\u265b10/10'", arg=h8)
    assert h8 in wrong_cells(page)
    for cell in (h8, "cell-14-1", "cell-6-7"):  # h8, b2 (a count alone), h10 (a queen)
        fit = page.evaluate(TEXT_INSIDE, cell)
        assert fit["inside"] and (fit["framed"] or width < 1000), (cell, fit)
    assert page.evaluate(TEXT_INSIDE, h8)["frame"] >= 3  # the red frame was measured
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    context.close()
