"""A ``rules = "forum_ru"`` game by mail against Dovecot and an SMTP sink: the unique
weapon and a gifted province ordered in the players' own language (Italian or English),
confirmed, adjudicated at the deadline and announced in every results mail (seed 004)."""

from __future__ import annotations

from pathlib import Path

from harness import (
    FakeClock,
    current_phase,
    daemon_config,
    order_mail,
    queued,
    run,
    seated,
    start_moment,
    to,
    until,
)
from mail.conftest import ImapAccount
from mail.servers import SmtpSink
from service.service_helpers import SPRING_1901, game_table

from arbitro.contract import position_from_json
from arbitro.daemon import Daemon
from arbitro.variants import load_board

BOARD = load_board("forum_ru")
GAME = "forum"
GAME_ADDRESS = f"arbitro+{GAME}@example.org"

# Russia's spring, the house orders in the player's language.
RUSSIA = {
    "it": ["A War XXX", "A Mos - Sev", "F Sev - MNe", "F StP(cs) - GBo",
           "COLPO Galizia DA Varsavia", "DONA Livonia alla Germania",
           "TRATTATO Austria, Turchia: pace sul Mar Nero"],
    "en": ["A WAR H", "A MOS - SEV", "F SEV - BLA", "F STP/SC - BOT",
           "STRIKE Galicia FROM Warsaw", "GIFT Livonia TO Germany",
           "TREATY Austria, Turkey: peace in the Black Sea"],
}


def language_of(address: str) -> str:
    return "it" if int(address[1]) % 2 == 0 else "en"


def test_strike_and_gift_by_mail(imap_account: ImapAccount, smtp_sink: SmtpSink, tmp_path: Path) -> None:
    clock = FakeClock(start_moment())
    table = game_table(GAME, rules="forum_ru", reminders=[])
    config = daemon_config(imap_account, smtp_sink, tmp_path / "forum.sqlite3", table)

    async def go() -> None:
        daemon = Daemon(config, clock=clock, tick_seconds=3600, imap_wait=2, drain_seconds=5,
                        imap_timeout=10)
        await daemon.start()
        try:
            store = daemon.store
            assert store is not None
            players = await seated(store, GAME)
            russian = players["RUSSIA"]
            lang = language_of(russian)
            for power, lines in SPRING_1901.items():
                if power == "RUSSIA":
                    lines = RUSSIA[lang]
                if power == "AUSTRIA":
                    lines = [*lines, "TREATY CONFIRM RUSSIA"]
                address = players[power]
                imap_account.deliver(order_mail(address, "\n".join(lines),
                                                password=f"pw{address[1]}", to=GAME_ADDRESS))

            def confirmed() -> list:
                return [g for g in to(smtp_sink, russian)
                        if "Ordini ricevuti" in g.subject or "Orders received" in g.subject]

            await until(lambda: bool(confirmed()), what="Russia's confirmation")
            body = confirmed()[0].body
            strike = "COLPO Galizia DA Var" if lang == "it" else "STRIKE GAL FROM WAR"
            assert strike in body, body
            # everyone ordered: the phase is played at once (early processing)
            await until(lambda: current_phase(store, GAME).code == "F1901M", what="spring played")
            after = position_from_json(BOARD, current_phase(store, GAME).position_before)
            assert "GAL" not in {u.province for u in after.units}  # Austria's arrival destroyed
            assert after.territories["GAL"] == "RUSSIA"
            assert after.territories["LVN"] == "GERMANY"
            assert after.weapons_used == {"RUSSIA"}
            await until(lambda: queued(store) == 0, what="results sent")
            for power, address in players.items():
                mails = [g for g in to(smtp_sink, address)
                         if "Risultati" in g.subject or "Results" in g.subject]
                assert len(mails) == 1, (power, [g.subject for g in to(smtp_sink, address)])
                text = mails[0].body
                if language_of(address) == "it":
                    assert "COLPO Galizia DA Var" in text and "DONA Livonia A Germania" in text
                    assert "TRATTATI ANNUNCIATI" in text and "confermato da: Austria" in text
                else:
                    assert "STRIKE GAL FROM WAR" in text and "GIFT LVN TO GERMANY" in text
                    assert "TREATIES ANNOUNCED" in text and "confirmed by: Austria" in text
        finally:
            await daemon.stop()

    run(go(), timeout=180)
