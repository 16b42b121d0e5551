"""`boardlab serve`: the command, its defaults, and what it says without the web extra."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

WEB_EXTRA = "the web tests need the web extra: pip install 'boardlab[web]' (fastapi, uvicorn, httpx)"
for _module in ("fastapi", "uvicorn", "httpx"):
    pytest.importorskip(_module, reason=WEB_EXTRA)

import boardlab
from boardlab import cli
from boardlab.web.server import allowed_hosts, is_loopback

SOURCE = str(Path(boardlab.__file__).resolve().parents[1])


def run(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=SOURCE, COLUMNS="200")
    return subprocess.run(
        [sys.executable, "-m", "boardlab", *args], capture_output=True, text=True, env=env, timeout=60
    )


def test_serve_help_shows_host_port_and_the_loopback_default():
    shown = run("serve", "--help")
    assert shown.returncode == 0
    for flag in ("--host", "--port", "--workers"):
        assert flag in shown.stdout
    assert "127.0.0.1" in shown.stdout and "8000" in shown.stdout


def test_bad_port_is_a_usage_error():
    refused = run("serve", "--port", "70000")
    assert refused.returncode == 2
    assert "Traceback" not in refused.stderr


def test_a_port_in_use_is_a_clear_error():
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        refused = run("serve", "--port", str(port))
    assert refused.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in refused.stderr and "Traceback" not in refused.stderr


def test_without_the_web_extra_one_clear_line(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "boardlab.web.server", None)  # import fails as without fastapi
    with pytest.raises(SystemExit) as stop:
        cli.main(["serve"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "pip install 'boardlab[web]'" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("localhost", True),
        ("::1", True),
        ("[::1]", True),
        ("127.0.0.2", True),
        ("0.0.0.0", False),
        ("192.168.1.5", False),
        ("::", False),
        ("example.org", False),
    ],
)
def test_loopback_detection(host, loopback):
    assert is_loopback(host) is loopback
    assert (allowed_hosts(host) is not None) is loopback
