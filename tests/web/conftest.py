"""Fixtures for the web tests: an app with its solver processes, once per module."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the web tests need the web extra: pip install 'boardlab[web]'")
pytest.importorskip("httpx", reason="FastAPI's TestClient needs httpx (web extra)")

from fastapi.testclient import TestClient  # noqa: E402

from boardlab.web.app import create_app  # noqa: E402
from boardlab.web.config import WebConfig  # noqa: E402


@pytest.fixture(scope="module")
def client():
    """A client of an app with two solver processes and a short kill grace."""
    app = create_app(WebConfig(workers=2, kill_grace=1.0))
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def make_client():
    """Build clients of apps with their own limits (closed at the end of the test)."""
    opened = []

    def make(**limits):
        test_client = TestClient(create_app(WebConfig(**limits)))
        test_client.__enter__()
        opened.append(test_client)
        return test_client

    yield make
    for test_client in opened:
        test_client.__exit__(None, None, None)
