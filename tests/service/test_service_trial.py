"""PROVA / TEST, the private dry run (issue 17), and ANTEPRIMA / PREVIEW, the GM's, through
the mail handler (the door a mail comes in by).

PROVA with the orders of the DATC cases (tests/datc) answers with each case's outcomes;
neither command changes anything in the store but the inbound mail's own row and the
reply queued in the outbox (with its map attachment).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from datc.datc_cases import Case, load_cases, position_of
from player_mail import player_mail
from service_helpers import BOARD, START, game_table, make_config
from sqlalchemy import select

from arbitro.contract import position_to_json
from arbitro.diplomacy.notation import read_order
from arbitro.mail.intake.handler import MailHandler
from arbitro.reports.maps import render_map_png
from arbitro.reports.words import order_text
from arbitro.service import Referee
from arbitro.store import Store
from arbitro.store.base import Base
from arbitro.store.models import OutboxAttachment, OutboxMessage, Phase

NOW = START + timedelta(hours=1)
GM = "gm@example.org"
# What a PROVA or an ANTEPRIMA may add to the store: the mail as received, the reply,
# the reply's map. Nothing else may change.
BOOKKEEPING = {"inbound_mails": 1, "outbox": 1, "outbox_attachments": 1}


def _usable(case: Case) -> bool:
    """One-phase movement cases from the standard opening's centres, every order readable."""
    if case["phase"] != "S1901M" or case.get("next") or "centres" in case:
        return False
    if not case.get("expect", {}).get("results") or len(case.get("orders", {})) < 2:
        return False
    return all(not isinstance(read_order(BOARD, p, t), str)
               for p, texts in case["orders"].items() for t in texts)


CASES = [c for c in load_cases() if _usable(c)]


def setup_game(store: Store, game: str, **options: Any) -> tuple[MailHandler, dict[str, str]]:
    config = make_config(game_table(game, **options))
    referee = Referee(store, config, render_map=render_map_png)
    referee.tick(START)
    with store.begin() as uow:
        holders = {p: pl.address for p, pl in uow.assignments.current(game).items()}
    return MailHandler(referee), holders


def place(store: Store, game: str, case: Case) -> None:
    """The board of the case in the open phase (the case's position is the test's input)."""
    with store.begin() as uow:
        phase = uow.phases.current(game)
        assert phase is not None
        phase.position_before = position_to_json(position_of(BOARD, case))


def send(handler: MailHandler, game: str, address: str, password: str, body: str,
         subject: str = "partita", now: datetime = NOW) -> None:
    raw = player_mail(address, f"arbitro+{game}@example.org", f"PASSWORD {password}\n{body}",
                      subject=subject)
    assert handler.handle(raw, now) == "processed"


def trial_body(case: Case, sender: str) -> str:
    lines = ["PROVA", *case["orders"][sender]]
    for power, texts in sorted(case["orders"].items()):
        if power != sender:
            lines += [f"{power}:", *texts]
    return "\n".join(lines)


def last_reply(store: Store, to: str) -> OutboxMessage:
    with store.begin() as uow:
        rows = list(uow.session.scalars(select(OutboxMessage).order_by(OutboxMessage.id.desc())))
    return next(m for m in rows if m.recipients == [to])


def check_outcomes(case: Case, body: str, lang: str) -> None:
    lines = [line.strip() for line in body.splitlines()]
    for power, results in case["expect"]["results"].items():
        for text, expected in results.items():
            order = read_order(BOARD, power, text)
            assert not isinstance(order, str)
            shown = order_text(BOARD, order, lang)
            found = [line for line in lines if line == shown or line.startswith(shown + "  [")]
            if not found:  # void on reading: listed with its reason, never played
                assert expected != "succeeds", (case["id"], text, body)
                assert any(line.endswith(f". {text}") or f". {text}:" in line for line in lines), body
                continue
            assert len(found) == 1, (case["id"], shown, body)
            failed = found[0].startswith(shown + "  [")
            assert failed == (expected != "succeeds"), (case["id"], text, expected, found[0])


def snapshot(store: Store) -> dict[str, list[tuple[Any, ...]]]:
    with store.engine.connect() as conn:
        return {t.name: [tuple(r) for r in conn.execute(select(t).order_by(*t.primary_key.columns))]
                for t in Base.metadata.sorted_tables}


def assert_only_bookkeeping(before: dict[str, list[tuple[Any, ...]]],
                            after: dict[str, list[tuple[Any, ...]]]) -> None:
    for table in before:
        grown = len(after[table]) - len(before[table])
        assert grown == BOOKKEEPING.get(table, 0), (table, grown)
        if table not in BOOKKEEPING:
            assert after[table] == before[table], table


def test_prova_with_the_orders_of_the_datc_cases_gives_their_outcomes(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from arbitro.store import open_store

    store = open_store(f"sqlite:///{tmp_path / 'datc.sqlite3'}")
    game = "datc"
    # One movement phase with the rulebook's referee (the DATC's), no map needed here.
    config = make_config(game_table(game, defaults="standard"))
    referee = Referee(store, config)
    referee.tick(START)
    handler = MailHandler(referee)
    with store.begin() as uow:
        holders = {p: pl.address for p, pl in uow.assignments.current(game).items()}
    assert len(CASES) > 100
    seen = 0
    for i, case in enumerate(CASES):
        place(store, game, case)
        sender = sorted(case["orders"])[0]
        address = holders[sender]
        # minutes apart: a sender's mails per hour are limited
        send(handler, game, address, f"pw{address[1]}", trial_body(case, sender),
             now=NOW + timedelta(minutes=3 * i))
        reply = last_reply(store, address)
        assert reply.id > seen, case["id"]  # a new answer to this very mail
        seen = reply.id
        lang = "it" if int(address[1]) % 2 == 0 else "en"
        first = reply.body.splitlines()[0]
        assert first.startswith("PROVA:" if lang == "it" else "TEST:"), first
        check_outcomes(case, reply.body, lang)
    with store.begin() as uow:
        phase = uow.phases.current(game)
        assert phase is not None and phase.code == "S1901M"
        assert uow.orders.current(phase.id) == {}
    store.close()


@pytest.mark.parametrize("case_id", ["6.C.4", "6.F.2"])
def test_prova_changes_nothing_but_the_mail_bookkeeping(store: Store, case_id: str) -> None:
    game = f"prova{case_id[-1]}"
    handler, holders = setup_game(store, game, defaults="standard")
    case = next(c for c in CASES if c["id"] == case_id)
    place(store, game, case)
    # orders already on file stay as they are
    other = next(p for p in sorted(holders) if p not in case["orders"])
    send(handler, game, holders[other], f"pw{holders[other][1]}", "A XXX - YYY\nF ZZZ H")
    with store.begin() as uow:
        phase = uow.phases.current(game)
        assert phase is not None and other in uow.orders.current(phase.id)
    sender = sorted(case["orders"])[0]
    address = holders[sender]
    before = snapshot(store)
    send(handler, game, address, f"pw{address[1]}", trial_body(case, sender), subject="TEST")
    assert_only_bookkeeping(before, snapshot(store))
    reply = last_reply(store, address)
    assert reply.recipients == [address]
    with store.begin() as uow:
        (attachment,) = uow.session.scalars(
            select(OutboxAttachment).where(OutboxAttachment.message_id == reply.id))
    assert attachment.content_type == "image/png" and attachment.data.startswith(b"\x89PNG")


def test_preview_is_the_gms_alone(store: Store) -> None:
    game = "ante1"
    handler, holders = setup_game(store, game)
    player = next(a for a in holders.values() if int(a[1]) % 2 == 0)  # Italian
    before = snapshot(store)
    send(handler, game, player, f"pw{player[1]}", "", subject="ANTEPRIMA")
    reply = last_reply(store, player)
    assert "solo il GM" in reply.body, reply.body
    assert "NON PRONTE" not in reply.body
    after = snapshot(store)
    assert len(after["outbox_attachments"]) == len(before["outbox_attachments"])  # no map


def test_preview_adjudicates_the_orders_on_file_with_the_defaults_of_now(store: Store) -> None:
    game = "ante2"
    handler, holders = setup_game(store, game)
    given = {"FRANCE": "A PAR - BUR\nA MAR - SPA\nF BRE - MAO",
             "GERMANY": "A MUN - BUR\nA BER - KIE\nF KIE - DEN"}
    for power, orders in given.items():
        send(handler, game, holders[power], f"pw{holders[power][1]}", orders)
    # Italy orders one unit of three: orders on file, yet not ready (issue 16's rule).
    send(handler, game, holders["ITALY"], f"pw{holders['ITALY'][1]}", "A VEN H")
    before = snapshot(store)
    send(handler, game, GM, "gm-secret", "", subject="ANTEPRIMA")
    assert_only_bookkeeping(before, snapshot(store))
    reply = last_reply(store, GM)
    assert reply.body.startswith("ANTEPRIMA per il GM: niente è stato elaborato"), reply.body
    waiting = sorted(set(holders) - set(given))
    ready_line = next(line for line in reply.body.splitlines() if line.startswith("NAZIONI NON PRONTE"))
    for power in waiting:
        assert BOARD.powers[power].name_it in ready_line
    for power in given:
        assert BOARD.powers[power].name_it not in ready_line
    # the defaults of now: a first ONP gives the silent powers mutual supports (R-ONP-1)
    assert "primo ONP" in reply.body
    bounced = order_text(BOARD, read_order(BOARD, "FRANCE", "A PAR - BUR"), "it")  # type: ignore[arg-type]
    assert any(line.strip().startswith(bounced + "  [") for line in reply.body.splitlines()), reply.body
    # and it is what processing now gives
    with store.begin() as uow:
        phase = uow.phases.current(game)
        assert phase is not None
    send(handler, game, GM, "gm-secret", "", subject="ELABORA")
    with store.begin() as uow:
        results = [m for m in uow.session.scalars(select(OutboxMessage))
                   if m.recipients == [GM] and m.idempotency_key.startswith(f"results:{game}:")]
    (copy,) = results
    preview_orders = reply.body[reply.body.index("ORDINI"):reply.body.index("CENTRI")]
    assert preview_orders in copy.body
    with store.begin() as uow:
        assert uow.session.get(Phase, phase.id).status.value == "processed"


def test_prova_before_the_start_is_refused_on_its_first_line(store: Store) -> None:
    game = "presto"
    config = make_config(game_table(game, start=START + timedelta(days=2)))
    referee = Referee(store, config)
    referee.tick(START)  # created, still forming
    handler = MailHandler(referee)
    address = f"p0@{game}.example"  # Italian
    send(handler, game, address, "pw0", "PROVA\nA Par - Bor")
    reply = last_reply(store, address)
    assert reply.body.splitlines()[0].startswith("PROVA: questa è solo una simulazione")
    assert "Non posso fare la prova" in reply.body and "non è ancora cominciata" in reply.body, reply.body
