"""The dev archive's port is one browsers open (issue 29.14): every demo results mail
links there, and Chromium and Firefox refuse 10080 outright (tests/e2e/test_e2e_site_port.py
shows it in a real Chromium)."""

from __future__ import annotations

import inspect

import pytest

from arbitro.cli import main
from arbitro.dev.app import run_dev
from arbitro.dev.ports import BROWSER_BLOCKED_PORTS, DEFAULT_SITE_PORT, site_port


def test_the_default_site_port_is_not_one_browsers_refuse() -> None:
    assert DEFAULT_SITE_PORT not in BROWSER_BLOCKED_PORTS and 1024 < DEFAULT_SITE_PORT < 65536
    assert inspect.signature(run_dev).parameters["site_port"].default == DEFAULT_SITE_PORT
    assert 10080 in BROWSER_BLOCKED_PORTS and 6667 in BROWSER_BLOCKED_PORTS


@pytest.mark.parametrize("port", [10080, 6000, 25])
def test_a_port_browsers_refuse_is_refused_with_the_reason(port: int, capsys) -> None:
    with pytest.raises(ValueError, match="refuse"):
        site_port(port)
    with pytest.raises(SystemExit) as stop:
        main(["dev", "--site-port", str(port)])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert f"port {port}" in err and "Chromium and Firefox" in err and str(DEFAULT_SITE_PORT) in err


def test_run_dev_refuses_a_port_browsers_refuse(tmp_path) -> None:
    import asyncio

    with pytest.raises(ValueError, match="10080"):
        asyncio.run(run_dev(tmp_path, imap_port=0, smtp_port=0, site_port=10080, out=lambda _: None))
