"""The moment a mail counts for lateness (R-LATE-3) is when it arrived, at the handler with
the times passed in: the earlier of its arrival (the server's INTERNALDATE) and its
reading; without an arrival, its reading; never the Date header, which the sender writes."""

from __future__ import annotations

from datetime import timedelta
from email.utils import format_datetime
from pathlib import Path

from player_mail import player_mail
from service.service_helpers import START, Driver, game_table, make_config

from arbitro.mail.intake.handler import MailHandler
from arbitro.service import Referee
from arbitro.store import open_store

GAME = "arrivi"
TURKEY = "F ANK - BLA\nA CON - BUL\nA SMY - ARM"


def test_a_mail_is_on_time_or_late_by_its_arrival(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'arrival.sqlite3'}")
    try:
        # No bank: a late mail is refused (R-LATE-3), so each verdict shows in the orders.
        referee = Referee(store, make_config(game_table(GAME, lateness_bank_days=0,
                                                        reminders=[])))
        referee.tick(START)
        d = Driver(referee, store, GAME)
        phase = d.phase()
        turkey = d.holders()["TURKEY"]
        handler = MailHandler(referee)
        read = phase.deadline + timedelta(hours=1)  # the daemon was down over the deadline

        def send(**times: object) -> dict[str, str]:
            raw = player_mail(turkey, f"arbitro+{GAME}@example.org",
                              f"PASSWORD pw{turkey[1]}\n{TURKEY}",
                              headers={"Date": format_datetime(phase.deadline - timedelta(days=1))})
            assert handler.handle(raw, read, **times) == "processed"  # type: ignore[arg-type]
            with store.begin() as uow:
                return {p: s.text for p, s in uow.orders.current(phase.id).items()}

        # No arrival known (a server without INTERNALDATE): the reading time, late; the
        # Date header (a day before the deadline) is not believed.
        assert "TURKEY" not in send()
        # An arrival after the reading (a server's clock ahead): the reading time, late.
        assert "TURKEY" not in send(arrived=read + timedelta(minutes=5))
        # Arrived before the deadline, read after it: on time, at no cost.
        assert "A CON - BUL" in send(arrived=phase.deadline - timedelta(minutes=1))["TURKEY"]
        with store.begin() as uow:
            assert dict(uow.phases.current(GAME).lateness or {}) == {}
    finally:
        store.close()
