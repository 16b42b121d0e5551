"""Shared helpers for the Chess-Num tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from boardlab.core.registry import get

DATA = Path(__file__).resolve().parents[2] / "data" / "chessnum"


def published() -> list[dict[str, Any]]:
    """The four published boards (copied from /work/shared/data/chessnum, source lines kept)."""
    return [json.loads(path.read_text()) for path in sorted(DATA.glob("chessnum-*.json"))]


@pytest.fixture(scope="session")
def family():
    return get("chessnum")
