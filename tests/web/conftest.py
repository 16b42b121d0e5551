"""Fixtures for the web tests: an app with its solver processes, once per module."""

from __future__ import annotations

import pytest

from boardlab.web.config import WebConfig


@pytest.fixture(scope="module")
def client():
    """A client of an app with two solver processes and a short kill grace."""
    from fastapi.testclient import TestClient

    from boardlab.web.app import create_app

    app = create_app(WebConfig(workers=2, kill_grace=1.0))
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def single():
    """A client of an app with tight limits: one solver, one quick process, small answers,
    a 1 GiB memory cap, a 3 s hard limit on quick jobs and a Host check."""
    from fastapi.testclient import TestClient

    from boardlab.web.app import create_app

    limits = WebConfig(
        workers=1,
        quick_workers=1,
        kill_grace=1.0,
        max_answer_bytes=2000,
        quick_seconds=1.5,
        worker_memory_bytes=1024**3,
        allowed_hosts=("testserver", "127.0.0.1", "localhost"),
    )
    with TestClient(create_app(limits)) as test_client:
        yield test_client


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "browser: drives chromium with Playwright (skipped when either is missing)"
    )


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="session")
def live_server():
    """`boardlab serve` on a free port of 127.0.0.1, as a user starts it; its base URL."""
    import os
    import subprocess
    import sys
    import time
    import urllib.request
    from pathlib import Path

    import boardlab

    port = _free_port()
    source = str(Path(boardlab.__file__).resolve().parents[1])
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [source, os.environ.get("PYTHONPATH")])))
    log = open(os.devnull, "wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "boardlab", "serve", "--port", str(port), "--workers", "2"],
        env=env,
        stdout=log,
        stderr=subprocess.PIPE,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(url + "/api/health", timeout=2) as answer:
                if answer.status == 200:
                    break
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError(f"boardlab serve did not start: {process.stderr.read().decode()[-2000:]}")
        time.sleep(0.2)
    yield url
    process.terminate()
    try:
        process.wait(15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    log.close()
