"""The JSON API through FastAPI's TestClient: every endpoint, bad input, limits, busy, crashes.

Ground truth: N-Queens counts from OEIS A000170 and a plain checker written here; for every
registered family (the others land later), the generic round trip example -> parse -> solve ->
check -> render, and generate -> check.
"""

from __future__ import annotations

import json
import os
import signal
import threading
import time

import pytest

from boardlab.data import CNOTE_PUBLISHED, TENTS_TATHAM_SAMPLE
from boardlab.data.chessnum_published import PUBLISHED

WEB_EXTRA = "the web tests need the web extra: pip install 'boardlab[web]' (fastapi, uvicorn, httpx)"
for _module in ("fastapi", "uvicorn", "httpx"):
    pytest.importorskip(_module, reason=WEB_EXTRA)

from boardlab.core import registry

A000170 = {1: 1, 2: 0, 3: 0, 4: 2, 5: 10, 6: 4, 7: 40, 8: 92}


def queens_ok(n: int, queens: list[int]) -> bool:
    """Independent N-Queens check: n queens, distinct columns and diagonals."""
    return (
        len(queens) == n
        and sorted(queens) == list(range(n))
        and len({r - c for r, c in enumerate(queens)}) == n
        and len({r + c for r, c in enumerate(queens)}) == n
    )


def post(client, path: str, body: dict):
    return client.post(path, json=body)


# ---- listing, health, page, docs -----------------------------------------------------------
def test_families_lists_every_registered_family(client):
    answer = client.get("/api/families")
    assert answer.status_code == 200
    listed = {f["name"]: f for f in answer.json()}
    assert set(listed) == {f.name for f in registry.families()}
    queens = listed["nqueens"]
    assert queens["takes_size"] is True
    assert {"first", "count"} <= set(queens["modes"])
    assert any(o["name"] == "fundamental" for o in queens["options"])
    assert queens["hint"] is True
    for family in listed.values():
        assert isinstance(family["hint"], bool)
        assert family["example"] is not None, family["name"]


def test_health_reports_workers_and_limits(client):
    data = client.get("/api/health").json()
    assert data["status"] == "ok"
    assert data["workers"] == 2 and len(data["pids"]) == 2
    assert data["limits"]["max_time_limit"] == 60
    assert data["limits"]["default_time_limit"] == 10


def test_page_and_static_files(client):
    page = client.get("/")
    assert page.status_code == 200
    assert '<select id="family"' in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    for name in ("app.js", "editors.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200
    for name in ("app.js", "editors.js", "index.html", "style.css"):
        text = client.get(f"/static/{name}").text
        assert "//cdn" not in text and "https://" not in text, (
            f"{name} must not load anything from the internet"
        )


def test_openapi_schema_and_docs(client):
    schema = client.get("/openapi.json").json()
    for verb in ("parse", "solve", "generate", "check", "hint", "render"):
        assert f"/api/{{family}}/{verb}" in schema["paths"]
    docs = client.get("/docs")
    assert docs.status_code == 200 and "openapi.json" in docs.text
    assert "cdn.jsdelivr" not in docs.text


# ---- parse -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "given",
    [
        5,
        "5",
        " 5\n",
        {"family": "nqueens", "n": 5},
        {"n": 5},
        {"instance": {"n": 5}},
        '{"n": 5}',
        ".....\n" * 5,
    ],
)
def test_parse_accepts_size_text_and_json(client, given):
    answer = post(client, "/api/nqueens/parse", {"instance": given})
    assert answer.status_code == 200, answer.text
    assert answer.json()["instance"] == {"family": "nqueens", "n": 5}
    assert answer.json()["text"] == ".....\n" * 5


def test_parse_fixed_queens_round_trip(client):
    text = "Q...\n....\n....\n....\n"
    data = post(client, "/api/nqueens/parse", {"instance": text}).json()
    assert data["instance"] == {"family": "nqueens", "n": 4, "fixed": [[0, 0]]}
    again = post(client, "/api/nqueens/parse", {"instance": data["instance"]}).json()
    assert again["text"] == text


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ("Q.\n.X\n", "unexpected character"),
        ("Q..\n..\n", "expected"),
        ("", "empty"),
        ("   \n", "empty"),
        (0, "positive"),
        (-3, "positive"),
        ({"family": "tents", "grid": []}, "not 'nqueens'"),
        ({"n": 4, "colour": "red"}, "unknown field"),
        ({"n": "four"}, "positive integer"),
        ('{"n": 4', "malformed JSON"),
        ("Q.\n..\n\n.Q\n..\n", "expected one puzzle, found 2"),
    ],
)
def test_parse_rejects_bad_input_with_a_clear_400(client, given, words):
    answer = post(client, "/api/nqueens/parse", {"instance": given})
    assert answer.status_code == 400, answer.text
    data = answer.json()
    assert data["error"] == "bad_input"
    assert words in data["detail"]
    assert "\n" not in data["detail"] and "Traceback" not in data["detail"]


def test_parse_error_names_line_and_column(client):
    data = post(client, "/api/nqueens/parse", {"instance": "...\n.Z.\n...\n"}).json()
    assert (data["line"], data["column"]) == (2, 2)


def test_a_path_is_never_read(client, tmp_path):
    secret = tmp_path / "puzzle.txt"
    secret.write_text("Q...\n....\n....\n....\n")
    answer = post(client, "/api/nqueens/parse", {"instance": str(secret)})
    assert answer.status_code == 400
    assert "Q..." not in answer.text


def test_a_board_too_large_to_write_out_is_refused_not_fatal(single):
    # 10^6 x 10^6 squares of text: the quick worker hits its hard limit (or its memory cap)
    answer = post(single, "/api/nqueens/parse", {"instance": 1_000_000})
    assert answer.status_code == 413 and answer.json()["error"] == "too_large"
    assert post(single, "/api/nqueens/parse", {"instance": 4}).json()["text"] == "....\n" * 4


def test_unknown_family_is_404(client):
    answer = post(client, "/api/chess960/solve", {"instance": 8})
    assert answer.status_code == 404
    assert answer.json()["error"] == "unknown_family"
    assert "nqueens" in answer.json()["detail"]


# ---- solve -----------------------------------------------------------------------------------
def test_solve_first_has_the_cli_json_shape(client):
    data = post(client, "/api/nqueens/solve", {"instance": 8}).json()
    assert set(data) == {"family", "status", "instance", "solutions", "count", "unique", "stats"}
    assert data["status"] == "solved"
    assert queens_ok(8, data["solutions"][0]["queens"])
    assert "seconds" in data["stats"] and "backend" in data["stats"]


@pytest.mark.parametrize("n", sorted(A000170))
def test_count_matches_oeis(client, n):
    data = post(client, "/api/nqueens/solve", {"instance": n, "mode": "count"}).json()
    assert data["count"] == A000170[n]
    assert data["status"] == ("solved" if A000170[n] else "unsatisfiable")


def test_all_lists_distinct_valid_solutions_within_the_limit(client):
    everything = post(client, "/api/nqueens/solve", {"instance": 6, "mode": "all"}).json()
    assert everything["count"] == 4 and len(everything["solutions"]) == 4
    assert all(queens_ok(6, s["queens"]) for s in everything["solutions"])
    assert len({tuple(s["queens"]) for s in everything["solutions"]}) == 4
    some = post(client, "/api/nqueens/solve", {"instance": 8, "mode": "all", "limit": 5}).json()
    assert len(some["solutions"]) == 5


def test_unique_and_unsatisfiable_answers(client):
    board = "Q" + "." * 5 + "\n" + "......\n" * 5
    # 6-queens has 4 solutions, none with a queen in a corner: an answer, not an error
    data = post(client, "/api/nqueens/solve", {"instance": board, "mode": "unique"}).json()
    assert data["status"] == "unsatisfiable" and data["solutions"] == []
    two = post(client, "/api/nqueens/solve", {"instance": 6, "mode": "unique"}).json()
    assert two["unique"] is False


def test_backends_agree(client):
    counts = {
        backend: post(
            client, "/api/nqueens/solve", {"instance": 7, "mode": "count", "backend": backend}
        ).json()["count"]
        for backend in ("bitboard", "cpsat")
    }
    assert counts == {"bitboard": 40, "cpsat": 40}


def test_family_option_is_passed_to_the_solver(client):
    data = post(
        client, "/api/nqueens/solve", {"instance": 8, "mode": "count", "options": {"fundamental": True}}
    ).json()
    assert data["count"] == 12  # OEIS A002562


@pytest.mark.parametrize(
    ("body", "status", "kind"),
    [
        ({"instance": 8, "mode": "optimise"}, 400, "unsupported"),
        ({"instance": 8, "backend": "quantum"}, 400, "unsupported"),
        ({"instance": 8, "options": {"colour": "red"}}, 400, "bad_input"),
        ({"instance": 8, "mode": "count", "options": {"fundamental": "yes"}}, 400, "bad_input"),
        ({"instance": 8, "options": {"method": "constellation"}}, 400, "bad_input"),  # a count-only option
        ({"instance": 8, "mode": "sideways"}, 422, "invalid_request"),
        ({"instance": 8, "time_limit": 61}, 422, "invalid_request"),
        ({"instance": 8, "time_limit": 0}, 422, "invalid_request"),
        ({"instance": 8, "limit": 0}, 422, "invalid_request"),
        ({"instance": 8, "limit": 100000}, 422, "invalid_request"),
        ({"instance": 8, "limit": 3}, 422, "invalid_request"),  # mode first: the limit was dropped
        ({"instance": 8, "mode": "unique", "limit": 3}, 422, "invalid_request"),
        ({"instance": 8, "surprise": 1}, 422, "invalid_request"),
        ({"instance": True}, 422, "invalid_request"),
        ({"instance": [8]}, 422, "invalid_request"),
        ({}, 422, "invalid_request"),
    ],
)
def test_solve_rejects_bad_requests(client, body, status, kind):
    answer = post(client, "/api/nqueens/solve", body)
    assert answer.status_code == status, answer.text
    assert answer.json()["error"] == kind
    assert answer.json()["detail"]


def test_a_limit_goes_with_modes_all_and_count_only(client):
    """`limit` with mode first (or unique, optimise) was taken and dropped: one solution came
    back with 200; it is refused with the reason, as the command line refuses `--limit --unique`."""
    answer = post(client, "/api/nqueens/solve", {"instance": 6, "mode": "first", "limit": 2})
    assert answer.status_code == 422
    assert answer.json()["detail"].startswith("limit applies to modes all and count")
    assert "not to first" in answer.json()["detail"]
    body = {"instance": 6, "mode": "count", "limit": 2, "backend": "cpsat"}
    counted = post(client, "/api/nqueens/solve", body).json()
    assert counted["count"] == 4 and len(counted["solutions"]) == 2  # count lists K of them
    # the empty board's counter lists nothing: it listed none and said nothing, now it says so
    refused = post(client, "/api/nqueens/solve", {"instance": 6, "mode": "count", "limit": 2})
    assert refused.status_code == 400 and "counts without listing" in refused.json()["detail"]


def test_parse_refuses_options_it_does_not_use(client):
    """`/parse` took any verb's options (a solver's `model`, a generator's `size`) and dropped
    them; it takes the options that change the puzzle read (those of convert) and refuses others."""
    text = "target: 100\n3 7\n8 2\n"
    for options in ({"model": "digits"}, {"size": 4}):
        answer = post(client, "/api/cnote/parse", {"instance": text, "options": options})
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"] == "bad_input"
        assert f"unknown option '{next(iter(options))}' for cnote parse" in answer.json()["detail"]
    taken = post(client, "/api/cnote/parse", {"instance": text, "options": {"target": 30}}).json()
    assert taken["instance"]["target"] == 30
    assert (
        post(client, "/api/armies/parse", {"instance": 5, "options": {"m": 4}}).json()["instance"]["m"] == 4
    )


def test_workers_with_a_backend_that_runs_one_worker_is_refused(client):
    """`workers` with cnote's brute force was dropped without a word, as on the command line."""
    body = {"instance": "target: 100\n3 7\n8 2\n", "backend": "brute"}
    refused = post(client, "/api/cnote/solve", {**body, "workers": 4})
    assert refused.status_code == 400 and refused.json()["error"] == "unsupported"
    assert "field 'workers' applies to the cpsat backend of cnote" in refused.json()["detail"]
    assert post(client, "/api/cnote/solve", {**body, "workers": 1}).status_code == 200
    assert post(client, "/api/cnote/solve", body).status_code == 200  # the server's default: 1


def test_malformed_and_oversized_bodies(client):
    malformed = client.post(
        "/api/nqueens/solve", content=b'{"instance": 8', headers={"content-type": "application/json"}
    )
    assert malformed.status_code == 422 and "malformed JSON" in malformed.json()["detail"]
    big = json.dumps({"instance": "." * (2 * 1024 * 1024)})
    too_large = client.post("/api/nqueens/parse", content=big, headers={"content-type": "application/json"})
    assert too_large.status_code == 413 and too_large.json()["error"] == "too_large"

    def chunks():  # no Content-Length: the limit still holds
        for _ in range(40):
            yield b" " * 65536

    streamed = client.post(
        "/api/nqueens/parse", content=chunks(), headers={"content-type": "application/json"}
    )
    assert streamed.status_code == 413
    nested = client.post(
        "/api/nqueens/parse", content=b"[" * 100000, headers={"content-type": "application/json"}
    )
    assert nested.status_code in (400, 422)
    assert client.get("/api/health").json()["status"] == "ok"


def test_a_body_naming_a_key_twice_or_a_number_too_long_is_refused_in_one_line():
    """The command line refuses `{"target": 5, "target": 6}` and a number of more digits than
    Python converts; the API took the last value silently, and answered a 5000-digit number with
    "There was an error parsing the body"."""
    from fastapi.testclient import TestClient

    from boardlab.web import app as web_app

    bare = TestClient(web_app.create_app())  # answered before any job: no worker processes needed
    twice = b'{"instance": {"family": "cnote", "grid": [[1]], "target": 5, "target": 6}}'
    answer = bare.post("/api/cnote/solve", content=twice, headers={"content-type": "application/json"})
    assert answer.status_code == 422 and answer.json()["error"] == "invalid_request"
    assert "'target' twice" in answer.json()["detail"]
    long = b'{"instance": {"family": "cnote", "grid": [[1]], "target": ' + b"7" * 5000 + b"}}"
    answer = bare.post("/api/cnote/solve", content=long, headers={"content-type": "application/json"})
    assert answer.status_code == 422 and "5000 digits" in answer.json()["detail"]


def test_answer_size_limit(single):
    answer = post(single, "/api/nqueens/solve", {"instance": 8, "mode": "all"})
    assert answer.status_code == 413 and answer.json()["error"] == "answer_too_large"


# ---- time limits -----------------------------------------------------------------------------
def test_time_limit_gives_status_unknown(client):
    # the bitboard counter checks its deadline between subproblems: the server's hard limit
    # (time limit + kill grace) stops it if it does not stop by itself
    data = post(client, "/api/nqueens/solve", {"instance": 20, "mode": "count", "time_limit": 0.5}).json()
    assert data["status"] == "unknown" and data["count"] is None
    cpsat = post(
        client, "/api/nqueens/solve", {"instance": 30, "mode": "count", "backend": "cpsat", "time_limit": 0.5}
    ).json()
    assert cpsat["status"] == "unknown"
    assert client.get("/api/health").json()["status"] == "ok"
    assert post(client, "/api/nqueens/solve", {"instance": 8}).json()["status"] == "solved"


# ---- generate, check, hint, render -----------------------------------------------------------
def test_generate_is_deterministic_and_checked(client):
    first = post(client, "/api/nqueens/generate", {"seed": 7, "options": {"size": 6}}).json()
    again = post(client, "/api/nqueens/generate", {"seed": 7, "options": {"size": 6}}).json()
    assert first["instance"] == again["instance"] and first["seed"] == 7
    assert first["instance"]["n"] == 6 and first["text"].count("\n") == 6
    assert queens_ok(6, first["solution"]["queens"])
    unique = post(client, "/api/nqueens/solve", {"instance": first["instance"], "mode": "unique"}).json()
    assert unique["unique"] is True and unique["solutions"][0] == first["solution"]
    random_seed = post(client, "/api/nqueens/generate", {}).json()
    assert isinstance(random_seed["seed"], int)


def test_generate_rejects_bad_options(client):
    assert post(client, "/api/nqueens/generate", {"options": {"size": 1000}}).status_code == 400
    assert post(client, "/api/nqueens/generate", {"options": {"fundamental": True}}).status_code == 400
    assert post(client, "/api/nqueens/generate", {"seed": -1}).status_code == 422


def test_check_lists_violations(client):
    good = post(client, "/api/nqueens/check", {"instance": 4, "solution": {"queens": [1, 3, 0, 2]}}).json()
    assert good == {"family": "nqueens", "status": "valid", "valid": True, "violations": []}
    bad = post(client, "/api/nqueens/check", {"instance": 4, "solution": {"queens": [0, 1, 2, 3]}}).json()
    assert bad["valid"] is False and bad["violations"]
    solved = post(client, "/api/nqueens/solve", {"instance": 10}).json()
    assert post(client, "/api/nqueens/check", {"instance": 10, "solution": solved}).json()["valid"] is True
    shape = post(client, "/api/nqueens/check", {"instance": 4, "solution": [1, 3, 0, 2]})
    assert shape.status_code == 400


def test_chessnum_check_too_many_is_invalid_like_too_few(client):
    """A Chess-Num solution placing too many of a piece is an invalid answer listed like too
    few (it was a 400, bad input); a malformed one stays a 400."""
    instance = PUBLISHED[0]["instance"]
    solution = dict(PUBLISHED[0]["solution"])
    for wrong, words in (
        ({k: v for k, v in solution.items() if k != "Q"}, "1 Q, the solution places 0"),
        (dict(solution, Q=[solution["Q"], "a1"]), "1 Q, the solution places 2"),
    ):
        answer = post(client, "/api/chessnum/check", {"instance": instance, "solution": wrong})
        assert answer.status_code == 200, answer.text
        data = answer.json()
        assert data["status"] == "invalid" and data["valid"] is False
        assert any(words in problem for problem in data["violations"])
    shape = post(client, "/api/chessnum/check", {"instance": instance, "solution": dict(solution, Q="z0")})
    assert shape.status_code == 400


def test_a_solve_whose_cpsat_runs_past_its_limit_answers_unknown_in_a_fresh_process(client):
    """A 2x2 C-Note grid at target 100,000 in the domain encoding (the default, `auto`, builds the
    digit encoding there and answers at once): CP-SAT's presolve hears neither its time limit nor
    `stop_search` (2.4 s). The job answers `unknown` at the limit (it ran until the hard limit,
    the limit and the kill grace, killed it), and the process that left the presolve running is
    replaced (it would take a core from the jobs after it). Whether the presolve is still running
    at the limit depends on the machine's load (under load it once had ended, and nothing was
    left to replace): the replacement itself is `tests/core/test_workers.py`'s deterministic
    `test_a_process_that_left_native_work_running_makes_way_for_a_new_one`."""
    health = client.get("/api/health").json()
    before, timed_out = set(health["pids"]), health["jobs"]["timed_out"]
    instance = {"family": "cnote", "target": 100_000, "grid": [[1, 2], [3, 4]]}
    body = {"instance": instance, "mode": "first", "time_limit": 1, "options": {"model": "domain"}}
    answer = post(client, "/api/cnote/solve", body)
    assert answer.status_code == 200, answer.text
    assert answer.json()["status"] == "unknown" and answer.json()["solutions"] == []
    health = client.get("/api/health").json()
    after = set(health["pids"])
    assert len(after) == 2 and len(before - after) <= 1
    assert health["jobs"]["timed_out"] == timed_out  # answered in time, not killed at the hard limit


def test_an_error_from_family_code_names_options_and_fields_as_the_api_does(client):
    """Family code words its errors for the command line (`--model domain: ...; use --model
    digits`); the API answers with its own names (`option 'model'`), as its option checks do."""
    instance = {"family": "cnote", "target": 300_000, "grid": [[1, 2], [3, 4]]}
    body = {"instance": instance, "mode": "first", "time_limit": 1, "options": {"model": "domain"}}
    answer = post(client, "/api/cnote/solve", body)
    assert answer.status_code == 400 and answer.json()["error"] == "unsupported", answer.text
    detail = answer.json()["detail"]
    assert (
        "--" not in detail
        and detail.startswith("option 'model' domain: cell [")
        and "use option 'model' digits" in detail
    )


def test_api_words_renames_only_what_the_api_has_a_name_for() -> None:
    from boardlab.web.jobs import api_words

    assert api_words("--time-limit 0 and --target 5 and --queens-out", "cnote") == (
        "field 'time_limit' 0 and option 'target' 5 and --queens-out"
    )
    assert (
        api_words("--no-such-flag stays; so does a-b--c", "tents") == "--no-such-flag stays; so does a-b--c"
    )


def test_hint_where_not_offered_is_a_clear_400(client):
    listed = {f["name"]: f for f in client.get("/api/families").json()}
    for name, family in listed.items():
        if family["hint"]:
            continue
        answer = post(
            client, f"/api/{name}/hint", {"instance": family["example"]["instance"], "partial": None}
        )
        assert answer.status_code == 400
        assert answer.json()["error"] == "unsupported" and "hint" in answer.json()["detail"]


def test_grade_and_explain(client):
    record = json.loads(TENTS_TATHAM_SAMPLE.read_text().splitlines()[2])  # a Tricky one of Tatham's
    graded = post(client, "/api/tents/grade", {"instance": record["game_id"]}).json()
    assert graded["family"] == "tents" and graded["difficulty"] == record["tatham"]["grade"] == "tricky"
    path = post(client, "/api/tents/explain", {"instance": record["game_id"]}).json()
    assert path["difficulty"] == "tricky" and path["steps"][0]["reason"]
    assert sorted(map(tuple, path["solution"]["tents"])) == sorted(map(tuple, record["solution"]["tents"]))
    listed = {f["name"]: f for f in client.get("/api/families").json()}
    assert listed["tents"]["offers_grade"] and listed["tents"]["levels"][0] == "easy"
    refused = post(client, "/api/nqueens/grade", {"instance": 8})
    assert refused.status_code == 400 and refused.json()["error"] == "unsupported"


def test_grade_takes_the_instance_options_as_the_command_line_does(client):
    """`grade --target 50` grades the puzzle at target 50; the API's grade read no options at
    all: {"target": 50} graded the target-100 puzzle, and an unknown option was not refused."""
    puzzle = {
        "family": "cnote",
        "target": 100,
        "grid": [[3, 7, 9, 9], [8, 2, 4, 7], [7, 7, 8, 5], [3, 2, 6, 7]],
    }
    graded = post(client, "/api/cnote/grade", {"instance": puzzle, "options": {"target": 50}})
    assert graded.status_code == 200, graded.text
    assert graded.json()["instance"]["target"] == 50 and graded.json()["difficulty"] == "unsolvable"
    refused = post(client, "/api/cnote/grade", {"instance": puzzle, "options": {"bogus": 1}})
    assert refused.status_code == 400 and "bogus" in refused.json()["detail"]
    refused = post(
        client, "/api/tents/explain", {"instance": "5x5:bhbcbc,2,?,0,?,?,1,?,?,?,1", "options": {"x": 1}}
    )
    assert refused.status_code == 400 and "'x'" in refused.json()["detail"]


def test_hint_takes_the_hint_options_only(client):
    """The command line's hint takes the options that change the instance (cnote --target),
    not the solver's; the API's hint took the solver's (cnote 'model') and ignored them."""
    puzzle = {
        "family": "cnote",
        "target": 100,
        "grid": [[3, 7, 9, 9], [8, 2, 4, 7], [7, 7, 8, 5], [3, 2, 6, 7]],
    }
    refused = post(client, "/api/cnote/hint", {"instance": puzzle, "options": {"model": "digits"}})
    assert refused.status_code == 400 and "'model'" in refused.json()["detail"]
    hinted = post(client, "/api/cnote/hint", {"instance": puzzle, "options": {"target": 50}})
    assert hinted.status_code == 200 and hinted.json()["status"] == "unsolvable"


def test_convert_writes_every_format_and_reads_a_url(client):
    url = "https://puzz.link/p?tents/5/5/2g0h1i1j82323"  # pzprjs's test puzzle
    gameid = post(client, "/api/tents/convert", {"instance": url, "to": "gameid"}).json()
    assert gameid["text"] == "5x5:bhbcbc,2,?,0,?,?,1,?,?,?,1" and gameid["format"] == "gameid"
    back = post(client, "/api/tents/convert", {"instance": gameid["text"], "to": "puzzlink"}).json()
    assert back["text"] == url and back["instance"] == gameid["instance"]
    text = post(client, "/api/cnote/convert", {"instance": "1 2\n3 4\n", "options": {"target": 7}}).json()
    assert text["format"] == "text" and "target: 7" in text["text"]
    refused = post(client, "/api/nqueens/convert", {"instance": 8, "to": "puzzlink"})
    assert refused.status_code == 400 and "writes no format 'puzzlink'" in refused.json()["detail"]
    broken = post(client, "/api/tents/convert", {"instance": "tents/5/5/2g0h", "to": "json"})
    assert (
        broken.status_code == 400 and "puzz.link URL: the clues end after 5 of 10" in broken.json()["detail"]
    )


def test_render_draws_svg_and_checks_the_solution(client):
    plain = post(client, "/api/nqueens/render", {"instance": 4}).json()
    assert plain["svg"].startswith("<svg") and plain["violations"] is None
    drawn = post(client, "/api/nqueens/render", {"instance": 4, "solution": {"queens": [1, 3, 0, 2]}}).json()
    assert drawn["violations"] == [] and drawn["svg"].count("\u265b") == 4
    assert drawn["instance"] == {"family": "nqueens", "n": 4} and drawn["solution"] == {
        "queens": [1, 3, 0, 2]
    }
    wrong = post(client, "/api/nqueens/render", {"instance": 4, "solution": {"queens": [0, 1, 2, 3]}}).json()
    assert wrong["violations"]
    assert "<script" not in drawn["svg"]


# ---- every registered family, through the generic API ----------------------------------------
@pytest.mark.parametrize("name", [f.name for f in registry.families()])
def test_every_family_round_trips_through_the_api(client, name):
    family = next(f for f in client.get("/api/families").json() if f["name"] == name)
    example = family["example"]
    parsed = post(client, f"/api/{name}/parse", {"instance": example["text"]}).json()
    assert parsed["instance"] == example["instance"]
    solved = post(client, f"/api/{name}/solve", {"instance": example["instance"], "time_limit": 5}).json()
    assert solved["status"] in ("solved", "optimal", "feasible", "unsatisfiable", "unknown")
    for solution in solved["solutions"]:
        assert post(
            client, f"/api/{name}/check", {"instance": example["instance"], "solution": solution}
        ).json()["valid"]
        drawn = post(
            client, f"/api/{name}/render", {"instance": example["instance"], "solution": solution}
        ).json()
        assert drawn["svg"].lstrip().startswith("<svg") and drawn["violations"] == []
    if family["hint"]:
        hint = post(client, f"/api/{name}/hint", {"instance": example["instance"], "partial": None})
        assert hint.status_code == 200, hint.text
        assert hint.json()["status"] in ("solved", "mistake", "progress", "unsolvable")


# ---- busy, crashes, hosts --------------------------------------------------------------------
def _slow_solve(test_client, box: dict) -> None:
    box["answer"] = test_client.post(
        "/api/nqueens/solve", json={"instance": 22, "mode": "count", "time_limit": 1}
    )


def _wait_busy(test_client, count: int = 1) -> list[int]:
    pool = test_client.app.state.pool
    for _ in range(400):
        if pool.busy >= count:
            return pool.busy_pids()
        time.sleep(0.025)
    raise AssertionError("the slow solve never started")


def test_busy_server_answers_429_at_once(single):
    refused_before = single.get("/api/health").json()["jobs"]["refused"]
    box: dict = {}
    slow = threading.Thread(target=_slow_solve, args=(single, box))
    slow.start()
    _wait_busy(single)
    refused = single.post("/api/nqueens/solve", json={"instance": 8})
    assert refused.status_code == 429
    assert refused.json()["error"] == "busy" and refused.headers["retry-after"] == "1"
    assert single.get("/api/health").json()["busy"] == 1  # the server itself still answers
    assert (
        single.post(
            "/api/nqueens/check", json={"instance": 4, "solution": {"queens": [1, 3, 0, 2]}}
        ).status_code
        == 200
    )
    slow.join()
    assert box["answer"].status_code == 200
    assert single.post("/api/nqueens/solve", json={"instance": 8}).json()["status"] == "solved"
    assert single.get("/api/health").json()["jobs"]["refused"] == refused_before + 1


def test_a_crashed_solver_process_is_replaced(single):
    crashed_before = single.get("/api/health").json()["jobs"]["crashed"]
    assert single.post("/api/nqueens/solve", json={"instance": 8}).status_code == 200  # started
    box: dict = {}
    slow = threading.Thread(target=_slow_solve, args=(single, box))
    slow.start()
    (pid,) = _wait_busy(single)
    time.sleep(0.2)
    os.kill(pid, signal.SIGKILL)  # as the kernel's OOM killer, or a segfault in a native solver
    slow.join()
    crashed = box["answer"]
    assert crashed.status_code == 503
    assert crashed.json()["error"] == "worker_crashed" and "signal 9" in crashed.json()["detail"]
    health = single.get("/api/health").json()
    assert health["status"] == "ok" and health["jobs"]["crashed"] == crashed_before + 1
    assert pid not in health["pids"] and len(health["pids"]) == 1
    after = single.post("/api/nqueens/solve", json={"instance": 9, "mode": "count"}).json()
    assert after["count"] == 352


def test_host_header_guard(single):
    assert single.get("/api/health", headers={"host": "127.0.0.1:8000"}).status_code == 200
    rebound = single.get("/api/health", headers={"host": "attacker.example:8000"})
    assert rebound.status_code == 400 and rebound.json()["error"] == "bad_host"


def test_docs_without_swagger_files_still_list_the_api(monkeypatch):
    from fastapi.testclient import TestClient

    from boardlab.web import app as web_app

    monkeypatch.setattr(web_app, "_swagger_static", lambda: None)
    bare = TestClient(web_app.create_app())  # no lifespan: no worker processes needed here
    docs = bare.get("/docs")
    assert docs.status_code == 200 and "/static/api.js" in docs.text
    assert bare.get("/static/api.js").status_code == 200


def test_error_answers_are_documented(client):
    schema = client.get("/openapi.json").json()
    solve = schema["paths"]["/api/{family}/solve"]["post"]["responses"]
    assert {"400", "404", "413", "422", "429", "503", "504"} <= set(solve)


def test_local_options_never_reach_the_machine_through_the_api(client, tmp_path):
    """Options marked `local` (paths, cluster addresses) are not listed and are refused."""
    listed = {f["name"]: f for f in client.get("/api/families").json()}
    names = {o["name"] for o in listed["nqueens"]["options"]}
    assert "fundamental" in names and not names & {"checkpoint", "queens_out", "address", "executor"}
    target = tmp_path / "written-by-the-server.jsonl"
    answer = client.post(
        "/api/nqueens/solve",
        json={"instance": {"n": 8}, "mode": "count", "options": {"checkpoint": str(target)}},
    )
    assert answer.status_code == 422 or answer.status_code == 400
    answer = client.post(
        "/api/nqueens/solve", json={"instance": {"n": 9}, "options": {"queens_out": str(target)}}
    )
    assert answer.status_code in (400, 422)
    assert not target.exists()


# ---- the puzzle each family opens on ---------------------------------------------------------
#: Families whose puzzles have clues: their first puzzle has exactly one solution.
CLUED = {"chessnum", "cnote", "tents"}


@pytest.mark.parametrize("name", [f.name for f in registry.families()])
def test_each_family_opens_on_a_solvable_puzzle(client, name):
    family = next(f for f in client.get("/api/families").json() if f["name"] == name)
    instance = family["example"]["instance"]
    mode = "unique" if name in CLUED else "first"
    body = {"instance": instance, "mode": mode, "time_limit": 30}
    solved = post(client, f"/api/{name}/solve", body).json()
    assert solved["status"] in ("solved", "optimal"), solved
    if name in CLUED:
        assert solved["unique"] is True
    if name == "armies":  # the largest peaceable armies on 6x6 are 5 each (OEIS A250000)
        assert instance == {"family": "armies", "n": 6, "m": 5}
    published = {
        "chessnum": lambda: next(p["solution"] for p in PUBLISHED if p["instance"] == instance),
        "tents": lambda: json.loads(TENTS_TATHAM_SAMPLE.read_text().splitlines()[0])["solution"],
    }
    if name in published:  # the solver's answer is the published one
        expected = published[name]()
        found = solved["solutions"][0]
        if name == "tents":
            assert sorted(map(tuple, found["tents"])) == sorted(map(tuple, expected["tents"]))
        else:
            assert found == expected


def test_generated_menu_entries_generate_their_level(client):
    """Families that grade their puzzles list every level at each menu size; an entry's options
    generate a puzzle graded at that level (the first entry of each family, for time)."""
    listed = {f["name"]: f for f in client.get("/api/families").json()}
    for name, family in listed.items():
        if not family["levels"]:
            assert family["generated"] == [], name
            continue
        sizes = {g["options"]["size"] for g in family["generated"]}
        levels = [
            level
            for level in family["levels"]
            if any(g["options"]["difficulty"] == level for g in family["generated"])
        ]
        assert levels and levels == family["levels"][: len(levels)], name  # the easiest levels
        assert {(g["options"]["size"], g["options"]["difficulty"]) for g in family["generated"]} == {
            (size, level) for size in sizes for level in levels
        }
        entry = family["generated"][0]
        made = post(client, f"/api/{name}/generate", {"options": entry["options"], "seed": 1}).json()
        assert made["difficulty"] == entry["options"]["difficulty"], name


def test_the_published_puzzles_are_listed_and_read(client):
    listed = {f["name"]: f for f in client.get("/api/families").json()}
    expected = {
        "chessnum": len(PUBLISHED),
        "tents": len(TENTS_TATHAM_SAMPLE.read_text().splitlines()),
        "cnote": len(CNOTE_PUBLISHED.read_text().splitlines()),
    }
    for name, family in listed.items():
        assert len(family["library"]) == expected.get(name, 0), name
        for entry in family["library"]:
            assert entry["title"] and entry["source"]
            parsed = post(client, f"/api/{name}/parse", {"instance": entry["instance"]}).json()
            assert parsed["instance"] == entry["instance"]
