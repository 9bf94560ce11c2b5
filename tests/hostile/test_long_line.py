"""A 100 kB order line (docs/RELIABILITY.md): it used to cost ~50 s and gigabytes, every
reading keeping the whole line; the parser now refuses such a line unread, with a reason."""

from __future__ import annotations

import time
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path

from service.service_helpers import START, game_table, make_config

from arbitro.mail.intake.handler import MailHandler
from arbitro.service import Referee
from arbitro.store import open_store


def test_a_100_kb_single_line_is_handled_within_ten_seconds(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'k.sqlite3'}")
    referee = Referee(store, make_config(game_table("lunga")))
    referee.tick(START)
    with store.begin() as uow:
        france = uow.assignments.current("lunga")["FRANCE"].address
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = france, "arbitro+lunga@example.org", "ordini"
    m["Message-ID"] = "<long-line@players.example>"
    m.set_content(f"PASSWORD pw{france[1]}\n" + "A PAR - BUR " * 8000)
    began = time.monotonic()
    assert MailHandler(referee).handle(bytes(m), START + timedelta(hours=1)) == "processed"
    assert time.monotonic() - began < 10
