"""The benchmark runner: what it records, resume, --fresh, time limits, budget, interruption."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from pathlib import Path

import pytest
from bench_tiny import A000170, read_results

from boardlab.bench import runner
from boardlab.bench.experiment import Case, Experiment, Measurement, register, unregister
from boardlab.bench.results import median


def test_full_run_records_everything(tiny_run: tuple[int, Path]) -> None:
    code, out = tiny_run
    assert code == 0
    records = read_results(out / "results.jsonl")
    assert len(records) == 8 + 4  # tiny/queens: n=4..7 x 2 backends; tiny/plain: n=5..8
    for record in records:
        assert record["status"] == "solved"
        assert record["quick"] is False
        assert len(record["times"]) == 2 and record["repeat"] == 2
        assert record["seconds"] == pytest.approx(median(record["times"]))
        assert record["value"] == A000170[record["params"]["n"]]  # ground truth, not only "it ran"
        assert record["seed"] == 0
        assert record["versions"]["ortools"] and record["versions"]["python"]
        assert record["machine"]["cores"] == os.cpu_count() and record["machine"]["cpu"]
        assert record["time_limit"] == runner.DEFAULT_TIME_LIMIT[False]
    queens = [r for r in records if r["experiment"] == "tiny/queens"]
    assert {r["backend"] for r in queens} == {"bitboard", "cpsat"}
    assert all(r["series"] == "backend" and r["reference"] == "bitboard" and r["x"] == "n" for r in queens)
    assert len({r["run_id"] for r in records}) == 1
    assert not multiprocessing.active_children()  # the worker is gone


def test_quick_runs_the_quick_cases_once(tmp_path: Path) -> None:
    summary = runner.run(runner.Settings(out=tmp_path, quick=True, only=("tiny/queens",)))
    assert summary.ran == 6 and summary.statuses == {"solved": 6}
    records = read_results(tmp_path / "results.jsonl")
    assert sorted(r["case"] for r in records) == sorted(
        f"n={n} {b}" for n in (4, 5, 6) for b in ("bitboard", "cpsat")
    )
    assert all(
        r["quick"] and len(r["times"]) == 1 and r["time_limit"] == runner.DEFAULT_TIME_LIMIT[True]
        for r in records
    )


def test_default_out_directory(bench, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert bench("--quick", "--only", "tiny/plain").code == 0
    assert (tmp_path / "bench-results-quick" / "results.jsonl").exists()
    assert (tmp_path / "bench-results-quick" / "report.md").exists()


def test_resume_skips_what_is_there(bench, tmp_path: Path) -> None:
    assert runner.run(runner.Settings(out=tmp_path, only=("tiny/plain",), repeat=1)).ran == 4
    first = read_results(tmp_path / "results.jsonl")
    ran = bench("--only", "tiny/plain", "--out", str(tmp_path), "--repeat", "1")
    assert ran.code == 0 and "ran 0 case(s)" in ran.err and "4 already" in ran.err
    assert read_results(tmp_path / "results.jsonl") == first
    # another experiment is added to the same file; the first one is still skipped
    summary = runner.run(runner.Settings(out=tmp_path, only=("tiny",), repeat=1))
    assert summary.ran == 8 and summary.already == 4
    after = read_results(tmp_path / "results.jsonl")
    assert after[:4] == first and len(after) == 12
    assert {r["experiment"] for r in after[4:]} == {"tiny/queens"}
    # quick and full results do not stand in for each other
    assert runner.run(runner.Settings(out=tmp_path, quick=True, only=("tiny/plain",))).ran == 2
    assert len(read_results(tmp_path / "results.jsonl")) == 14


def test_resume_after_a_kill_mid_write(bench, tmp_path: Path) -> None:
    assert runner.run(runner.Settings(out=tmp_path, only=("tiny/plain",), repeat=1)).ran == 4
    path = tmp_path / "results.jsonl"
    kept = path.read_text().splitlines(keepends=True)[:2]
    path.write_text("".join(kept) + '{"experiment": "tiny/plain", "case": "n=7", "par')  # torn line
    ran = bench("--only", "tiny/plain", "--out", str(tmp_path), "--repeat", "1")
    assert ran.code == 0, ran.err
    records = read_results(path)  # parses: the torn line is gone
    assert [r["case"] for r in records] == ["n=5", "n=6", "n=7", "n=8"]
    assert len({r["run_id"] for r in records}) == 2


def test_fresh_discards_earlier_results(bench, tmp_path: Path) -> None:
    assert runner.run(runner.Settings(out=tmp_path, only=("tiny/plain",), repeat=1)).ran == 4
    before = read_results(tmp_path / "results.jsonl")
    assert bench("--only", "tiny/plain", "--out", str(tmp_path), "--repeat", "1", "--fresh").code == 0
    after = read_results(tmp_path / "results.jsonl")
    assert [r["case"] for r in after] == [r["case"] for r in before]
    assert {r["run_id"] for r in after}.isdisjoint({r["run_id"] for r in before})


def test_errors_are_results_and_are_retried(bench, tmp_path: Path) -> None:
    ran = bench("--only", "tinybad/broken", "--out", str(tmp_path))
    assert ran.code == 4 and "error" in ran.err
    records = read_results(tmp_path / "results.jsonl")
    assert [(r["case"], r["status"]) for r in records] == [("n=3", "error"), ("n=4", "solved")]
    assert records[0]["error"] == "ValueError: no luck with n=3"
    assert bench("--only", "tinybad/broken", "--out", str(tmp_path)).code == 4
    again = read_results(tmp_path / "results.jsonl")
    assert [r["case"] for r in again] == ["n=3", "n=4", "n=3"]  # only the error ran again


def test_a_case_list_that_fails_is_reported(bench, tmp_path: Path) -> None:
    ran = bench("--only", "tinybad/nocases", "--only", "tiny/plain", "--out", str(tmp_path), "--repeat", "1")
    assert ran.code == 4
    assert "tinybad/nocases: cannot list its cases: RuntimeError" in ran.err
    assert len(read_results(tmp_path / "results.jsonl")) == 4  # the other experiment ran
    assert "cannot list its cases" in (tmp_path / "report.md").read_text()


def test_time_limit_unknown_and_kill(bench, tmp_path: Path) -> None:
    ran = bench(
        "--only", "tinybad/slow", "--only", "tinybad/stubborn", "--out", str(tmp_path), "--time-limit", "0.5"
    )
    assert ran.code == 0, ran.err
    records = {r["case"] + " " + r["name"]: r for r in read_results(tmp_path / "results.jsonl")}
    assert records["n=5 slow"]["status"] == "solved" and records["n=5 slow"]["value"] == 10
    assert records["n=15 slow"]["status"] == "unknown"  # the experiment honoured its limit
    assert records["n=15 slow"]["time_limit"] == 0.5
    stubborn = records["n=16 stubborn"]
    assert stubborn["status"] == "timeout" and "killed" in stubborn["error"]  # the runner stopped it
    assert stubborn["seconds"] is None
    assert not multiprocessing.active_children()


def test_budget_leaves_what_does_not_fit(bench, tmp_path: Path) -> None:
    ran = bench("--only", "tinybad/slow", "--out", str(tmp_path), "--time-limit", "60", "--budget", "3")
    assert ran.code == 0, ran.err
    records = read_results(tmp_path / "results.jsonl")
    # n=15 ran into the limit the budget shortened: not kept, so a rerun tries it again
    assert [r["case"] for r in records] == ["n=5", "n=6"]
    assert "1 not run" in ran.err
    assert "not run within the budget" in (tmp_path / "report.md").read_text()


def test_seed_is_set_and_recorded(bench, tmp_path: Path) -> None:
    draws = []
    assert bench("--only", "tinyrand", "--out", str(tmp_path), "--seed", "7", "--repeat", "1").code == 0
    for seed in (7, 7, 8):
        if draws:
            runner.run(runner.Settings(out=tmp_path, only=("tinyrand",), seed=seed, fresh=True, repeat=1))
        (record,) = read_results(tmp_path / "results.jsonl")
        assert record["seed"] == seed
        draws.append(record["value"])
    assert draws[0] == draws[1] != draws[2]


def test_interrupt_keeps_finished_results(tmp_path: Path) -> None:
    """Ctrl-C (KeyboardInterrupt) after two cases: both are kept, the rest runs on resume."""
    seen = []

    def stop_after_two(record: dict) -> None:
        seen.append(record)
        if len(seen) == 2:
            raise KeyboardInterrupt

    settings = runner.Settings(out=tmp_path, only=("tiny/plain",), repeat=1)
    summary = runner.run(settings, on_result=stop_after_two)
    assert summary.interrupted and summary.ran == 2 and summary.left == 2
    assert [r["case"] for r in read_results(tmp_path / "results.jsonl")] == ["n=5", "n=6"]
    assert not multiprocessing.active_children()
    summary = runner.run(runner.Settings(out=tmp_path, only=("tiny/plain",), repeat=1))
    assert not summary.interrupted and summary.ran == 2 and summary.already == 2
    assert [r["case"] for r in read_results(tmp_path / "results.jsonl")] == ["n=5", "n=6", "n=7", "n=8"]


def test_select() -> None:
    assert [e.key for e in runner.select(("tiny",))] == ["tiny/plain", "tiny/queens"]
    assert [e.key for e in runner.select(("tiny/queens", "tiny"))] == ["tiny/plain", "tiny/queens"]
    assert "tiny/queens" in [e.key for e in runner.select(())]


def _count_in_pool(case, time_limit):  # an experiment whose solver runs in processes of its own
    import concurrent.futures

    from bench_tiny import count_queens

    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        futures = [pool.submit(count_queens, case.params["n"]) for _ in range(2)]
        pids = list(pool._processes)  # noqa: SLF001 - the test needs the pool's pids
        Path(case.params["pids"]).write_text(" ".join(map(str, pids)))
        return Measurement("solved", 0.0, sum(f.result() for f in futures))


def test_a_kill_stops_the_processes_a_case_started(tmp_path: Path) -> None:
    pids_file = tmp_path / "pids"
    register(
        Experiment(
            family="tinypool",
            name="pool",
            title="pool",
            description="a pool of counters",
            cases=lambda quick: [Case(f"n={n}", {"n": n, "pids": str(pids_file)}) for n in (6, 16)],
            run=_count_in_pool,
        )
    )
    try:
        summary = runner.run(runner.Settings(out=tmp_path, only=("tinypool",), time_limit=0.5))
    finally:
        unregister("tinypool/pool")
    assert summary.statuses == {"solved": 1, "timeout": 1}
    pids = [int(p) for p in pids_file.read_text().split()]
    assert len(pids) == 2
    time.sleep(0.2)
    survivors = []
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as handle:
                state = handle.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue  # gone
        if state != "Z":
            survivors.append(pid)
            os.kill(pid, signal.SIGKILL)  # the test's own processes: do not leave them running
    assert not survivors, f"pool processes {survivors} survived the kill"


def test_budget_limits() -> None:
    unlimited = runner.Budget(None)
    assert unlimited.limit(10.0) == (10.0, False) and unlimited.limit(None) == (None, False)
    assert unlimited.warm_up_limit(0.5) == runner.WARM_UP_LIMIT  # a first JIT compilation may take long
    assert unlimited.warm_up_limit(100.0) == runner.hard_limit(100.0)
    tight = runner.Budget(12.0)
    limit, cut = tight.limit(60.0)
    assert cut and limit is not None and runner.hard_limit(limit) <= 12.0
    assert tight.limit(1.0) == (1.0, False)
    assert runner.hard_limit(1.0) <= tight.warm_up_limit(1.0) <= 11.0
    spent = runner.Budget(1.0)
    assert spent.limit(10.0) is None  # nothing more starts


def test_a_budget_takes_cases_round_robin(tmp_path: Path) -> None:
    summary = runner.run(runner.Settings(out=tmp_path, only=("tiny",), repeat=1, budget=100))
    assert summary.ran == 12
    order = [(r["name"], r["case"]) for r in read_results(tmp_path / "results.jsonl")]
    assert order[:4] == [
        ("plain", "n=5"),
        ("queens", "n=4 bitboard"),
        ("plain", "n=6"),
        ("queens", "n=4 cpsat"),
    ]
    assert [case for name, case in order if name == "queens"] == [
        f"n={n} {b}" for n in (4, 5, 6, 7) for b in ("bitboard", "cpsat")
    ]


def test_spawned_worker_imports_the_experiments(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where fork is missing (macOS, Windows) the worker is spawned and imports the experiments' modules."""
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    summary = runner.run(runner.Settings(out=tmp_path, only=("tiny/plain",), repeat=1))
    assert summary.statuses == {"solved": 4}
    assert [r["value"] for r in read_results(tmp_path / "results.jsonl")] == [
        A000170[n] for n in (5, 6, 7, 8)
    ]
