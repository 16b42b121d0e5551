"""Load: 50 concurrent solve requests against `boardlab serve` on 127.0.0.1.

Every request gets an answer (a solution or 429 busy), none is lost, answers are right, and the
server is healthy afterwards. Run as a script for the figures:
`PYTHONPATH=src python tests/web/test_load.py http://127.0.0.1:8000 50`.
"""

from __future__ import annotations

import json
import sys
import threading
import time
import urllib.error
import urllib.request
from collections import Counter

import pytest


def _post(url: str, body: dict, timeout: float = 120) -> tuple[int, dict]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def fire(base: str, requests: int = 50) -> dict:
    """`requests` solves sent at the same moment (a barrier); statuses, times and answers."""
    barrier = threading.Barrier(requests)
    results: list[tuple[int, dict, float] | None] = [None] * requests

    def one(k: int) -> None:
        n = 9 + k % 3  # 9, 10 and 11 queens: count all
        barrier.wait()
        start = time.perf_counter()
        try:
            status, body = _post(
                f"{base}/api/nqueens/solve", {"instance": n, "mode": "count", "time_limit": 30}
            )
        except Exception as error:  # a lost request: reported, and fails the test
            status, body = -1, {"error": repr(error)}
        results[k] = (status, {"n": n, **body}, time.perf_counter() - start)

    threads = [threading.Thread(target=one, args=(k,)) for k in range(requests)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - start
    statuses = Counter(r[0] for r in results if r is not None)
    return {
        "results": results,
        "statuses": dict(statuses),
        "wall_seconds": wall,
        "slowest_answer_seconds": max(r[2] for r in results if r is not None),
    }


COUNTS = {9: 352, 10: 724, 11: 2680}  # OEIS A000170


def check(base: str, report: dict, requests: int) -> None:
    results = report["results"]
    assert all(r is not None for r in results), "a request got no answer"
    assert set(report["statuses"]) <= {200, 429}, report["statuses"]
    assert sum(report["statuses"].values()) == requests
    assert report["statuses"].get(200, 0) >= 1
    for status, body, _ in results:
        if status == 200:
            assert body["count"] == COUNTS[body["n"]], body
        else:
            assert body["error"] == "busy"
    with urllib.request.urlopen(base + "/api/health", timeout=10) as answer:
        health = json.loads(answer.read())
    assert health["status"] == "ok" and health["busy"] == 0
    assert len(health["pids"]) == health["workers"]
    status, body = _post(base + "/api/nqueens/solve", {"instance": 8, "mode": "count"})
    assert status == 200 and body["count"] == 92


def test_fifty_concurrent_solves(request):
    for module in ("fastapi", "uvicorn"):
        pytest.importorskip(module, reason="the load test needs the web extra: pip install 'boardlab[web]'")
    live_server = request.getfixturevalue("live_server")
    report = fire(live_server, 50)
    check(live_server, report, 50)
    print(
        f"\nload: {report['statuses']} in {report['wall_seconds']:.2f} s, slowest answer {report['slowest_answer_seconds']:.2f} s"
    )


if __name__ == "__main__":
    base = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    figures = fire(base, count)
    check(base, figures, count)
    print(json.dumps({k: v for k, v in figures.items() if k != "results"}))
