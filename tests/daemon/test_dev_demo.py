"""``arbitro dev`` waits for the newcomer (finding 5 of issue 20): with no option they play
FRANCE and the banner says so and what to type next; demo players order only ``pace``
after a phase opens; ``dev process`` forces the phase through the GM's mail command;
``dev reset`` refuses while a dev runs and starts over after; a restart keeps every
earlier mail readable over IMAP."""

from __future__ import annotations

import asyncio
import io
import time
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from imapclient import IMAPClient

from arbitro.cli import main
from arbitro.dev.app import run_dev
from arbitro.dev.demo import DATABASE_FILE, DEMO_GAME, GM, find_player, read_state
from arbitro.store import open_store


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def phase_and_orders(data: Path) -> tuple[str, set[str]]:
    store = open_store(f"sqlite:///{data / DATABASE_FILE}")
    try:
        with store.begin() as uow:
            phase = uow.phases.current(DEMO_GAME)
            if phase is None:
                return "", set()
            return phase.code, set(uow.orders.current(phase.id))
    finally:
        store.close()


def inbox_subjects(data: Path, address: str) -> list[str]:
    state = read_state(data)
    assert state is not None
    with IMAPClient(state.host, port=state.imap_port, ssl=False, timeout=10) as client:
        client.login(address, state.mail_password)
        client.select_folder("INBOX", readonly=True)
        fetched = client.fetch(client.search(["ALL"]), ["BODY.PEEK[HEADER.FIELDS (SUBJECT)]"])
        return [bytes(d[b"BODY[HEADER.FIELDS (SUBJECT)]"]).decode().strip()
                for _, d in sorted(fetched.items())]


async def until(what: Callable[[], Any], seconds: float, why: str) -> Any:
    end = time.monotonic() + seconds
    while True:
        got = await asyncio.to_thread(what)
        if got:
            return got
        assert time.monotonic() < end, why
        await asyncio.sleep(0.2)


def start_dev(data: Path, printed: list[str], **options: Any) -> tuple[asyncio.Task[None], asyncio.Event]:
    stop = asyncio.Event()
    task = asyncio.create_task(run_dev(data, imap_port=0, smtp_port=0, out=printed.append,
                                       stop_event=stop, **options))
    return task, stop


def test_the_demo_waits_for_the_newcomer_and_can_be_forced_reset_and_restarted(
        tmp_path: Path) -> None:
    france = find_player("FRANCE")
    assert france is not None
    seen: dict[str, Any] = {}

    async def go() -> None:
        printed: list[str] = []
        task, stop = start_dev(tmp_path, printed, pace=4.0)  # no --play: the default
        await until(lambda: printed or task.done(), 30, "no banner")
        assert not task.done()
        seen["banner"] = printed[0]
        # the game opens; for the pace's length nobody but the newcomer could have ordered
        await until(lambda: phase_and_orders(tmp_path)[0], 30, "the game did not open")
        opened = time.monotonic()
        await asyncio.sleep(2.0)
        code, orders = await asyncio.to_thread(phase_and_orders, tmp_path)
        assert time.monotonic() - opened < 4.0
        seen["early"] = (code, orders)
        # after the pace the six demo players have ordered, France has not: no early processing
        await until(lambda: len(phase_and_orders(tmp_path)[1]) == 6, 30, "bots did not order")
        await asyncio.sleep(1.0)
        seen["waiting"] = await asyncio.to_thread(phase_and_orders, tmp_path)
        # a second dev on the same folder: refused in one line, before any server starts
        seen["second_dev"] = await asyncio.to_thread(
            cli, "dev", "--data", str(tmp_path), "--imap-port", "0", "--smtp-port", "0")
        # a reset while it runs: refused, nothing removed
        seen["busy_reset"] = await asyncio.to_thread(cli, "dev", "reset", "--data", str(tmp_path))
        # the GM forces the phase: PROCESSA by mail, the reply printed
        seen["process"] = await asyncio.to_thread(
            cli, "dev", "process", "--data", str(tmp_path), "--wait", "30")
        await until(lambda: phase_and_orders(tmp_path)[0] not in ("", "S1901M"), 30,
                    "the phase was not processed")
        seen["france_before"] = await asyncio.to_thread(inbox_subjects, tmp_path, france.address)
        seen["gm_before"] = await asyncio.to_thread(inbox_subjects, tmp_path, GM)
        stop.set()
        await asyncio.wait_for(task, 30)

        # a restart: the same game, every earlier mail still there
        printed.clear()
        task, stop = start_dev(tmp_path, printed, play=["ITALY"], pace=600.0)
        await until(lambda: printed or task.done(), 30, "no banner after the restart")
        seen["restart_banner"] = printed[0]
        seen["france_after"] = await asyncio.to_thread(inbox_subjects, tmp_path, france.address)
        seen["gm_after"] = await asyncio.to_thread(inbox_subjects, tmp_path, GM)
        seen["phase_after"] = (await asyncio.to_thread(phase_and_orders, tmp_path))[0]
        stop.set()
        await asyncio.wait_for(task, 30)
        seen["reset"] = await asyncio.to_thread(cli, "dev", "reset", "--data", str(tmp_path))

    asyncio.run(asyncio.wait_for(go(), 150))

    banner = seen["banner"]
    assert "You play FRANCE (francia@demo.test): the game waits" in banner
    assert "6 powers are demo players: they order 4 seconds after each phase opens" in banner
    assert "arbitro dev send --as FRANCE" in banner and "arbitro dev process" in banner
    assert "arbitro dev reset" in banner
    assert seen["early"] == ("S1901M", set())
    code, orders = seen["waiting"]
    assert code == "S1901M" and "FRANCE" not in orders and len(orders) == 6

    busy_code, _, busy_err = seen["busy_reset"]
    assert busy_code == 3 and "running" in busy_err and "stop it first" in busy_err
    assert busy_err.count("\n") == 1  # one line

    second_code, _, second_err = seen["second_dev"]
    assert second_code == 3 and "already running" in second_err
    assert second_err.count("\n") == 1

    process_code, process_out, _ = seen["process"]
    assert process_code == 0, process_out
    assert "ELABORA: fatto" in process_out and "fase elaborata" in process_out

    assert seen["france_before"] and seen["gm_before"]
    assert seen["france_after"][: len(seen["france_before"])] == seen["france_before"]
    assert seen["gm_after"][: len(seen["gm_before"])] == seen["gm_before"]
    assert any("Risultati" in s for s in seen["france_after"])
    assert seen["phase_after"] not in ("", "S1901M")  # the same game continues
    assert "You play ITALY" in seen["restart_banner"]

    reset_code, reset_out, _ = seen["reset"]
    assert reset_code == 0 and "removed" in reset_out
    assert not (tmp_path / DATABASE_FILE).exists() and not (tmp_path / "mail").exists()
    assert read_state(tmp_path) is None


def test_watch_plays_no_power_and_pace_reads_durations() -> None:
    from arbitro.cli import build_parser

    args = build_parser("dev").parse_args(["dev", "--watch", "--pace", "30s"])
    assert args.watch and args.pace == 30.0 and args.play is None
    assert build_parser("dev").parse_args(["dev", "--pace", "0"]).pace == 0.0
    with pytest.raises(SystemExit), redirect_stderr(io.StringIO()):
        build_parser("dev").parse_args(["dev", "--pace", "soon"])


def test_reset_on_an_empty_folder_says_so(tmp_path: Path) -> None:
    code, out, _ = cli("dev", "reset", "--data", str(tmp_path / "none"))
    assert code == 0 and "nothing to remove" in out


def test_dev_servers_refuse_a_taken_port_in_one_line(tmp_path: Path) -> None:
    """A config names its ports: the test servers never drift to other ones."""
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, _, err = cli("dev", "servers", "--data", str(tmp_path), "--imap-port", str(port),
                           "--smtp-port", "0")
    assert code == 1 and f"port {port}" in err and "--imap-port" in err
    assert err.count("\n") == 1
